"""Board geometry: squares, rings and their city values, start corners, tile orientation, the pile.

A board of size n is n x n squares, one tile each; squares are (row, col) from the top left.
Tiles are designed with their arrow pointing up (north) and turned clockwise in quarter turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from . import schema as s
from .model import IslandOfFog
from .model import rotate as rotate  # re-exported: turning tiles is board geometry

Square = tuple[int, int]
Direction = Literal["N", "E", "S", "W"]
DIRECTIONS: tuple[Direction, ...] = ("N", "E", "S", "W")  # clockwise: index = quarter turns from N


class SetupError(ValueError):
    """A board size or player count the box cannot set up (the CLI turns it into a usage error)."""


def squares(size: int) -> list[Square]:
    """Every square of the board, row by row."""
    return [(r, c) for r in range(size) for c in range(size)]


def corner_square(size: int, corner: s.Corner) -> Square:
    last = size - 1
    return {"top-left": (0, 0), "top-right": (0, last),
            "bottom-right": (last, last), "bottom-left": (last, 0)}[corner]


def centre_square(size: int) -> Square | None:
    """The lighthouse square of an odd board; even boards have a centre point, not a square."""
    return (size // 2, size // 2) if size % 2 else None


def ring(size: int, square: Square) -> int:
    """Ring of a square counted from the edge: 0 is the outer ring."""
    r, c = square
    return min(r, c, size - 1 - r, size - 1 - c)


def square_value(variant: s.Variant, square: Square) -> int | None:
    """Coins a city on this square earns a turn; None for the lighthouse square of an odd board
    (the lighthouse tile carries its own value)."""
    if square == centre_square(variant.size) and variant.lighthouse == "centre":
        return None
    return variant.ring_values[ring(variant.size, square)]


def arrow(size: int, square: Square) -> Direction:
    """Where a tile's arrow points on `square`: along the row or column towards the lighthouse
    (the board's centre), whichever way it is farther; on a diagonal, one eighth of a turn
    clockwise from the lighthouse's direction (decision `arrow-diagonal`)."""
    centre = (size - 1) / 2
    down = centre - square[0]   # > 0: the lighthouse is below (south)
    right = centre - square[1]  # > 0: the lighthouse is to the right (east)
    vertical: Direction = "S" if down > 0 else "N"
    horizontal: Direction = "E" if right > 0 else "W"
    if abs(down) > abs(right):
        return vertical
    if abs(right) > abs(down):
        return horizontal
    if down == 0:  # the centre square itself: the lighthouse tile, any way up
        return "N"
    # diagonal: SE turns to S, SW to W, NW to N, NE to E (clockwise by 45 degrees)
    turn: dict[tuple[str, str], Direction] = {("S", "E"): "S", ("S", "W"): "W", ("N", "W"): "N", ("N", "E"): "E"}
    return turn[(vertical, horizontal)]


def quarter_turns(direction: Direction) -> int:
    """Clockwise quarter turns that make an up-pointing arrow point `direction`."""
    return DIRECTIONS.index(direction)


@dataclass(frozen=True)
class Setup:
    """What a board size and player count need from the box."""

    size: int
    players: int
    seats: tuple[tuple[str, Square], ...]   # colour, corner square, in play order
    lighthouse_square: Square | None        # fixed on odd boards; None when it is in the pile
    squares_from_pile: int
    pile: int                                # tiles in the pile: field tiles (+ lighthouse on even boards)
    sea: tuple[Square, ...] = ()             # squares out of play (decision `three-players`), row by row

    @property
    def left_over(self) -> int:
        return self.pile - self.squares_from_pile - len(self.sea)


def setup(model: IslandOfFog, size: int, players: int) -> Setup:
    """The set-up for a board size and player count, or SetupError saying why there is none."""
    variant = model.variant.get(size)
    if variant is None:
        sizes = ", ".join(f"{v}x{v}" for v in sorted(model.variant))
        raise SetupError(f"no {size}x{size} board (board sizes: {sizes})")
    lo, hi = model.game.players.min, model.game.players.max
    if players not in model.game.seats or not lo <= players <= hi:
        raise SetupError(f"{players} players cannot play (the game is for {lo} to {hi} players)")
    colours = model.seats(players)
    seats = tuple((c, corner_square(size, model.board.corners[c])) for c in colours)
    if len({sq for _, sq in seats}) < players:
        raise SetupError(f"the {size}x{size} board has no start corners for {players} players")
    fixed = centre_square(size) if variant.lighthouse == "centre" else None
    sea = sea_squares(model, size, players)
    from_pile = size * size - players - (1 if fixed else 0) - len(sea)
    pile = model.field_tile_count + (0 if fixed else 1)
    if from_pile + len(sea) > pile:     # sea squares take face-down tiles off the pile's bottom
        raise SetupError(
            f"the tiles cannot cover a {size}x{size} board with {players} players "
            f"({from_pile + len(sea)} squares to cover from a pile of {pile} tiles)")
    return Setup(size, players, seats, fixed, from_pile, pile, sea)


def sea_squares(model: IslandOfFog, size: int, players: int) -> tuple[Square, ...]:
    """The empty corners' quarters at a player count game.yaml's `sea_quarter` names (decision
    `three-players`): every square at least as near an empty corner as the nearest nation's
    corner, counting squares across their sides, but the lighthouse's. Row by row; none at
    other counts."""
    if players not in model.game.sea_quarter:
        return ()
    nations = {corner_square(size, model.board.corners[c]) for c in model.seats(players)}
    empty = [sq for c in get_args(s.Corner) if (sq := corner_square(size, c)) not in nations]

    def far(a: Square, b: Square) -> int:
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    return tuple(sq for sq in squares(size) if sq != centre_square(size)
                 and any(far(sq, e) <= min(far(sq, n) for n in nations) for e in empty))


def player_counts(model: IslandOfFog, size: int) -> list[int]:
    """The player counts a board size can be set up for."""
    out = []
    for p in range(model.game.players.min, model.game.players.max + 1):
        try:
            setup(model, size, p)
        except SetupError:
            continue
        out.append(p)
    return out


def sea_kind(model: IslandOfFog) -> str:
    """The space kind a sea square is made of: the one no unit enters (water)."""
    return next(k.id for k in model.spaces.kinds if k.move_cost is None)
