"""Skybound Battle: full games per second on one core, per policy; with 1 and 2 workers; and a full
balance run on request.

    python bench/bench_skybound_battle.py            # speed: games/second, per policy and per worker count
    python bench/bench_skybound_battle.py --balance  # the balance matrix at 2,000 games per pairing
"""

from __future__ import annotations

import statistics
import sys
import time

from generator import kit, paths
from generator.games.skybound_battle import simreport
from generator.games.skybound_battle.simulate import play_chunk, simulate, starter_setup


def speed(policy: str, games_per_pairing: int = 200, repeats: int = 3) -> float:
    """Median games/second of one process playing every starter pairing."""
    m = kit.load("skybound-battle", paths.CONTENT).model
    setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters],
                          games_per_pairing, 1, policy, m.content_hash)
    rates = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        n = 0
        for pair in setup.pairings():
            n += play_chunk(setup, pair, 0, games_per_pairing).pairs[pair].games
        rates.append(n / (time.perf_counter() - t0))
    return statistics.median(rates)


def with_workers(workers: int, games_per_pairing: int = 400) -> float:
    """Games/second of a whole starter simulation through the executor (process start included)."""
    m = kit.load("skybound-battle", paths.CONTENT).model
    setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters],
                          games_per_pairing, 1, "greedy", m.content_hash)
    t0 = time.perf_counter()
    report = simulate(setup, workers=workers)
    return report.games / (time.perf_counter() - t0)


def main() -> None:
    for policy in ("greedy", "random"):
        print(f"{policy:>9}: {speed(policy):,.0f} full games/second on one core")
    print(f"lookahead: {speed('lookahead', games_per_pairing=2, repeats=1):,.1f} full games/second on one core")
    for workers in (1, 2):
        print(f"greedy, {workers} worker{'s' if workers > 1 else ''}: {with_workers(workers):,.0f} games/second "
              f"(a whole starter simulation, 6,000 games)")
    if "--balance" in sys.argv:
        m = kit.load("skybound-battle", paths.CONTENT).model
        setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters],
                              2000, 1, "greedy", m.content_hash)
        print(simreport.text(simulate(setup, workers=2)).split("Cards:")[0])


if __name__ == "__main__":
    main()
