"""What every game's self-play shares: games played in fixed chunks, tallies that merge by addition,
seat figures (win rate, how often a seat ranks above another) and the tables a designer reads.

Games run in chunks of CHUNK whatever the number of workers, and a tally's merge is addition field by
field, so a simulation's numbers never depend on how its chunks were spread. A shared victory counts
SHARE // k for each of k tied winners (12: exact for 1 to 4 players).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from .stats import Rate, csv_text, mean, quantile

CHUNK = 10          # games a job plays: fixed, so that chunks (and numbers) never depend on workers
SHARE = 12          # a win shared by k tied players counts SHARE // k
FAIR_BAND = (0.45, 0.55)   # the first player is fair when it ranks above another seat this often (ties half)


def chunks(games: int) -> list[tuple[int, int]]:
    """The (start, stop) of each chunk of `games` games."""
    return [(start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]


def game_rngs(game: str, seed: int, players: int, index: int,
              tag: str = "") -> tuple[random.Random, list[random.Random]]:
    """A game's own random source (its setup, pile, dice) and one for each seat's policy: from (game,
    seed, players, index, tag) alone, so a game is the same whichever process plays it."""
    base = f"{game}|{seed}|{players}|{index}{tag}"
    return random.Random(base), [random.Random(f"{base}|seat {s}") for s in range(players)]


class Counts:
    """A dataclass of counts whose merge is addition field by field: numbers add, Counters add, a
    list adds item by item (growing as needed; its items numbers or Counts) and a dict key by key."""

    def merge(self, other: Any) -> None:
        for f in fields(self):  # type: ignore[arg-type]
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if isinstance(mine, Counter):
                mine.update(theirs)
            elif isinstance(mine, list):
                mine.extend(type(t)() for t in theirs[len(mine):])
                for i, t in enumerate(theirs):
                    if isinstance(t, Counts):
                        mine[i].merge(t)
                    else:
                        mine[i] += t
            elif isinstance(mine, dict):
                for key, t in theirs.items():
                    mine.setdefault(key, type(t)()).merge(t)
            else:
                setattr(self, f.name, mine + theirs)


@dataclass
class SeatTally(Counts):
    wins: int = 0          # in SHARE-ths of a game: a shared victory is shared
    beats: int = 0         # other seats ranked below it, summed over games
    ties: int = 0          # other seats level with it
    scores: Counter[int] = field(default_factory=Counter)


@dataclass
class Tally(Counts):
    """One seat count's counts (a game adds its own beside these)."""

    games: int = 0
    seats: list[SeatTally] = field(default_factory=list)
    rounds: Counter[int] = field(default_factory=Counter)
    ended: Counter[str] = field(default_factory=Counter)
    winning_scores: Counter[int] = field(default_factory=Counter)

    def count(self, ranks: Sequence[Any], scores: Sequence[int], winners: Sequence[int], rounds: int,
              ended: str) -> None:
        """Count one finished game: each seat's rank (higher ranks above), score, the winners."""
        while len(self.seats) < len(scores):
            self.seats.append(SeatTally())
        self.games += 1
        for seat, score in enumerate(scores):
            t = self.seats[seat]
            t.scores[score] += 1
            t.beats += sum(1 for r in ranks if r < ranks[seat])
            t.ties += sum(1 for r in ranks if r == ranks[seat]) - 1
            if seat in winners:
                t.wins += SHARE // len(winners)
        self.rounds[rounds] += 1
        self.ended[ended] += 1
        self.winning_scores[max(scores)] += 1


def win_rates(tally: Tally, players: int) -> list[Rate]:
    """Each seat's games won (a shared victory counts as a share)."""
    return [Rate(t.wins / SHARE, tally.games) for t in tally.seats[:players]]


def versus_rates(tally: Tally, players: int) -> list[Rate]:
    """How often each seat ranks above another seat (ties half), a game counting once: 50 % is fair
    at any player count."""
    return [Rate((t.beats + t.ties / 2) / (players - 1), tally.games) for t in tally.seats[:players]]


def spread(counts: Counter[int]) -> str:
    """'mean (p10-p90)'."""
    return f"{mean(counts):.1f} ({quantile(counts, 0.1)}-{quantile(counts, 0.9)})"


# ---- tables ---------------------------------------------------------------------------------------

Columns = Callable[[int, int, Tally], Sequence[str]]   # a game's own columns for (players, seat, tally)


def seats_table(tallies: Mapping[int, Tally], ranks_above: str, scores: str,
                before: tuple[str, Columns] | None = None, after: tuple[str, Columns] | None = None) -> list[str]:
    """Markdown rows, a seat a row: win rate, how often it ranks above another seat, its scores; a
    game's own columns `before` (after the seat) and `after` (at the end), each (heads, values)."""
    heads = ["players", "seat", *([before[0]] if before else []), "win rate [95 %]",
             f"{ranks_above} another seat [95 %]", f"mean {scores} (p10-p90)", *([after[0]] if after else [])]
    out = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    for n, t in sorted(tallies.items()):
        for seat, (win, vs) in enumerate(zip(win_rates(t, n), versus_rates(t, n), strict=True)):
            row = [str(n), str(seat + 1), *(before[1](n, seat, t) if before else ()), win.text(), vs.text(),
                   spread(t.seats[seat].scores), *(after[1](n, seat, t) if after else ())]
            out.append("| " + " | ".join(row) + " |")
    return out


def length_table(tallies: Mapping[int, Tally], endings: dict[str, str], scores: str) -> list[str]:
    """Markdown rows, a seat count a row: games, rounds, the winner's score, how games ended."""
    out = [f"| players | games | rounds: mean (p10-p90) | winning {scores}: mean (p10-p90) | ended by |",
           "|---|---|---|---|---|"]
    for n, t in sorted(tallies.items()):
        ended = ", ".join(f"{endings.get(k, k)} {100 * v / t.games:.0f} %" for k, v in sorted(t.ended.items()))
        out.append(f"| {n} | {t.games} | {spread(t.rounds)} | {spread(t.winning_scores)} | {ended} |")
    return out


def verdict(tallies: Mapping[int, Tally], ranks_above: str, with_wins: bool = False) -> list[str]:
    """Whether the first player is fair at each seat count, and whether the games played settle it."""
    lo, hi = FAIR_BAND
    out = []
    for n, t in sorted(tallies.items()):
        f = versus_rates(t, n)[0]
        a, b = f.interval
        state = "within" if lo <= f.value <= hi else "outside"
        settled = (lo <= a and b <= hi) or b < lo or a > hi
        wins = (f" and wins {win_rates(t, n)[0].text().strip()} (fair share {100 / n:.0f} %)" if with_wins else "")
        out.append(f"- {n} players: the first player {ranks_above} another seat {f.text().strip()}{wins}: {state} "
                   f"{100 * lo:.0f}-{100 * hi:.0f} %" + ("." if settled else
                                                         ", though its interval reaches across the band."))
    return out


def seats_csv(tallies: Mapping[int, Tally], scores: str, before: tuple[str, Columns] | None = None) -> str:
    """A seat a row: win and versus rates with their intervals, the score's mean and quantiles."""
    rows = []
    for n, t in sorted(tallies.items()):
        for seat, (win, vs) in enumerate(zip(win_rates(t, n), versus_rates(t, n), strict=True)):
            st = t.seats[seat].scores
            rows.append([n, seat + 1, *(before[1](n, seat, t) if before else ()), t.games, f"{win.value:.4f}",
                         *(f"{x:.4f}" for x in win.interval), f"{vs.value:.4f}", *(f"{x:.4f}" for x in vs.interval),
                         f"{mean(st):.2f}", quantile(st, 0.1), quantile(st, 0.5), quantile(st, 0.9)])
    return csv_text(["players", "seat", *([before[0]] if before else []), "games", "win_rate", "win_low", "win_high",
                     "versus_rate", "versus_low", "versus_high", f"mean_{scores}", f"p10_{scores}", f"p50_{scores}",
                     f"p90_{scores}"], rows)

