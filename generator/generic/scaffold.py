"""`playkit new deck NAME`: a small working deck (a CSV of a dozen cards, a layout, a back) to edit."""

from __future__ import annotations

import re
from pathlib import Path

from ..build.output import write_atomic
from ..content import paths
from ..content.paths import SLUG_PATTERN

STARTER = "new-deck"   # templates/new-deck/: the deck every new one starts as


def new_deck(name: str, directory: Path) -> Path:
    """Write the starter deck into directory/NAME and return that folder (ValueError if NAME is not
    an id or the folder exists: nothing of the designer's is overwritten)."""
    if not re.match(SLUG_PATTERN, name):
        raise ValueError(f"{name!r} is not a game id: lower-case words joined by hyphens, e.g. my-deck")
    target = directory / name
    if target.exists():
        raise ValueError(f"{target} already exists; choose another name or --dir")
    title = name.replace("-", " ").title()
    starter = paths.TEMPLATES / STARTER
    for path in sorted(starter.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            if path.suffix in (".yaml", ".csv"):
                data = data.decode().replace("__TITLE__", title).replace("__ID__", name).encode()
            write_atomic(target / path.relative_to(starter), data)
    return target
