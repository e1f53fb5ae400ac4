"""The rules a Skybound Battle content set must keep, each problem placed at its YAML line."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any

from ...content import ContentSet, Loc, Problem, colourvision, decisions
from ...content.prose import render_string as render
from .decks import DeckLimits, deck_colours, deck_violations
from .model import ENEMY_TARGETS, FACE_UP_TARGETS, PASSIVE_VERBS, TARGETS, VERBS, Card, Effect, SkyboundBattle
from .text import component_context, decision_context

COLOURS_IN_GAME = 4   # "There are 4 colours of cards."
STARTER_DECKS = 6     # "There are 6 starter decks to choose from"

Report = Callable[[str, Loc, str], None]


def check(model: SkyboundBattle, content: ContentSet) -> list[Problem]:
    """Every rule problem of the content (none raised)."""
    problems: list[Problem] = []

    def report(stem: str, loc: Loc, message: str) -> None:
        problems.append(content.problem(stem, loc, message))

    _unique(report, "colours", "colours", [c.id for c in model.colours])
    problems += colourvision.content_problems(content, "colours", list(model.tell_apart), model.palette())
    _unique(report, "cards", "cards", [c.id for c in model.cards])
    _unique(report, "cards", "cards", [c.name for c in model.cards], field="name")
    _unique(report, "starters", "starters", [s.id for s in model.starters])
    _unique(report, "decisions", "decisions", [d.id for d in model.decisions])
    if len(model.colours) != COLOURS_IN_GAME:
        report("colours", ("colours",), f"the game has {len(model.colours)} colours "
                                        f"(the seed says: exactly {COLOURS_IN_GAME})")
    check_cards(model, report)
    check_dominance(model, report)
    check_starters(model, report)
    check_texts(model, report)
    problems += decisions.template_problems(content, model.decisions, decision_context(model))
    return problems


def _unique(report: Report, stem: str, key: str, values: list[str], field: str = "id") -> None:
    seen: dict[str, int] = {}
    for i, v in enumerate(values):
        if v in seen:
            report(stem, (key, i, field), f"{field} {v!r} is used twice (first at {key}[{seen[v]}])")
        else:
            seen[v] = i


def check_cards(model: SkyboundBattle, report: Report) -> None:
    """Card colours exist; every effect is a well-formed sentence of the vocabulary."""
    colours = {c.id for c in model.colours}
    for i, card in enumerate(model.cards):
        if card.colour not in colours:
            report("cards", ("cards", i, "colour"), f"{card.id}: unknown colour {card.colour!r} "
                                                    f"(colours: {', '.join(sorted(colours))})")
        for j, eff in enumerate(card.effects):
            loc = ("cards", i, "effects", j)
            for message, part in effect_problems(eff.when, eff.do, eff.target, eff.amount, eff.mana):
                report("cards", loc + ((part,) if part else ()), f"{card.id}: {message}")
            if eff.when == "activated" and eff.mana_cost > card.mana:
                report("cards", ("cards", i, "mana"),
                       f"{card.id}: its Activated effect spends {eff.mana_cost} mana but the card brings "
                       f"{card.mana} (it could never be used)")


def check_dominance(model: SkyboundBattle, report: Report) -> None:
    """No card is strictly dominated by another of its colour: a deck of that colour would never
    want it, so it is a dead card in the pool (issue 15)."""
    for i, card in enumerate(model.cards):
        for other in model.cards:
            if other is not card and other.colour == card.colour and dominates(other, card):
                report("cards", ("cards", i, "id"),
                       f"{card.id} is strictly dominated by {other.id} (cost {other.cost} <= {card.cost}, "
                       f"mana, attack and life at least as high, every effect of it and more): no deck "
                       f"of {card.colour} would play it")
                break


# Effects that can only help the card that has them: help for its side, harm aimed at the enemy.
_HELPFUL = frozenset(("heal", "strengthen", "fortify", "mana", "draw", "armour", "ranged"))


def _helps(e: Effect) -> bool:
    return e.do in _HELPFUL or (e.do in ("damage", "exhaust", "defeat") and e.target in ENEMY_TARGETS)


def dominates(a: Card, b: Card) -> bool:
    """True when `a` is at least as good as `b` in every printed respect and better in one: no more
    cost, at least the mana, attack and life, and every effect of `b` matched by one of `a` at the
    same moment and target with at least the amount and no higher mana price (extras of `a` only
    ones that cannot hurt it)."""
    if a.cost > b.cost or a.mana < b.mana or a.attack < b.attack or a.life < b.life:
        return False
    better = (a.cost, a.mana, a.attack, a.life) != (b.cost, b.mana, b.attack, b.life)
    left = list(a.effects)
    for eb in b.effects:
        match = next((ea for ea in left if ea.when == eb.when and ea.do == eb.do and ea.target == eb.target
                      and (ea.amount or 0) >= (eb.amount or 0) and ea.mana_cost <= eb.mana_cost), None)
        if match is None:
            return False
        better = better or match != eb
        left.remove(match)
    if not all(_helps(e) for e in left):
        return False
    return better or bool(left)


def effect_problems(when: str, do: str, target: str | None, amount: int | None,
                    mana: int | None) -> list[tuple[str, str]]:
    """What is wrong with one effect, as (message, field) pairs; empty when it is a valid sentence."""
    out: list[tuple[str, str]] = []
    takes_target, takes_amount = VERBS[do]
    passive = when == "passive"
    if passive and do not in PASSIVE_VERBS:
        out.append((f"a passive effect is one of {', '.join(PASSIVE_VERBS)} (found {do!r})", "do"))
    if not passive and do in PASSIVE_VERBS:
        out.append((f"{do!r} is a passive keyword (found when: {when!r})", "when"))
    if takes_target and target is None:
        out.append((f"{do!r} needs a target", ""))
    if not takes_target and target is not None:
        out.append((f"{do!r} takes no target (found {target!r})", "target"))
    if takes_amount and amount is None:
        out.append((f"{do!r} needs an amount", ""))
    if not takes_amount and amount is not None:
        out.append((f"{do!r} takes no amount (found {amount})", "amount"))
    if mana is not None and when != "activated":
        out.append((f"only an Activated effect spends mana (found when: {when!r})", "mana"))
    if target in ENEMY_TARGETS and do in ("heal", "fortify", "mana"):
        out.append((f"{do!r} helps; it targets allies or self (found {target!r})", "target"))
    return out


def check_starters(model: SkyboundBattle, report: Report) -> None:
    """Six starter decks, each legal, each a different pair of colours."""
    pool = {c.id: c for c in model.cards}
    limits = DeckLimits.from_rules(model.rules.deck)
    if len(model.starters) != STARTER_DECKS:
        report("starters", ("starters",), f"there are {len(model.starters)} starter decks "
                                          f"(the seed says: {STARTER_DECKS})")
    pairs: dict[tuple[str, ...], str] = {}
    for i, s in enumerate(model.starters):
        for v in deck_violations(s.cards, pool, limits):
            report("starters", ("starters", i, *v.loc), f"starter {s.id}: {v.message}")
        pair = tuple(sorted(deck_colours(s.cards, pool)))
        if pair in pairs:
            report("starters", ("starters", i, "cards"),
                   f"starter {s.id} has the colours {' + '.join(pair)} of starter {pairs[pair]} "
                   f"(one starter for each pair of colours)")
        pairs.setdefault(pair, s.id)
    wanted = {tuple(sorted(p)) for p in combinations([c.id for c in model.colours], 2)}
    if len(model.starters) == len(wanted):
        for missing in sorted(wanted - set(pairs)):
            report("starters", ("starters",), f"no starter deck for the colours {' + '.join(missing)}")


def check_texts(model: SkyboundBattle, report: Report) -> None:
    """Every phrase renders and every word a card needs exists, each problem at its own line:
    a broken phrase in effects.yaml or components.yaml, a verb or target without words."""
    words = model.effect_words
    samples = {"amount": 2, "mana": 1, "target": "it", "face_up": words.face_up}
    sections: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {
        "when": (_plain(words.when), ("deployed", "activated", "end-of-round")),
        "do": (_plain(words.do), tuple(v for v in VERBS if v not in PASSIVE_VERBS)),
        "passive": (_plain(words.passive), PASSIVE_VERBS),
        "keyword": (_plain(words.keyword), ("deployed", "activated", "end-of-round", *PASSIVE_VERBS, "none")),
        "target": (_plain(words.target), TARGETS),
        "target_means": (_plain(words.target_means), TARGETS),
    }
    for section, (phrases, needed) in sections.items():
        for key in needed:
            if key not in phrases:
                report("effects", (section,), f"{section}: no words for {key!r}")
        for key, template in phrases.items():
            try:
                text = render(template, **samples)
            except Exception as err:  # an untrusted template may fail in any way: it is a content problem
                report("effects", (section, key), f"{section}.{key}: the phrase does not render ({err})")
                continue
            if section == "target" and key in FACE_UP_TARGETS and words.face_up not in text:
                report("effects", (section, key),
                       f"target.{key}: the words must say {words.face_up!r} (effects touch face-up "
                       f"characters only, found {text!r})")
    _check_component_words(model, report)


def _plain(phrases: Mapping[Any, str]) -> dict[str, str]:
    return {str(k): v for k, v in phrases.items()}


def _check_component_words(model: SkyboundBattle, report: Report) -> None:
    context = component_context(model)

    def walk(value: object, loc: tuple[str | int, ...]) -> None:
        if isinstance(value, str):
            try:
                render(value, **context)
            except Exception as err:  # an untrusted template may fail in any way: it is a content problem
                report("components", loc, f"{'.'.join(map(str, loc))}: the words do not render ({err})")
        elif isinstance(value, (list, tuple)):
            for i, v in enumerate(value):
                walk(v, (*loc, i))
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(v, (*loc, k))

    walk(model.component_words.model_dump(), ())
