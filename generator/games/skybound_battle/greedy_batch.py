"""Greedy games by the compiled kernel, typed: the card tables, the batch, and what came of it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import greedy_kernel as k
from .compiled import TARGET_CODES, VERB_CODES, CardData
from .greedy_rng import Deck, Game, deal
from .jit import AVAILABLE
from .model import Rules

if AVAILABLE:
    import numpy as np


@dataclass(slots=True)
class Outcomes:
    """What a batch of greedy games came to: per game (int arrays) its winner (-1 for a draw), rounds
    and the cards each side placed; per card (by id) its played, won_played, revealed and fizzled
    counts summed over the batch (only the cards with one of them above zero)."""

    winner: Any
    rounds: Any
    placed: Any
    cards: dict[str, tuple[int, int, int, int]]

    @property
    def winners(self) -> list[int | None]:
        """Each game's winner, None for a draw."""
        return [None if w < 0 else w for w in self.winner.tolist()]


class Table:
    """A pool's cards as the kernel reads them: stats C[card, field], effects E[card, kind, k] =
    (verb, target, amount, cost) in the kernel's codes and their counts NE[card, kind]; cards by
    CardData.index."""

    def __init__(self, pool: dict[str, CardData]) -> None:
        cards = sorted(pool.values(), key=lambda d: d.index)
        if [d.index for d in cards] != list(range(len(cards))):
            raise ValueError("the pool's card indexes are not 0..n-1")
        verbs = {code: k.VERBS[name] for name, code in VERB_CODES.items()}
        targets = {code: k.TARGETS[name] for name, code in TARGET_CODES.items()}
        most = max([len(e) for d in cards for e in (d.deployed, d.activated, d.end_of_round)] + [1])
        self.ids = [d.id for d in cards]
        self.C = np.zeros((len(cards), k.NCARD_FIELDS), np.int64)
        self.E = np.zeros((len(cards), 3, most, 4), np.int64)
        self.NE = np.zeros((len(cards), 3), np.int64)
        for d in cards:
            for col, value in ((k.C_ATK, d.attack), (k.C_LIFE, d.life), (k.C_ARM, d.armour), (k.C_RANGED, d.ranged),
                               (k.C_MANA, d.mana), (k.C_VALUE, d.value), (k.C_BACK, d.backliner)):
                self.C[d.index, col] = value
            for kind, effs in ((k.K_DEPLOYED, d.deployed), (k.K_ACTIVATED, d.activated), (k.K_END, d.end_of_round)):
                self.NE[d.index, kind] = len(effs)
                for i, (verb, target, amount, cost) in enumerate(effs):
                    self.E[d.index, kind, i] = (verbs[verb], targets.get(target, k.NO_TARGET), amount, cost)


_tables: dict[int, tuple[dict[str, CardData], Table]] = {}


def table(pool: dict[str, CardData]) -> Table:
    """The pool's Table, made once per pool (compiled.compiled keeps one pool dict per pool)."""
    got = _tables.get(id(pool))
    if got is None or got[0] is not pool:
        _tables.clear()
        got = _tables[id(pool)] = (pool, Table(pool))
    return got[1]


def _address(a: Any) -> int:
    """The address of a C-contiguous int64 array's data (the caller keeps the array while the kernel
    runs)."""
    if a.dtype != np.int64 or not a.flags.c_contiguous:
        raise ValueError("the kernel reads C-contiguous int64 arrays only")
    return int(a.ctypes.data)


def play(pool: dict[str, CardData], rules: Rules, matchups: Sequence[tuple[Deck, Deck]],
         games: Sequence[Game]) -> Outcomes:
    """Play greedy-vs-greedy games by the rules: each game's decks shuffled by its rng exactly as
    engine.Battle shuffles them (see `deal`). The same games, draw for draw, as engine.Battle with two
    GreedyPolicy players."""
    t = table(pool)
    n = len(games)
    decks, sizes = deal(matchups, games)
    winner = np.empty(n, np.int64)
    rounds = np.empty(n, np.int64)
    placed = np.empty((n, 2), np.int64)
    tally = np.zeros((len(t.ids), k.NTALLIES), np.int64)
    ncards = len(t.ids)
    work = np.zeros(k.work_size(rules.board.columns, decks.shape[2], ncards), np.int64)  # play_batch's state
    refused = int(k.play_batch(
        _address(t.C), _address(t.E), _address(t.NE), _address(tally), _address(work), ncards, t.E.shape[2], decks,
        sizes, np.array([g[2] for g in games], np.int64), rules.board.columns, rules.hand.opening,
        rules.hand.draw_per_round, rules.round_limit, rules.shared_spot_reveal == "together", winner, rounds, placed))
    if refused >= 0:
        raise ValueError(f"game {refused} of the batch asked a player to choose among no targets")
    cards = {t.ids[i]: (int(r[0]), int(r[1]), int(r[2]), int(r[3]))
             for i, r in enumerate(tally.tolist()) if any(r)}
    return Outcomes(winner, rounds, placed, cards)
