"""A player board: squares, the tiles on them, and the placing rules ("Rules for placing tiles")."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from types import MappingProxyType

from .tiles import SIDES, STEP, Face, opposite

Square = tuple[int, int]
"""(row, column), 0-based; written as column letter + row number: (1, 2) is 'C2'."""

ROTATIONS = (0, 90, 180, 270)
_SQUARE = re.compile(r"^([A-Z])([1-9][0-9]?)$")


def square_name(square: Square) -> str:
    row, col = square
    return f"{chr(ord('A') + col)}{row + 1}"


def parse_square(name: str, rows: int, columns: int) -> Square | None:
    """'C2' → (1, 2); None when the name is not a square of a rows x columns board."""
    m = _SQUARE.match(name.strip().upper())
    if not m:
        return None
    col, row = ord(m.group(1)) - ord("A"), int(m.group(2)) - 1
    if 0 <= row < rows and 0 <= col < columns:
        return (row, col)
    return None


@dataclass(frozen=True)
class Placed:
    """A face on a square, turned `rotation` degrees clockwise, with the inhabitants on each fragment.

    printed: a square pre-printed on the player board (it counts as a placed tile).
    """

    face: Face
    rotation: int = 0
    printed: bool = False
    inhabitants: tuple[tuple[str, ...], ...] = ()

    def edge(self, side: int) -> str:
        return self.face.edge(side, self.rotation)

    def inhabitants_on(self, fragment: int) -> tuple[str, ...]:
        return self.inhabitants[fragment] if fragment < len(self.inhabitants) else ()

    @property
    def inhabitant_count(self) -> int:
        return sum(len(group) for group in self.inhabitants)


@dataclass(frozen=True)
class Mismatch:
    """An edge that breaks "Each edge of a placed tile must match the type … of adjacent tiles"."""

    square: Square
    side: int
    terrain: str
    neighbour: Square
    neighbour_terrain: str

    def __str__(self) -> str:
        return (f"square {square_name(self.square)}, {SIDES[self.side]} edge: {self.terrain} meets "
                f"{self.neighbour_terrain} on the {SIDES[opposite(self.side)]} edge of "
                f"{square_name(self.neighbour)} (touching edges must show the same terrain)")


class IllegalPlacement(ValueError):
    pass


BEYOND = ""
"""What lies across a side at the edge of the board (no terrain is named '')."""


@dataclass(frozen=True)
class Opening:
    """An empty square and, across each side, the facing edge of a tile, None for an empty square or
    BEYOND for the edge of the board."""

    square: Square
    across: tuple[str | None, ...]

    @cached_property
    def wanted(self) -> tuple[str | None, ...]:
        """The edge each side must show, None for "no restriction" (the edge of the board, an empty square)."""
        return tuple(t or None for t in self.across)

    def fitting(self, face: Face) -> list[int]:
        """The rotations of `face` whose edges match every neighbouring tile."""
        return list(fits(face).get(self.wanted, ()))


def fits(face: Face) -> Mapping[tuple[str | None, ...], tuple[int, ...]]:
    """For every edges an empty square may want (Opening.wanted), the rotations of `face` that show
    them: looked up, not worked out, for each square a policy weighs (made once a face's edges)."""
    return _fits(tuple(edges for edges, _ in face.turns))


@cache
def _fits(turns: tuple[tuple[str, ...], ...]) -> dict[tuple[str | None, ...], tuple[int, ...]]:
    out: dict[tuple[str | None, ...], tuple[int, ...]] = {}
    for asked in range(16):  # each set of sides that must match: a bit for each side
        for rot, edges in zip(ROTATIONS, turns, strict=True):
            wanted = tuple(t if asked >> side & 1 else None for side, t in enumerate(edges))
            if rot not in out.get(wanted, ()):
                out[wanted] = (*out.get(wanted, ()), rot)
    return out


@dataclass(frozen=True)
class Board:
    """A rows x columns player board; `squares` maps each covered square to what lies on it."""

    rows: int
    columns: int
    squares: Mapping[Square, Placed] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # a board never changes once made: place() returns a new one
        object.__setattr__(self, "squares", MappingProxyType(dict(self.squares)))

    def all_squares(self) -> Iterator[Square]:
        for row in range(self.rows):
            for col in range(self.columns):
                yield (row, col)

    def on_board(self, square: Square) -> bool:
        return 0 <= square[0] < self.rows and 0 <= square[1] < self.columns

    def neighbour(self, square: Square, side: int) -> Square:
        """The square across `side` (may be off the board)."""
        dr, dc = STEP[side]
        return (square[0] + dr, square[1] + dc)

    def empty_squares(self) -> tuple[Square, ...]:
        """The squares no tile covers, in reading order (worked out once a board: a board never changes)."""
        return self._empty

    @cached_property
    def _empty(self) -> tuple[Square, ...]:
        parent, square = self.__dict__.get("_grown_from", (None, None))
        if parent is not None and "_empty" in parent.__dict__:
            return tuple(sq for sq in parent._empty if sq != square)
        return tuple(sq for sq in self.all_squares() if sq not in self.squares)

    @cached_property
    def inhabitants(self) -> tuple[str, ...]:
        """Every inhabitant on the board (its colour), square by square."""
        return tuple(c for p in self.squares.values() for group in p.inhabitants for c in group)

    @cached_property
    def specials(self) -> tuple[tuple[Square, str], ...]:
        """The special islands on the board, (square, special island id) in reading order."""
        return tuple(sorted((sq, p.face.special) for sq, p in self.squares.items() if p.face.special))

    def mismatches(self, face: Face, square: Square, rotation: int = 0) -> list[Mismatch]:
        """Edges of `face` on `square` that do not match a neighbouring tile (board edges take anything)."""
        out = []
        for side in range(4):
            other = self.neighbour(square, side)
            placed = self.squares.get(other)
            if placed is None:
                continue  # an empty square or the edge of the board: "no restriction"
            mine, theirs = face.edge(side, rotation), placed.edge(opposite(side))
            if mine != theirs:
                out.append(Mismatch(square, side, mine, other, theirs))
        return out

    def can_place(self, face: Face, square: Square, rotation: int = 0) -> bool:
        """Rules for placing tiles: an empty square of the board, every edge matching its neighbour."""
        return (self.on_board(square) and square not in self.squares
                and rotation in ROTATIONS and not self.mismatches(face, square, rotation))

    def place(self, face: Face, square: Square, rotation: int = 0, *, printed: bool = False) -> Board:
        """A new board with `face` on `square`; IllegalPlacement when the rules forbid it."""
        if not self.on_board(square):
            raise IllegalPlacement(f"{square} is not a square of this board")
        if square in self.squares:
            raise IllegalPlacement(f"square {square_name(square)} is already covered")
        if rotation not in ROTATIONS:
            raise IllegalPlacement(f"rotation {rotation} (allowed: {', '.join(map(str, ROTATIONS))})")
        bad = self.mismatches(face, square, rotation)
        if bad:
            raise IllegalPlacement("; ".join(str(m) for m in bad))
        return self.with_square(square, Placed(face, rotation, printed))

    def with_square(self, square: Square, placed: Placed) -> Board:
        """A new board with `placed` on `square`, unchecked (to describe boards as found). A tile on
        an empty square, or the same tile with other inhabitants, remembers the board it came from,
        whose islands it can work out again where they changed (islands.py)."""
        squares = dict(self.squares)
        squares[square] = placed
        board = Board(self.rows, self.columns, squares)
        was = self.squares.get(square)
        if was is None or (was.face, was.rotation) == (placed.face, placed.rotation):
            object.__setattr__(board, "_grown_from", (self, square))
        return board

    @cached_property
    def openings(self) -> tuple[Opening, ...]:
        """Each empty square, in reading order, with what lies across each of its sides (those of the
        board it came from, when they are known, but beside the tile that came)."""
        parent, square = self.__dict__.get("_grown_from", (None, None))
        if parent is None or "openings" not in parent.__dict__:
            return tuple(self._opening(sq) for sq in self._empty)
        near = {self.neighbour(square, side) for side in range(4)}
        return tuple(self._opening(o.square) if o.square in near else o
                     for o in parent.openings if o.square != square)

    def _opening(self, square: Square) -> Opening:
        return Opening(square, tuple(self._across(square, side) for side in range(4)))

    def _across(self, square: Square, side: int) -> str | None:
        other = self.neighbour(square, side)
        if not self.on_board(other):
            return BEYOND
        placed = self.squares.get(other)
        return None if placed is None else placed.edge(opposite(side))

    def legal_placements(self, face: Face) -> list[tuple[Square, int]]:
        """Every (square, rotation) where `face` may be placed (the rule of `mismatches`)."""
        table = fits(face)
        return [(o.square, rot) for o in self.openings for rot in table.get(o.wanted, ())]

    def all_mismatches(self) -> list[Mismatch]:
        """Every pair of touching edges that differ, each pair once (east and south of a square)."""
        out = []
        for square, placed in sorted(self.squares.items()):
            for side in (1, 2):  # east, south: each touching pair seen once
                other = self.neighbour(square, side)
                there = self.squares.get(other)
                if there is not None and placed.edge(side) != there.edge(opposite(side)):
                    out.append(Mismatch(square, side, placed.edge(side), other, there.edge(opposite(side))))
        return out


@dataclass(frozen=True)
class EndState:
    """A player at the end of the game: their board, VP markers, player marker, bracketed VPs."""

    board: Board
    vp_markers: tuple[int, ...] = ()
    marker_active: bool = True
    bracketed_vp: int = 0
    player: str = ""
