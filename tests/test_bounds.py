"""Whatever validate accepts, build builds in bounded time: every size, count and text in content has
bounds, stated in the error at the value's line."""

from __future__ import annotations

import pytest

from .conftest import problems_after_edit, replace_in

CASES = [
    ("skybound-battle", "kit.yaml", "width: 63mm", "width: .nan", "kit.yaml:3:", "a length from 0 to"),
    ("island-of-fog", "board.yaml", "space_size: 20mm", "space_size: 2000mm",
     "board.yaml:3:", "from 0 to 300 mm"),
    ("island-of-fog", "board.yaml", "space_size: 20mm", "space_size: 200mm", "board.yaml:3:", "or equal to 60"),
    ("skybound-battle", "kit.yaml", "diameter: 16mm", "diameter: -16mm", "kit.yaml:18:", "a length from 0 to"),
    ("skylands", "print.yaml", "tile: 40mm", "tile: .inf", "print.yaml:4:", "a length from 0 to"),
    ("islands-and-bridges", "maps.yaml", "width: 120cm", "width: 9000cm", "maps.yaml:5:", "a length from 0 to 5000 mm"),
    ("island-of-fog", "tokens.yaml", "count: 40", "count: 99999999999999999999", "tokens.yaml:16:",
     "a number from -1,000,000 to 1,000,000"),
    ("island-of-fog", "tokens.yaml", "value: 1,", "value: .inf,", "tokens.yaml:16:", "valid integer (found inf)"),
    ("islands-and-bridges", "elements.yaml", "damage: 10", "damage: 10000000000000", "elements.yaml:54:", "1,000,000"),
    ("islands-and-bridges", "game.yaml", "cell: 22mm", "cell: 0.01mm", "game.yaml:6:", "greater than or equal to 12"),
]


@pytest.mark.parametrize("game, file, old, new, where, says", CASES, ids=[c[3][:30] for c in CASES])
def test_a_size_or_count_out_of_bounds_is_an_error_at_its_line(content_copy, game, file, old, new, where, says):
    problems = problems_after_edit(content_copy, game, file, old, new)
    assert any(where in p and says in p for p in problems), problems


def test_a_text_longer_than_any_box_is_an_error_at_its_line(content_copy):
    problems = problems_after_edit(content_copy, "skylands", "boards.yaml", "plus {{ p.reveal_extra }}",
                                   "plus {{ p.reveal_extra }} " + "word " * 20_000)
    assert any("boards.yaml:13:" in p and "no box of the kit holds more than 5,000" in p and len(p) < 300
               for p in problems), problems


def test_a_card_text_that_cannot_fit_its_card_is_an_error_at_its_line(content_copy):
    problems = problems_after_edit(content_copy, "islands-and-bridges", "elements.yaml",
                                   "No activation or cooldown time.", "No activation or cooldown time. " * 25)
    assert any("elements.yaml:58:" in p and "does not fit its" in p for p in problems), problems


@pytest.mark.parametrize("game, file, old, new, where", [
    ("island-of-fog", "tokens.yaml", "count: 40", "count: 999999", "tokens.yaml:16:"),
])
def test_a_kit_of_more_components_than_builds_in_bounded_time_is_refused_at_the_count(
        content_copy, game, file, old, new, where):
    problems = problems_after_edit(content_copy, game, file, old, new)
    assert any(where in p and "a kit prints at most 20,000" in p and "999,999 of them" in p for p in problems), \
        problems


def test_a_data_only_deck_of_too_many_copies_is_refused(runner, tmp_path):
    from generator.cli import main

    root = tmp_path / "designs"
    assert runner.invoke(main, ["new", "deck", "big", "--dir", str(root)]).exit_code == 0
    csv = root / "big" / "cards.csv"
    lines = csv.read_text().splitlines()
    header = lines[0].split(",")
    column = next(i for i, h in enumerate(header) if h.strip() in ("copies", "quantity", "count"))
    row = lines[1].split(",")
    row[column] = "30000"
    lines[1] = ",".join(row)
    csv.write_text("\n".join(lines) + "\n")
    result = runner.invoke(main, ["--content", str(root), "--out", str(tmp_path / "out"), "validate", "big"])
    assert result.exit_code == 1 and "a kit prints at most 20,000" in result.output, result.output


def test_a_larger_skylands_tile_builds_its_rulebook(runner, content_copy, tmp_path):
    """Every size validate accepts builds: at 100 mm a tile made the scoring example's figure (half a
    board at its printed size) taller than a rulebook page, and reportlab gave up with a LayoutError."""
    from generator.cli import main

    root = content_copy("skylands")
    replace_in(root / "skylands" / "print.yaml", "tile: 40mm", "tile: 100mm")
    result = runner.invoke(main, ["--content", str(root), "--out", str(tmp_path / "out"), "build", "skylands"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "skylands" / "rulebook.pdf").exists()
