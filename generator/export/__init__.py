"""Every way a kit leaves the machine: one profile each (`playkit build GAME --profile NAME`).

A profile is an entry of templates/export/profiles.yaml (its sizes, bleeds and resolutions live
there only) naming an *exporter*, the code that turns the game's kit spec into files. The API is
small on purpose:

- `names()`                    the profiles, in file order (`home`, the default, first);
- `profile(name)`              one profile read and checked: a `Profile`;
- `Profile.export(job)`        its files (Artifacts with paths under the profile's folder), lazily;
- `Profile.folder`             where they go under OUT/GAME ('' = OUT/GAME itself, for `home`);
- `Job`                        what an exporter is given: the game, the kit spec, the build options.

To add a profile: write a module here with a settings model (a subclass of `settings.Settings`, the fields
its profiles.yaml entry may hold) and a function `(Job, settings) -> Iterable[Artifact]`, name its
`Exporter` in `_EXPORTERS`, and add an entry to profiles.yaml naming it. Nothing else changes: the
CLI offers every entry of the file, and the kit contract tests run every profile.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..content.paths import SLUG_PATTERN, TEMPLATES
from ..core.game import Artifact, BuildOptions

if TYPE_CHECKING:   # the press and the kit spec are imported by the exporters, when a build asks; the
    # settings models (pydantic) when a profile is read: the CLI names the profiles without either
    from ..core.kitspec import KitFile
    from ..press.assemble import Reuse
    from .settings import Settings

PROFILES_FILE = TEMPLATES / "export" / "profiles.yaml"
DEFAULT = "home"
SUBFOLDER = True
"""Whether a profile writes into OUT/GAME/NAME/ when its entry does not say (`subfolder`)."""


@dataclass(frozen=True)
class Job:
    """What an exporter is given. `files` is the game's kit spec, made lazily: iterate it once (or
    make it a tuple first)."""

    game: str
    title: str
    files: Iterable[KitFile]
    options: BuildOptions
    folder: Path = Path(".")   # where the profile's files will be written (absolute), for files naming others
    reuse: Reuse | None = None   # the last build's bytes of a path under a key (press/assemble.py)


@dataclass(frozen=True)
class Exporter:
    """The code behind profiles: the fields their entries hold, and the function making the files."""

    settings: type[Settings]
    make: Callable[[Job, Any], Iterable[Artifact]]
    later: bool = False
    """Whether `make` takes the kit's LaterFiles as they are (the press makes them when it reaches
    them); any other exporter is given them made, in place (kitspec.made)."""


_EXPORTERS = {"home": ("home", "EXPORTER"), "png": ("shop", "PNG"), "pdf": ("shop", "PDF"),
              "tts": ("tts", "EXPORTER"), "preview": ("preview", "EXPORTER"), "showcase": ("showcase", "EXPORTER")}
"""Each exporter's module and name in it: a build imports its own exporter's module, not every one
(a home kit has no use for the raster or the Tabletop Simulator code)."""


def exporter(name: str) -> Exporter:
    """The exporter profiles.yaml calls `name` (KeyError for none), its module imported now."""
    from importlib import import_module

    module, attr = _EXPORTERS[name]
    found: Exporter = getattr(import_module(f"{__name__}.{module}"), attr)
    return found


@dataclass(frozen=True)
class Profile:
    name: str
    settings: Settings
    exporter: Exporter

    @property
    def folder(self) -> str:
        """The folder under OUT/GAME its files go to ('' for OUT/GAME itself)."""
        return self.name if self.settings.subfolder else ""

    def export(self, job: Job) -> Iterator[Artifact]:
        if not self.exporter.later:
            from dataclasses import replace

            from ..core.kitspec import made

            job = replace(job, files=made(job.files))
        yield from self.exporter.make(job, self.settings)


def folder(name: str) -> str:
    """`profile(name).folder`, read from the entry alone when it says plainly (a build whose inputs
    have not changed is left alone without reading the settings models, or importing pydantic for
    them); a malformed entry is `profile`'s to report."""
    head = _entries().get(name)
    sub = head.get("subfolder", SUBFOLDER) if isinstance(head, dict) else None
    if isinstance(sub, bool) and re.match(SLUG_PATTERN, name):
        return name if sub else ""
    return profile(name).folder


def names() -> list[str]:
    """The profiles the data file names, in its order."""
    return list(_entries())


def about() -> dict[str, str]:
    """Each profile's one-line description (for `--help`), read without checking the whole entry."""
    return {name: str(entry.get("about", "")) if isinstance(entry, dict) else "" for name, entry in _entries().items()}


@cache
def profile(name: str) -> Profile:
    """The profile `name`, its entry checked against its exporter's settings model; raises KeyError
    for a name the file does not hold, ContentError (at FILE:LINE:COL) for a malformed entry."""
    from ..content import ContentError
    from ..content.schema import parse

    source = _source()
    if name not in _entries():
        raise KeyError(name)
    if not re.match(SLUG_PATTERN, name):   # it names a folder under OUT/GAME
        raise ContentError([source.problem((name,), f"a profile's name is an id such as 'tgc', not {name!r}",
                                           on_key=True)])
    head = _entries()[name]
    kind = head.get("exporter") if isinstance(head, dict) else None
    if kind not in _EXPORTERS:
        raise ContentError([source.problem((name, "exporter") if kind else (name,),
                                           f"no exporter {kind!r}; there are: {', '.join(_EXPORTERS)}")])
    made_by = exporter(str(kind))
    return Profile(name, parse(made_by.settings, source, (name,)), made_by)


@cache
def _source() -> Any:
    from ..content.yamlload import load_file

    return load_file(PROFILES_FILE)


def _entries() -> dict[str, Any]:
    data = _source().data
    return data if isinstance(data, dict) else {}
