"""The balance simulator: figures, determinism, workers, and `playkit simulate skybound-battle`."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from generator.cli import main
from generator.content import paths
from generator.core import kit
from generator.games.skybound_battle import simreport
from generator.games.skybound_battle.model import SkyboundBattle
from generator.games.skybound_battle.simulate import SimSetup, report, run, starter_setup
from generator.games.stats import wilson


@pytest.fixture(scope="module")
def m() -> SkyboundBattle:
    model: SkyboundBattle = kit.load("skybound-battle", paths.CONTENT).model
    return model


def _setup(m: SkyboundBattle, games: int = 12, seed: int = 3, policy: str = "greedy", n_decks: int = 3) -> SimSetup:
    decks = [(s.id, dict(s.cards)) for s in m.starters[:n_decks]]
    return starter_setup(m.cards, m.rules, decks, games, seed, policy, m.content_hash)


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_same_seed_gives_the_same_numbers(m):
    a = report(_setup(m), run(_setup(m)))
    b = report(_setup(m), run(_setup(m)))
    assert simreport.text(a) == simreport.text(b) and simreport.matrix_csv(a) == simreport.matrix_csv(b)
    c = report(_setup(m, seed=4), run(_setup(m, seed=4)))
    assert simreport.matrix_csv(c) != simreport.matrix_csv(a)


def test_workers_give_the_same_result_as_one_process(m):
    setup = _setup(m, games=10)
    from generator.build.pool import Pool

    single = run(setup, chunk_size=3)
    with Pool(2) as ex:
        spread = run(setup, chunk_size=3, map_jobs=ex.map)
    assert report(setup, single) == report(setup, spread)
    assert report(setup, run(setup, chunk_size=100)) == report(setup, single)


def test_the_counts_add_up(m):
    setup = _setup(m, games=8, policy="random")
    r = report(setup, run(setup))
    assert r.games == 3 * 8 and sum(n for _, n in r.rounds) == r.games
    for cell in r.cells:
        assert cell.games == 8
        mirror = r.cell(cell.col, cell.row)
        assert mirror and mirror.wins == cell.losses and mirror.draws == cell.draws
    assert sum(rate.successes for _, rate in r.overall) + r.draws == r.games
    for c in r.cards:
        assert 0 <= c.won_played <= c.played <= c.in_deck
    in_deck = {c.id: c.in_deck for c in r.cards}
    first = setup.decks[0]
    assert all(in_deck[cid] >= 2 * 8 for cid, _ in first.cards)  # in two pairings of 8 games


def test_first_player_alternates_between_the_decks(m):
    """Deck a holds the first player token in the even games of a pairing, deck b in the odd ones,
    read off each game's own tally (its winner, and whether the first player won)."""
    from generator.games.skybound_battle.simulate import play_chunk

    setup = _setup(m, games=12, n_decks=2)
    starters: dict[int, set[int]] = {0: set(), 1: set()}
    first_won = 0
    for index in range(setup.games):
        pair = play_chunk(setup, (0, 1), index, index + 1).pairs[(0, 1)]
        if pair.draws:
            continue
        winner = 0 if pair.wins[0] else 1
        starters[index % 2].add(winner if pair.first_wins else 1 - winner)
        first_won += pair.first_wins
    assert starters == {0: {0}, 1: {1}}
    assert play_chunk(setup, (0, 1), 0, setup.games).pairs[(0, 1)].first_wins == first_won


def test_the_csv_carries_matrix_intervals_policy_seed_and_content(m):
    setup = _setup(m, games=6)
    r = report(setup, run(setup))
    rows = list(csv.DictReader(io.StringIO(simreport.matrix_csv(r))))
    cells = [row for row in rows if row["opponent"] != "ALL"]
    assert len(cells) == 6
    for row in rows:
        assert row["policy"] == "greedy" and row["seed"] == "3" and row["content"] == m.content_hash
        assert float(row["wilson_low"]) <= float(row["win_rate"]) <= float(row["wilson_high"])
    assert rows[-1]["deck"] == "FIRST-PLAYER"
    cards = list(csv.DictReader(io.StringIO(simreport.cards_csv(r))))
    assert {c["card"] for c in cards} >= {cid for cid, _ in setup.decks[0].cards}


def test_simulate_command_reports_and_writes_csv(runner, tmp_path: Path, m):
    out = tmp_path / "out"
    args = ["--out", str(out), "simulate", "skybound-battle", "--decks", f"{m.starters[0].id},{m.starters[1].id}",
            "--games", "6", "--seed", "9", "--workers", "2"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "policy: greedy   seed: 9" in result.output and m.content_hash in result.output
    assert "First player" in result.output and "Game length in rounds" in result.output
    folder = out / "skybound-battle" / "simulation"
    assert (folder / "heatmap.svg").read_text().startswith("<svg")
    assert (folder / "heatmap.pdf").read_bytes().startswith(b"%PDF")
    matrix = (folder / "matrix.csv").read_text()
    assert matrix.count("\n") == 1 + 2 + 2 + 1
    again = runner.invoke(main, [*args[:-2], "--workers", "1"])
    assert again.output == result.output


def test_simulate_accepts_a_deck_file(runner, tmp_path: Path, m):
    deck = paths.EXAMPLES / "skybound-battle" / "ember-gale-rush.yaml"
    result = runner.invoke(main, ["--out", str(tmp_path), "simulate", "skybound-battle", "--decks",
                                  f"{m.starters[0].id},{deck}", "--games", "4", "--policy", "random"])
    assert result.exit_code == 0, result.output
    assert "ember-gale-rush" in result.output and "policy: random" in result.output


def test_simulate_rejects_unknown_decks_as_usage_errors(runner, tmp_path: Path):
    result = runner.invoke(main, ["--out", str(tmp_path), "simulate", "skybound-battle", "--decks", "nope,also-nope"])
    assert result.exit_code == 2 and "no starter deck or deck file" in result.output
    result = runner.invoke(main, ["--out", str(tmp_path), "simulate", "skybound-battle", "--decks", "wildfire"])
    assert result.exit_code == 2


def test_the_reproduce_line_of_a_deck_file_runs_and_gives_the_same_report(runner, tmp_path: Path, m):
    import shlex

    deck = paths.EXAMPLES / "skybound-battle" / "ember-gale-rush.yaml"
    first = runner.invoke(main, ["--out", str(tmp_path), "simulate", "skybound-battle", "--decks",
                                 f"{deck},{m.starters[1].id}", "--games", "6", "--seed", "4"])
    assert first.exit_code == 0, first.output
    line = next(x for x in first.output.splitlines() if x.startswith("reproduce: "))
    argv = shlex.split(line.removeprefix("reproduce: "))
    assert argv[0] == "playkit"
    again = runner.invoke(main, ["--out", str(tmp_path / "again"), *argv[1:]])
    assert again.exit_code == 0, again.output
    assert again.output.split("wrote")[0] == first.output.split("wrote")[0]


def test_the_simulator_measures_fizzles_and_no_deployed_effect_of_the_pool_mostly_fizzles(m):
    rep = report(_setup(m, games=40, n_decks=6), run(_setup(m, games=40, n_decks=6)))
    with_deployed = {c.id for c in m.cards if c.effects_when("deployed")}
    measured = {f.id: f for f in rep.cards if f.revealed}
    assert set(measured) <= with_deployed and len(measured) >= len(with_deployed) - 2
    worst = max(measured.values(), key=lambda f: f.fizzle_rate.value)
    assert worst.fizzle_rate.value < 0.3, (worst.id, worst.fizzle_rate.value)
    assert "fizzled" in simreport.text(rep) and "fizzle_rate" in simreport.cards_csv(rep)
