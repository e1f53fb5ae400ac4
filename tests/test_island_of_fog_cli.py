"""`playkit map island-of-fog` and `playkit odds island-of-fog` through the command line."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from generator.cli import main
from generator.content import paths
from generator.core import kit
from generator.games.island_of_fog.odds import matchup, percent
from generator.games.island_of_fog.rules import Force

GAME_ID = "island-of-fog"


def _map(runner, out: Path, *args: str):
    return runner.invoke(main, ["--out", str(out), "map", GAME_ID, *args])


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_map_writes_map_yaml_and_reports_each_nation(runner, tmp_path):
    result = _map(runner, tmp_path, "--seed", "42")
    assert result.exit_code == 0, result.output
    (folder,) = (tmp_path / GAME_ID / "maps").glob("5x5-4p-*")
    for name in ("map.yaml", "map.pdf", "map.svg"):
        assert (folder / name).is_file()
    for name in ("Red", "Yellow", "Blue", "Green"):
        assert name in result.output
    assert "MP" in result.output and "lots first" in result.output


def test_same_seed_gives_byte_identical_files(runner, tmp_path):
    assert _map(runner, tmp_path / "a", "--seed", "9", "--size", "4", "--players", "3").exit_code == 0
    assert _map(runner, tmp_path / "b", "--seed", "9", "--size", "4", "--players", "3").exit_code == 0
    a, b = _files(tmp_path / "a"), _files(tmp_path / "b")
    assert a == b and any(k.endswith("map.yaml") for k in a)


def test_size_the_tiles_cannot_fill_is_a_usage_error_and_writes_nothing(runner, tmp_path):
    result = _map(runner, tmp_path, "--size", "6", "--players", "2")
    assert result.exit_code == 2
    assert "the tiles cannot cover a 6x6 board with 2 players" in result.output
    assert not tmp_path.joinpath(GAME_ID).exists()


def test_size_without_a_board_is_a_usage_error(runner, tmp_path):
    result = _map(runner, tmp_path, "--size", "9")
    assert result.exit_code == 2 and "no 9x9 board" in result.output
    assert not tmp_path.joinpath(GAME_ID).exists()


def test_player_count_without_corners_is_a_usage_error(runner, tmp_path):
    result = _map(runner, tmp_path, "--players", "5")
    assert result.exit_code == 2 and "5 players cannot play" in result.output
    assert not tmp_path.joinpath(GAME_ID).exists()


def test_survey_prints_statistics_and_writes_nothing(runner, tmp_path):
    result = _map(runner, tmp_path, "--survey", "50", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "50 random 5x5 maps for 4 players (seed 3;" in result.output
    assert "a nation cut off from the lighthouse" in result.output and "Verdict: " in result.output
    assert "\r" not in result.output  # progress only on a terminal
    assert not tmp_path.joinpath(GAME_ID).exists()


def test_check_accepts_a_generated_map_and_rejects_an_edited_one(runner, tmp_path):
    assert _map(runner, tmp_path, "--seed", "5").exit_code == 0
    (path,) = (tmp_path / GAME_ID / "maps").glob("5x5-4p-*/map.yaml")
    ok = _map(runner, tmp_path, "--check", str(path))
    assert ok.exit_code == 0 and "ok, every base reaches the lighthouse" in ok.output
    bad = tmp_path / "bad.yaml"
    bad.write_text(path.read_text().replace("{square: [2, 2], tile: lighthouse, arrow: N}",
                                            "{square: [2, 2], tile: lighthouse, arrow: E}"))
    result = _map(runner, tmp_path, "--check", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:" in result.output and "error: the arrow on [2, 2] must point N (found E)" in result.output


def test_the_map_folder_and_pages_name_no_seed(runner, tmp_path):
    """Issue 29: maps/5x5-4p-seed42/ and 'map seed 42' on the page let a player make the revealed
    map again; the folder and the printed map are named by what the map shows."""
    seed = "987654321"
    assert _map(runner, tmp_path, "--seed", seed).exit_code == 0
    (folder,) = (tmp_path / GAME_ID / "maps").iterdir()
    assert seed not in folder.name
    svg = (folder / "map.svg").read_text()
    pdf = "".join(page.extract_text() for page in PdfReader(folder / "map.pdf").pages)
    assert seed not in svg and seed not in pdf and folder.name.rsplit("-", 1)[1] in pdf
    assert seed not in (folder / "map.yaml").read_text()


def test_fair_is_gone_the_rules_never_use_a_redrawn_revealed_map(runner, tmp_path):
    result = _map(runner, tmp_path, "--fair")
    assert result.exit_code == 2 and "No such option '--fair'" in result.output


def test_odds_prints_the_table_and_writes_csv(runner, tmp_path):
    result = runner.invoke(main, ["--out", str(tmp_path), "odds", GAME_ID, "--policy", "simple"])
    assert result.exit_code == 0, result.output
    assert "re-roll policy 'simple'" in result.output
    first = next(line for line in result.output.splitlines() if line.startswith("Basic unit   Basic unit"))
    assert first.split() == ["Basic", "unit", "Basic", "unit", "Plains", "1", "0", "54.6%", "9.0%", "36.3%"]
    csv = (tmp_path / GAME_ID / "odds" / "odds.csv").read_text().splitlines()
    assert csv[0].startswith("policy,attacker") and len(csv) == 1 + 2 * 60
    assert {line.split(",")[0] for line in csv[1:]} == {"optimal", "simple"}
    # the combat reference card, rendered from the table of the chosen policy
    card = tmp_path / GAME_ID / "odds" / "combat-card.pdf"
    text = "".join(page.extract_text() for page in PdfReader(card).pages)
    m = kit.load(GAME_ID, paths.CONTENT).model
    cells = {policy: matchup(m, Force("basic", 3), Force("basic", 3), "plains", policy).odds
             for policy in ("simple", "optimal")}
    shown = {policy: f"{percent(o.win)} · {percent(o.draw)} · {percent(o.lose)}" for policy, o in cells.items()}
    assert shown["simple"] != shown["optimal"]  # so the card shows which table it was drawn from
    assert shown["simple"] in text and shown["optimal"] not in text
    assert f"showing {m.combat.simple_threshold} or less" in text
    assert (tmp_path / GAME_ID / "odds" / "combat-card.svg").is_file()


def test_shipped_example_maps(runner, tmp_path):
    folder = paths.EXAMPLES / GAME_ID
    ok = _map(runner, tmp_path, "--check", str(folder / "scenario-5x5-seed42.yaml"))
    assert ok.exit_code == 0, ok.output
    bad = _map(runner, tmp_path, "--check", str(folder / "edited-map-with-errors.yaml"))
    assert bad.exit_code == 1
    for expect in ("the arrow on [0, 1] must point S (found W)", "the centre square holds the lighthouse",
                   "the lighthouse lies only on the centre square [2, 2]", "is used 2 times (the pile has 1)"):
        assert expect in bad.output
