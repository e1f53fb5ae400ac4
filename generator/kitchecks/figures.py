"""Figures that drop what they point at: a rulebook figure shows a face smaller than life, and a word
that would print under the kit's floor is left out of it (press/figures.py, `legible`). A figure must
show what its caption names, readable: drawn at a scale where its words stay at or above the floor, a
detail of the face instead of the whole, or a caption that names only what is shown. This check finds
every word a figure of a kit's books would leave out."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.kitspec import KitFile, Rulebook
from ..press.figures import MIN_PT
from .faces import printed_faces, text_scale, texts_placed


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
