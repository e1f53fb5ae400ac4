"""Card data precompiled for the engine: plain slots and small-int codes, built once per pool."""

from __future__ import annotations

from collections.abc import Iterable

from .model import Card

# Verb and target codes the engine switches on (small ints are the cheapest thing to compare).
DAMAGE, HEAL, STRENGTHEN, FORTIFY, EXHAUST, DEFEAT, MANA, DRAW, END_ROUND = range(9)
VERB_CODES = {"damage": DAMAGE, "heal": HEAL, "strengthen": STRENGTHEN, "fortify": FORTIFY,
              "exhaust": EXHAUST, "defeat": DEFEAT, "mana": MANA, "draw": DRAW, "end-round": END_ROUND}
SELF, ACROSS, NEAREST, COLUMN, WEAKEST, ALL_ENEMIES, ADJ_ALLIES, ALL_ALLIES, NO_TARGET = range(9)
TARGET_CODES = {"self": SELF, "across": ACROSS, "nearest-enemy": NEAREST, "column-enemies": COLUMN,
                "weakest-enemy": WEAKEST, "all-enemies": ALL_ENEMIES, "adjacent-allies": ADJ_ALLIES,
                "all-allies": ALL_ALLIES}

# An effect for the engine: (verb, target, amount, mana spent).
Eff = tuple[int, int, int, int]


class CardData:
    """One card as the engine reads it; built from a content Card, never changed."""

    __slots__ = (
        "activated",
        "armour",
        "attack",
        "backliner",
        "colour",
        "cost",
        "deployed",
        "end_of_round",
        "id",
        "index",
        "life",
        "mana",
        "name",
        "ranged",
        "value",
    )

    def __init__(self, index: int, card: Card) -> None:
        self.index = index
        self.id = card.id
        self.name = card.name
        self.colour = card.colour
        self.cost = card.cost
        self.mana = card.mana
        self.attack = card.attack
        self.life = card.life
        self.armour = sum(e.amount or 0 for e in card.effects if e.do == "armour")
        self.ranged = any(e.do == "ranged" for e in card.effects)
        self.deployed: tuple[Eff, ...] = _effects(card, "deployed")
        self.activated: tuple[Eff, ...] = _effects(card, "activated")
        self.end_of_round: tuple[Eff, ...] = _effects(card, "end-of-round")
        # The greedy policy's sense of worth: the designer's own price first, then the body.
        self.value = card.cost * 10 + card.attack + card.life
        # Cards that want a shield in front of them: hard hitters with little life, casters, archers.
        self.backliner = bool(self.ranged or self.activated or card.attack > card.life)

    def __repr__(self) -> str:
        return f"<{self.id} {self.attack}/{self.life}>"


def _effects(card: Card, when: str) -> tuple[Eff, ...]:
    return tuple((VERB_CODES[e.do], TARGET_CODES[e.target] if e.target else NO_TARGET, e.amount or 0,
                  e.mana_cost if when == "activated" else 0)
                 for e in card.effects if e.when == when)


def compile_pool(cards: Iterable[Card]) -> dict[str, CardData]:
    """Every card of the pool by id, compiled (index = position in the pool)."""
    return {c.id: CardData(i, c) for i, c in enumerate(cards)}


_last: tuple[tuple[Card, ...], dict[str, CardData]] | None = None


def compiled(cards: tuple[Card, ...]) -> dict[str, CardData]:
    """`compile_pool(cards)`, kept for the pool it was last asked for: a simulation and a search
    play chunk after chunk from one pool (the same tuple of frozen cards), compiled once."""
    global _last
    if _last is None or _last[0] is not cards:
        _last = (cards, compile_pool(cards))
    return _last[1]


def deck_list(cards: dict[str, int], pool: dict[str, CardData]) -> list[CardData]:
    """A deck (id → count) as the list of its cards, in a stable order (ids sorted)."""
    return [pool[cid] for cid in sorted(cards) for _ in range(cards[cid])]
