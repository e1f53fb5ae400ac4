"""The strongest-deck search: seeded hill climbs over legal decks, scored against the starter field.

Each climb starts from a deck of one pair of colours (the pair's starter deck first, then random
legal decks), and at each step tries a few seeded one-card swaps (one copy out, one copy in, the
deck still legal), keeping the best that beats the current deck. A deck's score is its win rate
over the same games against every starter deck (the same seeds for every candidate, so two decks
are compared on the same draws). The best decks found are then played again on fresh seeds with
more games, so the rates shown are not flattered by the search that picked them.

Every climb is a pure function of (setup, its colours, its index): the climbs run in any order, on
any executor, and give the same decks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from ..jobs import Mapper, serial
from .decks import DeckLimits, is_legal
from .model import Card, Rules
from .simulate import Rate, SimDeck, SimSetup, play_chunk

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

    def games_played(self, pairs: int, field: int) -> int:
        """The most games the search plays: every climb's every score, then the replays."""
        return (pairs * self.restarts * (1 + self.steps * self.neighbours) * self.games
                + self.top * self.final_games) * field


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
                       setup.policy)
        tally = play_chunk(sim, (0, 1), 0, games)
        p = tally.pairs[(0, 1)]
        out.append((opponent.id, p.wins[0], p.games))
    return out


def score(setup: SearchSetup, deck: Deck) -> float:
    """The win rate of `deck` over the field, on the search's games."""
    rows = versus_field(setup, deck, setup.budget.games, "search")
    return sum(w for _, w, _ in rows) / sum(g for _, _, g in rows)


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


def climb(job: tuple[SearchSetup, tuple[str, str], int]) -> tuple[float, Deck]:
    """One hill climb: its colours, its index (0 starts from the pair's starter); the best deck."""
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
    scores: dict[Deck, float] = {}  # a deck met again on the way is not played again: its games are the same

    def rated(d: Deck) -> float:
        if d not in scores:
            scores[d] = score(setup, d)
        return scores[d]

    best = rated(_key(deck))
    for _ in range(setup.budget.steps):
        tried = [(rated(_key(d)), _key(d)) for d in
                 neighbours(deck, pool, colours, limits, rng, setup.budget.neighbours)]
        if not tried:
            break
        top = max(tried, key=lambda t: (t[0], t[1]))
        if top[0] > best:
            best, deck = top[0], dict(top[1])
    return best, _key(deck)


def replay(job: tuple[SearchSetup, Deck]) -> list[tuple[str, int, int]]:
    setup, deck = job
    return versus_field(setup, deck, setup.budget.final_games, "replay")


def search(setup: SearchSetup, map_jobs: Mapper = serial) -> SearchResult:
    """Every climb, then the best distinct decks replayed on fresh games, strongest first."""
    jobs = [(setup, pair, i) for pair in setup.pairs() for i in range(setup.budget.restarts)]
    climbs = map_jobs(climb, jobs)
    best: dict[Deck, float] = {}
    for s, deck in climbs:
        best[deck] = max(s, best.get(deck, 0.0))
    ranked = sorted(best.items(), key=lambda kv: (-kv[1], kv[0]))[:setup.budget.top]
    rows = map_jobs(replay, [(setup, deck) for deck, _ in ranked])
    pool = {c.id: c for c in setup.cards}
    found = []
    for (deck, s), row in zip(ranked, rows, strict=True):
        colours = tuple(dict.fromkeys(pool[c].colour for c, _ in deck))
        found.append(Found(deck, s, Rate(sum(w for _, w, _ in row), sum(g for _, _, g in row)),
                           tuple((name, Rate(w, g)) for name, w, g in row), colours))
    found.sort(key=lambda f: (-f.overall.value, f.cards))
    return SearchResult(setup, tuple(found))


def search_setup(cards: Sequence[Card], rules: Rules, field: Sequence[tuple[str, dict[str, int]]],
                 colours: Sequence[str], seed: int, policy: str, budget: Budget,
                 content_hash: str = "") -> SearchSetup:
    return SearchSetup(tuple(cards), rules, tuple(SimDeck(n, _key(d)) for n, d in field), seed, policy, budget,
                       tuple(colours), content_hash)
