"""The designer's loop, timed: every figure of issue 13's goals beside its goal, measured in one run.

    python3 bench/bench_build.py [--repeat N] [--hostile]

Each figure is the median of N runs of a whole `playkit` process (startup included), on a copy of
the shipped content in a temporary folder; CPU seconds (user + system, the processes' children
too) are printed beside the wall time, since on a machine shared with other work the wall time
says more about the neighbours than about playkit. Asserts nothing.

- full build, cold:  the four kits into an empty output folder (simulations and all)
- full build, warm:  the same again over it (nothing changed: every kit left alone)
- one-stat rebuild:  one number edited in one game's YAML, then `playkit build` of the four kits
  (and beside it, a process importing what that rebuild imports and doing nothing else)
- handed to a watch: the same edit, then `playkit build` of the four kits while a `playkit watch` of them runs
  on the same output folder (the build is run by the watch, handoff.py; wall time of the new process), and
  `playkit validate` the same way
- in-process rebuild: the same edit rebuilt inside a running process (what `playkit watch` does)
- validate:          `playkit validate` of the four games
- watch latency:     from a one-stat save to `playkit watch` saying what changed (polls 4 times a second)
- machine speed:     a fixed pure-Python loop timed before and after, since a virtual machine's speed drifts
- hostile output:    with --hostile, the slowest case of bench/hostile_output.py (issue 10: each within 5 s)

playkit runs as installed (the README's `pip install -e .` in a venv of the bench's own), its bytecode
compiled once beforehand (bench/installed.py).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import installed  # noqa: E402  (bench/, the script's own folder)

ENV: dict[str, str] = dict(os.environ)   # made in main(): playkit's bytecode compiled once
PYTHON = sys.executable   # made in main(): the venv's, playkit installed as the README says (bench/installed.py)

EDIT = ("island-of-fog", "units.yaml", "    cost: 6", "    cost: {}")   # the elite unit's price


def cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def playkit(content: Path, out: Path, *args: str) -> tuple[float, float]:
    """Wall and CPU seconds of one `playkit` process (`python -m generator` runs what the console script runs)."""
    return timed([PYTHON, "-m", "generator", "--content", str(content), "--out", str(out), *args])


def timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one process."""
    cpu, start = cpu_children(), time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=ENV)
    return time.perf_counter() - start, cpu_children() - cpu


IMPORTS_OF_A_REBUILD = ("import generator.cli; from generator import kit; kit.import_loader(); "
                        "kit.game_of('island-of-fog'); import generator.press.assemble, generator.export.home, "
                        "generator.games.island_of_fog.build, svgwrite")
"""What the one-stat rebuild's process imports before it does any work (the rest of the game's modules, the
press and the SVG writer), drawing nothing: the part of a rebuild through the CLI no cache can take away."""


def stat_edit(content: Path, n: int) -> None:
    """The one-stat edit: the elite unit costs 7, 8, 9, … (a new value each time, so each rebuild has work)."""
    game, file, old, new = EDIT
    path = content / game / file
    lines = path.read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith(old.split("6")[0]) and "coins" not in line)
    lines[at] = new.format(7 + n % 50) + "\n"   # n: a different value on each of up to 50 edits
    path.write_text("".join(lines))


def reference_loop() -> float:
    """CPU seconds of a fixed pure-Python loop (five million additions), the median of three: how fast
    this machine runs Python right now. A virtual machine's speed drifts with its host's other work
    (the same loop has taken 0.35 s and 0.50 s here within ten idle minutes), and every figure with it."""
    def once() -> float:
        start, total = time.process_time(), 0
        for i in range(5_000_000):
            total += i
        return time.process_time() - start
    return statistics.median(once() for _ in range(3))


def median_of(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)


def measure(repeat: int, fn: Callable[[int], tuple[float, float]]) -> tuple[float, float]:
    return median_of([fn(i) for i in range(repeat)])


def in_process_rebuild(content: Path, out: Path, repeat: int) -> tuple[float, float]:
    """The edit rebuilt by a process that already built the kits (playkit watch's loop)."""
    from generator import builds
    from generator.game import BuildOptions

    ids = ["island-of-fog", "islands-and-bridges", "skybound-battle", "skylands"]
    builds.build_games(ids, content, out, BuildOptions(), workers=1)
    runs = []
    for i in range(repeat):
        stat_edit(content, repeat + i)   # values the runs before have not left
        wall, cpu = time.perf_counter(), time.process_time()
        builds.build_games(ids, content, out, BuildOptions(), workers=1)
        runs.append((time.perf_counter() - wall, time.process_time() - cpu))
    return median_of(runs)


@contextmanager
def watching(content: Path, out: Path, *games: str) -> Iterator[IO[str]]:
    """A `playkit watch` process of `games` (default: all), its output once it says it is watching."""
    proc = subprocess.Popen([PYTHON, "-u", "-m", "generator.cli", "--content", str(content), "--out", str(out),
                             "watch", *games], stdout=subprocess.PIPE, text=True, cwd=ROOT, env=ENV)
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            if "watching" in line:
                break
        yield proc.stdout
    finally:
        proc.terminate()
        proc.wait()


def handed(content: Path, out: Path, repeat: int) -> tuple[float, float]:
    """Seconds of a `playkit build` process after a one-stat edit, and of a `playkit validate` process,
    a watch of the four kits running on the same output folder (whichever of the two sees the edit
    first builds it; the command ends once built)."""
    with watching(content, out):
        builds, checks = [], []
        for i in range(repeat):
            time.sleep(0.5)
            stat_edit(content, 3 * repeat + i)
            builds.append(playkit(content, out, "build")[0])
            checks.append(playkit(content, out, "validate")[0])
        return statistics.median(builds), statistics.median(checks)


def watch_latency(content: Path, out: Path, repeat: int) -> float:
    """Seconds from a save to the watch's 'rebuilt' line, median."""
    with watching(content, out, "island-of-fog") as said:
        runs = []
        for i in range(repeat):
            time.sleep(0.5)
            start = time.perf_counter()
            stat_edit(content, 2 * repeat + i)
            for line in said:
                if "rebuilt in" in line:
                    runs.append(time.perf_counter() - start)
                    break
        return statistics.median(runs)


def hostile_slowest() -> tuple[str, float]:
    import importlib.util

    spec = importlib.util.spec_from_file_location("hostile_output", ROOT / "bench" / "hostile_output.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    cases = [(n, g, (f, o, w)) for n, g, f, o, w in mod.EDITS] + [(n, g, None) for n, g in mod.FOLDERS]
    took = [(name, mod.run(name, game, edit)[1]) for name, game, edit in cases]
    return max(took, key=lambda t: t[1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--hostile", action="store_true", help="also run bench/hostile_output.py's cases")
    args = ap.parse_args()
    n = args.repeat
    speed = reference_loop()
    work = Path(tempfile.mkdtemp(prefix="bench-build-"))
    global PYTHON
    PYTHON = installed.python()
    ENV.clear()
    ENV.update(installed.compiled_env(work / "bytecode"))
    content = work / "content"
    shutil.copytree(ROOT / "content", content)
    rows: list[tuple[str, str, str, str]] = []

    def cold(i: int) -> tuple[float, float]:
        shutil.rmtree(work / "cold", ignore_errors=True)
        return playkit(content, work / "cold", "build")

    full = measure(n, cold)
    rows.append(("full build of the four kits, cold", f"{full[0]:.2f} s", f"{full[1]:.2f} s", "<= 3 s"))
    warm = measure(n, lambda i: playkit(content, work / "cold", "build"))
    rows.append(("full build, warm (nothing changed)", f"{warm[0]:.2f} s", f"{warm[1]:.2f} s", "-"))

    def one_stat(i: int) -> tuple[float, float]:
        stat_edit(content, i)
        return playkit(content, work / "cold", "build")

    rebuild = measure(n, one_stat)
    rows.append(("one-stat rebuild (playkit build)", f"{rebuild[0]:.2f} s = {100 * rebuild[0] / full[0]:.0f}%",
                 f"{rebuild[1]:.2f} s = {100 * rebuild[1] / full[1]:.0f}%", "<= 15% of a full build"))
    floor = measure(n, lambda i: timed([PYTHON, "-c", IMPORTS_OF_A_REBUILD]))
    rows.append(("  of which start-up: its imports alone", f"{floor[0]:.2f} s = {100 * floor[0] / full[0]:.0f}%",
                 f"{floor[1]:.2f} s = {100 * floor[1] / full[1]:.0f}%", "-"))
    handed_build, handed_check = handed(content, work / "cold", n)
    rows.append(("one-stat rebuild, handed to a watch", f"{handed_build:.2f} s = {100 * handed_build / full[0]:.0f}%",
                 "", "<= 15% of a full build"))
    inproc = in_process_rebuild(content, work / "inproc", n)
    rows.append(("one-stat rebuild in a running process", f"{inproc[0]:.2f} s = {100 * inproc[0] / full[0]:.0f}%",
                 f"{inproc[1]:.2f} s = {100 * inproc[1] / full[1]:.0f}%", "<= 15% of a full build"))
    val = measure(n, lambda i: playkit(content, work / "cold", "validate"))
    rows.append(("playkit validate of the four games", f"{val[0]:.2f} s", f"{val[1]:.2f} s", "<= 0.5 s"))
    rows.append(("  the same, handed to a watch", f"{handed_check:.2f} s", "", "<= 0.5 s"))
    lat = watch_latency(content, work / "watch", n)
    rows.append(("watch: save to 'what changed'", f"{lat:.2f} s", "", "<= 1 s"))
    if args.hostile:
        name, took = hostile_slowest()
        rows.append((f"hostile output, slowest ({name})", f"{took:.2f} s", "", "<= 5 s each"))
    shutil.rmtree(work)

    load = os.getloadavg()
    print(f"playkit, medians of {n} runs; {os.cpu_count()} cores; load average {load[0]:.1f} "
          f"(other work on the machine inflates wall times: CPU seconds are beside them); bytecode compiled")
    print(f"machine speed: a reference loop took {speed:.2f} CPU s before and {reference_loop():.2f} after "
          "(the figures below scale with it)")
    print(f"| {'figure':<42} | {'wall':>16} | {'CPU':>16} | {'goal':<24} |")
    print(f"|{'-' * 44}|{'-' * 18}|{'-' * 18}|{'-' * 26}|")
    for figure, wall, cpu, goal in rows:
        print(f"| {figure:<42} | {wall:>16} | {cpu:>16} | {goal:<24} |")


if __name__ == "__main__":
    main()
