"""The library behind the CLI: load and check a game, build its kit, write it safely."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import games
from ..content import ContentError, Problem
from ..export import DEFAULT as DEFAULT_PROFILE
from .game import Artifact, BuildOptions, Game

if TYPE_CHECKING:   # what loading (the content) and building (the rest) need is imported when one runs
    from ..build.cache import Store
    from ..build.output import Previous, Staged, WriteReport
    from ..content import ContentSet


@dataclass
class Loaded:
    """A game with its content and its checked model."""

    game: Game
    content: ContentSet
    model: Any


def content_folder(content_root: Path, game_id: str) -> Path:
    return content_root / game_id


def game_of(game_id: str) -> Game:
    """A game with rules of its own (an entry point), else the data-only game of that folder. Only
    that game's module is imported: a data-only deck builds without importing the four games, and
    a game with rules without importing the data-only machinery."""
    if games.installed(game_id):
        return games.get(game_id)
    from .. import generic

    return generic.game_for(game_id)


def load(game_id: str, content_root: Path) -> Loaded:
    """Load and check one game; raises ContentError with every problem found (a game whose code
    fails to import is one, at its folder)."""
    from ..content import load_content

    folder = content_folder(content_root, game_id)
    try:
        game = game_of(game_id)
    except games.BrokenGame as err:
        from ..content.contentset import shown_path

        raise ContentError([Problem(shown_path(folder), 1, 1, str(err))]) from None
    if not folder.is_dir():
        raise FileNotFoundError(f"no content folder for {game_id!r} at {folder}")
    content = load_content(folder)
    model = game.load(content)  # reads the files it asks for, and only those
    content.problems += content.unread_problems(loaded=model is not None) + glyph_problems(content)
    problems = list(content.problems)
    if model is not None and not problems:
        problems += game.check(model, content)
    if model is not None and not problems:   # counted only on a model its checks accept
        problems += component_problems(game, model, content)
    if model is None and not problems:  # a loader that gave up without saying why
        problems.append(Problem(str(folder), 1, 1, f"the content of {game_id} could not be loaded"))
    if problems or model is None:
        raise ContentError(problems)
    if not games.installed(game_id):   # a data-only game is titled by its game.yaml
        from ..generic import GenericGame

        if isinstance(model, GenericGame):
            game = replace(game, title=model.game.title)
    return Loaded(game, content, model)


MAX_COMPONENTS = 20_000
"""Components one kit may print: a deck of thousands builds in seconds; a count of millions would run
for hours, and whatever validate accepts, build must make in bounded time."""


def component_problems(game: Game, model: Any, content: ContentSet) -> list[Problem]:
    """A kit that would print more than MAX_COMPONENTS components, placed at the count that makes it
    when the content writes it (else at the game's first file)."""
    counts = game.components(model)
    total = sum(counts.values())
    if total <= MAX_COMPONENTS or not content.sources:
        return []
    name, most = max(counts.items(), key=lambda kv: kv[1])
    message = (f"the kit would print {total:,} components, {most:,} of them {name}; a kit prints at most "
               f"{MAX_COMPONENTS:,}: lower the count")
    for source in content.sources.values():
        for node in _scalars(source.root):
            if node.value.strip() == str(most):
                return [Problem(source.file, node.start_mark.line + 1, node.start_mark.column + 1, message)]
    first = next(iter(content.sources.values()))
    return [Problem(first.file, 1, 1, message)]


def _scalars(root: Any) -> Iterator[Any]:
    """Every scalar node under `root`, in file order, each once: iterative (no depth limit), and an
    alias is the node it names, so shared parts are seen once."""
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    todo = [root] if root is not None else []
    seen: set[int] = set()
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, ScalarNode):
            yield node
        elif isinstance(node, MappingNode):
            todo.extend(part for pair in reversed(node.value) for part in reversed(pair))
        elif isinstance(node, SequenceNode):
            todo.extend(reversed(node.value))


def glyph_problems(content: ContentSet) -> list[Problem]:
    """Every string in the content that uses a character the embedded font cannot draw
    (reportlab would drop it from the PDF without a word)."""
    from ..draw.fonts import missing_glyphs

    out: list[Problem] = []
    for source in content.sources.values():
        for node in _scalars(source.root):
            if not isinstance(node.value, str):
                continue
            bad = missing_glyphs(node.value)
            if bad:
                shown = ", ".join(f"{ch!r} U+{ord(ch):04X}" for ch in bad[:10]) + \
                    (f" and {len(bad) - 10} more" if len(bad) > 10 else "")
                out.append(Problem(source.file, node.start_mark.line + 1, node.start_mark.column + 1,
                                   f"the font has no glyph for {shown}; use another character"))
    return out


def games_in(content_root: Path) -> list[str]:
    """Ids of the games with a content folder under `content_root`: the games with rules of their own
    whose folder is there, then every other folder holding a `game.yaml` (a data-only game)."""
    found = [g for g in games.declared() if content_folder(content_root, g).is_dir() and games.installed(g)]
    if content_root.is_dir():
        found += sorted(p.name for p in content_root.iterdir()
                        if p.name not in found and (p / "game.yaml").is_file() and _is_id(p.name))
    return found


def has_game(content_root: Path, game_id: str) -> bool:
    """Whether `game_id` is one of `games_in(content_root)`, importing no game's module."""
    folder = content_folder(content_root, game_id)
    if folder.is_dir() and games.installed(game_id):
        return True
    return _is_id(game_id) and (folder / "game.yaml").is_file()


def _is_id(name: str) -> bool:
    import re

    from ..content.paths import SLUG_PATTERN

    return re.match(SLUG_PATTERN, name) is not None


def render(loaded: Loaded, options: BuildOptions,
           progress: Callable[[Artifact], None] | None = None, profile: str = DEFAULT_PROFILE,
           folder: Path = Path("."), previous: Previous | None = None, store: Store | None = None,
           workers: int | None = None) -> list[Artifact]:
    """Every file of the kit as `profile` makes it, in memory, for writing into `folder`: the game says
    what its kit is, the profile's exporter makes its files (the home kit: the core's imposed PDFs
    and SVGs), taking from `previous` (the last build in that folder) every file whose key it wrote,
    and from `store` the costly results it kept (build/cache.py); the others' jobs run meanwhile in a
    pool of `workers` processes (default: one a core; 1: here, when the kit is itself one job of a
    pool that keeps every core busy)."""
    from .. import export
    from ..build.cache import resolved
    from ..build.pool import Pool, cores

    spec = loaded.game.kit(loaded.model, loaded.content, options)
    out = []
    with Pool(workers or cores()) as pool:
        job = export.Job(loaded.game.id, spec.title, resolved(spec.files, store, pool), options, folder.absolute(),
                         previous.data if previous else None)
        for artifact in export.profile(profile).export(job):
            out.append(artifact)
            if progress:
                progress(artifact)
    return out


@dataclass
class Made:
    """A kit rendered for one folder, not yet written: its files, the results it keeps for the next
    build (.cache/), and what its manifest says besides."""

    folder: Path
    root: Path
    artifacts: list[Artifact]
    cache: list[Artifact]
    meta: dict[str, Any]

    def write(self) -> WriteReport:
        return self.stage().commit()

    def stage(self) -> Staged:
        """The kit written beside its place, to be put there by the caller (output.Staged)."""
        from ..build.output import stage

        return stage(self.folder, self.artifacts, self.meta, root=self.root, cache=self.cache)


MADE_BY = "playkit build"


def make(loaded: Loaded, out_root: Path, options: BuildOptions,
         progress: Callable[[Artifact], None] | None = None, profile: str = DEFAULT_PROFILE,
         inputs: str = "", workers: int | None = None) -> Made:
    """The kit as `profile` makes it, for OUT/GAME (the home kit) or OUT/GAME/PROFILE (another). What
    the last build there made from the same inputs is reused (files by their keys, costly results
    from its cache). `inputs`, the key of everything the build reads (builds.py), goes in the manifest;
    `workers`: see `render`."""
    from .. import export
    from ..build.cache import Store
    from ..build.output import MADE_BY as MADE_BY_FIELD
    from ..build.output import Previous

    game_folder = out_root / loaded.game.id
    sub = export.profile(profile).folder
    folder = game_folder / sub if sub else game_folder
    previous = Previous(folder)
    store = Store(previous)
    artifacts = render(loaded, options, progress, profile, folder, previous, store, workers)
    meta: dict[str, Any] = {"game": loaded.game.id, "options": options.__dict__, "profile": profile,
                            MADE_BY_FIELD: MADE_BY}
    if inputs:
        meta["inputs"] = inputs
    return Made(folder, game_folder, artifacts, store.artifacts(), meta)


def build(loaded: Loaded, out_root: Path, options: BuildOptions,
          progress: Callable[[Artifact], None] | None = None, profile: str = DEFAULT_PROFILE) -> WriteReport:
    """Make the kit (see `make`), then write it atomically with a manifest (the home kit's files are
    left alone by another profile)."""
    return make(loaded, out_root, options, progress, profile).write()
