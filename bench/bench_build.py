"""Time a full build of a game's kit, split by stage. Prints figures; asserts nothing.

    python bench/bench_build.py [GAME] [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from generator import games, kit, paths
from generator.content import load_content
from generator.draw import svg
from generator.game import BuildOptions
from generator.output import write_artifacts
from generator.press import document


def one_build(game_id: str, out: Path) -> dict[str, float]:
    t: dict[str, float] = defaultdict(float)
    game = games.get(game_id)
    t0 = time.perf_counter()
    content = load_content(paths.CONTENT / game_id)
    t["1 load YAML"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    model = game.load(content)
    t["2 typed model"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    problems = kit.glyph_problems(content) + game.check(model, content)
    assert not problems, problems
    t["3 rule checks + glyphs"] = time.perf_counter() - t0

    # wrap the two backends so their time is told apart from drawing the scenes
    pdf_time, svg_time = [0.0], [0.0]
    real_pdf, real_svg = document.PrintDocument.to_bytes, svg.to_svg

    def timed_pdf(self: document.PrintDocument) -> bytes:
        s = time.perf_counter()
        try:
            return real_pdf(self)
        finally:
            pdf_time[0] += time.perf_counter() - s

    def timed_svg(scene):  # type: ignore[no-untyped-def]
        s = time.perf_counter()
        try:
            return real_svg(scene)
        finally:
            svg_time[0] += time.perf_counter() - s

    document.PrintDocument.to_bytes = timed_pdf  # type: ignore[method-assign]
    import generator.draw as draw_pkg
    draw_pkg.to_svg = timed_svg
    module = sys.modules[game.build.__module__]  # a game's build imports to_svg by name
    had = getattr(module, "to_svg", None)
    if had is not None:
        module.to_svg = timed_svg
    try:
        t0 = time.perf_counter()
        artifacts = list(game.build(model, content, BuildOptions()))
        total = time.perf_counter() - t0
    finally:
        document.PrintDocument.to_bytes = real_pdf  # type: ignore[method-assign]
        draw_pkg.to_svg = real_svg
        if had is not None:
            module.to_svg = had
    t["4 draw scenes + rulebook"] = total - pdf_time[0] - svg_time[0]
    t["5 render PDF (reportlab)"] = pdf_time[0]
    t["6 render SVG (svgwrite)"] = svg_time[0]
    t0 = time.perf_counter()
    write_artifacts(out / game_id, artifacts, {"game": game_id})
    t["7 write files + manifest"] = time.perf_counter() - t0
    t["files"] = len(artifacts)
    return t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="?", default="islands-and-bridges")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    runs = []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            runs.append(one_build(args.game, Path(tmp)))
    print(f"full build of {args.game}: median of {args.repeat} runs, {int(runs[0]['files'])} files")
    total = 0.0
    for stage in sorted(k for k in runs[0] if k != "files"):
        med = statistics.median(r[stage] for r in runs)
        total += med
        print(f"  {stage:<28} {med * 1000:8.1f} ms")
    print(f"  {'total':<28} {total * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
