"""Lengths in a layout: mm, cm, in, pt (converted by the content's one converter) or % of the face."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..content.lengths import to_mm

# name → (width, height) in mm
PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (56.0, 88.0),
    "mini-euro": (44.0, 68.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}

_PERCENT = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*%\s*$")
PERCENT_PATTERN = _PERCENT.pattern


@dataclass(frozen=True)
class Length:
    """A length as written: millimetres, or a percentage of the whole it is measured against."""

    value: float
    percent: bool = False

    def mm(self, whole: float, scale: float = 1.0) -> float:
        """In mm on a face `whole` mm across; a length in mm stretches by `scale` (a layout drawn on a
        face of another size than it was written for), a percentage follows the face by itself."""
        return self.value * whole / 100 if self.percent else self.value * scale


def length(value: object, *, percent: bool = True) -> Length:
    """'12mm', '1.2cm', '0.5in', '9pt', a bare number of mm, or (where allowed) '50%'."""
    if isinstance(value, str):
        m = _PERCENT.match(value)
        if m:
            if not percent:
                raise ValueError(f"a length such as '0.5mm' (a percentage means nothing here), not {value!r}")
            return Length(float(m.group(1)), True)
    try:
        return Length(to_mm(value))
    except ValueError:
        raise ValueError(f"a length such as '12mm', '1.2cm', '0.5in' or '50%', not {value!r}") from None
