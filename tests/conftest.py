"""Shared fixtures: the shipped content, copies of it to break, and a CLI runner."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import paths


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
    from generator import kit
    from generator.content import ContentError

    root = content_copy(game)
    replace_in(root / game / file, old, new, count)
    with pytest.raises(ContentError) as err:
        kit.load(game, root)
    return [str(p) for p in err.value.problems]
