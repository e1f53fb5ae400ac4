"""Writing results: atomically, with a manifest of hashes that tells what changed, and never outside
the game's output folder.

The folder a build writes (OUT/GAME, or a folder under it) is the only place playkit writes or
deletes: a path is written only if every folder on the way down from OUT/GAME is a real folder (not
a symbolic link), and the manifest left by the last build is trusted only if it is exactly what
`write_artifacts` writes, with paths that stay inside. Temporary files carry TEMP_SUFFIX, so the next
build can remove those a killed build left, and no other file.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from ..core.game import Artifact

MANIFEST = "manifest.json"
SIGNATURE = "signature"
MADE_BY = "made_by"
"""The command whose files a manifest lists: another command's writes there are refused."""
CACHE = ".cache"
"""The folder under OUT/GAME where a build keeps costly results (simulations) for the next one."""
TEMP_SUFFIX = ".playkit-tmp"
_TEMP_NAME = re.compile(r"^\..+\.[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX) + "$")   # mkstemp's 8 random characters
_MANIFEST_MAX_BYTES = 16 * 1024 * 1024
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_REUSE_MAX_BYTES = 256 * 1024 * 1024   # a file larger than any kit writes is never read back


class OutputRefused(OSError):
    """A write or delete that would leave the output folder (a symbolic link on the way)."""


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename it into place (a link at `path` is
    replaced, never followed)."""
    tmp = _temp_beside(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _temp_beside(path: Path, data: bytes) -> str:
    """`data` in a new temporary file beside `path` (its folders made), with the mode a new file
    gets: renamed onto `path`, it is the file in place at once."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return tmp


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@dataclass
class WriteReport:
    folder: Path
    written: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    first: bool = False  # no earlier build (no manifest) in the folder: every file is new


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def safe_relative(path: str) -> bool:
    """A path playkit may write under its folder: relative, forward slashes, no `..`, no empty part."""
    if not path or "\\" in path or "\0" in path or path.startswith("/"):
        return False
    parts = PurePosixPath(path).parts
    return all(p not in ("", ".", "..") for p in parts) and "/".join(parts) == path


def _refuse_links(top: Path, below: Path) -> None:
    """Raise OutputRefused if `below`, or a folder between `top` and it, is a symbolic link (or not a
    folder); `top` itself is what the user named and may be anything."""
    rel = below.relative_to(top)
    here = top
    for part in rel.parts:
        here = here / part
        try:
            mode = os.lstat(here).st_mode
        except FileNotFoundError:
            return   # the rest is created by us, as real folders
        if stat.S_ISLNK(mode):
            raise OutputRefused(errno.ELOOP, "is a symbolic link; playkit writes only inside the output "
                                "folder and follows no link out of it", str(here))
        if not stat.S_ISDIR(mode):
            raise OutputRefused(errno.ENOTDIR, "is not a folder", str(here))


def write_artifacts(folder: Path, artifacts: list[Artifact], meta: dict[str, Any],
                    root: Path | None = None) -> WriteReport:
    """Write every artifact under `folder` (unchanged files are left alone), remove the files the
    last build listed and this one does not, and write the manifest listing them. `root` (OUT/GAME,
    by default `folder` itself) is where links stop being followed: nothing between it and a file
    written may be a symbolic link."""
    with locked((root or folder).parent):
        return stage(folder, artifacts, meta, root).commit()


@contextmanager
def locked(out_root: Path, waiting: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the build lock of `out_root` (made if missing): an advisory lock on the folder itself,
    so nothing is written for it, and the system lets it go with the process that held it, however
    it ended. Another build holding it is waited for (`waiting` hears of it once). A folder made
    for it is removed again when nothing was written into it."""
    made = not out_root.exists()
    out_root.mkdir(parents=True, exist_ok=True)
    fd = os.open(out_root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as err:
            if err.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            if waiting:
                waiting(f"another playkit build is writing into {out_root}; waiting for it to finish")
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        if made:
            with suppress(OSError):
                out_root.rmdir()
        os.close(fd)


@dataclass
class Staged:
    """A kit written beside its place and not yet put there: every changed file under a temporary
    name in its own folder, the files to remove and the manifest to write. `commit` puts it in place
    (renames, removals, then the manifest, as write_artifacts does); `discard` takes it back. A
    build of several kits stages each in the process that made it, while the others are still being
    made, and puts them in place once every kit is made (builds.py): the writing runs on every core,
    and a kit that fails leaves nothing of any kit in place."""

    folder: Path
    report: WriteReport
    moves: list[tuple[str, str]]   # (temporary file, its place), in path order
    stale: list[str]               # what the last build listed and this one does not
    manifest: bytes
    made: list[str]                # the folders staging made, deepest first

    def commit(self) -> WriteReport:
        for tmp, target in self.moves:
            os.replace(tmp, target)
        folder, report = self.folder, self.report
        for old_path in self.stale:
            stale = folder / old_path
            try:
                _refuse_links(folder, stale.parent)
                if stat.S_ISREG(os.lstat(stale).st_mode):
                    stale.unlink()
                    if not old_path.startswith(CACHE + "/"):
                        report.removed.append(old_path)
            except (OutputRefused, FileNotFoundError, NotADirectoryError):
                continue
        write_atomic(folder / MANIFEST, self.manifest)
        return report

    def discard(self) -> None:
        """Remove every temporary file, and the folders staging made once they are empty again."""
        for tmp, _ in self.moves:
            Path(tmp).unlink(missing_ok=True)
        for made in self.made:
            try:
                os.rmdir(made)
            except OSError:
                continue


def stage(folder: Path, artifacts: list[Artifact], meta: dict[str, Any],
          root: Path | None = None, cache: Sequence[Artifact] = ()) -> Staged:
    """Everything write_artifacts does short of putting a file in place: checks, the temporary files
    of what changed, the manifest to write (see Staged). `cache` are the build's results kept for the
    next build (under CACHE/), listed apart in the manifest ("cache") and removed by the same rule as
    files."""
    seen = set()
    in_cache = {id(a) for a in cache}
    for a in [*artifacts, *cache]:
        if not safe_relative(a.path) or a.path in seen or a.path == MANIFEST:
            raise ValueError(f"artifact path {a.path!r} is outside its folder or repeated")
        if (id(a) in in_cache) != a.path.startswith(CACHE + "/"):
            raise ValueError(f"{a.path!r}: only the build's cache is written under {CACHE}/")
        seen.add(a.path)
    artifacts = [*artifacts, *cache]
    top = (root or folder).parent
    _refuse_links(top, folder)
    parents = sorted({str(PurePosixPath(a.path).parent) for a in artifacts} - {"."})
    for path in parents:
        _refuse_links(folder, folder / path)
    made = _missing(top, [folder, *(folder / path for path in parents)])
    report = WriteReport(folder, first=not (folder / MANIFEST).is_file())
    _remove_leftovers({folder} | {folder / PurePosixPath(a.path).parent for a in artifacts})
    previous = _previous_files(folder, meta)
    files: dict[str, dict[str, Any]] = {}
    kept: dict[str, dict[str, Any]] = {}
    moves: list[tuple[str, str]] = []
    staged = Staged(folder, report, moves, [], b"", made)
    try:
        for a in sorted(artifacts, key=lambda a: a.path):
            digest = sha256(a.data)
            cached = a.path.startswith(CACHE + "/")
            entry: dict[str, Any] = {"sha256": digest, "bytes": len(a.data)}
            if not cached:
                entry["from"] = list(a.sources)
            if a.key:
                entry["key"] = a.key
            (kept if cached else files)[a.path] = entry
            target = folder / a.path
            old = previous.get(a.path)
            if old is None or old[0] != digest or not _holds(target, a.data):
                moves.append((_temp_beside(target, a.data), str(target)))
                if not cached:
                    report.changed.append(a.path)
            if not cached:
                report.written.append(a.path)
    except BaseException:
        staged.discard()
        raise
    staged.stale = sorted(p for p in set(previous) - set(files) - set(kept) if previous[p][1] != _UNSURE)
    manifest = {**meta, "files": files}
    if kept:
        manifest["cache"] = kept
    staged.manifest = _signed_manifest(manifest)
    return staged


def _manifest_bytes(manifest: dict[str, Any]) -> bytes:
    return (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()


def _signed_manifest(manifest: dict[str, Any]) -> bytes:
    """The manifest with this user's signature of it (signing.py): what the next build may reuse."""
    from .signing import sign

    signature = sign(_manifest_bytes(manifest))
    return _manifest_bytes({**manifest, SIGNATURE: signature} if signature else manifest)


def _missing(top: Path, folders: list[Path]) -> list[str]:
    """The folders between `top` and each of `folders` (these included) that are not there yet,
    deepest first: what writing into them makes."""
    missing: set[Path] = set()
    for here in folders:
        while here != top and here not in missing and not here.is_dir():
            missing.add(here)
            here = here.parent
    return [str(p) for p in sorted(missing, key=lambda p: len(p.parts), reverse=True)]


def _plain_bytes(path: Path) -> bytes | None:
    """What `path` holds when it is a plain file (no link) of at most _REUSE_MAX_BYTES; else None."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size > _REUSE_MAX_BYTES:
            return None
        with open(path, "rb") as fh:
            return fh.read()
    except OSError:
        return None


def _holds(path: Path, data: bytes) -> bool:
    """Whether `path` is a plain file (no link) holding exactly `data` (a file edited since the last
    build is written again, not trusted by its name in the manifest)."""
    return _plain_bytes(path) == data


def _remove_leftovers(folders: set[Path]) -> None:
    """Delete the temporary files a killed build left in the folders this build writes (only names
    write_atomic makes; the folders were checked to be no links)."""
    for here in folders:
        if not here.is_dir():
            continue
        for path in here.iterdir():
            if _TEMP_NAME.match(path.name) and stat.S_ISREG(os.lstat(path).st_mode):
                path.unlink(missing_ok=True)


_UNSURE = "\0unsure"
"""The key of a manifest entry that is not signed: its file is removed only if it holds what the
entry says, and nothing of it is reused."""


def _previous_files(folder: Path, meta: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """The files and cache entries (path -> sha256, key) the last build wrote here ({} for none).
    A manifest.json that is not one playkit wrote, or one another command wrote (its MADE_BY), is
    refused (OutputRefused): it is not playkit's to replace, nor are the files it lists."""
    path = folder / MANIFEST
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return {}
    read = _manifest_problem(path, mode)
    if isinstance(read, str):
        raise OutputRefused(errno.EEXIST, f"is not a manifest playkit wrote ({read}); playkit neither "
                            "replaces it nor writes beside it: move it away or write elsewhere", str(path))
    entries, _, by, trusted = read
    if by and meta.get(MADE_BY) and by != meta.get(MADE_BY):
        raise OutputRefused(errno.EEXIST, f"lists the files of `{by}`; `{meta[MADE_BY]}` does not write over "
                            "them: write elsewhere", str(path))
    if trusted:
        return entries
    return {name: (digest, key) if _hashes_to(_plain_bytes(folder / name), digest) else (digest, _UNSURE)
            for name, (digest, key) in entries.items()}


def _hashes_to(data: bytes | None, digest: str) -> bool:
    return data is not None and sha256(data) == digest


def _manifest_problem(path: Path, mode: int) -> tuple[dict[str, tuple[str, str]], str, str, bool] | str:
    """The manifest's files and cache entries, the key of the build's inputs ('' if none), the
    command that wrote it ('' if it does not say) and whether this user's playkit signed it; or
    what is wrong with it."""
    from .signing import signed

    if not stat.S_ISREG(mode):
        return "not a plain file"
    try:
        with open(path, "rb") as fh:
            raw = fh.read(_MANIFEST_MAX_BYTES + 1)
        if len(raw) > _MANIFEST_MAX_BYTES:
            return "too large"
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError) as err:
        return f"unreadable: {type(err).__name__}"
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return "no 'files' table"
    cache = data.get("cache", {})
    if not isinstance(cache, dict) or any(not str(name).startswith(CACHE + "/") for name in cache):
        return "a 'cache' table of files outside the cache"
    out = {}
    for name, entry in [*files.items(), *cache.items()]:
        digest = entry.get("sha256") if isinstance(entry, dict) else None
        key = entry.get("key", "") if isinstance(entry, dict) else ""
        if not safe_relative(name) or name == MANIFEST:
            return f"a path that leaves the folder: {name[:80]!r}"
        if not isinstance(digest, str) or not _SHA256.match(digest):
            return f"no sha256 for {name[:80]!r}"
        if not isinstance(key, str):
            return f"a key that is no string for {name[:80]!r}"
        out[name] = (digest, key)
    inputs, by, signature = data.get("inputs", ""), data.get(MADE_BY, ""), data.pop(SIGNATURE, "")
    if not by and "profile" in data:   # a kit built before manifests said who wrote them
        by = "playkit build"
    trusted = isinstance(signature, str) and signed(_manifest_bytes(data), signature)
    return out, inputs if isinstance(inputs, str) else "", by if isinstance(by, str) else "", trusted


class Previous:
    """What the last build wrote in a folder, to reuse: a file (or cache entry) is given back only
    when the manifest is signed by this user's playkit (signing.py), lists it with the key asked
    for, and its bytes still hash to what the manifest says (a file edited, replaced by a link or
    gone since is made again). The output folder is anyone's who can write it: nothing else in it
    is believed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.entries: dict[str, tuple[str, str]] = {}
        self.inputs = ""   # the key of everything the last build read (builds.py), if it gave one
        try:
            read = _manifest_problem(folder / MANIFEST, os.lstat(folder / MANIFEST).st_mode)
        except OSError:
            return
        if not isinstance(read, str) and read[3]:
            self.entries, self.inputs = read[0], read[1]

    def intact(self) -> bool:
        """Whether every file and cache entry the last build wrote is there as it wrote it."""
        return bool(self.entries) and all(self.data(path) is not None for path in self.entries)

    def report(self) -> WriteReport:
        """The report of a build that finds everything as the last one left it."""
        return WriteReport(self.folder, written=sorted(p for p in self.entries if not p.startswith(CACHE + "/")))

    def data(self, path: str, key: str = "") -> bytes | None:
        entry = self.entries.get(path)
        if entry is None or (key and entry[1] != key):
            return None
        target = self.folder / path
        try:
            _refuse_links(self.folder, target.parent)
        except (OSError, ValueError):
            return None
        data = _plain_bytes(target)
        return data if _hashes_to(data, entry[0]) else None


def remove_leftovers_under(folder: Path) -> None:
    """Delete the temporary files a killed build left anywhere under `folder` (only names
    write_atomic makes; no link is followed): called with the folder locked (builds.py)."""
    if not os.path.isdir(folder) or os.path.islink(folder):
        return
    for here, _, names in os.walk(folder):
        for name in names:
            path = Path(here) / name
            if _TEMP_NAME.match(name) and stat.S_ISREG(os.lstat(path).st_mode):
                path.unlink(missing_ok=True)
