"""Tables drawn into scenes: ruled cells with text fitted to each cell."""

from __future__ import annotations

from collections.abc import Sequence

from .scene import Color, Item, Line, Rect
from .text import block


def table(x: float, y: float, widths: Sequence[float], rows: Sequence[Sequence[str]], *,
          row_h: float = 7.0, header_rows: int = 1, size_pt: float = 8.0, header_fill: Color = "#264653",
          header_color: Color = "#ffffff", stripe: Color = "#eef3f4", line: Color = "#8aa1a8",
          first_col_bold: bool = True, align: str = "middle") -> tuple[tuple[Item, ...], float]:
    """A table at (x, y): returns its items and its height. Row heights are fixed; text shrinks
    to fit its cell."""
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
            bold = head or (first_col_bold and c == 0)
            anchor = "start" if (c == 0 and not head) else align
            items += block(cell, cx + 1.2, top + 0.6, w - 2.4, row_h - 1.2, max_pt=size_pt, min_pt=4.5,
                           style="bold" if bold else "regular",
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
