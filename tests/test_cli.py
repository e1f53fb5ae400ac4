"""The command line as a newcomer meets it: help everywhere, the version, the games, the README's promise."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from generator import __version__
from generator.cli import main

ROOT = Path(__file__).resolve().parent.parent


def all_commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = []
    for name, cmd in group.commands.items():
        out.append((*prefix, name))
        if isinstance(cmd, click.Group):
            out += all_commands(cmd, (*prefix, name))
    return out


@pytest.mark.parametrize("path", all_commands(main))
def test_every_command_has_help(runner, path):
    result = runner.invoke(main, [*path, "--help"])
    assert result.exit_code == 0 and "Usage:" in result.output


def test_version(runner):
    assert __version__ in runner.invoke(main, ["--version"]).output


def test_games_lists_islands_and_bridges_with_counts(runner):
    result = runner.invoke(main, ["games"])
    assert result.exit_code == 0
    assert re.search(r"islands-and-bridges — Islands & Bridges: \d+ components", result.output)
    assert re.search(r"\s28\s+Action cards", result.output)


def test_ci_runs_exactly_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"# install with the test tools.*?\n(.+?)\n```", readme, re.S)
    assert block, "the README names its test command"
    assert block.group(1).strip() in (ROOT / ".ci" / "run").read_text()


def test_unknown_game_is_a_usage_error(runner):
    result = runner.invoke(main, ["build", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output


def test_a_content_folder_without_games_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(main, ["--content", str(tmp_path), "validate"])
    assert result.exit_code == 2 and "no game content found" in result.output
    (tmp_path / "game.yaml").write_text("title: x\n")
    result = runner.invoke(main, ["--content", str(tmp_path), "build"])
    assert result.exit_code == 2 and "give the folder above it" in result.output


def test_an_output_folder_that_cannot_be_written_is_an_error_not_a_traceback(runner, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = runner.invoke(main, ["--out", str(blocker / "kits"), "build", "islands-and-bridges"])
    assert result.exit_code == 1 and "cannot use" in result.output and "Traceback" not in result.output
