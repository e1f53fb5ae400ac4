"""The rulebook text: a Jinja2 template over the model (templates/skybound-battle/rulebook.md.j2)."""

from __future__ import annotations

from typing import Any

from ...content.decisions import Decision, rendered
from ...content.prose import render
from .decks import deck_colours
from .figures import battle_example
from .model import SkyboundBattle
from .text import decision_context, effect_text, target_phrase


def components_table(model: SkyboundBattle) -> list[list[object]]:
    from .box import components

    rows: list[list[object]] = [["Component", "Quantity"]]
    return rows + [[name, n] for name, n in components(model).items()]


def context(model: SkyboundBattle) -> dict[str, Any]:
    """What the rulebook template may name."""
    pool = {c.id: c for c in model.cards}
    words = model.effect_words
    return {
        "rules": model.rules,
        "colours": model.colours,
        "starters": model.starters,
        "components": components_table(model),
        "example": battle_example(model),
        "reference_copies": model.kit.reference.copies,
        "starter_rows": [
            {"name": s.name, "blurb": s.blurb,
             "colours": " + ".join(model.colour(c).name for c in deck_colours(s.cards, pool)),
             "cost": sum(pool[c].cost * n for c, n in s.cards.items())}
            for s in model.starters],
        "target_rows": [["On a card", "Means"]] + [[target_phrase(k, words), words.target_means[k]]
                                                   for k in words.target],
        "card_groups": [
            {"colour": col.name,
             "cards": [{"name": c.name, "cost": c.cost, "mana": c.mana, "attack": c.attack, "life": c.life,
                        "text": effect_text(c, words)}
                       for c in sorted(model.cards, key=lambda c: (c.cost, c.name)) if c.colour == col.id]}
            for col in model.colours],
    }


def decisions(model: SkyboundBattle) -> list[Decision]:
    """Every decision, rendered over the rules (design notes)."""
    return rendered(model.decisions, decision_context(model))


def text(model: SkyboundBattle) -> str:
    return render("skybound-battle/rulebook.md.j2", **context(model))
