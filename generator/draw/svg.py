"""Render a scene as a standalone SVG (mm viewBox, the embedded font as a subset data URI)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import fonts
from .scene import Circle, FontStyle, Group, Image, Item, Line, Path, Rect, Scene, Text, texts

_STYLES = ("regular", "bold", "italic")


def _num(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class SvgFonts:
    """The @font-face rules the SVGs of one kit embed: each font subset once, to every character the
    kit's SVGs draw in it, instead of once a face (a subset costs ~14 ms). Every SVG still carries
    the fonts it uses, so it opens on its own; it names only those. `face` makes a rule from
    (style, characters, font file): fonts.svg_font_face, or a build's kept copy of what it made."""

    def __init__(self, scenes: Iterable[Scene],
                 face: Callable[[FontStyle, str, str], str] = fonts.svg_font_face) -> None:
        self.face = face
        acc: dict[tuple[str, FontStyle], set[str]] = {}
        for scene in scenes:
            for key, chars in _used_chars(scene.items).items():
                acc.setdefault(key, set()).update(chars)
        self.chars = {key: "".join(sorted(c)) for key, c in acc.items()}

    def subsets(self) -> list[tuple[str, FontStyle, str]]:
        """Every subset the kit's SVGs embed: (font, style, characters)."""
        return [(font, style, chars) for (font, style), chars in sorted(self.chars.items())]

    def chars_of(self, scene: Scene) -> tuple[tuple[str, FontStyle, str], ...]:
        """The subsets a scene's SVG embeds: (font, style, characters) for each font it draws in."""
        return tuple((font, style, self.chars[(font, style)]) for font, style in sorted(_used_chars(scene.items)))

    def css(self, scene: Scene) -> str:
        return "".join(self.face(style, chars, font) for font, style, chars in self.chars_of(scene))


def to_svg(scene: Scene, kit_fonts: SvgFonts | None = None) -> bytes:
    """The scene at trim size, with the glyphs it uses: a subset of its own, or the kit's (`kit_fonts`,
    made from every SVG scene of the kit, this one among them).

    Written directly, as svgwrite wrote it through ElementTree (each element's attributes in name
    order, empty ones left out, ElementTree's escaping): the same bytes, a test says, in a fraction
    of the time, and nothing to import."""
    out: list[str] = []
    root = {"baseProfile": "full", "height": f"{_num(scene.h)}mm", "version": "1.1",
            "viewBox": f"0,0,{scene.w},{scene.h}", "width": f"{_num(scene.w)}mm",
            "xmlns": "http://www.w3.org/2000/svg", "xmlns:ev": "http://www.w3.org/2001/xml-events",
            "xmlns:xlink": "http://www.w3.org/1999/xlink"}
    out.append(f"<svg{_attrs(root)}>")
    if scene.title:
        out.append(f"<title>{_cdata(scene.title)}</title>")
    css = (kit_fonts or SvgFonts([scene])).css(scene)
    if css:
        css += f"text{{font-family:'{fonts.FAMILY}';}}"
        out.append(f'<defs><style type="text/css"><![CDATA[{css}]]></style></defs>')
    else:
        out.append("<defs />")
    if scene.background:
        out.append(_element("rect", {"fill": scene.background, "height": _num(scene.h), "width": _num(scene.w),
                                     "x": "0", "y": "0"}))
    _group(out, "<g>", "<g />", scene.items)
    out.append("</svg>")
    return "".join(out).encode("utf-8", "xmlcharrefreplace")


def _used_chars(items: tuple[Item, ...]) -> dict[tuple[str, FontStyle], set[str]]:
    """The characters drawn in each font: (font file or '', style) → characters."""
    acc: dict[tuple[str, FontStyle], set[str]] = {}

    def walk(its: tuple[Item, ...]) -> None:
        for it in its:
            if isinstance(it, Text):
                acc.setdefault((it.font, "regular" if it.font else it.style), set()).update(it.text)
            elif isinstance(it, Group):
                walk(it.items)

    walk(items)
    return acc


def _style(fill: str | None, stroke: str | None, stroke_mm: float, dash: tuple[float, ...]) -> dict[str, str]:
    a = {"fill": fill or "none"}
    if stroke:
        a["stroke"] = stroke
        a["stroke-width"] = _num(stroke_mm)
        if dash:
            a["stroke-dasharray"] = ",".join(_num(v) for v in dash)
    return a


def _group(out: list[str], open_tag: str, empty_tag: str, items: tuple[Item, ...]) -> None:
    """A <g> and what it holds (`empty_tag` when it holds nothing, as ElementTree writes it)."""
    if not items:
        out.append(empty_tag)
        return
    out.append(open_tag)
    _items(out, items)
    out.append("</g>")


def _items(out: list[str], items: tuple[Item, ...]) -> None:
    for it in items:
        if isinstance(it, Rect):
            a = {"x": _num(it.x), "y": _num(it.y), "width": _num(it.w), "height": _num(it.h)}
            if it.radius:
                a["rx"] = _num(it.radius)
            out.append(_element("rect", {**a, **_style(it.fill, it.stroke, it.stroke_mm, it.dash)}))
        elif isinstance(it, Circle):
            out.append(_element("circle", {"cx": _num(it.cx), "cy": _num(it.cy), "r": _num(it.r),
                                           **_style(it.fill, it.stroke, it.stroke_mm, it.dash)}))
        elif isinstance(it, Line):
            out.append(_element("line", {"x1": _num(it.x1), "y1": _num(it.y1), "x2": _num(it.x2), "y2": _num(it.y2),
                                         **_style(None, it.stroke, it.stroke_mm, it.dash)}))
        elif isinstance(it, Path):
            d = " ".join(op[0] + " ".join(_num(float(v)) for v in op[1:]) for op in it.ops)
            out.append(_element("path", {"d": d, **_style(it.fill, it.stroke, it.stroke_mm, it.dash)}))
        elif isinstance(it, Text):
            a = {"x": _num(it.x), "y": _num(it.y), "font-size": _num(it.size_pt * fonts.PT_MM),
                 "fill": it.color or "#000000", "text-anchor": it.anchor}
            if it.style == "bold" and not it.font:
                a["font-weight"] = "bold"
            if it.style == "italic" and not it.font:
                a["font-style"] = "italic"
            if it.font:
                a["style"] = f"font-family:'{fonts.family(it.font)}'"  # beats the stylesheet's family
            out.append(_element("text", a, it.text))
        elif isinstance(it, Image):
            out.append(_element("image", {"xlink:href": _data_uri(it.path), "x": _num(it.x), "y": _num(it.y),
                                          "width": _num(it.w), "height": _num(it.h), "preserveAspectRatio": "none"}))
        elif isinstance(it, Group):
            transform = f"translate({_num(it.dx)} {_num(it.dy)})"
            if it.rotate:
                transform += f" rotate({_num(it.rotate)})"
            attrs = _attrs({"transform": transform})
            _group(out, f"<g{attrs}>", f"<g{attrs} />", it.items)


def _element(tag: str, attrs: dict[str, str], text: str = "") -> str:
    """One element with no children: `<tag a="v" />`, or with its text."""
    if text:
        return f"<{tag}{_attrs(attrs)}>{_cdata(text)}</{tag}>"
    return f"<{tag}{_attrs(attrs)} />"


def _attrs(attrs: dict[str, str]) -> str:
    """The attributes in name order, empty ones left out (svgwrite's order and rule)."""
    return "".join(f' {k}="{_attrib(v)}"' for k, v in sorted(attrs.items()) if v)


def _cdata(text: str) -> str:
    """Character data escaped as ElementTree escapes it."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _attrib(value: str) -> str:
    """An attribute value escaped as ElementTree escapes it."""
    value = _cdata(value)
    for ch, ref in (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;")):
        if ch in value:
            value = value.replace(ch, ref)
    return value


def _data_uri(path: str) -> str:
    """The picture inside the SVG, so each SVG stands alone."""
    import base64

    with open(path, "rb") as fh:
        data = fh.read()
    kind = "jpeg" if data[:3] == b"\xff\xd8\xff" else "png"
    return f"data:image/{kind};base64," + base64.b64encode(data).decode()


__all__ = ["SvgFonts", "texts", "to_svg"]
