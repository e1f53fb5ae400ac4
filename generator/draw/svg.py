"""Render a scene as a standalone SVG (mm viewBox, the embedded font as a subset data URI)."""

from __future__ import annotations

import svgwrite

from . import fonts
from .scene import Circle, FontStyle, Group, Image, Item, Line, Path, Rect, Scene, Text, texts

_STYLES = ("regular", "bold", "italic")


def _num(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def to_svg(scene: Scene) -> bytes:
    """The scene at trim size, with its own copy of the glyphs it uses."""
    d = svgwrite.Drawing(size=(f"{_num(scene.w)}mm", f"{_num(scene.h)}mm"), profile="full", debug=False)
    d.viewbox(0, 0, scene.w, scene.h)
    if scene.title:
        d.set_desc(title=scene.title)
    used = _used_chars(scene.items)
    css = "".join(fonts.svg_font_face(style, chars, font) for (font, style), chars in sorted(used.items()))
    if css:
        d.defs.add(d.style(css + f"text{{font-family:'{fonts.FAMILY}';}}"))
    if scene.background:
        d.add(d.rect((0, 0), (_num(scene.w), _num(scene.h)), fill=scene.background))
    parent = d.g()
    _items(d, parent, scene.items)
    d.add(parent)
    text: str = d.tostring()
    return text.encode("utf-8")


def _used_chars(items: tuple[Item, ...]) -> dict[tuple[str, FontStyle], str]:
    """The characters drawn in each font: (font file or '', style) → characters."""
    acc: dict[tuple[str, FontStyle], set[str]] = {}

    def walk(its: tuple[Item, ...]) -> None:
        for it in its:
            if isinstance(it, Text):
                acc.setdefault((it.font, "regular" if it.font else it.style), set()).update(it.text)
            elif isinstance(it, Group):
                walk(it.items)

    walk(items)
    return {s: "".join(sorted(c)) for s, c in acc.items()}


def _style(fill: str | None, stroke: str | None, stroke_mm: float, dash: tuple[float, ...]) -> dict[str, str]:
    a = {"fill": fill or "none"}
    if stroke:
        a["stroke"] = stroke
        a["stroke_width"] = _num(stroke_mm)
        if dash:
            a["stroke_dasharray"] = ",".join(_num(v) for v in dash)
    return a


def _items(d: svgwrite.Drawing, parent: svgwrite.container.Group, items: tuple[Item, ...]) -> None:
    for it in items:
        if isinstance(it, Rect):
            extra = {"rx": _num(it.radius)} if it.radius else {}
            parent.add(d.rect((_num(it.x), _num(it.y)), (_num(it.w), _num(it.h)),
                              **extra, **_style(it.fill, it.stroke, it.stroke_mm, it.dash)))
        elif isinstance(it, Circle):
            parent.add(d.circle((_num(it.cx), _num(it.cy)), _num(it.r),
                                **_style(it.fill, it.stroke, it.stroke_mm, it.dash)))
        elif isinstance(it, Line):
            parent.add(d.line((_num(it.x1), _num(it.y1)), (_num(it.x2), _num(it.y2)),
                              **_style(None, it.stroke, it.stroke_mm, it.dash)))
        elif isinstance(it, Path):
            parts = []
            for op in it.ops:
                parts.append(op[0] + " ".join(_num(float(v)) for v in op[1:]))
            parent.add(d.path(d=" ".join(parts), **_style(it.fill, it.stroke, it.stroke_mm, it.dash)))
        elif isinstance(it, Text):
            weight = {"font_weight": "bold"} if it.style == "bold" and not it.font else {}
            slant = {"font_style": "italic"} if it.style == "italic" and not it.font else {}
            if it.font:
                weight["style"] = f"font-family:'{fonts.family(it.font)}'"  # beats the stylesheet's family
            parent.add(d.text(it.text, insert=(_num(it.x), _num(it.y)),
                              font_size=_num(it.size_pt * fonts.PT_MM), fill=it.color or "#000000",
                              text_anchor=it.anchor, **weight, **slant))
        elif isinstance(it, Image):
            parent.add(d.image(_data_uri(it.path), insert=(_num(it.x), _num(it.y)), size=(_num(it.w), _num(it.h)),
                               preserveAspectRatio="none"))
        elif isinstance(it, Group):
            transform = f"translate({_num(it.dx)} {_num(it.dy)})"
            if it.rotate:
                transform += f" rotate({_num(it.rotate)})"
            g = d.g(transform=transform)
            _items(d, g, it.items)
            parent.add(g)


def _data_uri(path: str) -> str:
    """The picture inside the SVG, so each SVG stands alone."""
    import base64

    with open(path, "rb") as fh:
        data = fh.read()
    kind = "jpeg" if data[:3] == b"\xff\xd8\xff" else "png"
    return f"data:image/{kind};base64," + base64.b64encode(data).decode()


__all__ = ["texts", "to_svg"]
