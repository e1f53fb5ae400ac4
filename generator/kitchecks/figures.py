"""Figures that drop what they point at: a rulebook figure shows a face smaller than life, and a word
that would print under the kit's floor is left out of it (press/figures.py, `legible`). A figure must
show what its caption names, readable: drawn at a scale where its words stay at or above the floor, a
detail of the face instead of the whole, or a caption that names only what is shown. This check finds
every word a figure of a kit's books would leave out, and every callout whose dot lies on a short
printed word (the dot hides the very letter, number or mark it should point beside)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.kitspec import KitFile, Rulebook
from ..draw.fonts import PT_MM, width_mm
from ..draw.scene import Circle
from ..press.figures import CALLOUT_DOT_MM, CALLOUT_INK, MIN_PT
from .faces import apply, invert, placed_items, printed_faces, text_scale, texts_placed

CAP = 0.72       # a line's capital height, as a part of its size
SHORT = 3        # a word this short (a letter, a number, a mark) is hidden by a dot on it; a longer one stays readable


@dataclass(frozen=True)
class Dropped:
    """A word of a figure too small to print, so left out."""

    where: str
    text: str
    printed_pt: float

    def __str__(self) -> str:
        return (f"{self.where}: {self.text!r} would print at {self.printed_pt:.1f} pt, under {MIN_PT:g} pt, "
                f"so the figure leaves it out (draw it larger, show a detail, or caption only what it shows)")


def dropped_words(files: Iterable[KitFile], paper: str = "a4") -> list[Dropped]:
    """Every text that a figure of the kit's books leaves out for being under MIN_PT as printed."""
    books = [f for f in files if isinstance(f, Rulebook)]
    out: list[Dropped] = []
    for face in printed_faces(books, paper):
        for placed, text in texts_placed(face.scene):
            pt = text.size_pt * text_scale(placed.m) * face.scale
            if pt < MIN_PT - 1e-9:
                out.append(Dropped(face.where, text.text, pt))
    return out


@dataclass(frozen=True)
class Hidden:
    """A word of a figure under a callout's dot."""

    where: str
    text: str

    def __str__(self) -> str:
        return (f"{self.where}: a callout's dot lies on the printed {self.text!r}: it hides what it should "
                f"point beside")


def callouts_on_words(files: Iterable[KitFile], paper: str = "a4") -> list[Hidden]:
    """Every short word (a letter, a number, a mark) of a figure of the kit's books that a callout's dot
    (press/figures.py, `annotated`) lies on: the dot touches the box of its glyphs (its advance width,
    baseline to capital height)."""
    books = [f for f in files if isinstance(f, Rulebook)]
    out: list[Hidden] = []
    for face in printed_faces(books, paper):
        dots = [p for p in placed_items(face.scene)
                if isinstance(p.item, Circle) and p.item.r == CALLOUT_DOT_MM and p.item.fill == CALLOUT_INK]
        if not dots:
            continue
        for placed, text in texts_placed(face.scene):
            if len(text.text.strip()) > SHORT:
                continue
            w = width_mm(text.text, text.size_pt, text.style, text.font)
            left = text.x - {"start": 0.0, "middle": w / 2, "end": w}[text.anchor]
            top = text.y - CAP * text.size_pt * PT_MM
            back = invert(placed.m)   # each dot in the text's own frame
            for dot in dots:
                assert isinstance(dot.item, Circle)
                x, y = apply(back, *apply(dot.m, dot.item.cx, dot.item.cy))
                r = CALLOUT_DOT_MM / text_scale(placed.m) * text_scale(dot.m)
                if left - r < x < left + w + r and top - r < y < text.y + r:
                    out.append(Hidden(face.where, text.text))
                    break
    return out
