"""Writing results: atomically, with a manifest of hashes that tells what changed."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .game import Artifact

MANIFEST = "manifest.json"


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_artifacts(folder: Path, artifacts: list[Artifact], meta: dict[str, Any]) -> WriteReport:
    """Write every artifact (unchanged files are left alone) and the manifest listing them."""
    seen = set()
    for a in artifacts:
        target = (folder / a.path).resolve()
        if folder.resolve() not in target.parents or a.path in seen:
            raise ValueError(f"artifact path {a.path!r} is outside its folder or repeated")
        seen.add(a.path)
    previous = _read_manifest(folder)
    report = WriteReport(folder)
    files = {}
    for a in sorted(artifacts, key=lambda a: a.path):
        digest = sha256(a.data)
        files[a.path] = {"sha256": digest, "bytes": len(a.data), "from": list(a.sources)}
        target = folder / a.path
        report.written.append(a.path)
        if previous.get(a.path, {}).get("sha256") != digest or not target.exists():
            write_atomic(target, a.data)
            report.changed.append(a.path)
    for old in sorted(set(previous) - set(files)):
        stale = folder / old
        if stale.is_file():
            stale.unlink()
        report.removed.append(old)
    manifest = {**meta, "files": files}
    write_atomic(folder / MANIFEST, (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode())
    return report


def _read_manifest(folder: Path) -> dict[str, Any]:
    try:
        files: dict[str, Any] = json.loads((folder / MANIFEST).read_text())["files"]
        return files
    except (OSError, ValueError, KeyError, TypeError):
        return {}
