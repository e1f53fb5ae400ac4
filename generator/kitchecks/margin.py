"""The safe margin of a home printer: no printed word lies within SAFE_MM of a home sheet's paper edge.

Home printers leave a strip along each edge unprinted (or print it unreliably); 5 mm covers the common
ones. The check reads every character of every page as pdfium lays it out, so a caption pushed off the
text frame, a label drawn at the top of a board part or a face placed too near the edge is found as
printed. Crop marks and the bleed are lines and paint, not words, and may lie in the strip. The part of a
character the page clips away (a tiled board's part shows only its own region of the board) prints
nothing and is not counted.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from ..press.paper import SAFE_MM

PT_MM = 25.4 / 72.0


@dataclass(frozen=True)
class NearEdge:
    """Words of a page that lie within the safe margin (mm from the nearest paper edge)."""

    page: int          # 1-based
    words: str
    edge_mm: float

    def __str__(self) -> str:
        return (f"page {self.page}: {self.words!r} lies {max(self.edge_mm, 0.0):.1f} mm from the paper's edge "
                f"(a home printer needs {SAFE_MM:g} mm)")


def near_edge(pdf: bytes, safe_mm: float = SAFE_MM) -> list[NearEdge]:
    """Every run of printed characters of the PDF that comes within `safe_mm` of its page's edge."""
    out: list[NearEdge] = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(doc)):
            page = doc[index]
            try:
                out += _page(page, index + 1, safe_mm)
            finally:
                page.close()
    finally:
        doc.close()
    return out


def _page(page: pdfium.PdfPage, number: int, safe_mm: float) -> list[NearEdge]:
    w, h = page.get_size()
    text = page.get_textpage()
    runs: list[NearEdge] = []
    last = -2
    blank: set[int] = set()
    try:
        for k in range(text.count_chars()):
            ch = text.get_text_range(k, 1)
            if not ch.strip():
                blank.add(k)
                continue
            box = _shown(text, k, (0.0, 0.0, w, h))
            if box is None:
                continue   # clipped away, or off the page: nothing of it prints
            left, bottom, right, top = box
            edge = min(left, bottom, w - right, h - top) * PT_MM
            if edge >= safe_mm - 1e-6:
                continue
            if runs and all(j in blank for j in range(last + 1, k)):   # the same line, spaces between
                prev = runs[-1]
                runs[-1] = NearEdge(number, prev.words + " " * min(1, k - last - 1) + ch, min(prev.edge_mm, edge))
            else:
                runs.append(NearEdge(number, ch, edge))
            last = k
    finally:
        text.close()
    return runs


Box = tuple[float, float, float, float]


def _shown(text: pdfium.PdfTextPage, k: int, page_box: Box) -> Box | None:
    """The part of character k's box that prints: inside the page and inside every clip path of its text
    object (each taken by its bounding box: the press clips to rectangles), or None."""
    box = _meet(text.get_charbox(k), page_box)
    obj = pdfium_c.FPDFText_GetTextObject(text.raw, k)
    clip = pdfium_c.FPDFPageObj_GetClipPath(obj) if obj else None
    if box is None or not clip:
        return box
    for path in range(pdfium_c.FPDFClipPath_CountPaths(clip)):
        xs, ys = [], []
        for seg in range(pdfium_c.FPDFClipPath_CountPathSegments(clip, path)):
            x, y = ctypes.c_float(), ctypes.c_float()
            pdfium_c.FPDFPathSegment_GetPoint(pdfium_c.FPDFClipPath_GetPathSegment(clip, path, seg), x, y)
            xs.append(x.value)
            ys.append(y.value)
        if xs:
            box = _meet(box, (min(xs), min(ys), max(xs), max(ys)))
            if box is None:
                return None
    return box


def _meet(a: Box, b: Box) -> Box | None:
    left, bottom, right, top = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (left, bottom, right, top) if left < right and bottom < top else None
