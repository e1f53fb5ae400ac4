"""The greedy policy's choice of spot, held to the rule as first written: a straightforward reference
(scores in floats, every spot of both lines scanned) kept here, against the tuned policy (integer
scores, the backline skipped when it cannot win) on many random boards of every allowed width."""

from __future__ import annotations

import random

from generator.content import paths
from generator.core import kit
from generator.games.skybound_battle.compiled import CardData, compile_pool
from generator.games.skybound_battle.engine import Battle, Unit
from generator.games.skybound_battle.policies import GreedyPolicy


def reference_best_slot(battle: Battle, side: int, card: CardData) -> int:
    """The empty spot that scores best for `card` (the first of equals, in board order)."""
    own, enemy, c = battle.board[side], battle.board[1 - side], battle.columns
    centre = (c - 1) / 2
    best_s, best_score = -1, -1e9
    for col in range(c):  # frontline
        if own[col] is not None:
            continue
        score = 10
        if own[col + c] is not None:
            score += 3
        if card.backliner:
            score -= 3
        e = enemy[col] or enemy[col + c]
        if e is not None:
            if e.face_up:
                if card.attack >= e.life - e.damage + e.armour:
                    score += 4
                if e.attack - card.armour >= card.life:
                    score -= 4
            else:
                score += 1
        total = score - abs(col - centre) * 0.1
        if total > best_score:
            best_s, best_score = col, total
    for col in range(c):  # backline
        if own[col + c] is not None:
            continue
        total = ((12 if card.backliner else 6) if own[col] is not None else 1) - abs(col - centre) * 0.1
        if total > best_score:
            best_s, best_score = col + c, total
    return best_s


def test_greedy_picks_the_spot_the_reference_rule_picks_on_random_boards():
    pool = list(compile_pool(kit.load("skybound-battle", paths.CONTENT).model.cards).values())
    rng = random.Random(13)
    greedy = GreedyPolicy()
    for columns in range(1, 10):  # every width the rules allow
        for _ in range(300):
            b = Battle(([], []), (greedy, greedy), random.Random(0), columns=columns, shuffle=False)
            for s in (0, 1):
                for slot in range(b.nslots):
                    if rng.random() < 0.45:
                        u = b.place(s, rng.choice(pool), slot, face_up=rng.random() < 0.6)
                        u.damage = rng.randrange(u.life)
            if b.count[0] == b.nslots:  # the policy is only asked with room to place
                b.board[0][rng.randrange(b.nslots)] = None
            card = rng.choice(pool)
            assert greedy.best_slot(b, 0, card) == reference_best_slot(b, 0, card), (columns, b.board, card)


def test_the_reference_rule_sees_what_the_greedy_player_weighs():
    """The comparison above can fail: the reference does respond to a shield, an enemy and the centre."""
    pool = compile_pool(kit.load("skybound-battle", paths.CONTENT).model.cards)
    b = Battle(([], []), (GreedyPolicy(), GreedyPolicy()), random.Random(0), shuffle=False)
    brute = next(c for c in pool.values() if not c.backliner)
    assert reference_best_slot(b, 0, brute) == 2  # the middle of the frontline
    b.place(0, brute, 2 + 5, face_up=True)          # someone behind the middle column's spot …
    b.place(1, brute, 1, face_up=False)             # … and a face-down enemy across column 1
    assert reference_best_slot(b, 0, brute) == 2
    b.place(0, brute, 2, face_up=True)
    assert reference_best_slot(b, 0, brute) == 1    # the face-down enemy is worth a point
    assert isinstance(b.board[0][2], Unit)
