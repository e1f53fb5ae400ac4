"""Tokens: players (told apart by green rings), enemies with their stats, chest, traps, stage end.

Each kind's look is its layout, layouts/token-<kind>.yaml (an enemy that charges its attack:
token-charging-enemy.yaml), in % of the token so that it follows the cell size; this module says
what a token shows."""

from __future__ import annotations

from textwrap import shorten

from ...content import ContentSet, Problem
from ...draw import Scene
from ...layout import Item, draw
from .draw_cards import rings
from .model import IslandsAndBridges, Token


def faces(game: IslandsAndBridges, tok: Token) -> list[Scene]:
    """Every copy of a token in the box: enemy tokens each carry their own number ('W3', as the
    tracking sheets and a map's trapboards name them); other tokens are alike."""
    if tok.kind == "enemy":
        return [token(game, tok, et.label) for et in game.enemy_tokens() if et.enemy == tok.enemy][:tok.quantity]
    return [token(game, tok)] * tok.quantity


def item(game: IslandsAndBridges, tok: Token, number: str = "", content: ContentSet | None = None) -> tuple[str, Item]:
    """The layout a token is drawn with and what it shows; `content` places its texts for messages."""
    el = game.elements
    name = f"token {shorten(tok.name, 40, placeholder=' …')!r}"   # one problem for all its copies
    if tok.kind == "enemy" and tok.enemy:
        e = el.enemies[tok.enemy]
        places = {"name": content.place("elements", ("enemies", tok.enemy, "name"))} if content else {}
        return ("token-charging-enemy" if e.charge_rounds else "token-enemy", Item(name, {
            "number": number, "name": e.name, "health": e.health, "damage": e.damage, "range": e.attack_range,
            "charge": e.charge_rounds, "colour": tok.enemy}, places))
    if tok.kind == "chest":
        places = {"name": content.place("elements", ("chest", "name"))} if content else {}
        return "token-chest", Item(name, {"name": el.chest.name, "score": el.chest.score}, places)
    return f"token-{tok.kind}", Item(name, {"rings": tok.rings or 0, "damage": el.trap.damage})


def token_checked(game: IslandsAndBridges, tok: Token, number: str = "",
                  content: ContentSet | None = None) -> tuple[Scene, list[Problem]]:
    layout, it = item(game, tok, number, content)
    size = token_mm(game, tok)
    scene, problems = draw(game.layouts[layout], it, (size, size), {"rings": lambda b: rings(tok.rings or 0, b)})
    return Scene(scene.w, scene.h, scene.items, scene.background, tok.name), problems


def token_mm(game: IslandsAndBridges, tok: Token) -> float:
    """A token's width (and height): its cells (a chest's from the chest), else one cell."""
    cells = tok.cells if tok.cells is not None else game.elements.chest.cells if tok.kind == "chest" else 1
    return game.settings.cell * cells


def token(game: IslandsAndBridges, tok: Token, number: str = "") -> Scene:
    """The face of one token, one cell square (the chest: its cells x its cells); `number` is an
    enemy token's label."""
    return token_checked(game, tok, number)[0]


def problems(game: IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """Every problem the layouts have with any token or card face of the kit (a text that does not
    fit its box, at the layout and naming the data line), found by drawing each once."""
    out: list[Problem] = []
    for tok in game.components.tokens:
        numbers = [et.label for et in game.enemy_tokens() if et.enemy == tok.enemy] if tok.kind == "enemy" else [""]
        for number in numbers:
            out += token_checked(game, tok, number, content)[1]
    return out
