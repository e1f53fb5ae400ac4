"""The small interface every game plugs into; the core knows no game beyond it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # every process imports this module: it names, and imports none of, these
    import click
    from pydantic import BaseModel

    from ..content import ContentSet, Problem
    from .kitspec import KitFile, Spaces


@dataclass(frozen=True)
class Artifact:
    """One output file, made in memory: its path under OUT/GAME/, its bytes, what it came from."""

    path: str
    data: bytes
    sources: tuple[str, ...] = ()
    key: str = ""   # a hash of everything the bytes are made from: the next build reuses them when it matches


@dataclass(frozen=True)
class BuildOptions:
    """What the user chose for a build (paper, bleed, marks, duplex)."""

    paper: str = "a4"
    bleed_mm: float = 3.0
    crop_marks: bool = True
    duplex: str = "long"


@dataclass(frozen=True)
class Lazy:
    """The function `name` of `module`, imported when first called (a game's kit maker: a process that
    only validates never imports the drawers)."""

    module: str
    name: str

    def __call__(self, *args: Any) -> Any:
        from importlib import import_module

        return getattr(import_module(self.module), self.name)(*args)


@dataclass(frozen=True)
class Game:
    """A game as the core sees it.

    files:       the content files it reads, by stem, each with its typed model: the core loads
                 and validates them (problems at FILE:LINE:COL) before the game sees any.
    model:       the validated files (by stem) made into the game's model; problems that need
                 several files go to content.problems (return None when the model cannot be made).
    check:       the game's rules over a loaded model; every problem, none raised.
    components:  the component names with their quantities (for `playkit games`).
    kit:         what the kit is (files of sections, sheets, boards, a rulebook); the core imposes,
                 renders and writes it (generator/press/assemble.py).
    commands:    a function giving its extra click commands by verb: {"map": [cmd]} makes
                 `playkit map GAME …`, {"": [cmd]} adds `cmd` at the top level. Called only when the
                 CLI needs commands beyond its own, so `playkit validate` never imports a game's
                 command modules.
    documents:   a function giving the files a player or designer writes for the game's commands
                 (a deck, a board, a map), by kind, each with its typed model: `playkit schema` gives
                 editors their shape (called by that command only, as `commands` is).
    settings:    where the model keeps its rule settings (attribute paths, "rules" or "game.turn"):
                 every number, yes-or-no and choice under them is a rule the players' rulebook states
                 from the model (generator/kitchecks/settings.py changes each and reads the book again).
    """

    id: str
    title: str
    files: Mapping[str, type[BaseModel]]
    model: Callable[[dict[str, Any], ContentSet], Any]
    check: Callable[[Any, ContentSet], list[Problem]]
    components: Callable[[Any], dict[str, int]]
    kit: Callable[[Any, ContentSet, BuildOptions], Kit]
    commands: Callable[[], Mapping[str, list[click.Command]]] = dict
    documents: Callable[[], Mapping[str, type[BaseModel]]] = dict
    settings: tuple[str, ...] = ()

    def load(self, content: ContentSet) -> Any:
        """Validate every declared file, then make the model (None, with problems, if anything failed)."""
        parts = {stem: content.parse(stem, model) for stem, model in self.files.items()}
        if any(part is None for part in parts.values()):
            return None
        return self.model(parts, content)


@dataclass(frozen=True)
class Kit:
    """A game's kit: the title its pages carry, its files in order (may be produced lazily), and where
    its pieces go (which piece into which space of which face: generator/kitchecks/fit.py)."""

    title: str
    files: Iterable[KitFile]
    spaces: Iterable[Spaces] = ()
