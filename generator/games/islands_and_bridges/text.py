"""Card text and sheet captions rendered from the templates held in content."""

from __future__ import annotations

from typing import Any

import jinja2

from ...content.prose import render_string
from . import rules
from .model import IslandsAndBridges


def context(game: IslandsAndBridges) -> dict[str, Any]:
    """What every template may name."""
    primary = next((a for a in game.elements.actions.values() if a.damage is not None), None)
    return {
        "game": game,
        "player": game.elements.player,
        "enemies": game.elements.enemies,
        "actions": game.elements.actions,
        "abilities": game.elements.abilities,
        "chest": game.elements.chest,
        "trap": game.elements.trap,
        "duration_step": rules.DURATION_STEP,
        "round_order": [game.elements.actions[a].name for a in game.elements.round_order
                        if a in game.elements.actions],
        "outrun": {how: [e.name for eid, e in game.elements.enemies.items() if rules.outrun_by(game, eid) == how]
                   for how in ("walking", "speed boost", None)},
        "longest_duration": max(a.duration for a in game.elements.abilities.values()),
        "boosted": {
            "move": rules.move(game, boosted=True),
            "primary": rules.damage(game, primary, boosted=True) if primary else 0,
        },
    }


def card_text(game: IslandsAndBridges, card_id: str) -> str:
    """The rules text of an action or ability card (raises jinja2 errors)."""
    ctx = context(game)
    if card_id in game.elements.actions:
        action = game.elements.actions[card_id]
        return render_string(action.text, action=action, **ctx).strip()
    ability = game.elements.abilities[card_id]
    return render_string(ability.text, ability=ability, **ctx).strip()


def template_error(err: jinja2.TemplateError) -> str:
    return f"card text template: {err.message if hasattr(err, 'message') else err}"
