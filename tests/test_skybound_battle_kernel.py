"""The compiled greedy kernel (greedy_kernel.py, greedy_rng.py) held to the rules engine: the same games.

The rules engine (engine.Battle with two GreedyPolicy players) is what the rules tests hold to the
seed; the kernel is a faster player of the same games. Every test here plays games both ways and
asks for identical counts, so a rule the kernel plays differently (a clash, an order, a tie) fails.
"""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from generator.content import paths
from generator.core import kit
from generator.games.skybound_battle import greedy_rng, jit
from generator.games.skybound_battle.compiled import compile_pool
from generator.games.skybound_battle.engine import shuffled
from generator.games.skybound_battle.model import (
    PASSIVE_VERBS,
    TARGETS,
    VERBS,
    BoardRules,
    Card,
    DeckRules,
    Effect,
    HandRules,
    Rules,
)
from generator.games.skybound_battle.search import Budget, search, search_setup
from generator.games.skybound_battle.simulate import SimSetup, by_kernel, play_chunk, starter_setup, winners

pytestmark = pytest.mark.skipif(not jit.AVAILABLE, reason="numba is not installed")


def _both(setup: SimSetup, games: int) -> None:
    """Every pairing of the setup, played by the kernel and by the rules engine: identical tallies."""
    assert by_kernel(setup)
    for pair in setup.pairings():
        fast = play_chunk(setup, pair, 0, games)
        slow = play_chunk(replace(setup, kernel=False), pair, 0, games)
        assert fast == slow, pair
        assert fast.pairs[pair].games == games


def test_every_starter_pairing_plays_the_same_games_in_the_kernel_and_the_engine():
    m = kit.load("skybound-battle", paths.CONTENT).model
    setup = starter_setup(m.cards, m.rules, [(s.id, dict(s.cards)) for s in m.starters], 200, 7, "greedy")
    _both(setup, 200)


def _random_pool(rng: random.Random, n: int = 24) -> list[Card]:
    """Cards with every verb on every target it takes, when deployed, activated or at end of round,
    with armour and ranged: what the shipped pool may not use yet, the kernel must still play."""
    verbs = [v for v in VERBS if v not in PASSIVE_VERBS]
    cards = []
    for i in range(n):
        effects = []
        for _ in range(rng.choice((0, 1, 1, 2))):
            do = rng.choice(verbs)
            takes_target, takes_amount = VERBS[do]
            when = rng.choice(("deployed", "activated", "end-of-round"))
            effects.append(Effect(when=when, do=do, target=rng.choice(TARGETS) if takes_target else None,
                                  amount=rng.randint(1, 3) if takes_amount else None,
                                  mana=rng.choice((None, 1, 2)) if when == "activated" else None))
        if rng.random() < 0.2:
            effects.append(Effect(when="passive", do="armour", amount=rng.randint(1, 2)))
        if rng.random() < 0.2:
            effects.append(Effect(when="passive", do="ranged"))
        cards.append(Card(id=f"card-{i}", name=f"Card {i}", colour="any", cost=rng.randint(0, 4),
                          mana=rng.randint(0, 3), attack=rng.randint(0, 6), life=rng.randint(1, 7),
                          effects=tuple(effects)))
    return cards


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_random_pools_and_rules_play_the_same_games_in_the_kernel_and_the_engine(seed):
    rng = random.Random(seed)
    cards = _random_pool(rng)
    rules = Rules(deck=DeckRules(cards=20, max_cost=99, max_colours=1, max_copies=3),
                  hand=HandRules(opening=rng.randint(3, 6), draw_per_round=rng.randint(1, 3)),
                  board=BoardRules(columns=rng.randint(3, 6)), round_limit=rng.choice((6, 40)),
                  shared_spot_reveal=rng.choice(("together", "token-holder-first")))
    decks = []
    for k in range(3):
        deck: dict[str, int] = {}
        for c in rng.sample(cards, 12):  # decks of different sizes, one card twice in several
            deck[c.id] = rng.randint(1, 2)
        decks.append((f"deck-{k}", deck))
    _both(starter_setup(cards, rules, decks, 150, seed, "greedy"), 150)


def test_a_search_finds_the_same_decks_with_the_kernel_and_with_the_engine():
    m = kit.load("skybound-battle", paths.CONTENT).model
    starters = [(s.id, dict(s.cards)) for s in m.starters]
    budget = Budget(restarts=1, steps=2, neighbours=3, games=16, top=2, final_games=24, chunk=4)
    colours = [c.id for c in m.colours][:3]
    setup = search_setup(m.cards, m.rules, starters, colours, 5, "greedy", budget)
    fast = search(setup)
    slow = search(replace(setup, kernel=False))
    assert (fast.found, fast.games) == (slow.found, slow.games)


def test_winners_of_a_batch_over_several_setups_are_each_setups_own():
    m = kit.load("skybound-battle", paths.CONTENT).model
    starters = [(s.id, dict(s.cards)) for s in m.starters]
    sims = [starter_setup(m.cards, m.rules, [starters[0], s], 30, 3, "greedy") for s in starters[1:]]
    assert winners(sims, (0, 1), 5, 30) == winners([replace(s, kernel=False) for s in sims], (0, 1), 5, 30)


def test_the_kernel_draws_random_randoms_words_and_shuffles_exactly_as_random_shuffle():
    """The kernel seeds and draws its own Mersenne Twister: the same words as random.Random for str
    seeds of any length, and so the same shuffles (deck 0 then deck 1, whatever their sizes)."""
    assert greedy_rng.agrees()
    for seed in ("a", "skybound-battle|1|x|y|0", "é" * 40, "z" * 1000):
        key = np.frombuffer(greedy_rng.seed_words(seed), "<u4").astype(np.int64)
        out = np.empty(2000, np.int64)
        greedy_rng.mt_words(key, key.shape[0], out)
        rng = random.Random(seed)
        assert out.tolist() == [rng.getrandbits(32) for _ in range(2000)], seed
    m = kit.load("skybound-battle", paths.CONTENT).model
    cards = list(compile_pool(m.cards).values())
    matchups = [(cards[:20], cards[20:40]), (cards[:7], cards[3:33]), (cards[:1], cards[:2])]
    games = [(k % 3, f"shuffle-test|{k}" * (1 + k % 5), k % 2) for k in range(300)]
    decks, sizes = greedy_rng.deal(matchups, games)
    for g, (which, seed, _) in enumerate(games):
        rng = random.Random(seed)
        for side in (0, 1):
            expected = [c.index for c in matchups[which][side]]
            rng.shuffle(expected)
            assert sizes[g, side] == len(expected)
            assert decks[g, side, :len(expected)].tolist() == expected, (g, side)
    mine = [c.index for c in cards[:20]]
    shuffled(mine, random.Random("shuffle-test|0"))  # the engine's own shuffle, too
    assert decks[0, 0, :20].tolist() == mine


def test_without_numba_the_rules_engine_plays_the_same_games():
    """numba missing (its import made to fail in a fresh process): the same tally, by the engine."""
    script = (
        "import sys; sys.modules['numba'] = None\n"
        "from generator.content import paths\nfrom generator.core import kit\n"
        "from generator.games.skybound_battle import jit\n"
        "from generator.games.skybound_battle.simulate import play_chunk, starter_setup\n"
        "m = kit.load('skybound-battle', paths.CONTENT).model\n"
        "s = starter_setup(m.cards, m.rules, [(x.id, dict(x.cards)) for x in m.starters[:2]], 30, 9, 'greedy')\n"
        "print(jit.AVAILABLE, repr(play_chunk(s, (0, 1), 0, 30)))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    m = kit.load("skybound-battle", paths.CONTENT).model
    s = starter_setup(m.cards, m.rules, [(x.id, dict(x.cards)) for x in m.starters[:2]], 30, 9, "greedy")
    assert out.strip() == f"False {play_chunk(s, (0, 1), 0, 30)!r}"


def test_the_kits_balance_report_plays_by_the_rules_engine_without_loading_numba():
    """A build's balance report (its simulation and quick search) never loads numba, whose first run on
    a machine compiles the kernel: a designer's first `playkit build` does not wait for it. Its files are
    those the kernel's games give (the same games)."""
    script = (
        "import sys\nfrom dataclasses import replace\n"
        "from generator.content import paths\nfrom generator.core import kit\n"
        "from generator.core.game import BuildOptions\nfrom generator.games.skybound_battle import build\n"
        "m = kit.load('skybound-battle', paths.CONTENT).model\n"
        "(run, setup), (search, at) = build._balance(m, BuildOptions()).jobs\n"
        "small = replace(setup, games=6)\n"
        "print(setup.kernel, at.kernel, repr(run(small).pairs), 'numba' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert out[:2] == ["False", "False"] and out[-1] == "False"
    m = kit.load("skybound-battle", paths.CONTENT).model
    from generator.core.game import BuildOptions
    from generator.games.skybound_battle import build
    from generator.games.skybound_battle.simulate import run

    (_, setup), _ = build._balance(m, BuildOptions()).jobs
    fast = replace(setup, games=6, kernel=True)
    assert by_kernel(fast)
    assert " ".join(out[2:-1]) == repr(run(fast).pairs)
