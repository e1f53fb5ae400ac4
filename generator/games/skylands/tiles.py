"""Square tiles of terrain fragments: their edges, rotated; the same for island and special tiles."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal

# Sides in clockwise order: a quarter turn clockwise moves a fragment from side i to side i+1.
SIDES = ("north", "east", "south", "west")
NORTH, EAST, SOUTH, WEST = range(4)
CLOUDS = "clouds"
# The row/column step from a square to its neighbour across each side.
STEP = {NORTH: (-1, 0), EAST: (0, 1), SOUTH: (1, 0), WEST: (0, -1)}

FaceKind = Literal["island", "special", "starting", "printed"]


def opposite(side: int) -> int:
    """The side of the neighbouring square that touches `side`."""
    return (side + 2) % 4


def turn(side: int, rotation: int) -> int:
    """Where an unrotated side lies after turning the tile `rotation` degrees clockwise."""
    return (side + rotation // 90) % 4


@dataclass(frozen=True)
class Fragment:
    """One patch of terrain on a tile: the sides it covers (unrotated) and its inhabitant spaces.

    terrain is None for a special island surrounded by clouds on its own tile.
    scoring is False for spaces that hold inhabitants but score nothing (the Hostel's).
    """

    terrain: str | None
    sides: frozenset[int]
    spaces: int
    scoring: bool = True

    @property
    def island_type(self) -> str:
        return self.terrain if self.terrain is not None else "special"


@dataclass(frozen=True)
class Face:
    """One printed side of a tile: an island tile, a special island, a starting island side,
    or a square pre-printed on a player board.

    Attributes:
        id: unique among all faces of the game.
        shape: the shape it was made from.
        fragments: its patches of terrain.
        mark: the player-count mark id (None: in every game).
        special: the special island's id for a special island face.
    """

    id: str
    kind: FaceKind
    shape: str
    fragments: tuple[Fragment, ...]
    mark: str | None = None
    special: str | None = None
    copy: int = 1
    terrains: tuple[str, ...] = field(default=())

    def edge(self, side: int, rotation: int = 0) -> str:
        """The terrain on `side` of the tile as it lies turned `rotation` degrees clockwise."""
        return self.turns[rotation // 90 % 4][0][side]

    @cached_property
    def turns(self) -> tuple[tuple[tuple[str, ...], tuple[int | None, ...]], ...]:
        """For each quarter turn clockwise (0-3): the edge terrain and the covering fragment's index
        (None: clouds) of each side, north to west; worked out once a face (rules are read often)."""
        out = []
        for q in range(4):
            edges, frags = [], []
            for side in range(4):
                base = (side - q) % 4
                index = next((i for i, f in enumerate(self.fragments) if base in f.sides), None)
                terrain = next((f.terrain for f in self.fragments if base in f.sides and f.terrain is not None),
                               CLOUDS)
                edges.append(terrain)
                frags.append(index)
            out.append((tuple(edges), tuple(frags)))
        return tuple(out)

    def edges(self, rotation: int = 0) -> tuple[str, str, str, str]:
        """North, east, south and west edge terrains after rotation."""
        n, e, s, w = (self.edge(side, rotation) for side in range(4))
        return (n, e, s, w)

    def fragment_at(self, side: int) -> int | None:
        """Index of the fragment covering `side`, None for a clouds edge."""
        return self.turns[0][1][side]

    @property
    def spaces(self) -> int:
        return sum(f.spaces for f in self.fragments)

    def turned(self, rotation: int) -> Face:
        """The same face as it lies turned `rotation` degrees clockwise, described unrotated."""
        q = rotation // 90
        frags = tuple(replace(f, sides=frozenset((s + q) % 4 for s in f.sides)) for f in self.fragments)
        return replace(self, fragments=frags)
