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

from ..core.game import Game

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


def installed(game_id: str) -> bool:
    """Whether `game_id` is declared and its module is there, found without importing it (so that no
    process imports a game it does not check or build). A module that is there but fails to import,
    or defines no Game, is found here and reported by `get` when the game is loaded."""
    target = declared().get(game_id)
    if target is None:
        return False
    module_name = target.partition(":")[0]
    try:
        return importlib.util.find_spec(module_name) is not None
    except ModuleNotFoundError:   # a package above the module is missing
        return False
    except Exception:   # a package above it is there but fails to import: `get` says how
        return True


def available() -> list[str]:
    """Ids of the declared games whose module is there (none of them imported)."""
    return [gid for gid in declared() if installed(gid)]


class BrokenGame(LookupError):
    """A declared game whose module is there but fails to import or defines no Game: the message says
    which game, which module and what went wrong, in one line."""


@cache
def get(game_id: str) -> Game:
    """The Game of that id: LookupError for an unknown id or a module that is not installed,
    BrokenGame (a LookupError) for a module that fails to import or defines no Game."""
    target = declared().get(game_id)
    if target is None:
        raise LookupError(f"no game {game_id!r} is declared in the {GROUP!r} entry points")
    module_name, _, attr = target.partition(":")
    if not installed(game_id):
        raise LookupError(f"the module {module_name!r} of game {game_id!r} is not installed")
    try:
        module = importlib.import_module(module_name)
    except Exception as err:   # a plugin's own code: whatever it raises is reported, not a traceback
        what = " ".join(f"{type(err).__name__}: {err}".split())
        raise BrokenGame(f"the code of game {game_id!r} (module {module_name}) fails to import: {what}") from err
    game = getattr(module, attr or "GAME", None)
    if not isinstance(game, Game) or game.id != game_id:
        raise BrokenGame(f"the code of game {game_id!r}: {target!r} is not the Game {game_id!r}")
    return game
