"""What a print shop checks in a PDF, read with pypdf (no system tools needed)."""

from __future__ import annotations

import io

import pypdf

MM = 72 / 25.4


def reader(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data), strict=True)


def fonts(data: bytes) -> dict[str, bool]:
    """Every font used on any page: its base name → embedded (has a font file)."""
    out: dict[str, bool] = {}
    for page in reader(data).pages:
        res = page.get("/Resources")
        if res is None:
            continue
        res = res.get_object()
        for _, ref in (res.get("/Font") or {}).items():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            embedded = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            out[str(font["/BaseFont"])] = embedded
    return out


def texts(data: bytes) -> list[str]:
    return [p.extract_text() or "" for p in reader(data).pages]


def content_streams(data: bytes) -> list[bytes]:
    return [p.get_contents().get_data() for p in reader(data).pages]  # type: ignore[union-attr]


def size_mm(box) -> tuple[float, float]:
    return (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1))


def assert_print_ready(data: bytes, name: str = "", *, trim_box: bool = True) -> None:
    """What we promise of every PDF: qpdf (through pikepdf) finds no problem, pypdf reads it
    strictly, pdfium opens and renders it, every font is embedded, and pages carry a TrimBox."""
    import pikepdf
    import pypdfium2

    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert pdf.check_pdf_syntax() == [], name
    pages = reader(data).pages
    used = fonts(data)
    assert used and all(used.values()), (name, used)
    doc = pypdfium2.PdfDocument(data)
    assert len(doc) == len(pages) > 0, name
    doc[0].render(scale=0.2)
    if trim_box:
        assert all("/TrimBox" in p and "/BleedBox" in p for p in pages), name
