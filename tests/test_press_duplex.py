"""Backs line up behind their fronts for every page orientation and duplex mode, measured.

The sheet is modelled as a printer handles it, independently of the press: a landscape page is
laid across portrait paper (turned a quarter, both sides alike), and the paper is turned over
about its long edge (long-edge duplex) or its short edge (short-edge duplex). A back must cover
exactly the paper its front covers, and stand upright behind it when the card is turned over like
a page of a book (the back's top-left corner behind the front's top-right corner).
"""

from __future__ import annotations

import numpy as np
import pypdfium2
import pytest

from generator.core.game import BuildOptions
from generator.draw import Rect, Scene
from generator.press import PrintDocument, impose

SCALE = 2.0                      # pixels per PDF point: 0.18 mm a pixel
PX_MM = 25.4 / 72 / SCALE
MARK_MM = 6.0                    # the black square in each back's top-left corner


def behind(x: float, y: float, w: float, h: float, duplex: str) -> tuple[float, float]:
    """The point of the back page (mm, top-left origin) behind point (x, y) of a w x h front page."""
    landscape = w > h
    # page -> paper (portrait): a landscape page is turned a quarter onto the paper
    px, py = (y, w - x) if landscape else (x, y)
    pw, ph = (h, w) if landscape else (w, h)
    # the paper turns over about its long (vertical) or short (horizontal) edge
    px, py = (pw - px, py) if duplex == "long" else (px, ph - py)
    # paper -> back page, turned the same way as the front
    return (w - py, px) if landscape else (px, py)


def _colour(k: int, back: bool) -> str:
    return f"#{40 + 9 * k:02x}{200 if back else 90:02x}{230 - 7 * k:02x}"


def _faces(w: float, h: float, n: int) -> tuple[list[Scene], list[Scene]]:
    # the colour covers the trim exactly; the white background fills the bleed
    fronts = [Scene(w, h, (Rect(0, 0, w, h, fill=_colour(k, False)),), background="#ffffff") for k in range(n)]
    backs = [Scene(w, h, (Rect(0, 0, w, h, fill=_colour(k, True)), Rect(0, 0, MARK_MM, MARK_MM, fill="#000000")),
                   background="#ffffff") for k in range(n)]
    return fronts, backs


def _render(pdf: pypdfium2.PdfDocument, i: int) -> np.ndarray:
    return np.asarray(pdf[i].render(scale=SCALE).to_pil().convert("RGB")).astype(int)


def _bbox(mask: np.ndarray) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) in mm of the pixels set in mask (pixel edges)."""
    ys, xs = np.nonzero(mask)
    if not len(xs):
        return None
    return (xs.min() * PX_MM, ys.min() * PX_MM, (xs.max() + 1) * PX_MM, (ys.max() + 1) * PX_MM)


def _of(img: np.ndarray, colour: str) -> tuple[float, float, float, float] | None:
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return _bbox(np.all(np.abs(img - rgb) <= 2, axis=2))


CASES = [  # face size -> the page the grid chooses on A4
    pytest.param((63.0, 88.0), False, id="portrait-page"),
    pytest.param((44.0, 176.0), True, id="landscape-page"),
]


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize(("size", "landscape"), CASES)
def test_slots_lie_exactly_behind_their_fronts(size, landscape, duplex):
    g = impose.grid("a4", *size, 3.0)
    pg = g.page
    assert (pg.w > pg.h) == landscape
    for front, back in zip(g.slots, impose.backs(g, duplex), strict=True):
        corners = [behind(x, y, pg.w, pg.h, duplex) for x, y in
                   ((front.x, front.y), (front.x + front.w, front.y + front.h))]
        xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
        assert (back.x, back.y, back.x + back.w, back.y + back.h) == pytest.approx((xs[0], ys[0], xs[1], ys[1]))
        # upright when turned like a book page: the back's top-left lies behind the front's top-right
        top_left = (back.x + back.w, back.y + back.h) if back.turned else (back.x, back.y)
        assert top_left == pytest.approx(behind(front.x + front.w, front.y, pg.w, pg.h, duplex))


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize(("size", "landscape"), CASES)
def test_printed_backs_land_behind_their_fronts(size, landscape, duplex):
    """Full and partial pages: render each fronts page and its backs page, find every face by its
    colour, and turn the sheet over."""
    per_page = impose.grid("a4", *size, 3.0).per_page
    n = per_page + per_page // 2 + 1  # one full page, then a partial one
    fronts, backs = _faces(*size, n)
    doc = PrintDocument("Test", "duplex", BuildOptions(paper="a4", bleed_mm=3.0, duplex=duplex))
    doc.cards("faces", fronts, backs)
    pdf = pypdfium2.PdfDocument(doc.to_bytes())
    assert len(pdf) == 4
    tol = 2 * PX_MM
    for sheet, first in ((0, 0), (1, per_page)):
        w_pt, h_pt = pdf[2 * sheet].get_size()
        pw, ph = w_pt * 25.4 / 72, h_pt * 25.4 / 72
        assert (pw > ph) == landscape
        front_img, back_img = _render(pdf, 2 * sheet), _render(pdf, 2 * sheet + 1)
        on_sheet = range(first, min(n, first + per_page))
        for k in on_sheet:
            f = _of(front_img, _colour(k, False))
            b = _of(back_img, _colour(k, True))
            assert f is not None and b is not None, (k, f, b)
            corners = [behind(x, y, pw, ph, duplex) for x, y in ((f[0], f[1]), (f[2], f[3]))]
            want = (min(c[0] for c in corners), min(c[1] for c in corners),
                    max(c[0] for c in corners), max(c[1] for c in corners))
            # the colour still spans the whole trim around the black mark in one corner; faces may
            # butt on a shared cut, so a pixel on the cut may belong to either neighbour
            assert b == pytest.approx(want, abs=tol), (k, b, want)
            x0, y0, x1, y1 = (round(v / PX_MM) for v in b)
            found = _bbox(np.all(back_img[y0 + 2:y1 - 2, x0 + 2:x1 - 2] <= 2, axis=2))
            assert found is not None, k
            mark = (found[0] + (x0 + 2) * PX_MM, found[1] + (y0 + 2) * PX_MM,
                    found[2] + (x0 + 2) * PX_MM, found[3] + (y0 + 2) * PX_MM)
            # the mark sits in the corner behind the front's top-right corner (the others lie at
            # least a face's width away)
            cx, cy = behind(f[2], f[1], pw, ph, duplex)
            mid = ((mark[0] + mark[2]) / 2, (mark[1] + mark[3]) / 2)
            assert abs(mid[0] - cx) < MARK_MM and abs(mid[1] - cy) < MARK_MM, (k, (cx, cy), mark)
        # and no back lies behind an empty slot
        for k in range(n):
            if k not in on_sheet:
                assert _of(back_img, _colour(k, True)) is None
