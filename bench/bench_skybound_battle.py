"""Skybound Battle: full games per second on one core, per policy (and a full balance run on request).

    python bench/bench_skybound_battle.py            # speed: games/second, greedy and random
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


def main() -> None:
    for policy in ("greedy", "random"):
        print(f"{policy:>7}: {speed(policy):,.0f} full games/second on one core")
    if "--balance" in sys.argv:
        m = kit.load("skybound-battle", paths.CONTENT).model
        setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters],
                              2000, 1, "greedy", m.content_hash)
        print(simreport.text(simulate(setup, workers=2)).split("Cards:")[0])


if __name__ == "__main__":
    main()
