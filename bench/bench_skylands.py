"""Skylands figures: kit build time, and how fast random legal boards are built, islanded and scored.

    python bench/bench_skylands.py [boards]
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
from generator.games.skylands.scoring import final_score


def main(n: int = 2000) -> None:
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


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
