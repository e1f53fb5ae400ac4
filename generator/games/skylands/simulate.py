"""Skylands self-play: many full games, tallied into what a designer reads (seats, scores, special
islands, length).

Every game's randomness comes from (seed, players, game index) alone, so a game is the same game
whichever process plays it. Games run in fixed chunks through one function, `play_chunk`, over a
picklable job; a run hands its jobs to any `map` (in this process by default, a process pool or
a cluster's executor otherwise), and tallies are counts merged by addition in job order, so the
numbers never depend on the number of workers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import selfplay
from ..jobs import Mapper, serial
from ..selfplay import SHARE, Counts, chunks, game_rngs
from ..stats import Rate
from .engine import Result, play_game
from .model import GAME_ID, Skylands
from .policies import POLICIES


@dataclass(frozen=True)
class SimSetup:
    """Everything a simulation depends on besides the content: with the same setup, the same numbers."""

    players: tuple[int, ...]
    games: int
    seed: int
    policy: str = "greedy"
    intro: bool = False

    def jobs(self, model: Skylands) -> list[Job]:
        return [Job(model, self, n, start, stop) for n in self.players for start, stop in chunks(self.games)]


@dataclass(frozen=True)
class Job:
    """A chunk of games: games start..stop-1 of `players` players."""

    model: Skylands
    setup: SimSetup
    players: int
    start: int
    stop: int


@dataclass
class SpecialTally(Counts):
    shown: int = 0       # games it was in the display
    taken: int = 0       # games a player took it
    won: int = 0         # … and that player won (SHARE-ths)


@dataclass
class Tally(selfplay.Tally):
    """One seat count's counts; merging is addition, so the order of chunks cannot matter."""

    turns: Counter[int] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    specials: dict[str, SpecialTally] = field(default_factory=dict)

    def add(self, result: Result) -> None:
        """Count one finished game."""
        scores, winners = result.scores, result.winners
        self.count(scores, scores, winners, result.rounds, result.ended)
        self.turns[result.turns] += 1
        self.actions.update(result.actions)
        for sid in result.shown:
            self.specials.setdefault(sid, SpecialTally()).shown += 1
        for seat, taken in enumerate(result.taken):
            for sid in taken:
                sp = self.specials.setdefault(sid, SpecialTally())
                sp.taken += 1
                if seat in winners:
                    sp.won += SHARE // len(winners)


def play_one(model: Skylands, setup: SimSetup, players: int, index: int) -> Result:
    """Game `index` of `players` players of a simulation."""
    rng, seats = game_rngs(GAME_ID, setup.seed, players, index)
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
    return tallies(setup, map_jobs(play_chunk, setup.jobs(model)))


def tallies(setup: SimSetup, chunks: Iterable[tuple[int, Tally]]) -> dict[int, Tally]:
    """The chunks' tallies (`play_chunk`'s results, in job order) merged by seat count."""
    out = {n: Tally() for n in setup.players}
    for players, tally in chunks:
        out[players].merge(tally)
    return out


# ---- figures ------------------------------------------------------------------------------------

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
