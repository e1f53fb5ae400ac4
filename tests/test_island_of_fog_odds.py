"""Exact combat odds: the dice distribution, hand-computed matchups, and a brute force that
re-rolls any dice (not just the lowest) to check the enumeration's short cuts."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from generator.content import paths
from generator.core import kit
from generator.games.island_of_fog.model import IslandOfFog
from generator.games.island_of_fog.odds import (
    combat_odds,
    format_table,
    matchup,
    odds_table,
    percent,
    rolls,
    sum_distribution,
    to_csv,
)
from generator.games.island_of_fog.rules import Force

# The number of ways to roll each total 3..18 on three six-sided dice (a textbook table).
THREE_D6 = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]


@pytest.fixture(scope="module")
def m() -> IslandOfFog:
    model: IslandOfFog = kit.load("island-of-fog", paths.CONTENT).model
    return model


def test_3d6_distribution_matches_the_known_table():
    dist = sum_distribution(3, 6)
    assert [t for t, _ in dist] == list(range(3, 19))
    assert [w for _, w in dist] == THREE_D6
    assert sum(w for _, w in dist) == 216


def test_rolls_group_the_216_outcomes_into_56_sorted_rolls():
    grouped = rolls(3, 6)
    assert len(grouped) == 56 and sum(w for _, w in grouped) == 216
    assert dict(grouped)[(6, 6, 6)] == 1 and dict(grouped)[(3, 2, 1)] == 6


def test_basic_attacks_basic_on_plains_by_hand():
    # win: attacker's 3d6 + 1 > defender's 3d6, i.e. X >= Y; draw: X + 1 == Y
    equal = sum(w * w for w in THREE_D6)                          # 4332
    one_less = sum(a * b for a, b in itertools.pairwise(THREE_D6))  # 4221
    above = (216 * 216 - equal) // 2                               # 21162
    o = combat_odds(3, 6, -1, 0, 0, "optimal")
    assert (equal, one_less, above) == (4332, 4221, 21162)
    assert o.win == Fraction(above + equal, 46656)
    assert o.draw == Fraction(one_less, 46656)
    assert o.lose == 1 - o.win - o.draw == Fraction(16941, 46656)


def test_even_bonuses_give_even_odds():
    o = combat_odds(3, 6, 0, 0, 0, "optimal")   # e.g. a basic unit attacks one in a forest
    assert o.win == o.lose == Fraction(21162, 46656)
    assert o.draw == Fraction(4332, 46656)


def test_stack_rerolls_one_coin_by_hand():
    # one two-sided die, the attacker may re-roll it once: re-roll a 1, keep a 2
    # (1,1): ½ win ½ draw; (1,2): ½ draw ½ lose; (2,1): win; (2,2): draw
    o = combat_odds(1, 2, 0, 1, 0, "optimal")
    assert (o.win, o.draw, o.lose) == (Fraction(3, 8), Fraction(1, 2), Fraction(1, 8))
    d = combat_odds(1, 2, 0, 0, 1, "optimal")  # the same for a defending stack, mirrored
    assert (d.win, d.draw, d.lose) == (Fraction(1, 8), Fraction(1, 2), Fraction(3, 8))
    assert combat_odds(1, 2, 0, 1, 0, "simple", threshold=1) == o


def _brute_value(dice: int, sides: int, margin: int, ka: int, kd: int) -> Fraction:
    """Attacker's win + ½ draw when both play best, trying every subset of dice to re-roll."""
    faces = range(1, sides + 1)

    def subsets(k: int) -> list[tuple[int, ...]]:
        return [s for n in range(k + 1) for s in itertools.combinations(range(dice), n)]

    def rerolled(roll: tuple[int, ...], subset: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for new in itertools.product(faces, repeat=len(subset)):
            r = list(roll)
            for i, v in zip(subset, new, strict=False):
                r[i] = v
            out.append(tuple(r))
        return out

    def utility(a: tuple[int, ...], d: tuple[int, ...]) -> Fraction:
        x, y = sum(a) - margin, sum(d)
        return Fraction(1) if x > y else Fraction(1, 2) if x == y else Fraction(0)

    def defender(a: tuple[int, ...], d: tuple[int, ...]) -> Fraction:  # minimises the attacker
        return min(sum((utility(a, nd) for nd in rerolled(d, s)), Fraction(0)) / sides ** len(s)
                   for s in subsets(kd))

    total = Fraction(0)
    for a in itertools.product(faces, repeat=dice):
        for d in itertools.product(faces, repeat=dice):
            total += max(sum((defender(na, d) for na in rerolled(a, s)), Fraction(0)) / sides ** len(s)
                         for s in subsets(ka))
    return total / sides ** (2 * dice)


@pytest.mark.parametrize(("dice", "sides", "margin", "ka", "kd"), [
    (2, 3, 0, 1, 0), (2, 3, 1, 0, 1), (2, 3, -1, 1, 1), (3, 2, 0, 2, 1), (2, 3, 2, 2, 2), (3, 2, 1, 1, 2),
])
def test_optimal_rerolls_agree_with_a_brute_force_over_every_subset(dice, sides, margin, ka, kd):
    o = combat_odds(dice, sides, margin, ka, kd, "optimal")
    assert o.win + o.draw + o.lose == 1
    assert o.win + o.draw / 2 == _brute_value(dice, sides, margin, ka, kd)


def test_simple_policy_rerolls_low_dice_whatever_the_opponent_rolled():
    # 2 dice of 4 sides, threshold 2: a roll of (4, 1) re-rolls the 1, (4, 3) keeps both
    brute = [Fraction(0)] * 3
    for a in itertools.product(range(1, 5), repeat=2):
        outcomes = [max(a) + n for n in range(1, 5)] if min(a) <= 2 else [sum(a)]
        for d in itertools.product(range(1, 5), repeat=2):
            for x in outcomes:
                i = 0 if x > sum(d) else 1 if x == sum(d) else 2
                brute[i] += Fraction(1, 16 * 16 * len(outcomes))
    o = combat_odds(2, 4, 0, 1, 0, "simple", threshold=2)
    assert [o.win, o.draw, o.lose] == brute


def test_more_rerolls_never_hurt_the_attacker(m):
    for row in ("plains", "building"):
        values = [matchup(m, Force("basic", n), Force("basic"), row, "optimal").odds for n in (1, 2, 3)]
        v = [o.win + o.draw / 2 for o in values]
        assert v[0] < v[1] < v[2]


def test_elite_attacks_better_than_basic(m):
    basic = matchup(m, Force("basic"), Force("basic"), "forest", "optimal").odds
    elite = matchup(m, Force("elite"), Force("basic"), "forest", "optimal").odds
    assert elite.win > basic.win and elite.lose < basic.lose


def test_table_covers_every_attacker_and_defender_where_it_can_stand(m):
    rows = odds_table(m, "simple")
    assert len(rows) == 4 * (4 * 4 - 1)   # elites never stand on mountains
    assert all(r.odds.win + r.odds.draw + r.odds.lose == 1 for r in rows)
    assert not any(r.defender.unit == "elite" and r.defence == "mountain" for r in rows)
    text = format_table(m, rows)
    assert "Stack of 3" in text and "Building" in text
    csv = to_csv(rows).splitlines()
    assert csv[0].startswith("policy,attacker,defender,defence") and len(csv) == len(rows) + 1
    assert csv[1].startswith("simple,basic,basic,plains,1,0,0,0,0.546425,0.090471,0.363104,")


def test_percent_never_rounds_a_chance_to_nothing():
    assert percent(Fraction(1, 1000)) == "<1%" and percent(Fraction(999, 1000)) == ">99%"
    assert percent(Fraction(1, 2)) == "50%" and percent(Fraction(0)) == "0%"


def test_combat_card_and_rulebook_say_the_same_about_rerolls_and_what_the_odds_assume(m):
    """Issue 15: the card said "re-rolls 2" where the rulebook said "up to 2", listed an elite bonus
    on mountains (elites cannot stand there) and never said what "best chance" assumes."""
    from generator.draw.scene import texts
    from generator.games.island_of_fog import draw_cards, rulebook
    from generator.games.island_of_fog.text import combat_lines, combat_words, table

    rows = table(m)
    said = combat_words(m)
    card = " ".join(" ".join(texts(draw_cards.combat_card(m, rows))).split())
    book = " ".join(rulebook.text(m, {}, rows).split())
    for sentence in said.values():
        words = sentence.split()
        # the card wraps lines: compare word runs, not layout
        assert " ".join(words[:12]) in card and " ".join(words[:12]) in book, sentence
    assert "up to" in said["rerolls"] and "re-rolls 2" not in card
    assert "half its chance of a draw" in said["odds"] and "attacker first" in said["odds"]
    mountain = combat_lines(m)["defence"]["Mountain"]
    assert list(mountain) == ["Basic unit"]  # no elite bonus where an elite cannot stand
    assert "elite +3)" not in card.split("on Mountain")[1].split(")")[0] + ")"


def _reference_odds(dice: int, sides: int, margin: int, ka: int, kd: int, policy: str,
                    threshold: int = 3) -> tuple[Fraction, Fraction, Fraction]:
    """The enumeration written plainly, roll by roll (the engine groups rolls and shares tables
    between matchups: it must give exactly these fractions)."""
    def choices(roll: tuple[int, ...], k: int) -> list[int]:
        return list(range(k + 1)) if policy == "optimal" else [min(k, sum(1 for v in roll if v <= threshold))]

    def defend(roll: tuple[int, ...], x: int) -> tuple[int, int, int]:
        best: tuple[int, int, int] | None = None
        for m in choices(roll, kd):
            kept, scale = sum(roll[:dice - m]), sides ** (kd - m)
            t = [0, 0, 0]
            for total, ways in sum_distribution(m, sides):
                t[0 if x > kept + total else 1 if x == kept + total else 2] += ways * scale
            if best is None or 2 * t[2] + t[1] > 2 * best[2] + best[1]:
                best = (t[0], t[1], t[2])
        assert best is not None
        return best

    totals = [0, 0, 0]
    for a_roll, a_ways in rolls(dice, sides):
        for d_roll, d_ways in rolls(dice, sides):
            best: list[int] | None = None
            for m in choices(a_roll, ka):
                kept, scale = sum(a_roll[:dice - m]), sides ** (ka - m)
                acc = [0, 0, 0]
                for total, ways in sum_distribution(m, sides):
                    t = defend(d_roll, kept + total - margin)
                    acc = [acc[i] + t[i] * ways * scale for i in range(3)]
                if best is None or 2 * acc[0] + acc[1] > 2 * best[0] + best[1]:
                    best = acc
            assert best is not None
            totals = [totals[i] + best[i] * a_ways * d_ways for i in range(3)]
    n = sides ** (2 * dice + ka + kd)
    return Fraction(totals[0], n), Fraction(totals[1], n), Fraction(totals[2], n)


@pytest.mark.parametrize("policy", ["optimal", "simple"])
@pytest.mark.parametrize(("dice", "sides"), [(1, 2), (2, 3), (2, 4), (3, 3)])
def test_grouped_enumeration_equals_the_plain_one(dice, sides, policy):
    for margin in range(-2, 3):
        for ka in range(dice + 1):
            for kd in range(dice + 1):
                o = combat_odds(dice, sides, margin, ka, kd, policy, threshold=sides // 2)
                assert (o.win, o.draw, o.lose) == _reference_odds(dice, sides, margin, ka, kd, policy,
                                                                  sides // 2), (margin, ka, kd)


@pytest.mark.parametrize(("margin", "ka", "kd", "policy"), [(-1, 2, 1, "optimal"), (2, 1, 2, "simple")])
def test_grouped_enumeration_equals_the_plain_one_on_the_games_dice(margin, ka, kd, policy):
    o = combat_odds(3, 6, margin, ka, kd, policy)
    assert (o.win, o.draw, o.lose) == _reference_odds(3, 6, margin, ka, kd, policy)
