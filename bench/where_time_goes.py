"""Where a cold build's CPU time goes, this checkout beside another, sampled by py-spy.

    pip install py-spy
    python3 bench/where_time_goes.py --before DIR [--rate 200]

Runs `playkit build` of the four shipped kits into an empty folder under py-spy (every process of the
build, idle time left out) for each checkout (DIR: a checkout with its own venv in DIR/.venv, as for
bench_build.py), and prints the CPU seconds of each kind of work side by side. A sample is counted in the
first kind (in the table's order) whose code is on its stack, so the kinds add up to the total. Sampling
rounds: the figures are good to a few hundredths of a second, and a loaded machine inflates them all
alike. Asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

KINDS = (
    ("Skybound Battle's balance games", r"skybound_battle/(simulate|search|engine|policies)\.py"),
    ("Skylands' self-play and worked examples", r"skylands/(simulate|engine|policies)\.py"),
    ("Island of Fog's odds", r"island_of_fog/odds"),
    ("imports", r"_find_and_load"),
    ("template compiles (jinja2)", r"jinja2/(compiler|parser|lexer)\.py"),
    ("colour-vision check", r"colourvision\.py"),
    ("rulebooks (reportlab platypus)", r"press/rulebook\.py"),
    ("SVG font subsets", r"svg_font_face"),
    ("SVG files", r"draw/svg\.py"),
    ("PDF sheets (cards, tiles, boards)", r"press/document\.py"),
)


def sampled(checkout: Path, rate: int, work: Path) -> Path:
    """The raw py-spy samples of a cold build of the four kits by `checkout`."""
    raw = work / f"{checkout.name}.raw"
    out = work / f"out-{checkout.name}"
    python = checkout / ".venv" / "bin" / "python"
    subprocess.run(["py-spy", "record", "--subprocesses", "--rate", str(rate), "--format", "raw",
                    "--output", str(raw), "--", str(python), "-m", "generator", "--out", str(out), "build"],
                   check=True, capture_output=True, cwd=checkout)
    return raw


def kinds(raw: Path, rate: int) -> dict[str, float]:
    """CPU seconds by kind of work (and 'other', and 'total')."""
    found: collections.Counter[str] = collections.Counter()
    patterns = [(name, re.compile(p)) for name, p in KINDS]
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        kind = next((name for name, p in patterns if any(p.search(f) for f in frames)), "other")
        found[kind] += int(count)
        found["total"] += int(count)
    return {k: n / rate for k, n in found.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, required=True, help="a checkout with its own venv in DIR/.venv")
    ap.add_argument("--rate", type=int, default=200, help="samples a second")
    args = ap.parse_args()
    if shutil.which("py-spy") is None:
        sys.exit("py-spy is not installed: pip install py-spy")
    if not (ROOT / ".venv" / "bin" / "python").exists():
        sys.exit(f"{ROOT}/.venv: this checkout needs a venv with playkit installed (pip install -e .)")
    with tempfile.TemporaryDirectory() as tmp:
        before = kinds(sampled(args.before.resolve(), args.rate, Path(tmp)), args.rate)
        now = kinds(sampled(ROOT, args.rate, Path(tmp)), args.rate)
    print(f"CPU seconds of a cold build of the four kits, by kind of work (py-spy, {args.rate} samples a "
          f"second; load average {os.getloadavg()[0]:.1f})")
    print(f"| {'kind of work':40s} | {'before':>7s} | {'now':>7s} |")
    print(f"|{'-' * 42}|{'-' * 9}|{'-' * 9}|")
    for name in [k for k, _ in KINDS] + ["other", "total"]:
        print(f"| {name:40s} | {before.get(name, 0.0):7.2f} | {now.get(name, 0.0):7.2f} |")


if __name__ == "__main__":
    main()
