"""An Island of Fog simulation as a designer reads it: Markdown tables (the command's output,
docs/balance.md) and CSV; and the calibration of the fairness survey against self-play."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from .. import selfplay
from ..stats import Rate, csv_text
from . import calibration
from .model import IslandOfFog
from .simulate import BAND, MapOutcome, SimSetup, Tally

ENDINGS = {"countdown": "countdown ran out", "last-standing": "last nation standing",
           "limit": "stopped (no end in sight)"}
RANKS_ABOVE = "ranks above"
POINTS = "points"   # what the tables call a nation's points


def command(setup: SimSetup, calibrate: int | None = None) -> str:
    players = "".join(f" --players {n}" for n in setup.players)
    extra = f" --calibrate {calibrate}" if calibrate else ""
    return (f"playkit simulate island-of-fog{players} --games {setup.games} --seed {setup.seed} "
            f"--policy {setup.policy}{extra}")


def nation(model: IslandOfFog) -> tuple[str, selfplay.Columns]:
    return "nation", lambda n, seat, t: (model.colour[model.seats(n)[seat]].name,)


def lighthouse(n: int, seat: int, t: selfplay.Tally) -> tuple[str]:
    games = t.games or 1
    return (f"{100 * cast(Tally, t).lighthouse[seat] / games:.0f} %",)


def activity_table(tallies: dict[int, Tally]) -> list[str]:
    """What happened in an average game: actions, fights, captures, units built."""
    keys = ["city", "factory", "claim", "stack", "attack", "attack-won", "attack-drawn", "attack-lost",
            "captured", "eliminated", "lighthouse-flip", "built-basic", "built-elite"]
    out = ["| players | " + " | ".join(keys) + " |", "|---|" + "---|" * len(keys)]
    for n, t in sorted(tallies.items()):
        out.append(f"| {n} | " + " | ".join(f"{t.events[k] / t.games:.1f}" if t.games else "-" for k in keys) + " |")
    return out


def text(model: IslandOfFog, setup: SimSetup, tallies: dict[int, Tally]) -> str:
    lines = [f"Island of Fog self-play: {setup.policy} players, {setup.games} games per seat count, "
             f"{setup.size}x{setup.size} board, every game on its own pile explored live, seed {setup.seed}.",
             f"Reproduce: `{command(setup)}`", "",
             "Seats (seat 1 starts; a shared victory counts as a share; 'ranks above another seat' compares "
             "nations still in the game, then points, then coins, ties half: 50 % is fair at any player count):",
             "", *selfplay.seats_table(tallies, RANKS_ABOVE, POINTS, before=nation(model),
                                       after=("took the lighthouse first", lighthouse)),
             "", "Length and points:", "", *selfplay.length_table(tallies, ENDINGS, POINTS), "",
             "Per game:", "", *activity_table(tallies), "", "First player:", "",
             *selfplay.verdict(tallies, RANKS_ABOVE, with_wins=True), ""]
    return "\n".join(lines)


def seats_csv(model: IslandOfFog, tallies: dict[int, Tally]) -> str:
    return selfplay.seats_csv(tallies, POINTS, before=("nation", lambda n, seat, t: (model.seats(n)[seat],)))


# ---- calibration ---------------------------------------------------------------------------------

def agreement(outcomes: list[MapOutcome], players: int) -> tuple[int, int, int, int]:
    """(both fair, survey fair only, self-play fair only, both unfair) map counts."""
    both = sum(1 for o in outcomes if o.survey_fair and o.selfplay_fair(players))
    survey_only = sum(1 for o in outcomes if o.survey_fair and not o.selfplay_fair(players))
    play_only = sum(1 for o in outcomes if not o.survey_fair and o.selfplay_fair(players))
    return both, survey_only, play_only, len(outcomes) - both - survey_only - play_only


def chance(outcomes: list[MapOutcome], players: int) -> float:
    """The agreement two verdicts would reach by chance, each calling as many maps fair as it does
    but independently of the other: the bar a survey that tells something must clear."""
    both, s_only, p_only, _ = agreement(outcomes, players)
    return calibration.chance(len(outcomes), both + s_only, both + p_only)


def counts_yaml(model: IslandOfFog, setup: SimSetup, maps: int, found: dict[int, list[MapOutcome]]) -> list[str]:
    """fairness.yaml's `calibration` for each seat count: what the survey states (calibration.py)."""
    out = []
    for n, outcomes in sorted(found.items()):
        both, s_only, p_only, _ = agreement(outcomes, n)
        one = replace(setup, players=(n,))
        out += ["calibration:", f"  command: {command(one, maps)}", f"  rules: {calibration.measured_on(model)}",
                f"  players: {n}",
                f"  games_per_map: {setup.games}", f"  maps: {len(outcomes)}", f"  survey_fair: {both + s_only}",
                f"  selfplay_fair: {both + p_only}", f"  both_fair: {both}"]
    return out


def calibration_text(model: IslandOfFog, setup: SimSetup, maps: int,
                     found: dict[int, list[MapOutcome]]) -> str:
    lines = [f"Island of Fog: the fairness survey's verdict against self-play on {maps} surveyed maps per seat "
             f"count ({setup.size}x{setup.size}, the maps of `playkit map island-of-fog --survey {maps} "
             f"--seed {setup.seed} --size {setup.size} --players N`), {setup.games} {setup.policy} games on each.",
             f"Reproduce: `{command(setup, maps)}`", "",
             f"Self-play calls a map fair when no seat's win rate lies beyond its fair share ± {100 * BAND:.0f} "
             "points (its 95 % interval wholly outside); the two agree when both call a map fair or both unfair; "
             "'by chance' is the agreement of two verdicts that know nothing of each other.", "",
             "| players | maps | survey fair | self-play fair | agree [95 %] | by chance | both fair | survey only | "
             "self-play only | both unfair | mean seat spread: survey fair / unfair |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for n, outcomes in sorted(found.items()):
        both, s_only, p_only, neither = agreement(outcomes, n)
        fair = [o.spread() for o in outcomes if o.survey_fair]
        unfair = [o.spread() for o in outcomes if not o.survey_fair]
        spread = (f"{100 * sum(fair) / len(fair):.0f} / " if fair else "- / ") + \
                 (f"{100 * sum(unfair) / len(unfair):.0f} points" if unfair else "-")
        agree = Rate(both + neither, len(outcomes))
        lines.append(f"| {n} | {len(outcomes)} | {both + s_only} | {both + p_only} | {agree.text().strip()} | "
                     f"{100 * chance(outcomes, n):.1f} % | {both} | {s_only} | {p_only} | {neither} | {spread} |")
    lines += ["", "Seats the survey calls disadvantaged, over its unfair maps (does the survey find the seat "
              "that loses?):", "", "| players | seats | won [95 %] | a fair share would be |", "|---|---|---|---|"]
    for n, outcomes in sorted(found.items()):
        wins = sum(o.behind_wins()[0] for o in outcomes)
        games = sum(o.behind_wins()[1] for o in outcomes)
        fair_share = sum(o.behind_wins()[2] for o in outcomes)
        seats = sum(len(o.behind) for o in outcomes)
        won = Rate(wins, games)
        lines.append(f"| {n} | {seats} | {won.text().strip() if games else '-'} | "
                     f"{100 * fair_share / games if games else 100 / n:.0f} % |")
    lines += ["", "The counts the survey states (`playkit map island-of-fog --survey`), for fairness.yaml:", "",
              "```yaml", *counts_yaml(model, setup, maps, found), "```"]
    return "\n".join(lines) + "\n"


def calibration_csv(found: dict[int, list[MapOutcome]]) -> str:
    return csv_text(["players", "map", "survey_fair", "selfplay_fair", "seat_win_rates", "survey_reasons"],
                    ([n, o.index + 1, int(o.survey_fair), int(o.selfplay_fair(n)),
                      " ".join(f"{r.value:.3f}" for r in o.rates), "; ".join(o.why)]
                     for n, outcomes in sorted(found.items()) for o in outcomes))
