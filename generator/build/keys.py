"""The key of a result: a hash of the code that makes it and of everything it is made from.

A key is the sha256 of the code version (every source file of playkit and its templates, and the
versions of the libraries that write bytes) and of the inputs, written out whole (`repr` of frozen
dataclasses and pydantic models is their full data). Same key, same bytes.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

_LIBRARIES = ("reportlab", "svgwrite", "fonttools", "jinja2", "pydantic", "pillow", "pypdfium2")


@cache
def code_version() -> str:
    """A hash of the code that turns content into bytes: playkit's sources and templates, and the
    versions of the libraries it writes with. Any edit to the code makes every key new."""
    from importlib import metadata

    from ..content import paths

    h = hashlib.sha256()
    package = Path(__file__).resolve().parent.parent
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
