"""What is in the box: each component of the kit with its count, from the content."""

from __future__ import annotations

from .model import IslandOfFog


def components(model: IslandOfFog) -> dict[str, int]:
    """What is in the box, by component, with its count."""
    colours = len(model.game.colours)
    out = {"game board": 1, "lighthouse tile": 1, "starting tiles": colours,
           "field tiles": model.field_tile_count}
    for unit in model.units.units:
        out[f"{unit.name.lower()} tokens"] = unit.per_colour * colours
    out["building tokens (city/factory)"] = model.tokens.buildings.per_colour * colours
    out["base tokens"] = model.tokens.bases.per_colour * colours
    out["lighthouse pieces"] = model.tokens.lighthouse_pieces.per_colour * colours
    for coin in model.tokens.coins:
        out[f"coins of {coin.value}"] = coin.count
    out[f"dice (d{model.combat.die_sides})"] = model.dice_in_box
    out["combat reference card"] = 1
    out["turn summary cards"] = colours
    out["rulebook"] = 1
    return out
