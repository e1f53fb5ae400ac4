"""The games with rules of their own, discovered through the `playkit.games` entry point group.

A package adds a game by declaring, in its pyproject.toml,
`[project.entry-points."playkit.games"] my-game = "my_package.my_game:GAME"`; playkit's own four
are declared the same way. Nothing is imported until a game is asked for.
"""

from __future__ import annotations

import importlib
import importlib.util
import tomllib
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from ..game import Game

GROUP = "playkit.games"
_PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


@cache
def declared() -> dict[str, str]:
    """Game id → 'module:attribute', from every installed distribution's entry points.

    In a source checkout the checkout's own pyproject.toml is read too (and wins), so the games of
    the code being run are found even when the installed metadata was made from another version.
    """
    found = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    found.update(_checkout_games())
    return dict(sorted(found.items()))


def _checkout_games() -> dict[str, str]:
    try:
        project = tomllib.loads(_PYPROJECT.read_text())["project"]
    except (OSError, tomllib.TOMLDecodeError, KeyError):
        return {}
    games = project.get("entry-points", {}).get(GROUP, {})
    return {str(k): str(v) for k, v in games.items()} if project.get("name") == "playkit" else {}


def available() -> list[str]:
    """Ids of the declared games whose module is present and defines a Game."""
    out = []
    for gid in declared():
        try:
            get(gid)
        except LookupError:
            continue
        out.append(gid)
    return out


@cache
def get(game_id: str) -> Game:
    """The Game of that id (LookupError for an unknown id or a module that defines none)."""
    target = declared().get(game_id)
    if target is None:
        raise LookupError(f"no game {game_id!r} is declared in the {GROUP!r} entry points")
    module_name, _, attr = target.partition(":")
    if importlib.util.find_spec(module_name.split(".")[0]) is None or _missing(module_name):
        raise LookupError(f"the module {module_name!r} of game {game_id!r} is not installed")
    game = getattr(importlib.import_module(module_name), attr or "GAME", None)
    if not isinstance(game, Game) or game.id != game_id:
        raise LookupError(f"{target!r} is not the Game {game_id!r}")
    return game


def _missing(module_name: str) -> bool:
    try:
        return importlib.util.find_spec(module_name) is None
    except ModuleNotFoundError:
        return True
