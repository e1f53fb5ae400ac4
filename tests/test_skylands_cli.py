"""`playkit score skylands BOARD.yaml`: the pad of the seed's example, and boards it must refuse."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.cli import main
from generator.content import paths

EXAMPLES = paths.EXAMPLES / "skylands"


def run(runner, *args: str):
    return runner.invoke(main, list(args), catch_exceptions=False)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "board.yaml"
    path.write_text(text)
    return path


def errors(result) -> list[str]:
    return [line for line in result.output.splitlines() if ": error: " in line]


def pad_rows(output: str) -> dict[str, int]:
    return {m.group(1).strip(): int(m.group(2))
            for m in re.finditer(r"^  (\S.*?)\s+(-?\d+)(?:   |$)", output, re.M)}


@pytest.mark.parametrize("args", [(), (str(paths.CONTENT / "skylands" / "scoring-example.yaml"),)])
def test_score_the_seed_example(runner, args):
    """Without a file, `playkit score` scores the rulebook's example; the same file by path too."""
    result = run(runner, "score", "skylands", *args)
    assert result.exit_code == 0, result.output
    assert "Maria" in result.output.splitlines()[0]
    rows = pad_rows(result.output)
    assert rows["Empty squares"] == -4 and rows["Inhabitants"] == 4
    assert rows["Spaces on complete islands"] == 28 and rows["Special islands"] == 11
    assert rows["VP markers + active marker + brackets"] == 10 and rows["Total"] == 49
    assert "Shrine of the Woods at A4 8" in result.output


def test_score_lists_islands_that_can_never_be_completed(runner, tmp_path):
    board = write(tmp_path, "side: board-1\nsquares:\n  A2: {tile: small-city-1, rotation: 270}\n")
    result = run(runner, "score", "skylands", str(board))
    assert result.exit_code == 0
    assert re.search(r"city\s+A2 .*can never be completed \(open at A2 west\)", result.output)
    assert re.search(r"crystals\s+B3 .*open at B3 east", result.output)


def test_score_rejects_the_illegal_example(runner):
    result = run(runner, "score", "skylands", str(EXAMPLES / "illegal-board.yaml"))
    assert result.exit_code == 1
    got = errors(result)
    assert len(got) == 2
    lines = (EXAMPLES / "illegal-board.yaml").read_text().splitlines()
    a2 = next(i for i, line in enumerate(lines, 1) if line.startswith("  A2:"))
    c3 = next(i for i, line in enumerate(lines, 1) if line.startswith("  C3:"))
    assert got[0].startswith(f"{EXAMPLES / 'illegal-board.yaml'}:{a2}:14: error: square A2, north edge: "
                             "mountains meets woods on the south edge of A1")
    assert f":{c3}:14: error: square C3, west edge: woods meets crystals on the east edge of B3" in got[1]
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("text", "expect", "line"), [
    ("squares:\n  A1: {tile: smal-woods-1}\n", "unknown tile 'smal-woods-1'; did you mean small-woods-1", 2),
    ("squares:\n  A1: {tile: small-woods-1}\n  C3: {tile: small-woods-1}\n",
     "tile 'small-woods-1' is already on square A1", 3),
    ("squares:\n  F1: {tile: small-woods-1}\n", "not a square of the board (found 'F1', allowed A1 to E4)", 2),
    ("side: board-9\n", "unknown player board side (found 'board-9'", 1),
    ("side: board-1\nsquares:\n  B2: {tile: small-woods-1}\n", "square B2 is pre-printed on board-1", 3),
    ("side: board-1\nsquares:\n  A1: {tile: start-1-a}\n", "starting island tiles are used on the empty side", 3),
    ("squares:\n  A1: {tile: start-1-a}\n  C3: {tile: start-1-b}\n", "tile 'start-1' is already on square A1", 3),
    ("players: 2\nsquares:\n  A1: {tile: small-woods-4}\n", "marked for 4+ players and is not in a game of 2", 3),
    ("squares:\n  A1: {tile: small-woods-1, rotation: 45}\n", "squares.A1.rotation", 2),
    ("squares:\n  A1: {tile: small-woods-1, rotation: 90, inhabitants: [green]}\n",
     "inhabitants on an incomplete woods island", 2),
    ("squares:\n  A1: {tile: small-woods-1, rotation: 90, inhabitants: [green, green]}\n"
     "  B1: {tile: small-woods-2, rotation: 270}\n", "square A1: 2 inhabitants on 1 space", 2),
    ("squares:\n  A1: {tile: small-woods-1, rotation: 90, inhabitants: [blue]}\n"
     "  B1: {tile: small-woods-2, rotation: 270}\n", "square A1 has no crystals fragment for a blue inhabitant", 2),
    ("squares:\n  A1: {tile: hostel, inhabitants: [red]}\n", "unknown inhabitant colour (found 'red'", 2),
    ("squares:\n  A1: {tile: hostel, inhabitants: [green, blue, purple, green, blue]}\n",
     "square A1: 5 inhabitants on 4 spaces", 2),
    ("squares:\n  A1: {inhabitants: [green]}\n", "missing field 'tile'", 2),
    ("vp_markers: [5, 3]\n", "no VP marker of 3 (markers: 1, 2, 5)", 1),
    ("vp_markers: [5, 5, 5, 5, 5]\n", "5 markers of 5 VP (there are 4)", 1),
    ("marker: upside-down\n", "marker: Input should be 'active' or 'passive'", 1),
    ("squares: [A1, B1]\n", "squares: Input should be a valid dictionary", 1),
    ("squares:\n  A1: {tile: small-woods-1}\n  A1: {tile: small-woods-2}\n", "duplicate key 'A1'", 3),
    ("[1, 2]\n", "a board file is a mapping", 1),
])
def test_score_rejects_bad_boards_at_their_line(runner, tmp_path, text, expect, line):
    board = write(tmp_path, text)
    result = run(runner, "score", "skylands", str(board))
    assert result.exit_code == 1, result.output
    hits = [e for e in errors(result) if expect in e]
    assert hits, result.output
    assert hits[0].startswith(f"{board}:{line}:")
    assert "Traceback" not in result.output


def test_score_reports_every_problem_at_once(runner, tmp_path):
    board = write(tmp_path, "squares:\n  A1: {tile: nope}\n  B1: {tile: nada}\nvp_markers: [7]\n")
    result = run(runner, "score", "skylands", str(board))
    assert result.exit_code == 1 and len(errors(result)) == 3


def test_score_missing_file_is_a_usage_error(runner, tmp_path):
    result = run(runner, "score", "skylands", str(tmp_path / "none.yaml"))
    assert result.exit_code == 2 and "no board file" in result.output


def test_score_yaml_syntax_error(runner, tmp_path):
    board = write(tmp_path, "squares:\n  A1: {tile: small-woods-1\n")
    result = run(runner, "score", "skylands", str(board))
    assert result.exit_code == 1 and f"{board}:" in result.output and "YAML" in result.output


def test_score_honours_content_option(runner, tmp_path, content_copy):
    from tests.conftest import replace_in

    root = content_copy("skylands")
    replace_in(root / "skylands" / "scoring.yaml", "empty_square_vp: -2", "empty_square_vp: -3")
    result = run(runner, "--content", str(root), "score", "skylands")
    assert result.exit_code == 0, result.output
    assert str(root) in result.output.splitlines()[0]  # the example of the content in use
    assert re.search(r"Empty squares\s+-6", result.output) and re.search(r"Total\s+47", result.output)


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_score_every_shipped_example(runner, name):
    result = run(runner, "score", "skylands", str(EXAMPLES / name))
    assert result.exit_code == (1 if name.startswith("illegal") else 0), result.output
    assert "Traceback" not in result.output


def test_score_midgame_example_shows_open_and_blocked_islands(runner):
    result = run(runner, "score", "skylands", str(EXAMPLES / "board-1-midgame.yaml"))
    assert "can never be completed (open at A1 west, A1 north)" in result.output
    assert "open at D4 west" in result.output
    assert re.search(r"Empty squares\s+-22", result.output)  # 20 squares - 3 pre-printed - 6 tiles


def test_score_says_one_space_in_the_singular(runner, tmp_path):
    """A playtester read '1 spaces': one of a thing is written in the singular, on every line."""
    board = write(tmp_path, "squares:\n  A1: {tile: small-woods-1, rotation: 0}\n")
    result = run(runner, "score", "skylands", str(board))
    assert result.exit_code == 0, result.output
    assert re.search(r"woods\s+A1\s+1 space, 0 inhabitants, ", result.output), result.output
    assert not re.search(r"\b1 spaces\b", result.output)
