"""Where a scene's words put ink: each Text's box from the font's own glyph outlines (fontTools), in the
scene's mm, for tests that keep words clear of the drawing around them."""

from __future__ import annotations

import io
from functools import cache

from fontTools.ttLib import TTFont

from generator.draw import Text, fonts
from generator.draw.fonts import PT_MM
from generator.draw.scene import FontStyle


@cache
def _font(style: FontStyle) -> TTFont:
    return TTFont(io.BytesIO(fonts.data(style)))


def ink_box(t: Text) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in mm of a one-line text: its advance width across, and from the
    highest to the lowest outline of its glyphs up and down."""
    font = _font(t.style)
    glyphs, cmap, upm = font["glyf"], font.getBestCmap(), font["head"].unitsPerEm
    shapes = [glyphs[cmap[ord(c)]] for c in t.text if not c.isspace()]
    shapes = [g for g in shapes if g.numberOfContours]
    em = t.size_pt * PT_MM
    top = max(g.yMax for g in shapes) / upm * em
    bottom = min(g.yMin for g in shapes) / upm * em
    w = fonts.width_mm(t.text, t.size_pt, t.style)
    left = t.x - {"start": 0.0, "middle": w / 2, "end": w}[t.anchor]
    return left, t.y - top, left + w, t.y - bottom
