"""Several kits built (or games checked) at once, as the designer's loop wants it.

A kit whose inputs (every file of its content folder, the code, the options and the profile) are
those of its last build, with every file that build wrote still as it wrote it, is left alone: not
even loaded. The others are loaded, made and staged (written beside their place) in the process
pool, one kit a job, and put in place only when every kit is made: a problem anywhere builds
nothing. A kit is the same bytes whichever process makes it (test_incremental.py). `playkit
validate` checks several games in the pool too.

One build at a time writes into an output folder: a build holds a lock on OUT (an advisory lock
on the folder itself, nothing written for it) from before it looks at the last build until its
files are in place, and removes whatever temporary files a killed build left under OUT/GAME. An
interrupt (SIGINT, SIGTERM) before the files are put in place leaves OUT as it was; putting them
in place is not interrupted (the signal is heard right after).
"""

from __future__ import annotations

import hashlib
import os
import signal
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .. import export
from ..content import ContentError, Problem
from ..core import kit
from ..core.game import Artifact, BuildOptions

if TYPE_CHECKING:   # a build's own modules, imported when one runs (`playkit validate` needs none)
    from .output import Staged, WriteReport

MAX_INPUT_BYTES = 256 * 1024 * 1024
"""A content folder larger than this is not hashed to skip its build: it is simply built."""


def content_digest(folder: Path) -> str | None:
    """A hash of every file under `folder` (names and bytes; a link by where it points, not followed),
    or None when the folder is too large to be worth it."""
    h = hashlib.sha256()
    total = 0
    for here, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            path = Path(here) / name
            rel = str(path.relative_to(folder)).encode()
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                h.update(b"L" + rel + b"\0" + os.readlink(path).encode() + b"\0")
            elif stat.S_ISREG(mode):
                total += os.lstat(path).st_size
                if total > MAX_INPUT_BYTES:
                    return None
                h.update(b"F" + rel + b"\0" + path.read_bytes() + b"\0")
            else:
                h.update(b"O" + rel + b"\0")
    return h.hexdigest()


def inputs_key(game_id: str, content_root: Path, options: BuildOptions, profile: str) -> str:
    """The key of everything a build of `game_id` reads ('' when it cannot be told cheaply)."""
    from .keys import key

    digest = content_digest(kit.content_folder(content_root, game_id))
    return key("kit", game_id, options, profile, digest) if digest else ""


@dataclass(frozen=True)
class Built:
    """One game's build: its report, and whether it was left alone (its inputs had not changed)."""

    game: str
    report: WriteReport
    unchanged: bool = False


Job = tuple[str, str, Path, Path, BuildOptions, str]


def build_games(ids: Sequence[str], content_root: Path, out_root: Path, options: BuildOptions,
                profile: str = export.DEFAULT, workers: int | None = None,
                progress: Callable[[str, Artifact], None] | None = None,
                waiting: Callable[[str], None] | None = None) -> list[Built]:
    """Build every game of `ids` into OUT/GAME, in that order; raises ContentError with every problem
    of every game (and writes nothing) when any content is unsound. `workers`: processes to make
    kits in (default: one a core, at most one a kit; one: here); `progress` hears of each
    file made in this process; `waiting` hears, once, that another build holds OUT."""
    from .output import Previous, locked, remove_leftovers_under

    with locked(out_root, waiting):
        out: dict[str, Built] = {}
        todo: list[tuple[str, str]] = []
        for gid in ids:
            remove_leftovers_under(out_root / gid)   # a killed build's, whichever folder it was in
            inputs = inputs_key(gid, content_root, options, profile)
            sub = export.folder(profile)
            folder = out_root / gid / sub if sub else out_root / gid
            previous = Previous(folder)
            if inputs and previous.inputs == inputs and previous.intact():
                out[gid] = Built(gid, previous.report(), unchanged=True)
            else:
                todo.append((gid, inputs))
        jobs = [(gid, inputs, content_root, out_root, options, profile) for gid, inputs in todo]
        before = {gid: _folders(out_root / gid) for gid, _ in todo}
        try:
            staged = _staged(jobs, workers, progress)
        except BaseException:
            for gid, _ in todo:   # what a stopped worker was writing, and the folders it made
                remove_leftovers_under(out_root / gid)
                _remove_new_folders(out_root / gid, before[gid])
            raise
        with _uninterrupted():
            for (gid, _), kit_staged in zip(todo, staged, strict=True):
                out[gid] = Built(gid, kit_staged.commit())
        return [out[gid] for gid in ids]


def _staged(jobs: list[Job], workers: int | None, progress: Callable[[str, Artifact], None] | None) -> list[Staged]:
    """Every kit of `jobs` made and staged, in job order; ContentError with every problem of every
    kit, and nothing staged, when any content is unsound."""
    from .pool import Pool, cores

    # one kit a core: two a core (the kits weigh unequally) took more wall time and 25-50 % more CPU
    # for the four kits on two cores (docs/speed.md)
    n = min(workers or cores(), len(jobs))
    results: list[Staged | list[Problem]] = []
    try:
        if n <= 1:
            loaded = [_loaded(gid, content_root) for gid, _, content_root, *_ in jobs]
            if any(isinstance(item, list) for item in loaded):
                raise ContentError([p for item in loaded if isinstance(item, list) for p in item])
            for (gid, inputs, _, out_root, options, profile), item in zip(jobs, loaded, strict=True):
                assert isinstance(item, kit.Loaded)
                tell = (lambda a, gid=gid: progress(gid, a)) if progress else None
                results.append(kit.make(item, out_root, options, tell, profile, inputs).stage())
        else:
            with Pool(n) as pool:
                futures = [pool.submit(_make_and_stage, job) for job in jobs]
                failed: BaseException | None = None
                for future in futures:   # every kit's result, so that none staged is left behind
                    try:
                        results.append(future.result())
                    except Exception as err:
                        failed = failed or err
                if failed is not None:
                    raise failed
        problems = [p for r in results if isinstance(r, list) for p in r]
        if problems:
            raise ContentError(problems)
    except BaseException:
        for r in results:
            if not isinstance(r, list):
                r.discard()
        raise
    return [r for r in results if not isinstance(r, list)]


def _make_and_stage(job: Job) -> Staged | list[Problem]:
    """One game loaded, made and staged (in a worker): its staged kit, or every problem of its content."""
    gid, inputs, content_root, out_root, options, profile = job
    loaded = _loaded(gid, content_root)
    if isinstance(loaded, list):
        return loaded
    return kit.make(loaded, out_root, options, None, profile, inputs, workers=1).stage()


def rehearse(game_id: str, content_root: Path, out_root: Path, options: BuildOptions, profile: str) -> None:
    """Make a kit in this process and drop it, writing nothing: what the kit reads (content, fonts,
    templates, layouts) is then loaded in this process (a watch whose kits were already built)."""
    loaded = _loaded(game_id, content_root)
    if isinstance(loaded, kit.Loaded):
        kit.make(loaded, out_root, options, None, profile, workers=1)


def _loaded(game_id: str, content_root: Path) -> kit.Loaded | list[Problem]:
    """The game loaded and checked, or every problem of its content."""
    try:
        return kit.load(game_id, content_root)
    except ContentError as err:
        return err.problems


def check_games(ids: Sequence[str], content_root: Path) -> list[list[Problem]]:
    """Load and check every game of `ids`: the problems of each, in that order ([] for a sound game),
    one game a job in the pool (one process a core at most)."""
    from .pool import Pool, cores

    jobs = [(gid, content_root) for gid in ids]
    with Pool(min(cores(), len(jobs))) as pool:
        return pool.map(_check, jobs)


def _check(job: tuple[str, Path]) -> list[Problem]:
    found = _loaded(*job)
    return found if isinstance(found, list) else []


@contextmanager
def _uninterrupted() -> Iterator[None]:
    """SIGINT and SIGTERM held back while the block runs (files put in place): heard right after."""
    held = {signal.SIGINT, signal.SIGTERM}
    was = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, was)


def _folders(top: Path) -> set[str]:
    """Every folder under `top` (and `top`) as it is now."""
    if not top.is_dir():
        return set()
    return {str(top)} | {os.path.join(here, d) for here, dirs, _ in os.walk(top) for d in dirs}


def _remove_new_folders(top: Path, before: set[str]) -> None:
    """The empty folders under `top` that were not there before, deepest first."""
    for path in sorted(_folders(top) - before, key=lambda p: p.count(os.sep), reverse=True):
        try:
            os.rmdir(path)
        except OSError:
            continue
