"""A pure computation in a forked copy of this process, beside what this process goes on with.

A kit uses it where a core would otherwise wait: Skybound's balance report runs beside its kit's
drawing, and a rebuild typesets its changed books beside the rest of its files (press/assemble.py).
"""

from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Callable
from contextlib import suppress
from typing import Generic, TypeVar

R = TypeVar("R")

_BESIDE_OTHERS = [False]


def one_of_several() -> None:
    """Say that this process is one of several that take every core (builds.py forks one a kit): work
    it could hand to a copy of itself beside it is then better done in it (a copy would only take a
    share of the cores the others use, and copying a process costs)."""
    _BESIDE_OTHERS[0] = True


def beside_others() -> bool:
    """Whether this process said it is one of several that take every core (one_of_several)."""
    return _BESIDE_OTHERS[0]


class Background(Generic[R]):
    """`fn()` computed in a forked copy of this process while this one goes on (a kit draws its
    pages while its simulation runs on the other core); `result()` waits for it.

    `fn` must be pure: the copy computes exactly what this process would, so the result is the
    same bytes. Where there is no fork, or the copy fails in any way, `result()` calls `fn` here
    (a failure is then raised in this process, with its traceback). The copy is forked directly,
    not as a multiprocessing child, so that it works inside a pool's (daemonic) worker too; it
    writes its pickled result to a pipe and leaves with os._exit, running nothing of this process's."""

    def __init__(self, fn: Callable[[], R]) -> None:
        self.fn = fn
        self.pid = 0
        self.pipe = -1
        self.owner = os.getpid()  # a copy forked later holds this object too, but its process is not its own
        if not hasattr(os, "fork"):
            return
        read, write = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            return
        if pid == 0:  # the copy
            os.close(read)
            try:
                data = pickle.dumps(fn(), protocol=pickle.HIGHEST_PROTOCOL)
            except BaseException:  # the parent computes it again and raises it there
                data = b""
            try:
                with os.fdopen(write, "wb") as out:
                    out.write(data)
            finally:
                os._exit(0)
        os.close(write)
        self.pid, self.pipe = pid, read

    def result(self) -> R:
        if not self.pid:
            return self.fn()
        with os.fdopen(self.pipe, "rb") as got:
            data = got.read()
        os.waitpid(self.pid, 0)
        self.pid = 0
        if data:
            try:
                value: R = pickle.loads(data)
                return value
            except Exception:  # a copy that could not say: compute it here
                pass
        return self.fn()

    def __del__(self) -> None:
        if self.pid and os.getpid() == self.owner:  # never asked for (the build stopped): stop the copy, reap it
            os.close(self.pipe)
            with suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.pid = 0
