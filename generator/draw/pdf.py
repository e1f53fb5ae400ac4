"""Render a scene onto a reportlab canvas (points, y up) at a place on the page.

A face's items are drawn in its own space: the page placement is one transform, then each item is
drawn by reportlab's canvas in millimetres with y down.
"""

from __future__ import annotations

import io
from functools import cache

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from . import fonts
from .scene import Circle, Clipped, FontStyle, Group, Image, Item, Line, Path, Rect, Scene, Text

MM = 72 / 25.4
UPFRONT_STYLES: tuple[FontStyle, ...] = ("regular", "bold", "italic")
"""The built-in styles whose glyph codes every document fixes before its first page (`fix_codes`);
bold italic, which only a layout's text with both <b> and <i> prints, is fixed where it is first drawn,
so a document that prints none does not carry its font."""


def fix_codes(c: Canvas, styles: tuple[FontStyle, ...], name: str) -> None:
    """Fix every glyph's code of the styles' embedded subsets in code-point order, so a page's content
    stream depends on that page alone (reportlab numbers a document's glyphs in order of first use):
    each style's characters are drawn into a form `name` that no page shows (reportlab writes it, a
    small stream no page refers to)."""
    c.beginForm(name)
    for style in styles:
        text = c.beginText()
        text.setFont(fonts.pdf_name(style), 1)
        text.textOut(fonts.covered_chars(style))
        c.drawText(text)
    c.endForm()


def draw(canvas: Canvas, scene: Scene, x: float, y: float, page_h: float, *, bleed: float = 0.0,
         clip: tuple[float, float, float, float] | None = None) -> None:
    """Draw `scene` with its top-left corner at (x, y) mm from the page's top-left.

    The background reaches `bleed` mm beyond the trim; everything is clipped to the bleed (or to
    `clip` = (x, y, w, h) in scene mm, for tiling a large face across pages).
    """
    c = canvas
    c.saveState()
    _place(c, scene, x, y, page_h, bleed, clip)
    for it in scene.items:
        _item(c, it)
    c.restoreState()


def _place(c: Canvas, scene: Scene, x: float, y: float, page_h: float, bleed: float,
           clip: tuple[float, float, float, float] | None) -> None:
    # page mm (top-left origin) → scene mm: translate, then flip y
    c.translate(x * MM, (page_h - y) * MM)
    c.scale(MM, -MM)
    cx, cy, cw, ch = clip if clip else (-bleed, -bleed, scene.w + 2 * bleed, scene.h + 2 * bleed)
    p = c.beginPath()
    p.rect(cx, cy, cw, ch)
    c.clipPath(p, stroke=0, fill=0)
    if scene.background:
        c.setFillColor(_colour(scene.background))
        c.rect(-bleed, -bleed, scene.w + 2 * bleed, scene.h + 2 * bleed, stroke=0, fill=1)


def _paint(c: Canvas, fill: str | None, stroke: str | None, stroke_mm: float,
           dash: tuple[float, ...]) -> tuple[int, int]:
    if fill:
        c.setFillColor(_colour(fill))
    if stroke:
        c.setStrokeColor(_colour(stroke))
        c.setLineWidth(stroke_mm)
        c.setDash(list(dash) if dash else [])
    return (1 if stroke else 0), (1 if fill else 0)


def _item(c: Canvas, it: Item) -> None:
    if isinstance(it, Rect):
        s, f = _paint(c, it.fill, it.stroke, it.stroke_mm, it.dash)
        if it.radius:
            c.roundRect(it.x, it.y, it.w, it.h, it.radius, stroke=s, fill=f)
        else:
            c.rect(it.x, it.y, it.w, it.h, stroke=s, fill=f)
    elif isinstance(it, Circle):
        s, f = _paint(c, it.fill, it.stroke, it.stroke_mm, it.dash)
        c.circle(it.cx, it.cy, it.r, stroke=s, fill=f)
    elif isinstance(it, Line):
        _paint(c, None, it.stroke, it.stroke_mm, it.dash)
        c.line(it.x1, it.y1, it.x2, it.y2)
    elif isinstance(it, Path):
        s, f = _paint(c, it.fill, it.stroke, it.stroke_mm, it.dash)
        p = c.beginPath()
        for op in it.ops:
            if op[0] == "M":
                p.moveTo(op[1], op[2])
            elif op[0] == "L":
                p.lineTo(op[1], op[2])
            elif op[0] == "C":
                p.curveTo(*op[1:])
            else:
                p.close()
        c.drawPath(p, stroke=s, fill=f)
    elif isinstance(it, Text):
        _text(c, it)
    elif isinstance(it, Image):
        name = "Picture-" + it.picture.digest[:32]
        if not c.hasForm(name):   # the picture decoded and written into the document once, by reference after
            c.beginForm(name, 0, 0, 1, 1)
            c.drawImage(ImageReader(io.BytesIO(it.picture.data)), 0, 0, 1, 1, mask="auto")
            c.endForm()
        c.saveState()
        c.translate(it.x, it.y + it.h)
        c.scale(it.w, -it.h)  # the unit square to the box, the picture upright in the flipped space
        c.doForm(name)
        c.restoreState()
    elif isinstance(it, Group):
        c.saveState()
        c.translate(it.dx, it.dy)
        if it.rotate:
            c.rotate(it.rotate)  # in the y-flipped space a positive angle turns clockwise on the page
        if isinstance(it, Clipped):
            p = c.beginPath()
            p.rect(*it.clip)
            c.clipPath(p, stroke=0, fill=0)
        for inner in it.items:
            _item(c, inner)
        c.restoreState()


def _text(c: Canvas, t: Text) -> None:
    """One line in one text object: its matrix turns it upright in the flipped space at its anchor
    (no saved state, no transform of the page: a deck of hundreds has thousands of lines)."""
    size, x = _size_and_x(t)
    if not t.font and t.style not in UPFRONT_STYLES and not c.hasForm(late := f"playkit-glyph-codes-{t.style}"):
        fix_codes(c, (t.style,), late)
    text = c.beginText()
    text.setTextTransform(1, 0, 0, -1, x, t.y)
    text.setFont(fonts.pdf_name(t.style, t.font), size)
    text.setFillColor(_colour(t.color or "#000000"))
    text.textOut(t.text)
    c.drawText(text)


def _size_and_x(t: Text) -> tuple[float, float]:
    """The font size in scene units (mm) and the line's left end."""
    x = t.x
    if t.anchor != "start":
        width = fonts.width_mm(t.text, t.size_pt, t.style, t.font)
        x -= width / 2 if t.anchor == "middle" else width
    return t.size_pt * fonts.PT_MM, x


@cache
def _colour(hex_colour: str) -> Color:
    return HexColor(hex_colour)
