"""Shared fixtures: the shipped content, copies of it to break, and a CLI runner."""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.content import paths
from generator.core import kitspec


@pytest.fixture(autouse=True, scope="session")
def _manifest_key_of_the_tests(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The tests' own key for signing manifests (signing.py), not the user's; their subprocesses too."""
    import os

    os.environ["XDG_STATE_HOME"] = str(tmp_path_factory.mktemp("state"))


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def content_copy(tmp_path: Path):
    """Copy one shipped game's content into tmp_path/content/<game> and return the content root."""

    def make(game_id: str) -> Path:
        root = tmp_path / "content"
        shutil.copytree(paths.CONTENT / game_id, root / game_id)
        return root

    return make


def replace_in(path: Path, old: str, new: str, count: int = 1) -> None:
    """Edit a content file in a test, failing loudly if the text to replace is not there."""
    text = path.read_text()
    assert text.count(old) >= count, f"{old!r} not found in {path}"
    path.write_text(text.replace(old, new, count))


def problems_after_edit(content_copy, game: str, file: str, old: str, new: str, count: int = 1) -> list[str]:
    """Edit a copy of a game's content and return the problems its load reports (it must fail)."""
    from generator.content import ContentError
    from generator.core import kit

    root = content_copy(game)
    replace_in(root / game / file, old, new, count)
    with pytest.raises(ContentError) as err:
        kit.load(game, root)
    return [str(p) for p in err.value.problems]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--kit-content", action="append", default=[], type=Path, metavar="DIR",
                     help="Also run the kit contract (tests/test_kit_contract.py) over every game in DIR, "
                          "a --content folder of game folders (a designer's own games, say).")


@dataclass(frozen=True)
class BuiltKit:
    """A kit written to `folder` (OUT/GAME), with the kit spec it was made from."""

    game: str
    content: Path
    folder: Path
    files: tuple[kitspec.KitFile, ...]


@pytest.fixture(scope="session")
def built_kit(tmp_path_factory) -> Callable[..., BuiltKit]:
    """A game's kit built with the default options, once per test process: tests read it, never change it.

    The build is the core's (kit.build), with the game's kit spec kept: the spec says which PDFs are
    imposed print files and which faces have an SVG."""
    from generator.core import kit
    from generator.core.game import BuildOptions

    made: dict[tuple[str, Path], BuiltKit] = {}

    def get(game: str, content: Path = paths.CONTENT) -> BuiltKit:
        if (game, content) not in made:
            loaded = kit.load(game, content)
            options = BuildOptions()
            spec = loaded.game.kit(loaded.model, loaded.content, options)
            files = tuple(kitspec.made(spec.files))  # a spec may be lazy: made once, kept for the tests
            kept = dataclasses.replace(loaded.game, kit=lambda *_: dataclasses.replace(spec, files=files))
            out = tmp_path_factory.mktemp("kit")
            kit.build(kit.Loaded(kept, loaded.content, loaded.model), out, options)
            made[game, content] = BuiltKit(game, content, out / game, files)
        return made[game, content]

    return get
