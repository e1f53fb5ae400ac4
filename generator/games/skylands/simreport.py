"""A Skylands simulation as a designer reads it: text tables (the command's output, the designer's
notes, docs/balance.md) and CSV files."""

from __future__ import annotations

from dataclasses import replace

from .. import selfplay
from ..selfplay import SHARE
from ..stats import csv_text
from .model import Skylands
from .simulate import SimSetup, Tally, over_seat_counts, special_rates

ENDINGS = {"board": "a board full", "vp-supply": "VP supply exhausted", "stack": "stack too short to reveal"}
FULL_RUN = 500      # games per seat count of the run docs/balance.md shows
RANKS_ABOVE = "outscores"
POINTS = "score"   # what the tables call a player's points


def command(setup: SimSetup) -> str:
    """The command that reproduces a simulation."""
    players = "" if setup.players == (2, 3, 4) else "".join(f" --players {n}" for n in setup.players)
    intro = " --intro" if setup.intro else ""
    return (f"playkit simulate skylands{players} --games {setup.games} --seed {setup.seed} "
            f"--policy {setup.policy}{intro}")


def specials_table(model: Skylands, tallies: dict[int, Tally]) -> list[str]:
    """Every special island over all seat counts: shown, taken when shown, its taker's win rate
    against a fair share (1 / players)."""
    total, fair = over_seat_counts(tallies)
    out = ["| special island | shown | taken when shown [95 %] | its taker won [95 %] | fair share |",
           "|---|---|---|---|---|"]
    for sid, taken, won in special_rates(total):
        share = fair[sid] / taken.successes if taken.successes else 0.0   # 1 / players, over its takers
        out.append(f"| {model.specials[sid].spec.name} ({sid}) | {taken.n} | {taken.text()} | "
                   f"{won.text() if won.n else '-'} | {100 * share:.0f} % |")
    return out


def text(model: Skylands, setup: SimSetup, tallies: dict[int, Tally]) -> str:
    """The whole report, Markdown."""
    lines = [f"Skylands self-play: {setup.policy} players, {setup.games} games per seat count, seed "
             f"{setup.seed}{', introductory display' if setup.intro else ''}.",
             f"Reproduce: `{command(setup)}`", "",
             "Seats (seat 1 starts; a shared victory counts as a share; 'outscores another seat' is fair at 50 % "
             "whatever the number of players):", "", *selfplay.seats_table(tallies, RANKS_ABOVE, POINTS), "",
             "Length and scores:", "", *selfplay.length_table(tallies, ENDINGS, POINTS), "", "First player:", "",
             *selfplay.verdict(tallies, RANKS_ABOVE), "", "Special islands:", "", *specials_table(model, tallies), ""]
    return "\n".join(lines)


def specials_csv(tallies: dict[int, Tally]) -> str:
    return csv_text(["players", "special", "shown", "taken", "taker_won"],
                    ([n, sid, s.shown, s.taken, f"{s.won / SHARE:.2f}"]
                     for n, t in sorted(tallies.items()) for sid, s in sorted(t.specials.items())))


def seats_csv(tallies: dict[int, Tally]) -> str:
    return selfplay.seats_csv(tallies, POINTS)


def scores_csv(tallies: dict[int, Tally]) -> str:
    """The score distribution: how many games each seat ended on each score."""
    return csv_text(["players", "seat", "score", "games"],
                    ([n, seat + 1, score, count] for n, t in sorted(tallies.items())
                     for seat, st in enumerate(t.seats[:n]) for score, count in sorted(st.scores.items())))


def notes(setup: SimSetup, tallies: dict[int, Tally]) -> str:
    """The designer's notes' section: the seats and the length of a quick run (Markdown)."""
    return "\n".join([
        "## Self-play: seats, scores and length", "",
        f"*Computed from this content when the kit was built: {setup.games} games per seat count between "
        f"{setup.policy} players (seed {setup.seed}). A quick look with wide intervals; a full run is "
        f"made with: {command(replace(setup, games=FULL_RUN))}*", "",
        "Seat 1 starts. A shared victory counts as a share. 'Outscores another seat' is the share of the "
        "other seats a seat outscores in a game (ties half): 50 % is fair whatever the number of players.", "",
        *selfplay.seats_table(tallies, RANKS_ABOVE, POINTS), "", *selfplay.length_table(tallies, ENDINGS, POINTS),
        "", *selfplay.verdict(tallies, RANKS_ABOVE), ""])
