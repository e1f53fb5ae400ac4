"""Islands & Bridges map generator: plans generated and checked per second (no rendering), and the
time to render one map (gm.pdf, players.pdf, map.svg, plan.yaml). Aim: >= 2,000 plans/s on one core,
one map well under a second.

    python bench/bench_islands_and_bridges_map.py [--plans 20000] [--renders 5]

CPU time of this process is reported next to wall time: on a shared machine it is the fairer figure.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.content import paths
from generator.core import kit as playkit
from generator.core.game import BuildOptions
from generator.games.islands_and_bridges.cli import map_kit
from generator.games.islands_and_bridges.draw_map_build import map_artifacts
from generator.games.islands_and_bridges.mapgen import MapParams, default_params, generate
from generator.games.islands_and_bridges.plan_checks import check_plan


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plans", type=int, default=20000)
    ap.add_argument("--renders", type=int, default=5)
    args = ap.parse_args()
    loaded = playkit.load("islands-and-bridges", paths.CONTENT)
    kit = map_kit(loaded)
    d = default_params(kit)
    cases = [("defaults", d),
             ("6 islands, 4 players, hard", MapParams(kit.islands_max, kit.players_max, "hard", d.table_mm)),
             ("2 islands, 1 player, easy", MapParams(kit.islands_min, kit.players_min, "easy", d.table_mm))]
    print(f"plans generated and checked (no rendering), {args.plans} seeds each:")
    for name, p in cases:
        generate(kit, p, 0)  # warm the kit's caches
        wall, cpu = time.perf_counter(), time.process_time()
        bad = 0
        for seed in range(args.plans):
            bad += bool(check_plan(kit, generate(kit, p, seed)))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"  {name:<28} {args.plans / cpu:8,.0f} plans/s (cpu)  {args.plans / wall:8,.0f} plans/s (wall)"
              f"  {1e6 * cpu / args.plans:6.0f} us a plan   broken: {bad}")
    plan = generate(kit, d, 7)
    times = []
    for _ in range(args.renders):
        t = time.perf_counter()
        artifacts = map_artifacts(loaded.model, kit, plan, BuildOptions())
        times.append(time.perf_counter() - t)
    size = sum(len(a.data) for a in artifacts)
    print(f"render one map (seed 7, defaults: {len(artifacts)} files, {size / 1024:.0f} KiB): "
          f"first {times[0]:.3f} s, median {statistics.median(times):.3f} s of {args.renders}")


if __name__ == "__main__":
    main()
