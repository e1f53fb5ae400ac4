"""The small interface every game plugs into; the core knows no game beyond it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import click

from .content import ContentSet, Problem


@dataclass(frozen=True)
class Artifact:
    """One output file, made in memory: its path under OUT/GAME/, its bytes, what it came from."""

    path: str
    data: bytes
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class BuildOptions:
    """What the user chose for a build (paper, bleed, marks, duplex)."""

    paper: str = "a4"
    bleed_mm: float = 3.0
    crop_marks: bool = True
    duplex: str = "long"


@dataclass(frozen=True)
class Game:
    """A game as the core sees it.

    load:        read the content set into the game's typed model; problems go to content.problems
                 (return None when the model cannot be made).
    check:       the game's rules over a loaded model; every problem, none raised.
    components:  the component names with their quantities (for `playkit games`).
    build:       the kit's files, one Artifact at a time (so the CLI can show progress).
    commands:    extra click commands by verb: {"map": cmd} makes `playkit map GAME …`,
                 {"": cmd} adds `cmd` at the top level.
    """

    id: str
    title: str
    load: Callable[[ContentSet], Any]
    check: Callable[[Any, ContentSet], list[Problem]]
    components: Callable[[Any], dict[str, int]]
    build: Callable[[Any, ContentSet, BuildOptions], Iterator[Artifact]]
    commands: dict[str, list[click.Command]] = field(default_factory=dict)
