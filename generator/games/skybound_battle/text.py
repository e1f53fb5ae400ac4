"""Words from data: card effect text and decision text, rendered by Jinja2 templates (StrictUndefined)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from ... import paths
from ...content import load_file
from ...text import render_string
from .model import Card, Effect, SkyboundBattle

TEMPLATES = paths.TEMPLATES / "skybound-battle"
WHEN_ORDER = ("passive", "deployed", "activated", "end-of-round")


def render(template: str, **context: Any) -> str:
    """Render a template string (StrictUndefined: a missing name is an error, never an empty string)."""
    return render_string(template, **context)


@lru_cache(maxsize=4)
def effect_templates(folder: Path = TEMPLATES) -> dict[str, dict[str, str]]:
    """The effect phrasebook (templates/skybound-battle/effects.yaml)."""
    data: dict[str, dict[str, str]] = load_file(folder / "effects.yaml").data
    return data


def effect_sentence(eff: Effect, phrases: dict[str, dict[str, str]] | None = None) -> str:
    """One effect as a sentence, without its `when` label."""
    ph = phrases or effect_templates()
    if eff.when == "passive":
        return render(ph["passive"][eff.do], amount=eff.amount)
    target = render(ph["target"][eff.target]) if eff.target else ""
    return render(ph["do"][eff.do], amount=eff.amount, target=target)


def effect_lines(card: Card, phrases: dict[str, dict[str, str]] | None = None) -> list[tuple[str, str]]:
    """A card's rules text as (label, sentences) lines: passives, then Deployed, Activated, End of round."""
    ph = phrases or effect_templates()
    lines: list[tuple[str, str]] = []
    for when in WHEN_ORDER:
        effects = card.effects_when(when)
        if not effects:
            continue
        if when == "passive":
            lines += [("", effect_sentence(e, ph)) for e in effects]
        elif when == "activated":
            # each Activated effect has its own price, so each gets its own line
            lines += [(render(ph["when"][when], mana=e.mana_cost), effect_sentence(e, ph)) for e in effects]
        else:
            lines.append((render(ph["when"][when]), " ".join(effect_sentence(e, ph) for e in effects)))
    return lines


class Badge(NamedTuple):
    """One badge of a card's picture panel: its icon, its words, and the number its icon carries."""

    icon: str
    words: str
    number: int | None = None


def keywords(card: Card, phrases: dict[str, dict[str, str]] | None = None) -> list[Badge]:
    """The badges of a card's picture panel: its passive keywords, then each moment it acts
    (Deployed, Activated, End of round), in the order of its rules text; a card without effects
    gets the one badge "No effect"."""
    ph = phrases or effect_templates()
    out: list[Badge] = []
    for kind in ("armour", "ranged"):
        passive = [e for e in card.effects if e.when == "passive" and e.do == kind]
        if passive:
            amount = sum(e.amount or 0 for e in passive)
            out.append(Badge(kind, render(ph["keyword"][kind], amount=amount), amount or None))
    for when in WHEN_ORDER[1:]:
        effects = card.effects_when(when)
        if effects:
            out.append(Badge(when, render(ph["keyword"][when], mana=min(e.mana_cost for e in effects))))
    return out or [Badge("none", render(ph["keyword"]["none"]))]


def effect_text(card: Card) -> str:
    """A card's rules text on one string (for lists and tests)."""
    return " ".join(f"{label}: {text}" if label else text for label, text in effect_lines(card))


@lru_cache(maxsize=4)
def component_templates(folder: Path = TEMPLATES) -> dict[str, Any]:
    """The words of the board, the reference card and the tokens (templates/skybound-battle/components.yaml)."""
    data: dict[str, Any] = load_file(folder / "components.yaml").data
    return data


def _rendered(value: Any, context: dict[str, Any]) -> Any:
    if isinstance(value, str):
        return render(value, **context).strip()
    if isinstance(value, list):
        return [_rendered(v, context) for v in value]
    if isinstance(value, dict):
        return {k: _rendered(v, context) for k, v in value.items()}
    return value


def component_text(model: SkyboundBattle, part: str) -> Any:
    """One part of the component words, every template rendered with the model's numbers."""
    return _rendered(component_templates()[part], {"rules": model.rules, "kit": model.kit})


def board_texts(model: SkyboundBattle) -> dict[str, Any]:
    words: dict[str, Any] = component_text(model, "board")
    return words


def decision_context(model: SkyboundBattle) -> dict[str, Any]:
    """What a decision's choice and reason may name."""
    return {"rules": model.rules}
