"""The one font family playkit draws with, embedded in every PDF and SVG.

Bitstream Vera ships inside the reportlab wheel, so it is present wherever playkit installs.
Measuring, glyph coverage and the SVG font subsets all read these same files.
"""

from __future__ import annotations

import base64
import io
from functools import cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .scene import FontStyle

_DIR = Path(reportlab.__file__).parent / "fonts"
FILES: dict[FontStyle, str] = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf"}
FAMILY = "Bitstream Vera Sans"
PT_MM = 25.4 / 72


def pdf_name(style: FontStyle) -> str:
    """The registered reportlab name of a style (registered on first use)."""
    name = f"Playkit-{style}"
    _register(name, FILES[style])
    return name


@cache
def _register(name: str, file: str) -> None:
    pdfmetrics.registerFont(TTFont(name, str(_DIR / file)))


def path(style: FontStyle) -> Path:
    return _DIR / FILES[style]


def width_mm(text: str, size_pt: float, style: FontStyle = "regular") -> float:
    """Advance width of `text` in mm."""
    return pdfmetrics.stringWidth(text, pdf_name(style), size_pt) * PT_MM


@cache
def _cmap(style: FontStyle) -> frozenset[int]:
    from fontTools.ttLib import TTFont as FTFont

    with FTFont(str(path(style)), lazy=True) as f:
        return frozenset(f.getBestCmap())


def missing_glyphs(text: str, style: FontStyle = "regular") -> str:
    """The characters of `text` the font cannot draw (reportlab would silently drop them)."""
    have = _cmap(style)
    return "".join(sorted({ch for ch in text if ord(ch) not in have and ch not in "\n\t"}))


def covered_chars(style: FontStyle = "regular") -> str:
    """Every printable character the font has, in code-point order (for stable PDF subsets)."""
    return "".join(chr(c) for c in sorted(_cmap(style)) if 0x20 <= c < 0x3000 and chr(c).isprintable())


@cache
def svg_font_face(style: FontStyle, chars: str) -> str:
    """An @font-face rule with the font subset to `chars`, as a data URI (SVGs stand alone)."""
    from fontTools import subset

    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    from fontTools.ttLib import TTFont as FTFont

    font = FTFont(str(path(style)), recalcTimestamp=False)
    sub.populate(text=chars)
    sub.subset(font)
    buf = io.BytesIO()
    font.save(buf)
    data = base64.b64encode(buf.getvalue()).decode()
    weight = "bold" if style == "bold" else "normal"
    slant = "italic" if style == "italic" else "normal"
    return (f"@font-face{{font-family:'{FAMILY}';font-weight:{weight};font-style:{slant};"
            f"src:url(data:font/ttf;base64,{data}) format('truetype');}}")
