"""Battle on the Island of Fog: a 5x5 board of face-down field tiles around a lighthouse."""

from __future__ import annotations

from collections.abc import Iterator

from ...content import ContentSet, Problem, Strict
from ...game import Artifact, BuildOptions, Game
from . import schema as s
from .checks import check as _check
from .model import IslandOfFog

GAME_ID = "island-of-fog"

FILES: dict[str, type[Strict]] = {
    "game": s.GameFile, "board": s.BoardFile, "spaces": s.SpacesFile, "tiles": s.TilesFile,
    "units": s.UnitsFile, "combat": s.CombatFile, "tokens": s.TokensFile,
    "fairness": s.FairnessFile, "decisions": s.DecisionsFile, "look": s.LookFile,
}


def load(content: ContentSet) -> IslandOfFog | None:
    """Every content file as its typed model; None (problems in content.problems) if any fails."""
    parts = {stem: content.parse(stem, model) for stem, model in FILES.items()}
    if any(p is None for p in parts.values()):
        return None
    return IslandOfFog(**parts)  # type: ignore[arg-type]


def check(model: IslandOfFog, content: ContentSet) -> list[Problem]:
    return _check(model, content)


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


def build(model: IslandOfFog, content: ContentSet, options: BuildOptions) -> Iterator[Artifact]:
    from .kit import build_kit

    yield from build_kit(model, content, options, components(model))


def _commands() -> dict[str, list]:  # type: ignore[type-arg]
    from .cli import map_command, odds_command

    return {"map": [map_command], "odds": [odds_command]}


GAME = Game(id=GAME_ID, title="Battle on the Island of Fog", load=load, check=check,
            components=components, build=build, commands=_commands())
