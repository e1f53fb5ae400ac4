"""Contrast: small words (under SMALL_PT as printed) stand at MIN_RATIO or more against what is under
them, on every face of a kit.

The ratio is WCAG 2's contrast ratio of relative luminances, (L1 + 0.05) / (L2 + 0.05), 4.5:1 being its
floor for ordinary text; large text (SMALL_PT and up) is left to the designer's eye. What is under a word
is found in the scene itself: at points along the word's middle line, the last filled shape painted
before the word that covers the point (else the face's background, else white paper). A word over a
picture is not judged (a picture's pixels are not the scene's to know).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.kitspec import KitFile
from ..draw.fonts import PT_MM, width_mm
from ..draw.scene import Circle, Image, Path, Rect, Text
from .faces import Placed, apply, covers, invert, placed_items, printed_faces, text_scale, texts_placed
from .wcag import ratio

SMALL_PT = 9.0
MIN_RATIO = 4.5
PAPER = "#ffffff"


@dataclass(frozen=True)
class LowContrast:
    where: str
    text: str
    printed_pt: float
    color: str
    under: str
    ratio: float

    def __str__(self) -> str:
        return (f"{self.where}: {self.text!r} ({self.printed_pt:.1f} pt, {self.color} on {self.under}) has "
                f"contrast {self.ratio:.1f}:1; words under {SMALL_PT:g} pt need {MIN_RATIO:g}:1")


def low_contrast(files: Iterable[KitFile], paper: str = "a4") -> list[LowContrast]:
    """Every small word of every face of the kit that stands under MIN_RATIO against what is under it."""
    out: list[LowContrast] = []
    for face in printed_faces(files, paper):
        items = placed_items(face.scene)
        for p, t in texts_placed(face.scene):
            if t.color is None:
                continue
            pt = t.size_pt * text_scale(p.m) * face.scale
            if pt >= SMALL_PT:
                continue
            worst: tuple[float, str] | None = None
            for x, y in _probes(t):
                under = _under(items, p, *apply(p.m, x, y), face.scene.background)
                if under is None:
                    worst = None   # over a picture: not judged
                    break
                r = ratio(t.color, under)
                if worst is None or r < worst[0]:
                    worst = (r, under)
            if worst is not None and worst[0] < MIN_RATIO - 1e-9:
                out.append(LowContrast(face.where, t.text, pt, t.color, worst[1], worst[0]))
    return out


def _probes(t: Text) -> list[tuple[float, float]]:
    """Points along the middle of the word's letters (in its own coordinates)."""
    w = width_mm(t.text, t.size_pt, t.style, t.font)
    left = {"start": t.x, "middle": t.x - w / 2, "end": t.x - w}[t.anchor]
    y = t.y - t.size_pt * PT_MM * 0.35
    return [(left + w * f, y) for f in (0.1, 0.5, 0.9)]


def _under(items: list[Placed], text: Placed, x: float, y: float, background: str | None) -> str | None:
    """The colour painted at face point (x, y) before the text: the topmost filled shape there."""
    for p in reversed(items[:text.order]):
        it = p.item
        if isinstance(it, Image):
            ix, iy = apply(invert(p.m), x, y)
            if it.x <= ix <= it.x + it.w and it.y <= iy <= it.y + it.h:
                return None
            continue
        if not isinstance(it, Rect | Circle | Path):
            continue
        lx, ly = apply(invert(p.m), x, y)
        if covers(it, lx, ly) and it.fill is not None:
            return it.fill
    return background or PAPER
