"""An SVG picture from a game's folder read into neutral scene items, so PDF and SVG draw it alike.

Understood: rect, circle, ellipse (as a path), line, polyline, polygon, path (M L H V C S Q Z, absolute
and relative), g with translate/scale/matrix transforms, fill/stroke/stroke-width as attributes or in
`style`. Anything else is refused with its name (better than a picture that prints differently).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..draw.scene import Circle, Group, Item, Line, PathOp, Rect, polygon
from ..draw.scene import Path as PathItem

MAX_ELEMENTS = 20_000   # a picture on a card, not a map of the world: bounded work for every face
MAX_DEPTH = 40          # nested groups; the walk below is recursive
MAX_COORDINATE = 1e9
MIN_VIEW = 1e-3         # a viewBox's width and height: placed in a box, no number grows past printing
_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SKIPPED = {"title", "desc", "metadata", "defs"}
_NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
          "none": None}


@dataclass(frozen=True)
class SvgPicture:
    """A picture's items in its own units and its viewBox (x, y, w, h)."""

    items: tuple[Item, ...]
    view: tuple[float, float, float, float]


@lru_cache(maxsize=64)
def read_svg(data: bytes, name: str) -> SvgPicture:
    """The picture (its file's bytes, as read once by the content opener) as scene items; ValueError
    saying what cannot be drawn. Bounded in elements and depth before it is walked; every number it
    ends with (its transforms applied) is finite and within MAX_COORDINATE, and its viewBox is no
    smaller than MIN_VIEW, so that placed in any box its numbers stay printable. Kept by content, not
    by path: an edited picture is read anew."""
    try:
        root = ET.fromstring(data)
    except (ET.ParseError, ValueError) as err:
        raise ValueError(f"cannot read the SVG {name!r}: {err}") from None
    _bounded(root, name)
    if _tag(root) != "svg":
        raise ValueError(f"{name!r} is not an SVG picture")
    view = _numbers(root.get("viewBox", ""))
    if len(view) != 4:
        w, h = _numbers(root.get("width", "")), _numbers(root.get("height", ""))
        if not (w and h):
            raise ValueError(f"{name!r} has neither a viewBox nor a width and height")
        view = [0.0, 0.0, w[0], h[0]]
    if not (view[2] >= MIN_VIEW and view[3] >= MIN_VIEW):
        raise ValueError(f"{name!r}: a viewBox (or width and height) of {view[2]:g} x {view[3]:g}; each at "
                         f"least {MIN_VIEW:g}")
    items = tuple(_children(root, name, {"fill": "#000000", "stroke": None, "stroke-width": "1"}))
    _within(items, name)
    return SvgPicture(items, (view[0], view[1], view[2], view[3]))


def _within(items: tuple[Item, ...], name: str) -> None:
    """Every number of the items finite and within MAX_COORDINATE (transforms may have scaled them)."""
    stack = list(items)
    while stack:
        it = stack.pop()
        if isinstance(it, Group):
            stack.extend(it.items)
            values: list[float] = [it.dx, it.dy]
        elif isinstance(it, PathItem):
            values = [float(v) for op in it.ops for v in op[1:]] + [it.stroke_mm]
        else:
            values = [float(v) for v in astuple_numbers(it)]
        if any(not abs(v) <= MAX_COORDINATE for v in values):
            raise ValueError(f"{name!r}: a shape past {MAX_COORDINATE:g} (its transforms applied)")


def astuple_numbers(it: Item) -> list[float]:
    """The numbers of a shape (its place, size and stroke)."""
    if isinstance(it, Rect):
        return [it.x, it.y, it.w, it.h, it.stroke_mm, it.radius]
    if isinstance(it, Circle):
        return [it.cx, it.cy, it.r, it.stroke_mm]
    if isinstance(it, Line):
        return [it.x1, it.y1, it.x2, it.y2, it.stroke_mm]
    return []


def _bounded(root: ET.Element, name: str) -> None:
    """At most MAX_ELEMENTS elements, nested at most MAX_DEPTH deep (walked without recursion)."""
    count, stack = 0, [(root, 1)]
    while stack:
        el, depth = stack.pop()
        count += 1
        if count > MAX_ELEMENTS:
            raise ValueError(f"{name!r} has more than {MAX_ELEMENTS:,} elements (a picture for a face, "
                             "not a whole drawing: simplify it)")
        if depth > MAX_DEPTH:
            raise ValueError(f"{name!r} nests elements more than {MAX_DEPTH} deep")
        stack.extend((child, depth + 1) for child in el)


def scaled(items: tuple[Item, ...], kx: float, ky: float, ox: float = 0.0, oy: float = 0.0) -> tuple[Item, ...]:
    """Items moved by (ox, oy) then scaled by kx across and ky down (the scene has no scale transform of
    its own). A circle scaled unevenly is an ellipse; a stroke scales by the mean of the two."""
    out: list[Item] = []
    k = kx if kx == ky else math.sqrt(abs(kx * ky))
    corner = kx if kx == ky else min(abs(kx), abs(ky))
    for it in items:
        if isinstance(it, Rect):
            out.append(Rect((it.x + ox) * kx, (it.y + oy) * ky, it.w * kx, it.h * ky, it.fill, it.stroke,
                            it.stroke_mm * k, it.radius * corner))
        elif isinstance(it, Circle):
            if kx == ky:
                out.append(Circle((it.cx + ox) * kx, (it.cy + oy) * ky, it.r * k, it.fill, it.stroke, it.stroke_mm * k))
            else:
                out.append(_ellipse((it.cx + ox) * kx, (it.cy + oy) * ky, it.r * abs(kx), it.r * abs(ky),
                                    {"fill": it.fill, "stroke": it.stroke, "stroke_mm": it.stroke_mm * k}))
        elif isinstance(it, Line):
            out.append(Line((it.x1 + ox) * kx, (it.y1 + oy) * ky, (it.x2 + ox) * kx, (it.y2 + oy) * ky, it.stroke,
                            it.stroke_mm * k))
        elif isinstance(it, PathItem):
            ops: list[PathOp] = []
            for op in it.ops:
                if op[0] == "Z":
                    ops.append(op)
                else:
                    v = [(c + ox) * kx if i % 2 == 0 else (c + oy) * ky for i, c in enumerate(op[1:])]
                    ops.append((op[0], *v))  # type: ignore[arg-type]
            out.append(PathItem(tuple(ops), it.fill, it.stroke, it.stroke_mm * k))
        elif isinstance(it, Group):
            out.append(Group(scaled(it.items, kx, ky), (it.dx + ox) * kx, (it.dy + oy) * ky, it.rotate))
    return tuple(out)


def _tag(el: ET.Element) -> str:
    return el.tag.rsplit("}", 1)[-1]


def _numbers(text: str) -> list[float]:
    return [_number(n, text) for n in _NUM.findall(text or "")]


def _number(token: str, text: str = "") -> float:
    v = float(token)
    if not abs(v) <= MAX_COORDINATE:
        raise ValueError(f"a number past {MAX_COORDINATE:g} in {(text or token)[:40]!r}")
    return v


def _style(el: ET.Element, inherited: dict[str, str | None]) -> dict[str, str | None]:
    out = dict(inherited)
    for key in ("fill", "stroke", "stroke-width"):
        if el.get(key) is not None:
            out[key] = el.get(key)
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl:
            key, value = (p.strip() for p in decl.split(":", 1))
            if key in ("fill", "stroke", "stroke-width"):
                out[key] = value
    return out


def _colour(value: str | None, name: str) -> str | None:
    if value is None or value == "none":
        return None
    if re.match(r"^#[0-9a-fA-F]{6}$", value):
        return value.lower()
    if re.match(r"^#[0-9a-fA-F]{3}$", value):
        return "#" + "".join(c * 2 for c in value[1:]).lower()
    if value in _NAMED:
        return _NAMED[value]
    raise ValueError(f"{name!r}: colour {value!r} (write '#rrggbb')")


def _children(el: ET.Element, name: str, style: dict[str, str | None]) -> list[Item]:
    out: list[Item] = []
    for child in el:
        tag = _tag(child)
        if tag in _SKIPPED:
            continue
        st = _style(child, style)
        items = _children(child, name, st) if tag in ("g", "svg") else [_shape(child, tag, name, st)]
        transform = child.get("transform")
        out += _transformed(items, transform, name) if transform else items
    return out


_TRANSFORM = re.compile(r"\s*([a-zA-Z]+)\s*\(([^)]*)\)\s*,?")
_ARITY = {"translate": (1, 2), "scale": (1, 2), "matrix": (6, 6)}


def _transformed(items: list[Item], transform: str, name: str) -> list[Item]:
    """The items under a transform list (`translate(…) scale(…)`: applied right to left)."""
    steps: list[tuple[str, list[float]]] = []
    at = 0
    while at < len(transform):
        m = _TRANSFORM.match(transform, at)
        if not m or m.end() == at:
            if transform[at:].strip():
                raise ValueError(f"{name!r}: transform {transform[:60]!r} (translate, scale or matrix only)")
            break
        kind, v = m.group(1), _numbers(m.group(2))
        if kind not in _ARITY:
            raise ValueError(f"{name!r}: transform {kind!r} (translate, scale or matrix only)")
        low, high = _ARITY[kind]
        if not low <= len(v) <= high:
            raise ValueError(f"{name!r}: {kind}() takes {low if low == high else f'{low} or {high}'} numbers, "
                             f"not {len(v)}")
        steps.append((kind, v))
        at = m.end()
    for kind, v in reversed(steps):
        if kind == "translate":
            items = [Group(tuple(items), v[0], v[1] if len(v) > 1 else 0.0)]
        elif kind == "scale":
            items = list(scaled(tuple(items), v[0], v[1] if len(v) > 1 else v[0]))
        else:
            a, b, c, d, e, f = v
            if abs(b) > 1e-9 or abs(c) > 1e-9:
                raise ValueError(f"{name!r}: a matrix that skews or rotates")
            items = [Group(scaled(tuple(items), a, d), e, f)]
    return items


def _shape(el: ET.Element, tag: str, name: str, st: dict[str, str | None]) -> Item:
    fill, stroke = _colour(st["fill"], name), _colour(st["stroke"], name)
    width = (_numbers(st["stroke-width"] or "1") or [1.0])[0]
    if width <= 0:   # no stroke, as a browser draws it (a PDF line of width 0 is the thinnest the device has)
        stroke = None
        if tag == "line":
            return Group(())
    paint = {"fill": fill, "stroke": stroke, "stroke_mm": width}

    def n(key: str, default: float = 0.0) -> float:
        v = _numbers(el.get(key, ""))
        return v[0] if v else default

    if tag == "rect":
        return Rect(n("x"), n("y"), n("width"), n("height"), radius=n("rx"), **paint)  # type: ignore[arg-type]
    if tag == "circle":
        return Circle(n("cx"), n("cy"), n("r"), **paint)  # type: ignore[arg-type]
    if tag == "ellipse":
        return _ellipse(n("cx"), n("cy"), n("rx"), n("ry"), paint)
    if tag == "line":
        return Line(n("x1"), n("y1"), n("x2"), n("y2"), stroke or "#000000", width)
    if tag in ("polygon", "polyline"):
        v = _numbers(el.get("points", ""))
        pts = list(zip(v[::2], v[1::2], strict=False))
        if len(pts) < 2:
            raise ValueError(f"{name!r}: a {tag} with fewer than two points")
        if tag == "polygon":
            return polygon(pts, **paint)
        ops: list[PathOp] = [("M", *pts[0]), *(("L", x, y) for x, y in pts[1:])]
        return PathItem(tuple(ops), fill, stroke, width)
    if tag == "path":
        return PathItem(_path(el.get("d", ""), name), fill, stroke, width)
    raise ValueError(f"{name!r}: <{tag}> is not drawn by playkit (rect, circle, ellipse, line, polyline, "
                     "polygon, path, g)")


def _ellipse(cx: float, cy: float, rx: float, ry: float, paint: Mapping[str, object]) -> PathItem:
    k = 4 * (math.sqrt(2) - 1) / 3
    ops: tuple[PathOp, ...] = (
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ry * k, cx + rx * k, cy + ry, cx, cy + ry),
        ("C", cx - rx * k, cy + ry, cx - rx, cy + ry * k, cx - rx, cy),
        ("C", cx - rx, cy - ry * k, cx - rx * k, cy - ry, cx, cy - ry),
        ("C", cx + rx * k, cy - ry, cx + rx, cy - ry * k, cx + rx, cy),
        ("Z",),
    )
    return PathItem(ops, **paint)  # type: ignore[arg-type]


_TOKEN = re.compile(r"[MmLlHhVvCcSsQqZz]|" + _NUM.pattern)


def _path(d: str, name: str) -> tuple[PathOp, ...]:
    tokens = _TOKEN.findall(d)
    ops: list[PathOp] = []
    x = y = sx = sy = 0.0
    last_c: tuple[float, float] | None = None
    i, cmd = 0, ""
    arity = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "Z": 0}
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                ops.append(("Z",))
                x, y = sx, sy
                continue
        elif not cmd:
            raise ValueError(f"{name!r}: a path that does not start with a command")
        up, rel = cmd.upper(), cmd.islower()
        if up not in arity:
            raise ValueError(f"{name!r}: path command {cmd!r} (M L H V C S Q Z only)")
        v = [_number(t) for t in tokens[i:i + arity[up]]]
        if len(v) < arity[up]:
            raise ValueError(f"{name!r}: path command {cmd!r} is missing numbers")
        i += arity[up]
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if up == "M":
            x, y = v[0] + ox, v[1] + oy
            sx, sy = x, y
            ops.append(("M", x, y))
            cmd = "l" if rel else "L"   # further pairs are lines
        elif up in ("L", "H", "V"):
            if up == "L":
                x, y = v[0] + ox, v[1] + oy
            elif up == "H":
                x = v[0] + ox
            else:
                y = v[0] + oy
            ops.append(("L", x, y))
        elif up == "C":
            c1, c2 = (v[0] + ox, v[1] + oy), (v[2] + ox, v[3] + oy)
            x, y = v[4] + ox, v[5] + oy
            ops.append(("C", *c1, *c2, x, y))
            last_c = c2
        elif up == "S":
            c1 = (2 * x - last_c[0], 2 * y - last_c[1]) if last_c else (x, y)
            c2 = (v[0] + ox, v[1] + oy)
            x, y = v[2] + ox, v[3] + oy
            ops.append(("C", *c1, *c2, x, y))
            last_c = c2
        else:  # Q: the quadratic as its cubic
            q = (v[0] + ox, v[1] + oy)
            nx, ny = v[2] + ox, v[3] + oy
            ops.append(("C", x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y),
                        nx + 2 / 3 * (q[0] - nx), ny + 2 / 3 * (q[1] - ny), nx, ny))
            x, y = nx, ny
        if up not in ("C", "S"):
            last_c = None
    return tuple(ops)
