"""Paper sizes and the printable area that every imposed page shares."""

from __future__ import annotations

from dataclasses import dataclass

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 7.5           # every edge: room for crop marks, inside what home printers reach
FOOTER_MM = 6.0           # above and below the area (kept even so backs mirror onto the area):
                          # the bottom one holds the page's label line
SAFE_MM = 5.0             # the strip along each paper edge a home printer may leave unprinted: no word in it
MARK_LINE_MM = 6.5 * 25.4 / 72 * 1.2   # a line of the 6.5 pt words printed in the margins (footer, assembly)
OVERLAP_MM = 12.0         # shared strip between the parts of a tiled board


@dataclass(frozen=True)
class Page:
    """A page of paper, portrait or landscape, in mm."""

    w: float
    h: float

    @property
    def area(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the printable area: inside the margins and the footer strips; it is
        centred on the page, so a mirrored back lands on the area too."""
        top = MARGIN_MM + FOOTER_MM
        return MARGIN_MM, top, self.w - 2 * MARGIN_MM, self.h - 2 * top


def page(paper: str, landscape: bool = False) -> Page:
    w, h = PAPERS_MM[paper]
    return Page(h, w) if landscape else Page(w, h)
