"""Print shops: one PNG per face at the shop's resolution (`png`: The Game Crafter, MakePlayingCards)
or one PDF per deck, a card a page, back then front (`pdf`: DriveThruCards).

Every face is placed on a page of its *frame*: the shop's product it matches (a 63 x 88 mm card is
a 2.5 x 3.5 in poker card) or, when none matches, its own trim; plus the shop's bleed on each side.
A face matching a product is scaled by the same factor both ways until it covers the product's trim
(63 x 88 mm to 2.5 x 3.5 in is 1.0102x: under 0.1 mm of the card is lost to the cut, centred), so
the shop's cut line lies on the card's own. In pixels, the page is the frame rounded to whole pixels
as the shops count them: trim in inches x dpi + 2 x bleed in pixels, rounded half up (poker at The
Game Crafter: 2.5 x 300 + 2 x 37.5 = 825). Faces are drawn by the press (generator/press/faces.py)
and rendered by pdfium (raster.py): the pixels are the kit's own vector drawing.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from ..content.schema import Mm, Slug, Strict
from ..core.game import Artifact
from ..draw.scene import Scene
from ..press.faces import FacePage, Placed, face_pages
from . import Exporter, Job, raster
from .decks import Card, Deck, Kind, decks
from .settings import Settings

INCH = 25.4


class Product(Strict):
    """A size the shop sells: a face within `fit` of its trim (either way up) prints as it."""

    name: Slug
    trim: tuple[Mm, Mm]


class ShopSettings(Settings):
    bleed: Mm
    fit: Mm
    products: tuple[Product, ...] = ()
    parts: tuple[Kind, ...] = ("sections",)


class PngSettings(ShopSettings):
    dpi: Annotated[int, Field(ge=72, le=1200)]


@dataclass(frozen=True)
class Frame:
    """Where a face goes on its page: page w x h mm (pixels too, for an image), the product it
    prints as ('' = its own size), the trim box, and the face's place and scale."""

    w: float
    h: float
    px: tuple[int, int]
    product: str
    trim: tuple[float, float, float, float]
    placed_at: tuple[float, float]
    scale: float

    def page(self, scene: Scene) -> FacePage:
        x, y = self.placed_at
        reach = max(x, y, self.w - x - scene.w * self.scale, self.h - y - scene.h * self.scale)
        return FacePage(self.w, self.h, (Placed(scene, x, y, self.scale, reach + 0.1),), self.trim)


def frame(w: float, h: float, shop: ShopSettings, dpi: int | None = None) -> Frame:
    """The frame of a w x h mm face at `shop` (whole pixels at `dpi`; exact millimetres without)."""
    product, tw, th = "", w, h
    for p in shop.products:
        for pw, ph in (p.trim, p.trim[::-1]):
            if abs(w - pw) <= shop.fit and abs(h - ph) <= shop.fit:
                product, tw, th = p.name, pw, ph
                break
        if product:
            break
    scale = max(tw / w, th / h)
    if dpi is None:
        px = (0, 0)
        pw, ph = tw + 2 * shop.bleed, th + 2 * shop.bleed
    else:
        px = (_whole(tw, shop.bleed, dpi), _whole(th, shop.bleed, dpi))
        pw, ph = px[0] / dpi * INCH, px[1] / dpi * INCH
    trim = ((pw - tw) / 2, (ph - th) / 2, tw, th)
    return Frame(pw, ph, px, product, trim, ((pw - w * scale) / 2, (ph - h * scale) / 2), scale)


def _whole(trim_mm: float, bleed_mm: float, dpi: int) -> int:
    """Pixels across: trim and both bleeds at `dpi`, rounded half up (a hair of float error aside)."""
    return math.floor((trim_mm + 2 * bleed_mm) / INCH * dpi + 0.5 + 1e-9)


# ---- png: one image per face ---------------------------------------------------------------------

def make_png(job: Job, shop: PngSettings) -> Iterator[Artifact]:
    """Per deck, a folder: its common back first ('000-back.png'), then each face in the kit's order,
    its copies in its name ('007-ember-duelist-x2.png'), its own back beside it when backs differ
    ('007-ember-duelist-x2-back.png'). cards.csv lists every file with its copies and size."""
    rows: list[list[object]] = []
    sources: set[str] = set()
    for deck in decks(job.files, shop.parts):
        sources.update(deck.sources)
        fr = frame(*deck.size, shop, shop.dpi)
        pages = list(_deck_faces(deck))
        pdf = face_pages(job.title, f"{deck.label} for print", [fr.page(scene) for _, scene in pages])
        for (name, _), data in zip(pages, raster.pngs(pdf, [fr.px] * len(pages), shop.dpi), strict=True):
            yield Artifact(f"{deck.key}/{name}.png", data, deck.sources)
        for card in deck.cards:
            front, back = _card_files(deck, card)
            rows.append([deck.key, card.number, f"{deck.key}/{front}.png",
                         f"{deck.key}/{back}.png" if back else "", card.copies, fr.product or "custom",
                         f"{fr.px[0]}x{fr.px[1]}"])
    yield Artifact("cards.csv", _csv(["deck", "number", "front", "back", "copies", "product", "pixels"], rows),
                   tuple(sorted(sources)))


def _deck_faces(deck: Deck) -> Iterator[tuple[str, Scene]]:
    common = deck.common_back
    if common is not None:
        yield "000-back", common
    for card in deck.cards:
        front, back = _card_files(deck, card)
        yield front, card.front
        if back and card.back is not None and common is None:
            yield back, card.back


def _card_files(deck: Deck, card: Card) -> tuple[str, str]:
    stem = card.stem + (f"-x{card.copies}" if card.copies > 1 else "")
    if card.back is None:
        return stem, ""
    return stem, "000-back" if deck.common_back is not None else f"{stem}-back"


def _csv(header: list[str], rows: list[list[object]]) -> bytes:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue().encode()


# ---- pdf: one file per deck ----------------------------------------------------------------------

def make_pdf(job: Job, shop: ShopSettings) -> Iterator[Artifact]:
    """Per deck, DECK.pdf: every copy of every card as two pages, its back then its front, each page
    the card's frame (trim plus bleed, TrimBox and BleedBox set)."""
    for deck in decks(job.files, shop.parts):
        fr = frame(*deck.size, shop)
        pages: list[FacePage] = []
        for card in deck.cards:
            for _ in range(card.copies):
                if card.back is not None:
                    pages.append(fr.page(card.back))
                pages.append(fr.page(card.front))
        yield Artifact(f"{deck.key}.pdf", face_pages(job.title, f"{deck.label}, back then front", pages),
                       deck.sources)


PNG = Exporter(PngSettings, make_png)
PDF = Exporter(ShopSettings, make_pdf)
