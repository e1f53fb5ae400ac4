"""numba for Skybound Battle's greedy kernel: whether it is there, and its decorators, typed.

numba is a dependency; where it cannot be imported, AVAILABLE is False and the rules engine plays
every game (the same games, slower). Only Python runs here: numba's on-disk cache is keyed on the
file of each compiled function, so nothing compiled may live in a module other than its callers'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

try:
    import numba

    AVAILABLE = True
except ImportError:  # pragma: no cover - exercised only where numba is not installed
    AVAILABLE = False

F = TypeVar("F", bound=Callable[..., Any])


def jit(f: F) -> F:
    """numba's njit with an on-disk cache (numba's decorators are untyped: this one keeps the type)."""
    return cast(F, numba.njit(cache=True, nogil=True)(f))


def inline(f: F) -> F:
    """`jit`, inlined into its callers by numba (a call between compiled functions costs more than
    the work of a small one)."""
    return cast(F, numba.njit(cache=True, nogil=True, inline="always")(f))
