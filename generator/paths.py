"""Where the shipped content and templates are, wherever playkit is installed."""

from __future__ import annotations

import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent


def _find(name: str) -> Path:
    for base in (_ROOT, Path(sys.prefix) / "share" / "playkit"):
        if (base / name).is_dir():
            return base / name
    return _ROOT / name


CONTENT = _find("content")
TEMPLATES = _find("templates")
EXAMPLES = _find("examples")
