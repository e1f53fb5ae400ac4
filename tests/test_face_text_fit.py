"""A name too long for its face is refused where it is written, in every game whose faces are drawn from
layouts: FILE:LINE:COL of the data, exit 1, nothing written (issue 10: a long text was drawn off its card)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from generator.cli import main

LONG = ("Very long name " * 34)[:500]   # 500 characters: no box of any face holds it at 6 pt

CASES = [
    # game, file, the name as written, the layout whose box refuses it
    ("islands-and-bridges", "elements.yaml", "    name: Primary Attack", "card.yaml"),
    ("islands-and-bridges", "elements.yaml", "    name: Boss", "token-enemy.yaml"),
    ("island-of-fog", "units.yaml", "    name: Basic unit", "card-turn-summary.yaml"),
]


@pytest.mark.parametrize("game, file, written, layout", CASES, ids=[f"{c[0]}:{c[2].strip()}" for c in CASES])
def test_a_500_character_name_is_refused_at_its_line_and_nothing_is_written(content_copy, tmp_path, game, file,
                                                                            written, layout):
    assert len(LONG) == 500
    root = content_copy(game)
    path = root / game / file
    lines = path.read_text().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text == written)
    col = lines[line - 1].index(":") + 3
    path.write_text(path.read_text().replace(written, written.split(":")[0] + ": " + LONG, 1))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["--content", str(root), "--out", str(out), "build", game])
    assert result.exit_code == 1, result.output
    errors = [ln for ln in result.output.splitlines() if ": error: " in ln]
    assert all(re.search(r"/layouts/[\w-]+\.yaml:\d+:\d+: error: box '[\w-]+': ", e) for e in errors), errors
    assert any(f"/layouts/{layout}:" in e for e in errors), errors
    assert all("does not fit its" in e and re.search(rf"/{path.name}:{line}:{col}[),]", e) for e in errors), errors
    assert "Traceback" not in result.output and not out.exists()
