"""Loading and checking each game (kit.load), the part of `playkit validate` and of every build that
reads the content, renders its templates and draws its faces to check them: CPU seconds a game, the
median of fresh processes, each as validate's worker runs it (playkit and the game imported, what the
parent holds frozen out of the collector's passes), the first load of a process (what validate pays).

    python bench/bench_load.py [runs]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path

GAMES = ("island-of-fog", "islands-and-bridges", "skybound-battle", "skylands")
ROOT = Path(__file__).resolve().parent.parent

_ONE_PROCESS = """
import gc, sys, time
from generator import kit, paths
for g in sys.argv[1:]:
    kit.game_of(g)
gc.freeze()
for g in sys.argv[1:]:
    t = time.process_time()
    kit.load(g, paths.CONTENT)
    print(g, time.process_time() - t)
"""


def main(runs: int = 7) -> None:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # time compiled bytecode, as an installed playkit runs
    seconds: dict[str, list[float]] = {g: [] for g in GAMES}
    for _ in range(runs + 1):   # the first run writes the bytecode: not counted
        out = subprocess.run([sys.executable, "-c", _ONE_PROCESS, *GAMES], cwd=ROOT, env=env, check=True,
                             capture_output=True, text=True).stdout
        for line in out.splitlines():
            game, cpu = line.split()
            seconds[game].append(float(cpu))
    print(f"kit.load, CPU seconds, medians of {runs} fresh processes; load average {os.getloadavg()[0]:.1f}")
    for game in GAMES:
        print(f"  {game:22s} {statistics.median(seconds[game][1:]):.3f} s")
    total = [sum(seconds[g][i] for g in GAMES) for i in range(1, runs + 1)]
    print(f"  {'the four':22s} {statistics.median(total):.3f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
