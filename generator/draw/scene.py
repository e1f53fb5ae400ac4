"""A neutral drawing of one face, in millimetres, origin top-left, y down.

Drawers build scenes; the PDF and SVG backends render them. Nothing here knows a file format.
Colours are '#rrggbb' strings (or None for no paint).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

Color = str | None
Anchor = Literal["start", "middle", "end"]
FontStyle = Literal["regular", "bold", "italic", "bolditalic"]
Shape = Literal["rect", "circle"]
SHAPES: tuple[Shape, ...] = ("rect", "circle")


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: Color = None
    stroke: Color = None
    stroke_mm: float = 0.3
    radius: float = 0.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: Color = None
    stroke: Color = None
    stroke_mm: float = 0.3
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Color = "#000000"
    stroke_mm: float = 0.3
    dash: tuple[float, ...] = ()


PathOp = (
    tuple[Literal["M", "L"], float, float]
    | tuple[Literal["C"], float, float, float, float, float, float]
    | tuple[Literal["Z"]]
)


@dataclass(frozen=True)
class Path:
    """Straight and cubic segments: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    ops: tuple[PathOp, ...]
    fill: Color = None
    stroke: Color = None
    stroke_mm: float = 0.3
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Text:
    """One line of text; (x, y) is the baseline point at the anchor."""

    x: float
    y: float
    text: str
    size_pt: float
    color: Color = "#000000"
    style: FontStyle = "regular"
    anchor: Anchor = "start"
    font: str = ""   # a font file a layout names, by its key (fonts.add_file); "" = the built-in family's `style`


@dataclass(frozen=True, eq=False, repr=False)
class Picture:
    """A PNG or JPEG as read once from a game's folder (content/opener.py): its bytes, the hash that
    names it (equal pictures are equal whatever their path) and its size in pixels. Drawn from these
    bytes: the file is never opened again."""

    data: bytes
    digest: str
    px: tuple[int, int]
    kind: Literal["png", "jpeg"] = "png"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Picture) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __repr__(self) -> str:   # a scene's repr keys its drawing: the hash, not megabytes of bytes
        return f"Picture({self.digest})"


@dataclass(frozen=True)
class Image:
    """A picture stretched over the box (x, y, w, h)."""

    x: float
    y: float
    w: float
    h: float
    picture: Picture


@dataclass(frozen=True)
class Group:
    """Items moved by (dx, dy), then turned `rotate` degrees clockwise about that point."""

    items: tuple[Item, ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0


@dataclass(frozen=True)
class Clipped(Group):
    """A group cut to the box `clip` (x, y, w, h in the group's own units, once moved and turned): a
    picture that covers its box. A Group to everything that walks a scene."""

    clip: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


Item = Rect | Circle | Line | Path | Text | Image | Group

BLEED_ART = 5.0
"""mm that art drawn to the edge reaches past the trim: the press clips it to the bleed chosen for the
build, and the scene's background fills whatever bleed lies beyond."""


@dataclass(frozen=True)
class Scene:
    """A face of w × h mm. `background` is painted out into the bleed. `play_area` (x, y, w, h in
    mm), where a face has one, is where pieces lie at the table: marks the press adds to lay a
    board's pages together stay out of it."""

    w: float
    h: float
    items: tuple[Item, ...] = field(default_factory=tuple)
    background: Color = None
    title: str = ""
    play_area: tuple[float, float, float, float] | None = None
    shape: Shape = field(default="rect", repr=False)
    """The piece's outline as it is cut: a round token is a circle (its layout's `shape`), which an export
    may say (a Tabletop Simulator tile of Type 2); never guessed from the drawing. Not in its repr, which
    the press hashes as what a page prints (its footer's digest): the outline prints nothing."""


def polygon(points: list[tuple[float, float]], **style: object) -> Path:
    """A closed path through the points."""
    ops: list[PathOp] = [("M", *points[0])]
    ops += [("L", x, y) for x, y in points[1:]]
    ops.append(("Z",))
    return Path(tuple(ops), **style)  # type: ignore[arg-type]


def mix(a: str, b: str, t: float) -> str:
    """The colour a part `t` of the way from `a` to `b` ('#rrggbb' both), each channel rounded."""
    ca, cb = ([int(c[i:i + 2], 16) for i in (1, 3, 5)] for c in (a, b))
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


def leaves(items: Iterable[Item]) -> Iterator[Item]:
    """Every item but groups, in drawing order, the items of each group in its place."""
    for it in items:
        if isinstance(it, Group):
            yield from leaves(it.items)
        else:
            yield it


def files_drawn(scenes: Iterable[Scene]) -> set[str]:
    """What the scenes draw from besides themselves, by content: each picture's hash and each font
    file's key (draw/fonts.py: itself a hash of the font's bytes)."""
    out: set[str] = set()
    for scene in scenes:
        for it in leaves(scene.items):
            if isinstance(it, Image):
                out.add("picture:" + it.picture.digest)
            elif isinstance(it, Text) and it.font:
                out.add(it.font)
    return out


def texts(scene: Scene) -> list[str]:
    """Every string a scene shows (for glyph checks and tests)."""
    return [it.text for it in leaves(scene.items) if isinstance(it, Text)]
