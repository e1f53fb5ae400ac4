"""What a `playkit` process imports: checking content loads no drawing backend, no press, no exporter
and no game's command modules, and a command about one game imports no other game. `playkit validate`
runs on every save, so its start-up is the designer's wait (bench/bench_build.py times it; tests
never time anything, they only look at what was imported)."""

from __future__ import annotations

import json
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
os.cpu_count = lambda: 1   # games checked in this process (not on every core), so that it imports them
from generator.cli import main
try:
    main(sys.argv[1:], prog_name="playkit")
except SystemExit as stop:
    code = stop.code
print("\\n" + json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def imported_by(*args: str) -> set[str]:
    """The modules a fresh `playkit ARGS` process has imported when it is done (it must succeed)."""
    run = subprocess.run([sys.executable, "-c", _RUN, *args], cwd=ROOT, capture_output=True, text=True,
                         check=True)
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
