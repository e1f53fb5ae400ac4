"""Pixels from a PDF the press made: each page rendered by pdfium to exactly the size asked, in RGB,
and written by Pillow as a PNG with fixed settings (its resolution and nothing else: no time, no
software name), so the same page always gives the same bytes."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

COMPRESSION = 6   # zlib's default: flat art compresses well at it, twice as fast as 9


def pngs(pdf: bytes, sizes: Sequence[tuple[int, int]], dpi: float) -> Iterator[bytes]:
    """Page i rendered to sizes[i] (width, height) pixels, as a PNG stating `dpi`."""
    doc = pdfium.PdfDocument(pdf)
    try:
        for i, (w, h) in enumerate(sizes):
            page = doc[i]
            try:
                yield png(_rgb(page, w, h), dpi)
            finally:
                page.close()
    finally:
        doc.close()


def _rgb(page: pdfium.PdfPage, w: int, h: int) -> Image.Image:
    """The page stretched over w x h pixels on white (the caller's page has that aspect), in RGB."""
    bitmap = pdfium.PdfBitmap.new_native(w, h, pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, w, h)
    pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, w, h, 0,
                                   pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    image: Image.Image = bitmap.to_pil()
    return image


def png(image: Image.Image, dpi: float) -> bytes:
    """An 8-bit RGB PNG of the image, with its resolution (pHYs) and no other metadata."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", dpi=(dpi, dpi), compress_level=COMPRESSION)
    return buf.getvalue()
