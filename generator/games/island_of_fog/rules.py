"""The rules of play, as pure functions over the model: movement, stacking, building, income, combat.

Names follow the rulebook. A `Force` is what stands on one space: a single unit or a stack.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from . import schema as s
from .board import Square, square_value
from .model import Grid, IslandOfFog


@dataclass(frozen=True)
class Force:
    """A unit or a stack of units of one kind: `size` 1 is a single unit."""

    unit: str
    size: int = 1

    def label(self, model: IslandOfFog) -> str:
        name = model.unit[self.unit].name
        return name if self.size == 1 else f"Stack of {self.size}"


# ---- movement

def move_cost(model: IslandOfFog, unit: s.Unit, kind: str) -> int | None:
    """Movement points `unit` pays to enter a space of `kind`; None when it cannot enter
    (water for everyone, mountains for units that cannot climb)."""
    space = model.kind[kind]
    if space.move_cost is None or (space.climb and not unit.climbs_mountains):
        return None
    return space.move_cost


def refused_step_cost(model: IslandOfFog, kind: str) -> int:
    """Movement points a step onto a space of `kind` that a unit is refused costs it: none, unless
    decision `exploring` makes refused steps cost (`blocked_step_costs`); then the space's own
    points (a mountain for a unit that cannot climb), or an ordinary step's where no unit may
    enter (water)."""
    if not model.game.turn.blocked_step_costs:
        return 0
    own = model.kind[kind].move_cost
    return own if own is not None else min(k.move_cost for k in model.kind.values() if k.move_cost is not None)


def can_enter(model: IslandOfFog, unit: s.Unit, kind: str) -> bool:
    return move_cost(model, unit, kind) is not None


def path_cost(model: IslandOfFog, unit: s.Unit, kinds: Sequence[str]) -> int | None:
    """Movement points for walking onto each space of `kinds` in turn (the start not included);
    None if any of them cannot be entered."""
    total = 0
    for kind in kinds:
        cost = move_cost(model, unit, kind)
        if cost is None:
            return None
        total += cost
    return total


def neighbours(square: Square, rows: int, cols: int) -> Iterator[Square]:
    """Spaces sharing an edge with `square` (decision `adjacency`)."""
    r, c = square
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            yield rr, cc


def adjacent(a: Square, b: Square) -> bool:
    """Two spaces are adjacent when they share an edge."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def costs_to_enter(model: IslandOfFog, unit: s.Unit, grid: Grid) -> list[list[int | None]]:
    """For every space of a grid, what `unit` pays to enter it."""
    table = {k: move_cost(model, unit, k) for k in model.kind}
    return [[table[k] for k in row] for row in grid]


@cache
def _neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Edge neighbours of every space, as flat indices (row * cols + col)."""
    return tuple(tuple(r * cols + c for r, c in neighbours((i // cols, i % cols), rows, cols))
                 for i in range(rows * cols))


def distances_flat(costs: Sequence[int | None], rows: int, cols: int, start: int,
                   limit: int | None = None) -> list[int]:
    """Fewest movement points from flat index `start` to every space (-1: out of reach).

    Costs are small whole numbers, so a bucket queue (Dial's algorithm) replaces the heap:
    the survey runs this thousands of times."""
    far = -1
    best = [far] * (rows * cols)
    best[start] = 0
    table = _neighbour_table(rows, cols)
    buckets: list[list[int]] = [[start]]
    d = 0
    while d < len(buckets):
        for i in buckets[d]:
            if best[i] != d:
                continue
            for j in table[i]:
                cost = costs[j]
                if cost is None:
                    continue
                nd = d + cost
                if (limit is None or nd <= limit) and (best[j] == far or nd < best[j]):
                    best[j] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(j)
        d += 1
    return best


def distances(costs: Sequence[Sequence[int | None]], start: Square,
              limit: int | None = None) -> dict[Square, int]:
    """Fewest movement points from `start` to every space reachable (within `limit`)."""
    rows, cols = len(costs), len(costs[0])
    flat = [c for row in costs for c in row]
    best = distances_flat(flat, rows, cols, start[0] * cols + start[1], limit)
    return {(i // cols, i % cols): d for i, d in enumerate(best) if d >= 0}


def reachable(model: IslandOfFog, unit: s.Unit, grid: Grid, start: Square) -> set[Square]:
    """Spaces `unit` can end its move on this turn from `start`, ignoring other units."""
    return set(distances(costs_to_enter(model, unit, grid), start, unit.move))


# ---- stacking

def can_stack(model: IslandOfFog, moving: Force, standing: Force) -> bool:
    """A basic unit (or stack) may join another of the same stackable kind up to the limit."""
    return (moving.unit == standing.unit and model.unit[moving.unit].stackable
            and moving.size + standing.size <= model.units.stacking.max_size)


def rerolls(model: IslandOfFog, force: Force) -> int:
    """Dice this force may re-roll in a combat (decision `stack-rerolls`)."""
    return model.units.stacking.rerolls.get(force.size, 0) if force.size > 1 else 0


def forces(model: IslandOfFog) -> list[Force]:
    """Every force that can fight: each unit alone, and stacks of each size of stackable units."""
    out = [Force(unit.id) for unit in model.units.units]
    for unit in model.units.units:
        if unit.stackable:
            out += [Force(unit.id, n) for n in range(2, model.units.stacking.max_size + 1)]
    return out


# ---- combat modifiers

def attack_bonus(model: IslandOfFog, attacker: Force) -> int:
    """+1 for attacking, +1 more for an elite (its "+1 to all combat bonuses")."""
    return model.combat.attack_bonus + model.unit[attacker.unit].combat_extra


def defence_row(model: IslandOfFog, kind: str, built: bool) -> str:
    """The defence row of a space: a building lot with a building counts as a building."""
    space = model.kind[kind]
    return space.built_defence if built and space.built_defence else space.defence


def defence_bonus(model: IslandOfFog, defender: Force, row: str) -> int:
    """The defender's bonus for what it stands on, +1 for an elite."""
    return model.defence[row].bonus + model.unit[defender.unit].combat_extra


def can_stand_on(model: IslandOfFog, defender: Force, row: str) -> bool:
    """Whether a defender can be met on that defence row at all (elites never stand on mountains)."""
    unit = model.unit[defender.unit]
    kinds = [k for k in model.spaces.kinds if k.defence == row or k.built_defence == row]
    return any(move_cost(model, unit, k.id) is not None for k in kinds)


# ---- building and income

def can_build(model: IslandOfFog, kind: str, has_building: bool) -> bool:
    """A city or factory may be built only on an empty building lot."""
    return model.kind[kind].lot and not has_building


def can_build_unit(model: IslandOfFog, unit: s.Unit, site_kind: str, is_factory: bool,
                   site_occupied: bool, coins: int, on_board: int) -> bool:
    """A unit is built on your base or one of your factories, if nothing stands there, you can pay,
    and your colour has a piece left."""
    site = model.kind[site_kind]
    return ((site.base or (site.lot and is_factory)) and not site_occupied
            and coins >= unit.cost and on_board < unit.per_colour)


def city_income(model: IslandOfFog, size: int, square: Square, is_lighthouse: bool) -> int:
    """Coins a city earns at the start of its owner's turn: its square's ring value, or the
    lighthouse's own value (decision `income`)."""
    if is_lighthouse:
        return model.tiles.lighthouse.income
    value = square_value(model.variant[size], square)
    if value is None:
        raise ValueError(f"square {square} is the lighthouse square; only the lighthouse stands there")
    return value


def income(model: IslandOfFog, size: int, cities: Iterable[Square],
           lighthouse: Square | None = None) -> int:
    """A player's income: the value of each of their cities (factories and bases earn nothing);
    `lighthouse` is the lighthouse's square when they own it."""
    total = sum(city_income(model, size, sq, False) for sq in cities if sq != lighthouse)
    if lighthouse is not None:
        total += city_income(model, size, lighthouse, True)
    return total


def score(model: IslandOfFog, buildings: int, owns_lighthouse: bool) -> int:
    """End-of-game points: each city or factory token held, and the lighthouse, which "must be a
    city" and so counts as one, plus its "additional three points" (decision `lighthouse-value`)."""
    s = model.game.scoring
    return (buildings * s.points_per_building
            + (s.points_per_building + s.lighthouse_points if owns_lighthouse else 0))


def seat_coins(model: IslandOfFog, players: int) -> list[int]:
    """Coins each seat starts with on top of the starting purse, in play order (decision
    `first-player`: a purse against the first player's tempo, or the last seats' last word)."""
    extra = model.game.seat_coins.get(players, [])
    return [extra[i] if i < len(extra) else 0 for i in range(players)]


def lays_tile(model: IslandOfFog, players: int, owner: int | None, seat: int) -> bool:
    """Whether the lighthouse's owner (None: no one owns it) lays a tile at the start of `seat`'s
    turn (decision `lighthouse-flip`: "for every turn that the lighthouse is occupied, the player
    who owns it must flip one tile"): on each of its own turns, and at the player counts game.yaml's
    `flip_every_turn` names on every player's turn."""
    if owner is None:
        return False
    return owner == seat or players in model.game.flip_every_turn
