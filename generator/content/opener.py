"""The one way a content file is read: its bytes, once, from a plain file of bounded size.

Every content input (YAML, CSV, pictures, fonts) is read here, and what is drawn is drawn from the
bytes read, never from the path again: a file swapped between a check and a later read cannot reach
the output. Inside the game's folder the path is walked one part at a time with O_NOFOLLOW, so no
link on the way (to a folder or to the file) is followed, whatever it points to; a fifo or a device
never blocks a read; a file larger than its kind's cap is refused before it is read whole.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .problems import ContentError, Problem

MAX_FILE_BYTES = 1 << 20   # 1 MiB: text content (YAML, CSV, SVG), fifty times the largest shipped file

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


def read_bytes(path: Path, file: str, *, folder: Path | None = None, limit: int = MAX_FILE_BYTES,
               what: str = "content files are small text") -> bytes:
    """The bytes of `path`, named `file` in problems (ContentError at FILE:1:1): a regular file of at
    most `limit` bytes (`what` says why the cap), reached from `folder` (the game's) through no link."""
    def refuse(message: str) -> ContentError:
        return ContentError([Problem(file, 1, 1, message)])

    try:
        fd = _open(path, folder)
    except _Link as err:
        raise refuse(f"{err} is a link (refused: content is read from the game folder's own files, "
                     "never through a link)") from None
    except OSError as err:
        raise refuse(f"cannot read: {err.strerror or err}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a fifo" if stat.S_ISFIFO(mode) else \
                "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a file"
            raise refuse(f"not a regular file ({kind}); content is read from plain files only")
        if os.fstat(fd).st_size > limit:   # said before a byte is read (a sparse file of a gigabyte)
            raise refuse(f"the file is larger than {_amount(limit)} (refused: {what})")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, 1 << 24))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise refuse(f"the file is larger than {_amount(limit)} (refused: {what})")
        return b"".join(chunks)
    except OSError as err:
        raise refuse(f"cannot read: {err.strerror or err}") from None
    finally:
        os.close(fd)


class _Link(Exception):
    """A part of the path inside the game folder is a link (its name is the message)."""


def _open(path: Path, folder: Path | None) -> int:
    """A descriptor of `path`, each part below `folder` opened without following a link."""
    if folder is None:
        return os.open(path, _FLAGS)
    try:
        parts = Path(os.path.abspath(path)).relative_to(os.path.abspath(folder)).parts
    except ValueError:
        raise OSError(0, "outside the game's folder") from None
    if not parts or ".." in parts:
        raise OSError(0, "outside the game's folder")
    fd = os.open(folder, _FLAGS | _DIRECTORY)
    try:
        for k, part in enumerate(parts):
            last = k == len(parts) - 1
            try:
                nxt = os.open(part, _FLAGS | _NOFOLLOW | (0 if last else _DIRECTORY), dir_fd=fd)
            except OSError as err:
                try:
                    link = stat.S_ISLNK(os.stat(part, dir_fd=fd, follow_symlinks=False).st_mode)
                except OSError:
                    raise err from None
                if link:
                    raise _Link("/".join(parts[:k + 1])) from None
                raise
            os.close(fd)
            fd = nxt
        return fd
    except BaseException:
        os.close(fd)
        raise


def _amount(n: int) -> str:
    return f"{n >> 20} MiB" if n >= 1 << 20 and not n % (1 << 20) else f"{n // 1024} KiB"
