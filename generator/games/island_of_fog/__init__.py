"""Battle on the Island of Fog: a 5x5 board of face-down field tiles around a lighthouse."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...content import ContentSet, Problem, Strict
from ...core.game import Game, Lazy
from . import schema as s
from .box import components
from .checks import check as _check
from .model import GAME_ID, IslandOfFog

if TYPE_CHECKING:
    import click

FILES: dict[str, type[Strict]] = {
    "game": s.GameFile, "board": s.BoardFile, "spaces": s.SpacesFile, "tiles": s.TilesFile,
    "units": s.UnitsFile, "combat": s.CombatFile, "tokens": s.TokensFile,
    "fairness": s.FairnessFile, "decisions": s.DecisionsFile,
}

def make_model(parts: dict[str, Any], content: ContentSet) -> IslandOfFog | None:
    """The validated content files, by stem, and the palette and layouts (layouts/) are the model's
    parts; None when a layout is missing or broken."""
    from ...layout import load_game_layouts

    looks = load_game_layouts(content.folder, s.LAYOUTS, s.Look.names(), content.problems)
    if looks is None:
        return None
    palette, layouts = looks
    return IslandOfFog(**parts, look=s.Look.of(palette.colours), layouts=layouts)


def check(model: IslandOfFog, content: ContentSet) -> list[Problem]:
    """The rules, then every unit token and card drawn once through its layout, so that a layout
    problem with any of them (a unit's name too long for the turn summary) is reported at validate."""
    from . import draw_cards, draw_tokens

    return _check(model, content) or draw_tokens.problems(model, content) + draw_cards.problems(model, content)


def _commands() -> dict[str, list[click.Command]]:
    from .cli import balance_group, map_command, odds_command, simulate_command

    return {"map": [map_command], "odds": [odds_command], "simulate": [simulate_command],
            "balance": [balance_group]}


def _documents() -> dict[str, type[Strict]]:
    from .mapfile import MapFile

    return {"map": MapFile}


GAME = Game(id=GAME_ID, title="Battle on the Island of Fog", files=FILES, model=make_model, check=check,
            components=components, kit=Lazy(f"{__name__}.build", "kit"), commands=_commands,
            documents=_documents,
            # the rules a player follows; combat.simple_threshold is the odds' assumption of a re-roll
            # policy the book names only when that policy is chosen
            settings=("game.turn", "game.countdown_turns", "game.scoring", "combat.dice", "combat.die_sides",
                      "combat.attack_bonus", "combat.defence", "combat.reroll_policy"))
