"""Skybound Battle: full games per second on one core, per policy; with 1 and 2 workers; and a full
balance run on request.

    python bench/bench_skybound_battle.py            # speed: games/second, per policy and per worker count,
                                                     # and the kit's balance report (simulation + search)
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
    """Median games per CPU second of one process playing every starter pairing (CPU time, not
    wall: on a shared machine the wall clock says more about the neighbours)."""
    m = kit.load("skybound-battle", paths.CONTENT).model
    setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters],
                          games_per_pairing, 1, policy, m.content_hash)
    rates = []
    for _ in range(repeats):
        t0 = time.process_time()
        n = 0
        for pair in setup.pairings():
            n += play_chunk(setup, pair, 0, games_per_pairing).pairs[pair].games
        rates.append(n / (time.process_time() - t0))
    return statistics.median(rates)


def kit_balance(repeats: int = 3) -> tuple[float, float, float]:
    """CPU seconds of the kit's balance report as a build makes it (kit.yaml's games and search
    budget): the simulation, the search (each in one process), and the wall seconds of both in the
    process pool side by side (what a build of this kit alone does), medians."""
    from generator.games.skybound_battle import build
    from generator.games.skybound_battle.search import search
    from generator.games.skybound_battle.simulate import run
    from generator.pool import Pool

    m = kit.load("skybound-battle", paths.CONTENT).model
    b = m.kit.balance
    setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters], b.games, b.seed, b.policy,
                          m.content_hash)
    search_setup = build._search_setup(m)
    sim, found, both = [], [], []
    for _ in range(repeats):
        t0 = time.process_time()
        run(setup)
        t1 = time.process_time()
        search(search_setup)
        t2 = time.process_time()
        w = time.perf_counter()
        with Pool(2) as pool:
            jobs = [pool.submit(run, setup), pool.submit(search, search_setup)]
            for job in jobs:
                job.result()
        sim.append(t1 - t0)
        found.append(t2 - t1)
        both.append(time.perf_counter() - w)
    return statistics.median(sim), statistics.median(found), statistics.median(both)


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
        print(f"{policy:>9}: {speed(policy):,.0f} full games per CPU second")
    print(f"lookahead: {speed('lookahead', games_per_pairing=2, repeats=1):,.1f} full games per CPU second")
    sim, found, both = kit_balance()
    print(f"the kit's balance report: simulation {sim:.2f} CPU s, search {found:.2f} CPU s; "
          f"both in the pool side by side, as a build runs them: {both:.2f} s wall")
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
