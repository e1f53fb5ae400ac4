"""The rulebook: templates/islands-and-bridges/rulebook.md.j2 rendered over the model and its examples."""

from __future__ import annotations

from ...content.decisions import Decision, rendered
from ...content.prose import render
from . import figures, overview
from .box import components
from .model import IslandsAndBridges
from .plan import cell_name
from .text import card_text, context


def text(game: IslandsAndBridges) -> str:
    return render(
        "islands-and-bridges/rulebook.md.j2",
        card_text=lambda cid: card_text(game, cid),
        effect=lambda aid: overview.ability_effect(game, aid),
        overview={"stats": overview.stats(game), "actions": overview.actions(game),
                  "abilities": overview.abilities(game), "items": overview.items(game)},
        components=components(game),
        damage_ex=figures.damage_example(game),
        duration_ex=figures.duration_example(game),
        pursuit_ex=figures.pursuit_example(game),
        cell_name=cell_name,
        **context(game),
    )


def decisions(game: IslandsAndBridges) -> list[Decision]:
    """Every decision of the game and of its map generator, rendered over the model (design notes)."""
    return rendered([*game.decisions, *game.maps.decisions], context(game))
