"""The rulebook text: sections 1-2 of the seed, rewritten as a template over the model."""

from __future__ import annotations

from ...text import render
from . import overview, texts
from .model import Game


def text(game: Game) -> str:
    ctx = texts.context(game)
    return render(
        "islands-and-bridges/rulebook.md.j2",
        card_text=lambda cid: texts.card_text(game, cid),
        effect=lambda aid: overview.ability_effect(game, aid),
        overview={"stats": overview.stats(game), "abilities": overview.abilities(game)},
        **ctx,
    )
