"""The games playkit knows: one module each, found by name, none imported until needed."""

from __future__ import annotations

import importlib
import importlib.util

from ..game import Game

# game id → module under generator.games; a fifth game is one line here and one folder of content.
MODULES = {
    "islands-and-bridges": "islands_and_bridges",
    "skylands": "skylands",
    "skybound-battle": "skybound_battle",
    "island-of-fog": "island_of_fog",
}


def available() -> list[str]:
    """Ids of the games whose module is present and defines GAME."""
    out = []
    for gid, mod in MODULES.items():
        if importlib.util.find_spec(f"{__name__}.{mod}") is None:
            continue
        if isinstance(getattr(importlib.import_module(f"{__name__}.{mod}"), "GAME", None), Game):
            out.append(gid)
    return out


def get(game_id: str) -> Game:
    """The Game of that id (LookupError for an unknown id)."""
    module = importlib.import_module(f"{__name__}.{MODULES[game_id]}")
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise LookupError(f"game module {MODULES[game_id]!r} defines no GAME")
    return game
