"""A Skylands simulation as a designer reads it: text tables (the command's output, the designer's
notes, docs/balance.md) and CSV files."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

from .model import Skylands
from .simulate import SHARE, SimSetup, Tally, mean, over_seat_counts, quantile, seat_figures, special_rates

# the first player is fair when it outscores each other seat this often (ties half): a stated band
FAIR_BAND = (0.45, 0.55)
FULL_RUN = 500      # games per seat count of the run docs/balance.md shows
ENDINGS = {"board": "a board full", "vp-supply": "VP supply exhausted", "stack": "stack too short to reveal"}


def command(setup: SimSetup) -> str:
    """The command that reproduces a simulation."""
    players = "" if setup.players == (2, 3, 4) else "".join(f" --players {n}" for n in setup.players)
    intro = " --intro" if setup.intro else ""
    return (f"playkit simulate skylands{players} --games {setup.games} --seed {setup.seed} "
            f"--policy {setup.policy}{intro}")


def first_player_fair(tally: Tally, players: int) -> bool:
    """Whether the first player's rate against each other seat lies within FAIR_BAND."""
    versus = seat_figures(tally, players)[0].versus.value
    return FAIR_BAND[0] <= versus <= FAIR_BAND[1]


def seats_table(tallies: dict[int, Tally]) -> list[str]:
    """Markdown rows: win rate by seat and against the other seats, scores, length."""
    out = ["| players | seat | win rate [95 %] | outscores another seat [95 %] | mean score (p10-p90) |",
           "|---|---|---|---|---|"]
    for n, t in sorted(tallies.items()):
        for f in seat_figures(t, n):
            out.append(f"| {n} | {f.seat + 1} | {f.win.text()} | {f.versus.text()} | {mean(f.scores):.1f} "
                       f"({quantile(f.scores, 0.1)}-{quantile(f.scores, 0.9)}) |")
    return out


def length_table(tallies: dict[int, Tally]) -> list[str]:
    out = ["| players | games | rounds: mean (p10-p90) | winning score: mean (p10-p90) | ended by |",
           "|---|---|---|---|---|"]
    for n, t in sorted(tallies.items()):
        ended = ", ".join(f"{ENDINGS.get(k, k)} {100 * v / t.games:.0f} %" for k, v in sorted(t.ended.items()))
        out.append(f"| {n} | {t.games} | {mean(t.rounds):.1f} ({quantile(t.rounds, 0.1)}-{quantile(t.rounds, 0.9)}) | "
                   f"{mean(t.winning_scores):.1f} ({quantile(t.winning_scores, 0.1)}-"
                   f"{quantile(t.winning_scores, 0.9)}) | {ended} |")
    return out


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


def verdict(tallies: dict[int, Tally]) -> list[str]:
    """Whether the first player is fair at each seat count, and whether the games played settle it."""
    lo, hi = FAIR_BAND
    out = []
    for n, t in sorted(tallies.items()):
        f = seat_figures(t, n)[0].versus
        a, b = f.interval
        state = "within" if first_player_fair(t, n) else "outside"
        settled = (lo <= a and b <= hi) or b < lo or a > hi
        out.append(f"- {n} players: the first player outscores another seat {f.text().strip()}: {state} "
                   f"{100 * lo:.0f}-{100 * hi:.0f} %" + ("." if settled else
                                                         ", though its interval reaches across the band."))
    return out


def text(model: Skylands, setup: SimSetup, tallies: dict[int, Tally]) -> str:
    """The whole report, Markdown."""
    lines = [f"Skylands self-play: {setup.policy} players, {setup.games} games per seat count, seed "
             f"{setup.seed}{', introductory display' if setup.intro else ''}.",
             f"Reproduce: `{command(setup)}`", "",
             "Seats (seat 1 starts; a shared victory counts as a share; 'outscores another seat' is fair at 50 % "
             "whatever the number of players):", "", *seats_table(tallies), "", "Length and scores:", "",
             *length_table(tallies), "", "First player:", "", *verdict(tallies), "", "Special islands:", "",
             *specials_table(model, tallies), ""]
    return "\n".join(lines)


def seats_csv(tallies: dict[int, Tally]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["players", "seat", "games", "win_rate", "win_low", "win_high", "versus_rate", "versus_low",
                "versus_high", "mean_score", "p10_score", "p50_score", "p90_score"])
    for n, t in sorted(tallies.items()):
        for f in seat_figures(t, n):
            w.writerow([n, f.seat + 1, t.games, f"{f.win.value:.4f}", *(f"{x:.4f}" for x in f.win.interval),
                        f"{f.versus.value:.4f}", *(f"{x:.4f}" for x in f.versus.interval), f"{mean(f.scores):.2f}",
                        quantile(f.scores, 0.1), quantile(f.scores, 0.5), quantile(f.scores, 0.9)])
    return buf.getvalue()


def specials_csv(tallies: dict[int, Tally]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["players", "special", "shown", "taken", "taker_won"])
    for n, t in sorted(tallies.items()):
        for sid, s in sorted(t.specials.items()):
            w.writerow([n, sid, s.shown, s.taken, f"{s.won / SHARE:.2f}"])
    return buf.getvalue()


def scores_csv(tallies: dict[int, Tally]) -> str:
    """The score distribution: how many games each seat ended on each score."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["players", "seat", "score", "games"])
    for n, t in sorted(tallies.items()):
        for seat, st in enumerate(t.seats[:n]):
            for score, count in sorted(st.scores.items()):
                w.writerow([n, seat + 1, score, count])
    return buf.getvalue()


def notes(setup: SimSetup, tallies: dict[int, Tally]) -> str:
    """The designer's notes' section: the seats and the length of a quick run (Markdown)."""
    return "\n".join([
        "## Self-play: seats, scores and length", "",
        f"*Computed from this content when the kit was built: {setup.games} games per seat count between "
        f"{setup.policy} players (seed {setup.seed}). A quick look with wide intervals; a full run is "
        f"made with: {command(replace(setup, games=FULL_RUN))}*", "",
        "Seat 1 starts. A shared victory counts as a share. 'Outscores another seat' is the share of the "
        "other seats a seat outscores in a game (ties half): 50 % is fair whatever the number of players.", "",
        *seats_table(tallies), "", *length_table(tallies), "", *verdict(tallies), ""])
