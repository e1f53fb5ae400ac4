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
    # a layout's box names the data line it prints; a face drawn by code (Fog's combat card) is refused
    # at the data line itself
    boxes = [e for e in errors if re.search(r"/layouts/[\w-]+\.yaml:\d+:\d+: error: box '[\w-]+': ", e)]
    assert any(f"/layouts/{layout}:" in e for e in boxes), errors
    assert all("does not fit its" in e and re.search(rf"/{path.name}:{line}:{col}[),]", e) for e in boxes), errors
    assert all(re.match(rf".*/{path.name}:{line}:{col}: error: .* does not fit", e) for e in errors if e not in boxes)
    assert "Traceback" not in result.output and not out.exists()


def test_a_unit_name_the_turn_summary_holds_but_the_combat_card_cannot_is_refused_at_its_line(content_copy, tmp_path):
    name = "Elite unit of the lighthouse guard from the far northern hills"   # 62 characters
    root = content_copy("island-of-fog")
    path = root / "island-of-fog" / "units.yaml"
    lines = path.read_text().splitlines()
    line = lines.index("    name: Elite unit") + 1
    path.write_text(path.read_text().replace("    name: Elite unit", f"    name: {name}", 1))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["--content", str(root), "--out", str(out), "build", "island-of-fog"])
    assert result.exit_code == 1, result.output
    errors = [ln for ln in result.output.splitlines() if ": error: " in ln]
    assert len(errors) == 1, errors   # the turn summary and the unit token hold it
    assert re.search(rf"/units\.yaml:{line}:11: error: a name in the odds table .* does not fit on the combat "
                     rf"reference card even at 6 pt: shorten '{name}'", errors[0]), errors
    assert "Traceback" not in result.output and not out.exists()


def test_a_combat_word_too_long_for_the_card_is_refused_at_its_line(content_copy):
    from generator.content import ContentError
    from generator.core import kit

    root = content_copy("island-of-fog")
    path = root / "island-of-fog" / "combat.yaml"
    text = path.read_text()
    line = text[:text.index("plains, name: Plains")].count("\n") + 1
    path.write_text(text.replace("name: Plains", "name: Plains " + "and meadows " * 8, 1))
    with pytest.raises(ContentError) as err:
        kit.load("island-of-fog", root)
    shown = [str(p) for p in err.value.problems]
    assert shown and all(re.search(rf"/combat\.yaml:{line}:\d+: error: .* combat reference card", e) for e in shown)


def test_a_title_too_long_for_the_dice_sheet_heading_is_refused_at_the_title(content_copy):
    from generator.content import ContentError
    from generator.core import kit

    root = content_copy("island-of-fog")
    path = root / "island-of-fog" / "game.yaml"
    text = path.read_text()
    line = text[:text.index("\ntitle: ") + 1].count("\n") + 1
    path.write_text(text.replace("\ntitle: ", "\ntitle: " + "The Long War " * 12, 1))
    with pytest.raises(ContentError) as err:
        kit.load("island-of-fog", root)
    shown = [str(p) for p in err.value.problems]
    assert any(re.search(rf"/game\.yaml:{line}:8: error: the heading of the dice sheet does not fit", e)
               for e in shown), shown
    assert any(re.search(rf"/game\.yaml:{line}:8: error: the title does not fit on the combat reference card", e)
               for e in shown), shown
