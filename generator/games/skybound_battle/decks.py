"""Deck construction: the limits of a legal deck and every way a deck can break them (pure)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ...content import Loc
from .model import Card, DeckRules


@dataclass(frozen=True)
class DeckLimits:
    """What a legal deck is: the seed's limits, or the ones players agreed on instead."""

    cards: int
    max_cost: int
    max_colours: int
    max_copies: int

    @classmethod
    def from_rules(cls, rules: DeckRules) -> DeckLimits:
        return cls(rules.cards, rules.max_cost, rules.max_colours, rules.max_copies)

    def agreed(self, *, cards: int | None = None, max_cost: int | None = None,
               max_colours: int | None = None, max_copies: int | None = None) -> DeckLimits:
        """These limits with the house rules players agreed on ("that is also OK", says the seed)."""
        changes = {k: v for k, v in (("cards", cards), ("max_cost", max_cost),
                                     ("max_colours", max_colours), ("max_copies", max_copies)) if v is not None}
        return replace(self, **changes)


@dataclass(frozen=True)
class Violation:
    """One broken limit: where in the deck (a loc under the deck's mapping) and what."""

    loc: Loc
    message: str
    card: str | None = None


def deck_violations(cards: Mapping[str, int], pool: Mapping[str, Card], limits: DeckLimits,
                    loc: Loc = ("cards",)) -> list[Violation]:
    """Every limit the deck `cards` (id → count) breaks, in a stable order.

    >>> deck_violations({}, {}, DeckLimits(20, 30, 2, 2))[0].message
    'the deck has 0 cards (allowed: exactly 20)'
    """
    out: list[Violation] = []
    known: dict[str, int] = {}
    for cid, count in cards.items():
        if cid not in pool:
            out.append(Violation((*loc, cid), f"unknown card {cid!r} (not in the card pool)", cid))
            continue
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            out.append(Violation((*loc, cid), f"{cid}: count must be a whole number of at least 1 "
                                               f"(found {count!r})", cid))
            continue
        known[cid] = count
        if count > limits.max_copies:
            out.append(Violation((*loc, cid), f"{count} copies of {pool[cid].name} ({cid}) "
                                               f"(allowed: at most {limits.max_copies})", cid))
    size = sum(cards.values()) if all(isinstance(v, int) for v in cards.values()) else sum(known.values())
    if size != limits.cards:
        out.append(Violation(loc, f"the deck has {size} cards (allowed: exactly {limits.cards})"))
    cost = sum(pool[c].cost * n for c, n in known.items())
    if cost > limits.max_cost:
        dearest = sorted(known, key=lambda c: (-pool[c].cost * known[c], c))[:3]
        shown = ", ".join(f"{pool[c].name} {known[c]}x{pool[c].cost}" for c in dearest)
        out.append(Violation(loc, f"the deck's total cost is {cost} (allowed: at most {limits.max_cost}; "
                                  f"dearest: {shown})"))
    out += _colour_violations(known, pool, limits, loc)
    return out


def _colour_violations(known: dict[str, int], pool: Mapping[str, Card], limits: DeckLimits,
                       loc: Loc) -> list[Violation]:
    """The cards of every colour beyond the limit, each named (the colours with most cards are kept)."""
    per_colour: dict[str, int] = {}
    for cid, n in known.items():
        per_colour[pool[cid].colour] = per_colour.get(pool[cid].colour, 0) + n
    if len(per_colour) <= limits.max_colours:
        return []
    ranked = sorted(per_colour, key=lambda col: (-per_colour[col], col))
    kept = set(ranked[: limits.max_colours])
    summary = ", ".join(f"{col} {per_colour[col]}" for col in ranked)
    return [Violation((*loc, cid), f"{pool[cid].name} ({cid}) is {pool[cid].colour}: the deck has "
                                    f"{len(per_colour)} colours ({summary}) (allowed: at most "
                                    f"{limits.max_colours})", cid)
            for cid in known if pool[cid].colour not in kept]


def is_legal(cards: Mapping[str, int], pool: Mapping[str, Card], limits: DeckLimits) -> bool:
    """True when the deck breaks no limit."""
    return not deck_violations(cards, pool, limits)


def deck_colours(cards: Mapping[str, int], pool: Mapping[str, Card]) -> list[str]:
    """The colours of a deck's cards, in pool order of first appearance."""
    return list(dict.fromkeys(pool[cid].colour for cid in cards if cid in pool))
