"""The designer's loop, timed: every guardrail of issue 25 beside its limit, measured in one run, this
checkout side by side with another (`--before DIR`: a checkout of the code before a change, with its
own venv in DIR/.venv, e.g. `git worktree add /tmp/before 623ed3e`).

    python3 bench/bench_build.py [--repeat N] [--before DIR] [--hostile]

Each figure is the median of N runs of a whole `playkit` process (startup included), on a copy of
the shipped content in a temporary folder; CPU seconds (user + system, the processes' children
too) are printed beside the wall time, since on a machine shared with other work the wall time
says more about the neighbours than about playkit. The two checkouts' runs alternate, so that both
see the same neighbours; beside the ratio of the medians stands the median of each pair's ratio (a
pair ran seconds apart, so a machine whose speed drifts within the run moves both alike). Asserts
nothing.

- full build, cold:  the four kits into an empty output folder (simulations and all): at most 1.25x before
- full build, warm:  the same again over it (nothing changed: every kit left alone): as before
- one-stat rebuild:  one number edited in one game's YAML, then `playkit build` of the four kits
  (and beside it, a process importing what that rebuild imports and doing nothing else)
- in-process rebuild: the same edit rebuilt inside a running process (what `playkit watch` does; this checkout)
- validate:          `playkit validate` of the four games: within 1 s
- watch latency:     from a one-stat save to `playkit watch` saying what changed (polls 4 times a second): within 1 s
- machine speed:     a fixed pure-Python loop timed before and after, since a virtual machine's speed drifts
- hostile output:    with --hostile, the slowest case of bench/hostile_output.py (issue 10: each within 5 s)

This checkout runs as installed (the README's `pip install -e .` in a venv of the bench's own), the
other in its own venv; the bytecode of each is compiled once beforehand (bench/installed.py).
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
from dataclasses import dataclass
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import installed  # noqa: E402  (bench/, the script's own folder)

ENV: dict[str, str] = dict(os.environ)   # made in main() for each checkout: its bytecode compiled once
PYTHON = sys.executable   # made in main() for each checkout: the venv's with it installed
CWD = ROOT                # the checkout measured

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
    subprocess.run(command, check=True, capture_output=True, cwd=CWD, env=ENV)
    return time.perf_counter() - start, cpu_children() - cpu


IMPORTS_OF_A_REBUILD = ("import generator.cli\n"
                        "try:\n    from generator.core import kit; import generator.build.builds\n"
                        "except ImportError:  # a checkout from before build/ and core/\n"
                        "    from generator import kit; import generator.builds\n"
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
    from generator.build import builds
    from generator.core.game import BuildOptions

    ids = ["island-of-fog", "islands-and-bridges", "skybound-battle", "skylands"]
    builds.build_games(ids, content, out, BuildOptions(), workers=1)
    runs = []
    for i in range(repeat):
        stat_edit(content, 3 * repeat + i)   # values the runs before have not left
        wall, cpu = time.perf_counter(), time.process_time()
        builds.build_games(ids, content, out, BuildOptions(), workers=1)
        runs.append((time.perf_counter() - wall, time.process_time() - cpu))
    return median_of(runs)


@contextmanager
def watching(content: Path, out: Path, *games: str) -> Iterator[IO[str]]:
    """A `playkit watch` process of `games` (default: all), its output once it says it is watching."""
    proc = subprocess.Popen([PYTHON, "-u", "-m", "generator.cli", "--content", str(content), "--out", str(out),
                             "watch", *games], stdout=subprocess.PIPE, text=True, cwd=CWD, env=ENV)
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            if "watching" in line:
                break
        yield proc.stdout
    finally:
        proc.terminate()
        proc.wait()


def watch_latency(content: Path, out: Path, repeat: int, first_edit: int) -> float:
    """Seconds from a save to the watch's 'rebuilt' line, median."""
    with watching(content, out, "island-of-fog") as said:
        runs = []
        for i in range(repeat):
            time.sleep(0.5)
            start = time.perf_counter()
            stat_edit(content, first_edit + i)   # a value no edit before it left
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


@dataclass
class Checkout:
    """A checkout measured: its folder, its Python, its environment (bytecode folder, manifest key)."""

    name: str
    root: Path
    python: str
    env: dict[str, str]


@contextmanager
def running(tree: Checkout) -> Iterator[None]:
    """The module's PYTHON, ENV and CWD are `tree`'s inside the block."""
    global PYTHON, CWD
    was = PYTHON, CWD, dict(ENV)
    PYTHON, CWD = tree.python, tree.root
    ENV.clear()
    ENV.update(tree.env)
    try:
        yield
    finally:
        PYTHON, CWD = was[0], was[1]
        ENV.clear()
        ENV.update(was[2])


def checkouts(work: Path, before: Path | None) -> list[Checkout]:
    now = installed.python()
    trees = [Checkout("now", ROOT, now, installed.compiled_env(work / "bytecode-now", now, ROOT))]
    if before is not None:
        exe = str(before / ".venv" / "bin" / "python")
        trees.insert(0, Checkout("before", before, exe, installed.compiled_env(work / "bytecode-before", exe, before)))
    for tree in trees:
        tree.env["XDG_STATE_HOME"] = str(work / f"state-{tree.name}")   # its manifest key, not the user's
    return trees


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--before", type=Path, default=None, help="a checkout of the code before, with DIR/.venv")
    ap.add_argument("--hostile", action="store_true", help="also run bench/hostile_output.py's cases")
    args = ap.parse_args()
    n = args.repeat
    speed = reference_loop()
    work = Path(tempfile.mkdtemp(prefix="bench-build-"))
    trees = checkouts(work, args.before)
    content = {t.name: work / f"content-{t.name}" for t in trees}
    for t in trees:
        shutil.copytree(t.root / "content", content[t.name])
    figures: dict[str, dict[str, tuple[float, float]]] = {t.name: {} for t in trees}
    paired: dict[str, float] = {}   # the median of each pair of runs' wall-time ratio, now / before

    def each(label: str, fn: Callable[[Checkout, int], tuple[float, float]]) -> None:
        runs: dict[str, list[tuple[float, float]]] = {t.name: [] for t in trees}
        for i in range(n):   # alternating, so that both see the same neighbours
            for t in trees:
                with running(t):
                    runs[t.name].append(fn(t, i))
        for t in trees:
            figures[t.name][label] = median_of(runs[t.name])
        if len(trees) == 2:
            paired[label] = statistics.median(a[0] / b[0] for b, a in zip(runs["before"], runs["now"], strict=True))

    def cold(t: Checkout, i: int) -> tuple[float, float]:
        shutil.rmtree(work / f"cold-{t.name}", ignore_errors=True)
        return playkit(content[t.name], work / f"cold-{t.name}", "build")

    def one_stat(t: Checkout, i: int) -> tuple[float, float]:
        stat_edit(content[t.name], i)
        return playkit(content[t.name], work / f"cold-{t.name}", "build")

    def latency(t: Checkout, i: int) -> tuple[float, float]:
        return watch_latency(content[t.name], work / f"watch-{t.name}", 1, 2 * n + i), 0.0

    each("cold", cold)
    each("warm", lambda t, i: playkit(content[t.name], work / f"cold-{t.name}", "build"))
    each("one-stat", one_stat)
    each("imports", lambda t, i: timed([PYTHON, "-c", IMPORTS_OF_A_REBUILD]))
    each("validate", lambda t, i: playkit(content[t.name], work / f"cold-{t.name}", "validate"))
    each("watch", latency)
    os.environ["XDG_STATE_HOME"] = str(work / "state-now")   # the bench's own process: its manifest key
    inproc = in_process_rebuild(content[trees[-1].name], work / "inproc", n)
    hostile = hostile_slowest() if args.hostile else None
    shutil.rmtree(work)

    now, before = figures["now"], figures.get("before")
    limits = {"cold": "<= 1.25x before", "warm": "as before", "one-stat": "-", "imports": "-",
              "validate": "<= 1 s", "watch": "<= 1 s"}
    names = {"cold": "full build of the four kits, cold", "warm": "full build, warm (nothing changed)",
             "one-stat": "one-stat rebuild (playkit build)", "imports": "  of which start-up: its imports alone",
             "validate": "playkit validate of the four games", "watch": "watch: save to 'what changed'"}
    load = os.getloadavg()
    print(f"playkit, medians of {n} runs; {os.cpu_count()} cores; load average {load[0]:.1f} "
          f"(other work on the machine inflates wall times: CPU seconds are beside them); bytecode compiled")
    print(f"machine speed: a reference loop took {speed:.2f} CPU s before and {reference_loop():.2f} after "
          "(the figures below scale with it)")
    print("now/before: the ratio of the medians; pairs: the median of each pair of runs' ratio (the two "
          "checkouts alternate, so a pair saw the same machine)")
    print(f"| {'figure':<40} | {'before: wall':>12} | {'CPU':>7} | {'now: wall':>12} | {'CPU':>7} | "
          f"{'now/before':>10} | {'pairs':>6} | {'limit':<16} |")
    print(f"|{'-' * 42}|{'-' * 14}|{'-' * 9}|{'-' * 14}|{'-' * 9}|{'-' * 12}|{'-' * 8}|{'-' * 18}|")
    for label, name in names.items():
        w, c = now[label]
        bw, bc = before[label] if before else (float("nan"), float("nan"))
        cpu = f"{c:.2f} s" if c else ""
        bcpu = f"{bc:.2f} s" if bc and before else ""
        ratio = f"{w / bw:.2f}x" if before and bw else ""
        pairs = f"{paired[label]:.2f}x" if label in paired else ""
        print(f"| {name:<40} | {bw:>10.2f} s | {bcpu:>7} | {w:>10.2f} s | {cpu:>7} | {ratio:>10} | {pairs:>6} | "
              f"{limits[label]:<16} |")
    print(f"| {'one-stat rebuild in a running process':<40} | {'':>12} | {'':>7} | {inproc[0]:>10.2f} s | "
          f"{inproc[1]:>5.2f} s | {'':>10} | {'':>6} | {'-':<16} |")
    if hostile:
        print(f"hostile output, slowest ({hostile[0]}): {hostile[1]:.2f} s (each within 5 s)")


if __name__ == "__main__":
    main()
