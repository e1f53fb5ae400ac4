"""CPU time and output size of each export profile, per game. Prints figures; asserts nothing.

    python bench/bench_export.py [GAME ...] [--profile NAME ...]

The kit spec is made once per game (its load and balance search are another bench's business);
each profile then renders from it, as `playkit build GAME --profile NAME` does after loading.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator import export
from generator.content import paths
from generator.core import kit
from generator.core.game import BuildOptions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--profile", action="append", default=None)
    args = parser.parse_args()
    roots = [(g, paths.CONTENT) for g in kit.games_in(paths.CONTENT)]
    roots += [(g, paths.EXAMPLES / "decks") for g in kit.games_in(paths.EXAMPLES / "decks")]
    wanted = [(g, r) for g, r in roots if not args.games or g in args.games]
    profiles = args.profile or [p for p in export.names() if p != export.DEFAULT]
    print(f"{'game':<22}{'profile':<9}{'files':>7}{'MB':>9}{'CPU s':>8}")
    for gid, root in wanted:
        loaded = kit.load(gid, root)
        spec = loaded.game.kit(loaded.model, loaded.content, BuildOptions())
        files = tuple(spec.files)
        for name in profiles:
            job = export.Job(gid, spec.title, files, BuildOptions(), Path("/tmp/bench-export"))
            t0 = time.process_time()
            out = list(export.profile(name).export(job))
            cpu = time.process_time() - t0
            size = sum(len(a.data) for a in out) / 1e6
            print(f"{gid:<22}{name:<9}{len(out):>7}{size:>9.1f}{cpu:>8.2f}")


if __name__ == "__main__":
    main()
