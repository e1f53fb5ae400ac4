"""Islands on a board: fragments joined across matching edges; complete when no edge is open."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from operator import attrgetter

from .board import Board, Square
from .tiles import STEP, opposite

Part = tuple[Square, int]
"""A fragment on the board: (square, index of the fragment in the face on that square)."""
Edge = tuple[Square, int]
"""A side of a square (rotated, as it lies on the board)."""


@dataclass(frozen=True)
class Island:
    """Fragments of one type joined edge to edge.

    open_edges: edges of the island that no tile closes yet ("If there are any open edges, the
    island is incomplete"); blocked_edges: the open edges that can never be closed — against the
    edge of the player board, or against a tile that does not match.
    spaces: the spaces that score at the end; all_spaces also counts the Hostel's.
    """

    type: str
    parts: tuple[Part, ...]
    open_edges: tuple[Edge, ...]
    blocked_edges: tuple[Edge, ...]
    spaces: int
    all_spaces: int
    inhabitants: int

    @property
    def complete(self) -> bool:
        return not self.open_edges

    @property
    def can_be_completed(self) -> bool:
        """False once an open edge faces the board's border: "can never be completed!"."""
        return not self.blocked_edges

    @cached_property
    def squares(self) -> tuple[Square, ...]:
        return tuple(sorted({sq for sq, _ in self.parts}))


def find_islands(board: Board) -> list[Island]:
    """Every island on the board, in reading order of its first fragment (worked out once a board:
    a board never changes). A board that came from another one tile at a time (Board.with_square)
    works out only what that tile changed, from the nearest board whose islands are known."""
    chain: list[Board] = []
    while "_islands" not in board.__dict__ and "_grown_from" in board.__dict__:
        chain.append(board)
        board = board.__dict__["_grown_from"][0]
    if "_islands" not in board.__dict__:
        object.__setattr__(board, "_islands", _find_islands(board))
    for board in reversed(chain):
        before, square = board.__dict__["_grown_from"]
        object.__setattr__(board, "_islands", _grown_islands(board, before, square))
    return list(board.__dict__["_islands"])


def _grown_islands(board: Board, parent: Board, square: Square) -> tuple[Island, ...]:
    """The islands of `board`, made from those of `parent` by a tile on `square`, or by other
    inhabitants on the same tile: only the islands through the square or, for a new tile, touching
    the square's neighbours are worked out again (the same islands, in the same order, as `_find_islands`)."""
    before: tuple[Island, ...] = parent.__dict__["_islands"]
    if square in parent.squares:
        return tuple(_island(board, list(i.parts)) if square in i.squares else i for i in before)
    row, col = square
    near = {(row + dr, col + dc) for dr, dc in STEP.values()}
    kept: list[Island] = []
    groups: list[list[Part]] = []
    for island in before:  # the islands the tile may join, and the others
        if not near.isdisjoint(island.squares):
            groups.append(list(island.parts))
        else:
            kept.append(island)
    placed = board.squares[square]
    group_of: dict[Part, int] = {part: g for g, parts in enumerate(groups) for part in parts}
    for i in range(len(placed.face.fragments)):
        group_of[(square, i)] = len(groups)
        groups.append([(square, i)])
    edges, frags = placed.face.turns[placed.rotation // 90 % 4]
    for side, (dr, dc) in STEP.items():
        other = (row + dr, col + dc)
        there, mine = board.squares.get(other), frags[side]
        if there is None or mine is None:
            continue
        their_edges, their_frags = there.face.turns[there.rotation // 90 % 4]
        theirs = their_frags[opposite(side)]
        if theirs is None or edges[side] != their_edges[opposite(side)]:
            continue
        a, b = group_of[(square, mine)], group_of[(other, theirs)]
        if a != b:
            for part in groups[b]:
                group_of[part] = a
            groups[a] += groups[b]
            groups[b] = []
    made = [_island(board, sorted(parts)) for parts in groups if parts]
    return tuple(sorted(kept + made, key=attrgetter("parts")))  # no two islands share a first part


def _find_islands(board: Board) -> tuple[Island, ...]:
    parent: dict[Part, Part] = {}

    def root(p: Part) -> Part:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    squares = board.squares
    for square, placed in squares.items():
        for i in range(len(placed.face.fragments)):
            parent[(square, i)] = (square, i)
    for square, placed in squares.items():
        edges, frags = placed.face.turns[placed.rotation // 90 % 4]
        for side, other in ((1, (square[0], square[1] + 1)), (2, (square[0] + 1, square[1]))):
            # east and south: each joint once
            there = squares.get(other)
            if there is None:
                continue
            their_edges, their_frags = there.face.turns[there.rotation // 90 % 4]
            mine, theirs = frags[side], their_frags[opposite(side)]
            if mine is None or theirs is None:
                continue
            if edges[side] == their_edges[opposite(side)]:
                a, b = root((square, mine)), root((other, theirs))
                if a != b:
                    parent[max(a, b)] = min(a, b)

    groups: dict[Part, list[Part]] = {}
    for part in sorted(parent):
        groups.setdefault(root(part), []).append(part)
    return tuple(_island(board, parts) for _, parts in sorted(groups.items()))


def _island(board: Board, parts: list[Part]) -> Island:
    open_edges: list[Edge] = []
    blocked: list[Edge] = []
    spaces = all_spaces = inhabitants = 0
    squares = board.squares
    for square, index in parts:
        placed = squares[square]
        frag = placed.face.fragments[index]
        all_spaces += frag.spaces
        spaces += frag.spaces if frag.scoring else 0
        inhabitants += len(placed.inhabitants_on(index))
        q = placed.rotation // 90
        edges = placed.face.turns[q % 4][0]
        for base in sorted(frag.sides):
            side = (base + q) % 4
            dr, dc = STEP[side]
            other = (square[0] + dr, square[1] + dc)
            if not (0 <= other[0] < board.rows and 0 <= other[1] < board.columns):
                open_edges.append((square, side))
                blocked.append((square, side))
                continue
            there = squares.get(other)
            if there is None:
                open_edges.append((square, side))
            elif there.face.turns[there.rotation // 90 % 4][0][(side + 2) % 4] != edges[side]:
                open_edges.append((square, side))
                blocked.append((square, side))
    first = squares[parts[0][0]].face.fragments[parts[0][1]]
    return Island(first.island_type, tuple(parts), tuple(open_edges), tuple(blocked),
                  spaces, all_spaces, inhabitants)


def island_of(islands: list[Island], square: Square) -> list[Island]:
    """The islands that have a fragment on `square`."""
    return [i for i in islands if square in i.squares]
