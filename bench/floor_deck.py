"""The floor: the peer deck drawn by a plain reportlab script, with nothing of playkit.

    python bench/floor_deck.py CARDS.csv OUT.pdf

The same job as examples/peer-deck: poker cards (63 x 88 mm), each a frame, a name box, three stat
circles and a wrapped rules text, on A4 nine to a page, 3 mm bleed and crop marks, each page of
fronts followed by its backs (mirrored for long-edge duplex), the same embedded font (Bitstream Vera,
from the reportlab wheel). It is as fast as a hand-written script gets: what playkit is measured
against (bench/bench_peer.py). It draws; it checks nothing (no fit, no glyphs, no data types).
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import reportlab
from reportlab.lib.colors import HexColor
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
PAGE_W, PAGE_H = 210.0, 297.0
CARD_W, CARD_H = 63.0, 88.0
BLEED = 3.0
COLS, ROWS = 3, 3
X0 = (PAGE_W - COLS * CARD_W) / 2          # the grid centred; neighbours share a cut line
Y0 = (PAGE_H - ROWS * CARD_H) / 2
INK, PAPER, WHITE = HexColor("#1f2a44"), HexColor("#fbf6ea"), HexColor("#ffffff")
STATS = (("might", HexColor("#c0392b"), 9.0), ("guard", HexColor("#2e6da4"), 25.5),
         ("speed", HexColor("#2e8b57"), 42.0))
FONTS = Path(reportlab.__file__).parent / "fonts"


def card(c: Canvas, row: dict[str, str], x: float, y: float) -> None:
    """One face with its top-left corner at (x, y) mm from the page's top-left corner."""
    def rx(v: float) -> float:
        return (x + v) * MM

    def ry(v: float, h: float = 0.0) -> float:
        return (PAGE_H - y - v - h) * MM

    c.setStrokeColor(INK)
    c.setFillColor(PAPER)
    c.setLineWidth(0.5 * MM)
    c.roundRect(rx(3), ry(3, 82), 57 * MM, 82 * MM, 2.5 * MM, stroke=1, fill=1)
    c.setFillColor(INK)
    c.roundRect(rx(6), ry(6, 10), 51 * MM, 10 * MM, 1.5 * MM, stroke=0, fill=1)
    c.setFillColor(WHITE)
    c.setFont("Vera-Bold", 12)
    c.drawCentredString(rx(31.5), ry(11) - 12 * 0.35, row["name"])
    c.setFont("Vera-Bold", 14)
    for field, colour, left in STATS:
        c.setFillColor(colour)
        c.circle(rx(left + 6), ry(26), 6 * MM, stroke=1, fill=1)
        c.setFillColor(WHITE)
        c.drawCentredString(rx(left + 6), ry(26) - 14 * 0.35, row[field])
    c.setFillColor(INK)
    text = c.beginText(rx(8), ry(38) - 10)
    text.setFont("Vera", 10, leading=12)
    for line in simpleSplit(row["text"], "Vera", 10, 47 * MM):
        text.textLine(line)
    c.drawText(text)


def back(c: Canvas, x: float, y: float) -> None:
    c.setStrokeColor(PAPER)
    c.setLineWidth(0.5 * MM)
    c.roundRect((x + 4) * MM, (PAGE_H - y - 84) * MM, 55 * MM, 80 * MM, 2.5 * MM, stroke=1, fill=0)
    c.setFillColor(STATS[0][1])
    c.circle((x + 31.5) * MM, (PAGE_H - y - 44) * MM, 15 * MM, stroke=1, fill=1)
    c.setFillColor(WHITE)
    c.setFont("Vera-Bold", 14)
    c.drawCentredString((x + 31.5) * MM, (PAGE_H - y - 44) * MM - 14 * 0.35, "Peer")


def page(c: Canvas, rows: list[dict[str, str]] | None, count: int, label: str) -> None:
    """A page of fronts (rows) or of `count` backs: the inked grid with its bleed, the faces, the marks."""
    for i in range(count):
        col, r = i % COLS, i // COLS
        if rows is None:
            col = COLS - 1 - col            # long-edge duplex: the back sits mirrored left-right
        x, y = X0 + col * CARD_W, Y0 + r * CARD_H
        c.setFillColor(INK)                 # the background, out to the bleed on the grid's edges
        left = BLEED if col == 0 else 0.0
        right = BLEED if col == COLS - 1 else 0.0
        top = BLEED if r == 0 else 0.0
        bottom = BLEED if r == ROWS - 1 else 0.0
        c.rect((x - left) * MM, (PAGE_H - y - CARD_H - bottom) * MM, (CARD_W + left + right) * MM,
               (CARD_H + top + bottom) * MM, stroke=0, fill=1)
        if rows is None:
            back(c, x, y)
        else:
            card(c, rows[i], x, y)
    crop_marks(c)
    c.setFillColor(HexColor("#555555"))
    c.setFont("Vera", 6.5)
    c.drawString(7.5 * MM, 4 * MM, label)
    c.showPage()


def crop_marks(c: Canvas) -> None:
    c.setStrokeColor(HexColor("#000000"))
    c.setLineWidth(0.25)
    out = BLEED + 0.5
    for k in range(COLS + 1):
        x = (X0 + k * CARD_W) * MM
        c.line(x, (PAGE_H - Y0 + out) * MM, x, (PAGE_H - Y0 + out + 4) * MM)
        c.line(x, (PAGE_H - Y0 - ROWS * CARD_H - out) * MM, x, (PAGE_H - Y0 - ROWS * CARD_H - out - 4) * MM)
    for k in range(ROWS + 1):
        y = (PAGE_H - Y0 - k * CARD_H) * MM
        c.line((X0 - out) * MM, y, (X0 - out - 4) * MM, y)
        c.line((X0 + COLS * CARD_W + out) * MM, y, (X0 + COLS * CARD_W + out + 4) * MM, y)


def main(csv_path: str, out: str) -> None:
    for name, file in (("Vera", "Vera.ttf"), ("Vera-Bold", "VeraBd.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))
    c = Canvas(out, pagesize=(PAGE_W * MM, PAGE_H * MM), invariant=1, pageCompression=1)
    per_page = COLS * ROWS
    with open(csv_path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        n = 0
        while True:       # rows are read a page at a time: memory does not grow with the deck
            chunk = [row for _, row in zip(range(per_page), reader, strict=False)]
            if not chunk:
                break
            n += 1
            page(c, chunk, len(chunk), f"Peer Deck · Cards {n} (fronts)")
            page(c, None, len(chunk), f"Peer Deck · Cards {n} (backs)")
    c.save()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
