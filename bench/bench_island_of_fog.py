"""Island of Fog: maps generated and checked per second, survey throughput, odds table time.

Run: python bench/bench_island_of_fog.py [maps]   (prints figures; not a test)
"""

from __future__ import annotations

import sys
import time

from generator.content import load_text, parse, paths
from generator.core import kit
from generator.games.island_of_fog.mapfile import MapFile, check_plan, to_yaml
from generator.games.island_of_fog.mapgen import generate
from generator.games.island_of_fog.odds import combat_odds, odds_table
from generator.games.island_of_fog.survey import survey


def main(count: int) -> None:
    model = kit.load("island-of-fog", paths.CONTENT).model
    for size, players in ((5, 4), (5, 2), (3, 4), (6, 4)):
        t = time.perf_counter()
        for seed in range(count):
            generate(model, size, players, seed)
        gen = time.perf_counter() - t
        print(f"{size}x{size}, {players} players: {count / gen:8.0f} maps generated and checked a second "
              f"(draw, lay out, paths and reach of every base)")
    n = max(1, count // 10)
    stages = dict.fromkeys(("generate", "write", "read", "check"), 0.0)
    for seed in range(n):
        t0 = time.perf_counter()
        plan, report = generate(model, 5, 4, seed)
        t1 = time.perf_counter()
        text = to_yaml(model, plan, report)
        t2 = time.perf_counter()
        entry = parse(MapFile, load_text(text, "map.yaml"))
        t3 = time.perf_counter()
        check_plan(model, entry)
        t4 = time.perf_counter()
        for key, spent in zip(stages, (t1 - t0, t2 - t1, t3 - t2, t4 - t3), strict=True):
            stages[key] += spent
    full = sum(stages.values())
    print(f"5x5, 4 players: {n / full:8.0f} maps a second with map.yaml written, read back and re-checked "
          f"({', '.join(f'{k} {1000 * v / n:.2f} ms' for k, v in stages.items())} a map; "
          "read is the core's YAML loader)")
    t = time.perf_counter()
    survey(model, 5, 4, 0, count)
    print(f"survey of {count} maps (5x5, 4 players): {time.perf_counter() - t:.2f} s")
    for policy in ("optimal", "simple"):
        combat_odds.cache_clear()
        t = time.perf_counter()
        rows = odds_table(model, policy)  # type: ignore[arg-type]
        print(f"odds table, {policy}: {len(rows)} matchups in {time.perf_counter() - t:.2f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
