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
from functools import cache
from pathlib import Path

from ..draw.scene import Circle, Group, Item, Line, PathOp, Rect, polygon
from ..draw.scene import Path as PathItem

MAX_ELEMENTS = 20_000   # a picture on a card, not a map of the world: bounded work for every face
MAX_DEPTH = 40          # nested groups; the walk below is recursive
MAX_COORDINATE = 1e9
_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SKIPPED = {"title", "desc", "metadata", "defs"}
_NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
          "none": None}


@dataclass(frozen=True)
class SvgPicture:
    """A picture's items in its own units and its viewBox (x, y, w, h)."""

    items: tuple[Item, ...]
    view: tuple[float, float, float, float]


@cache
def read_svg(path: Path) -> SvgPicture:
    """The picture as scene items; ValueError saying what cannot be drawn. Read as content is: a
    plain file of bounded size, then bounded in elements and depth before it is walked."""
    from ..content import ContentError
    from ..content.yamlload import read_bytes

    try:
        data = read_bytes(path, path.name)
    except ContentError as err:
        raise ValueError(f"cannot read the SVG {path.name!r}: {err.problems[0].message}") from None
    try:
        root = ET.fromstring(data)
    except (ET.ParseError, ValueError) as err:
        raise ValueError(f"cannot read the SVG {path.name!r}: {err}") from None
    _bounded(root, path.name)
    if _tag(root) != "svg":
        raise ValueError(f"{path.name!r} is not an SVG picture")
    view = _numbers(root.get("viewBox", ""))
    if len(view) != 4:
        w, h = _numbers(root.get("width", "")), _numbers(root.get("height", ""))
        if not (w and h):
            raise ValueError(f"{path.name!r} has neither a viewBox nor a width and height")
        view = [0.0, 0.0, w[0], h[0]]
    return SvgPicture(tuple(_children(root, path.name, {"fill": "#000000", "stroke": None, "stroke-width": "1"})),
                      (view[0], view[1], view[2], view[3]))


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


def placed(picture: SvgPicture, x: float, y: float, w: float, h: float) -> Group:
    """The picture scaled into the box (x, y, w, h), keeping its proportions, centred."""
    vx, vy, vw, vh = picture.view
    k = min(w / vw, h / vh)
    inner = _scaled(picture.items, k, -vx, -vy)
    return Group(inner, x + (w - vw * k) / 2, y + (h - vh * k) / 2)


def _scaled(items: tuple[Item, ...], k: float, ox: float, oy: float) -> tuple[Item, ...]:
    """Items moved by (ox, oy) then scaled by k (the scene has no scale transform of its own)."""
    out: list[Item] = []
    for it in items:
        if isinstance(it, Rect):
            out.append(Rect((it.x + ox) * k, (it.y + oy) * k, it.w * k, it.h * k, it.fill, it.stroke,
                            it.stroke_mm * k, it.radius * k))
        elif isinstance(it, Circle):
            out.append(Circle((it.cx + ox) * k, (it.cy + oy) * k, it.r * k, it.fill, it.stroke, it.stroke_mm * k))
        elif isinstance(it, Line):
            out.append(Line((it.x1 + ox) * k, (it.y1 + oy) * k, (it.x2 + ox) * k, (it.y2 + oy) * k, it.stroke,
                            it.stroke_mm * k))
        elif isinstance(it, PathItem):
            ops: list[PathOp] = []
            for op in it.ops:
                if op[0] == "Z":
                    ops.append(op)
                else:
                    v = [(c + (ox if i % 2 == 0 else oy)) * k for i, c in enumerate(op[1:])]
                    ops.append((op[0], *v))  # type: ignore[arg-type]
            out.append(PathItem(tuple(ops), it.fill, it.stroke, it.stroke_mm * k))
        elif isinstance(it, Group):
            out.append(Group(_scaled(it.items, k, 0.0, 0.0), (it.dx + ox) * k, (it.dy + oy) * k, it.rotate))
    return tuple(out)


def _tag(el: ET.Element) -> str:
    return el.tag.rsplit("}", 1)[-1]


def _numbers(text: str) -> list[float]:
    out = [float(n) for n in _NUM.findall(text or "")]
    if any(not abs(v) <= MAX_COORDINATE for v in out):
        raise ValueError(f"a number past {MAX_COORDINATE:g} in {text[:40]!r}")
    return out


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
        items = _group(child, name, st) if tag in ("g", "svg") else [_shape(child, tag, name, st)]
        transform = child.get("transform")
        out += _transformed(items, transform, name) if transform else items
    return out


def _group(el: ET.Element, name: str, style: dict[str, str | None]) -> list[Item]:
    return _children(el, name, style)


def _transformed(items: list[Item], transform: str, name: str) -> list[Item]:
    m = re.fullmatch(r"\s*(translate|scale|matrix)\s*\(([^)]*)\)\s*", transform)
    if not m:
        raise ValueError(f"{name!r}: transform {transform!r} (translate, scale or matrix only)")
    v = _numbers(m.group(2))
    if m.group(1) == "translate":
        return [Group(tuple(items), v[0], v[1] if len(v) > 1 else 0.0)]
    if m.group(1) == "scale":
        k = v[0]
        if len(v) > 1 and v[1] != k:
            raise ValueError(f"{name!r}: scale with two factors")
        return list(_scaled(tuple(items), k, 0.0, 0.0))
    a, b, c, d, e, f = v
    if abs(b) > 1e-9 or abs(c) > 1e-9 or abs(a - d) > 1e-9:
        raise ValueError(f"{name!r}: a matrix that skews or rotates")
    return [Group(_scaled(tuple(items), a, 0.0, 0.0), e, f)]


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
        v = [float(t) for t in tokens[i:i + arity[up]]]
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
