"""Every face of a kit as it prints: each scene with where it is (file, what it is) and the scale it is
printed at (1 on a sheet of the kit; smaller in a rulebook figure), and every text of a scene placed on
the face (groups' moves and turns applied)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..core.kitspec import Board, KitFile, PrintFile, Rulebook, Section, Sheet
from ..draw.scene import Circle, Group, Item, Path, Rect, Scene, Text
from ..press import figures as fig
from ..press.rulebook import figures_named, text_width


@dataclass(frozen=True)
class PrintedFace:
    """A scene of the kit, where a reader finds it, and the scale it prints at."""

    where: str       # "cards.pdf: Wind Scout", "rulebook.pdf: figure 3 (setup)"
    scene: Scene
    scale: float = 1.0


def printed_faces(files: Iterable[KitFile], paper: str = "a4") -> Iterator[PrintedFace]:
    """Every face of the kit's print files (fronts and backs, sheets, boards, SVG-only faces) and every
    scene of its books' figures, at the scale the book prints it on `paper`."""
    for f in files:
        if isinstance(f, PrintFile):
            for part in f.parts:
                if isinstance(part, Section):
                    for face in part.faces:
                        yield PrintedFace(f"{f.path}: {face.called or part.label}", face.front)
                        if face.back is not None:
                            yield PrintedFace(f"{f.path}: back of {face.called or part.label}", face.back)
                elif isinstance(part, Sheet | Board):
                    yield PrintedFace(f"{f.path}: {part.label}", part.scene)
            for svg in f.svgs:
                yield PrintedFace(f"{f.path}: {svg.name}", svg.scene)
        elif isinstance(f, Rulebook):
            width = text_width(paper)
            for number, (name, labels) in enumerate(figures_named(f.text), start=1):
                figure = fig.lookup(f.figures, name)
                scale, _ = fig.arrange(figure, labels or figure.labels, width)
                for k, scene in enumerate(figure.scenes):
                    which = f", scene {k + 1}" if len(figure.scenes) > 1 else ""
                    yield PrintedFace(f"{f.path}: figure {number} ({name}{which})", scene, scale)


Matrix = tuple[float, float, float, float, float, float]   # x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Placed:
    """An item of a scene with the transform from its own coordinates to the face's, and its place in
    the drawing order (later items are painted over earlier ones)."""

    item: Item
    m: Matrix
    order: int


def placed_items(scene: Scene) -> list[Placed]:
    """Every item of the scene but groups, in drawing order, each with its transform to the face."""
    out: list[Placed] = []

    def walk(items: tuple[Item, ...], m: Matrix) -> None:
        for it in items:
            if isinstance(it, Group):
                walk(it.items, _then(m, _group_matrix(it)))
            else:
                out.append(Placed(it, m, len(out)))

    walk(scene.items, IDENTITY)
    return out


def _group_matrix(g: Group) -> Matrix:
    r = math.radians(g.rotate)   # clockwise on a y-down face
    cos, sin = math.cos(r), math.sin(r)
    return (cos, sin, -sin, cos, g.dx, g.dy)


def _then(outer: Matrix, inner: Matrix) -> Matrix:
    """The transform applying `inner` first, then `outer`."""
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def invert(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


def covers(it: Item, x: float, y: float) -> bool:
    """Whether a filled item paints the point (x, y) of its own coordinates."""
    if isinstance(it, Rect):
        return it.fill is not None and it.x <= x <= it.x + it.w and it.y <= y <= it.y + it.h
    if isinstance(it, Circle):
        return it.fill is not None and (x - it.cx) ** 2 + (y - it.cy) ** 2 <= it.r ** 2
    if isinstance(it, Path):
        return it.fill is not None and _inside(_outline(it), x, y)
    return False


def _outline(p: Path) -> list[tuple[float, float]]:
    """The path's points, its curves walked in a few steps each."""
    pts: list[tuple[float, float]] = []
    for op in p.ops:
        if op[0] in ("M", "L"):
            pts.append((op[1], op[2]))
        elif op[0] == "C" and pts:
            x0, y0 = pts[-1]
            x1, y1, x2, y2, x3, y3 = op[1:]
            for k in range(1, 9):
                t = k / 8
                u = 1 - t
                pts.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                            u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
    return pts


def _inside(pts: list[tuple[float, float]], x: float, y: float) -> bool:
    """Even-odd point in polygon."""
    inside = False
    n = len(pts)
    for k in range(n):
        (x1, y1), (x2, y2) = pts[k], pts[(k + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def text_scale(m: Matrix) -> float:
    """How much a transform enlarges a text (groups only move and turn: 1, kept for honesty)."""
    a, b, c, d, _, _ = m
    return math.sqrt(abs(a * d - b * c))


def texts_placed(scene: Scene) -> Iterator[tuple[Placed, Text]]:
    """Every word of the scene that prints: its anchor on the face (a detail of a larger face leaves
    the rest of it outside, clipped away)."""
    for p in placed_items(scene):
        if isinstance(p.item, Text) and p.item.text.strip():
            x, y = apply(p.m, p.item.x, p.item.y)
            if -1e-6 <= x <= scene.w + 1e-6 and -1e-6 <= y <= scene.h + 1e-6:
                yield p, p.item
