"""Skylands figures: kit build time, how fast random legal boards are built, islanded and scored,
and how fast greedy self-play plays (the kit's own games, then GAMES games per seat count: CPU seconds).

    python bench/bench_skylands.py [boards] [games]
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from generator.content import paths
from generator.core import kit
from generator.core.game import BuildOptions
from generator.games.skylands.board import EndState
from generator.games.skylands.islands import find_islands
from generator.games.skylands.model import Skylands
from generator.games.skylands.scoring import final_score
from generator.games.skylands.simulate import SimSetup, run


def selfplay(model: Skylands, games: int, seed: int, policy: str) -> None:
    """Greedy games for every seat count, played in this process; CPU seconds (what a build spends)."""
    allowed = model.files.game.players
    setup = SimSetup(tuple(range(allowed.min, allowed.max + 1)), games, seed, policy)
    t0 = time.process_time()
    run(model, setup)
    dt = time.process_time() - t0
    n = games * len(setup.players)
    print(f"self-play: {n} {policy} games ({games} per seat count, seed {seed}) in {dt:.2f} CPU s "
          f"({n / dt:.1f} games per CPU s)")


def main(n: int = 2000, games: int = 60) -> None:
    loaded = kit.load("skylands", paths.CONTENT)
    model = loaded.model
    t0 = time.perf_counter()
    files = kit.render(loaded, BuildOptions())
    print(f"build: {len(files)} files in {time.perf_counter() - t0:.2f} s")

    rng = random.Random(2)
    faces = [t.face for t in model.tiles_for(4)] + [s.face for s in model.specials.values()]
    totals, complete, covered = [], Counter(), []
    t0 = time.perf_counter()
    for _ in range(n):
        board = model.starting_board(rng.choice(["board-1", "board-2", "board-3", "board-4"]))
        for face in rng.sample(faces, 40):
            spots = board.legal_placements(face)
            if spots:
                board = board.place(face, *rng.choice(spots))
            if len(board.empty_squares()) <= 1:
                break
        islands = find_islands(board)
        complete.update(i.type for i in islands if i.complete)
        covered.append(len(board.squares))
        totals.append(final_score(model, EndState(board)).total)
    dt = time.perf_counter() - t0
    print(f"{n} random boards placed, islanded and scored in {dt:.2f} s ({n / dt:.0f} boards/s)")
    print(f"squares covered: mean {sum(covered) / n:.1f}; score: min {min(totals)}, mean "
          f"{sum(totals) / n:.1f}, max {max(totals)}")
    print("complete islands per board: " + ", ".join(f"{k} {v / n:.2f}" for k, v in sorted(complete.items())))

    sp = model.files.game.self_play
    selfplay(model, sp.games, sp.seed, sp.policy)  # the design notes' games
    selfplay(model, games, 1, "greedy")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
