"""Skylands self-play, as properties: every simulated game ends, its scores are `playkit score`'s,
its supplies are conserved; and `playkit simulate skylands` end to end (same numbers for a seed,
whatever the chunks are run by)."""

from __future__ import annotations

import csv
import random
import re
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import main
from generator.content import load_text, paths
from generator.core import kit
from generator.games.skylands import engine
from generator.games.skylands.boardfile import read_board
from generator.games.skylands.policies import POLICIES
from generator.games.skylands.scoring import final_score
from generator.games.skylands.simulate import SimSetup, Tally, play_chunk, run

from .skylands_boards import board_yaml

MODEL = kit.load("skylands", paths.CONTENT).model
PROPS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def conserved(state: engine.State, players: int) -> None:
    """Inhabitants, VP markers, island tiles and special islands: all accounted for."""
    people = Counter(state.supply)
    for p in state.players:
        people.update(c for placed in p.board.squares.values() for group in placed.inhabitants for c in group)
    assert people == Counter({c.id: c.count for c in MODEL.files.game.inhabitants.colours})
    assert state.vp_supply + sum(p.vp for p in state.players) == engine.vp_supply(MODEL, players)
    assert state.vp_supply >= 0
    placed = [sq.face.id for p in state.players for sq in p.board.squares.values() if sq.face.kind == "island"]
    tiles = Counter(f.id for f in state.stack) + Counter(f.id for f in state.discard) + Counter(placed)
    assert tiles == Counter(t.face.id for t in MODEL.tiles_for(players))
    taken = [s for p in state.players for s in p.specials]
    assert Counter(state.display) + Counter(taken) == Counter(state.shown)
    on_boards = [sq.face.special for p in state.players for sq in p.board.squares.values() if sq.face.special]
    assert Counter(on_boards) == Counter(taken)


def play_checked(players: int, seed: int, policy: str) -> engine.State:
    rng = random.Random(seed)
    state = engine.setup(MODEL, players, rng)
    policies = [POLICIES[policy](MODEL, random.Random(f"{seed}|{s}")) for s in range(players)]
    conserved(state, players)
    while not state.ended:
        assert state.turn < engine.MAX_TURNS
        engine.play_turn(state, policies)  # type: ignore[arg-type]
        conserved(state, players)
    return state


@PROPS
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_every_random_game_ends_and_conserves_its_supplies(players, seed):
    play_checked(players, seed, "random")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_every_greedy_game_ends_and_conserves_its_supplies(players, seed):
    play_checked(players, seed, "greedy")


@PROPS
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_simulated_scores_are_playkit_scores(players, seed):
    state = play_checked(players, seed, "random")
    for p in state.players:
        end = read_board(MODEL, load_text(board_yaml(MODEL, p, players), "board.yaml"))
        assert final_score(MODEL, end).total == final_score(MODEL, p.end_state()).total


def test_simulated_board_scores_the_same_through_the_command(runner, tmp_path):
    result = engine.play_game(MODEL, 3, [POLICIES["greedy"](MODEL, random.Random(s)) for s in range(3)],
                              random.Random(4))
    for p, pad in zip(result.final.players, result.pads, strict=True):
        path = tmp_path / f"seat{p.seat}.yaml"
        path.write_text(board_yaml(MODEL, p, 3))
        out = runner.invoke(main, ["score", "skylands", str(path)], catch_exceptions=False)
        assert out.exit_code == 0, out.output
        assert int(re.search(r"^  Total\s+(-?\d+)", out.output, re.M).group(1)) == pad.total


def test_simulation_is_the_same_whatever_runs_its_chunks():
    setup = SimSetup((2, 3), 12, 7, "random")
    serial = run(MODEL, setup)
    backwards = run(MODEL, setup, lambda fn, jobs: [fn(j) for j in reversed(jobs)])
    assert serial.keys() == backwards.keys()
    for n in serial:
        assert serial[n] == backwards[n]
    # and a chunk is the same games whoever plays it
    jobs = setup.jobs(MODEL)
    assert play_chunk(jobs[1]) == play_chunk(jobs[1])
    total = Tally()
    for players, tally in map(play_chunk, jobs):
        if players == 2:
            total.merge(tally)
    assert total == serial[2]


def test_simulate_command_reports_seats_with_intervals(runner, tmp_path):
    out = runner.invoke(main, ["--out", str(tmp_path), "simulate", "skylands", "--players", "2", "--games", "4",
                               "--seed", "3", "--policy", "random"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert re.search(r"\| 2 \| 1 \| +\d+\.\d % \[ *\d+\.\d, +\d+\.\d\]", out.output)
    assert "playkit simulate skylands --players 2 --games 4 --seed 3 --policy random" in out.output
    folder = tmp_path / "skylands" / "simulation"
    rows = list(csv.DictReader((folder / "seats.csv").open()))
    assert [r["seat"] for r in rows] == ["1", "2"] and all(r["games"] == "4" for r in rows)
    again = runner.invoke(main, ["--out", str(tmp_path / "again"), "simulate", "skylands", "--players", "2",
                                 "--games", "4", "--seed", "3", "--policy", "random"], catch_exceptions=False)
    assert again.output.split("wrote")[0] == out.output.split("wrote")[0]


def test_simulate_command_refuses_a_seat_count_the_game_does_not_allow(runner):
    out = runner.invoke(main, ["simulate", "skylands", "--players", "5"])
    assert out.exit_code == 2 and "2 to 4 players" in out.output


def test_special_islands_fair_share_is_one_over_the_players_of_their_takers():
    from generator.games.skylands import simreport

    tallies = run(MODEL, SimSetup((2,), 6, 2, "random"))
    rows = simreport.specials_table(MODEL, tallies)[2:]
    assert rows and all(r.rstrip(" |").endswith("50 %") or r.rstrip(" |").endswith("0 %") for r in rows)
    taken = [r for r in rows if "| - |" not in r]
    assert taken and all(r.rstrip(" |").endswith("50 %") for r in taken)


def test_suggest_edits_one_special_islands_vps_and_nothing_else():
    from generator.games.skylands.suggest import standings, with_vp

    edited = with_vp(MODEL, "sky-harbour", 4)
    assert edited.specials["sky-harbour"].vp == 4 and MODEL.specials["sky-harbour"].vp == 5
    assert all(edited.specials[s].spec == MODEL.specials[s].spec for s in MODEL.specials if s != "sky-harbour")
    assert edited.island_tiles == MODEL.island_tiles
    got = standings(run(MODEL, SimSetup((2, 4), 6, 2, "random")))
    assert all(0 <= s.rate <= 1 and 0.25 <= s.fair <= 0.5 for s in got.values())


def test_balance_suggest_command_prints_yaml_to_paste_or_says_none(runner):
    out = runner.invoke(main, ["balance", "skylands", "suggest", "--games", "3", "--policy", "random", "--tries", "1"],
                        catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert "Special islands whose takers win beyond their fair share (3 games per seat count" in out.output
    assert "# specials.yaml" in out.output or "none found." in out.output


def test_simulate_on_two_local_workers_prints_what_one_process_prints(runner, tmp_path):
    from generator.games.selfplay import CHUNK

    args = ["simulate", "skylands", "--players", "2", "--games", str(CHUNK + 2), "--seed", "5", "--policy", "random"]
    one = runner.invoke(main, ["--out", str(tmp_path / "one"), *args], catch_exceptions=False)
    two = runner.invoke(main, ["--out", str(tmp_path / "two"), *args, "--workers", "2"], catch_exceptions=False)
    assert one.exit_code == two.exit_code == 0, two.output
    assert two.output.split("wrote")[0] == one.output.split("wrote")[0]
    assert (tmp_path / "two" / "skylands" / "simulation" / "seats.csv").read_bytes() == \
        (tmp_path / "one" / "skylands" / "simulation" / "seats.csv").read_bytes()
