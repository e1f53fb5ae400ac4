"""The rules a Skybound Battle content set must keep, each problem placed at its YAML line."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import jinja2

from ...content import ContentError, ContentSet, Loc, Problem, decisions
from .decks import DeckLimits, deck_colours, deck_violations
from .model import ENEMY_TARGETS, PASSIVE_VERBS, VERBS, SkyboundBattle
from .text import decision_context

COLOURS_IN_GAME = 4   # "There are 4 colours of cards."
STARTER_DECKS = 6     # "There are 6 starter decks to choose from"

Report = Callable[[str, Loc, str], None]


def check(model: SkyboundBattle, content: ContentSet) -> list[Problem]:
    """Every rule problem of the content (none raised)."""
    problems: list[Problem] = []

    def report(stem: str, loc: Loc, message: str) -> None:
        problems.append(content.problem(stem, loc, message))

    _unique(report, "colours", "colours", [c.id for c in model.colours])
    _unique(report, "cards", "cards", [c.id for c in model.cards])
    _unique(report, "cards", "cards", [c.name for c in model.cards], field="name")
    _unique(report, "starters", "starters", [s.id for s in model.starters])
    _unique(report, "decisions", "decisions", [d.id for d in model.decisions])
    if len(model.colours) != COLOURS_IN_GAME:
        report("colours", ("colours",), f"the game has {len(model.colours)} colours "
                                        f"(the seed says: exactly {COLOURS_IN_GAME})")
    check_cards(model, report)
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
    """Every effect has words and every decision renders (a missing name in a template is an error)."""
    from .text import effect_sentence, effect_templates, keywords

    try:
        phrases = effect_templates()
    except ContentError as err:
        for p in err.problems:
            report("cards", (), f"effect text templates: {p}")
        return
    for i, card in enumerate(model.cards):
        for j, eff in enumerate(card.effects):
            try:
                effect_sentence(eff, phrases)
                if eff.target is not None:
                    phrases["target_means"][eff.target]  # the rulebook explains every target it prints
            except (KeyError, jinja2.TemplateError) as err:
                report("cards", ("cards", i, "effects", j), f"{card.id}: no effect text for it ({err})")
        try:
            keywords(card, phrases)
        except (KeyError, jinja2.TemplateError) as err:
            report("cards", ("cards", i), f"{card.id}: no keyword words for its picture panel ({err})")

