"""Where the shipped content and templates are, wherever playkit is installed."""

from __future__ import annotations

import sys
from pathlib import Path

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
"""An id (a game's, a profile's, a component's): lower-case words joined by hyphens, so that no
output path made of ids can leave its folder."""

_ROOT = Path(__file__).resolve().parent.parent.parent


def _find(name: str) -> Path:
    for base in (_ROOT, Path(sys.prefix) / "share" / "playkit"):
        if (base / name).is_dir():
            return base / name
    return _ROOT / name


OUT = Path("output")
"""Where kits are written unless --out says otherwise (relative to the folder playkit runs in)."""

CONTENT = _find("content")
TEMPLATES = _find("templates")
EXAMPLES = _find("examples")
