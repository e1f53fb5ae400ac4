"""Tables drawn into scenes: ruled cells with text fitted to each cell."""

from __future__ import annotations

from collections.abc import Sequence

from .scene import Color, FontStyle, Item, Line, Rect
from .text import MIN_TEXT_PT, block, fits

PAD_X, PAD_Y = 1.2, 0.6   # mm between a cell's rule and its text


def _style(r: int, c: int, header_rows: int, first_col_bold: bool) -> FontStyle:
    return "bold" if r < header_rows or (first_col_bold and c == 0) else "regular"


def table(x: float, y: float, widths: Sequence[float], rows: Sequence[Sequence[str]], *,
          row_h: float = 7.0, header_rows: int = 1, size_pt: float = 8.0, header_fill: Color = "#264653",
          header_color: Color = "#ffffff", stripe: Color = "#eef3f4", line: Color = "#8aa1a8",
          first_col_bold: bool = True, align: str = "middle") -> tuple[tuple[Item, ...], float]:
    """A table at (x, y): returns its items and its height. Row heights are fixed; text shrinks
    to fit its cell, never below MIN_TEXT_PT (`overflowing` names the cells whose text does not fit
    there, for a check to report where the text was written)."""
    items: list[Item] = []
    total_w = sum(widths)
    for r, row in enumerate(rows):
        top = y + r * row_h
        head = r < header_rows
        fill = header_fill if head else (stripe if (r - header_rows) % 2 else None)
        if fill:
            items.append(Rect(x, top, total_w, row_h, fill=fill))
        cx = x
        for c, cell in enumerate(row):
            w = widths[c]
            anchor = "start" if (c == 0 and not head) else align
            items += block(cell, cx + PAD_X, top + PAD_Y, w - 2 * PAD_X, row_h - 2 * PAD_Y, max_pt=size_pt,
                           min_pt=MIN_TEXT_PT, style=_style(r, c, header_rows, first_col_bold),
                           color=header_color if head else "#1f2328", anchor=anchor,  # type: ignore[arg-type]
                           valign="middle")
            cx += w
    h = len(rows) * row_h
    for r in range(len(rows) + 1):
        items.append(Line(x, y + r * row_h, x + total_w, y + r * row_h, stroke=line, stroke_mm=0.25))
    cx = x
    for w in [0.0, *widths]:
        cx += w
        items.append(Line(cx, y, cx, y + h, stroke=line, stroke_mm=0.25))
    return tuple(items), h


def overflowing(widths: Sequence[float], rows: Sequence[Sequence[str]], *, row_h: float = 7.0,
                header_rows: int = 1, first_col_bold: bool = True) -> list[tuple[int, int]]:
    """The cells (row, column) of a `table` with these widths, rows and options whose text does not
    fit its cell even at MIN_TEXT_PT: pure geometry, so that a check can refuse the text where it
    was written (drawing never fails; such a cell would print past its rules)."""
    return [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
            if not fits(cell, widths[c] - 2 * PAD_X, row_h - 2 * PAD_Y, MIN_TEXT_PT,
                        _style(r, c, header_rows, first_col_bold))]
