"""The one font family playkit draws with, embedded in every PDF and SVG.

Bitstream Vera ships inside the reportlab wheel, so it is present wherever playkit installs.
Measuring, glyph coverage and the SVG font subsets all read these same files.
"""

from __future__ import annotations

import base64
import hashlib
import io
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .scene import FontStyle

_DIR = Path(reportlab.__file__).parent / "fonts"
FILES: dict[FontStyle, str] = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf",
                               "bolditalic": "VeraBI.ttf"}
FAMILY = "Bitstream Vera Sans"
PT_MM = 25.4 / 72


_FILES: dict[str, bytes] = {}
"""The font files layouts name, by key: the bytes read once from a game's folder (content/opener.py),
never opened again. A key is the hash of the bytes, so everything a long-running process keeps of a
font (its registration, widths, glyphs, subsets) is kept by content: an edited font is a new key."""


def add_file(data: bytes) -> str:
    """The key a font file's bytes are drawn by (a Text's `font`)."""
    key = "font-" + hashlib.sha256(data).hexdigest()[:32]
    _FILES.setdefault(key, data)
    return key


@cache
def data(style: FontStyle, font: str = "") -> bytes:
    """The bytes of the font drawn: a layout's (by key) or the built-in family's file."""
    return _FILES[font] if font else (_DIR / FILES[style]).read_bytes()


@cache
def pdf_name(style: FontStyle, font: str = "") -> str:
    """The registered reportlab name of a style, or of a font file a layout names (`font`, its key);
    registered on first use. Cached: every measured word asks for it (a deck of 540 cards, some
    40,000 times)."""
    if font:
        name = "Playkit-" + hashlib.sha256(font.encode()).hexdigest()[:12]
        file = io.BytesIO(_FILES[font])
        file.name = font   # what reportlab calls the font's file
        _register(name, file)
        return name
    name = f"Playkit-{style}"
    _register(name, str(_DIR / FILES[style]))
    return name


def _register(name: str, file: str | io.BytesIO) -> None:
    if name not in pdfmetrics.getRegisteredFontNames():   # a font file's styles share its name
        pdfmetrics.registerFont(TTFont(name, file))


def family(font: str = "") -> str:
    """The CSS family name an SVG gives a font: the built-in family, or one per font file."""
    return FAMILY if not font else "Playkit " + hashlib.sha256(font.encode()).hexdigest()[:12]


def width_mm(text: str, size_pt: float, style: FontStyle = "regular", font: str = "") -> float:
    """Advance width of `text` in mm."""
    return _measure(style, font)(text, size_pt) * PT_MM


@cache
def _measure(style: FontStyle, font: str = "") -> Callable[[str, float], float]:
    """The registered font's own stringWidth (what pdfmetrics.stringWidth calls, found once)."""
    measure: Callable[[str, float], float] = pdfmetrics.getFont(pdf_name(style, font)).stringWidth
    return measure


@cache
def _cmap(style: FontStyle, font: str = "") -> frozenset[int]:
    """The code points the font maps to a glyph. The built-in family's as reportlab read them to
    measure and draw (the same set as fontTools' best cmap, a test says; no fontTools import for a
    build that writes no SVG); a layout's own font file's as fontTools reads it."""
    if not font:
        face = pdfmetrics.getFont(pdf_name(style)).face   # type: ignore[attr-defined]
        return frozenset(code for code, glyph in face.charToGlyph.items() if glyph)
    return _best_cmap(style, font)


def _best_cmap(style: FontStyle, font: str = "") -> frozenset[int]:
    from fontTools.ttLib import TTFont as FTFont

    with FTFont(io.BytesIO(data(style, font)), lazy=True) as f:
        return frozenset(f.getBestCmap())


def missing_glyphs(text: str, style: FontStyle = "regular", font: str = "") -> str:
    """The characters of `text` the font cannot draw (reportlab would silently drop them)."""
    if _chars(style, font).issuperset(text):   # nearly always: every text of a deck is asked about
        return ""
    have = _cmap(style, font)
    return "".join(sorted({ch for ch in text if ord(ch) not in have and ch not in "\n\t"}))


@cache
def _chars(style: FontStyle, font: str = "") -> frozenset[str]:
    """The characters the font draws."""
    return frozenset(map(chr, _cmap(style, font)))


def usable(font: str) -> str:
    """'' when reportlab can embed the font file (its key), else why not (a broken or CFF-only font)."""
    try:
        pdf_name("regular", font)
        _cmap("regular", font)
    except Exception as err:  # any failure to read a user's font file is the user's to fix
        return str(err) or type(err).__name__
    return ""


def covered_chars(style: FontStyle = "regular") -> str:
    """Every printable character the font has, in code-point order (for stable PDF subsets)."""
    return "".join(chr(c) for c in sorted(_cmap(style)) if 0x20 <= c < 0x3000 and chr(c).isprintable())


def _unsubsettable(tag: str, options: Any) -> bool:
    """Whether fontTools' subsetter knows no way to subset the table `tag` (and would drop it, warning)."""
    from fontTools.ttLib import getTableClass

    return tag.strip() not in options.no_subset_tables and not hasattr(getTableClass(tag), "subset_glyphs")


@lru_cache(maxsize=64)
def svg_font_face(style: FontStyle, chars: str, font: str = "") -> str:
    """An @font-face rule with the font subset to `chars`, as a data URI (SVGs stand alone). Cached by
    the font's key, its content, and the characters: the last 64, so that a long `playkit watch`, whose
    edits change a kit's characters again and again, does not keep every subset it ever made."""
    from fontTools import subset

    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    from fontTools.ttLib import TTFont as FTFont

    ft = FTFont(io.BytesIO(data(style, font)), recalcTimestamp=False)
    # the tables fontTools cannot subset (FontForge's FFTM timestamp, …) it drops with a warning on the
    # terminal, once a subset; dropped here by name, as fontTools would, they are dropped quietly
    tables: list[str] = ft.keys()
    options.drop_tables = [*options.drop_tables,
                           *(tag for tag in tables if tag != "GlyphOrder" and _unsubsettable(tag, options))]
    sub.populate(text=chars)
    sub.subset(ft)
    buf = io.BytesIO()
    ft.save(buf)
    encoded = base64.b64encode(buf.getvalue()).decode()
    weight = "bold" if style in ("bold", "bolditalic") and not font else "normal"
    slant = "italic" if style in ("italic", "bolditalic") and not font else "normal"
    return (f"@font-face{{font-family:'{family(font)}';font-weight:{weight};font-style:{slant};"
            f"src:url(data:font/ttf;base64,{encoded}) format('truetype');}}")
