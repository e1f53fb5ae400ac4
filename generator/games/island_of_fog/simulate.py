"""Island of Fog self-play: many full games, tallied by seat count, and the fairness survey's verdict
calibrated against self-play on the maps it judged.

Every game's randomness comes from (seed, players, game index) alone (its pile, its dice, each
seat's policy), so a game is the same whichever process plays it. Games run in fixed chunks through
`play_chunk` over a picklable job, handed to any `map` (this process, a `generator.build.pool.Pool`'s map
over local processes or a Dask cluster); tallies merge by addition in job order, so the numbers
never depend on the number of workers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from .. import selfplay
from ..jobs import Mapper, serial
from ..selfplay import chunks, game_rngs, win_rates
from ..stats import Rate
from .engine import Deal, FixedMap, Result, new_deal, play_game
from .mapgen import MapPlan, surveyed
from .model import GAME_ID, IslandOfFog
from .policies import POLICIES


@dataclass(frozen=True)
class SimSetup:
    """Everything a simulation depends on besides the content: with the same setup, the same numbers."""

    players: tuple[int, ...]
    games: int
    seed: int
    policy: str = "greedy"
    size: int = 5


@dataclass(frozen=True)
class Job:
    """Games start..stop-1 of `players` players; on `plan` (a map drawn whole) when given, else
    each game's own pile, live."""

    model: IslandOfFog
    setup: SimSetup
    players: int
    start: int
    stop: int
    plan: MapPlan | None = None
    tag: int = 0        # which map of a calibration


@dataclass
class Tally(selfplay.Tally):
    """One seat count's (or one map's) counts; merging is addition."""

    events: Counter[str] = field(default_factory=Counter)
    lighthouse: Counter[int] = field(default_factory=Counter)   # seat → games it claimed the lighthouse first

    def add(self, result: Result) -> None:
        self.count(result.ranking(), result.scores, result.winners, result.rounds, result.ended)
        if result.first_lighthouse is not None:
            self.lighthouse[result.first_lighthouse] += 1
        self.events.update(result.counts)


def play_one(model: IslandOfFog, setup: SimSetup, players: int, index: int, plan: MapPlan | None = None,
             tag: int = 0) -> Result:
    rng, seats = game_rngs(GAME_ID, setup.seed, players, index, "" if plan is None else f"|map {tag}")
    deal: Deal
    if plan is None:
        _, deal = new_deal(model, setup.size, players, rng)
    else:
        deal = FixedMap(plan)
    make = POLICIES[setup.policy]
    return play_game(model, setup.size, model.seats(players), [make(r) for r in seats], deal, rng)


def play_chunk(job: Job) -> tuple[int, int, Tally]:
    """Play a chunk of games: its seat count, map tag and tally."""
    tally = Tally()
    for index in range(job.start, job.stop):
        tally.add(play_one(job.model, job.setup, job.players, index, job.plan, job.tag))
    return job.players, job.tag, tally


def for_jobs(model: IslandOfFog) -> IslandOfFog:
    """The model a job carries to another process: the rules without the print layouts (which hold
    compiled templates that cannot be pickled, and which no game reads)."""
    return replace(model, layouts={})


def run(model: IslandOfFog, setup: SimSetup, map_jobs: Mapper = serial) -> dict[int, Tally]:
    """The tallies of a simulation by seat count, each game on its own pile explored live."""
    model = for_jobs(model)
    jobs = [Job(model, setup, n, start, stop) for n in setup.players for start, stop in chunks(setup.games)]
    out = {n: Tally() for n in setup.players}
    for players, _, tally in map_jobs(play_chunk, jobs):
        out[players].merge(tally)
    return out


# ---- calibration: the survey's verdict against self-play ----------------------------------------

BAND = 0.15     # self-play calls a map fair when no seat's win rate lies beyond fair share ± BAND (95 %)


@dataclass(frozen=True)
class MapOutcome:
    index: int
    survey_fair: bool          # the fairness module's verdict on the map (fairness.analyse(...).fair)
    why: tuple[str, ...]       # its reasons when unfair
    rates: tuple[Rate, ...]    # each seat's win rate in self-play on the map
    behind: tuple[int, ...] = ()   # the seats the survey calls disadvantaged

    def selfplay_fair(self, players: int) -> bool:
        """No seat's 95 % interval lies wholly outside fair share ± BAND."""
        share = 1 / players
        return all(r.interval[1] >= share - BAND and r.interval[0] <= share + BAND for r in self.rates)

    def behind_wins(self) -> tuple[float, int, float]:
        """The disadvantaged seats' wins, their games, and the wins a fair share would give them."""
        games = self.rates[0].n if self.rates else 0
        return (sum(self.rates[s].successes for s in self.behind), games * len(self.behind),
                games * len(self.behind) / len(self.rates))

    def spread(self) -> float:
        values = [r.value for r in self.rates]
        return max(values) - min(values)


Judged = tuple[MapPlan, bool, tuple[tuple[str, str], ...]]   # a map, whether the survey calls it fair, and why not


def survey_maps(model: IslandOfFog, size: int, players: int, seed: int, count: int) -> list[Judged]:
    """The maps the survey draws for (size, players, seed), in its order (survey.survey: one seeded
    stream, first draws), each with the fairness module's verdict and reasons."""
    return [(plan, report.fair, tuple(report.disadvantaged))
            for plan, report in surveyed(model, size, players, seed, count)]


def calibrate(model: IslandOfFog, setup: SimSetup, maps: int, map_jobs: Mapper = serial) -> dict[int, list[MapOutcome]]:
    """For each seat count: `maps` surveyed maps, the survey's verdict on each and its seats' win
    rates in `setup.games` self-played games on it (tiles turn up where the map has them)."""
    out: dict[int, list[MapOutcome]] = {}
    model = for_jobs(model)
    for players in setup.players:
        drawn = survey_maps(model, setup.size, players, setup.seed, maps)
        jobs = [Job(model, setup, players, start, stop, plan, i)
                for i, (plan, _, _) in enumerate(drawn) for start, stop in chunks(setup.games)]
        tallies = [Tally() for _ in drawn]
        for _, tag, tally in map_jobs(play_chunk, jobs):
            tallies[tag].merge(tally)
        colours = model.seats(players)
        out[players] = [MapOutcome(i, fair, tuple(f"{c}: {w}" for c, w in why), tuple(win_rates(t, players)),
                                   tuple(sorted({colours.index(c) for c, _ in why})))
                        for i, ((_, fair, why), t) in enumerate(zip(drawn, tallies, strict=True))]
    return out
