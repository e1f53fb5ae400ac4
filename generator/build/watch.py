"""`playkit watch`: build, then build again on every save, saying what changed.

The content folders are polled (file names, sizes and modification times: pure Python, nothing to
install). A save rebuilds only the kits whose files changed (builds.py leaves the others alone), and
inside a kit only the files and faces whose drawing changed are drawn (press/assemble.py). A content
problem is printed at its FILE:LINE:COL and the watch goes on; the next save that fixes it builds.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..content import ContentError
from ..core import kit
from ..core.game import BuildOptions
from . import builds

Snapshot = dict[str, tuple[int, int]]

SETTLE_S = 0.05
"""How long a change must hold before it is built: a save in progress is not read half-written."""


def snapshot(folders: Sequence[Path]) -> Snapshot:
    """Every file under the folders with its size and modification time (ns)."""
    out: Snapshot = {}
    for folder in folders:
        for here, dirs, files in os.walk(folder):
            dirs.sort()
            for name in files:
                path = os.path.join(here, name)
                try:
                    st = os.lstat(path)
                except OSError:
                    continue
                out[path] = (st.st_mtime_ns, st.st_size)
    return out


def settled(folders: Sequence[Path], now: Snapshot) -> Snapshot:
    """The folders' snapshot once the save that changed them is done: taken again, SETTLE_S apart,
    until two in a row agree. An editor that saves a file in place empties it, then writes it: a
    snapshot taken in between would build from half a file (a false problem said, then a second
    build as the write lands)."""
    while True:
        time.sleep(SETTLE_S)
        again = snapshot(folders)
        if again == now:
            return now
        now = again


def watch(ids: Sequence[str], content_root: Path, out_root: Path, options: BuildOptions, profile: str,
          say: Callable[[str], None], complain: Callable[[str], None], interval_s: float = 0.25,
          rounds: int | None = None, after_round: Callable[[int], None] | None = None) -> None:
    """Build the games, then poll their content every `interval_s` and rebuild on a change, until
    interrupted (Ctrl-C) or, when `rounds` is given, after that many polls. `say` gets what was
    built, `complain` every content problem; `after_round(n)` runs after poll n (tests edit there)."""
    folders = [kit.content_folder(content_root, gid) for gid in ids]
    seen = snapshot(folders)
    start = time.perf_counter()
    for b in _build(ids, content_root, out_root, options, profile, say, complain, first=True):
        if b.unchanged:   # not made in this process: made once in memory, so that the first save is quick
            builds.rehearse(b.game, content_root, out_root, options, profile)
    took = time.perf_counter() - start
    say(f"built in {took:.2f} s; watching {', '.join(ids)} for changes (Ctrl-C stops)")
    done = 0
    try:
        while rounds is None or done < rounds:
            time.sleep(interval_s)
            now = snapshot(folders)
            if now != seen:
                seen = settled(folders, now)
                _build(ids, content_root, out_root, options, profile, say, complain, first=False)
            done += 1
            if after_round:
                after_round(done)
    except KeyboardInterrupt:
        say("stopped watching")


def _build(ids: Sequence[str], content_root: Path, out_root: Path, options: BuildOptions, profile: str,
           say: Callable[[str], None], complain: Callable[[str], None], first: bool) -> list[builds.Built]:
    """One build of the watched games, said in a few lines: what changed, or every problem."""
    start = time.perf_counter()
    try:
        built = builds.build_games(ids, content_root, out_root, options, profile)
    except ContentError as err:
        for p in err.problems:   # folded: each once
            complain(str(p))
        n = len(err.problems)
        complain(f"{n} problem{'s' if n != 1 else ''} found; nothing was written; watching for the next save")
        return []
    except FileNotFoundError as err:   # a game folder renamed or removed while watched
        complain(f"{err}; watching for the next save")
        return []
    took = time.perf_counter() - start
    for b in built:
        r = b.report
        if first:
            say(f"{b.game}: {len(r.written)} files in {r.folder}/" + (" (unchanged)" if b.unchanged else ""))
            continue
        if b.unchanged:
            continue
        files = [p for p in r.changed if not p.startswith("svg/")]
        faces = [p[len("svg/"):-len(".svg")] for p in r.changed if p.startswith("svg/")]
        say(f"{b.game}: rebuilt in {took:.2f} s: {len(files)} files and {len(faces)} faces changed")
        for line in ([f"  changed  {p}" for p in files] + [f"  face     {f}" for f in faces]
                     + [f"  removed  {p}" for p in r.removed]):
            say(line)
    return built
