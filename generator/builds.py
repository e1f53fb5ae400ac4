"""Several kits built (or games checked) at once, as the designer's loop wants it.

A kit whose inputs (every file of its content folder, the code, the options and the profile) are
those of its last build, with every file that build wrote still as it wrote it, is left alone: not
even loaded. The others are loaded and made on every core (one kit a process), and written only when
every game's content is sound: a problem anywhere builds nothing. A kit is the same bytes whichever
process makes it (test_incremental.py). `playkit validate` checks several games on every core too.
"""

from __future__ import annotations

import gc
import hashlib
import os
import pickle
import signal
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from . import export, kit
from .content import ContentError, Problem
from .game import Artifact, BuildOptions

if TYPE_CHECKING:   # a build's own modules, imported when one runs (`playkit validate` needs none)
    from .output import WriteReport

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
    from .buildcache import key

    digest = content_digest(kit.content_folder(content_root, game_id))
    return key("kit", game_id, options, profile, digest) if digest else ""


@dataclass(frozen=True)
class Built:
    """One game's build: its report, and whether it was left alone (its inputs had not changed)."""

    game: str
    report: WriteReport
    unchanged: bool = False


def build_games(ids: Sequence[str], content_root: Path, out_root: Path, options: BuildOptions,
                profile: str = export.DEFAULT, workers: int | None = None,
                progress: Callable[[str, Artifact], None] | None = None) -> list[Built]:
    """Build every game of `ids` into OUT/GAME, in that order; raises ContentError with every problem
    of every game (and writes nothing) when any content is unsound. `workers`: processes to make
    kits in (default: one a core, at most one a kit); `progress` hears of each file made in this
    process (kits made in other processes are heard of when written)."""
    from .output import Previous

    out: dict[str, Built] = {}
    todo: list[tuple[str, str]] = []
    for gid in ids:
        inputs = inputs_key(gid, content_root, options, profile)
        sub = export.folder(profile)
        folder = out_root / gid / sub if sub else out_root / gid
        previous = Previous(folder)
        if inputs and previous.inputs == inputs and previous.intact():
            out[gid] = Built(gid, previous.report(), unchanged=True)
        else:
            todo.append((gid, inputs))
    jobs = [(gid, inputs, content_root, out_root, options, profile) for gid, inputs in todo]
    n = min(workers or os.cpu_count() or 1, len(jobs))
    if n > 1:
        import multiprocessing

        if _start() == "fork":
            kit.import_maker(profile)   # once, here, not in every worker
        with _frozen(), multiprocessing.get_context(_start()).Pool(n) as pool:
            results = pool.map(_make, jobs, chunksize=1)
    else:
        results = _make_here(jobs, progress)
    problems = [p for r in results if not isinstance(r, kit.Made) for p in r]
    if problems:
        raise ContentError(problems)
    for (gid, _), made in zip(todo, results, strict=True):
        assert isinstance(made, kit.Made)
        out[gid] = Built(gid, made.write())
    return [out[gid] for gid in ids]


CHECKS_PER_CORE = 2
"""Games checked at once on each core: the games weigh unequally (Skylands takes about as long as
Islands & Bridges and Skybound Battle together), so four games in two processes, two after each
other, left a core idle while the heavier pair finished; one process a game lets the kernel share
both cores among them until the last is done."""


def check_games(ids: Sequence[str], content_root: Path, workers: int | None = None) -> list[list[Problem]]:
    """Load and check every game of `ids`: the problems of each, in that order ([] for a sound game).
    The games are checked on every core (one game a process, `workers` processes at most: by default
    CHECKS_PER_CORE a core, and none beside this one on a machine of one core), when a worker can be
    forked with playkit already imported (a spawned one would spend longer importing it again than
    checking its game)."""
    cores = os.cpu_count() or 1
    n = min(workers or (CHECKS_PER_CORE * cores if cores > 1 else 1), len(ids))
    jobs = [(gid, content_root) for gid in ids]
    if n > 1 and _start() == "fork":
        kit.import_loader()   # once, here, not in every worker; each worker imports the games it checks
        with _frozen():
            return forked(_check, jobs, n)
    return [_check(job) for job in jobs]


@contextmanager
def _frozen() -> Iterator[None]:
    """While workers are forked and run: what this process holds so far is left out of the garbage
    collector's passes, so that no worker's collections walk it (and copy every page of it); given
    back after, for a process that goes on (`playkit watch`)."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


T = TypeVar("T")
R = TypeVar("R")


def forked(fn: Callable[[T], R], jobs: Sequence[T], processes: int) -> list[R]:
    """[fn(job) for job in jobs], computed in `processes` children forked from this process (job i
    in child i % processes), the results sent back through a pipe each; the first exception a child
    raises is raised here. What multiprocessing's Pool does for a map, without its threads, queues
    and the import of it all: a check of four games is over in a fraction of a second."""
    groups = [list(jobs[i::processes]) for i in range(min(processes, len(jobs)))]
    children: list[tuple[int, int]] = []
    try:
        for group in groups:
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:   # the child: its jobs, their results down the pipe, and gone (nothing else runs)
                code = 1
                try:
                    os.close(read)
                    try:
                        result: tuple[bool, object] = (True, [fn(job) for job in group])
                    except Exception as err:
                        result = (False, err)
                    with os.fdopen(write, "wb") as pipe:
                        pickle.dump(result, pipe)
                    code = 0
                finally:
                    os._exit(code)
            os.close(write)
            children.append((pid, read))
        sent: list[tuple[bool, object]] = []
        while children:
            pid, read = children[0]
            with os.fdopen(read, "rb") as pipe:
                children[0] = (pid, -1)   # the pipe is this `with`'s to close
                data = pipe.read()
            children.pop(0)
            _, status = os.waitpid(pid, 0)
            if not data or status:
                raise RuntimeError(f"a process checking {len(groups[len(sent)])} game(s) stopped "
                                   f"(exit status {status})")
            sent.append(pickle.loads(data))
    finally:
        for pid, read in children:   # only after a failure: the others are stopped and reaped
            if read >= 0:
                os.close(read)
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    ordered: list[R] = []
    for i in range(len(jobs)):
        ok, value = sent[i % len(groups)]
        if not ok:
            assert isinstance(value, BaseException)
            raise value
        ordered.append(value[i // len(groups)])   # type: ignore[index]
    return ordered


def _check(job: tuple[str, Path]) -> list[Problem]:
    gid, content_root = job
    try:
        kit.load(gid, content_root)
    except ContentError as err:
        return err.problems
    return []


def _start() -> str:
    """How workers start: forked where the system can (they begin with playkit already imported; a
    spawned one would import it again)."""
    return "fork" if hasattr(os, "fork") else "spawn"

Job = tuple[str, str, Path, Path, BuildOptions, str]


def _make(job: Job) -> kit.Made | list[Problem]:
    """One game loaded and made (in a worker process): its kit, or every problem of its content."""
    gid, inputs, content_root, out_root, options, profile = job
    try:
        loaded = kit.load(gid, content_root)
    except ContentError as err:
        return err.problems
    return kit.make(loaded, out_root, options, None, profile, inputs)


def _make_here(jobs: list[Job], progress: Callable[[str, Artifact], None] | None) -> list[kit.Made | list[Problem]]:
    """The games made in this process: every one loaded first, so a problem anywhere makes nothing."""
    loaded: list[kit.Loaded | list[Problem]] = []
    for gid, *_ in jobs:
        try:
            loaded.append(kit.load(gid, jobs[0][2]))
        except ContentError as err:
            loaded.append(err.problems)
    if any(not isinstance(item, kit.Loaded) for item in loaded):
        return [item if isinstance(item, list) else [] for item in loaded]
    out: list[kit.Made | list[Problem]] = []
    for (gid, inputs, _, out_root, options, profile), item in zip(jobs, loaded, strict=True):
        assert isinstance(item, kit.Loaded)
        tell = (lambda a, gid=gid: progress(gid, a)) if progress else None
        out.append(kit.make(item, out_root, options, tell, profile, inputs))
    return out
