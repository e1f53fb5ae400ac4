"""Deployment policies for the simulator: how a simulated player places cards and makes choices.

Both see only what a player at the table sees: their own hand, where the enemy's face-down cards
lie (not what they are), and the enemy's face-up characters.
"""

from __future__ import annotations

from .compiled import DAMAGE, EXHAUST, HEAL, CardData, Eff
from .engine import ATTACK, Battle, Unit


class RandomPolicy:
    """Random legal play: pass with chance 1/(cards in hand + 1), else a random card in a random
    empty spot; random choices between equal targets; each Activated effect used half the time."""

    name = "random"

    def deploy(self, battle: Battle, side: int) -> tuple[int, int] | None:
        rng = battle.rng
        hand = battle.hands[side]
        if rng.random() * (len(hand) + 1) < 1.0:
            return None
        own = battle.board[side]
        free = [s for s in range(battle.nslots) if own[s] is None]
        return rng.randrange(len(hand)), free[rng.randrange(len(free))]

    def choose(self, battle: Battle, side: int, candidates: list[Unit], verb: int, amount: int) -> Unit:
        return candidates[battle.rng.randrange(len(candidates))]

    def activate(self, battle: Battle, unit: Unit, effect: Eff, targets: list[Unit]) -> bool:
        return bool(targets) and battle.rng.random() < 0.5


class GreedyPolicy:
    """Greedy play: every turn, deploy the most valuable card in hand (cost first, then stats) into
    the spot that scores best right now; never pass while a card can be placed. Choices between
    equal targets go to the one it can defeat, else the one that cannot strike back; Activated
    effects are used whenever they would do something."""

    name = "greedy"

    def deploy(self, battle: Battle, side: int) -> tuple[int, int] | None:
        hand = battle.hands[side]
        best_i = max(range(len(hand)), key=lambda i: hand[i].value)  # the first of equals
        return best_i, self.best_slot(battle, side, hand[best_i])

    def best_slot(self, battle: Battle, side: int, card: CardData) -> int:
        """The empty spot that scores best for `card` right now (the first of equals, in board order)."""
        own = battle.board[side]
        enemy = battle.board[1 - side]
        c = battle.columns
        off_centre, least_off = OFF_CENTRE[c]
        best_s = -1
        best_total = -1 << 30
        attack, life, armour, back = card.attack, card.life, card.armour, card.backliner
        front = 7 if back else 10  # a card that wants a shield scores 3 less in the frontline
        shielding = front + 3  # … and 3 more with a character behind it to shield
        for col in range(c):  # frontline: it stands between the enemy and whatever is behind it
            if own[col] is not None:
                continue
            score = front if own[col + c] is None else shielding
            e = enemy[col]  # the enemy across, frontline first, face up or not
            if e is None:
                e = enemy[col + c]
            if e is not None:
                if not e.face_up:
                    score += 1
                else:
                    if attack >= e.life - e.damage + e.armour:
                        score += 4
                    if e.attack - armour >= life:
                        score -= 4
            total = 20 * score - off_centre[col]  # in twentieths of a point, less the column's
            if total > best_total:
                best_s, best_total = col, total
        shielded = 12 if back else 6
        if best_total >= 20 * shielded - least_off:
            return best_s  # no backline spot can score more (and equals go to the frontline, first in board order)
        for col in range(c):  # backline: only worth it behind a shield
            if own[col + c] is not None:
                continue
            total = 20 * (1 if own[col] is None else shielded) - off_centre[col]
            if total > best_total:
                best_s, best_total = col + c, total
        return best_s

    def choose(self, battle: Battle, side: int, candidates: list[Unit], verb: int, amount: int) -> Unit:
        if verb in (ATTACK, DAMAGE):
            return max(candidates, key=lambda t: (t.life - t.damage + t.armour <= amount, t.exhausted,
                                                  t.attack, -t.slot))
        if verb == HEAL:
            return max(candidates, key=lambda t: (t.damage, -t.slot))
        return max(candidates, key=lambda t: (t.attack, -t.slot))

    def activate(self, battle: Battle, unit: Unit, effect: Eff, targets: list[Unit]) -> bool:
        verb = effect[0]
        if not targets:
            return False
        if verb == HEAL:
            return any(t.damage for t in targets)
        if verb == EXHAUST:
            return any(not t.exhausted for t in targets)
        return True


class _OffCentre(dict[int, tuple[tuple[int, ...], int]]):
    """What the greedy player takes off a spot's score for its column being off centre (it prefers
    the middle), by board width: a tenth of a point a column, in twentieths of a point (half a
    column off centre, when the columns are even, is one) so that scores add up exactly; and the
    least of them. Made for a width when first asked (a dict, not a cached call: it is read for
    every card placed)."""

    def __missing__(self, columns: int) -> tuple[tuple[int, ...], int]:
        off = tuple(abs(2 * col - (columns - 1)) for col in range(columns))
        self[columns] = value = (off, min(off))
        return value


OFF_CENTRE = _OffCentre()
