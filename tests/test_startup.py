"""What a `playkit` process imports: checking content loads no drawing backend, no press, no exporter
and no game's command modules, and a command about one game imports no other game. `playkit validate`
runs on every save, so its start-up is the designer's wait (bench/bench_build.py times it; tests
never time anything, they only look at what was imported)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import games

ROOT = Path(__file__).resolve().parent.parent

NEVER_TO_CHECK = (
    "reportlab.pdfgen", "reportlab.platypus", "reportlab.graphics", "svgwrite", "pypdfium2", "pypdf",
    "fontTools.subset", "generator.press", "generator.draw.pdf", "generator.watch",
    "generator.editor_schemas", "generator.generic", "generator.export.home", "generator.export.shop",
    "generator.export.tts", "generator.export.preview", "generator.export.raster",
)
"""What validating the shipped games never needs: PDF/SVG output, imposition, exports, data-only decks."""

GAME_SIDE = ("build", "cli", "figures", "rulebook")
"""The modules of a game that make its kit or its commands: validate reads none of them."""

_RUN = """
import json, os, sys
cores = int(os.environ.get("CORES", "1"))
os.cpu_count = lambda: cores   # 1: games checked in this process (not on every core), so that it imports them
from generator.cli import main
try:
    main(sys.argv[1:], prog_name="playkit")
except SystemExit as stop:
    code = stop.code
print("\\n" + json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def imported_by(*args: str, cores: int = 1) -> set[str]:
    """The modules a fresh `playkit ARGS` process has imported when it is done (it must succeed);
    `cores`: what it is told the machine has (with more than one, games are checked in workers)."""
    env = {**os.environ, "CORES": str(cores)}
    run = subprocess.run([sys.executable, "-c", _RUN, *args], cwd=ROOT, capture_output=True, text=True,
                         check=True, env=env)
    result = json.loads(run.stdout.splitlines()[-1])
    assert result["code"] in (0, None), run.stderr
    return set(result["modules"])


def game_package(game_id: str) -> str:
    return games.declared()[game_id].partition(":")[0]


def under(modules: set[str], prefix: str) -> set[str]:
    return {m for m in modules if m == prefix or m.startswith(prefix + ".")}


def test_validating_every_game_imports_no_drawing_backend_press_or_exporter():
    modules = imported_by("validate")
    assert {game_package(g) for g in games.available()} <= modules   # it did validate them all
    assert not {m for heavy in NEVER_TO_CHECK for m in under(modules, heavy)}
    assert not {f"{game_package(g)}.{side}" for g in games.available() for side in GAME_SIDE} & modules


@pytest.mark.parametrize("game_id", ["island-of-fog", "skylands"])
def test_validating_one_game_imports_no_other_game(game_id):
    modules = imported_by("validate", game_id)
    others = {game_package(g) for g in games.available() if g != game_id}
    assert game_package(game_id) in modules and not others & modules


def test_games_checked_on_two_cores_are_imported_by_their_workers_only():
    """The process that forks the workers imports no game (each worker imports the games it checks):
    the four games' modules load on both cores, not one after the other before the fork."""
    modules = imported_by("validate", cores=2)
    assert not {game_package(g) for g in games.available()} & modules
    assert "generator.content.schema" in modules   # what every game's loading needs: imported once


def test_a_process_that_loads_no_content_imports_no_model_or_template_library():
    modules = imported_by("--version")
    assert not {m for lib in ("pydantic", "jinja2", "yaml", "reportlab", "generator.content.schema")
                for m in under(modules, lib)}


def test_help_imports_what_lists_commands_and_nothing_that_draws():
    modules = imported_by("--help")
    assert not {m for heavy in NEVER_TO_CHECK for m in under(modules, heavy)}


def test_games_checked_on_every_core_say_what_one_process_says(content_copy, runner):
    """`playkit validate` checks the games in several processes: the same problems, the same words,
    the same order as one process checking them one after the other."""
    from generator.builds import check_games
    from generator.cli import main

    from .conftest import replace_in

    content_copy("skylands")
    content_copy("islands-and-bridges")
    root = content_copy("island-of-fog")
    replace_in(root / "island-of-fog" / "units.yaml", "    cost: 6", "    cost: -6")
    replace_in(root / "skylands" / "tokens.yaml", "{value: 1, count: 12}", "{value: 1, count: twelve}")
    ids = ["island-of-fog", "islands-and-bridges", "skylands"]
    one, several = check_games(ids, root, workers=1), check_games(ids, root, workers=3)
    assert one == several and one[0] and not one[1] and one[2]
    result = runner.invoke(main, ["--content", str(root), "validate"])
    assert result.exit_code == 1 and result.output.splitlines()[0] == "islands-and-bridges: ok"
    assert [str(p) for p in sorted({*one[0], *one[2]})] == result.output.splitlines()[1:-1]


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    """Declare one more game, `broken-game`, whose module (tmp_path/brokengame.py) says `code`, with a
    content folder of its own beside a copy of Skylands'."""
    def make(code: str) -> Path:
        (tmp_path / "brokengame.py").write_text(code)
        monkeypatch.syspath_prepend(str(tmp_path))
        declared = {**games.declared(), "broken-game": "brokengame:GAME"}
        monkeypatch.setattr(games, "declared", lambda: declared)
        root = tmp_path / "content"
        shutil.copytree(ROOT / "content" / "skylands", root / "skylands")
        (root / "broken-game").mkdir()
        return root

    return make


@pytest.mark.parametrize("code, said", [
    ("raise RuntimeError('boom in the plugin')", "fails to import: RuntimeError: boom in the plugin"),
    ("GAME = 42", "'brokengame:GAME' is not the Game 'broken-game'"),
])
def test_a_game_whose_code_is_broken_is_reported_in_one_line_not_a_traceback(plugin, runner, monkeypatch, code,
                                                                            said):
    from generator.cli import main

    root = plugin(code)
    result = runner.invoke(main, ["--content", str(root), "validate"])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    lines = result.output.splitlines()
    assert "skylands: ok" in lines   # the other games are checked all the same
    [problem] = [line for line in lines if "broken-game" in line]
    assert problem.endswith(said) and ": error: the code of game 'broken-game'" in problem
    one = runner.invoke(main, ["--content", str(root), "validate", "broken-game"])
    assert one.exit_code == 1 and said in one.output
    monkeypatch.setattr(main, "_attached", False)   # the games' commands attached anew, this one's too
    listed = runner.invoke(main, ["--help"])   # the other games' commands are still listed
    assert listed.exit_code == 0 and "score" in listed.output and said in listed.output


def test_forked_children_give_what_a_loop_gives_in_order():
    from generator.builds import forked

    assert forked(lambda x: x * x, list(range(7)), 3) == [x * x for x in range(7)]
    assert forked(str, ["a"], 4) == ["a"]


def test_forked_children_raise_what_they_raised_and_a_child_that_dies_is_an_error():
    from generator.builds import forked

    def fails(x: int) -> int:
        if x == 4:
            raise FileNotFoundError("no content folder for 'x'")
        return x

    with pytest.raises(FileNotFoundError, match="no content folder"):
        forked(fails, list(range(6)), 2)
    with pytest.raises(RuntimeError, match="stopped"):
        forked(lambda x: os._exit(3) if x == 1 else x, [0, 1, 2], 3)


def test_validate_as_a_process_says_everything_and_its_status_though_it_leaves_without_teardown(content_copy):
    """`playkit validate` leaves without Python's teardown (cliutil.leave_at_once): what it printed
    is all there, on the right stream, with the right exit status."""
    from .conftest import replace_in

    root = content_copy("skylands")
    command = [sys.executable, "-m", "generator.cli", "--content", str(root), "validate"]
    sound = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert (sound.returncode, sound.stdout, sound.stderr) == (0, "skylands: ok\n", "")
    replace_in(root / "skylands" / "tokens.yaml", "{value: 1, count: 12}", "{value: 1, count: twelve}")
    broken = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert broken.returncode == 1 and broken.stdout == ""
    lines = broken.stderr.splitlines()
    assert "tokens.yaml:" in lines[0] and "twelve" in lines[0] and lines[-1] == "1 problem found; nothing was written."
