"""What one build keeps for the next: results keyed by a hash of everything they are made from.

A key is the sha256 of the code version (every source file of playkit and its templates, and the
versions of the libraries that write bytes) and of the inputs, written out whole (`repr` of frozen
dataclasses and pydantic models is their full data). Same key, same bytes: so a build that reuses a
result writes exactly what a build that made it anew would.

Costly results computed inside a kit (a simulation, a survey, an odds table) are kept as JSON under
OUT/GAME/.cache/KIND.json, one file a kind holding the entries the last build used, listed in the
manifest like every file the build writes (output.py: read back only when their hash matches,
removed when a build no longer uses them). Outside a build (a test, `playkit simulate`) nothing is
kept and every result is computed.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .game import Artifact
from .output import CACHE, Previous

if TYPE_CHECKING:   # a kit's files: imported by the builds that keep them, not by a build that only
    # asks whether its inputs changed (builds.inputs_key), which would import the drawing code for it
    from .kitspec import DataFile

T = TypeVar("T")

_LIBRARIES = ("reportlab", "svgwrite", "fonttools", "jinja2", "pydantic", "pillow", "pypdfium2")


@cache
def code_version() -> str:
    """A hash of the code that turns content into bytes: playkit's sources and templates, and the
    versions of the libraries it writes with. Any edit to the code makes every key new."""
    from importlib import metadata

    from . import paths

    h = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for folder, pattern in ((package, "*.py"), (paths.TEMPLATES, "*")):
        for path in sorted(folder.rglob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    for lib in _LIBRARIES:   # its metadata as installed (its version among it): parsing it costs more
        try:
            dist = metadata.distribution(lib)
            h.update(f"{lib}=".encode() + (dist.read_text("METADATA") or dist.read_text("PKG-INFO") or
                                           dist.version).encode() + b";")
        except metadata.PackageNotFoundError:
            h.update(f"{lib}=none;".encode())
    return h.hexdigest()


def key(*parts: object) -> str:
    """The key of a result made from `parts` by the current code."""
    h = hashlib.sha256(code_version().encode())
    for part in parts:
        h.update(b"\0" + repr(part).encode())
    return h.hexdigest()


class Store:
    """The results of one build by kind, read from the last build's cache and written with this one."""

    def __init__(self, previous: Previous | None = None) -> None:
        self.previous = previous
        self.loaded: dict[str, dict[str, Any]] = {}
        self.used: dict[str, dict[str, Any]] = {}

    def _old(self, kind: str) -> dict[str, Any]:
        if kind not in self.loaded:
            raw = self.previous.data(f"{CACHE}/{kind}.json") if self.previous else None
            try:
                old = json.loads(raw) if raw else {}
            except ValueError:
                old = {}
            self.loaded[kind] = old if isinstance(old, dict) else {}
        return self.loaded[kind]

    def get(self, kind: str, k: str) -> Any:
        """The stored value of `k` (JSON data), or None."""
        value = self.used.get(kind, {}).get(k)
        return value if value is not None else self._old(kind).get(k)

    def put(self, kind: str, k: str, value: Any) -> None:
        self.used.setdefault(kind, {})[k] = value

    def artifacts(self) -> list[Artifact]:
        """The cache files this build leaves: each kind with the entries it used, in key order."""
        return [Artifact(f"{CACHE}/{kind}.json",
                         (json.dumps(entries, sort_keys=True, separators=(",", ":")) + "\n").encode())
                for kind, entries in sorted(self.used.items())]


_store: ContextVar[Store | None] = ContextVar("playkit_build_store", default=None)


@contextmanager
def keeping(store: Store) -> Iterator[Store]:
    """Results computed inside the block are looked up in, and kept by, `store`."""
    token = _store.set(store)
    try:
        yield store
    finally:
        _store.reset(token)


def remembered(kind: str, inputs: object, compute: Callable[[], T], dump: Callable[[T], Any],
               load: Callable[[Any], T]) -> T:
    """`compute()`, or what it gave the last build for the same inputs and code. `dump` makes the
    result JSON data and `load` makes it back; a stored value `load` cannot read is computed anew."""
    store = _store.get()
    if store is None:
        return compute()
    k = key(kind, inputs)
    stored = store.get(kind, k)
    if stored is not None:
        try:
            value = load(stored)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, binascii.Error):
            value = None
        if value is not None:
            store.put(kind, k, stored)
            return value
    value = compute()
    store.put(kind, k, dump(value))
    return value


def stored(kind: str, inputs: object) -> bool:
    """Whether `remembered(kind, inputs, …)` would find the last build's result (so a caller can
    start a costly computation early, in the background, only when it will be needed)."""
    store = _store.get()
    return store is not None and store.get(kind, key(kind, inputs)) is not None


def remembered_files(kind: str, inputs: object, make: Callable[[], list[DataFile]]) -> list[DataFile]:
    """Files a costly computation makes (a simulation's report and charts), kept like `remembered`."""
    return remembered(kind, inputs, make, _dump_files, _load_files)


def _dump_files(files: list[DataFile]) -> list[dict[str, Any]]:
    return [{"path": f.path, "data": base64.b64encode(f.data).decode(), "sources": list(f.sources)} for f in files]


def _load_files(data: list[dict[str, Any]]) -> list[DataFile]:
    from .kitspec import DataFile

    return [DataFile(str(d["path"]), base64.b64decode(d["data"], validate=True), tuple(map(str, d["sources"])))
            for d in data]
