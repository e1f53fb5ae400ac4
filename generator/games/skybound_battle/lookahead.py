"""A look-ahead policy: before each placement it plays the rest of the round out, many times, for
passing and for each card it could place, and takes what leaves it best off. Unlike greedy play it
passes, and holds cards back, whenever the rollouts say that is better.

It sees what a player at the table sees. The enemy's face-down cards and hand are unknown: each
rollout deals them afresh from the cards of the enemy's deck list not yet seen face up or in the
discard (a constructed deck's list is known at the table, as at a tournament), and shuffles both
decks. The rest of the round is played by greedy players; the board is then scored.
"""

from __future__ import annotations

import random

from .compiled import CardData, Eff
from .engine import Battle, Unit
from .policies import GreedyPolicy

WIN = 1000.0
# What a card kept in hand is worth, against the same card on the board: the option of placing it
# later, once the enemy has shown more (below 1, since a card in hand neither blocks nor strikes).
HAND_WORTH = 0.6


class LookaheadPolicy:
    """Rollouts of the round for passing and for the best spot of each of the (up to) `width` most
    valuable distinct cards in hand; `rollouts` deals of the unknown cards for each.

    With `passes=False` it never weighs passing: it places whenever it can, choosing the card by
    the same rollouts. Its duel with the passing look-ahead measures what holding back is worth,
    everything else being equal (greedy differs from the look-ahead in more than passing)."""

    name = "lookahead"

    def __init__(self, rollouts: int = 6, width: int = 4, passes: bool = True) -> None:
        self.rollouts = rollouts
        self.width = width
        self.passes = passes
        self.greedy = GreedyPolicy()
        if not passes:
            self.name = "lookahead-dump"

    def deploy(self, battle: Battle, side: int) -> tuple[int, int] | None:
        hand = battle.hands[side]
        seen: dict[str, int] = {}
        for i in sorted(range(len(hand)), key=lambda i: -hand[i].value):
            if hand[i].id not in seen and len(seen) < self.width:
                seen[hand[i].id] = i
        options: list[tuple[int, int] | None] = [(i, self.greedy.best_slot(battle, side, hand[i]))
                                                 for i in seen.values()]
        if self.passes:
            options.append(None)
        base = battle.rng.getrandbits(32)
        if len(options) == 1:
            return options[0]
        best, best_value = options[0], -1e18
        for option in options:  # the same deals for every option: their difference is the option's
            value = sum(self.rollout(battle, side, option, random.Random(base + r)) for r in range(self.rollouts))
            if value > best_value:  # ties keep the earlier option: placing before passing
                best, best_value = option, value
        return best

    def rollout(self, battle: Battle, side: int, option: tuple[int, int] | None, rng: random.Random) -> float:
        """The score of the board after the rest of the round, having taken `option` now."""
        b = battle.copy((self.greedy, self.greedy), rng)
        deal_unknown(b, side, rng)
        passed = list(battle.passed)
        if option is None:
            passed[side] = True
        else:
            b.place(side, b.hands[side].pop(option[0]), option[1])
            b.deployed = True
            if not b.can_deploy(side):
                passed[side] = True
        b.finish_round(1 - side if not passed[1 - side] else side, passed)
        return score(b, side)

    def choose(self, battle: Battle, side: int, candidates: list[Unit], verb: int, amount: int) -> Unit:
        return self.greedy.choose(battle, side, candidates, verb, amount)

    def activate(self, battle: Battle, unit: Unit, effect: Eff, targets: list[Unit]) -> bool:
        return self.greedy.activate(battle, unit, effect, targets)


def deal_unknown(b: Battle, side: int, rng: random.Random) -> None:
    """Deal the cards `side` cannot know afresh: the enemy's face-down characters, hand and deck
    from the enemy's unseen cards; its own deck's order."""
    enemy = 1 - side
    board = b.board[enemy]
    hidden = [u for u in board if u is not None and not u.face_up]
    unseen: list[CardData] = [u.card for u in hidden] + b.hands[enemy] + b.decks[enemy]
    rng.shuffle(unseen)
    for k, u in enumerate(hidden):
        board[u.slot] = Unit(unseen[k], enemy, u.slot, u.col)
    k = len(hidden)
    n = len(b.hands[enemy])
    b.hands[enemy] = unseen[k:k + n]
    b.decks[enemy] = unseen[k + n:]
    rng.shuffle(b.decks[side])


def score(b: Battle, side: int) -> float:
    """How well off `side` is: a win or a loss outright, else characters standing (their attack,
    life left, armour and mana) and cards in hand, its own minus the enemy's."""
    if b.winner is not None:
        return WIN if b.winner == side else -WIN
    total = 0.0
    for s, sign in ((side, 1.0), (1 - side, -1.0)):
        for u in b.board[s]:
            if u is not None:
                total += sign * (2 + u.attack + u.life - u.damage + 2 * u.armour + 0.5 * u.mana)
        total += sign * HAND_WORTH * sum(2 + c.attack + c.life for c in b.hands[s])
    return total
