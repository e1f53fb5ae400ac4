"""Whether a tile's edges and spaces make sense for its shape (pure: messages, no positions)."""

from __future__ import annotations

from collections import Counter

from .schema import ShapeSpec
from .tiles import CLOUDS, SIDES, Face

MIRROR = {"north": "north", "south": "south", "east": "west", "west": "east"}


def shape_problems(shape: ShapeSpec, capacity: dict[int, int]) -> list[str]:
    """A shape's fragments: no edge covered twice, edges reached unless special-only, spaces that fit."""
    out = []
    covered = Counter(side for frag in shape.fragments for side in frag.edges)
    for side, n in sorted(covered.items()):
        if n > 1:
            out.append(f"shape {shape.id!r}: the {side} edge is covered by {n} fragments (one at most)")
    for i, frag in enumerate(shape.fragments, start=1):
        if len(set(frag.edges)) != len(frag.edges):
            out.append(f"shape {shape.id!r}: fragment {i} names an edge twice ({', '.join(frag.edges)})")
        if not frag.edges and not shape.special_only:
            out.append(f"shape {shape.id!r}: fragment {i} reaches no edge, so it could never join an "
                       "island (only special islands are complete in themselves)")
        cap = capacity.get(len(set(frag.edges)))
        if cap is None:
            out.append(f"shape {shape.id!r}: fragment {i} covers {len(set(frag.edges))} edges; "
                       f"space_capacity has no entry for that (entries: {sorted(capacity)})")
        elif frag.spaces > cap:
            out.append(f"shape {shape.id!r}: fragment {i} has {frag.spaces} spaces, more than fit on a "
                       f"fragment of {len(set(frag.edges))} edge(s) (at most {cap})")
        if frag.spaces < 1 and not shape.special_only:
            out.append(f"shape {shape.id!r}: fragment {i} has no inhabitant space (island fragments show 1 or more)")
    return out


def _patterns(shape: ShapeSpec, mirrored: bool) -> set[tuple[tuple[int, ...], ...]]:
    """The fragment layout of a shape in each of its four rotations (fragment order kept)."""
    out = set()
    for r in range(4):
        frags = []
        for frag in shape.fragments:
            sides = [MIRROR[s] if mirrored else s for s in frag.edges]
            frags.append(tuple(sorted((SIDES.index(s) + r) % 4 for s in sides)))
        out.add(tuple(frags))
    return out


def mirror_problems(shape: ShapeSpec, original: ShapeSpec) -> list[str]:
    """A mirror shape must be its original reflected, and must not be the original turned."""
    mine = next(iter(_patterns(shape, False)))
    if mine in _patterns(original, False):
        return [(f"shape {shape.id!r} is {original.id!r} turned, not a mirror image: "
                 "the two would be the same tiles")]
    if mine not in _patterns(original, True):
        return [f"shape {shape.id!r} is not the mirror image of {original.id!r}"]
    return []


def face_problems(face: Face) -> list[str]:
    """A made face: edges agree with its fragments; two fragments of one tile differ in terrain."""
    out = []
    for side in range(4):
        frag = face.fragment_at(side)
        want = CLOUDS if frag is None else face.fragments[frag].terrain or CLOUDS
        if face.edge(side) != want:
            out.append(f"{face.id}: the {SIDES[side]} edge shows {face.edge(side)} but its fragment is {want}")
    terrains = [f.terrain for f in face.fragments if f.terrain is not None]
    dup = sorted(t for t, n in Counter(terrains).items() if n > 1)
    if dup:
        out.append(f"{face.id}: two fragments of {', '.join(dup)} on one tile (the fragments of a tile "
                   "are of different terrains)")
    return out


def form(sides: frozenset[int]) -> tuple[str, int]:
    """The form of a fragment and how many quarter turns clockwise take its unrotated form there."""
    s = sorted(sides)
    if not s:
        return "blob", 0
    if len(s) == 1:
        return "cap", s[0]
    if len(s) == 2:
        a, b = s
        if b - a == 2:
            return "band", a
        return "corner", (a if (a + 1) % 4 == b else b)
    if len(s) == 3:
        missing = ({0, 1, 2, 3} - set(s)).pop()
        return "u", (missing - 2) % 4
    return "full", 0
