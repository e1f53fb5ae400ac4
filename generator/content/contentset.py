"""A game's content folder: every YAML file in it, loaded together, problems gathered from all."""

from __future__ import annotations

import difflib
import hashlib
import os
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
    """The YAML files of one game, by file stem (`stats.yaml` → `stats`), each read when the game
    first asks for it: a file the game never asks for is never read (see `unread_problems`)."""

    folder: Path
    sources: dict[str, Source]                     # the files read so far
    problems: list[Problem] = field(default_factory=list)
    broken: set[str] = field(default_factory=set)  # stems of files that are missing or did not load
    files: dict[str, Path] = field(default_factory=dict)  # every content file found, by stem
    asked: set[str] = field(default_factory=set)   # stems the game asked for

    def source(self, stem: str) -> Source | None:
        """The file `stem`, read on first use; None when it is missing or did not load (its
        problems are in `problems`, once)."""
        self.asked.add(stem)
        if stem in self.sources or stem in self.broken:
            return self.sources.get(stem)
        path = self.files.get(stem) if not stem.endswith(".yml") else None
        shown = shown_path(path if path is not None else self.folder / f"{stem}.yaml")
        if path is None:
            self.problems.append(Problem(shown, 1, 1, "missing content file"))
            source = None
        else:
            source = load_noting(path, shown, self.folder, self.problems)
        if source is None:
            self.broken.add(stem)
        else:
            self.sources[stem] = source
        return source

    def parse(self, stem: str, model: type[M], loc: Loc = ()) -> M | None:
        """Validate a file (or a part of it) as `model`; problems are collected, not raised."""
        source = self.source(stem)
        if source is None:
            return None
        try:
            return parse(model, source, loc)
        except ContentError as err:
            self.problems.extend(err.problems)
            return None

    def problem(self, stem: str, loc: Loc, message: str, *, on_key: bool = False) -> Problem:
        """A problem at the value `loc` names in file `stem` (to report from rule checks)."""
        source = self.source(stem)
        if source is None:
            return Problem(shown_path(self.files.get(stem, self.folder / f"{stem}.yaml")), 1, 1, message)
        return source.problem(loc, message, on_key=on_key)

    def place(self, stem: str, loc: Loc) -> str:
        """'FILE:LINE:COL' of the value `loc` names in file `stem`, for messages that point at data."""
        p = self.problem(stem, loc, "")
        return f"{p.file}:{p.line}:{p.col}"

    def data(self, stem: str) -> Any:
        source = self.source(stem)
        return source.data if source is not None else None

    def digest(self, stem: str) -> str:
        """A short hash of a content file's data: the same data gives the same hash."""
        import json

        blob = json.dumps(self.data(stem), sort_keys=True, default=str).encode()
        return hashlib.sha256(blob).hexdigest()[:10]

    def claim(self, name: str) -> None:
        """Say that the game reads the file `name` (relative to the folder) itself, as a data table
        or the like: it is then no unknown file."""
        relative = Path(name)
        if len(relative.parts) == 1:
            self.asked.add(relative.name.removesuffix(".yaml"))

    def unread_problems(self, *, loaded: bool = True) -> list[Problem]:
        """A content file in the folder that the game never asked for is refused, unread: a misspelt
        name would otherwise be ignored without a word (and an unread file costs nothing). When the
        game could not load (`loaded` False) it may not have asked for all its files yet: then only
        a file whose name is close to a missing one is named."""
        known = sorted(self.asked)
        missing = sorted(self.asked - set(self.sources))
        out = []
        for stem, path in sorted(self.files.items()):
            if stem in self.asked:
                continue
            near = difflib.get_close_matches(stem.removesuffix(".yml"), missing, n=1, cutoff=0.75) or \
                difflib.get_close_matches(stem.removesuffix(".yml"), known, n=1, cutoff=0.75)
            if not loaded and not (near and near[0] in missing):
                continue
            hint = f" (did you mean {near[0]}.yaml?)" if near else ""
            out.append(Problem(shown_path(path), 1, 1, f"not a content file of this game, so it is not read: "
                                                       f"rename or remove it{hint}; its files are "
                                                       f"{', '.join(f'{k}.yaml' for k in known)}"))
        return out


def shown_path(path: Path) -> str:
    """How a file is named in messages: relative to the working folder when inside it."""
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(absolute)


def load_content(folder: Path) -> ContentSet:
    """The content set of `folder`: its `*.yaml` files are found here and read when asked for
    (hidden files are not content; a `.yml` file is listed so that it can be refused by name)."""
    content = ContentSet(folder, {})
    try:
        names = sorted(entry.name for entry in os.scandir(folder))
    except OSError as err:
        content.problems.append(Problem(shown_path(folder), 1, 1, f"cannot read the game folder: "
                                                                  f"{err.strerror or err}"))
        return content
    for name in names:
        if not name.startswith(".") and name.endswith((".yaml", ".yml")):
            content.files[name.removesuffix(".yaml")] = folder / name  # cards.yml keeps its name: refused
    return content


def load_noting(path: Path, shown: str, folder: Path, problems: list[Problem]) -> Source | None:
    """The file at `path` (below the game's `folder`), its problems (named as `shown`, a duplicate key
    among them) added to `problems`; None when it did not load."""
    try:
        source = load_file(path, shown, raise_duplicates=False, folder=folder)
    except ContentError as err:
        problems.extend(err.problems)
        return None
    problems.extend(source.problems)
    return source
