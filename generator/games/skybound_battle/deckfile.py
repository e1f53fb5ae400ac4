"""Deck files (YAML: a name and card ids with counts) and the deck checker's problems."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

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
        return list(err.problems)
    return check_deck(source, (), deck.cards, model, limits)


def check_deck(source: Source, loc: tuple[str | int, ...], cards: dict[str, int], model: SkyboundBattle,
               limits: DeckLimits) -> list[Problem]:
    """The limits `cards` breaks, placed in `source` under `loc` (a deck file, or a starter)."""
    pool = {c.id: c for c in model.cards}
    return [source.problem(loc + v.loc, v.message, on_key=True)
            for v in deck_violations(cards, pool, limits, ("cards",))]
