"""A game's content folder: every YAML file in it, loaded together, problems gathered from all."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from .problems import ContentError, Problem
from .schema import parse
from .yamlload import Loc, Source, load_file

M = TypeVar("M", bound=BaseModel)


@dataclass
class ContentSet:
    """The YAML files of one game, by file stem (`stats.yaml` → `stats`)."""

    folder: Path
    sources: dict[str, Source]
    problems: list[Problem] = field(default_factory=list)
    broken: set[str] = field(default_factory=set)   # stems of files that did not parse

    def parse(self, stem: str, model: type[M], loc: Loc = ()) -> M | None:
        """Validate a file (or a part of it) as `model`; problems are collected, not raised."""
        source = self.sources.get(stem)
        if source is None:
            if stem in self.broken:
                return None  # its syntax problem is already reported
            self.problems.append(Problem(str(self.folder / f"{stem}.yaml"), 1, 1, "missing content file"))
            return None
        try:
            return parse(model, source, loc)
        except ContentError as err:
            self.problems.extend(err.problems)
            return None

    def problem(self, stem: str, loc: Loc, message: str, *, on_key: bool = False) -> Problem:
        """A problem at the value `loc` names in file `stem` (to report from rule checks)."""
        return self.sources[stem].problem(loc, message, on_key=on_key)

    def data(self, stem: str) -> Any:
        return self.sources[stem].data

    def digest(self, stem: str, loc: Loc = ()) -> str:
        """A short hash of a part of the content: the same data gives the same hash."""
        import json

        data: Any = self.sources[stem].data
        for part in loc:
            data = data[part]
        blob = json.dumps(data, sort_keys=True, default=str).encode()
        return hashlib.sha256(blob).hexdigest()[:10]


def shown_path(path: Path) -> str:
    """How a file is named in messages: relative to the working folder when inside it."""
    absolute = path.resolve()
    try:
        return str(absolute.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(absolute)


def load_content(folder: Path) -> ContentSet:
    """Load every `*.yaml` in `folder`; problems of all files are gathered."""
    sources: dict[str, Source] = {}
    problems: list[Problem] = []
    broken = set()
    for path in sorted(folder.glob("*.yaml")):
        try:
            sources[path.stem] = source = load_file(path, shown_path(path), raise_duplicates=False)
            problems.extend(source.problems)
        except ContentError as err:
            problems.extend(err.problems)
            broken.add(path.stem)
    return ContentSet(folder, sources, problems, broken)
