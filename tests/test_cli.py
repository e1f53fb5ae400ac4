"""The command line as a newcomer meets it: help everywhere, the version, the games, the README's promise."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from generator import __version__
from generator.cli import main
from generator.content import paths

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


# ---- a newcomer's first ten minutes (issue 17) --------------------------------------------------

def readme_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## The two commands"):readme.index("## Commands")]
    return [ln for block in re.findall(r"```sh\n(.*?)```", section, re.S) for ln in block.splitlines()
            if ln and not ln.startswith("#")]


def test_the_readme_commands_install_into_a_virtual_environment_they_make():
    """Debian's Python refuses `pip install` outside a virtual environment (externally managed)."""
    commands = readme_commands()
    assert len(commands) == 2
    for line in commands:
        steps = line.split(" && ")
        assert steps[:2] == ["python3 -m venv .venv", ". .venv/bin/activate"], line
        assert steps[2].startswith("pip install -e ")
    assert "python3-venv" in (ROOT / "README.md").read_text()  # Debian ships venv's pip apart


def test_ci_lints_and_type_checks_before_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    test_line = next(i for i, ln in enumerate(ci) if ln == readme_commands()[1])
    ruff = next(i for i, ln in enumerate(ci) if "ruff check generator tests" in ln)
    mypy = next(i for i, ln in enumerate(ci) if "mypy --strict generator" in ln)
    assert ruff < test_line and mypy < test_line


def test_content_and_out_are_options_of_each_command_shown_in_its_help(runner):
    for args in (["build"], ["validate"], ["watch"], ["odds", "island-of-fog"], ["new", "deck"]):
        shown = runner.invoke(main, [*args, "--help"])
        assert shown.exit_code == 0 and "--content" in shown.output and "--out" in shown.output, args


def test_out_and_content_after_the_command_work_for_core_and_game_commands(runner, tmp_path, content_copy):
    root = content_copy("island-of-fog")
    out = tmp_path / "kits"
    result = runner.invoke(main, ["odds", "island-of-fog", "--content", str(root), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "island-of-fog" / "odds" / "odds.csv").is_file()
    result = runner.invoke(main, ["validate", "island-of-fog", "--content", str(root)])
    assert result.exit_code == 0 and "island-of-fog: ok" in result.output
    result = runner.invoke(main, ["validate", "skylands", "--content", str(root)])  # only Fog is in root
    assert result.exit_code == 2 and "unknown game 'skylands'" in result.output


def test_a_misspelt_game_id_gets_did_you_mean(runner):
    result = runner.invoke(main, ["build", "skybound-batle"])
    assert result.exit_code == 2 and "did you mean skybound-battle?" in result.output
    result = runner.invoke(main, ["simulate", "skybound-batle"])
    assert result.exit_code == 2 and "did you mean skybound-battle?" in result.output
    result = runner.invoke(main, ["map", "skybound-batle"])
    assert result.exit_code == 2 and "did you mean skybound-battle? (skybound-battle has no map; " in result.output


def test_a_game_folder_given_for_its_id_gets_a_hint(runner, tmp_path, monkeypatch, content_copy):
    monkeypatch.chdir(paths.CONTENT.parent)
    result = runner.invoke(main, ["validate", "content/skybound-battle"])
    assert result.exit_code == 2 and "that is a game's folder; give its id, skybound-battle" in result.output
    root = content_copy("skylands")
    result = runner.invoke(main, ["validate", str(root / "skylands")])
    assert result.exit_code == 2 and f"--content {root}" in result.output


def test_a_game_without_the_command_says_so_and_names_the_games_that_have_it(runner):
    result = runner.invoke(main, ["map", "skylands"])
    assert result.exit_code == 2
    (line,) = [ln for ln in result.output.splitlines() if "skylands has no map (games with `playkit map`: " in ln]
    assert "islands-and-bridges" in line and "island-of-fog" in line
    assert "No such command" not in result.output


def test_a_game_typed_as_a_command_or_a_misspelt_command_gets_a_hint(runner):
    result = runner.invoke(main, ["skylands"])
    assert result.exit_code == 2 and "try `playkit build skylands`" in result.output
    result = runner.invoke(main, ["buidl"])
    assert result.exit_code == 2 and "did you mean build?" in result.output


def test_a_missing_content_folder_is_named(runner):
    result = runner.invoke(main, ["--content", "/nonexistent/games", "validate"])
    assert result.exit_code == 2 and "'/nonexistent/games' does not exist" in result.output
    result = runner.invoke(main, ["validate", "--content", "/nonexistent/games"])
    assert result.exit_code == 2 and "'/nonexistent/games' does not exist" in result.output


def test_choices_ignore_case(runner, tmp_path):
    result = runner.invoke(main, ["odds", "island-of-fog", "--paper", "Letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for path in all_commands(main):
        cmd = main
        for name in path:
            cmd = cmd.commands[name]  # type: ignore[attr-defined]
        for param in cmd.params:
            if isinstance(param.type, click.Choice):
                assert not param.type.case_sensitive, (path, param.name)


def test_the_readme_examples_work_from_any_folder(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["score", "skylands", "examples/skylands/board-1-midgame.yaml"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["deck", "check", "examples/skybound-battle/breaks-every-limit.yaml"])
    assert result.exit_code == 1 and "breaks-every-limit.yaml:" in result.output
    assert str(paths.EXAMPLES) in result.output  # the shipped file, named where it is
    result = runner.invoke(main, ["score", "skylands", "examples/skylands/no-such-board.yaml"])
    assert result.exit_code == 2 and "no board file at examples/skylands/no-such-board.yaml" in result.output
    mine = tmp_path / "examples" / "skylands" / "board-1-midgame.yaml"  # a file of the user's own comes first
    mine.parent.mkdir(parents=True)
    mine.write_text("nonsense: [\n")
    assert runner.invoke(main, ["score", "skylands", "examples/skylands/board-1-midgame.yaml"]).exit_code == 1


def test_the_first_build_says_it_is_the_first(runner, tmp_path):
    args = ["build", "island-of-fog", "--out", str(tmp_path)]
    first = runner.invoke(main, args)
    assert first.exit_code == 0, first.output
    assert "(the first build there)" in first.output and "changed since the last build" not in first.output
    assert "  new      tiles.pdf" in first.output
    again = runner.invoke(main, args)
    assert "0 changed since the last build" in again.output and "first build" not in again.output


@pytest.mark.parametrize("path", [(), *(p for p in all_commands(main) if isinstance(
    main.commands[p[0]], click.Group) and len(p) == 1)])
def test_help_shows_every_command_sentence_whole(runner, path):
    """At 80 columns, nothing in a list of commands is cut short with '...'."""
    result = runner.invoke(main, [*path, "--help"], terminal_width=80)
    assert result.exit_code == 0
    listed = result.output[result.output.index("Commands:"):]
    assert "..." not in listed and "(default:..." not in listed
    assert all(len(line) <= 80 for line in result.output.splitlines())
    assert "before or after the command" in runner.invoke(main, ["--help"]).output
