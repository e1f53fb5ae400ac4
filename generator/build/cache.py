"""What one build keeps for the next: the files of a kit's costly results (kitspec.Computed), by a
hash of their inputs and the code (keys.py), and the jobs of those not kept run in the pool.

They are kept as JSON under OUT/GAME/.cache/KIND.json, one file a kind holding the entries the last
build used, listed in the manifest like every file the build writes. The output folder is anyone's
who can write it, so a kept entry is read only from a manifest this user's playkit signed
(output.Previous), and only when it has the shape this module writes: paths under the result's own
folder, bytes in base64, a bounded size. Anything else is computed again. The build layer alone
uses this module (kit.make): games declare their costly results, they never look them up.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future
from typing import Any

from ..core.game import Artifact
from ..core.kitspec import Computed, DataFile, KitFile, Later, LaterFiles, Rulebook
from .keys import key
from .output import CACHE, MANIFEST, Previous, safe_relative
from .pool import Pool

MAX_KEPT_BYTES = 64 * 1024 * 1024
"""The most a kept result may hold: more is not a result this module wrote."""


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
            except (ValueError, RecursionError):
                old = {}
            self.loaded[kind] = old if isinstance(old, dict) else {}
        return self.loaded[kind]

    def files(self, computed: Computed) -> list[Later] | None:
        """The files the last build kept for `computed` (same kind, inputs and code), or None."""
        k = key(computed.kind, computed.inputs)
        stored = self._old(computed.kind).get(k)
        found = _load_files(stored) if stored is not None else None
        if found is not None:
            self.used.setdefault(computed.kind, {})[k] = stored
        return found

    def put(self, computed: Computed, files: Sequence[Later]) -> None:
        self.used.setdefault(computed.kind, {})[key(computed.kind, computed.inputs)] = [_dump(f) for f in files]

    def artifacts(self) -> list[Artifact]:
        """The cache files this build leaves: each kind with the entries it used, in key order."""
        return [Artifact(f"{CACHE}/{kind}.json",
                         (json.dumps(entries, sort_keys=True, separators=(",", ":")) + "\n").encode())
                for kind, entries in sorted(self.used.items())]


def resolved(files: Iterable[KitFile], store: Store | None, pool: Pool) -> Iterator[KitFile]:
    """The kit's files with each Computed made a LaterFiles: its kept files when `store` has them,
    else its jobs started in `pool` now, their files made (and kept) when the press reaches them."""
    for f in files:
        if not isinstance(f, Computed):
            yield f
            continue
        kept = store.files(f) if store else None
        if kept is not None:
            yield LaterFiles(lambda kept=kept: kept)   # type: ignore[misc]
            continue
        futures = [pool.submit(fn, arg) for fn, arg in f.jobs]
        yield LaterFiles(lambda f=f, futures=futures: _made(f, futures, store))   # type: ignore[misc]


def _made(computed: Computed, futures: list[Future[Any]], store: Store | None) -> Sequence[Later]:
    files = computed.files(tuple(job.result() for job in futures))
    if store is not None:
        store.put(computed, files)
    return files


_DATA = {"path", "data", "sources"}
_BOOK = {"path", "text", "sources", "kind"}


def _dump(f: Later) -> dict[str, Any]:
    if isinstance(f, Rulebook):
        if f.figures:
            raise ValueError(f"{f.path}: a book a Computed makes has no figures (they are not kept)")
        return {"path": f.path, "text": f.text, "sources": list(f.sources), "kind": f.kind}
    return {"path": f.path, "data": base64.b64encode(f.data).decode(), "sources": list(f.sources)}


def _load_files(data: object) -> list[Later] | None:
    """Kept files as `_dump` wrote them, or None for anything else: each a path a kit may write
    (not its cache, not its manifest), bytes or a book's text, sources as text, all together within
    MAX_KEPT_BYTES."""
    if not isinstance(data, list):
        return None
    out: list[Later] = []
    total = 0
    for entry in data:
        if not isinstance(entry, dict) or set(entry) not in (_DATA, _BOOK):
            return None
        path, sources = entry["path"], entry["sources"]
        if not isinstance(path, str) or not safe_relative(path) or path == MANIFEST or path.startswith(CACHE + "/") \
                or not isinstance(sources, list) or not all(isinstance(s, str) and safe_relative(s) for s in sources):
            return None
        if "text" in entry:
            text, kind = entry["text"], entry["kind"]
            if not isinstance(text, str) or not isinstance(kind, str):
                return None
            total += len(text)
            out.append(Rulebook(text, tuple(sources), path, kind=kind))
        else:
            raw = entry["data"]
            if not isinstance(raw, str):
                return None
            total += len(raw)
            try:
                out.append(DataFile(path, base64.b64decode(raw, validate=True), tuple(sources)))
            except (binascii.Error, ValueError):
                return None
        if total > MAX_KEPT_BYTES:
            return None
    if len({f.path for f in out}) != len(out):
        return None
    return out
