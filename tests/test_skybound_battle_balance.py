"""The balance lab: strongest-deck search, suggested edits, the look-ahead policy, Dask (small runs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build.pool import Pool
from generator.cli import main
from generator.content import paths
from generator.core import kit
from generator.games.skybound_battle.decks import DeckLimits, is_legal
from generator.games.skybound_battle.model import SkyboundBattle
from generator.games.skybound_battle.search import Budget, search, search_setup

TINY = Budget(restarts=1, steps=2, neighbours=2, games=4, top=2, final_games=6, chunk=2)  # one look of the race


@pytest.fixture(scope="module")
def m() -> SkyboundBattle:
    model: SkyboundBattle = kit.load("skybound-battle", paths.CONTENT).model
    return model


def _search_setup(m: SkyboundBattle, seed: int = 5, colours: int = 3):
    return search_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters[:3]],
                        [c.id for c in m.colours[:colours]], seed, "greedy", TINY, m.content_hash)


def test_the_search_finds_legal_decks_reproducibly_on_any_number_of_workers(m):
    setup = _search_setup(m)
    one = search(setup)
    with Pool(2) as pool:
        two = search(setup, pool.map)
    assert one == two
    assert 1 <= len(one.found) <= TINY.top
    pool_by_id = {c.id: c for c in m.cards}
    for f in one.found:
        assert is_legal(dict(f.cards), pool_by_id, DeckLimits.from_rules(m.rules.deck))
        assert f.overall.n == TINY.final_games * len(setup.field)
    rates = [f.overall.value for f in one.found]
    assert rates == sorted(rates, reverse=True)
    assert search(_search_setup(m, seed=6)) != one


def test_a_climb_never_ends_worse_than_it_started(m):
    from generator.games.skybound_battle.search import climb, versus_field

    def score(setup, deck):   # the deck's win rate over the field on the search's games, played in full here
        rows = versus_field(setup, deck, setup.budget.games, "search")
        return sum(w for _, w, _ in rows) / sum(g for _, _, g in rows)

    setup = _search_setup(m)
    start = next(s for s in setup.field if {m.card(c).colour for c, _ in s.cards} == {"ember", "tide"})
    best, deck, games = climb((setup, ("ember", "tide"), 0))
    assert best >= score(setup, start.cards)
    assert best == score(setup, deck)
    assert 0 < games <= (1 + TINY.steps * TINY.neighbours) * TINY.games * len(setup.field)


RACE = Budget(restarts=1, steps=3, neighbours=4, games=12, top=1, final_games=4, chunk=4)


# Seeds where the tiny race happens to keep every swap the full search keeps (a raced swap is wrongly
# dropped about 5 % of the time at most): on the current pool seed 5 drops one, so it is not used.
@pytest.mark.parametrize("seed", [1, 7])
def test_the_raced_search_plays_fewer_games_and_finds_the_same_best_deck(m, seed):
    from dataclasses import replace

    setup = replace(_search_setup(m, seed=seed), budget=RACE)
    raced = search(setup)
    full = search(replace(setup, budget=replace(RACE, race=False)))
    assert raced.found == full.found   # the same decks, with the same search scores and replayed rates
    assert raced.games < 0.8 * full.games <= 0.8 * RACE.games_played(len(setup.pairs()), len(setup.field))
    with Pool(2) as pool:
        assert search(setup, pool.map) == raced


def test_a_race_drops_a_swap_that_trails_on_every_game_after_one_chunk_and_keeps_one_that_ties(m):
    from generator.games.skybound_battle.search import Scores

    setup = _search_setup(m)
    budget = Budget(games=40, chunk=8)
    scores = Scores(replace_budget(setup, budget))
    bar, worse, twin = (("bar", 1),), (("worse", 1),), (("twin", 1),)
    scores.results[bar] = [[1] * 40 for _ in setup.field]
    scores.results[worse] = [[0] * 8 for _ in setup.field]
    scores.results[twin] = [[1] * 8 for _ in setup.field]
    assert scores.clearly_worse(worse, bar, 8)
    assert not scores.clearly_worse(twin, bar, 8)
    # behind on 3 games that differ out of 24, none ahead: too few to say (a fair coin does that 1 time in 8)
    scores.results[worse] = [[0] + [1] * 7 for _ in setup.field]
    assert not scores.clearly_worse(worse, bar, 8)
    # behind on 6 of 24, and nothing ahead: dropped
    scores.results[worse] = [[0, 0] + [1] * 6 for _ in setup.field]
    assert scores.clearly_worse(worse, bar, 8)
    assert Budget(games=40, chunk=8).looks() == 4 and Budget(games=40, chunk=40).looks() == 1


def replace_budget(setup, budget):
    from dataclasses import replace

    return replace(setup, budget=budget)


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
    full = runner.invoke(main, [*args, "--no-race"])
    assert full.exit_code == 0, full.output
    assert "(every swap played in full)" in full.output and " --no-race\n" in full.output


def test_the_search_report_counts_the_games_played_of_the_budget(runner, tmp_path: Path):
    import re

    args = ["--out", str(tmp_path), "balance", "skybound-battle", "search", "--restarts", "1", "--steps", "2",
            "--neighbours", "3", "--games", "8", "--chunk", "2", "--top", "1", "--final-games", "4"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    played, most = (int(x.replace(",", "")) for x in
                    re.search(r"^games: ([\d,]+) played of at most ([\d,]+) \(a swap clearly worse", result.output,
                              re.M).groups())
    assert 0 < played < most
    assert "reproduce: playkit balance skybound-battle search --seed 1 --policy greedy --restarts 1" in result.output
    assert "--chunk 2" in result.output


def test_the_dask_path_gives_the_numbers_of_one_process(m):
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    from generator.games.skybound_battle.simulate import run, starter_setup

    sim = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters[:3]], 10, 2, "greedy")
    setup = _search_setup(m)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, \
            Client(cluster), Pool(scheduler=cluster.scheduler_address) as ex:
        assert ex.workers == 2
        tally = run(sim, chunk_size=3, map_jobs=ex.map)
        found = search(setup, ex.map)
    with Pool(2) as local:   # local processes: the same numbers
        assert tally == run(sim, chunk_size=3, map_jobs=local.map) == run(sim, chunk_size=10)
        assert found == search(setup, local.map) == search(setup)


def test_a_scheduler_that_cannot_be_reached_is_reported_not_raised():
    pytest.importorskip("distributed")
    from generator.build.pool import ClusterUnavailable

    with pytest.raises(ClusterUnavailable, match="cannot reach the Dask scheduler"), \
            Pool(scheduler="tcp://127.0.0.1:9", timeout_s=0.5):
        pass


def test_suggest_shows_only_checked_edits_that_improve_the_measure(m):
    import yaml

    from generator.games.skybound_battle import suggest as sg

    starters = tuple((s.id, tuple(sorted(s.cards.items()))) for s in m.starters[:3])
    strongest = next(iter(m.starters[3:])).cards
    setup = sg.SuggestSetup(m.cards, m.rules, starters, tuple(sorted(strongest.items())), 6, 3, "greedy")
    before, checked = sg.suggest(setup, {}, most=6, show=3)
    assert before == sg.measure((setup, m.cards))
    assert len(checked) <= 3
    for c in checked:
        assert c.after.badness < before.badness
        assert c.after == sg.measure((setup, sg.apply(m.cards, c.edit)))  # shown as simulated
        assert abs(c.edit.new - c.edit.old) == 1 and getattr(m.card(c.edit.card), c.edit.field) == c.edit.old
    text = sg.yaml_text(before, checked, {c.id: c.name for c in m.cards}, ["test"])
    edits = yaml.safe_load(text)["edits"]
    assert [(e["card"], next(k for k in e if k not in ("card", "checked"))) for e in edits] == \
        [(c.edit.card, c.edit.field) for c in checked]


def test_suggest_never_raises_a_cost_past_a_starters_limit(m):
    from generator.games.skybound_battle import suggest as sg

    starters = tuple((s.id, tuple(sorted(s.cards.items()))) for s in m.starters)
    setup = sg.SuggestSetup(m.cards, m.rules, starters, starters[0][1], 2, 1, "greedy")
    before = sg.measure((setup, m.cards))
    edits = sg.candidates(setup, before, {}, most=100)
    assert edits and not [e for e in edits if e.field == "cost" and e.new > e.old
                          and any(e.card in dict(cs) for _, cs in starters)]


def test_suggest_command_prints_yaml_a_designer_applies_and_keeps_the_search_results(runner, tmp_path: Path):
    import yaml

    from generator.build.output import write_artifacts
    from generator.core.game import Artifact

    searched = tmp_path / "skybound-battle" / "search"   # what `balance skybound-battle search` left
    write_artifacts(searched, [Artifact("search-report.txt", b"found")], {"game": "skybound-battle"})
    deck = paths.EXAMPLES / "skybound-battle" / "ember-gale-rush.yaml"
    result = runner.invoke(main, ["--out", str(tmp_path), "balance", "skybound-battle", "suggest", "--deck",
                                  str(deck), "--games", "4", "--candidates", "3", "--show", "2"])
    assert result.exit_code == 0, result.output
    data = yaml.safe_load(result.output)
    assert isinstance(data["edits"], list)
    assert (tmp_path / "skybound-battle" / "suggest" / "suggestions.yaml").read_text() == result.output
    assert (searched / "search-report.txt").read_bytes() == b"found"


def test_the_lookahead_policy_passes_when_its_rollouts_say_holding_back_is_better(m):
    import random

    from generator.games.skybound_battle.compiled import compile_pool
    from generator.games.skybound_battle.engine import Battle
    from generator.games.skybound_battle.lookahead import LookaheadPolicy
    from generator.games.skybound_battle.policies import GreedyPolicy

    pool = compile_pool(m.cards)
    # Our two face-up characters win this round's battle: the first defeats the enemy's only
    # character, the second then finds no enemy. Our hand is a Time Weaver, whose Deployed effect
    # ends the round before the battle: greedy places it, the look-ahead keeps it and wins.
    look = LookaheadPolicy(rollouts=2)
    b = Battle([[], []], (look, GreedyPolicy()), random.Random(1), first=0, shuffle=False)
    b.place(0, pool["magma-brute"], 0, face_up=True)
    b.place(0, pool["magma-brute"], 1, face_up=True)
    b.place(1, pool["sapling"], 0, face_up=True)
    b.hands[0] = [pool["time-weaver"]]
    assert GreedyPolicy().deploy(b, 0) is not None
    assert look.deploy(b, 0) is None
    assert LookaheadPolicy(rollouts=2, passes=False).deploy(b, 0) is not None  # its twin never passes
    b.policies[0] = look
    b.deployment()
    b.reveal()
    b.resolve_battle()
    assert b.winner == 0 and b.held[0] == 1 and b.hands[0] == [pool["time-weaver"]]


def test_policies_command_reports_each_pairing_and_the_verdict(runner, tmp_path: Path):
    result = runner.invoke(main, ["balance", "skybound-battle", "policies", "--policies", "greedy,random",
                                  "--games", "1"])
    assert result.exit_code == 0, result.output
    assert "greedy vs random: greedy wins" in result.output
    assert "random passed with a card it could place in" in result.output
    assert "Dumping the hand" in result.output
    assert "Win rate of the row policy against the column policy" in result.output
    row = next(line for line in result.output.splitlines() if line.startswith("random "))
    assert "—" in row and "%" in row  # a rate against greedy, none against itself
    bad = runner.invoke(main, ["balance", "skybound-battle", "policies", "--policies", "greedy"])
    assert bad.exit_code == 2


def test_the_twin_duel_decides_whether_dumping_the_hand_dominates():
    from generator.games.skybound_battle.policylab import Duel, dumping_dominant

    def twin(wins: int, losses: int) -> Duel:
        return Duel("lookahead", "lookahead-dump", wins, losses, 0, (900, 1000), (100, 0))

    beats_greedy = Duel("greedy", "lookahead", 300, 700, 0, (1000, 900), (0, 100))
    assert dumping_dominant([beats_greedy]) == "no"
    # the controlled duel outweighs greedy's loss: the look-ahead may beat greedy for other reasons
    assert dumping_dominant([beats_greedy, twin(500, 500)]) == "undecided"
    assert dumping_dominant([twin(600, 400)]) == "no"
    assert dumping_dominant([twin(400, 600)]) == "yes"
    flipped = Duel("lookahead-dump", "lookahead", 400, 600, 0, (1000, 900), (0, 100))
    assert dumping_dominant([flipped]) == "no"
    assert dumping_dominant([Duel("greedy", "random", 900, 100, 0, (1000, 800), (0, 0))]) == "untested"


def test_the_pool_gives_results_in_job_order_and_raises_a_jobs_failure_here(m):
    from generator.games.skybound_battle.simulate import run, starter_setup

    setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters[:3]], 4, 2, "greedy")
    with Pool(2) as pool:
        assert pool.map(str, list(range(7))) == [str(x) for x in range(7)]
        assert pool.submit(run, setup).result() == run(setup)
        with pytest.raises(ValueError, match="raised again here"):
            pool.map(_fails_on, [0, 1])


def _fails_on(x: int) -> int:
    if x:
        raise ValueError("the worker's failure, raised again here")
    return x


def test_the_kits_balance_files_are_the_same_made_in_copies_or_here(m):
    from generator.core.game import BuildOptions
    from generator.games.skybound_battle import build

    b = m.kit.balance
    small = m.model_copy(update={"kit": m.kit.model_copy(update={"balance": b.model_copy(update={"games": 4})})})
    options = BuildOptions()
    from generator.build.cache import resolved

    computed = build._balance(small, options)
    with Pool(2) as pool:   # no build cache here: the simulation and the search run in the pool
        [later] = resolved([computed], None, pool)
        copies = list(later.make())   # type: ignore[union-attr]
    setup = build.starter_setup(small.cards, small.rules, [(s.id, dict(s.cards)) for s in small.starters],
                                4, b.seed, b.policy, small.content_hash)
    assert copies == list(build._balance_files(small, setup, options)) == list(computed.here())
