"""Where playkit runs work in other processes: one process pool, and how a `playkit` process leaves.

A `Pool` runs pure functions of picklable jobs on local processes (concurrent.futures'
ProcessPoolExecutor), on a Dask cluster (its `Client.get_executor()`, for `--scheduler ADDRESS`), or
here when one worker is asked for. Results come back in job order, so a run gives the same numbers
whatever runs it and with any number of workers. Its workers ignore SIGINT: an interrupt is the
process's that started them, which stops them (`Pool.close(stop=True)`) and says so.

This is the only module of playkit that starts processes or leaves one without Python's teardown.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from types import TracebackType
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class ClusterUnavailable(RuntimeError):
    """A scheduler was named but Dask is not installed, or the scheduler cannot be reached."""


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:   # not Linux
        return os.cpu_count() or 1


def _worker_start() -> None:
    """In each local worker: an interrupt is for the process that started the pool, not for it, and
    SIGTERM (Pool.close(stop=True)) ends it at once, as it would any process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class _Here(Executor):
    """The executor of one worker: each job runs in this process when submitted."""

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        done: Future[R] = Future()
        try:
            done.set_result(fn(*args, **kwargs))
        except Exception as err:
            done.set_exception(err)
        return done


class Pool:
    """Runs pure functions over jobs on `workers` local processes (one: in this process), or on the
    Dask cluster at `scheduler` (reached within `timeout_s`). A context manager: leaving it waits for
    the jobs, or stops them when it is left by an exception (an interrupt among them)."""

    def __init__(self, workers: int = 1, scheduler: str | None = None, timeout_s: float = 10.0,
                 progress: Callable[[int, int], None] | None = None) -> None:
        self.progress = progress   # told (jobs done, jobs) as a `map`'s jobs finish, from (0, jobs)
        self.client: Any = None
        self.executor: Executor
        if scheduler:
            try:  # imported by name: an optional dependency, typed as Any whether installed or not
                client_type: Any = importlib.import_module("distributed").Client
            except ImportError:
                raise ClusterUnavailable("--scheduler needs Dask: pip install 'playkit[cluster]'") from None
            try:
                self.client = client_type(scheduler, timeout=f"{timeout_s}s")
            except OSError as err:
                raise ClusterUnavailable(f"cannot reach the Dask scheduler at {scheduler}: {err}") from None
            self.workers = max(1, len(self.client.scheduler_info().get("workers", {})))
            # pure=False: equal jobs are still separate jobs (Dask would otherwise hash large setups)
            self.executor = self.client.get_executor(pure=False)
        elif workers > 1:
            self.workers = workers
            self.executor = ProcessPoolExecutor(workers, initializer=_worker_start)
        else:
            self.workers = 1
            self.executor = _Here()

    def submit(self, fn: Callable[[T], R], job: T) -> Future[R]:
        """`fn(job)`, started now; its Future."""
        return self.executor.submit(fn, job)

    def map(self, fn: Callable[[T], R], jobs: Sequence[T]) -> list[R]:
        """`[fn(job) for job in jobs]`, spread over the workers; the first failure is raised here.
        `progress` hears how many jobs are done as they finish (in whatever order they finish)."""
        tell = self.progress or (lambda done, total: None)
        tell(0, len(jobs))
        if isinstance(self.executor, _Here) or (len(jobs) <= 1 and self.client is None):
            out = []
            for job in jobs:
                out.append(fn(job))
                tell(len(out), len(jobs))
            return out
        futures = [self.submit(fn, job) for job in jobs]
        for done, _ in enumerate(as_completed(futures), start=1):
            tell(done, len(jobs))
        return [f.result() for f in futures]

    def close(self, stop: bool = False) -> None:
        """Wait for the jobs and let the workers go; with `stop`, drop the jobs not started and stop
        the local workers at once (what they were writing is the caller's to remove)."""
        if self.client is not None:
            self.executor.shutdown(wait=not stop)
            self.client.close()
            return
        if stop and isinstance(self.executor, ProcessPoolExecutor):
            self.executor.shutdown(wait=False, cancel_futures=True)
            workers = multiprocessing.active_children()   # this process starts no other children
            for p in workers:
                p.terminate()
            for p in workers:
                p.join()
        self.executor.shutdown(wait=True, cancel_futures=stop)

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None) -> None:
        self.close(stop=err is not None)


def leave_now(code: int | None) -> None:
    """Leave this process now with exit status `code`, its output flushed, without Python's teardown:
    for a command that has written and closed everything, whose pools are closed: a process that
    imported pydantic, jinja2 and reportlab would otherwise free it all, object by object, for
    memory the system takes back whole."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code or 0)
