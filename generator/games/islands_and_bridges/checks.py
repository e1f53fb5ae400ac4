"""Content checks of Islands & Bridges: each returns every problem, placed at its YAML line."""

from __future__ import annotations

import jinja2

from ...content import ContentSet, Problem, colourvision, decisions
from . import settings_checks
from .model import IslandsAndBridges
from .text import card_text, context, template_error

OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


def check(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    out: list[Problem] = []
    for rule in (ranges, references, geometry, derived_statements, component_manifest, enemy_labels, card_texts,
                 decision_texts, settings_checks.check):
        out += rule(game, content)
    return out + colourvision.content_problems(content, "game", game.settings.tell_apart, game.palette)


def ranges(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """Numbers the rules need in order: cooldowns at least durations (decision cooldown-start),
    a charge that fits the boss's cooldown-free attack, trap sizes within an island."""
    out = [content.problem("elements", ("abilities", aid, "cooldown"),
                           f"cooldown {ab.cooldown} is shorter than the duration {ab.duration} "
                           "(cooldown counts from activation, so it must be at least the duration)")
           for aid, ab in game.elements.abilities.items() if ab.cooldown < ab.duration]
    side = min(game.components.island.cells)
    for i, size in enumerate(game.elements.trap.sizes):
        if not 1 <= size <= side:
            out.append(content.problem("elements", ("trap", "sizes", i),
                                       f"trap size {size} does not fit an island (allowed: 1 to {side} cells)"))
    return out


def references(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """Every id named anywhere exists."""
    out = []
    known_cards = set(game.elements.actions) | set(game.elements.abilities)
    for i, cid in enumerate(game.components.cards.per_player):
        if cid not in known_cards:
            out.append(content.problem("components", ("cards", "per_player", i),
                                       f"unknown action or ability {cid!r} (known: {', '.join(sorted(known_cards))})"))
    for aid, action in game.elements.actions.items():
        if action.boosted_by and action.boosted_by not in game.elements.abilities:
            out.append(content.problem("elements", ("actions", aid, "boosted_by"),
                                       f"unknown ability {action.boosted_by!r}"))
    order = game.elements.round_order
    for i, aid in enumerate(order):
        if aid not in game.elements.actions:
            out.append(content.problem("elements", ("round_order", i),
                                       f"unknown basic action {aid!r} (known: {', '.join(game.elements.actions)})"))
        elif order.index(aid) != i:
            out.append(content.problem("elements", ("round_order", i), f"{aid!r} is listed twice"))
    missing = [a for a in game.elements.actions if a not in order]
    if missing:
        out.append(content.problem("elements", ("round_order",),
                                   f"round_order leaves out {', '.join(missing)} (every basic action resolves "
                                   "at its place in the round)"))
    for i, tok in enumerate(game.components.tokens):
        if tok.kind == "enemy" and tok.enemy not in game.elements.enemies:
            out.append(content.problem("components", ("tokens", i, "enemy"),
                                       f"unknown enemy type {tok.enemy!r} "
                                       f"(known: {', '.join(game.elements.enemies)})"))
        if tok.kind == "player" and tok.rings is None:
            out.append(content.problem("components", ("tokens", i),
                                       "a player token needs its number of green rings"))
    ids = [t.id for t in game.components.tokens]
    for i, tid in enumerate(ids):
        if ids.index(tid) != i:
            out.append(content.problem("components", ("tokens", i, "id"), f"token id {tid!r} is used twice"))
    return out


def geometry(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """Sockets lie on the island's edge and fit a bridge; bridges are as wide as sockets expect;
    the chest fits inside an island."""
    out = []
    cols, rows = game.components.island.cells
    width = game.components.bridge.cells[0]
    for i, s in enumerate(game.components.island.sockets):
        along = cols if s.side in ("north", "south") else rows
        if not 0 <= s.at <= along - width:
            out.append(content.problem("components", ("island", "sockets", i, "at"),
                                       f"a {s.side} socket at cell {s.at} leaves the island's edge "
                                       f"(a {width}-cell bridge fits at 0 to {along - width})"))
    sides = [s.side for s in game.components.island.sockets]
    for i, side in enumerate(sides):
        if sides.index(side) != i:
            out.append(content.problem("components", ("island", "sockets", i, "side"),
                                       f"two sockets on the {side} side"))
    if not any(OPPOSITE[s] in sides for s in sides):
        out.append(content.problem("components", ("island", "sockets"),
                                   "no two sockets face each other, so islands cannot be chained"))
    if game.elements.chest.cells > min(cols, rows):
        out.append(content.problem("elements", ("chest", "cells"),
                                   f"a {game.elements.chest.cells}x{game.elements.chest.cells} chest does not fit "
                                   f"inside a {cols}x{rows} island"))
    if width >= min(cols, rows):
        out.append(content.problem("components", ("bridge", "cells"),
                                   f"a bridge {width} cells wide is as wide as the island's side"))
    return out


def derived_statements(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """What the cards say follows from the numbers: "doubles" must be true of the base values,
    healing cannot reach past the maximum health, boosts name the effects they change."""
    out = []
    p = game.elements.player
    for aid, ab in game.elements.abilities.items():
        e = ab.effect
        loc = ("abilities", aid, "effect")
        if e.kind != "damage-taken-zero" and e.amount is None:
            out.append(content.problem("elements", loc, f"a {e.kind} effect needs an amount"))
            continue
        if e.kind == "move-bonus" and e.wording == "doubles" and e.amount != p.move:
            out.append(content.problem("elements", (*loc, "amount"),
                                       f"the card says Speed Boost doubles the move, but {p.move} + {e.amount} "
                                       f"is not {2 * p.move} (make the bonus {p.move}, or drop 'wording: doubles')"))
        if e.kind == "damage-multiplier" and e.wording == "doubles" and e.amount != 2:
            out.append(content.problem("elements", (*loc, "amount"),
                                       f"the card says the damage doubles, but the multiplier is {e.amount}"))
        if e.kind == "heal-per-round" and e.amount is not None and e.amount >= p.health:
            out.append(content.problem("elements", (*loc, "amount"),
                                       f"healing {e.amount} a round would always refill the {p.health} maximum health"))
    for aid, action in game.elements.actions.items():
        if action.boosted_by:
            kind = game.elements.abilities[action.boosted_by].effect.kind \
                if action.boosted_by in game.elements.abilities else None
            wants = "move-bonus" if action.damage is None else "damage-multiplier"
            if kind and kind != wants:
                out.append(content.problem("elements", ("actions", aid, "boosted_by"),
                                           f"{action.boosted_by!r} has a {kind} effect, which cannot boost "
                                           f"{action.name} (needs a {wants} effect)"))
    return out


def component_manifest(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """Every component a sheet names exists with a quantity, and every kind the rules use is in the box."""
    out = []
    ids = {t.id for t in game.components.tokens}
    for i, sheet in enumerate(game.components.sheets):
        for j, name in enumerate(sheet.shows):
            if name not in ids:
                out.append(content.problem("components", ("sheets", i, "shows", j),
                                           f"sheet {sheet.name!r} shows {name!r}, which is not a component"))
    kinds = {t.kind for t in game.components.tokens}
    for kind in ("player", "enemy", "chest", "trap", "stage-end"):
        if kind not in kinds:
            out.append(content.problem("components", ("tokens",), f"no {kind} token in the box"))
    for enemy in game.elements.enemies:
        if not any(t.enemy == enemy for t in game.components.tokens):
            out.append(content.problem("elements", ("enemies", enemy), f"no token for enemy type {enemy!r}"))
    players = [t for t in game.components.tokens if t.kind == "player"]
    if len(players) < game.settings.players:
        out.append(content.problem("components", ("tokens",),
                                   f"{len(players)} player tokens for {game.settings.players} players"))
    return out


def enemy_labels(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """Enemy tokens are numbered by their type's initial ('W3'), so no two types share one: the
    GM finds a token's row on the Damage Matrix and Enemy Timeline by its label."""
    out = []
    seen: dict[str, str] = {}
    for eid, e in game.elements.enemies.items():
        initial = e.name[:1].upper()
        if initial in seen:
            out.append(content.problem("elements", ("enemies", eid, "name"),
                                       f"enemy {e.name!r} starts with {initial!r} like {seen[initial]!r}: enemy "
                                       "tokens are labelled by that letter and their number, so each type needs "
                                       "its own first letter"))
        seen.setdefault(initial, e.name)
    return out


def card_texts(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """Every card text renders (a name a template uses must exist in the model); whether it fits its
    box is the card layout's check (layouts/card.yaml)."""
    out = []
    for group in ("actions", "abilities"):
        for cid in getattr(game.elements, group):
            try:
                card_text(game, cid)
            except jinja2.TemplateError as err:
                out.append(content.problem("elements", (group, cid, "text"), template_error(err)))
    return out


def decision_texts(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """Every decision's choice and reason render over the model."""
    ctx = context(game)
    return (decisions.template_problems(content, game.decisions, ctx)
            + decisions.template_problems(content, game.maps.decisions, ctx, stem="maps"))
