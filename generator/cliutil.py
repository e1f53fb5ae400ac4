"""What game commands share with the core CLI: loading a game or exiting with its problems."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from . import kit, paths
from .content import ContentError, Problem


def fail_on_problems(problems: list[Problem], *, wrote_nothing: bool = True) -> NoReturn:
    """Print every content problem as FILE:LINE:COL: error: …, one a line, and exit 1."""
    for p in sorted(set(problems)):
        click.echo(str(p), err=True)
    n = len(set(problems))
    tail = "; nothing was written." if wrote_nothing else "."
    click.echo(f"{n} problem{'s' if n != 1 else ''} found{tail}", err=True)
    sys.exit(1)


def content_root(ctx: click.Context) -> Path:
    """The --content folder of the running `playkit` (the shipped games by default)."""
    obj = ctx.find_object(object)
    root = getattr(obj, "content", None)
    return root if isinstance(root, Path) else paths.CONTENT


def out_root(ctx: click.Context) -> Path:
    """The --out folder of the running `playkit` (output/ by default)."""
    obj = ctx.find_object(object)
    out = getattr(obj, "out", None)
    return out if isinstance(out, Path) else Path("output")


def load_or_exit(ctx: click.Context, game_id: str) -> kit.Loaded:
    """Load and check a game for a game command, or print its problems and exit 1."""
    try:
        return kit.load(game_id, content_root(ctx))
    except ContentError as err:
        fail_on_problems(err.problems)
