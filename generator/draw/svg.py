"""Render a scene as a standalone SVG (mm viewBox, the embedded font as a subset data URI)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from . import fonts
from .scene import Circle, Clipped, FontStyle, Group, Image, Item, Line, Path, Rect, Scene, Text, leaves, texts

if TYPE_CHECKING:   # svgwrite is imported by the first SVG drawn: `playkit validate` draws none
    import svgwrite


def _num(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class SvgFonts:
    """The @font-face rules the SVGs of one kit embed: each font subset once, to every character the
    kit's SVGs draw in it, instead of once a face (docs/speed.md). Every SVG still carries
    the fonts it uses, so it opens on its own; it names only those. A subset is made once a process
    for the same font and characters (fonts.svg_font_face), so `playkit watch` makes it once."""

    def __init__(self, scenes: Iterable[Scene]) -> None:
        acc: dict[tuple[str, FontStyle], set[str]] = {}
        for scene in scenes:
            for key, chars in _used_chars(scene.items).items():
                acc.setdefault(key, set()).update(chars)
        self.chars = {key: "".join(sorted(c)) for key, c in acc.items()}

    def chars_of(self, scene: Scene) -> tuple[tuple[str, FontStyle, str], ...]:
        """The subsets a scene's SVG embeds: (font, style, characters) for each font it draws in."""
        return tuple((font, style, self.chars[(font, style)]) for font, style in sorted(_used_chars(scene.items)))

    def css(self, scene: Scene) -> str:
        return "".join(fonts.svg_font_face(style, chars, font) for font, style, chars in self.chars_of(scene))


def to_svg(scene: Scene, kit_fonts: SvgFonts | None = None) -> bytes:
    """The scene at trim size, with the glyphs it uses: a subset of its own, or the kit's (`kit_fonts`,
    made from every SVG scene of the kit, this one among them)."""
    import svgwrite

    d = svgwrite.Drawing(size=(f"{_num(scene.w)}mm", f"{_num(scene.h)}mm"), profile="full", debug=False)
    d.viewbox(0, 0, scene.w, scene.h)
    if scene.title:
        d.set_desc(title=scene.title)
    css = (kit_fonts or SvgFonts([scene])).css(scene)
    if css:
        d.defs.add(d.style(css + f"text{{font-family:'{fonts.FAMILY}';}}"))
    if scene.background:
        d.add(d.rect((0, 0), (_num(scene.w), _num(scene.h)), fill=scene.background))
    parent = d.g()
    _items(d, parent, scene.items)
    d.add(parent)
    text: str = d.tostring()
    return text.encode("utf-8")


def _used_chars(items: tuple[Item, ...]) -> dict[tuple[str, FontStyle], set[str]]:
    """The characters drawn in each font: (font file or '', style) → characters."""
    acc: dict[tuple[str, FontStyle], set[str]] = {}
    for it in leaves(items):
        if isinstance(it, Text):
            acc.setdefault((it.font, "regular" if it.font else it.style), set()).update(it.text)
    return acc


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
            weight = {"font_weight": "bold"} if it.style in ("bold", "bolditalic") and not it.font else {}
            slant = {"font_style": "italic"} if it.style in ("italic", "bolditalic") and not it.font else {}
            if it.font:
                weight["style"] = f"font-family:'{fonts.family(it.font)}'"  # beats the stylesheet's family
            parent.add(d.text(it.text, insert=(_num(it.x), _num(it.y)),
                              font_size=_num(it.size_pt * fonts.PT_MM), fill=it.color or "#000000",
                              text_anchor=it.anchor, **weight, **slant))
        elif isinstance(it, Image):
            parent.add(d.image(_data_uri(it), insert=(_num(it.x), _num(it.y)), size=(_num(it.w), _num(it.h)),
                               preserveAspectRatio="none"))
        elif isinstance(it, Group):
            transform = f"translate({_num(it.dx)} {_num(it.dy)})"
            if it.rotate:
                transform += f" rotate({_num(it.rotate)})"
            g = d.g(transform=transform)
            if isinstance(it, Clipped):   # a nested svg cuts what it holds to its box (no id to keep unique)
                x, y, w, h = (_num(v) for v in it.clip)
                box = d.svg(insert=(x, y), size=(w, h), viewBox=f"{x} {y} {w} {h}")
                _items(d, box, it.items)
                g.add(box)
            else:
                _items(d, g, it.items)
            parent.add(g)


def _data_uri(it: Image) -> str:
    """The picture inside the SVG, so each SVG stands alone: its bytes as read at load, or, when it has
    more pixels than its box shows at SVG_DPI, a copy of that many (svgpixels.py)."""
    import base64

    from .svgpixels import shown

    data, kind = shown(it.picture, it.w, it.h)
    return f"data:image/{kind};base64," + base64.b64encode(data).decode()


__all__ = ["SvgFonts", "texts", "to_svg"]
