"""Character cards: the face of each card, drawn from its data, and the one common back."""

from __future__ import annotations

from ...draw import Scene
from . import card_layout
from .model import Card, SkyboundBattle


def front(model: SkyboundBattle, card: Card, deck: str | None = None) -> Scene:
    """A card's face: cost and mana, name, colour, type, rules text, flavour, attack and life; with
    `deck`, the starter deck it belongs to in the footer (to sort the cut cards into their decks).
    Where each sits, its size, font and colour come from layouts/card.yaml (checked at load)."""
    return card_layout.front(model, model.layouts, card, deck)[0]


def back(model: SkyboundBattle) -> Scene:
    """The common back: the night sky, the four colours around the game's name (layouts/card-back.yaml)."""
    return card_layout.back(model, model.layouts)[0]
