""""Did you mean": the known name closest to one that is not known, for every message about a key,
a column or a name that was misspelled (`Name` for `name`, `colors` for `colours`)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

CUTOFF = 0.75
"""How alike two names must be (difflib's ratio) to be offered: `colors`/`colours` is 0.92, `cost`/`copies`
0.6 (no hint)."""


def closest(name: object, known: Iterable[str]) -> str | None:
    """The known name `name` most likely meant: the same but for case, spaces and hyphens first, else
    the nearest by difflib; None when nothing is close."""
    if not isinstance(name, str):
        return None
    options = [k for k in dict.fromkeys(known) if k != name]
    folded = _fold(name)
    for k in options:
        if _fold(k) == folded:
            return k
    near = difflib.get_close_matches(name.lower(), [k.lower() for k in options], n=1, cutoff=CUTOFF)
    if not near:
        return None
    return next(k for k in options if k.lower() == near[0])


def did_you_mean(name: object, known: Iterable[str]) -> str:
    """'; did you mean `colours`?' for a name close to a known one, else ''."""
    near = closest(name, known)
    return f"; did you mean {near!r}?" if near is not None else ""


def _fold(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")
