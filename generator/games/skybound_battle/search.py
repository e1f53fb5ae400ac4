"""The strongest-deck search: seeded hill climbs over legal decks, scored against the starter field.

Each climb starts from a deck of one pair of colours (the pair's starter deck first, then random
legal decks), and at each step tries a few seeded one-card swaps (one copy out, one copy in, the
deck still legal), keeping the best that beats the current deck. A deck's score is its win rate
over the same games against every starter deck (the same seeds for every candidate, so two decks
are compared on the same draws). The best decks found are then played again on fresh seeds with
more games, so the rates shown are not flattered by the search that picked them.

Racing: a swap is scored in fixed chunks of games (games 0..chunk-1 against every starter, then the
next chunk, …), and after each chunk it is compared, game for game, with the deck it must beat (the
current deck, or a better swap already scored in full this step: both have played the same games). A
swap that is clearly worse is dropped before its full budget: only the games whose results differ
tell two decks apart (McNemar's pairing), and the swap is dropped when, even winning the upper end of
a one-sided Wilson interval of those games from now on, it cannot close the gap by its last game. The
intervals are Bonferroni-split over the looks, so a swap that would have beaten the deck it raced over
the full budget is dropped with probability about 1 - confidence at most. A deck's score, when it is
scored in full, is the score the full search gives it; the chunks are fixed, so racing depends on no
clock and no executor (`--no-race` plays every swap in full).

Every climb is a pure function of (setup, its colours, its index): the climbs run in any order, on
any executor, and give the same decks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from statistics import NormalDist

from ..jobs import Mapper, serial
from ..stats import Rate, wilson
from .decks import DeckLimits, is_legal
from .model import Card, Rules
from .simulate import SimDeck, SimSetup, play_chunk, winners

Deck = tuple[tuple[str, int], ...]  # (card id, count), sorted by id: hashable and stable


@dataclass(frozen=True)
class Budget:
    """How much a search may spend: climbs per pair of colours, steps per climb, swaps tried per
    step, games against each starter per score; then how many decks to replay, with how many games."""

    restarts: int = 2
    steps: int = 20
    neighbours: int = 6
    games: int = 40
    top: int = 3
    final_games: int = 500
    race: bool = True        # drop a swap that is clearly worse before its full games (see above)
    chunk: int = 8           # games against each starter between two looks of the race
    confidence: float = 0.95  # that a swap the race drops would not have beaten the deck it raced

    def games_played(self, pairs: int, field: int) -> int:
        """The most games the search plays: every climb's every score, then the replays."""
        return (pairs * self.restarts * (1 + self.steps * self.neighbours) * self.games
                + self.top * self.final_games) * field

    def looks(self) -> int:
        """How many times a race looks at a swap: after every chunk but the last."""
        return max(1, math.ceil(self.games / self.chunk) - 1)

    def z(self) -> float:
        """The one-sided normal quantile of each look (the error Bonferroni-split over the looks)."""
        return NormalDist().inv_cdf(1 - (1 - self.confidence) / self.looks())


@dataclass(frozen=True)
class SearchSetup:
    """Everything a search depends on; with the same setup, the same decks."""

    cards: tuple[Card, ...]
    rules: Rules
    field: tuple[SimDeck, ...]   # the decks to beat (the starters)
    seed: int
    policy: str
    budget: Budget
    colours: tuple[str, ...]
    content_hash: str = ""
    kernel: bool = True  # greedy games by the compiled kernel (the same games); False: the rules engine

    def pairs(self) -> list[tuple[str, str]]:
        return list(combinations(self.colours, 2))


@dataclass(frozen=True)
class Found:
    """A deck the search found: its cards, the score that picked it, and its replayed rates."""

    cards: Deck
    score: float
    overall: Rate
    against: tuple[tuple[str, Rate], ...]
    colours: tuple[str, ...] = field(default=())

    def cost(self, pool: dict[str, Card]) -> int:
        return sum(pool[c].cost * n for c, n in self.cards)


@dataclass(frozen=True)
class SearchResult:
    setup: SearchSetup
    found: tuple[Found, ...]
    games: int = 0   # games the search played (climbs and replays)

    @property
    def strongest(self) -> Found:
        return self.found[0]


def _key(deck: dict[str, int]) -> Deck:
    return tuple(sorted((c, n) for c, n in deck.items() if n > 0))


def versus_field(setup: SearchSetup, deck: Deck, games: int, stream: str) -> list[tuple[str, int, int]]:
    """(starter, wins, games) of `deck` against each deck of the field; the game seeds depend on
    the stream and the field deck only, never on the deck played, so candidates meet the same games."""
    out = []
    for opponent in setup.field:
        sim = SimSetup(setup.cards, setup.rules, (SimDeck(stream, deck), opponent), games, setup.seed,
                       setup.policy, kernel=setup.kernel)
        tally = play_chunk(sim, (0, 1), 0, games)
        p = tally.pairs[(0, 1)]
        out.append((opponent.id, p.wins[0], p.games))
    return out


def random_deck(pool: Sequence[Card], colours: tuple[str, str], limits: DeckLimits,
                rng: random.Random) -> dict[str, int] | None:
    """A random legal deck of the two colours (None if the rng dealt one it could not repair)."""
    mine = [c for c in pool if c.colour in colours]
    copies = [c for c in mine for _ in range(limits.max_copies)]
    rng.shuffle(copies)
    deck: dict[str, int] = {}
    for c in copies[:limits.cards]:
        deck[c.id] = deck.get(c.id, 0) + 1
    by_id = {c.id: c for c in mine}
    cheapest = sorted(mine, key=lambda c: (c.cost, c.id))
    for _ in range(4 * limits.cards):
        if sum(by_id[c].cost * n for c, n in deck.items()) <= limits.max_cost:
            break
        dear = rng.choice(sorted(c for c in deck if by_id[c].cost > 0))
        cheap = next((c for c in cheapest if deck.get(c.id, 0) < limits.max_copies
                      and c.cost < by_id[dear].cost), None)
        if cheap is None:
            return None
        deck[dear] -= 1
        if not deck[dear]:
            del deck[dear]
        deck[cheap.id] = deck.get(cheap.id, 0) + 1
    pool_by_id = {c.id: c for c in pool}
    return deck if is_legal(deck, pool_by_id, limits) else None


def neighbours(deck: dict[str, int], pool: dict[str, Card], colours: tuple[str, str], limits: DeckLimits,
               rng: random.Random, n: int) -> list[dict[str, int]]:
    """Up to n distinct legal decks one swap away (one copy out, one copy in)."""
    mine = sorted(c.id for c in pool.values() if c.colour in colours)
    out: list[dict[str, int]] = []
    seen = {_key(deck)}
    for _ in range(20 * n):
        if len(out) >= n:
            break
        out_id = rng.choice(sorted(deck))
        in_id = rng.choice(mine)
        if in_id == out_id or deck.get(in_id, 0) >= limits.max_copies:
            continue
        new = dict(deck)
        new[out_id] -= 1
        if not new[out_id]:
            del new[out_id]
        new[in_id] = new.get(in_id, 0) + 1
        key = _key(new)
        if key in seen or not is_legal(new, pool, limits):
            continue
        seen.add(key)
        out.append(new)
    return out


class Scores:
    """One climb's games: for each deck met, its result (1 won, 0 not) in every game played so far
    against each starter, chunk by chunk. A deck met again is not played again: its games are the same."""

    def __init__(self, setup: SearchSetup) -> None:
        self.setup = setup
        self.results: dict[Deck, list[list[int]]] = {}
        self.games = 0

    def played(self, deck: Deck) -> int:
        """Games played so far against each starter."""
        rows = self.results.get(deck)
        return len(rows[0]) if rows else 0

    def more(self, deck: Deck) -> None:
        """Play the deck's next chunk against every starter."""
        setup, b = self.setup, self.setup.budget
        rows = self.results.setdefault(deck, [[] for _ in setup.field])
        start = len(rows[0])
        stop = min(start + (b.chunk if b.race else b.games), b.games)
        sims = [SimSetup(setup.cards, setup.rules, (SimDeck("search", deck), opponent), b.games, setup.seed,
                         setup.policy, kernel=setup.kernel) for opponent in setup.field]
        for row, won in zip(rows, winners(sims, (0, 1), start, stop), strict=True):
            row.extend(int(winner == 0) for winner in won)
        self.games += (stop - start) * len(setup.field)

    def full(self, deck: Deck) -> float:
        """The deck's score over the search's games, all of them played."""
        while self.played(deck) < self.setup.budget.games:
            self.more(deck)
        return self.rate(deck)

    def rate(self, deck: Deck) -> float:
        rows = self.results[deck]
        return sum(map(sum, rows)) / sum(map(len, rows))

    def race(self, deck: Deck, bar: Deck) -> float | None:
        """The deck's score, or None once it is clearly worse than `bar` (a deck scored in full)."""
        b = self.setup.budget
        while self.played(deck) < b.games:
            self.more(deck)
            n = self.played(deck)
            if b.race and n < b.games and self.clearly_worse(deck, bar, n):
                return None
        return self.rate(deck)

    def clearly_worse(self, deck: Deck, bar: Deck, n: int) -> bool:
        """Whether, on its first n games against each starter, `deck` trails `bar` by more than it
        could make up over the games it has left. Only the games whose results differ tell the two
        apart (McNemar): of those, the share `deck` won has a Wilson interval; the games left are
        assumed to differ as often as so far, and `deck` to win the upper end of that interval of them."""
        b = self.setup.budget
        ahead = behind = 0
        for mine, theirs in zip(self.results[deck], self.results[bar], strict=True):
            for x, y in zip(mine, theirs, strict=False):   # the bar has played all its games; deck n
                ahead += x > y
                behind += x < y
        differ = ahead + behind
        if not differ:
            return False
        played = n * len(self.setup.field)
        left = (b.games - n) * len(self.setup.field)
        upper = wilson(ahead, differ, b.z())[1]
        return ahead - behind + left * differ / played * (2 * upper - 1) < 0


def climb(job: tuple[SearchSetup, tuple[str, str], int]) -> tuple[float, Deck, int]:
    """One hill climb: its colours, its index (0 starts from the pair's starter); the best deck, its
    score and the games the climb played."""
    setup, colours, index = job
    pool = {c.id: c for c in setup.cards}
    limits = DeckLimits.from_rules(setup.rules.deck)
    rng = random.Random(f"skybound-battle-search|{setup.seed}|{'+'.join(colours)}|{index}")
    deck: dict[str, int] | None = None
    if index == 0:
        for s in setup.field:
            if {pool[c].colour for c, _ in s.cards} == set(colours):
                deck = dict(s.cards)
    while deck is None:
        deck = random_deck(setup.cards, colours, limits, rng)
    scores = Scores(setup)
    current = _key(deck)
    best = scores.full(current)
    for _ in range(setup.budget.steps):
        tried = [_key(d) for d in neighbours(deck, pool, colours, limits, rng, setup.budget.neighbours)]
        if not tried:
            break
        # the swap to beat: the current deck, or the best swap scored in full so far this step
        bar, bar_score = current, best
        top: tuple[float, Deck] | None = None
        for d in tried:
            got = scores.race(d, bar)
            if got is None:
                continue
            if top is None or (got, d) > top:
                top = (got, d)
            if got > bar_score:
                bar, bar_score = d, got
        if top is not None and top[0] > best:
            best, current = top
            deck = dict(current)
    return best, current, scores.games


def replay(job: tuple[SearchSetup, Deck]) -> list[tuple[str, int, int]]:
    setup, deck = job
    return versus_field(setup, deck, setup.budget.final_games, "replay")


def search(setup: SearchSetup, map_jobs: Mapper = serial) -> SearchResult:
    """Every climb, then the best distinct decks replayed on fresh games, strongest first."""
    jobs = [(setup, pair, i) for pair in setup.pairs() for i in range(setup.budget.restarts)]
    climbs = map_jobs(climb, jobs)
    best: dict[Deck, float] = {}
    games = 0
    for s, deck, n in climbs:
        best[deck] = max(s, best.get(deck, 0.0))
        games += n
    ranked = sorted(best.items(), key=lambda kv: (-kv[1], kv[0]))[:setup.budget.top]
    rows = map_jobs(replay, [(setup, deck) for deck, _ in ranked])
    pool = {c.id: c for c in setup.cards}
    found = []
    for (deck, s), row in zip(ranked, rows, strict=True):
        colours = tuple(dict.fromkeys(pool[c].colour for c, _ in deck))
        found.append(Found(deck, s, Rate(sum(w for _, w, _ in row), sum(g for _, _, g in row)),
                           tuple((name, Rate(w, g)) for name, w, g in row), colours))
    found.sort(key=lambda f: (-f.overall.value, f.cards))
    games += sum(g for row in rows for _, _, g in row)
    return SearchResult(setup, tuple(found), games)


def search_setup(cards: Sequence[Card], rules: Rules, field: Sequence[tuple[str, dict[str, int]]],
                 colours: Sequence[str], seed: int, policy: str, budget: Budget,
                 content_hash: str = "") -> SearchSetup:
    return SearchSetup(tuple(cards), rules, tuple(SimDeck(n, _key(d)) for n, d in field), seed, policy, budget,
                       tuple(colours), content_hash)
