"""Several kits built (or games checked) at once, as the designer's loop wants it.

A kit whose inputs (every file of its content folder, the code, the options and the profile) are
those of its last build, with every file that build wrote still as it wrote it, is left alone: not
even loaded. The others are loaded, made and written on every core (one kit a process), and put in
place only when every kit is made: a problem anywhere builds nothing. A kit is the same bytes
whichever process makes it (test_incremental.py). `playkit validate` checks several games on every
core too.
"""

from __future__ import annotations

import gc
import hashlib
import os
import pickle
import signal
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar

from . import export, kit
from .content import ContentError, Problem
from .game import Artifact, BuildOptions

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
    from .buildcache import key

    digest = content_digest(kit.content_folder(content_root, game_id))
    return key("kit", game_id, options, profile, digest) if digest else ""


@dataclass(frozen=True)
class Built:
    """One game's build: its report, and whether it was left alone (its inputs had not changed)."""

    game: str
    report: WriteReport
    unchanged: bool = False


KITS_PER_CORE = 2
"""Kits made at once on each core, one a process (the four shipped kits: one process each on two
cores). The kits weigh unequally, and Skybound's process spends most of its time waiting for its
simulation and search (two more processes): two kits a process, one after the other, left a core
idle while the heavier ones finished, or a kit waiting behind Skybound's wait; one process a kit
lets the kernel share both cores among all of them until the last is done."""


def build_games(ids: Sequence[str], content_root: Path, out_root: Path, options: BuildOptions,
                profile: str = export.DEFAULT, workers: int | None = None,
                progress: Callable[[str, Artifact], None] | None = None) -> list[Built]:
    """Build every game of `ids` into OUT/GAME, in that order; raises ContentError with every problem
    of every game (and writes nothing) when any content is unsound. `workers`: processes to make
    kits in (default: KITS_PER_CORE a core, at most one a kit, none beside this one on a machine of
    one core); `progress` hears of each file made in this process (kits made in other processes are
    heard of when written)."""
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
    cores = os.cpu_count() or 1
    n = min(workers or (KITS_PER_CORE * cores if cores > 1 else 1), len(jobs))
    if n > 1 and _start() == "fork":
        with _uncollected():
            kit.import_maker(profile)   # once, here, not in every process
        with _frozen():
            staged = _made_apart(jobs, n)
        for (gid, _), kit_staged in zip(todo, staged, strict=True):
            out[gid] = Built(gid, kit_staged.commit())
        return [out[gid] for gid in ids]
    if n > 1:   # no fork: a pool of spawned workers, each kit sent back here to be written
        import multiprocessing

        with multiprocessing.get_context(_start()).Pool(n) as pool:
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


def _made_apart(jobs: Sequence[Job], processes: int) -> list[Staged]:
    """Every kit of `jobs` made and staged (output.Staged: written beside its place) in `processes`
    children forked from this process (job i in child i % processes), in job order; ContentError
    with every problem of every kit, and nothing staged, when any content is unsound.

    Each child loads its kits first and says whether they are sound; once every child has said, this
    process tells them all to go on (or to stop). A child then writes each kit as soon as it is made,
    while the others still make theirs, yet nothing is staged unless every kit's content is sound;
    should a kit fail after others staged theirs, theirs are taken back (Staged.discard)."""
    groups = [list(jobs[i::processes]) for i in range(min(processes, len(jobs)))]
    children: list[_Child] = []
    staged: list[Staged] = []
    try:
        for group in groups:
            children.append(_Child.fork(group, children))
        loaded = [child.heard() for child in children]
        failed = next((value for ok, value in loaded if not ok), None)
        problems = [p for i in range(len(jobs)) for p in _nth(loaded, i, len(groups), [])]
        for child in children:
            child.tell(go=failed is None and not problems)
        if isinstance(failed, BaseException):
            raise failed
        if problems:
            raise ContentError(problems)
        made: list[tuple[bool, Any]] = []
        for child in children:
            made.append(child.heard())
            staged += made[-1][1] if made[-1][0] else []   # taken back should a later child fail
        failed = next((value for ok, value in made if not ok), None)
        if isinstance(failed, BaseException):
            raise failed
        for child in children:
            child.reap()
        return [_nth(made, i, len(groups), []) for i in range(len(jobs))]
    except BaseException:
        for kit_staged in staged:
            kit_staged.discard()
        raise
    finally:
        for child in children:   # only after a failure: the others are stopped and reaped
            child.stop()


def _nth(said: list[tuple[bool, Any]], i: int, groups: int, otherwise: Any) -> Any:
    """What the child of job i said of it (its children's lists hold their jobs in order)."""
    ok, value = said[i % groups]
    return value[i // groups] if ok else otherwise


class _Child:
    """A process forked to make and stage kits (_made_apart): what it says comes through one pipe
    (pickles: whether its kits are sound, then its staged kits), whether to go on through another."""

    def __init__(self, pid: int, said: BinaryIO, told: BinaryIO, jobs: int) -> None:
        self.pid, self.said, self.told, self.jobs = pid, said, told, jobs

    @classmethod
    def fork(cls, group: list[Job], elder: list[_Child]) -> _Child:
        said_r, said_w = os.pipe()
        told_r, told_w = os.pipe()
        pid = os.fork()
        if pid == 0:   # the child: its kits, and gone (nothing else of this process runs)
            code = 1
            try:
                os.close(said_r)
                os.close(told_w)
                for child in elder:   # its elder siblings' pipes are theirs: else a sibling never hears the end
                    child.said.close()
                    child.told.close()
                with os.fdopen(said_w, "wb") as say, os.fdopen(told_r, "rb") as told:
                    _make_and_stage(group, say, told)
                code = 0
            finally:
                os._exit(code)
        os.close(said_w)
        os.close(told_r)
        return cls(pid, os.fdopen(said_r, "rb"), os.fdopen(told_w, "wb"), len(group))

    def heard(self) -> tuple[bool, Any]:
        """What it says next: (True, one value a kit) or (False, the exception it raised)."""
        try:
            said: tuple[bool, Any] = pickle.load(self.said)
        except EOFError:
            self.reap()
            raise RuntimeError(f"a process making {self.jobs} kit(s) stopped") from None
        return said

    def tell(self, go: bool) -> None:
        with suppress(OSError):   # a child whose kits are unsound has left already
            self.told.write(b"g" if go else b"s")
            self.told.close()

    def reap(self) -> None:
        if self.pid:
            _, status = os.waitpid(self.pid, 0)
            self.pid = 0
            if status:
                raise RuntimeError(f"a process making {self.jobs} kit(s) stopped (exit status {status})")

    def stop(self) -> None:
        self.said.close()
        with suppress(OSError):
            self.told.close()
        if self.pid:
            with suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.pid = 0


def _make_and_stage(group: list[Job], say: BinaryIO, told: BinaryIO) -> None:
    """In a child of _made_apart: load every kit of `group` and say which problems each has; make
    each and, once told to go on, stage it; say what was staged (or the exception raised)."""
    from .background import one_of_several

    one_of_several()   # the other cores make kits too: this process typesets its books itself
    try:
        loaded = [_loaded(job[0], job[2]) for job in group]
    except Exception as err:
        pickle.dump((False, err), say)
        return
    pickle.dump((True, [item if isinstance(item, list) else [] for item in loaded]), say)
    say.flush()
    if any(isinstance(item, list) for item in loaded):
        return
    staged: list[Staged] = []
    try:
        for (_, inputs, _, out_root, options, profile), item in zip(group, loaded, strict=True):
            assert isinstance(item, kit.Loaded)
            made = kit.make(item, out_root, options, None, profile, inputs)
            if not staged and told.read(1) != b"g":
                return
            staged.append(made.stage())
    except Exception as err:
        for kit_staged in staged:
            kit_staged.discard()
        pickle.dump((False, err), say)
        return
    pickle.dump((True, staged), say)


def _loaded(game_id: str, content_root: Path) -> kit.Loaded | list[Problem]:
    """The game loaded and checked, or every problem of its content."""
    try:
        return kit.load(game_id, content_root)
    except ContentError as err:
        return err.problems


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
def _uncollected() -> Iterator[None]:
    """No garbage collection while the modules of a build are imported before the kits' processes
    are forked: every kit waits for these imports, and the collector's passes over the modules
    imported so far took a tenth of them (~35 ms); what they made is frozen right after (_frozen)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


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
    found = _loaded(*job)
    return found if isinstance(found, list) else []


def _start() -> str:
    """How workers start: forked where the system can (they begin with playkit already imported; a
    spawned one would import it again)."""
    return "fork" if hasattr(os, "fork") else "spawn"

Job = tuple[str, str, Path, Path, BuildOptions, str]


def _make(job: Job) -> kit.Made | list[Problem]:
    """One game loaded and made (in a worker process): its kit, or every problem of its content."""
    gid, inputs, content_root, out_root, options, profile = job
    loaded = _loaded(gid, content_root)
    return loaded if isinstance(loaded, list) else kit.make(loaded, out_root, options, None, profile, inputs)


def _make_here(jobs: list[Job], progress: Callable[[str, Artifact], None] | None) -> list[kit.Made | list[Problem]]:
    """The games made in this process: every one loaded first, so a problem anywhere makes nothing."""
    loaded = [_loaded(gid, content_root) for gid, _, content_root, *_ in jobs]
    if any(not isinstance(item, kit.Loaded) for item in loaded):
        return [item if isinstance(item, list) else [] for item in loaded]
    out: list[kit.Made | list[Problem]] = []
    for (gid, inputs, _, out_root, options, profile), item in zip(jobs, loaded, strict=True):
        assert isinstance(item, kit.Loaded)
        tell = (lambda a, gid=gid: progress(gid, a)) if progress else None
        out.append(kit.make(item, out_root, options, tell, profile, inputs))
    return out
