"""The balance lab: strongest-deck search, suggested edits, the look-ahead policy, Dask (small runs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import kit, paths
from generator.cli import main
from generator.games.skybound_battle.decks import DeckLimits, is_legal
from generator.games.skybound_battle.executor import Processes, Serial
from generator.games.skybound_battle.model import SkyboundBattle
from generator.games.skybound_battle.search import Budget, search, search_setup

TINY = Budget(restarts=1, steps=2, neighbours=2, games=4, top=2, final_games=6)


@pytest.fixture(scope="module")
def m() -> SkyboundBattle:
    model: SkyboundBattle = kit.load("skybound-battle", paths.CONTENT).model
    return model


def _search_setup(m: SkyboundBattle, seed: int = 5, colours: int = 3):
    return search_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters[:3]],
                        [c.id for c in m.colours[:colours]], seed, "greedy", TINY, m.content_hash)


def test_the_search_finds_legal_decks_reproducibly_on_any_number_of_workers(m):
    setup = _search_setup(m)
    one = search(setup, Serial())
    pool = Processes(2)
    try:
        two = search(setup, pool)
    finally:
        pool.close()
    assert one == two
    assert 1 <= len(one.found) <= TINY.top
    pool_by_id = {c.id: c for c in m.cards}
    for f in one.found:
        assert is_legal(dict(f.cards), pool_by_id, DeckLimits.from_rules(m.rules.deck))
        assert f.overall.games == TINY.final_games * len(setup.field)
    rates = [f.overall.value for f in one.found]
    assert rates == sorted(rates, reverse=True)
    assert search(_search_setup(m, seed=6), Serial()) != one


def test_a_climb_never_ends_worse_than_it_started(m):
    from generator.games.skybound_battle.search import climb, score

    setup = _search_setup(m)
    start = next(s for s in setup.field if {m.card(c).colour for c, _ in s.cards} == {"ember", "tide"})
    best, deck = climb((setup, ("ember", "tide"), 0))
    assert best >= score(setup, start.cards)
    assert best == score(setup, deck)


def test_search_command_writes_deck_files_that_deck_check_and_simulate_accept(runner, tmp_path: Path):
    out = tmp_path / "out"
    args = ["--out", str(out), "balance", "skybound-battle", "search", "--restarts", "1", "--steps", "1",
            "--neighbours", "2", "--games", "3", "--top", "2", "--final-games", "4"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "95% Wilson" in result.output and "reproduce: playkit balance skybound-battle search" in result.output
    decks = sorted((out / "skybound-battle" / "search").glob("strongest-*.yaml"))
    assert len(decks) == 2
    for deck in decks:
        checked = runner.invoke(main, ["deck", "check", str(deck)])
        assert checked.exit_code == 0 and ": legal (" in checked.output, checked.output
    sim = runner.invoke(main, ["--out", str(out), "simulate", "skybound-battle", "--decks",
                               f"{decks[0]},wildfire", "--games", "4"])
    assert sim.exit_code == 0, sim.output
    again = runner.invoke(main, [*args, "--workers", "2"])
    assert again.output.split("wrote")[0] == result.output.split("wrote")[0]


def test_the_dask_path_gives_the_numbers_of_one_process(m):
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    from generator.games.skybound_battle.executor import executor
    from generator.games.skybound_battle.simulate import run, starter_setup

    sim = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters[:3]], 10, 2, "greedy")
    setup = _search_setup(m)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, \
            Client(cluster), executor(scheduler=cluster.scheduler_address) as ex:
        assert ex.workers == 2
        tally = run(sim, chunk_size=3, on=ex)
        found = search(setup, ex)
    assert tally == run(sim, chunk_size=10)
    assert found == search(setup, Serial())


def test_a_scheduler_that_cannot_be_reached_is_reported_not_raised():
    pytest.importorskip("distributed")
    from generator.games.skybound_battle.executor import ClusterUnavailable, executor

    with pytest.raises(ClusterUnavailable, match="cannot reach the Dask scheduler"), \
            executor(scheduler="tcp://127.0.0.1:9", timeout_s=0.5):
        pass
