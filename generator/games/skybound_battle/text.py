"""Words from data: card effect text and decision text, rendered by Jinja2 templates (StrictUndefined).

The phrases live in the content (effects.yaml, components.yaml), so `--content` may reword them and
a broken phrase is reported at its own line.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...content.prose import render_string as render
from .model import Card, Effect, EffectWords, SkyboundBattle

WHEN_ORDER = ("passive", "deployed", "activated", "end-of-round")


def target_phrase(target: str, words: EffectWords) -> str:
    """The words a card prints for a target ("the nearest face-up enemy")."""
    return render(words.target[target], face_up=words.face_up)  # type: ignore[index]


def effect_sentence(eff: Effect, words: EffectWords) -> str:
    """One effect as a sentence, without its `when` label."""
    if eff.when == "passive":
        return render(words.passive[eff.do], amount=eff.amount)  # type: ignore[index]
    target = target_phrase(eff.target, words) if eff.target else ""
    return render(words.do[eff.do], amount=eff.amount, target=target)


def effect_lines(card: Card, words: EffectWords) -> list[tuple[str, str]]:
    """A card's rules text as (label, sentences) lines: passives, then Deployed, Activated, End of round."""
    lines: list[tuple[str, str]] = []
    for when in WHEN_ORDER:
        effects = card.effects_when(when)
        if not effects:
            continue
        if when == "passive":
            lines += [("", effect_sentence(e, words)) for e in effects]
        elif when == "activated":
            # each Activated effect has its own price, so each gets its own line
            lines += [(render(words.when["activated"], mana=e.mana_cost), effect_sentence(e, words))
                      for e in effects]
        else:
            lines.append((render(words.when[when]),  # type: ignore[index]
                          " ".join(effect_sentence(e, words) for e in effects)))
    return lines


class Badge(NamedTuple):
    """One badge of a card's picture panel: its icon, its words, and the number its icon carries."""

    icon: str
    words: str
    number: int | None = None


def keywords(card: Card, words: EffectWords) -> list[Badge]:
    """The badges of a card's picture panel: its passive keywords, then each moment it acts
    (Deployed, Activated, End of round), in the order of its rules text; a card without effects
    gets the one badge "No effect"."""
    out: list[Badge] = []
    for kind in ("armour", "ranged"):
        passive = [e for e in card.effects if e.when == "passive" and e.do == kind]
        if passive:
            amount = sum(e.amount or 0 for e in passive)
            out.append(Badge(kind, render(words.keyword[kind], amount=amount), amount or None))
    for when in WHEN_ORDER[1:]:
        effects = card.effects_when(when)
        if effects:
            out.append(Badge(when, render(words.keyword[when],  # type: ignore[index]
                                          mana=min(e.mana_cost for e in effects))))
    return out or [Badge("none", render(words.keyword["none"]))]


def effect_text(card: Card, words: EffectWords) -> str:
    """A card's rules text on one string (for lists and tests)."""
    return " ".join(f"{label}: {text}" if label else text for label, text in effect_lines(card, words))


def _rendered(value: Any, context: dict[str, Any]) -> Any:
    if isinstance(value, str):
        return render(value, **context).strip()
    if isinstance(value, (list, tuple)):
        return [_rendered(v, context) for v in value]
    if isinstance(value, dict):
        return {k: _rendered(v, context) for k, v in value.items()}
    return value


def component_text(model: SkyboundBattle, part: str) -> Any:
    """One part of the component words, every template rendered with the model's numbers."""
    return _rendered(getattr(model.component_words, part).model_dump(), component_context(model))


def component_context(model: SkyboundBattle) -> dict[str, Any]:
    """What the component words may name."""
    return {"rules": model.rules, "kit": model.kit}


def board_texts(model: SkyboundBattle) -> dict[str, Any]:
    words: dict[str, Any] = component_text(model, "board")
    return words


def decision_context(model: SkyboundBattle) -> dict[str, Any]:
    """What a decision's choice and reason may name."""
    return {"rules": model.rules}
