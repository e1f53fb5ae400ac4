"""The small pictures of the kit: the four colour symbols and the stat icons, as paths in a box."""

from __future__ import annotations

from ...draw import Circle, Line, Path, Rect
from ...draw.scene import Color, Item, PathOp

# Each shape in a unit box (0..1, y down): ("M"/"L", x, y) or ("C", x1, y1, x2, y2, x, y).
_UNIT: dict[str, tuple[tuple[str | float, ...], ...]] = {
    "flame": (
        (0.5, 0.0), ("C", 0.76, 0.28, 0.93, 0.5, 0.86, 0.74), ("C", 0.81, 0.92, 0.66, 1.0, 0.5, 1.0),
        ("C", 0.34, 1.0, 0.19, 0.92, 0.14, 0.74), ("C", 0.08, 0.5, 0.28, 0.36, 0.34, 0.18),
        ("C", 0.41, 0.3, 0.45, 0.37, 0.49, 0.45), ("C", 0.56, 0.3, 0.56, 0.15, 0.5, 0.0),
    ),
    "flame-core": (
        (0.5, 0.55), ("C", 0.63, 0.67, 0.69, 0.78, 0.63, 0.88), ("C", 0.58, 0.96, 0.42, 0.96, 0.37, 0.88),
        ("C", 0.32, 0.78, 0.39, 0.67, 0.5, 0.55),
    ),
    "wave": (
        (0.0, 0.78), ("C", 0.08, 0.52, 0.26, 0.3, 0.48, 0.26), ("C", 0.7, 0.22, 0.86, 0.36, 0.84, 0.52),
        ("C", 0.82, 0.66, 0.64, 0.68, 0.61, 0.56), ("C", 0.59, 0.47, 0.69, 0.44, 0.73, 0.5),
        ("C", 0.7, 0.38, 0.55, 0.36, 0.47, 0.46), ("C", 0.37, 0.6, 0.46, 0.8, 0.66, 0.82),
        ("C", 0.81, 0.84, 0.92, 0.76, 1.0, 0.66), ("L", 1.0, 1.0), ("L", 0.0, 1.0),
    ),
    "leaf": (
        (0.5, 0.0), ("C", 0.92, 0.22, 0.96, 0.66, 0.5, 0.92), ("C", 0.04, 0.66, 0.08, 0.22, 0.5, 0.0),
    ),
    "feather": (
        (0.8, 0.0), ("C", 1.0, 0.22, 0.9, 0.6, 0.46, 0.82), ("L", 0.28, 0.9),
        ("C", 0.22, 0.58, 0.36, 0.2, 0.8, 0.0),
    ),
    "heart": (
        (0.5, 0.95), ("C", 0.1, 0.66, 0.0, 0.42, 0.11, 0.22), ("C", 0.24, 0.0, 0.45, 0.04, 0.5, 0.26),
        ("C", 0.55, 0.04, 0.76, 0.0, 0.89, 0.22), ("C", 1.0, 0.42, 0.9, 0.66, 0.5, 0.95),
    ),
    "crystal": ((0.5, 0.0), ("L", 0.86, 0.36), ("L", 0.5, 1.0), ("L", 0.14, 0.36)),
    "blade": ((0.5, 0.0), ("L", 0.64, 0.14), ("L", 0.64, 0.64), ("L", 0.36, 0.64), ("L", 0.36, 0.14)),
    # the keyword icons of the card's picture panel
    "eye": ((0.0, 0.5), ("C", 0.24, 0.14, 0.76, 0.14, 1.0, 0.5), ("C", 0.76, 0.86, 0.24, 0.86, 0.0, 0.5)),
    "moon": (
        (0.62, 0.04), ("C", 0.28, 0.08, 0.06, 0.28, 0.06, 0.52), ("C", 0.06, 0.76, 0.28, 0.96, 0.62, 0.98),
        ("C", 0.4, 0.84, 0.3, 0.68, 0.3, 0.51), ("C", 0.3, 0.34, 0.4, 0.18, 0.62, 0.04),
    ),
    "star": ((0.5, 0.0), ("L", 0.6, 0.4), ("L", 1.0, 0.5), ("L", 0.6, 0.6), ("L", 0.5, 1.0), ("L", 0.4, 0.6),
             ("L", 0.0, 0.5), ("L", 0.4, 0.4)),
    "shield": ((0.5, 0.0), ("L", 0.92, 0.15), ("C", 0.92, 0.56, 0.78, 0.82, 0.5, 1.0),
               ("C", 0.22, 0.82, 0.08, 0.56, 0.08, 0.15)),
    "arrowhead": ((1.0, 0.0), ("L", 0.9, 0.42), ("L", 0.58, 0.1)),
    "fletch-a": ((0.1, 0.62), ("L", 0.34, 0.66), ("L", 0.2, 0.8), ("L", 0.0, 0.78)),
    "fletch-b": ((0.38, 0.9), ("L", 0.34, 0.66), ("L", 0.2, 0.8), ("L", 0.22, 1.0)),
}


def _path(name: str, x: float, y: float, size: float, fill: Color, stroke: Color = None,
          stroke_mm: float = 0.3) -> Path:
    ops: list[PathOp] = []
    for k, part in enumerate(_UNIT[name]):
        verb = "M" if k == 0 else part[0]
        c = [float(v) for v in (part if k == 0 else part[1:])]
        if verb == "C":
            ops.append(("C", x + c[0] * size, y + c[1] * size, x + c[2] * size, y + c[3] * size,
                        x + c[4] * size, y + c[5] * size))
        else:
            ops.append(("M" if verb == "M" else "L", x + c[0] * size, y + c[1] * size))
    ops.append(("Z",))
    return Path(tuple(ops), fill=fill, stroke=stroke, stroke_mm=stroke_mm)


def symbol(kind: str, x: float, y: float, size: float, fill: Color, detail: Color = "#ffffff") -> tuple[Item, ...]:
    """A colour's symbol (flame, wave, leaf, feather) in the square box at (x, y)."""
    if kind == "flame":
        return (_path("flame", x, y, size, fill), _path("flame-core", x, y, size, detail))
    if kind == "wave":
        return (_path("wave", x, y, size, fill),)
    if kind == "leaf":
        return (_path("leaf", x, y, size, fill),
                Line(x + 0.5 * size, y + 0.12 * size, x + 0.5 * size, y + size, stroke=detail,
                     stroke_mm=max(0.2, size * 0.045)),
                Line(x + 0.5 * size, y + 0.5 * size, x + 0.7 * size, y + 0.34 * size, stroke=detail,
                     stroke_mm=max(0.15, size * 0.03)),
                Line(x + 0.5 * size, y + 0.66 * size, x + 0.3 * size, y + 0.5 * size, stroke=detail,
                     stroke_mm=max(0.15, size * 0.03)))
    if kind == "feather":
        return (_path("feather", x, y, size, fill),
                Line(x + 0.76 * size, y + 0.06 * size, x + 0.12 * size, y + size, stroke=detail,
                     stroke_mm=max(0.2, size * 0.04)))
    raise KeyError(kind)


def sword(x: float, y: float, size: float, fill: Color) -> tuple[Item, ...]:
    """The attack icon: a sword, point up."""
    return (_path("blade", x, y, size, fill),
            Rect(x + 0.18 * size, y + 0.62 * size, 0.64 * size, 0.11 * size, fill=fill),
            Rect(x + 0.43 * size, y + 0.7 * size, 0.14 * size, 0.2 * size, fill=fill),
            Circle(x + 0.5 * size, y + 0.93 * size, 0.08 * size, fill=fill))


def heart(x: float, y: float, size: float, fill: Color) -> tuple[Item, ...]:
    """The life icon."""
    return (_path("heart", x, y, size, fill),)


def crystal(x: float, y: float, size: float, fill: Color, stroke: Color = None) -> tuple[Item, ...]:
    """The mana icon: a crystal."""
    return (_path("crystal", x, y, size, fill, stroke, 0.3),)


# ---------------------------------------------------------------- keyword icons (picture panel)

def keyword_icon(kind: str, x: float, y: float, size: float, ink: Color, paper: Color = "#ffffff") -> tuple[Item, ...]:
    """The icon of a card keyword in the square box at (x, y): deployed (an eye: it acts when it is
    seen), activated (the mana crystal), end-of-round (the moon), armour (a shield), ranged (an arrow)."""
    if kind == "deployed":
        return (_path("eye", x, y, size, ink), Circle(x + 0.5 * size, y + 0.5 * size, 0.2 * size, fill=paper),
                Circle(x + 0.5 * size, y + 0.5 * size, 0.1 * size, fill=ink))
    if kind == "activated":
        return (_path("crystal", x + 0.12 * size, y, 0.76 * size, ink),
                Line(x + 0.5 * size, y + 0.06 * size, x + 0.5 * size, y + 0.72 * size, stroke=paper,
                     stroke_mm=max(0.15, size * 0.03)))
    if kind == "end-of-round":
        return (_path("moon", x, y, size, ink), _path("star", x + 0.62 * size, y + 0.3 * size, 0.3 * size, ink))
    if kind == "armour":
        return (_path("shield", x + 0.06 * size, y, 0.88 * size, ink),)
    if kind == "ranged":
        return (Line(x + 0.1 * size, y + 0.9 * size, x + 0.9 * size, y + 0.1 * size, stroke=ink,
                     stroke_mm=max(0.25, size * 0.07)),
                _path("arrowhead", x, y, size, ink), _path("fletch-a", x, y, size, ink),
                _path("fletch-b", x, y, size, ink))
    raise KeyError(kind)
