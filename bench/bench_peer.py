"""The peer deck three ways, side by side: playkit, a plain reportlab script (the floor), protograf.

    python bench/bench_peer.py [--repeat 5] [--protograf-repeat 3] [--no-protograf]

Each tool runs as a whole process (start-up and imports count), on the same cards: 540 and 5,400
poker cards (bench/peer_rows.py), nine to an A4 page with bleed, crop marks and backs. The runs are
interleaved (playkit, floor, protograf, playkit, ...) so that a burst of load on a shared machine
falls on all three alike; each figure is the median of its runs. Peak memory is the child's
ru_maxrss. Every tool runs as installed, its bytecode compiled once (bench/installed.py). Prints
every figure beside its goal (issue 13); asserts nothing.

protograf is installed on first use into a virtual environment of its own ($PROTOGRAF_VENV, default
/tmp/protograf-venv, `pip install protograf`): it is no dependency of playkit.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from installed import compiled_env
from installed import python as playkit_python
from peer_rows import csv_text

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "examples" / "decks" / "peer-deck"
BENCH = ROOT / "bench"
VENV = Path(os.environ.get("PROTOGRAF_VENV", "/tmp/protograf-venv"))
SIZES = (540, 5400)
GOAL_FLOOR = 2.0        # playkit within 2x the plain reportlab script
GOAL_PROTOGRAF = 10.0   # playkit at least 10x faster than protograf
GOAL_MEMORY = 1.3       # peak memory at 5,400 cards within 1.3x that at 540


def protograf_python() -> Path:
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"installing protograf into {VENV} (once) …", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "protograf"], check=True)
    return python


def run(cmd: list[str], env: dict[str, str] | None = None, cwd: Path = ROOT) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user and system) and peak resident memory (MB) of one whole process
    (in `env`, else this process's environment)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env if env is not None else dict(os.environ),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{err[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def decks(work: Path) -> dict[int, Path]:
    """A content folder per size holding peer-deck (the shipped one for 540, a copy with 5,400 rows)."""
    out = {}
    for n in SIZES:
        folder = work / f"content-{n}" / "peer-deck"
        shutil.copytree(DECK, folder)
        (folder / "cards.csv").write_text(csv_text(n))
        out[n] = folder
    return out


def with_svgs(work: Path) -> Path:
    """The 540-card deck with an SVG of every face (`svg: true`, the default, in place of false)."""
    folder = work / "content-svg" / "peer-deck"
    shutil.copytree(DECK, folder)
    game = folder / "game.yaml"
    text = game.read_text()
    if "svg: false" not in text:
        raise SystemExit("examples/decks/peer-deck/game.yaml no longer says svg: false")
    game.write_text(text.replace("svg: false", "svg: true"))
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs of playkit and the floor at each size")
    ap.add_argument("--protograf-repeat", type=int, default=3,
                    help="runs of protograf at 540 cards (at 5,400 it runs once: minutes a run)")
    ap.add_argument("--no-protograf", action="store_true")
    ap.add_argument("--svgs", action="store_true", help="also playkit with an SVG of every face, at 540 cards")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-peer-"))
    try:
        folders = decks(work)
        env = compiled_env(work / "bytecode")   # every tool as installed: bytecode compiled once
        here = playkit_python()   # playkit and the plain script run by the same Python, as the README installs it
        svg_folder = with_svgs(work) if args.svgs else None
        python = None if args.no_protograf else protograf_python()
        times: dict[tuple[str, int], list[float]] = {}
        cpus: dict[tuple[str, int], list[float]] = {}
        peaks: dict[tuple[str, int], list[float]] = {}

        def record(tool: str, n: int, figures: tuple[float, float, float]) -> None:
            times.setdefault((tool, n), []).append(figures[0])
            cpus.setdefault((tool, n), []).append(figures[1])
            peaks.setdefault((tool, n), []).append(figures[2])

        for n, folder in folders.items():
            csv_file = str(folder / "cards.csv")
            rounds = max(args.repeat, 0 if python is None else args.protograf_repeat if n == SIZES[0] else 1)
            for k in range(rounds):
                if k < args.repeat:
                    out = work / f"out-{n}-{k}"
                    record("playkit", n, run([here, "-m", "generator.cli", "--content", str(folder.parent),
                                              "--out", str(out), "build", "peer-deck"], env))
                    shutil.rmtree(out)
                    if svg_folder is not None and n == SIZES[0]:
                        record("playkit + SVGs", n, run([here, "-m", "generator.cli", "--content",
                                                         str(svg_folder.parent), "--out", str(out), "build",
                                                         "peer-deck"], env))
                        shutil.rmtree(out)
                    record("floor", n, run([here, str(BENCH / "floor_deck.py"), csv_file,
                                            str(work / "floor.pdf")], env))
                if python is not None and k < (args.protograf_repeat if n == SIZES[0] else 1):
                    record("protograf", n, run([str(python), str(BENCH / "protograf_deck.py")],
                                               {**env, "PEER_CSV": csv_file, "PEER_OUT": str(work / "protograf.pdf")},
                                               cwd=work))
                print(f"  {n:,} cards: round {k + 1}/{rounds} done", file=sys.stderr, flush=True)
        report(times, cpus, peaks)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def report(times: dict[tuple[str, int], list[float]], cpus: dict[tuple[str, int], list[float]],
           peaks: dict[tuple[str, int], list[float]]) -> None:
    def med(figures: dict[tuple[str, int], list[float]], tool: str, n: int) -> float:
        return statistics.median(figures[(tool, n)])

    tools = [tool for tool in ("playkit", "protograf", "floor", "playkit + SVGs") if (tool, SIZES[0]) in times]
    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores, {platform()}; load average now {load[0]:.1f} {load[1]:.1f} "
          f"{load[2]:.1f}; medians of n runs, wall and CPU (user + system) seconds, peak RSS")
    print(f"{'':<15}" + "".join(f"{f'{n:,} cards':>30}" for n in SIZES))
    print(f"{'':<15}" + "".join(f"{'wall s':>10}{'cpu s':>8}{'MB':>6}{'n':>6}" for _ in SIZES))
    for tool in tools:
        cells = ""
        for n in SIZES:
            if (tool, n) in times:
                cells += (f"{med(times, tool, n):>10.2f}{med(cpus, tool, n):>8.2f}{med(peaks, tool, n):>6.0f}"
                          f"{len(times[(tool, n)]):>6}")
            else:
                cells += f"{'-':>10}{'-':>8}{'-':>6}{'':>6}"
        print(f"{ {'floor': 'reportlab'}.get(tool, tool):<15}{cells}")
    print()
    for n in SIZES:
        for what, figures in (("wall", times), ("cpu", cpus)):
            ratio = med(figures, "playkit", n) / med(figures, "floor", n)
            print(f"playkit / plain reportlab, {n:,} cards, {what}: {ratio:5.2f}x   goal <= {GOAL_FLOOR:g}x  "
                  f"{'met' if ratio <= GOAL_FLOOR else 'NOT met'}")
    for n in SIZES:
        if ("protograf", n) in times:
            for what, figures in (("wall", times), ("cpu", cpus)):
                ratio = med(figures, "protograf", n) / med(figures, "playkit", n)
                print(f"protograf / playkit, {n:,} cards, {what}:       {ratio:5.1f}x   goal >= {GOAL_PROTOGRAF:g}x "
                      f"{'met' if ratio >= GOAL_PROTOGRAF else 'NOT met'}")
    for tool in tools:
        if (tool, SIZES[1]) in peaks and (tool, SIZES[0]) in peaks:
            ratio = med(peaks, tool, SIZES[1]) / med(peaks, tool, SIZES[0])
            verdict = "met" if ratio <= GOAL_MEMORY else "NOT met"
            goal = f"   goal <= {GOAL_MEMORY:g}x  {verdict}" if tool == "playkit" else ""
            print(f"{tool} peak memory, 5,400 / 540 cards: {ratio:5.2f}x{goal}")


def platform() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return sys.platform


if __name__ == "__main__":
    main()
