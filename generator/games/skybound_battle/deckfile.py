"""Deck files (YAML: a name and card ids with counts) and the deck checker's problems."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, TypeAdapter, ValidationError

from ...content import ContentError, Problem, Source, Strict, load_file, parse
from .decks import DeckLimits, deck_violations
from .model import Count, SkyboundBattle


class DeckFile(Strict):
    """A deck as a player writes it: `cards: {card-id: count}`."""

    name: str = ""
    """The deck's name, as its player calls it."""
    cards: dict[str, Count] = Field(min_length=1)
    """Each card's id (from cards.yaml) with how many copies the deck holds."""


def check_deck_file(path: Path, model: SkyboundBattle, limits: DeckLimits) -> list[Problem]:
    """Every problem of a deck file: YAML and shape first, then every limit it breaks."""
    try:
        source = load_file(path)
    except ContentError as err:
        return list(err.problems)
    return check_deck_source(source, model, limits)


def check_deck_source(source: Source, model: SkyboundBattle, limits: DeckLimits) -> list[Problem]:
    """Every problem of a loaded deck file: its shape first, then every limit it breaks."""
    try:
        deck = parse(DeckFile, source)
    except ContentError as err:
        return [*err.problems, *_beside(source, model, limits, err.problems)]
    return check_deck(source, (), deck.cards, model, limits)


def _beside(source: Source, model: SkyboundBattle, limits: DeckLimits, said: list[Problem]) -> list[Problem]:
    """What the deck breaks besides its shape, when its `cards` can still be read: every problem at
    once (an unknown card beside a bad count). A card whose count is wrong is left out of the deck
    (its count said already), and so is the deck's size, which that count would decide."""
    cards = source.data.get("cards") if isinstance(source.data, dict) else None
    if not isinstance(cards, dict) or not all(isinstance(k, str) for k in cards):
        return []
    count = TypeAdapter(Count)
    good: dict[str, int] = {}
    for cid, n in cards.items():
        try:
            good[cid] = count.validate_python(n)
        except ValidationError:
            if cid not in {c.id for c in model.cards}:
                good[cid] = 1   # unknown whatever its count: said as such
    found = check_deck(source, (), good, model, limits)
    whole = source.problem(("cards",), "", on_key=True)
    partial = len(good) < len(cards)
    seen = {(p.line, p.col) for p in said}
    return [p for p in found if not (partial and (p.line, p.col) == (whole.line, whole.col))
            and (p.line, p.col) not in seen]


def check_deck(source: Source, loc: tuple[str | int, ...], cards: dict[str, int], model: SkyboundBattle,
               limits: DeckLimits) -> list[Problem]:
    """The limits `cards` breaks, placed in `source` under `loc` (a deck file, or a starter)."""
    pool = {c.id: c for c in model.cards}
    return [source.problem(loc + v.loc, v.message, on_key=True)
            for v in deck_violations(cards, pool, limits, ("cards",))]
