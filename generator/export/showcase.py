"""A showcase (`showcase` profile), as Squib's `showcase` and `hand`: pictures to show a game on a web page
or a crowdfunding post, per deck a hand of its cards fanned (DECK-hand.png) and the deck laid out, each
face once and its back last (DECK-spread.png).

The faces are the print shops' pixels: drawn by the press on pages of their own (press/faces.py) and
rendered by pdfium (raster.py); Pillow only composes them (rounded corners as a cut card has, a soft
shadow, a turn for the fan). Nothing in it depends on the time or the machine: the same kit gives the
same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from typing import Annotated

from PIL import Image, ImageDraw, ImageFilter
from pydantic import Field

from ..content.schema import Mm
from ..core.game import Artifact
from ..draw.scene import Scene
from ..press.faces import FacePage, Placed, face_pages
from . import Exporter, Job, raster
from .decks import Deck, decks
from .settings import Settings

INCH = 25.4
MAX_SIDE_PX = 8000   # the longest side of a picture: a spread of a large deck shows its first faces


class ShowcaseSettings(Settings):
    dpi: Annotated[int, Field(ge=36, le=600)]
    hand: Annotated[int, Field(ge=2, le=12)]          # the cards fanned in a hand
    fan: Annotated[float, Field(gt=0, le=30)]         # degrees between two cards of the hand
    columns: Annotated[int, Field(ge=1, le=20)]       # faces a row of a spread
    most: Annotated[int, Field(ge=1, le=200)]         # faces a spread shows at most
    gap: Mm                                           # between faces of a spread, and around a picture
    corner: Mm                                        # the radius of a cut card's corners
    shadow: Mm                                        # how far a face's shadow falls
    background: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")


def make(job: Job, show: ShowcaseSettings) -> Iterator[Artifact]:
    for deck in decks(job.files, ("sections",)):
        faces = list(dict.fromkeys(card.front for card in deck.cards))   # each face once, in the kit's order
        shown = faces[:show.most]
        back = deck.common_back
        scenes = shown + ([back] if back is not None else [])
        images = _render(job, deck, scenes, show)
        w, h = deck.size
        if len(faces) >= 2 and w < h:   # a hand is of cards, held upright
            yield Artifact(f"{deck.key}-hand.png", _png(_hand(images[:min(show.hand, len(shown))], show),
                                                        show), deck.sources)
        yield Artifact(f"{deck.key}-spread.png", _png(_spread(images, show), show), deck.sources)


def _px(mm: float, show: ShowcaseSettings) -> int:
    return max(1, round(mm / INCH * show.dpi))


def _render(job: Job, deck: Deck, scenes: list[Scene], show: ShowcaseSettings) -> list[Image.Image]:
    """Each face at its trim, rendered by pdfium from the press's drawing, cut as the piece is: a card's
    corners rounded, a round token round (its layout's `shape`)."""
    w, h = deck.size
    size = (_px(w, show), _px(h, show))
    pages = [FacePage(w, h, (Placed(scene, 0, 0),)) for scene in scenes]
    pdf = face_pages(job.title, f"{deck.label}: showcase", pages)
    mask = Image.new("L", size, 0)
    box = (0, 0, size[0] - 1, size[1] - 1)
    if scenes[0].shape == "circle":   # a round token, cut round
        ImageDraw.Draw(mask).ellipse(box, fill=255)
    else:
        ImageDraw.Draw(mask).rounded_rectangle(box, _px(show.corner, show), fill=255)
    out = []
    for data in raster.pngs(pdf, [size] * len(pages), show.dpi):
        with Image.open(io.BytesIO(data)) as im:
            face = im.convert("RGBA")
        face.putalpha(mask)
        out.append(face)
    return out


def _shadowed(faces: list[tuple[Image.Image, float, float]], show: ShowcaseSettings) -> Image.Image:
    """The faces (image, centre x, centre y in px) on the background in order, each over a soft shadow,
    on a canvas just large enough with a gap around."""
    pad = _px(show.gap + 2 * show.shadow, show)
    left = min(cx - im.width / 2 for im, cx, _ in faces) - pad
    top = min(cy - im.height / 2 for im, _, cy in faces) - pad
    right = max(cx + im.width / 2 for im, cx, _ in faces) + pad
    bottom = max(cy + im.height / 2 for im, _, cy in faces) + pad
    canvas = Image.new("RGBA", (math.ceil(right - left), math.ceil(bottom - top)), show.background)
    fall = _px(show.shadow, show)
    for im, cx, cy in faces:
        x, y = round(cx - im.width / 2 - left), round(cy - im.height / 2 - top)
        shade = Image.new("RGBA", im.size, (0, 0, 0, 0))
        shade.putalpha(im.getchannel("A").point(lambda a: a * 2 // 5))
        shade = shade.filter(ImageFilter.GaussianBlur(fall))
        canvas.alpha_composite(shade, (x + fall // 2, y + fall))
        canvas.alpha_composite(im, (x, y))
    return canvas


def _hand(cards: list[Image.Image], show: ShowcaseSettings) -> Image.Image:
    """The cards fanned as a hand holds them: turned about a point below the hand, `fan` degrees apart,
    the leftmost at the back."""
    h = cards[0].height
    radius = 1.6 * h   # the turning point, below the cards' centres
    placed = []
    for i, card in enumerate(cards):
        angle = (i - (len(cards) - 1) / 2) * show.fan
        turned = card.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        t = math.radians(angle)
        placed.append((turned, radius * math.sin(t), radius * (1 - math.cos(t))))
    return _shadowed(placed, show)


def _spread(faces: list[Image.Image], show: ShowcaseSettings) -> Image.Image:
    """The faces in rows of `columns`, a gap apart (as many rows as the longest side allows)."""
    w, h = faces[0].size
    gap = _px(show.gap, show)
    cols = min(show.columns, len(faces))
    rows = max(1, min(math.ceil(len(faces) / cols), (MAX_SIDE_PX - gap) // (h + gap)))
    shown = faces[:cols * rows]
    return _shadowed([(im, (i % cols) * (w + gap) + w / 2, (i // cols) * (h + gap) + h / 2)
                      for i, im in enumerate(shown)], show)


def _png(image: Image.Image, show: ShowcaseSettings) -> bytes:
    """PNG bytes with no time and no software name (Pillow writes neither unless asked)."""
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="PNG", dpi=(show.dpi, show.dpi), compress_level=6)
    return buf.getvalue()


EXPORTER = Exporter(ShowcaseSettings, make)
