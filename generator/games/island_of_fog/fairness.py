"""Is a map fair? Each nation's path to the lighthouse and the building lots within its reach.

Paths are counted in movement points of the unit named in fairness.yaml (a basic unit), from
the home base to the lighthouse space, by the movement rules (mountains cost double, water
cannot be entered), and judged in TURNS: a nation that needs a whole turn more than another to
reach the lighthouse is behind, however few points the difference is. Units that cannot climb
(elites) are measured too: cut off from the lighthouse, or more turns than another nation's.

Building lots are shared out by who gets there first: a free lot on a field tile belongs to the
nation that reaches it in fewer turns than every other nation (a lot two nations reach in the
same turn belongs to neither, so it is never counted twice), and counts the coins a city there
earns (its ring's value). A nation is behind on lots when its value falls short of the best
nation's by more than `lots_margin`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .board import Square, square_value
from .model import Grid, IslandOfFog
from .rules import distances_flat, move_cost
from .schema import Unit

Space = tuple[int, int]


@dataclass(frozen=True)
class SeatReport:
    """One nation on one map."""

    colour: str
    base: Space
    path_mp: int | None          # None: cut off from the lighthouse
    turns: int | None            # turns of movement that path takes
    elite_path_mp: int | None    # for the unit that cannot climb (None: no path without mountains)
    lots_value: int              # coins a turn of the free lots this nation reaches first (in turns)
    elite_turns: int | None = None  # turns of that unit's movement (None: cut off or not measured)
    lots_nearer: int = 0         # how many lots that is


@dataclass(frozen=True)
class MapReport:
    """The fairness of one map, by the margins of fairness.yaml."""

    lighthouse: Space
    seats: tuple[SeatReport, ...]
    path_margin_turns: int
    lots_margin: int
    elite_measured: bool = True

    @property
    def cut_off(self) -> list[str]:
        return [s.colour for s in self.seats if s.path_mp is None]

    @property
    def playable(self) -> bool:
        """Every base reaches the lighthouse over land the measured unit can cross."""
        return not self.cut_off

    @property
    def path_spread(self) -> int | None:
        paths = [s.path_mp for s in self.seats if s.path_mp is not None]
        return max(paths) - min(paths) if paths and self.playable else None

    @property
    def turn_spread(self) -> int | None:
        turns = [s.turns for s in self.seats if s.turns is not None]
        return max(turns) - min(turns) if turns and self.playable else None

    @property
    def lots_spread(self) -> int:
        lots = [s.lots_value for s in self.seats]
        return max(lots) - min(lots)

    @property
    def disadvantaged(self) -> list[tuple[str, str]]:
        """(colour, why) for every nation worse off than the best by more than a margin."""
        out: list[tuple[str, str]] = []
        turns = [s.turns for s in self.seats if s.turns is not None]
        best = min(turns) if turns else 0
        elite = [s.elite_turns for s in self.seats if s.elite_turns is not None]
        best_elite = min(elite) if elite else 0
        best_lots = max(s.lots_value for s in self.seats)
        for s in self.seats:
            if s.path_mp is None or s.turns is None:
                out.append((s.colour, "cut off from the lighthouse"))
                continue
            if s.turns - best > self.path_margin_turns:
                out.append((s.colour, f"{s.turns} turns to the lighthouse ({s.path_mp} MP), "
                                      f"{s.turns - best} more than the fastest nation"))
            if self.elite_measured and elite and s.elite_turns is None:
                out.append((s.colour, "its elites are cut off from the lighthouse, other nations' are not"))
            elif (self.elite_measured and s.elite_turns is not None
                  and s.elite_turns - best_elite > self.path_margin_turns):
                out.append((s.colour, f"its elites need {s.elite_turns} turns to the lighthouse, "
                                      f"{s.elite_turns - best_elite} more than the fastest nation's"))
            if best_lots - s.lots_value > self.lots_margin:
                out.append((s.colour, f"reaches first {s.lots_nearer} lots worth {s.lots_value} coins a turn, "
                                      f"{best_lots - s.lots_value} less than the best nation"))
        return out

    @property
    def fair(self) -> bool:
        return not self.disadvantaged


def analyse(model: IslandOfFog, size: int, seats: tuple[tuple[str, Square], ...],
            tiles: dict[Square, str], grid: Grid) -> MapReport:
    """Paths and lots of every seat on a revealed board (pure; `grid` from mapgen.space_grid), the
    path of a unit that cannot climb measured too."""
    n = model.board.spaces_per_tile
    side = len(grid)
    unit = model.unit[model.fairness.unit]
    flat = [k for row in grid for k in row]
    lighthouse = next(i for i, k in enumerate(flat) if model.kind[k].lighthouse)
    costs = _costs(model, unit, flat)
    climbers = [u for u in model.units.units if not u.climbs_mountains]
    other = _costs(model, climbers[0], flat) if climbers else None
    starting = {sq for sq, t in tiles.items() if t == model.starting_tile.id}
    variant = model.variant[size]
    lots = [(i, square_value(variant, ((i // side) // n, (i % side) // n)) or 0) for i, k in enumerate(flat)
            if model.kind[k].lot and ((i // side) // n, (i % side) // n) not in starting]
    dists = []
    for _, corner in seats:
        base = next(r * side + c for r in range(corner[0] * n, corner[0] * n + n)
                    for c in range(corner[1] * n, corner[1] * n + n) if model.kind[grid[r][c]].base)
        dists.append((base, distances_flat(costs, side, side, base)))
    owners = [_first([d for _, d in dists], i, unit.move) for i, _ in lots]
    reports = []
    for k, (colour, _) in enumerate(seats):
        base, dist = dists[k]
        path = dist[lighthouse] if dist[lighthouse] >= 0 else None
        elite = None
        if other is not None:
            d = distances_flat(other, side, side, base)[lighthouse]
            elite = d if d >= 0 else None
        mine = [v for (_, v), owner in zip(lots, owners, strict=True) if owner == k]
        turns = math.ceil(path / unit.move) if path is not None else None
        elite_turns = math.ceil(elite / climbers[0].move) if elite is not None else None
        reports.append(SeatReport(colour, divmod(base, side), path, turns, elite, sum(mine), elite_turns,
                                  len(mine)))
    return MapReport(divmod(lighthouse, side), tuple(reports), model.fairness.path_margin_turns,
                     model.fairness.lots_margin, elite_measured=other is not None)


def _first(dists: list[list[int]], space: int, move: int) -> int | None:
    """The seat that reaches `space` in fewer turns than every other seat; None on a tie or
    when no one reaches it."""
    turns = [math.ceil(d[space] / move) if d[space] >= 0 else None for d in dists]
    known = sorted(t for t in turns if t is not None)
    if not known or (len(known) > 1 and known[0] == known[1]):
        return None
    return turns.index(known[0])


def _costs(model: IslandOfFog, unit: Unit, flat: list[str]) -> list[int | None]:
    table = {k: move_cost(model, unit, k) for k in model.kind}
    return [table[k] for k in flat]
