"""Render the README's picture from a real build: python docs/make_preview.py OUT_DIR"""

from __future__ import annotations

import sys
from pathlib import Path

import pypdfium2
from PIL import Image

DPI = 60


def page(pdf: Path, index: int) -> Image.Image:
    doc = pypdfium2.PdfDocument(str(pdf))
    return doc[index].render(scale=DPI / 72).to_pil().convert("RGB")


def crop_mm(im: Image.Image, x: float, y: float, w: float, h: float) -> Image.Image:
    k = DPI / 25.4
    return im.crop((round(x * k), round(y * k), round((x + w) * k), round((y + h) * k)))


def main(out: Path) -> None:
    kit = out / "islands-and-bridges"
    cards = crop_mm(page(kit / "cards.pdf", 0), 10, 16, 190, 180)
    tokens = crop_mm(page(kit / "tokens.pdf", 0), 10, 16, 190, 70)
    overview = page(kit / "sheets.pdf", 0)
    overview = overview.resize((overview.width * 8 // 10, overview.height * 8 // 10))
    width = cards.width + overview.width + 30
    height = max(cards.height + tokens.height + 10, overview.height) + 20
    sheet = Image.new("RGB", (width, height), "#8a9ba8")
    sheet.paste(cards, (10, 10))
    sheet.paste(tokens, (10, 20 + cards.height))
    sheet.paste(overview, (20 + cards.width, 10))
    sheet.save(Path(__file__).with_name("preview.png"), optimize=True)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "output"))
