"""Fully revealed maps: every square covered by the set-up rules, every tile turned by the arrow rule.

A map is a function of (content, size, players, seed): `random.Random(seed)` shuffles the pile,
tiles go onto the squares row by row, and a draw in which some base cannot reach the lighthouse
is drawn again from the same stream.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from dataclasses import dataclass

from .board import Square, arrow, quarter_turns, sea_kind, setup, squares
from .fairness import MapReport, analyse
from .model import Grid, IslandOfFog


@dataclass(frozen=True)
class Placement:
    """A tile on a board square, turned clockwise by `turns` quarter turns."""

    square: Square
    tile: str
    turns: int


@dataclass(frozen=True)
class MapPlan:
    """A fully revealed board."""

    size: int
    players: int
    seed: int
    attempt: int
    seats: tuple[tuple[str, Square], ...]   # colour and its corner square, in play order
    placements: tuple[Placement, ...]       # one per square in play, row by row (none on sea squares)
    left_over: tuple[str, ...]              # tiles still in the pile, top first

    def digest(self) -> str:
        """A name for the map made from what it shows (seats, tiles, turns), never from the seed: a
        player who saw the seed on a page or a folder could make the same map again and see through
        the fog."""
        shown = repr((self.size, self.seats, [(p.square, p.tile, p.turns) for p in self.placements]))
        return hashlib.sha256(shown.encode()).hexdigest()[:10]


class NoMapError(RuntimeError):
    """No draw within the allowed attempts gave a map that passed the checks."""


def pile(model: IslandOfFog, size: int) -> list[str]:
    """The unshuffled pile for a board size: field tiles with their copies, and the lighthouse
    on boards that have no centre square."""
    out = [t.id for t in model.field_tiles for _ in range(t.copies)]
    if model.variant[size].lighthouse == "pile":
        out.append(model.lighthouse_tile.id)
    return out


def draw(model: IslandOfFog, size: int, players: int, rng: random.Random, seed: int = 0,
         attempt: int = 1) -> MapPlan:
    """One map: starting tiles in the seats' corners, the lighthouse in the centre (odd boards),
    shuffled pile tiles everywhere else. Raises SetupError for an impossible set-up."""
    plan = setup(model, size, players)
    tiles = [t.id for t in model.field_tiles for _ in range(t.copies)]
    rng.shuffle(tiles)
    if plan.lighthouse_square is None:
        # even boards (decision `even-lighthouse`): deal one field tile fewer than the squares
        # to cover, shuffle the lighthouse in among them; the rest of the field tiles stay out
        dealt = [*tiles[:plan.squares_from_pile - 1], model.lighthouse_tile.id]
        rng.shuffle(dealt)
        tiles = dealt + tiles[plan.squares_from_pile - 1:]
    corners = {sq: colour for colour, sq in plan.seats}
    placements = []
    drawn = 0
    for sq in squares(size):
        if sq in plan.sea:
            continue
        if sq in corners:
            tile = model.starting_tile.id
        elif sq == plan.lighthouse_square:
            tile = model.lighthouse_tile.id
        else:
            tile = tiles[drawn]
            drawn += 1
        placements.append(Placement(sq, tile, quarter_turns(arrow(size, sq))))
    # the sea squares' face-down tiles come off the bottom of the left-over pile (decision
    # `three-players`; board.setup makes sure no game turns them up)
    return MapPlan(size, players, seed, attempt, plan.seats, tuple(placements), tuple(tiles[drawn:]))


def space_grid(model: IslandOfFog, plan: MapPlan) -> Grid:
    """The whole board as one grid of space kinds (size x tile spaces on each side); a square
    without a tile is sea (decision `three-players`)."""
    n = model.board.spaces_per_tile
    side = plan.size * n
    rows = [[sea_kind(model)] * side for _ in range(side)]
    for p in plan.placements:
        grid = model.turned[(p.tile, p.turns % 4)]
        for r in range(n):
            for c in range(n):
                rows[p.square[0] * n + r][p.square[1] * n + c] = grid[r][c]
    return tuple(tuple(row) for row in rows)


def generate(model: IslandOfFog, size: int, players: int, seed: int) -> tuple[MapPlan, MapReport]:
    """The first draw from `seed` on which every base reaches the lighthouse. Unfair draws are not
    drawn again: the rules draw the map live from the pile, so the tile set itself must be fair
    (survey.py measures it)."""
    rng = random.Random(seed)
    for attempt in range(1, model.fairness.max_attempts + 1):
        plan = draw(model, size, players, rng, seed, attempt)
        report = analyse(model, plan.size, plan.seats, plan_tiles(plan), space_grid(model, plan))
        if report.playable:
            return plan, report
    raise NoMapError(f"no draw in {model.fairness.max_attempts} attempts gave a map on which every base "
                     "reaches the lighthouse "
                     f"({size}x{size}, {players} players, seed {seed})")


def surveyed(model: IslandOfFog, size: int, players: int, seed: int,
             count: int) -> Iterator[tuple[MapPlan, MapReport]]:
    """The maps a survey draws: `count` first draws (none re-drawn) from one seeded stream, each
    with its fairness report."""
    rng = random.Random(seed)
    for _ in range(count):
        plan = draw(model, size, players, rng, seed)
        yield plan, analyse(model, size, plan.seats, plan_tiles(plan), space_grid(model, plan))


def plan_tiles(plan: MapPlan) -> dict[Square, str]:
    """Which tile lies on each square."""
    return {p.square: p.tile for p in plan.placements}
