"""Where balance work runs: in this process, on local processes, or on a Dask cluster.

Every job is a pure function of its arguments (a chunk of games with its own seeds, a deck to
evaluate), and results come back in job order, so a run gives the same numbers on any of them
and with any number of workers. Dask is optional (`pip install 'playkit[cluster]'`): it is only
imported when a scheduler address is given.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    """Runs a pure function over jobs; the results in job order."""

    workers: int

    def map(self, fn: Callable[[T], R], jobs: Sequence[T]) -> list[R]:
        """`[fn(job) for job in jobs]`, spread over the workers."""


class Serial:
    """Everything in this process."""

    workers = 1

    def map(self, fn: Callable[[T], R], jobs: Sequence[T]) -> list[R]:
        return [fn(job) for job in jobs]


class Processes:
    """A pool of local processes, kept for the life of the executor."""

    def __init__(self, workers: int) -> None:
        import multiprocessing

        self.workers = workers
        self.pool = multiprocessing.get_context().Pool(workers)

    def map(self, fn: Callable[[T], R], jobs: Sequence[T]) -> list[R]:
        if len(jobs) <= 1:
            return [fn(job) for job in jobs]
        return list(self.pool.imap(fn, jobs))

    def close(self) -> None:
        self.pool.close()
        self.pool.join()


class DaskCluster:
    """The workers of a Dask cluster, reached through its scheduler."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.workers = max(1, len(client.scheduler_info().get("workers", {})))

    def map(self, fn: Callable[[T], R], jobs: Sequence[T]) -> list[R]:
        if not jobs:
            return []
        # pure=False: equal jobs are still separate jobs (dask would otherwise hash large setups)
        futures = self.client.map(fn, list(jobs), pure=False)
        return list(self.client.gather(futures))


class ClusterUnavailable(RuntimeError):
    """A scheduler was named but Dask is not installed, or the scheduler cannot be reached."""


@contextmanager
def executor(workers: int = 1, scheduler: str | None = None, timeout_s: float = 10.0) -> Iterator[Executor]:
    """The executor a command asked for: a Dask cluster at `scheduler` (reached within `timeout_s`),
    else `workers` processes."""
    if scheduler:
        try:  # imported by name: an optional dependency, typed as Any whether installed or not
            client_type: Any = importlib.import_module("distributed").Client
        except ImportError:
            raise ClusterUnavailable("--scheduler needs Dask: pip install 'playkit[cluster]'") from None
        try:
            client = client_type(scheduler, timeout=f"{timeout_s}s")
        except OSError as err:
            raise ClusterUnavailable(f"cannot reach the Dask scheduler at {scheduler}: {err}") from None
        try:
            yield DaskCluster(client)
        finally:
            client.close()
    elif workers > 1:
        pool = Processes(workers)
        try:
            yield pool
        finally:
            pool.close()
    else:
        yield Serial()
