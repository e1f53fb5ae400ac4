"""Skybound Battle: full games per second on one core, per policy; with 1 and 2 workers; and a full
balance run on request.

    python bench/bench_skybound_battle.py            # speed: games/second, per policy and per worker count,
                                                     # and the kit's balance report (simulation + search)
    python bench/bench_skybound_battle.py --balance  # the balance matrix at 2,000 games per pairing
    python bench/bench_skybound_battle.py --mypyc    # the engine as it is and compiled by mypyc, side by
                                                     # side: games per CPU second and the same games?
    python bench/bench_skybound_battle.py --kernel   # the rules engine and the numba kernel side by side
                                                     # (greedy games per CPU second, the same games?),
                                                     # and the kernel's compile time, cache empty and warm
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from generator.build.pool import Pool
from generator.content import paths
from generator.core import kit
from generator.games.skybound_battle import simreport
from generator.games.skybound_battle.simulate import play_chunk, simulate, starter_setup


def speed(policy: str, games_per_pairing: int = 200, repeats: int = 3, kernel: bool = True) -> float:
    """Median games per CPU second of one process playing every starter pairing (CPU time, not
    wall: on a shared machine the wall clock says more about the neighbours); greedy games by the
    numba kernel unless `kernel` is False (then by the rules engine)."""
    m = kit.load("skybound-battle", paths.CONTENT).model
    setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters],
                          games_per_pairing, 1, policy, m.content_hash)
    setup = replace(setup, kernel=kernel)
    play_chunk(setup, setup.pairings()[0], 0, 1)  # the kernel compiled (or loaded): not timed
    rates = []
    for _ in range(repeats):
        t0 = time.process_time()
        n = 0
        for pair in setup.pairings():
            n += play_chunk(setup, pair, 0, games_per_pairing).pairs[pair].games
        rates.append(n / (time.process_time() - t0))
    return statistics.median(rates)


# A fresh process's first greedy game by the kernel: CPU and wall seconds of the call (numba compiles
# the kernel, or loads it from its cache), after the imports.
_FIRST_CALL = """
import sys, time
sys.path.insert(0, sys.argv[1])
from generator.content import paths
from generator.core import kit
from generator.games.skybound_battle.simulate import play_chunk, starter_setup
m = kit.load("skybound-battle", paths.CONTENT).model
setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters[:2]], 1, 1, "greedy")
c, w = time.process_time(), time.perf_counter()
play_chunk(setup, (0, 1), 0, 1)
print(round(time.process_time() - c, 2), round(time.perf_counter() - w, 2))
"""


def kernel_side_by_side(games_per_pairing: int = 300) -> None:
    """The rules engine and the kernel on the same greedy games of every starter pairing, in this one
    run (best of 3 in CPU time each, the kernel's compile excluded), with whether every tally is the
    same; and a fresh process's first kernel call with numba's cache empty (a compile) and warm."""
    from generator.games.skybound_battle import jit

    if not jit.AVAILABLE:
        print("numba is not installed: every game is the rules engine's")
        return
    root = Path(__file__).resolve().parent.parent
    firsts = []
    with tempfile.TemporaryDirectory(prefix="skybound-numba-") as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        for _ in range(2):  # the cache empty, then as the first run left it
            out = subprocess.run([sys.executable, "-c", _FIRST_CALL, str(root)], capture_output=True, text=True,
                                 check=True, env=env).stdout.split()
            firsts.append((float(out[0]), float(out[1])))
    m = kit.load("skybound-battle", paths.CONTENT).model
    setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters],
                          games_per_pairing, 1, "greedy", m.content_hash)
    play_chunk(setup, (0, 1), 0, 1)  # compiled or loaded from the cache: not timed
    rates: dict[bool, float] = {}
    tallies: dict[bool, list[object]] = {}
    for kernel in (False, True):
        best = 0.0
        for _ in range(3):
            t0, n, got = time.process_time(), 0, []
            for pair in setup.pairings():
                tally = play_chunk(replace(setup, kernel=kernel), pair, 0, games_per_pairing)
                n += tally.pairs[pair].games
                got.append(tally)
            best = max(best, n / (time.process_time() - t0))
        rates[kernel], tallies[kernel] = best, got
    (c_cold, w_cold), (c_warm, w_warm) = firsts
    print(f"greedy games per CPU second, every starter pairing ({len(setup.pairings()) * games_per_pairing:,} "
          f"games, best of 3): rules engine {rates[False]:,.0f}, numba kernel {rates[True]:,.0f} "
          f"({rates[True] / rates[False]:.1f}x); every tally the same: "
          f"{'yes' if tallies[False] == tallies[True] else 'NO'}")
    print(f"the kernel's first call in a fresh process: {c_cold:.1f} CPU s ({w_cold:.1f} s wall) compiling with "
          f"numba's cache empty, {c_warm:.1f} CPU s ({w_warm:.1f} s wall) loading it from the cache")


def kit_balance(repeats: int = 3) -> tuple[float, float, float]:
    """CPU seconds of the kit's balance report as a build makes it (kit.yaml's games and search
    budget): the simulation, the search (each in one process), and the wall seconds of both in the
    process pool side by side (what a build of this kit alone does), medians."""
    from generator.build.pool import Pool
    from generator.games.skybound_battle import build
    from generator.games.skybound_battle.search import search
    from generator.games.skybound_battle.simulate import run

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
    with Pool(workers) as ex:
        report = simulate(setup, ex.map)
    return report.games / (time.perf_counter() - t0)


# What `--mypyc` compiles: the engine's hot loop (the battle, the greedy policy, the card data, the
# games' loop). Nothing else changes: the same source, compiled to C by mypyc (part of mypy).
COMPILED = ("engine", "policies", "compiled", "simulate")

# One process's measure: greedy games of every starter pairing per CPU second, and a digest of every
# game's outcome (the same digest means the same games were played).
_MEASURE = """
import dataclasses, hashlib, sys, time
sys.path.insert(0, sys.argv[1])
from generator.content import paths
from generator.core import kit
from generator.games.skybound_battle import engine
from generator.games.skybound_battle.simulate import play_chunk, starter_setup
m = kit.load("skybound-battle", paths.CONTENT).model
n_games = int(sys.argv[2])
setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters], n_games, 1, "greedy",
                      m.content_hash)
setup = dataclasses.replace(setup, kernel=False)   # the engine as it is, compiled or not: not the kernel
digest, best = hashlib.sha256(), None
for _ in range(3):
    t0, n = time.process_time(), 0
    for pair in setup.pairings():
        p = play_chunk(setup, pair, 0, n_games).pairs[pair]
        n += p.games
        digest.update(repr((p.wins, p.draws, p.first_wins, p.placed, p.held)).encode())
    rate = n / (time.process_time() - t0)
    best = rate if best is None else max(best, rate)
print(engine.__file__.endswith(".so"), round(best), digest.hexdigest()[:16])
"""


def mypyc_side_by_side(games_per_pairing: int = 300) -> None:
    """The engine as it is and the same modules compiled by mypyc, each measured in its own process
    in this one run (best of 3 in CPU time), with a digest of every game's outcome."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="skybound-mypyc-") as tmp:
        shutil.copytree(root / "generator", Path(tmp) / "generator",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        for folder in ("content", "templates"):
            shutil.copytree(root / folder, Path(tmp) / folder)
        game = Path("generator/games/skybound_battle")
        built = subprocess.run([sys.executable, "-m", "mypyc", *(str(game / f"{m}.py") for m in COMPILED)],
                               cwd=tmp, capture_output=True, text=True)
        if built.returncode:
            print("mypyc failed:\n" + built.stdout[-2000:] + built.stderr[-2000:])
            return
        rows = []
        for where in (str(root), tmp):
            out = subprocess.run([sys.executable, "-c", _MEASURE, where, str(games_per_pairing)],
                                 capture_output=True, text=True, check=True).stdout.split()
            rows.append((out[0] == "True", int(out[1]), out[2]))
    (_, py, py_digest), (is_compiled, c, c_digest) = rows
    print(f"engine as Python: {py:,} greedy games per CPU second;  compiled by mypyc"
          f"{'' if is_compiled else ' (NOT loaded)'}: {c:,} ({c / py:.1f}x); "
          f"the same games: {'yes' if py_digest == c_digest else 'NO'} ({py_digest} / {c_digest})")


def main() -> None:
    if "--mypyc" in sys.argv:
        mypyc_side_by_side()
        return
    if "--kernel" in sys.argv:
        kernel_side_by_side()
        return
    kernel_side_by_side()
    print(f"   greedy: {speed('greedy'):,.0f} full games per CPU second (numba kernel), "
          f"{speed('greedy', kernel=False):,.0f} (rules engine)")
    print(f"   random: {speed('random'):,.0f} full games per CPU second")
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
        with Pool(2) as ex:
            print(simreport.text(simulate(setup, ex.map)).split("Cards:")[0])


if __name__ == "__main__":
    main()
