"""What is in the box: each component of the kit with its count, from the content."""

from __future__ import annotations

from .model import Skylands


def components(model: Skylands) -> dict[str, int]:
    """Component names with their quantities, as the seed lists them."""
    f = model.files
    colours = len(f.game.player_colours)
    out = {}
    for shape in f.tiles.shapes:
        n = sum(1 for t in model.island_tiles if t.face.shape == shape.id)
        if n:
            out[f"island tiles: {shape.name.lower()}"] = n
    out["special islands"] = len(model.specials)
    out["action boards"] = len(f.boards.actions)
    out["supply board"] = 1
    out["inhabitants"] = sum(c.count for c in f.game.inhabitants.colours)
    out["player boards (double-sided)"] = len(f.boards.player_boards)
    out["starting islands (double-sided)"] = len(f.boards.starting_islands)
    out["player tokens"] = colours * f.tokens.player_tokens.per_colour
    out["player markers"] = colours * f.tokens.player_markers.per_colour
    out["victory point markers"] = sum(d.count for d in f.tokens.vp_markers.denominations)
    out["scoring pad"] = 1
    out["rulebook"] = 1
    return out
