"""A `playkit build` or `validate` handed to the `playkit watch` running on the same output folder.

A new process pays Python's start and its imports (pydantic, jinja2, reportlab, svgwrite) before it
draws anything: after a one-stat edit, more than the rebuild itself. A running watch has paid them
once. So a watch listens, and a `playkit build` (or `validate`) whose output folder a watch of the
same playkit serves hands it its command line, its working folder, its environment and its
terminal (the file descriptors themselves): the watch forks a copy of itself that runs the command
exactly as the new process would have, writing to the same terminal and files, and the new process
leaves with that copy's exit status. No watch there, or one that does not answer in time: the
command runs where it was typed, as always.

Linux only, where the socket lives in the abstract namespace (no file is written anywhere), named
by the user, the output folder's real path and the Python and playkit folder that run the watch,
and where each side reads the other's user id from the kernel (SO_PEERCRED): nothing is handed to,
or taken from, a process of another user. A watch whose playkit files (or libraries) changed since
it started takes nothing: the command runs the code it would have run by itself.

The command asks before it imports anything else (launch.py): it reads its command and --out
itself, as click will (command_and_out), so that a build handed on costs a few hundredths of a
second of its own.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import os
import select
import signal
import socket
import struct
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

COMMANDS = ("build", "validate")
"""What a watch runs for another process: commands that read content and write only into OUT."""

GLOBAL_OPTIONS = ("--content", "--out")
"""The options of `playkit` itself, which take a value and may stand before or after the command
(cli.py hoists them before it for click)."""

ANSWER_S = 5.0
"""How long a command waits for a watch to take it (one busy with a build of its own answers when
that is done) before it runs by itself."""

_REQUEST_S = 2.0
_MAX_MESSAGE = 256 * 1024
_PROTOCOL = "playkit-handoff-1"
_FDS = 4   # standard input, output, error, and the working folder


def supported() -> bool:
    return sys.platform == "linux" and hasattr(socket, "SO_PEERCRED") and hasattr(socket, "send_fds")


def address(out_root: Path) -> bytes:
    """The socket of the watch serving `out_root`, in the abstract namespace: by user, folder, and the
    Python and playkit that run it (whether that playkit's files changed since, the watch tells)."""
    package = Path(__file__).resolve().parent
    who = f"{os.getuid()}\0{os.path.realpath(out_root)}\0{sys.executable}\0{package}"
    return b"\0playkit-watch-" + hashlib.sha256(who.encode()).hexdigest()[:40].encode()


def command_and_out(args: Sequence[str]) -> tuple[str | None, Path]:
    """The command a `playkit` command line runs (None for a help or version request) and its
    output folder, read as click will read them (cli.py: the global options anywhere, the command
    the first word that is not an option's)."""
    from .paths import OUT

    command, out, i = None, OUT, 0
    while i < len(args) and args[i] != "--":
        name, eq, value = args[i].partition("=")
        if name in GLOBAL_OPTIONS:
            if not eq:
                i += 1
                if i == len(args):   # click says what is missing
                    return None, out
                value = args[i]
            if name == "--out":
                out = Path(value)
        elif name in ("-h", "--help", "--version"):
            return None, out
        elif command is None and not name.startswith("-"):
            command = name
        i += 1
    return command, out


def _peer_is_me(conn: socket.socket) -> bool:
    _pid, uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                                                          struct.calcsize("3i")))
    return bool(uid == os.getuid())


def _receive(conn: socket.socket, timeout_s: float | None) -> dict[str, object] | None:
    conn.settimeout(timeout_s)
    try:
        data = conn.recv(_MAX_MESSAGE)
    except (OSError, TimeoutError):
        return None
    try:
        message = json.loads(data) if data else None
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


def _send(conn: socket.socket, **message: object) -> bool:
    try:
        conn.send(json.dumps(message).encode())
    except OSError:
        return False
    return True


# ---- the command's side --------------------------------------------------------------------------

def hand_on(args: Sequence[str]) -> None:
    """When `args` is a build or validate and a watch serves its output folder: have the watch run
    it, then leave with its exit status. Otherwise return (the command runs here)."""
    command, out = command_and_out(args)
    if command not in COMMANDS or not supported():
        return
    status = _ask(address(out), args)
    if status is not None:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _ask(name: bytes, args: Sequence[str]) -> int | None:
    """The exit status of `args` run by the watch listening at `name`, or None when none took it."""
    try:
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    except OSError:
        return None
    with conn:
        try:
            conn.connect(name)
        except OSError:   # no watch there
            return None
        if not _peer_is_me(conn):   # a process of another user holding the name: handed nothing
            return None
        ready = _receive(conn, ANSWER_S)
        if not ready or ready.get("ready") != _PROTOCOL:
            return None
        try:
            here = os.open(".", os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return None
        try:
            umask = os.umask(0)
            os.umask(umask)
            request = json.dumps({"argv": list(args), "env": dict(os.environ), "umask": umask}).encode()
            if len(request) > _MAX_MESSAGE:
                return None
            try:
                socket.send_fds(conn, [request], [0, 1, 2, here])
            except OSError:
                return None
        finally:
            os.close(here)
        started = _receive(conn, ANSWER_S)
        pid = started.get("started") if started else None
        if not isinstance(pid, int):
            return None
        with _forwarding_interrupts(pid):
            done = _receive(conn, None)   # a forwarded Ctrl-C does not interrupt the wait (PEP 475)
        status = done.get("exit") if done else None
        if not isinstance(status, int):
            print("playkit: the watch that took this command ended without its status", file=sys.stderr)
            return 1
        return status


@contextlib.contextmanager
def _forwarding_interrupts(pid: int) -> Iterator[None]:
    """Ctrl-C in this terminal interrupts the copy running the command, as it would have this process."""
    def forward(signum: int, _frame: object) -> None:
        with contextlib.suppress(OSError):
            os.kill(pid, signum)

    old = signal.signal(signal.SIGINT, forward)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


# ---- the watch's side ----------------------------------------------------------------------------

class Server:
    """The watch's listening socket for `out_root`: `wait(timeout_s)` sleeps like time.sleep, but
    runs the commands handed to it meanwhile (`run(argv)` gives the exit status: cli's main, in a
    forked copy whose standard streams and working folder are the asking process's)."""

    def __init__(self, out_root: Path, run: Callable[[list[str]], int],
                 say: Callable[[str], None]) -> None:
        from .buildcache import code_version

        self.run, self.say = run, say
        self.listener: socket.socket | None = None
        self.code = code_version()   # what this process runs: its files as they were when it started
        self.stale = False
        if not supported():
            return
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            listener.bind(address(out_root))
            listener.listen(8)
        except OSError:   # another watch serves this folder already
            listener.close()
            return
        self.listener = listener

    def close(self) -> None:
        if self.listener is not None:
            self.listener.close()
            self.listener = None

    def wait(self, timeout_s: float) -> None:
        if self.listener is None:
            time.sleep(timeout_s)
            return
        end = time.monotonic() + timeout_s
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.listener], [], [], left)
            if ready:
                self.serve_one()

    def serve_one(self) -> None:
        assert self.listener is not None
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        with conn:
            if not _peer_is_me(conn):
                return
            if not self._current():
                _send(conn, stale=True)
                return
            if not _send(conn, ready=_PROTOCOL):
                return
            conn.settimeout(_REQUEST_S)
            try:
                data, fds, _flags, _addr = socket.recv_fds(conn, _MAX_MESSAGE, _FDS)
            except (OSError, TimeoutError):
                return
            try:
                request = json.loads(data) if data else None
            except ValueError:
                request = None
            args = request.get("argv") if isinstance(request, dict) else None
            if (len(fds) != _FDS or not isinstance(request, dict) or not isinstance(args, list)
                    or not all(isinstance(a, str) for a in args)):
                for fd in fds:
                    os.close(fd)
                return
            start = time.perf_counter()
            pid = self._fork(args, fds, request, conn)
            status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
            status = status if status >= 0 else 128 - status   # killed by a signal: as a shell says it
            _send(conn, exit=status)   # heard only if the copy could not say it (the asker takes the first)
            self.say(f"ran `playkit {' '.join(args)}` for another terminal in "
                     f"{time.perf_counter() - start:.2f} s (exit {status})")

    def _current(self) -> bool:
        """Whether playkit's files (and its libraries) are still those this watch runs: a command
        typed after an upgrade or an edit of playkit runs the new code, by itself."""
        from .buildcache import code_version

        if not self.stale and code_version.__wrapped__() != self.code:
            self.stale = True
            self.say("playkit changed since this watch started: it builds with the code it started with, and "
                     "builds typed elsewhere run by themselves; restart it to use the new code")
        return not self.stale

    def _fork(self, args: list[str], fds: list[int], request: dict[str, object], conn: socket.socket) -> int:
        """Start `args` in a forked copy of this process that takes the asking process's place: its pid.
        The copy tells the asker itself that it started and how it ended, so that the asker hears
        its status even should this watch be stopped meanwhile."""
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:   # the copy: never returns
            status = 1
            try:
                gc.freeze()   # what the watch holds is not this copy's to collect
                self._become(fds, request, args)
                _send(conn, started=os.getpid())
                status = self.run(args)
            finally:
                with contextlib.suppress(Exception):
                    sys.stdout.flush()
                    sys.stderr.flush()
                _send(conn, exit=status)
                os._exit(status)
        for fd in fds:
            os.close(fd)
        return pid

    def _become(self, fds: list[int], request: dict[str, object], args: list[str]) -> None:
        """This copy, as the asking process: its streams, working folder, environment and umask."""
        assert self.listener is not None
        self.listener.close()
        for target, fd in enumerate(fds[:3]):
            os.dup2(fd, target)
        os.fchdir(fds[3])
        for fd in fds:
            os.close(fd)
        env = request.get("env")
        if isinstance(env, dict):
            os.environ.clear()
            os.environ.update({str(k): str(v) for k, v in env.items()})
        umask = request.get("umask")
        if isinstance(umask, int):
            os.umask(umask)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        sys.argv = ["playkit", *args]
