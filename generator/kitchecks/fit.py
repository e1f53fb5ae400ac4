"""Things that must fit, physically: a piece the model puts into a space is no larger than the space.

A game's kit says which piece goes into which spaces of which face (kitspec.Spaces). A bounded space
(a field with printed edges) must hold the piece, either way round; pieces set on marks (centred on
each) must not overlap one another on the face, as they would when every space is taken.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from ..core.kitspec import Spaces

ROOM_MM = 0.2   # what a piece's edge may stand over its space's, or over its neighbour (print and cut)


@dataclass(frozen=True)
class Misfit:
    piece: str
    face: str
    says: str

    def __str__(self) -> str:
        return f"{self.face}: {self.piece} {self.says}"


def misfits(spaces: Iterable[Spaces]) -> list[Misfit]:
    """Every piece larger than a space it goes into, or overlapping its neighbour on a face."""
    out: list[Misfit] = []
    for s in spaces:
        pw, ph = s.piece_mm
        size = f"{pw:g} x {ph:g} mm" if pw != ph else f"{pw:g} mm"
        if s.bounded:
            for x, y, w, h in s.spaces:
                if not _holds((w, h), (pw, ph)):
                    out.append(Misfit(s.piece, s.face, f"({size}) does not fit its {w:.1f} x {h:.1f} mm space at "
                                                       f"({x:.1f}, {y:.1f})"))
                    break
            continue
        centres = [(x + w / 2, y + h / 2) for x, y, w, h in s.spaces]
        for (ax, ay), (bx, by) in combinations(centres, 2):
            # two pieces centred on the marks overlap unless their boxes part along one axis
            apart = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 >= pw - ROOM_MM if s.round else \
                abs(ax - bx) >= pw - ROOM_MM or abs(ay - by) >= ph - ROOM_MM
            if not apart:
                gap = max(abs(ax - bx), abs(ay - by))
                out.append(Misfit(s.piece, s.face, f"({size}) overlaps its neighbour: spaces at ({ax:.1f}, {ay:.1f})"
                                                   f" and ({bx:.1f}, {by:.1f}) are {gap:.1f} mm apart"))
                break
    return out


def _holds(space: tuple[float, float], piece: tuple[float, float]) -> bool:
    (w, h), (pw, ph) = space, piece
    return (pw <= w + ROOM_MM and ph <= h + ROOM_MM) or (ph <= w + ROOM_MM and pw <= h + ROOM_MM)
