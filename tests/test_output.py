"""Writing a kit: nothing outside OUT/GAME is written or deleted, whatever the folder or its manifest holds."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from generator.build import output
from generator.build.output import OutputRefused, write_artifacts
from generator.cli import main
from generator.core.game import Artifact

KIT = [Artifact("cards.pdf", b"cards"), Artifact("svg/a.svg", b"<svg/>")]


def _victims(tmp_path: Path) -> Path:
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    return victim


@pytest.mark.parametrize("files", [
    {"../victim.txt": {"sha256": "0" * 64}},
    {"../../victim.txt": {"sha256": "0" * 64}},
    {"ABSOLUTE": {"sha256": "0" * 64}},
    {"svg/../../victim.txt": {"sha256": "0" * 64}},
])
def test_a_manifest_with_foreign_paths_is_refused_and_deletes_nothing(tmp_path: Path, files: dict[str, object]) -> None:
    victim = _victims(tmp_path)
    game = tmp_path / "out" / "game"
    game.mkdir(parents=True)
    files = {str(victim) if k == "ABSOLUTE" else k: v for k, v in files.items()}
    mine = json.dumps({"files": {**files, "old.pdf": {"sha256": "1" * 64}}})
    (game / "manifest.json").write_text(mine)
    (game / "old.pdf").write_text("old")
    with pytest.raises(OutputRefused, match="is not a manifest playkit wrote"):
        write_artifacts(game, KIT, {"game": "game"})
    assert victim.read_text() == "mine" and (game / "old.pdf").exists()
    assert (game / "manifest.json").read_text() == mine and not (game / "cards.pdf").exists()


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"files": [1]}', '{"files": {"a.pdf": 3}}',
                                  '{"files": {"a.pdf": {"sha256": 7}}}', "[" * 100_000, "\xff\xfe"])
def test_a_users_own_manifest_is_never_overwritten(tmp_path: Path, text: str) -> None:
    game = tmp_path / "game"
    game.mkdir()
    (game / "manifest.json").write_bytes(text.encode("latin-1"))
    with pytest.raises(OutputRefused, match="neither replaces it"):
        write_artifacts(game, KIT, {})
    assert (game / "manifest.json").read_bytes() == text.encode("latin-1")
    assert sorted(p.name for p in game.iterdir()) == ["manifest.json"]


def test_an_unsigned_manifest_removes_only_the_files_it_names_as_they_are(tmp_path: Path) -> None:
    """A manifest of playkit's shape that this user's playkit did not sign (another key, or forged):
    nothing it lists is reused, and an old file it names is removed only if it holds what it says."""
    game = tmp_path / "game"
    game.mkdir()
    (game / "old.pdf").write_bytes(b"old")
    (game / "notes.txt").write_bytes(b"the user's own notes")
    listed = {"old.pdf": {"sha256": output.sha256(b"old")}, "notes.txt": {"sha256": output.sha256(b"other")}}
    (game / "manifest.json").write_text(json.dumps({"files": listed}))
    report = write_artifacts(game, KIT, {})
    assert report.removed == ["old.pdf"] and (game / "notes.txt").read_bytes() == b"the user's own notes"


def test_our_own_manifest_removes_what_the_kit_no_longer_has(tmp_path: Path) -> None:
    game = tmp_path / "game"
    write_artifacts(game, [*KIT, Artifact("gone.pdf", b"x")], {})
    report = write_artifacts(game, KIT, {})
    assert report.removed == ["gone.pdf"] and not (game / "gone.pdf").exists()
    assert report.changed == []


def test_an_output_subfolder_that_is_a_link_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    game = tmp_path / "out" / "game"
    game.mkdir(parents=True)
    (game / "svg").symlink_to(outside)
    with pytest.raises(OutputRefused):
        write_artifacts(game, KIT, {})
    assert list(outside.iterdir()) == [] and not (game / "cards.pdf").exists()


def test_a_game_folder_that_is_a_link_is_refused_by_the_cli(tmp_path: Path, runner) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "island-of-fog").symlink_to(outside)
    result = runner.invoke(main, ["--out", str(tmp_path / "out"), "odds", "island-of-fog", "--policy", "simple"])
    assert result.exit_code == 1 and "symbolic link" in result.output, result.output
    assert list(outside.iterdir()) == []


def test_a_file_that_is_a_link_is_replaced_not_followed(tmp_path: Path) -> None:
    victim = _victims(tmp_path)
    game = tmp_path / "game"
    game.mkdir()
    (game / "cards.pdf").symlink_to(victim)
    write_artifacts(game, KIT, {})
    assert victim.read_text() == "mine" and (game / "cards.pdf").read_bytes() == b"cards"


def test_a_killed_builds_temporary_files_are_removed_and_only_those(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    names = []
    real_replace = os.replace

    def spy(src: str, dst: Path) -> None:
        names.append(Path(src).name)
        real_replace(src, dst)

    monkeypatch.setattr(output.os, "replace", spy)
    game = tmp_path / "game"
    write_artifacts(game, KIT, {})
    # what a build killed between mkstemp and rename leaves: the very names write_atomic makes
    for name in names:
        (game / ("svg" if name.startswith(".a.svg.") else "") / name).write_text("half")
    (game / ".cards.pdf.n2l8yogi").write_text("not ours: no playkit mark")
    (game / "notes.playkit-tmp").write_text("not ours: not a hidden temporary name")
    write_artifacts(game, KIT, {})
    left = sorted(p.name for p in game.rglob("*") if p.is_file())
    assert left == [".cards.pdf.n2l8yogi", "a.svg", "cards.pdf", "manifest.json", "notes.playkit-tmp"]
