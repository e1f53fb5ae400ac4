"""Skylands self-play: many full games, tallied into what a designer reads (seats, scores, special
islands, length).

Every game's randomness comes from (seed, players, game index) alone, so a game is the same game
whichever process plays it. Games run in fixed chunks through one function, `play_chunk`, over a
picklable job; a run hands its jobs to any `map` (in this process by default, a process pool or
a cluster's executor otherwise), and tallies are counts merged by addition in job order, so the
numbers never depend on the number of workers.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from ..jobs import Mapper as Mapper
from ..jobs import serial as serial
from ..stats import Rate as Rate
from ..stats import mean as mean
from ..stats import quantile as quantile
from .engine import Result, play_game
from .model import Skylands
from .policies import POLICIES

CHUNK = 10          # games a job plays: fixed, so that chunks (and numbers) never depend on workers
SHARE = 12          # a win shared by k tied players counts SHARE // k (12: exact for 1 to 4 players)


@dataclass(frozen=True)
class SimSetup:
    """Everything a simulation depends on besides the content: with the same setup, the same numbers."""

    players: tuple[int, ...]
    games: int
    seed: int
    policy: str = "greedy"
    intro: bool = False

    def jobs(self, model: Skylands) -> list[Job]:
        return [Job(model, self, n, start, min(start + CHUNK, self.games))
                for n in self.players for start in range(0, self.games, CHUNK)]


@dataclass(frozen=True)
class Job:
    """A chunk of games: games start..stop-1 of `players` players."""

    model: Skylands
    setup: SimSetup
    players: int
    start: int
    stop: int


@dataclass
class SeatTally:
    wins: int = 0          # in SHARE-ths of a game: a shared victory is shared
    beats: int = 0         # other seats outscored, summed over games
    ties: int = 0          # other seats tied
    scores: Counter[int] = field(default_factory=Counter)

    def merge(self, o: SeatTally) -> None:
        self.wins += o.wins
        self.beats += o.beats
        self.ties += o.ties
        self.scores.update(o.scores)


@dataclass
class SpecialTally:
    shown: int = 0       # games it was in the display
    taken: int = 0       # games a player took it
    won: int = 0         # … and that player won (SHARE-ths)

    def merge(self, o: SpecialTally) -> None:
        self.shown += o.shown
        self.taken += o.taken
        self.won += o.won


@dataclass
class Tally:
    """One seat count's counts; merging is addition, so the order of chunks cannot matter."""

    games: int = 0
    seats: list[SeatTally] = field(default_factory=list)
    rounds: Counter[int] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    ended: Counter[str] = field(default_factory=Counter)
    winning_scores: Counter[int] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    specials: dict[str, SpecialTally] = field(default_factory=dict)

    def merge(self, o: Tally) -> None:
        self.games += o.games
        while len(self.seats) < len(o.seats):
            self.seats.append(SeatTally())
        for mine, theirs in zip(self.seats, o.seats, strict=False):
            mine.merge(theirs)
        self.rounds.update(o.rounds)
        self.turns.update(o.turns)
        self.ended.update(o.ended)
        self.winning_scores.update(o.winning_scores)
        self.actions.update(o.actions)
        for sid, t in o.specials.items():
            self.specials.setdefault(sid, SpecialTally()).merge(t)

    def add(self, result: Result) -> None:
        """Count one finished game."""
        n = result.players
        while len(self.seats) < n:
            self.seats.append(SeatTally())
        self.games += 1
        scores = result.scores
        winners = result.winners
        for seat, score in enumerate(scores):
            t = self.seats[seat]
            t.scores[score] += 1
            t.beats += sum(1 for s in scores if s < score)
            t.ties += sum(1 for s in scores if s == score) - 1
            if seat in winners:
                t.wins += SHARE // len(winners)
        self.rounds[result.rounds] += 1
        self.turns[result.turns] += 1
        self.ended[result.ended] += 1
        self.winning_scores[max(scores)] += 1
        self.actions.update(result.actions)
        for sid in result.shown:
            self.specials.setdefault(sid, SpecialTally()).shown += 1
        for seat, taken in enumerate(result.taken):
            for sid in taken:
                sp = self.specials.setdefault(sid, SpecialTally())
                sp.taken += 1
                if seat in winners:
                    sp.won += SHARE // len(winners)


def game_rngs(seed: int, players: int, index: int) -> tuple[random.Random, list[random.Random]]:
    """The one source of randomness of a game (its setup), and one for each seat's policy."""
    base = f"skylands|{seed}|{players}|{index}"
    return random.Random(base), [random.Random(f"{base}|seat {s}") for s in range(players)]


def play_one(model: Skylands, setup: SimSetup, players: int, index: int) -> Result:
    """Game `index` of `players` players of a simulation."""
    rng, seats = game_rngs(setup.seed, players, index)
    make = POLICIES[setup.policy]
    return play_game(model, players, [make(model, r) for r in seats], rng, intro=setup.intro)  # type: ignore[misc]


def play_chunk(job: Job) -> tuple[int, Tally]:
    """Play a chunk of games; its seat count and tally."""
    tally = Tally()
    for index in range(job.start, job.stop):
        tally.add(play_one(job.model, job.setup, job.players, index))
    return job.players, tally



def run(model: Skylands, setup: SimSetup, map_jobs: Mapper = serial) -> dict[int, Tally]:
    """The tallies of a simulation by seat count, its chunks run by `map_jobs` (e.g. a pool's map)."""
    out = {n: Tally() for n in setup.players}
    for players, tally in map_jobs(play_chunk, setup.jobs(model)):
        out[players].merge(tally)
    return out


# ---- figures ------------------------------------------------------------------------------------



@dataclass(frozen=True)
class SeatFigures:
    seat: int
    win: Rate          # games won (a shared victory counts as a share)
    versus: Rate       # against each other seat: outscored it (ties half), a game counting once
    scores: Counter[int]


def seat_figures(tally: Tally, players: int) -> list[SeatFigures]:
    out = []
    for seat, t in enumerate(tally.seats[:players]):
        versus = (t.beats + t.ties / 2) / (players - 1)
        out.append(SeatFigures(seat, Rate(t.wins / SHARE, tally.games), Rate(versus, tally.games), t.scores))
    return out


def special_rates(tally: Tally) -> list[tuple[str, Rate, Rate]]:
    """Each special island seen: how often it was taken when shown, how often its taker won."""
    return [(sid, Rate(t.taken, t.shown), Rate(t.won / SHARE, t.taken)) for sid, t in sorted(tally.specials.items())]


def over_seat_counts(tallies: dict[int, Tally]) -> tuple[Tally, dict[str, float]]:
    """Every seat count's games together, with each special island's fair share of wins for its
    takers (1 / players, summed over the games that took it)."""
    total = Tally()
    fair: dict[str, float] = {}
    for n, t in sorted(tallies.items()):
        total.merge(t)
        for sid, s in t.specials.items():
            fair[sid] = fair.get(sid, 0.0) + s.taken / n
    return total, fair
