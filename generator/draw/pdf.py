"""Render a scene onto a reportlab canvas (points, y up) at a place on the page.

A face's items are drawn in its own space (the page placement is one transform), so an item's
operators are the same wherever the face lands: each canvas remembers those of the items it has
drawn, and a deck's frames, stat circles and shared backs are written by reportlab once, then
copied. Bounded, so memory stays flat in card count.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Hashable
from functools import cache, partial
from weakref import WeakKeyDictionary

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from . import fonts
from .scene import Circle, Clipped, Group, Image, Item, Line, Path, Rect, Scene, Text

MM = 72 / 25.4
MEMO_LIMIT = 2048
"""Items a canvas remembers the operators of; past it, it forgets them all and starts again."""

Memo = dict[Hashable, str]
"""A canvas's operators by what they draw: an item, or a face's placement (`draw`)."""
_memos: WeakKeyDictionary[Canvas, Memo] = WeakKeyDictionary()


def draw(canvas: Canvas, scene: Scene, x: float, y: float, page_h: float, *, bleed: float = 0.0,
         clip: tuple[float, float, float, float] | None = None) -> None:
    """Draw `scene` with its top-left corner at (x, y) mm from the page's top-left.

    The background reaches `bleed` mm beyond the trim; everything is clipped to the bleed (or to
    `clip` = (x, y, w, h) in scene mm, for tiling a large face across pages).
    """
    c = canvas
    memo = _memos.get(c)
    if memo is None:
        memo = _memos[c] = {}
    c.saveState()
    # where the face goes and what it is cut to: the same for every face of a slot on a page of cards
    where = ("place", x, y, page_h, bleed, clip, scene.w, scene.h, scene.background)
    code = memo.get(where)
    if code is None:
        code = _captured(c, lambda: _place(c, scene, x, y, page_h, bleed, clip))
        _remember(memo, where, code)
    c._code.append(code)  # type: ignore[attr-defined]
    _items(c, scene.items, memo)
    c.restoreState()   # the saved state back, whether `_place` ran or its operators were copied


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


def _items(c: Canvas, items: tuple[Item, ...], memo: Memo) -> None:
    """Each item's operators: from the memo when this canvas drew an equal item before (reportlab
    writes every operator with its full state, so equal items write equal operators), else written
    now. Pictures and groups are drawn each time: a picture registers itself with the document."""
    for it in items:
        if isinstance(it, (Image, Group)):
            _item(c, it, memo)
            continue
        code = memo.get(it)
        if code is None:
            code = _text_code(c, it) if isinstance(it, Text) else _captured(c, partial(_item, c, it, memo))
            _remember(memo, it, code)
        c._code.append(code)  # type: ignore[attr-defined]


def _remember(memo: Memo, key: Hashable, code: str) -> None:
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = code


def _captured(c: Canvas, drawing: Callable[[], None]) -> str:
    """What reportlab writes for `drawing`, taken back off the page as one string (a page's operators
    are joined by newlines when it is shown, so one string of lines writes the same bytes)."""
    code: list[str] = c._code  # type: ignore[attr-defined]
    start = len(code)
    drawing()
    out = "\n".join(code[start:])
    del code[start:]
    return out


def _item(c: Canvas, it: Item, memo: Memo) -> None:
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
        _items(c, it.items, memo)
        c.restoreState()


def _text(c: Canvas, t: Text) -> None:
    """One line in one text object: its matrix turns it upright in the flipped space at its anchor
    (no saved state, no transform of the page: a deck of hundreds has thousands of lines)."""
    size, x = _size_and_x(t)
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


def _text_code(c: Canvas, t: Text) -> str:
    """The operators `_text` has reportlab write, written here: a line of a deck's rules text is
    new on every card, and reportlab's text object costs more than the line. The same steps in the
    same order (its TrueType path: the text split into the font's subsets, each subset named where
    it changes), so the same bytes and the same fonts and glyphs marked used in the document."""
    size, x = _size_and_x(t)
    font = pdfmetrics.getFont(fonts.pdf_name(t.style, t.font))
    if not isinstance(font, TTFont):   # never for the kit's fonts; reportlab's own way if so
        return _captured(c, lambda: _text(c, t))
    doc = c._doc  # type: ignore[attr-defined]
    colour = _colour(t.color or "#000000")
    parts = ["BT 1 0 0 1 0 0 Tm", f"{fp_str(1, 0, 0, -1, x, t.y)} Tm",
             f"{fp_str(colour.red, colour.green, colour.blue)} rg"]
    setting = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
    shown: list[str] = []   # reportlab's text, which an empty line leaves empty (two spaces around it)
    current = -1
    for subset, chunk in font.splitString(t.text, doc):
        if subset != current:
            shown.append(f"{font.getSubsetInternalName(subset, doc)} {setting}")
            current = subset
        shown.append(f"({escapePDF(chunk)}) Tj")
    return " ".join((*parts, " ".join(shown), "ET"))


@cache
def _colour(hex_colour: str) -> Color:
    return HexColor(hex_colour)
