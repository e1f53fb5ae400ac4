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
    "fontTools.subset", "generator.press", "generator.draw.pdf", "generator.builds", "generator.watch",
    "generator.editor_schemas", "generator.generic", "generator.export.home", "generator.export.shop",
    "generator.export.tts", "generator.export.preview", "generator.export.raster",
)
"""What validating the shipped games never needs: PDF/SVG output, imposition, exports, data-only decks."""

GAME_SIDE = ("build", "cli", "figures", "rulebook")
"""The modules of a game that make its kit or its commands: validate reads none of them."""

_RUN = """
import json, sys
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
