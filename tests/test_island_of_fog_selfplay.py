"""`playkit simulate island-of-fog` and `playkit balance island-of-fog suggest` end to end: seat win
rates with intervals, the same numbers for a seed whatever runs the games (one process, local
processes, a Dask cluster), the survey's verdict calibrated on the survey's own maps."""

from __future__ import annotations

import csv
import re

import pytest

from generator.build.pool import Pool
from generator.cli import main
from generator.content import paths
from generator.core import kit
from generator.games.island_of_fog import simulate as sim
from generator.games.island_of_fog import suggest as sg
from generator.games.island_of_fog.survey import survey
from generator.games.stats import Rate

M = kit.load("island-of-fog", paths.CONTENT).model
ARGS = ["--games", "4", "--seed", "3", "--policy", "random"]


def test_simulate_reports_every_seat_count_with_intervals(runner, tmp_path):
    out = runner.invoke(main, ["--out", str(tmp_path), "simulate", "island-of-fog", *ARGS], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    for n in (2, 3, 4):     # every count the 5x5 board allows
        for seat in range(1, n + 1):
            assert re.search(rf"\| {n} \| {seat} \| \w+ \| +\d+\.\d % \[ *\d+\.\d, +\d+\.\d\]", out.output)
    assert "playkit simulate island-of-fog --players 2 --players 3 --players 4 --games 4 --seed 3" in out.output
    rows = list(csv.DictReader((tmp_path / "island-of-fog" / "simulation" / "seats.csv").open()))
    assert len(rows) == 2 + 3 + 4 and all(r["games"] == "4" for r in rows)
    # each seat count's win rates add up to one game a game (shared wins shared)
    for n in (2, 3, 4):
        assert sum(float(r["win_rate"]) for r in rows if r["players"] == str(n)) == pytest.approx(1.0, abs=1e-3)


def test_simulate_is_the_same_for_a_seed_with_any_number_of_workers(runner, tmp_path):
    one = runner.invoke(main, ["--out", str(tmp_path / "a"), "simulate", "island-of-fog", "--players", "2", *ARGS,
                               "--games", "12"], catch_exceptions=False)
    two = runner.invoke(main, ["--out", str(tmp_path / "b"), "simulate", "island-of-fog", "--players", "2", *ARGS,
                               "--games", "12", "--workers", "2"], catch_exceptions=False)
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.output.split("wrote")[0] == two.output.split("wrote")[0]
    other = runner.invoke(main, ["--out", str(tmp_path / "c"), "simulate", "island-of-fog", "--players", "2",
                                 "--games", "12", "--seed", "4", "--policy", "random"], catch_exceptions=False)
    assert other.output.split("wrote")[0] != one.output.split("wrote")[0]


def test_simulate_refuses_a_seat_count_the_board_cannot_seat(runner):
    out = runner.invoke(main, ["simulate", "island-of-fog", "--players", "5"])
    assert out.exit_code == 2 and "2, 3, 4 players" in out.output


def test_the_dask_path_gives_the_numbers_of_one_process():
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    setup = sim.SimSetup((2, 3), 12, 5, "greedy")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            Client(cluster), Pool(scheduler=cluster.scheduler_address) as ex:
        assert ex.workers == 2
        on_dask = sim.run(M, setup, ex.map)
        calibrated = sim.calibrate(M, sim.SimSetup((2,), 3, 5, "greedy"), 3, ex.map)
    assert on_dask == sim.run(M, setup)
    assert calibrated == sim.calibrate(M, sim.SimSetup((2,), 3, 5, "greedy"), 3)


def test_calibration_judges_the_surveys_own_maps_with_its_verdict():
    # the maps and verdicts are those of `playkit map island-of-fog --survey N --seed S`
    for players in (2, 4):
        judged = sim.survey_maps(M, 5, players, 7, 40)
        assert sum(not fair for _, fair, _ in judged) == survey(M, 5, players, 7, 40).unfair


def test_calibration_command_prints_the_agreement_and_writes_each_map(runner, tmp_path):
    out = runner.invoke(main, ["--out", str(tmp_path), "simulate", "island-of-fog", "--calibrate", "4",
                               "--games", "3", "--seed", "2"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert re.search(r"\| 4 \| 4 \| \d \| \d \| +\d+\.\d % \[", out.output)     # the most players by default
    assert "--calibrate 4" in out.output
    rows = list(csv.DictReader((tmp_path / "island-of-fog" / "simulation" / "calibration.csv").open()))
    assert [r["map"] for r in rows] == ["1", "2", "3", "4"]
    judged = sim.survey_maps(M, 5, 4, 2, 4)
    assert [r["survey_fair"] for r in rows] == [str(int(fair)) for _, fair, _ in judged]


def test_a_map_is_fair_in_self_play_unless_a_seat_is_surely_off_its_share():
    even = sim.MapOutcome(0, True, (), (Rate(10, 20), Rate(10, 20)))
    lopsided = sim.MapOutcome(0, True, (), (Rate(20, 20), Rate(0, 20)))
    assert even.selfplay_fair(2) and not lopsided.selfplay_fair(2)


def test_suggest_shows_only_edits_that_bring_the_seats_nearer_even():
    setup = sim.SimSetup((2,), 10, 1, "greedy")
    base, found = sg.suggest(M, setup, tries=4, show=4)
    before = sg.unevenness(base)
    assert before == sg.unevenness(sim.run(M, setup))
    for checked, edited in found:
        assert checked.after < before
        assert sg.unevenness(sim.run(edited, setup)) == checked.after     # simulated, not guessed
        # one number changed, nothing else
        assert checked.edit.apply(M, checked.edit.before) == M or checked.edit.file != "units"


def test_balance_suggest_command_prints_yaml_or_says_none(runner):
    import yaml

    out = runner.invoke(main, ["balance", "island-of-fog", "suggest", "--games", "4", "--players", "2",
                               "--tries", "3"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert "first player ranks above another seat" in out.output
    blocks = [b for b in out.output.split("\n\n") if b.startswith("# ")]
    for block in blocks:
        assert isinstance(yaml.safe_load(block), dict)
    if not blocks:
        assert "none found" in out.output


def test_agreement_by_chance_is_that_of_independent_verdicts():
    from generator.games.island_of_fog.simreport import agreement, chance

    even, off = (Rate(5, 10), Rate(5, 10)), (Rate(10, 10), Rate(0, 10))
    outcomes = [sim.MapOutcome(0, True, (), even), sim.MapOutcome(1, True, (), off),
                sim.MapOutcome(2, False, (), even), sim.MapOutcome(3, False, (), off)]
    assert agreement(outcomes, 2) == (1, 1, 1, 1)
    assert chance(outcomes, 2) == 0.5
    assert chance(outcomes[:1] + outcomes[3:], 2) == 0.5     # agreeing on both: chance still a half
