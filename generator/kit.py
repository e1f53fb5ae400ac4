"""The library behind the CLI: load and check a game, build its kit, write it safely."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from . import games, generic
from .content import ContentError, ContentSet, Problem, load_content
from .draw.fonts import missing_glyphs
from .game import Artifact, BuildOptions, Game
from .output import WriteReport, write_artifacts
from .press.assemble import assemble


@dataclass
class Loaded:
    """A game with its content and its checked model."""

    game: Game
    content: ContentSet
    model: Any


def content_folder(content_root: Path, game_id: str) -> Path:
    return content_root / game_id


def game_of(game_id: str) -> Game:
    """A game with rules of its own (an entry point), else the data-only game of that folder."""
    if game_id in games.available():
        return games.get(game_id)
    return generic.game_for(game_id)


def load(game_id: str, content_root: Path) -> Loaded:
    """Load and check one game; raises ContentError with every problem found."""
    game = game_of(game_id)
    folder = content_folder(content_root, game_id)
    if not folder.is_dir():
        raise FileNotFoundError(f"no content folder for {game_id!r} at {folder}")
    content = load_content(folder)
    model = game.load(content)  # reads the files it asks for, and only those
    content.problems += content.unread_problems(loaded=model is not None) + glyph_problems(content)
    problems = list(content.problems)
    if model is not None and not problems:
        problems += game.check(model, content)
    if model is None and not problems:  # a loader that gave up without saying why
        problems.append(Problem(str(folder), 1, 1, f"the content of {game_id} could not be loaded"))
    if problems or model is None:
        raise ContentError(problems)
    if isinstance(model, generic.GenericGame):
        game = replace(game, title=model.game.title)
    return Loaded(game, content, model)


def glyph_problems(content: ContentSet) -> list[Problem]:
    """Every string in the content that uses a character the embedded font cannot draw
    (reportlab would drop it from the PDF without a word)."""
    from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

    out: list[Problem] = []
    for source in content.sources.values():
        # iterative, each node once: an alias is the node it names, so shared parts are seen once
        todo: list[Node] = [source.root] if source.root is not None else []
        seen: set[int] = set()
        while todo:
            node = todo.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, ScalarNode) and isinstance(node.value, str):
                bad = missing_glyphs(node.value)
                if bad:
                    shown = ", ".join(f"{ch!r} U+{ord(ch):04X}" for ch in bad[:10]) + \
                        (f" and {len(bad) - 10} more" if len(bad) > 10 else "")
                    out.append(Problem(source.file, node.start_mark.line + 1, node.start_mark.column + 1,
                                       f"the font has no glyph for {shown}; use another character"))
            elif isinstance(node, MappingNode):
                todo.extend(part for pair in reversed(node.value) for part in reversed(pair))
            elif isinstance(node, SequenceNode):
                todo.extend(reversed(node.value))
    return out


def games_in(content_root: Path) -> list[str]:
    """Ids of the games with a content folder under `content_root`: the games with rules of their own
    whose folder is there, then every other folder holding a `game.yaml` (a data-only game)."""
    known = games.available()
    found = [g for g in known if content_folder(content_root, g).is_dir()]
    if content_root.is_dir():
        found += sorted(p.name for p in content_root.iterdir()
                        if p.name not in known and (p / "game.yaml").is_file() and _is_id(p.name))
    return found


def _is_id(name: str) -> bool:
    import re

    from .content.schema import SLUG_PATTERN

    return re.match(SLUG_PATTERN, name) is not None


def render(loaded: Loaded, options: BuildOptions,
           progress: Callable[[Artifact], None] | None = None) -> list[Artifact]:
    """Every file of the kit, in memory: the game says what its kit is, the core makes it."""
    spec = loaded.game.kit(loaded.model, loaded.content, options)
    out = []
    for artifact in assemble(spec.title, spec.files, options):
        out.append(artifact)
        if progress:
            progress(artifact)
    return out


def build(loaded: Loaded, out_root: Path, options: BuildOptions,
          progress: Callable[[Artifact], None] | None = None) -> WriteReport:
    """Render the kit, then write it atomically under OUT/GAME with a manifest."""
    artifacts = render(loaded, options, progress)
    return write_artifacts(out_root / loaded.game.id, artifacts,
                           {"game": loaded.game.id, "options": options.__dict__})
