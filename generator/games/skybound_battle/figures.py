"""The rulebook's figures and its battle example: the kit's own faces, and a battle the engine resolves."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...core.kitspec import Figure
from ...draw.scene import Group, Item, Scene
from ...press.figures import annotated, detail, pictured
from . import draw_board, draw_cards, draw_sheets
from .box import components
from .compiled import compile_pool
from .engine import Battle, Unit
from .model import Card, SkyboundBattle
from .text import board_texts

# The example's board, (side, slot): side 0 holds the first player token; slot = row * columns + column
# (row 0 the frontline). Spaces are chosen to show a clash, a ranged attack, a nearest column and a defeat.
EXAMPLE_SLOTS = ((0, 0), (0, 2), (0, 6), (1, 0), (1, 8))


def figures(model: SkyboundBattle) -> dict[str, Figure]:
    card = _anatomy_card(model)
    ex = battle_example(model)
    return {
        "components": _components(model),
        "card-anatomy": Figure((annotated(draw_cards.front(model, card), _anatomy_notes(model, card)),),
                               outline=False, max_scale=1.3),
        # the whole board as a picture with its columns' numbers (its other words would print too small to
        # read), then a part of it at its printed size: the battle order's numbers
        "board": Figure((pictured(draw_board.board(model), titles_pt=draw_board.NUMBER_PT),), max_h_mm=120),
        "board-corner": Figure((_your_corner(model, draw_board.board(model)),), max_h_mm=200),
        "battle-example": Figure((pictured(_example_board(model, ex)),), max_h_mm=150),
        "battle-example-yours": _side_cards(model, ex, 0),
        "battle-example-theirs": _side_cards(model, ex, 1),
        # one side a figure: at their printed size, two would not stand on one page
        "reference-front": Figure((draw_sheets.reference(model, "front"),), max_h_mm=150),
        "reference-back": Figure((draw_sheets.reference(model, "back"),), max_h_mm=150),
    }


def _your_corner(model: SkyboundBattle, board: Scene) -> Scene:
    """Your side's two left columns (the side at the bottom of the board), at the board's size."""
    kit = model.kit
    pitch_x, pitch_y = kit.card.width + kit.board.spot_gap, kit.card.height + kit.board.spot_gap
    top = draw_board.MARGIN + 2 * pitch_y + kit.board.centre / 2
    return detail(board, 0, top, draw_board.MARGIN + draw_board.STRIP + 2 * pitch_x, board.h - top)


def _side_cards(model: SkyboundBattle, ex: Example, side: int) -> Figure:
    """One side's cards of the battle example at their printed size, each labelled with its space."""
    cols = model.rules.board.columns
    cards = [(slot, card) for (s, slot), card in zip(EXAMPLE_SLOTS, ex.cards, strict=True) if s == side]
    return Figure(tuple(draw_cards.front(model, card) for _, card in cards),
                  tuple(f"{'Frontline' if slot // cols == 0 else 'Backline'} {slot % cols + 1}"
                        for slot, _ in cards), max_scale=1.0)


def _components(model: SkyboundBattle) -> Figure:
    counts = components(model)
    card = model.cards[0]
    scenes = [draw_cards.front(model, card), draw_cards.back(model), draw_sheets.first_player_token(model),
              *[draw_sheets.token(model, tok) for tok in model.kit.tokens]]
    key = next(iter(counts))
    labels = [f"{counts[key]} character cards", "the card back", "first player token",
              *[f"{tok.copies} {tok.name.lower()}" + (f" ({tok.value})" if tok.value else "")
                for tok in model.kit.tokens]]
    return Figure(tuple(scenes), tuple(labels))


def _anatomy_card(model: SkyboundBattle) -> Card:
    """A card with mana and an effect, so every part of a card is there to point at."""
    return next((c for c in model.cards if c.mana and c.effects), model.cards[0])


def _anatomy_notes(model: SkyboundBattle, card: Card) -> list[tuple[float, float, str]]:
    """Each callout's dot where the card layout puts what it names: under the name, under the colour's
    symbol, on the edge of the badge and rules panels, on a stat badge's ring (not on its number) on
    the side its words stand, so that no line crosses the badge."""
    w, h = model.kit.card.width, model.kit.card.height
    notes = []
    for box, words, fx, fy in (("name", "name", 0.85, 1.0), ("symbol", "colour", 0.5, 1.25),
                               ("badges", "keyword badges", 1.0, 0.3), ("rules-panel", "effects", 1.0, 0.5)):
        placed = _placed(model, box, w, h)
        if placed is not None:
            x, y, bw, bh = placed
            notes.append((x + fx * bw, y + fy * bh, words))
    for box, words, dx, dy in (("cost", "cost (deck building)", -1, -1), ("attack", "attack", -1, -1),
                               ("life", "life", 1, -1), *((("crystal", "mana", -1, 0),) if card.mana else ())):
        placed = _placed(model, box, w, h)
        if placed is not None:   # the point on the edge of the ellipse the box holds, towards (dx, dy)
            x, y, bw, bh = placed
            norm = (dx * dx + dy * dy) ** 0.5
            notes.append((x + bw / 2 * (1 + dx / norm), y + bh / 2 * (1 + dy / norm), words))
    return notes


def _placed(model: SkyboundBattle, name: str, w: float, h: float) -> tuple[float, float, float, float] | None:
    """Where the card layout's box `name` lies on a w x h card (x, y, width, height); None when the
    layout has no such box or places it by a template (it moves with each card)."""
    from ...layout.render import place
    from ...layout.units import Length

    box = model.layouts.front.box(name)
    if box is None or not all(isinstance(box.get(k), Length) for k in ("x", "y", "width", "height")):
        return None
    return place(box, w, h)


@dataclass(frozen=True)
class Step:
    """One space of the example's battle: who attacked whom there, and what came of it."""

    space: str
    attacks: tuple[dict[str, Any], ...]
    damaged: tuple[dict[str, Any], ...]
    defeated: tuple[str, ...]


@dataclass(frozen=True)
class Example:
    """A battle phase on a hand-set board, resolved by the engine."""

    units: tuple[dict[str, Any], ...]   # every character before the battle: whose, where, which card
    steps: tuple[Step, ...]
    winner: str | None                  # "you" or "your opponent" if an attack found the board empty
    cards: tuple[Card, ...]


def _example_cards(model: SkyboundBattle) -> list[Card]:
    """Plain characters (no effect that acts by itself) of different strengths, cheapest first; a
    Ranged one first if there is one, so the example shows an attack that is not answered."""
    plain = [c for c in sorted(model.cards, key=lambda c: (c.cost, c.name))
             if all(e.when == "passive" for e in c.effects)]
    ranged = [c for c in plain if any(e.do == "ranged" for e in c.effects if e.when == "passive")]
    rest = [c for c in plain if c not in ranged]
    return (ranged[:1] + rest)[:len(EXAMPLE_SLOTS)]


def battle_example(model: SkyboundBattle) -> Example:
    cards = _example_cards(model)
    pool = compile_pool(model.cards)
    rules = model.rules
    b = Battle(([], []), (_First(), _First()), random.Random(0), columns=rules.board.columns, shuffle=False)
    b.attack_log = []
    order = [cards[2], cards[3], cards[0], cards[4], cards[1]]  # the Ranged card in the backline
    for (side, slot), card in zip(EXAMPLE_SLOTS, order, strict=True):
        b.place(side, pool[card.id], slot, face_up=True)
    units = tuple({"who": _who(side), "space": _space(model, slot), "card": card.name, "attack": card.attack,
                   "life": card.life} for (side, slot), card in zip(EXAMPLE_SLOTS, order, strict=True))
    steps = []
    winner = None
    for slot in range(b.nslots):
        before = {id(u): (u, u.damage) for side in b.board for u in side if u is not None}
        start = len(b.attack_log)
        if b.attack_spot(slot, (b.token, 1 - b.token)):
            winner = _who(b.winner or 0)
            break
        attacks = tuple({"who": _who(a.side), "attacker": a.card.name, "target": t.card.name,
                         "target_who": _who(t.side), "clash": clash, "ranged": a.ranged}
                        for _, a, t, clash in b.attack_log[start:])
        if not attacks:
            continue
        # every character hit here, a hit that Armour stopped whole (0 damage) too
        hit: dict[int, int] = {}
        for _, a, t, clash in b.attack_log[start:]:
            hit[id(t)] = hit.get(id(t), 0) + a.attack
            if clash:
                hit[id(a)] = hit.get(id(a), 0) + t.attack
        damaged = tuple({"card": u.card.name, "who": _who(u.side), "damage": u.damage - d0, "total": u.damage,
                         "life": u.life, "armour": u.armour, "hit": hit[key]}
                        for key, (u, d0) in before.items() if key in hit)
        defeated = tuple(u.card.name for u, _ in before.values() if b.board[u.side][u.slot] is not u)
        steps.append(Step(_space(model, slot), attacks, damaged, defeated))
    return Example(units, tuple(steps), winner, tuple(order))


class _First:
    """Whoever must choose between equally near enemies takes the first (the example names it)."""

    name = "first"

    def deploy(self, battle: Battle, side: int) -> None:
        return None

    def choose(self, battle: Battle, side: int, candidates: list[Unit], verb: int, amount: int) -> Unit:
        return candidates[0]

    def activate(self, battle: Battle, unit: Unit, effect: Any, targets: list[Unit]) -> bool:
        return False


def _who(side: int) -> str:
    return "you" if side == 0 else "your opponent"


def _space(model: SkyboundBattle, slot: int) -> str:
    cols = model.rules.board.columns
    rows = board_texts(model)["rows"]
    return f"{rows[slot // cols].lower()} {slot % cols + 1}"


def _example_board(model: SkyboundBattle, ex: Example) -> Scene:
    """The battle board with the example's cards on their spaces: the very faces the kit prints."""
    board = draw_board.board(model)
    cw, ch = model.kit.card.width, model.kit.card.height
    items: list[Item] = []
    for (side, slot), card in zip(EXAMPLE_SLOTS, ex.cards, strict=True):
        face = draw_cards.front(model, card)
        cx, cy = draw_board.spot_centre(model, side, *divmod(slot, model.rules.board.columns))
        if side == 1:  # the far player's cards face the far player
            items.append(Group(_with_background(face), cx + cw / 2, cy + ch / 2, 180.0))
        else:
            items.append(Group(_with_background(face), cx - cw / 2, cy - ch / 2))
    return Scene(board.w, board.h, (*board.items, *items), board.background, "battle example")


def _with_background(face: Scene) -> tuple[Item, ...]:
    from ...draw.scene import Rect

    return (Rect(0, 0, face.w, face.h, fill=face.background, radius=2.5), *face.items)
