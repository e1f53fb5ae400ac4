"""Which map features predict a seat's self-play win rate on Island of Fog? (issue 28)

Reads a calibration CSV (`playkit simulate island-of-fog --calibrate N --seed S`, calibration.csv:
each map's seat win rates), draws the same maps again (simulate.survey_maps, same seed), measures
candidate features per seat from each seat's home base and prints, for each feature, its Pearson
correlation with the seat's win rate (over all seats, and within seats: the feature's and the win
rate's difference from the seat's mean over the maps, which takes out the first player's tempo);
then one space's kind against the first seat's win rate, the best single space as a verdict fitted on
half the maps and tested on the other half, and game 0 of each map played again to see whether the
first seat, holding the lighthouse, placed a tile before the board was covered. About 30 CPU s.

    python bench/fog_calibration_features.py CSV [--seed 1] [--size 5]
"""

from __future__ import annotations

import argparse
import csv
import statistics
from collections.abc import Callable

from generator.content import paths
from generator.core import kit
from generator.games.island_of_fog.mapgen import space_grid
from generator.games.island_of_fog.model import IslandOfFog
from generator.games.island_of_fog.rules import distances_flat, move_cost
from generator.games.island_of_fog.simulate import Judged, SimSetup, for_jobs, play_one, survey_maps

Feature = Callable[[IslandOfFog, tuple[tuple[str, ...], ...], int, list[int]], float]


def _kinds_within(kind: str, turns: int) -> Feature:
    def f(model: IslandOfFog, grid: tuple[tuple[str, ...], ...], base: int, dist: list[int]) -> float:
        move = model.unit[model.fairness.unit].move
        side = len(grid)
        return sum(1 for i, d in enumerate(dist) if 0 <= d <= move * turns and grid[i // side][i % side] == kind)
    return f


def _kinds_around(kind: str, radius: int) -> Feature:
    """Spaces of `kind` within `radius` spaces (Chebyshev) of the base, enterable or not."""
    def f(model: IslandOfFog, grid: tuple[tuple[str, ...], ...], base: int, dist: list[int]) -> float:
        side = len(grid)
        r0, c0 = divmod(base, side)
        return sum(1 for r in range(max(0, r0 - radius), min(side, r0 + radius + 1))
                   for c in range(max(0, c0 - radius), min(side, c0 + radius + 1)) if grid[r][c] == kind)
    return f


def _reach(turns: int) -> Feature:
    def f(model: IslandOfFog, grid: tuple[tuple[str, ...], ...], base: int, dist: list[int]) -> float:
        move = model.unit[model.fairness.unit].move
        return sum(1 for d in dist if 0 <= d <= move * turns)
    return f


def _lots_hemmed(kinds: tuple[str, ...], turns: int) -> Feature:
    """Sides of the lots within `turns` turns that are `kinds` (a city there is harder to reach or
    to take)."""
    def f(model: IslandOfFog, grid: tuple[tuple[str, ...], ...], base: int, dist: list[int]) -> float:
        move = model.unit[model.fairness.unit].move
        side = len(grid)
        out = 0
        for i, d in enumerate(dist):
            r, c = divmod(i, side)
            if 0 <= d <= move * turns and grid[r][c] == "lot":
                out += sum(1 for a, b in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1), (r + 1, c + 1),
                                          (r + 1, c - 1), (r - 1, c + 1), (r - 1, c - 1))
                           if 0 <= a < side and 0 <= b < side and grid[a][b] in kinds)
        return out
    return f


def features(model: IslandOfFog) -> dict[str, Feature]:
    out: dict[str, Feature] = {}
    for kind in ("plains", "forest", "mountain", "water", "lot"):
        for turns in (1, 2):
            out[f"{kind} within {turns} turn(s)"] = _kinds_within(kind, turns)
        for radius in (2, 4, 5, 7):
            out[f"{kind} within {radius} spaces"] = _kinds_around(kind, radius)
    for turns in (1, 2):
        out[f"spaces reachable in {turns} turn(s)"] = _reach(turns)
        out[f"water beside lots within {turns} turn(s)"] = _lots_hemmed(("water",), turns)
        out[f"water/mountain beside lots within {turns}"] = _lots_hemmed(("water", "mountain"), turns)
    return out


def pearson(xs: list[float], ys: list[float]) -> float:
    if len(set(xs)) < 2 or len(set(ys)) < 2:
        return 0.0
    return statistics.correlation(xs, ys)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=5)
    args = ap.parse_args()
    with open(args.csv, encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    players = int(rows[0]["players"])
    rates = [[float(x) for x in r["seat_win_rates"].split()] for r in rows if int(r["players"]) == players]
    model: IslandOfFog = kit.load("island-of-fog", paths.CONTENT).model
    unit = model.unit[model.fairness.unit]
    table = {k: move_cost(model, unit, k) for k in model.kind}
    maps = survey_maps(model, args.size, players, args.seed, len(rates))
    feats = features(model)
    values: dict[str, list[list[float]]] = {name: [] for name in feats}   # [map][seat]
    for plan, _, _ in maps:
        grid = space_grid(model, plan)
        side = len(grid)
        flat = [k for row in grid for k in row]
        costs = [table[k] for k in flat]
        bases = [i for i, k in enumerate(flat) if model.kind[k].base]
        n = model.board.spaces_per_tile
        per_seat = []
        for _, corner in plan.seats:
            base = next(b for b in bases if (b // side) // n == corner[0] and (b % side) // n == corner[1])
            per_seat.append((base, distances_flat(costs, side, side, base)))
        for name, f in feats.items():
            values[name].append([f(model, grid, b, d) for b, d in per_seat])
    print(f"{len(rates)} maps, {players} players; seat mean win rates: "
          + " ".join(f"{statistics.mean(r[s] for r in rates):.3f}" for s in range(players)))
    seat_mean = [statistics.mean(r[s] for r in rates) for s in range(players)]
    results = []
    for name, per_map in values.items():
        xs = [v for m in per_map for v in m]
        ys = [v for r in rates for v in r]
        fm = [statistics.mean(m[s] for m in per_map) for s in range(players)]
        xw = [m[s] - fm[s] for m in per_map for s in range(players)]
        yw = [r[s] - seat_mean[s] for r in rates for s in range(players)]
        first = pearson([m[0] for m in per_map], [r[0] for r in rates])
        # the first seat's feature against the others' mean: what sets the first seat's edge
        rel = pearson([m[0] - statistics.mean(m[1:]) for m in per_map], [r[0] for r in rates])
        results.append((name, pearson(xs, ys), pearson(xw, yw), first, rel, statistics.mean(xs)))
    print("\n1. Candidate features per seat (Pearson r with the seat's win rate; 'within': differences from")
    print("   the seat's means, which take out the first player's tempo; 'seat1': the first seat's own; 's1-rest':")
    print("   the first seat's feature minus the others' mean, against its win rate):")
    print(f"{'feature':<34} {'mean':>6} {'r all':>7} {'r within':>9} {'r seat1':>8} {'r s1-rest':>9}")
    for name, r_all, r_within, first, rel, mean in sorted(results, key=lambda t: -abs(t[2])):
        print(f"{name:<34} {mean:>6.2f} {r_all:>7.3f} {r_within:>9.3f} {first:>8.3f} {rel:>9.3f}")
    grids = [space_grid(model, plan) for plan, _, _ in maps]
    fair = [int(r["selfplay_fair"]) for r in rows if int(r["players"]) == players]
    spaces(grids, rates, fair)
    flips(model, maps, rates, fair, args.seed)


KINDS = ("plains", "forest", "mountain", "water")


def spaces(grids: list[tuple[tuple[str, ...], ...]], rates: list[list[float]], fair: list[int]) -> None:
    """One space's kind against the first seat's win rate, and the mirror-image space for the seat
    across the board's vertical axis (a map measure that is a rule would see both); then the best
    single space-and-kind as a verdict, fitted on the first half of the maps, tested on the second."""
    side = len(grids[0])
    first = [r[0] for r in rates]
    found = []
    for r in range(side):
        for c in range(side):
            for kind in KINDS:
                x = [1.0 if g[r][c] == kind else 0.0 for g in grids]
                if len(set(x)) > 1:
                    found.append((pearson(x, first), r, c, kind, int(sum(x))))
    print("\n2. One space's kind against the first seat's win rate (the strongest 8; the mirror space's r for")
    print("   the seat across the vertical axis from the first):")
    second = [r[1] for r in rates]
    for rho, r, c, kind, n in sorted(found, key=lambda t: -abs(t[0]))[:8]:
        mirror = pearson([1.0 if g[r][side - 1 - c] == kind else 0.0 for g in grids], second)
        print(f"   ({r:>2},{c:>2}) {kind:<9} on {n:>3} maps: r {rho:+.3f}; mirror ({r:>2},{side - 1 - c:>2}) "
              f"for seat 2: r {mirror:+.3f}")
    half = len(grids) // 2
    best = (-1.0, 0, 0, "", 0)
    for r in range(side):
        for c in range(side):
            for kind in KINDS:
                for want in (0, 1):
                    calls = [int((g[r][c] == kind) == bool(want)) for g in grids]
                    agree = sum(a == b for a, b in zip(calls[:half], fair[:half], strict=True)) / half
                    best = max(best, (agree, r, c, kind, want))
    agree, r, c, kind, want = best
    calls = [int((g[r][c] == kind) == bool(want)) for g in grids]
    test = list(zip(calls[half:], fair[half:], strict=True))
    got = sum(a == b for a, b in test) / len(test)
    p_call, p_fair = sum(a for a, _ in test) / len(test), sum(b for _, b in test) / len(test)
    by_chance = p_call * p_fair + (1 - p_call) * (1 - p_fair)
    print(f"\n3. Best single space as a verdict, fitted on maps 1-{half}: 'fair' when ({r},{c}) is "
          f"{'' if want else 'not '}{kind}: agrees on {100 * agree:.1f} % of them; on maps {half + 1}-{len(grids)} "
          f"{100 * got:.1f} % against {100 * by_chance:.1f} % by chance.")


def flips(model: IslandOfFog, maps: list[Judged], rates: list[list[float]], fair: list[int], seed: int) -> None:
    """Game 0 of each map's self-play again: did the first seat, holding the lighthouse, place a tile
    (the lighthouse owner's flip) before the board was covered?"""
    setup = SimSetup((len(rates[0]),), 1, seed)
    jobs = for_jobs(model)
    flipped = []
    for i, (plan, _, _) in enumerate(maps):
        result = play_one(jobs, setup, len(rates[0]), 0, plan, i)
        flipped.append(result.counts.get("lighthouse-flip", 0) > 0)
    print("\n4. The lighthouse owner's placement, in game 0 of each map:")
    first = [r[0] for r in rates]
    print(f"   r(a tile placed, first seat's win rate) = {pearson([float(f) for f in flipped], first):+.3f}")
    for value, label in ((True, "placed a tile"), (False, "board covered first")):
        idx = [i for i, f in enumerate(flipped) if f == value]
        if idx:
            won = 100 * statistics.mean(first[i] for i in idx)
            print(f"   {label:<20} {len(idx):>4} maps: first seat wins {won:.1f} %,"
                  f" self-play calls {100 * statistics.mean(fair[i] for i in idx):.1f} % fair")


if __name__ == "__main__":
    main()
