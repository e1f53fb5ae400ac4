"""A manifest signed by this user's playkit: what a build reuses from its output folder must be
what a build of this user wrote there, not what anyone able to write the folder put in it.

The key is 32 random bytes in a file only this user reads, kept outside every output folder:
$XDG_STATE_HOME/playkit/manifest-key (~/.local/state/playkit/manifest-key by default), made by the
first build that needs it. Where it cannot be read or made, nothing is signed and nothing an
output folder holds is reused: every build then makes every file anew.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from functools import cache
from pathlib import Path

KEY_BYTES = 32


def key_file() -> Path:
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "playkit" / "manifest-key"


@cache
def _key() -> bytes | None:
    path = key_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "wb") as fh:
                fh.write(os.urandom(KEY_BYTES))
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as fh:
            key = fh.read(KEY_BYTES + 1)
    except (OSError, RuntimeError):   # no home, a read-only one, a link where the key should be
        return None
    return key if len(key) == KEY_BYTES else None


def sign(data: bytes) -> str:
    """The signature of `data` ('' where there is no key)."""
    key = _key()
    return hmac.new(key, data, hashlib.sha256).hexdigest() if key else ""


def signed(data: bytes, signature: str) -> bool:
    """Whether `signature` is this user's playkit's signature of `data`."""
    expected = sign(data)
    return bool(expected) and hmac.compare_digest(expected, signature)
