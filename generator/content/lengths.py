"""Lengths as content and the command line give them ('63mm', '2.5cm', '0.125in', '9pt', or a bare
number of mm): the one place units are converted. Pure: the command line converts `--bleed 3mm`
without importing pydantic or the layouts."""

from __future__ import annotations

import math
import re
from typing import Any

MAX_LENGTH_MM = 300.0
"""The longest `Mm` (a part that prints on one sheet: A4 is 297 mm long); a `LongMm` goes to
MAX_LONG_MM (a table, a board laid out over several sheets)."""
MAX_LONG_MM = 5000.0
UNITS_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
_NUMBER = r"\d+(?:\.\d+)?"
_UNIT = "|".join(UNITS_MM)
_LENGTH = re.compile(rf"^\s*(-?{_NUMBER})\s*({_UNIT})\s*$")
LENGTH_PATTERN = rf"^\s*{_NUMBER}\s*({_UNIT})\s*$"
"""A length as an editor's schema matches it: `_LENGTH` without the minus sign no length may have."""


def to_mm(value: Any, most: float = MAX_LENGTH_MM) -> float:
    """The one place units are converted: '63mm', '2.5cm', '0.125in', '9pt' (or a bare number of mm),
    from 0 to `most` mm."""
    if isinstance(value, bool):
        raise ValueError("a length, not a boolean")
    mm: float | None = None
    if isinstance(value, (int, float)):
        mm = float(value)
    elif isinstance(value, str):
        m = _LENGTH.match(value)
        if m:
            mm = float(m.group(1)) * UNITS_MM[m.group(2)]
    if mm is None:
        raise ValueError(f"a length such as '63mm', '2.5cm' or '0.125in', not {value!r}")
    if not (math.isfinite(mm) and 0 <= mm <= most):
        raise ValueError(f"a length from 0 to {most:g} mm, not {value!r}")
    return mm
