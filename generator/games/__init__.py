"""The games playkit knows: one module each, found by name, none imported until needed."""

from __future__ import annotations

import importlib

from ..game import Game

# game id → module under generator.games; a fifth game is one line here and one folder of content.
MODULES = {
    "islands-and-bridges": "islands_and_bridges",
    "skylands": "skylands",
    "skybound-battle": "skybound_battle",
    "island-of-fog": "island_of_fog",
}


def available() -> list[str]:
    """Ids of the games whose module is present."""
    out = []
    for gid, mod in MODULES.items():
        if importlib.util.find_spec(f"{__name__}.{mod}") is not None:
            out.append(gid)
    return out


def get(game_id: str) -> Game:
    """The Game of that id (KeyError for an unknown id)."""
    module = importlib.import_module(f"{__name__}.{MODULES[game_id]}")
    game: Game = module.GAME
    return game
