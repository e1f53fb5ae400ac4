"""The one font family playkit draws with, embedded in every PDF and SVG.

Bitstream Vera ships inside the reportlab wheel, so it is present wherever playkit installs.
Measuring, glyph coverage and the SVG font subsets all read these same files.
"""

from __future__ import annotations

import base64
import hashlib
import io
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import reportlab
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .scene import FontStyle

_DIR = Path(reportlab.__file__).parent / "fonts"
FILES: dict[FontStyle, str] = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf",
                               "bolditalic": "VeraBI.ttf"}
FAMILY = "Bitstream Vera Sans"
PT_MM = 25.4 / 72


@cache
def pdf_name(style: FontStyle, font: str = "") -> str:
    """The registered reportlab name of a style, or of a font file a layout names (`font`, an
    absolute path to a TTF/OTF from a game's content folder); registered on first use. Cached:
    every measured word asks for it (a deck of 540 cards, some 40,000 times)."""
    if font:
        name = "Playkit-" + hashlib.sha256(font.encode()).hexdigest()[:12]
        _register(name, font)
        return name
    name = f"Playkit-{style}"
    _register(name, str(_DIR / FILES[style]))
    return name


@cache
def _register(name: str, file: str) -> None:
    font = TTFont(name, file)
    _keep_subsets(font.face)
    pdfmetrics.registerFont(font)


SUBSETS_KEPT = 64
"""Font subsets a process keeps the bytes of (past it, it forgets them all and starts again)."""


def _keep_subsets(face: Any) -> None:
    """A PDF embeds a font as subsets of 256 glyphs, made from the font file and compressed when the
    PDF is saved. Every card PDF of a kit fixes the same subsets (press/document.py numbers every glyph
    up front), so each is made and compressed once a process and its bytes given to every PDF that
    embeds it: the bytes reportlab would make again (a subset is read from the font file alone, and
    zlib gives the same bytes for the same input)."""
    make, add = face.makeSubset, face.addSubsetObjects
    made: dict[tuple[int, ...], bytes] = {}
    packed: dict[int, tuple[bytes, bytes]] = {}

    def make_subset(subset: list[int]) -> bytes:
        key = tuple(subset)
        data = made.get(key)
        if data is None:
            if len(made) >= SUBSETS_KEPT:
                made.clear()
                packed.clear()
            data = made[key] = make(subset)
        return data

    class Flate:
        """reportlab's FlateDecode filter, remembering what it made of each kept subset."""

        pdfname = pdfdoc.PDFZCompress.pdfname

        @staticmethod
        def encode(data: bytes) -> bytes:
            hit = packed.get(id(data))
            if hit is None or hit[0] is not data:   # the subset's own bytes object, held by `made`
                hit = packed[id(data)] = (data, pdfdoc.PDFZCompress.encode(data))
            return hit[1]

    def add_subset_objects(doc: Any, fontname: str, subset: list[int]) -> Any:
        ref = add(doc, fontname, subset)
        stream = doc.idToObject.get(f"fontFile:{face.filename}({fontname})")   # the name reportlab gives it
        if stream is not None and stream.filters == [pdfdoc.PDFZCompress]:
            stream.filters = [Flate]
        return ref

    face.makeSubset = make_subset
    face.addSubsetObjects = add_subset_objects


def path(style: FontStyle, font: str = "") -> Path:
    return Path(font) if font else _DIR / FILES[style]


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

    with FTFont(str(path(style, font)), lazy=True) as f:
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
    """'' when reportlab can embed the font file, else why not (a broken or CFF-only font)."""
    try:
        pdf_name("regular", font)
        _cmap("regular", font)
    except Exception as err:  # any failure to read a user's font file is the user's to fix
        return str(err) or type(err).__name__
    return ""


def covered_chars(style: FontStyle = "regular") -> str:
    """Every printable character the font has, in code-point order (for stable PDF subsets)."""
    return "".join(chr(c) for c in sorted(_cmap(style)) if 0x20 <= c < 0x3000 and chr(c).isprintable())


@cache
def svg_font_face(style: FontStyle, chars: str, font: str = "") -> str:
    """An @font-face rule with the font subset to `chars`, as a data URI (SVGs stand alone)."""
    from fontTools import subset

    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    from fontTools.ttLib import TTFont as FTFont

    ft = FTFont(str(path(style, font)), recalcTimestamp=False)
    sub.populate(text=chars)
    sub.subset(ft)
    buf = io.BytesIO()
    ft.save(buf)
    data = base64.b64encode(buf.getvalue()).decode()
    weight = "bold" if style in ("bold", "bolditalic") and not font else "normal"
    slant = "italic" if style in ("italic", "bolditalic") and not font else "normal"
    return (f"@font-face{{font-family:'{family(font)}';font-weight:{weight};font-style:{slant};"
            f"src:url(data:font/ttf;base64,{data}) format('truetype');}}")
