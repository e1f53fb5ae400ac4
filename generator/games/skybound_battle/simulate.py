"""The balance simulator: many full games between decks, tallied into what a designer reads.

Every game's randomness comes from (seed, pairing, game index) alone, so a game is the same game
whichever process plays it, and a run over W workers equals a run in one process.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..jobs import Mapper, serial
from ..selfplay import Counts
from ..stats import Rate, mean, quantile
from .compiled import CardData, compiled, deck_list
from .engine import Battle, Policy
from .model import Card, Rules
from .policies import GreedyPolicy
from .roster import POLICIES

if TYPE_CHECKING:
    from .greedy_rng import Game


@dataclass(frozen=True)
class SimDeck:
    """A deck entered in a simulation: a name, its cards (id → count), and how the command line
    names it (a starter's id, or the deck file's path) so a report can say how to run it again."""

    id: str
    cards: tuple[tuple[str, int], ...]
    arg: str = ""

    @property
    def command_arg(self) -> str:
        return self.arg or self.id


@dataclass(frozen=True)
class SimSetup:
    """Everything a simulation depends on; with the same setup, the same numbers."""

    cards: tuple[Card, ...]
    rules: Rules
    decks: tuple[SimDeck, ...]
    games: int
    seed: int
    policy: str
    content_hash: str = ""
    opponent_policy: str = ""  # the second deck's of each pairing, when the policies duel
    kernel: bool = True  # greedy games by the compiled kernel (the same games); False: the rules engine

    @property
    def duel(self) -> bool:
        return bool(self.opponent_policy) and self.opponent_policy != self.policy

    def pairings(self) -> list[tuple[int, int]]:
        """Each pair of decks once (decks by position; a deck given twice plays its mirror). When two
        policies duel, every ordered pair and every mirror, so each policy plays every deck against
        every deck."""
        n = len(self.decks)
        if self.duel:
            return [(i, j) for i in range(n) for j in range(n)]
        return [(i, j) for i in range(n) for j in range(i + 1, n)]


@dataclass
class PairTally(Counts):
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    first_wins: int = 0
    placed: list[int] = field(default_factory=lambda: [0, 0])  # by deck of the pairing
    held: list[int] = field(default_factory=lambda: [0, 0])


@dataclass
class CardTally(Counts):
    in_deck: int = 0      # games in which a side had the card in its deck
    played: int = 0       # … and deployed it at least once
    won_played: int = 0   # … and that side won
    revealed: int = 0     # times revealed with Deployed effects
    fizzled: int = 0      # … of which one found no target

    @property
    def fizzle_rate(self) -> Rate:
        """How often its Deployed effect found no target, of the times it was revealed."""
        return Rate(self.fizzled, self.revealed)

    @property
    def play_rate(self) -> Rate:
        return Rate(self.played, self.in_deck)

    @property
    def win_when_played(self) -> Rate:
        return Rate(self.won_played, self.played)


@dataclass
class Tally(Counts):
    """Counts only: merging tallies is addition, so the order of chunks cannot matter."""

    pairs: dict[tuple[int, int], PairTally] = field(default_factory=dict)
    rounds: Counter[int] = field(default_factory=Counter)
    cards: dict[str, CardTally] = field(default_factory=dict)


def pairing_seed(seed: int, a: str, b: str) -> str:
    """What the seeds of a pairing's games begin with: a game's seed, its one source of randomness, is
    this then the game's index."""
    return f"skybound-battle|{seed}|{a}|{b}|"


def by_kernel(setup: SimSetup) -> bool:
    """Whether the compiled kernel plays the setup's games: asked to, both players greedy, numba there
    (imported only then: numba's import alone takes half a CPU second)."""
    if not setup.kernel or any(POLICIES[name] is not GreedyPolicy
                               for name in (setup.policy, setup.opponent_policy or setup.policy)):
        return False
    from . import greedy_rng, jit

    return jit.AVAILABLE and greedy_rng.agrees()


def _lists(setup: SimSetup, pair: tuple[int, int]) -> tuple[list[CardData], list[CardData]]:
    pool = compiled(setup.cards)
    return (deck_list(dict(setup.decks[pair[0]].cards), pool), deck_list(dict(setup.decks[pair[1]].cards), pool))


def _games(setup: SimSetup, pair: tuple[int, int], start: int, stop: int,
           matchup: int = 0) -> list[Game]:
    """Games start..stop-1 of one pairing for the kernel, as `battles` deals them."""
    prefix = pairing_seed(setup.seed, setup.decks[pair[0]].id, setup.decks[pair[1]].id)
    return [(matchup, prefix + str(index), index % 2) for index in range(start, stop)]


def battles(setup: SimSetup, pair: tuple[int, int], start: int, stop: int) -> Iterator[tuple[int, Battle, int | None]]:
    """Games start..stop-1 of one pairing, each played to its end by the rules engine: (index, battle,
    winner). Deck a starts with the token in even games; a game depends on (seed, pairing's names,
    index) alone."""
    prefix = pairing_seed(setup.seed, setup.decks[pair[0]].id, setup.decks[pair[1]].id)
    lists = _lists(setup, pair)
    policies: tuple[Policy, Policy] = (POLICIES[setup.policy](), POLICIES[setup.opponent_policy or setup.policy]())
    rules = setup.rules
    columns, opening, draw = rules.board.columns, rules.hand.opening, rules.hand.draw_per_round
    limit, together = rules.round_limit, rules.shared_spot_reveal == "together"
    for index in range(start, stop):
        battle = Battle(lists, policies, random.Random(prefix + str(index)), first=index % 2,
                        columns=columns, opening=opening, draw_per_round=draw, round_limit=limit,
                        reveal_together=together)
        yield index, battle, battle.play()


def winners(setups: Sequence[SimSetup], pair: tuple[int, int], start: int, stop: int) -> list[list[int | None]]:
    """The winners (None for a draw) of games start..stop-1 of `pair` in each setup: the kernel plays
    them all in one batch when it can (every setup greedy, of one pool and rules: a search's against
    each deck of its field), else the rules engine plays them."""
    first = setups[0] if setups else None
    if first is not None and all(by_kernel(s) and s.cards is first.cards and s.rules == first.rules
                                 for s in setups):
        from . import greedy_batch

        out = greedy_batch.play(compiled(first.cards), first.rules, [_lists(s, pair) for s in setups],
                                 [g for k, s in enumerate(setups) for g in _games(s, pair, start, stop, k)])
        n = stop - start
        return [out.winners[k * n:(k + 1) * n] for k in range(len(setups))]
    return [[winner for _, _, winner in battles(s, pair, start, stop)] for s in setups]


def play_chunk(setup: SimSetup, pair: tuple[int, int], start: int, stop: int) -> Tally:
    """Play games start..stop-1 of one pairing, tallied: by the compiled kernel when both players are
    greedy (the same games, the same tally; see `by_kernel`), else by the rules engine."""
    deck_a, deck_b = setup.decks[pair[0]], setup.decks[pair[1]]
    tally = Tally()
    pt = tally.pairs.setdefault(pair, PairTally())
    if stop <= start:
        return tally
    # every game counts every card of both decks as in a deck: that count is the number of games, added at
    # the end; the cards a side played are counted game by game
    cards, rounds = tally.cards, tally.rounds
    for deck in (deck_a, deck_b):
        for cid in dict.fromkeys(c for c, _ in deck.cards):
            cards.setdefault(cid, CardTally()).in_deck += stop - start
    if by_kernel(setup):
        _tally_kernel(setup, pair, start, stop, tally)
        return tally
    for index, battle, winner in battles(setup, pair, start, stop):
        first = index % 2
        pt.games += 1
        for k in (0, 1):
            pt.placed[k] += battle.placed[k]
            pt.held[k] += battle.held[k]
        rounds[battle.round] += 1
        if winner is None:
            pt.draws += 1
        else:
            pt.wins[winner] += 1
            if winner == first:
                pt.first_wins += 1
        for cid, (revealed, fizzled) in battle.deployed_effects.items():
            ct = cards[cid]  # a card of one of the decks: its tally is made
            ct.revealed += revealed
            ct.fizzled += fizzled
        for side in (0, 1):
            won = winner == side
            for cid in set(battle.deployed_ids[side]):
                ct = cards[cid]
                ct.played += 1
                if won:
                    ct.won_played += 1
    return tally


def _tally_kernel(setup: SimSetup, pair: tuple[int, int], start: int, stop: int, tally: Tally) -> None:
    """play_chunk's tally of games the kernel plays (what the loop above counts, game for game)."""
    from . import greedy_batch

    out = greedy_batch.play(compiled(setup.cards), setup.rules, [_lists(setup, pair)],
                             _games(setup, pair, start, stop))
    pt, winner = tally.pairs[pair], out.winner
    pt.games += stop - start
    pt.placed[0] += int(out.placed[:, 0].sum())
    pt.placed[1] += int(out.placed[:, 1].sum())  # a greedy player never holds a card back: held stays as it is
    pt.draws += int((winner < 0).sum())
    pt.wins[0] += int((winner == 0).sum())
    pt.wins[1] += int((winner == 1).sum())
    pt.first_wins += sum(1 for index, w in zip(range(start, stop), winner.tolist(), strict=True) if w == index % 2)
    tally.rounds.update(out.rounds.tolist())
    for cid, (played, won_played, revealed, fizzled) in out.cards.items():
        # a card of one of the decks: its tally is made (in_deck was counted before)
        tally.cards[cid].merge(CardTally(played=played, won_played=won_played, revealed=revealed, fizzled=fizzled))


def chunks(setup: SimSetup, size: int) -> list[tuple[tuple[int, int], int, int]]:
    """The run cut into (pairing, start, stop) pieces of at most `size` games."""
    return [(pair, start, min(start + size, setup.games))
            for pair in setup.pairings() for start in range(0, setup.games, size)]


def _run_chunk(args: tuple[SimSetup, tuple[int, int], int, int]) -> Tally:
    return play_chunk(*args)


def run(setup: SimSetup, chunk_size: int = 250, map_jobs: Mapper = serial) -> Tally:
    """Play every game of the setup, its chunks run by `map_jobs` (here, or a pool's `map`); the tally
    does not depend on where."""
    for name in (setup.policy, setup.opponent_policy or setup.policy):
        if name not in POLICIES:
            raise ValueError(f"unknown policy {name!r} (known: {', '.join(sorted(POLICIES))})")
    jobs = [(setup, *c) for c in chunks(setup, chunk_size)]
    total = Tally()
    parts = map_jobs(_run_chunk, jobs)
    for part in parts:  # in job order, though order cannot matter
        total.merge(part)
    return total


# ---------------------------------------------------------------------- figures
@dataclass(frozen=True)
class Cell:
    """One cell of the matrix: the row deck against the column deck."""

    row: str
    col: str
    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def rate(self) -> Rate:
        return Rate(self.wins, self.games)


@dataclass(kw_only=True)
class CardFigures(CardTally):
    """A card's counts (CardTally) under its id."""

    id: str


@dataclass(frozen=True)
class Report:
    """What a simulation found, in the terms a designer reads (win rates count draws as not won)."""

    setup: SimSetup
    decks: tuple[str, ...]
    cells: tuple[Cell, ...]
    overall: tuple[tuple[str, Rate], ...]
    first_player: Rate
    draws: int
    games: int
    rounds: tuple[tuple[int, int], ...]
    cards: tuple[CardFigures, ...]

    def cell(self, row: str, col: str) -> Cell | None:
        for c in self.cells:
            if c.row == row and c.col == col:
                return c
        return None

    @property
    def mean_rounds(self) -> float:
        return mean(Counter(dict(self.rounds)))

    def rounds_quantile(self, q: float) -> int:
        return quantile(Counter(dict(self.rounds)), q)


def report(setup: SimSetup, tally: Tally) -> Report:
    """Turn the counts into the matrix, the overall rates and the per-card figures."""
    names = [d.id for d in setup.decks]
    cells: list[Cell] = []
    overall_w: Counter[str] = Counter()
    overall_n: Counter[str] = Counter()
    first_w = games = draws = 0
    for (i, j), p in sorted(tally.pairs.items()):
        a, b = names[i], names[j]
        cells.append(Cell(a, b, p.wins[0], p.wins[1], p.draws))
        cells.append(Cell(b, a, p.wins[1], p.wins[0], p.draws))
        overall_w[a] += p.wins[0]
        overall_w[b] += p.wins[1]
        overall_n[a] += p.games
        overall_n[b] += p.games
        first_w += p.first_wins
        games += p.games
        draws += p.draws
    distinct = list(dict.fromkeys(names))
    overall = tuple((d, Rate(overall_w[d], overall_n[d])) for d in distinct)
    cards = tuple(CardFigures(id=cid, **vars(c)) for cid, c in sorted(tally.cards.items()))
    return Report(setup, tuple(distinct), tuple(cells), overall, Rate(first_w, games), draws, games,
                  tuple(sorted(tally.rounds.items())), cards)


def simulate(setup: SimSetup, map_jobs: Mapper = serial) -> Report:
    """Run a simulation and report it."""
    return report(setup, run(setup, map_jobs=map_jobs))


def starter_setup(cards: Sequence[Card], rules: Rules, decks: Sequence[tuple[str, dict[str, int]]],
                  games: int, seed: int, policy: str, content_hash: str = "",
                  args: Sequence[str] | None = None) -> SimSetup:
    """A setup from decks given as (id, {card id: count}); `args` name them on the command line
    when that is not their id (a deck file's path)."""
    names = list(args) if args is not None else [""] * len(decks)
    return SimSetup(tuple(cards), rules,
                    tuple(SimDeck(name, tuple(sorted(cards_.items())), arg)
                          for (name, cards_), arg in zip(decks, names, strict=True)),
                    games, seed, policy, content_hash)

