"""Faces placed one by one on pages of any size, with no marks and no footer: what a print shop's
upload or a raster image is made from (generator/export/). The drawing is the kit's own: every face
is drawn by the same backend as the home kit's imposed sheets, only placed (and scaled) for the shop.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..draw import fonts, pdf
from ..draw.scene import Scene

MM = pdf.MM


@dataclass(frozen=True)
class Placed:
    """A face whose trim's top-left sits at (x, y) mm on the page, drawn `scale` times its size, its
    art reaching `bleed` page-mm past the trim (clipped there)."""

    scene: Scene
    x: float
    y: float
    scale: float = 1.0
    bleed: float = 0.0


@dataclass(frozen=True)
class FacePage:
    """A page of w x h mm with its faces; `trim` (x, y, w, h in page mm) is the TrimBox, the page
    itself the BleedBox (None: no boxes, for a sheet of faces that is never cut)."""

    w: float
    h: float
    faces: tuple[Placed, ...]
    trim: tuple[float, float, float, float] | None = None


def canvas(buf: io.BytesIO, title: str, subject: str) -> Canvas:
    """A deterministic PDF canvas writing to `buf`, with the kit's metadata and the glyph codes of the
    built-in styles fixed before any page (draw/pdf.py `fix_codes`)."""
    c = Canvas(buf, invariant=1, pageCompression=1,
               initialFontName=fonts.pdf_name("regular"))  # type: ignore[arg-type]  # stub says float
    c.setTitle(f"{title}: {subject}")
    c.setAuthor("playkit")
    c.setCreator(f"playkit {__version__}")
    c.setSubject(subject)
    pdf.fix_codes(c, pdf.UPFRONT_STYLES, "playkit-glyph-codes")
    return c


def face_pages(title: str, subject: str, pages: Sequence[FacePage]) -> bytes:
    """One deterministic PDF of the pages in order, fonts embedded."""
    buf = io.BytesIO()
    c = canvas(buf, title, subject)
    for page in pages:
        c.setPageSize((page.w * MM, page.h * MM))
        if page.trim is not None:
            x, y, w, h = page.trim
            c.setTrimBox((x * MM, (page.h - y - h) * MM, (x + w) * MM, (page.h - y) * MM))
            c.setBleedBox((0, 0, page.w * MM, page.h * MM))
        for p in page.faces:
            c.saveState()
            c.translate(p.x * MM, (page.h - p.y) * MM)
            c.scale(p.scale, p.scale)
            pdf.draw(c, p.scene, 0, 0, 0, bleed=p.bleed / p.scale)
            c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue()
