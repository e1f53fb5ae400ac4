"""Exact combat odds by enumeration: every roll and every re-roll, no sampling.

A combat (decisions `dice`, `stack-rerolls`, `combat-modifiers`): both sides roll `dice` dice;
the attacker, if a stack, re-rolls up to its allowance seeing both rolls; then the defender does,
seeing the attacker's total; totals plus bonuses are compared. Re-rolling always takes the
lowest dice (keeping higher dice can only help), so a choice is just how many to re-roll.

Policies: `optimal` re-rolls the number of dice that maximises the side's chance of winning plus
half its chance of a draw, the attacker assuming the defender answers in the same way; ties
go to fewer re-rolls. `simple` re-rolls each die showing `simple_threshold` or less, lowest
first, up to the allowance, whatever the opponent rolled.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Literal

from ..stats import csv_text
from .model import IslandOfFog
from .rules import Force, attack_bonus, can_stand_on, defence_bonus, forces, rerolls

Policy = Literal["optimal", "simple"]
POLICIES: tuple[Policy, ...] = ("optimal", "simple")


@cache
def sum_distribution(dice: int, sides: int) -> tuple[tuple[int, int], ...]:
    """(total, ways) for `dice` dice of `sides` sides; the ways add up to sides**dice."""
    counts: Counter[int] = Counter({0: 1})
    for _ in range(dice):
        nxt: Counter[int] = Counter()
        for total, ways in counts.items():
            for face in range(1, sides + 1):
                nxt[total + face] += ways
        counts = nxt
    return tuple(sorted(counts.items()))


@cache
def rolls(dice: int, sides: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each roll as its dice sorted high to low, with the number of ordered rolls it stands for."""
    counts = Counter(tuple(sorted(r, reverse=True))
                     for r in itertools.product(range(1, sides + 1), repeat=dice))
    return tuple(sorted(counts.items()))


@dataclass(frozen=True)
class Odds:
    """The attacker's chances; the three add up to 1 exactly."""

    win: Fraction
    draw: Fraction
    lose: Fraction


Triple = tuple[int, int, int]  # attacker wins, draws, loses: counts over a common denominator
Option = tuple[int, int]       # a re-roll a side may make: (dice re-rolled, total of the dice kept)


def _simple_count(roll: tuple[int, ...], allowance: int, threshold: int) -> int:
    return min(allowance, sum(1 for die in roll if die <= threshold))


@cache
def _groups(dice: int, sides: int, allowance: int, policy: Policy,
            threshold: int) -> tuple[tuple[tuple[Option, ...], int], ...]:
    """The rolls of one side grouped by the re-rolls they offer (in the order the policy weighs
    them), with the number of ordered rolls in each group: rolls offering the same options are
    played the same way, so the enumeration visits each group once."""
    groups: dict[tuple[Option, ...], int] = {}
    for roll, ways in rolls(dice, sides):
        counts = range(allowance + 1) if policy == "optimal" else (_simple_count(roll, allowance, threshold),)
        options = tuple((m, sum(roll[:dice - m])) for m in counts)
        groups[options] = groups.get(options, 0) + ways
    return tuple(groups.items())


@cache
def _defence(dice: int, sides: int, kd: int, policy: Policy, threshold: int) -> tuple[tuple[Triple, ...], ...]:
    """For each group of defender rolls (`_groups` order), the outcome counts (over sides**kd) once
    the defender has re-rolled, against each attacker total x less the margin from dice - 1 to
    dice * sides + 1 (any x beyond is as sure as those ends): the defender picks the re-roll that
    maximises its wins plus half its draws, ties to fewer re-rolls. It depends on no margin, so
    every matchup with the same defender re-rolls shares it."""
    table = []
    for options, _ in _groups(dice, sides, kd, policy, threshold):
        row = []
        for x in range(dice - 1, dice * sides + 2):
            best: Triple | None = None
            for m, kept in options:
                scale = sides ** (kd - m)
                win = draw = lose = 0
                for total, ways in sum_distribution(m, sides):
                    d = kept + total
                    if x > d:
                        win += ways
                    elif x == d:
                        draw += ways
                    else:
                        lose += ways
                t = (win * scale, draw * scale, lose * scale)
                if best is None or 2 * t[2] + t[1] > 2 * best[2] + best[1]:
                    best = t
            assert best is not None
            row.append(best)
        table.append(tuple(row))
    return tuple(table)


@cache
def _attack(dice: int, sides: int, m: int, y: int, kd: int, policy: Policy, threshold: int) -> tuple[Triple, ...]:
    """Outcome counts (over sides**(m + kd)) of an attacker that re-rolls m dice and keeps dice
    totalling y over the margin, against each group of defender rolls answering as `_defence` says."""
    lo, hi = dice - 1, dice * sides + 1
    out = []
    for row in _defence(dice, sides, kd, policy, threshold):
        win = draw = lose = 0
        for total, ways in sum_distribution(m, sides):
            row_win, row_draw, row_lose = row[min(hi, max(lo, y + total)) - lo]
            win += row_win * ways
            draw += row_draw * ways
            lose += row_lose * ways
        out.append((win, draw, lose))
    return tuple(out)


@cache
def combat_odds(dice: int, sides: int, margin: int, attacker_rerolls: int, defender_rerolls: int,
                policy: Policy, threshold: int = 3) -> Odds:
    """Odds when the attacker wins on (attacker dice − defender dice) > `margin`, where `margin`
    is the defender's bonus minus the attacker's.

    For each attacker roll and defender roll, the attacker takes the re-roll that maximises its
    wins plus half its draws (ties to fewer re-rolls), the defender answering each outcome as it
    would; rolls offering the same re-rolls are counted together (`_groups`)."""
    ka, kd = attacker_rerolls, defender_rerolls
    if ka > dice or kd > dice:
        raise ValueError(f"cannot re-roll more than the {dice} dice rolled")
    defenders = [ways for _, ways in _groups(dice, sides, kd, policy, threshold)]
    # each attacker option's counts against each defender group, scaled to sides**(ka + kd),
    # and the value the attacker weighs them by (wins plus half the draws, doubled)
    scaled: dict[Option, tuple[list[Triple], list[int]]] = {}
    totals = [0, 0, 0]
    for options, a_ways in _groups(dice, sides, ka, policy, threshold):
        for option in options:
            if option not in scaled:
                m, kept = option
                scale = sides ** (ka - m)
                counts = [(w * scale, d * scale, lo * scale)
                          for w, d, lo in _attack(dice, sides, m, kept - margin, kd, policy, threshold)]
                scaled[option] = counts, [2 * w + d for w, d, _ in counts]
        choices = [scaled[o] for o in options]
        win = draw = lose = 0
        for j, d_ways in enumerate(defenders):
            best, best_value = choices[0][0][j], choices[0][1][j]
            for counts, values in choices[1:]:
                if values[j] > best_value:
                    best, best_value = counts[j], values[j]
            win += best[0] * d_ways
            draw += best[1] * d_ways
            lose += best[2] * d_ways
        totals[0] += win * a_ways
        totals[1] += draw * a_ways
        totals[2] += lose * a_ways
    denominator = sides ** (2 * dice + ka + kd)
    win_, draw_, lose_ = (Fraction(t, denominator) for t in totals)
    return Odds(win_, draw_, lose_)


@dataclass(frozen=True)
class OddsRow:
    """One line of the odds table: who attacks whom, standing where, under which policy."""

    attacker: Force
    defender: Force
    defence: str
    attack_bonus: int
    defence_bonus: int
    attacker_rerolls: int
    defender_rerolls: int
    policy: Policy
    odds: Odds


def matchup(model: IslandOfFog, attacker: Force, defender: Force, defence: str,
            policy: Policy) -> OddsRow:
    """The odds of one attack, with its bonuses and re-rolls from the model."""
    atk = attack_bonus(model, attacker)
    dfn = defence_bonus(model, defender, defence)
    ka, kd = rerolls(model, attacker), rerolls(model, defender)
    args = (model.combat.dice, model.combat.die_sides, dfn - atk, ka, kd, policy, model.combat.simple_threshold)
    # exact and cheap enough (a fifth of a second for both policies) to be made by every build that
    # needs it: nothing is read back from an output folder for it; combat_odds remembers it in-process
    odds = combat_odds(*args)
    return OddsRow(attacker, defender, defence, atk, dfn, ka, kd, policy, odds)


def odds_table(model: IslandOfFog, policy: Policy) -> list[OddsRow]:
    """Every attacker against every defender on every defence row it can stand on."""
    return [matchup(model, attacker, defender, row.id, policy) for attacker in forces(model)
            for defender in forces(model) for row in model.combat.defence if can_stand_on(model, defender, row.id)]


def force_id(force: Force) -> str:
    return force.unit if force.size == 1 else f"{force.unit}-stack-{force.size}"


def to_csv(rows: list[OddsRow]) -> str:
    """The table as CSV: decimals to 6 places and the exact fractions."""
    return csv_text(["policy", "attacker", "defender", "defence", "attack_bonus", "defence_bonus",
                     "attacker_rerolls", "defender_rerolls", "p_win", "p_draw", "p_lose",
                     "win_exact", "draw_exact", "lose_exact"],
                    ([r.policy, force_id(r.attacker), force_id(r.defender), r.defence, r.attack_bonus,
                      r.defence_bonus, r.attacker_rerolls, r.defender_rerolls,
                      f"{float(r.odds.win):.6f}", f"{float(r.odds.draw):.6f}", f"{float(r.odds.lose):.6f}",
                      str(r.odds.win), str(r.odds.draw), str(r.odds.lose)] for r in rows))


def odds_csv(model: IslandOfFog) -> str:
    """odds.csv as the kit and `playkit odds` both write it: every re-roll policy, one header."""
    return to_csv([row for policy in POLICIES for row in odds_table(model, policy)])


def percent(p: Fraction) -> str:
    """A probability as a whole percentage for the table and the card ('<1%' rather than '0%')."""
    v = float(p) * 100
    if 0 < v < 0.5:
        return "<1%"
    if 99.5 <= v < 100:
        return ">99%"
    return f"{v:.0f}%"


def format_table(model: IslandOfFog, rows: list[OddsRow]) -> str:
    """The table for a terminal: one line a matchup, attacker's win / draw / lose."""
    head = f"{'attacker':<12} {'defender':<12} {'on':<9} {'+A':>3} {'+D':>3}  {'win':>6} {'draw':>6} {'lose':>6}"
    lines = [head, "-" * len(head)]
    for r in rows:
        o = r.odds
        lines.append(
            f"{r.attacker.label(model):<12} {r.defender.label(model):<12} "
            f"{model.defence[r.defence].name:<9} {r.attack_bonus:>3} {r.defence_bonus:>3}  "
            f"{float(o.win) * 100:>5.1f}% {float(o.draw) * 100:>5.1f}% {float(o.lose) * 100:>5.1f}%")
    return "\n".join(lines)
