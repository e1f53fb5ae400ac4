"""Where faces go on a page: grids of cards, mirrored backs, and the parts of a tiled board.

Pure geometry (mm, page top-left origin); the document module draws what this decides.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .paper import OVERLAP_MM, Page, page


class DoesNotFit(ValueError):
    """A face larger than the printable area of the paper."""


@dataclass(frozen=True)
class Slot:
    """The trim rectangle of one face on a page, and whether it is drawn turned 180°."""

    x: float
    y: float
    w: float
    h: float
    turned: bool = False
    bleeds: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # left, top, right, bottom

    def mirrored_x(self, page_w: float) -> Slot:
        left, top, right, bottom = self.bleeds
        return Slot(page_w - self.x - self.w, self.y, self.w, self.h, self.turned, (right, top, left, bottom))

    def mirrored_y(self, page_h: float) -> Slot:
        left, top, right, bottom = self.bleeds  # page terms, as every slot's bleeds
        return Slot(self.x, page_h - self.y - self.h, self.w, self.h, True, (left, bottom, right, top))


@dataclass(frozen=True)
class Grid:
    page: Page
    cols: int
    rows: int
    slots: tuple[Slot, ...]

    @property
    def per_page(self) -> int:
        return len(self.slots)


def grid(paper: str, w: float, h: float, bleed: float) -> Grid:
    """The grid that fits the most faces of w × h on the paper.

    Each face keeps its whole bleed when that costs no face per page; otherwise neighbours butt
    on a shared cut line and only the grid's outer edges carry bleed (one cut between two cards).
    Portrait and full gutters win ties.
    """
    best: Grid | None = None
    for landscape in (False, True):
        for gutter in (2 * bleed, 0.0):
            g = _grid(page(paper, landscape), w, h, bleed, gutter)
            if g is not None and (best is None or g.per_page > best.per_page):
                best = g
    if best is None:
        raise DoesNotFit(f"a {w:g} × {h:g} mm face does not fit on {paper} paper; tile it instead")
    return best


def _grid(pg: Page, w: float, h: float, bleed: float, gutter: float) -> Grid | None:
    ax, ay, aw, ah = pg.area
    cols = int((aw - 2 * bleed + gutter + 1e-6) // (w + gutter))
    rows = int((ah - 2 * bleed + gutter + 1e-6) // (h + gutter))
    if cols < 1 or rows < 1:
        return None
    x0 = ax + (aw - cols * w - (cols - 1) * gutter) / 2
    y0 = ay + (ah - rows * h - (rows - 1) * gutter) / 2
    inner = gutter / 2

    def bleeds(c: int, r: int) -> tuple[float, float, float, float]:
        return (bleed if c == 0 else inner, bleed if r == 0 else inner,
                bleed if c == cols - 1 else inner, bleed if r == rows - 1 else inner)

    slots = tuple(Slot(x0 + c * (w + gutter), y0 + r * (h + gutter), w, h, False, bleeds(c, r))
                  for r in range(rows) for c in range(cols))
    return Grid(pg, cols, rows, slots)


def flips_left_right(pg: Page, duplex: str) -> bool:
    """Whether turning the sheet over the way `duplex` says swaps its left and right (a turn about
    a vertical axis) rather than its top and bottom. Long-edge duplex turns a sheet about its long
    edge: the sides of a portrait page, the top and bottom of a landscape one (a printer lays a
    landscape page across the paper and turns both sides alike); short-edge duplex is the other."""
    if duplex not in ("long", "short"):
        raise ValueError(f"no backs for duplex {duplex!r}")
    portrait = pg.w <= pg.h
    return portrait == (duplex == "long")


def backs(front: Grid, duplex: str) -> tuple[Slot, ...]:
    """The slot behind each front slot, on a page of the same orientation: a left-right turn of the
    sheet mirrors the slots left-right; a top-bottom turn mirrors them top-bottom and turns each
    face, so that every back stands upright behind its front when the card is turned over like a
    page of a book (its top-left corner behind the front's top-right)."""
    pg = front.page
    if flips_left_right(pg, duplex):
        return tuple(s.mirrored_x(pg.w) for s in front.slots)
    return tuple(s.mirrored_y(pg.h) for s in front.slots)


@dataclass(frozen=True)
class Part:
    """One page of a tiled face: the region (in face mm) it shows and where it sits on the page."""

    row: int
    col: int
    x: float
    y: float
    w: float
    h: float
    page_x: float
    page_y: float


@dataclass(frozen=True)
class Tiling:
    page: Page
    rows: int
    cols: int
    parts: tuple[Part, ...]


def fits_whole(paper: str, w: float, h: float) -> Page | None:
    """The page (portrait or landscape) on which a w × h face fits whole, if any."""
    for landscape in (w > h, w <= h):
        pg = page(paper, landscape)
        _, _, aw, ah = pg.area
        if w <= aw + 1e-6 and h <= ah + 1e-6:
            return pg
    return None


def tile(paper: str, w: float, h: float, bleed: float) -> Tiling:
    """Split a face (with its bleed) into page-sized parts that overlap by OVERLAP_MM."""
    best: Tiling | None = None
    for landscape in (False, True):
        pg = page(paper, landscape)
        ax, ay, aw, ah = pg.area
        tw, th = w + 2 * bleed, h + 2 * bleed
        cols = max(1, math.ceil((tw - OVERLAP_MM) / (aw - OVERLAP_MM)))
        rows = max(1, math.ceil((th - OVERLAP_MM) / (ah - OVERLAP_MM)))
        # spread the parts evenly, so every overlap is the same width (at least OVERLAP_MM)
        pw = min(aw, tw) if cols == 1 else aw
        ph = min(ah, th) if rows == 1 else ah
        step_x = (tw - pw) / (cols - 1) if cols > 1 else 0.0
        step_y = (th - ph) / (rows - 1) if rows > 1 else 0.0
        parts = tuple(
            Part(r, c, -bleed + c * step_x, -bleed + r * step_y, pw, ph, ax + (aw - pw) / 2, ay)
            for r in range(rows) for c in range(cols)
        )
        t = Tiling(pg, rows, cols, parts)
        if best is None or len(t.parts) < len(best.parts):
            best = t
    assert best is not None
    return best
