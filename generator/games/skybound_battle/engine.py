"""The battle engine: one game of Skybound Battle by the seed's rules and our decisions (pure, fast).

A side's board is a list of 2 x columns spots, `slot = row * columns + column`, the frontline
(row 0) first: that is board order, the order of reveal and of battle (decision resolution-order).
The hot loop uses plain lists, small ints and slotted objects; content models never enter it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Protocol, TypeVar

from .compiled import (
    ACROSS,
    ADJ_ALLIES,
    ALL_ALLIES,
    ALL_ENEMIES,
    COLUMN,
    DAMAGE,
    DEFEAT,
    DRAW,
    END_ROUND,
    EXHAUST,
    FORTIFY,
    HEAL,
    MANA,
    NEAREST,
    SELF,
    STRENGTHEN,
    WEAKEST,
    CardData,
    Eff,
)

T = TypeVar("T")


class Unit:
    """A character on the board: its card, where it stands and what happened to it."""

    __slots__ = (
        "armour",
        "attack",
        "card",
        "col",
        "damage",
        "exhausted",
        "face_up",
        "life",
        "mana",
        "ranged",
        "side",
        "slot",
    )

    def __init__(self, card: CardData, side: int, slot: int, col: int) -> None:
        self.card = card
        self.side = side
        self.slot = slot
        self.col = col
        self.attack = card.attack
        self.life = card.life
        self.damage = 0
        self.mana = card.mana  # "when a character is deployed, place MANA on them" (decision mana)
        self.exhausted = False
        self.face_up = False
        self.armour = card.armour
        self.ranged = card.ranged

    def copy(self) -> Unit:
        u = Unit(self.card, self.side, self.slot, self.col)  # every field set below (mypyc compiles this)
        u.attack, u.life, u.damage, u.mana = self.attack, self.life, self.damage, self.mana
        u.exhausted, u.face_up, u.armour, u.ranged = self.exhausted, self.face_up, self.armour, self.ranged
        return u

    def __repr__(self) -> str:
        state = ("^" if self.face_up else "v") + ("x" if self.exhausted else "")
        return f"<{self.card.id} s{self.side}@{self.slot} {self.attack}/{self.life}-{self.damage}{state}>"


class Policy(Protocol):
    """How a player decides: where to deploy, which of equal targets, whether to use a spell."""

    name: str

    def deploy(self, battle: Battle, side: int) -> tuple[int, int] | None:
        """(index in hand, slot) to place a card face down, or None to pass."""

    def choose(self, battle: Battle, side: int, candidates: list[Unit], verb: int, amount: int) -> Unit:
        """One of several equally valid targets (verb ATTACK for an attack; amount its strength)."""

    def activate(self, battle: Battle, unit: Unit, effect: Eff, targets: list[Unit]) -> bool:
        """Whether to use an Activated effect now (it is optional)."""


ATTACK = -1


def shuffled(cards: list[T], rng: random.Random) -> None:
    """Shuffle `cards` in place exactly as `rng.shuffle(cards)` does, draw for draw (Fisher-Yates from
    the end, each index drawn from getrandbits and redrawn while out of range: random.Random's own
    algorithm), without its Python call for every card (a test holds it to rng.shuffle)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


@cache
def rings(columns: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Columns by distance from each column: ((c,), (c-1, c+1), …) (decision targeting-distance)."""
    out = []
    for c in range(columns):
        near: list[tuple[int, ...]] = [(c,)]
        for d in range(1, columns):
            ring = tuple(x for x in (c - d, c + d) if 0 <= x < columns)
            if ring:
                near.append(ring)
        out.append(tuple(near))
    return tuple(out)


@cache
def adjacent(columns: int) -> tuple[tuple[int, ...], ...]:
    """For each spot, the spots next to it in board order: the one in front or behind, left, right."""
    out = []
    for slot in range(2 * columns):
        col = slot % columns
        spots = [slot + columns if slot < columns else slot - columns]
        if col > 0:
            spots.append(slot - 1)
        if col < columns - 1:
            spots.append(slot + 1)
        out.append(tuple(sorted(spots)))
    return tuple(out)


class Battle:
    """The state of one game, and the rules that move it."""

    def __init__(self, decks: Sequence[Sequence[CardData]], policies: Sequence[Policy], rng: random.Random,
                 *, first: int = 0, columns: int = 5, opening: int = 5, draw_per_round: int = 2,
                 round_limit: int = 40, shuffle: bool = True, reveal_together: bool = True) -> None:
        self.columns = columns
        self.nslots = 2 * columns
        self.reveal_together = reveal_together
        self.rng = rng
        self.policies = list(policies)
        self.decks: list[list[CardData]] = [list(decks[0]), list(decks[1])]
        if shuffle:
            shuffled(self.decks[0], rng)
            shuffled(self.decks[1], rng)
        self.hands: list[list[CardData]] = [[], []]
        self.discard: list[list[CardData]] = [[], []]
        self.board: list[list[Unit | None]] = [[None] * self.nslots, [None] * self.nslots]
        self.count = [0, 0]  # characters on each side (face down ones too)
        self.token = first
        self.first = first
        self.opening = opening
        self.draw_per_round = draw_per_round
        self.round_limit = round_limit
        self.round = 0
        self.winner: int | None = None
        self.drawn = False
        self.round_ended = False
        self.deployed = False
        self.deployed_ids: list[list[str]] = [[], []]
        # (slot, attacker, target, clash) of every attack, when a caller wants the battle told step
        # by step (the rulebook's example); None in simulations
        self.attack_log: list[tuple[int, Unit, Unit, bool]] | None = None
        self.turn = first               # whose placement it is during deployment
        self.passed = [False, False]    # who has passed this round's deployment
        self.placed = [0, 0]            # cards each side placed, and times it passed while it could
        self.held = [0, 0]              # have placed one: what shows a policy holding cards back
        # Deployed effects by card id: [times revealed, times one of them found no target]
        self.deployed_effects: dict[str, list[int]] = {}
        self.near = rings(columns)
        self.adjacent = adjacent(columns)

    # ------------------------------------------------------------------ the game
    def play(self) -> int | None:
        """Play to the end; the winning side, or None for a draw."""
        for side in (self.token, 1 - self.token):
            self.draw(side, self.opening)
        while self.winner is None and not self.drawn:
            self.play_round()
        return self.winner

    def play_round(self) -> None:
        """Draw, Deployment, Reveal, Resolve Battle, End of Round."""
        self.round += 1
        self.round_ended = False
        self.deployed = False
        order = (self.token, 1 - self.token)
        for side in order:
            self.draw(side, self.draw_per_round)
        self.deployment()
        # Drawing never touches the board, so with nothing deployed the board now is the round's start.
        before = None if self.deployed else self.snapshot()
        if not self.after_deployment():
            return
        if (before is not None and self.snapshot() == before) or self.round >= self.round_limit:
            self.drawn = True  # decision drawn-game

    def draw(self, side: int, n: int) -> None:
        """Draw n cards; an empty deck gives nothing (decision empty-deck)."""
        deck, hand = self.decks[side], self.hands[side]
        while n > 0 and deck:
            hand.append(deck.pop())
            n -= 1

    def snapshot(self) -> tuple[tuple[int, int, int, int, int, int, int], ...]:
        return tuple((u.side, u.slot, u.card.index, u.damage, u.attack, u.life, u.mana)
                     for b in self.board for u in b if u is not None)

    # ------------------------------------------------------------------ deployment
    def can_deploy(self, side: int) -> bool:
        return bool(self.hands[side]) and self.count[side] < self.nslots

    def deployment(self, cur: int | None = None, passed: list[bool] | None = None) -> None:
        """Alternate face-down placements from the token holder; a pass is final for the round.
        (`cur` and `passed` resume a deployment under way: a look-ahead plays the rest of it.)"""
        passed = [False, False] if passed is None else passed
        cur = self.token if cur is None else cur
        self.passed = passed
        hands, count, nslots, policies, placed = self.hands, self.count, self.nslots, self.policies, self.placed
        while True:
            if not passed[cur]:
                self.turn = cur
                hand = hands[cur]
                if not hand or count[cur] >= nslots:  # it cannot deploy: it passes
                    passed[cur] = True
                else:
                    move = policies[cur].deploy(self, cur)
                    if move is None:
                        passed[cur] = True
                        self.held[cur] += 1  # passed with a card in hand and room to place it
                    else:
                        placed[cur] += 1
                        self.place(cur, hand.pop(move[0]), move[1])
                        self.deployed = True
                        if not hand or count[cur] >= nslots:
                            passed[cur] = True
            if passed[0] and passed[1]:
                return
            if not passed[1 - cur]:
                cur = 1 - cur

    def finish_round(self, cur: int, passed: list[bool]) -> None:
        """The rest of a round whose deployment is under way: deployment from `cur`, Reveal,
        Resolve Battle, End of round (the look-ahead's rollout)."""
        self.deployment(cur, passed)
        self.after_deployment()

    def after_deployment(self) -> bool:
        """Reveal, Resolve Battle and End of round; False when the battle ended the game first."""
        self.reveal()
        if not self.round_ended:
            self.resolve_battle()
            if self.winner is not None:
                return False
        self.end_of_round()
        return True

    def copy(self, policies: Sequence[Policy], rng: random.Random) -> Battle:
        """An independent copy of the game as it stands, played on by `policies` with `rng`."""
        b = Battle(self.decks, policies, rng, first=self.first, columns=self.columns, opening=self.opening,
                   draw_per_round=self.draw_per_round, round_limit=self.round_limit, shuffle=False,
                   reveal_together=self.reveal_together)  # (not __dict__: mypyc compiles this class)
        b.token, b.round, b.winner, b.drawn = self.token, self.round, self.winner, self.drawn
        b.round_ended, b.deployed, b.turn, b.passed = self.round_ended, self.deployed, self.turn, self.passed
        b.hands = [list(self.hands[0]), list(self.hands[1])]
        b.discard = [list(self.discard[0]), list(self.discard[1])]
        b.count = list(self.count)
        b.placed = [0, 0]
        b.held = [0, 0]
        b.deployed_ids = [list(self.deployed_ids[0]), list(self.deployed_ids[1])]
        b.deployed_effects = {}
        b.attack_log = None  # a copy looks ahead: its attacks are not the example's
        b.board = [[None if u is None else u.copy() for u in side] for side in self.board]
        return b

    def place(self, side: int, card: CardData, slot: int, *, face_up: bool = False) -> Unit:
        """Put a card into an empty spot of `side` (face down, as deployment does)."""
        own = self.board[side]
        if own[slot] is not None:
            raise ValueError(f"spot {slot} of side {side} is taken (decision deployment-spaces)")
        unit = Unit(card, side, slot, slot % self.columns)
        if face_up:
            unit.face_up = True
        own[slot] = unit
        self.count[side] += 1
        self.deployed_ids[side].append(card.id)
        return unit

    # ------------------------------------------------------------------ reveal
    def reveal(self) -> None:
        """Turn face-down cards up in board order. Both cards of a shared spot turn up together and
        their Deployed effects resolve token holder first (decision shared-spot-reveal); with the
        rules' other reading, the token holder's card turns up and acts before the other turns up."""
        board = self.board
        first, second = board[self.token], board[1 - self.token]
        together = self.reveal_together
        for slot in range(self.nslots):
            a, b = first[slot], second[slot]  # the cards to turn up here, token holder's first
            if a is not None and a.face_up:
                a = None
            if b is not None and b.face_up:
                b = None
            if a is None and b is None:
                if self.round_ended:
                    return
                continue  # nothing to turn up here
            if together:
                if a is not None:
                    a.face_up = True
                if b is not None:
                    b.face_up = True
            for u in (a, b):
                if u is None:
                    continue
                if self.round_ended and not u.face_up:
                    break  # still face down: it stays so (decision end-the-round)
                own = board[u.side]
                if own[slot] is not u:
                    continue  # defeated by the effect of the card revealed with it
                u.face_up = True
                card = u.card
                if card.deployed:
                    self.deployed_effects_of(u)
                if card.activated and not self.round_ended and own[slot] is u:
                    self.activation(u)
            if self.round_ended:
                return  # decision end-the-round: the others stay face down

    def deployed_effects_of(self, u: Unit) -> None:
        """Resolve a revealed card's Deployed effects, counting whether one found no target."""
        card = u.card
        if not card.deployed:
            return
        fizzled = False
        for eff in card.deployed:
            if self.board[u.side][u.slot] is not u:
                break
            if not self.resolve_effect(u, eff):
                fizzled = True
        seen = self.deployed_effects.get(card.id)
        if seen is None:
            seen = self.deployed_effects[card.id] = [0, 0]
        seen[0] += 1
        seen[1] += fizzled

    # ------------------------------------------------------------------ battle
    def resolve_battle(self) -> None:
        """Each grid spot in board order: Activation, Attack, Damage, Defeat."""
        order = (self.token, 1 - self.token)
        first, second = self.board[order[0]], self.board[order[1]]
        for slot in range(self.nslots):
            u = first[slot]
            if u is not None and u.card.activated:
                self.activation(u)
            u = second[slot]
            if u is not None and u.card.activated:
                self.activation(u)
            if self.attack_spot(slot, order):
                return

    def activation(self, u: Unit) -> None:
        """Offer each Activated effect the unit can pay for to its owner's policy."""
        own, policy, slot = self.board[u.side], self.policies[u.side], u.slot
        for eff in u.card.activated:
            cost = eff[3]
            if own[slot] is not u or u.mana < cost:
                return
            targets = self.targets(u, eff[1])
            if policy.activate(self, u, eff, targets):
                u.mana -= cost
                self.resolve_effect(u, eff, targets)

    def attack_spot(self, slot: int, order: tuple[int, int]) -> bool:
        """Attack, Damage and Defeat at one spot; True when an attack found no enemy (a win)."""
        boards = self.board
        if boards[0][slot] is None and boards[1][slot] is None:
            return False  # nobody stands here
        count = self.count
        hits: list[tuple[int, Unit]] = []
        for side in order:
            u = boards[side][slot]
            if u is None or u.exhausted:
                continue
            if not count[1 - side]:
                self.winner = side  # "no characters on the opponent's board": that player wins
                return True
            t = self.across(side, u.col)  # where most attacks go
            if t is None:
                cands = self.attack_targets(side, u.col)
                t = cands[0] if len(cands) == 1 else self.policies[side].choose(self, side, cands, ATTACK, u.attack)
            u.exhausted = True
            hits.append((u.attack, t))
            clash = not t.exhausted and not u.ranged
            if clash:
                t.exhausted = True  # a ready character attacks back: a clash
                hits.append((t.attack, u))
            if self.attack_log is not None:
                self.attack_log.append((slot, u, t, clash))
        if hits:
            for atk, t in hits:  # all damage of a spot lands at once
                d = atk - t.armour
                if d > 0:
                    t.damage += d
            for _, t in hits:
                if t.damage >= t.life and boards[t.side][t.slot] is t:
                    self.defeat(t)
        return False

    def attack_targets(self, side: int, col: int) -> list[Unit]:
        """Whom a character in `col` attacks: across (frontline first), else the nearest column(s)."""
        t = self.across(side, col)  # the nearest ring
        if t is not None:
            return [t]
        enemy = self.board[1 - side]
        c = self.columns
        rings = self.near[col]
        for k in range(1, len(rings)):
            found = []
            for x in rings[k]:
                t = enemy[x]
                if t is None or not t.face_up:
                    t = enemy[x + c]
                    if t is not None and not t.face_up:
                        t = None
                if t is not None:
                    found.append(t)
            if found:
                return found
        return []

    def across(self, side: int, col: int) -> Unit | None:
        """The face-up enemy across from `col`: in the frontline, else in the backline behind it."""
        enemy = self.board[1 - side]
        t = enemy[col]
        if t is not None and t.face_up:
            return t
        t = enemy[col + self.columns]
        if t is not None and t.face_up:
            return t
        return None

    def defeat(self, u: Unit) -> None:
        self.board[u.side][u.slot] = None
        self.count[u.side] -= 1
        self.discard[u.side].append(u.card)

    # ------------------------------------------------------------------ end of round
    def end_of_round(self) -> None:
        """End of round abilities in board order, then every character readies, the token passes."""
        first, second = self.board[self.token], self.board[1 - self.token]
        for slot in range(self.nslots):
            u = first[slot]  # the token holder's first, then the other's (each read when its turn comes)
            if u is not None and u.face_up and u.card.end_of_round:
                self.end_of_round_abilities(u)
            u = second[slot]
            if u is not None and u.face_up and u.card.end_of_round:
                self.end_of_round_abilities(u)
        for own in (first, second):
            for u in own:
                if u is not None:
                    u.exhausted = False
        self.token = 1 - self.token  # decision first-player-token

    def end_of_round_abilities(self, u: Unit) -> None:
        """Resolve a face-up character's End of round effects, while it stands."""
        own, slot = self.board[u.side], u.slot
        for eff in u.card.end_of_round:
            if own[slot] is not u:
                return
            self.resolve_effect(u, eff)

    # ------------------------------------------------------------------ effects
    def targets(self, u: Unit, target: int) -> list[Unit]:
        """Every face-up character an effect of `u` would touch (before any choice between equals)."""
        if target == SELF:
            return [u]
        c = self.columns
        if target == ACROSS:
            t = self.across(u.side, u.col)
            return [] if t is None else [t]
        if target == NEAREST:
            return self.attack_targets(u.side, u.col)
        if target == COLUMN:
            enemy = self.board[1 - u.side]
            return [t for t in (enemy[u.col], enemy[u.col + c]) if t is not None and t.face_up]
        if target == WEAKEST:  # the least life left, every one of equals (in board order)
            weakest: list[Unit] = []
            low = 0
            for t in self.board[1 - u.side]:
                if t is not None and t.face_up:
                    left = t.life - t.damage
                    if not weakest or left < low:
                        weakest, low = [t], left
                    elif left == low:
                        weakest.append(t)
            return weakest
        if target == ALL_ENEMIES:
            return [t for t in self.board[1 - u.side] if t is not None and t.face_up]
        own = self.board[u.side]
        if target == ADJ_ALLIES:
            found = []
            for s in self.adjacent[u.slot]:
                t = own[s]
                if t is not None and t.face_up:
                    found.append(t)
            return found
        if target == ALL_ALLIES:
            return [t for t in own if t is not None and t.face_up]
        return []

    def resolve_effect(self, u: Unit, eff: Eff, targets: list[Unit] | None = None) -> bool:
        """Do one effect of `u`; False when it found no target (it fizzled). Effects touch face-up
        characters only (decision effect-targets)."""
        verb, target, amount, _ = eff
        if verb == DRAW:
            self.draw(u.side, amount)
            return True
        if verb == END_ROUND:
            self.round_ended = True
            return True
        if targets is None:
            targets = self.targets(u, target)
        if not targets:
            return False
        if len(targets) > 1 and target in (NEAREST, WEAKEST):
            targets = [self.policies[u.side].choose(self, u.side, targets, verb, amount)]
        board = self.board
        for t in targets:
            if board[t.side][t.slot] is not t:
                continue
            if verb == DAMAGE:
                d = amount - t.armour
                if d > 0:
                    t.damage += d
                    if t.damage >= t.life:
                        self.defeat(t)  # effect damage defeats at once
            elif verb == HEAL:
                t.damage = max(0, t.damage - amount)
            elif verb == STRENGTHEN:
                t.attack += amount
            elif verb == FORTIFY:
                t.life += amount
            elif verb == EXHAUST:
                t.exhausted = True
            elif verb == DEFEAT:
                self.defeat(t)
            elif verb == MANA:
                t.mana += amount
        return True
