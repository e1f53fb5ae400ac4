"""Pixels from a PDF the press made: each page rendered by pdfium to exactly the size asked, in RGB,
and written as a PNG with fixed settings (no time, no software name), so the same page always gives
the same bytes. The PNG writer is a few lines of zlib: no imaging library is needed."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator, Sequence

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

COMPRESSION = 6   # zlib's default: flat art compresses well at it, twice as fast as 9


def pngs(pdf: bytes, sizes: Sequence[tuple[int, int]], dpi: float) -> Iterator[bytes]:
    """Page i rendered to sizes[i] (width, height) pixels, as a PNG stating `dpi`."""
    doc = pdfium.PdfDocument(pdf)
    try:
        for i, (w, h) in enumerate(sizes):
            page = doc[i]
            try:
                yield png(*_rgb(page, w, h), dpi=dpi)
            finally:
                page.close()
    finally:
        doc.close()


def corners_empty(pdf: bytes, index: int, px: int = 32) -> bool:
    """Whether the page's drawing leaves its four corners unpainted (a round token, say)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[index]
        bitmap = pdfium.PdfBitmap.new_native(px, px, pdfium_c.FPDFBitmap_BGRA)
        bitmap.fill_rect((0, 0, 0, 0), 0, 0, px, px)
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, px, px, 0, pdfium_c.FPDF_ANNOT)
        data, stride = bytes(bitmap.buffer), bitmap.stride
        page.close()
    finally:
        doc.close()
    return all(data[y * stride + x * 4 + 3] == 0 for x in (0, px - 1) for y in (0, px - 1))


def _rgb(page: pdfium.PdfPage, w: int, h: int) -> tuple[int, int, bytes]:
    """The page stretched over w x h pixels on white (the caller's page has that aspect), RGB rows."""
    bitmap = pdfium.PdfBitmap.new_native(w, h, pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, w, h)
    pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, w, h, 0,
                                   pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    data, stride = bytes(bitmap.buffer), bitmap.stride
    row = w * 3
    rows = data if stride == row else b"".join(data[y * stride:y * stride + row] for y in range(h))
    return w, h, rows


def png(w: int, h: int, rgb: bytes, dpi: float) -> bytes:
    """An 8-bit RGB PNG of w x h pixels from packed rows, with its resolution (pHYs) and nothing else."""
    row = w * 3
    raw = b"".join(b"\x00" + rgb[y * row:(y + 1) * row] for y in range(h))
    per_metre = round(dpi / 0.0254)
    return (b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
            + _chunk(b"IDAT", zlib.compress(raw, COMPRESSION))
            + _chunk(b"IEND", b""))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    w, h = struct.unpack(">II", data[16:24])
    return int(w), int(h)
