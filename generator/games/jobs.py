"""How a game's pure jobs are run: its caller (a command, or the build layer) gives a mapper, a pool's
`map` (generator/build/pool.py); without one they run here, in order. The games import this, never the pool."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")

Mapper = Callable[[Callable[[Any], Any], Sequence[Any]], list[Any]]
"""`map_jobs(fn, jobs)`: `[fn(job) for job in jobs]`, in job order, wherever it runs them."""


def serial(fn: Callable[[J], R], jobs: Sequence[J]) -> list[R]:
    """Every job in this process, in order."""
    return [fn(job) for job in jobs]
