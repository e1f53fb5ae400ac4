"""The card face and back from layout YAML (content/skybound-battle/layouts/): positions, sizes,
fonts and colours are data; the game draws only its art (symbols, crystal, badges, rich rules text,
stat icons) into the layout's named slots."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ...content import ContentSet, Problem
from ...draw import Scene
from ...draw.scene import Item as SceneItem
from ...draw.text import MIN_TEXT_PT
from ...layout import Item, Layout, SlotBox, draw, load_layouts, load_palette
from ...layout.render import Slot
from . import richtext
from .card_art import NIGHT, keyword_badges, role
from .draw_symbols import crystal, heart, sword, symbol
from .model import TITLE, Card, SkyboundBattle
from .text import component_text, effect_lines, keywords

MIN_PT = MIN_TEXT_PT

FRONT, BACK, FIRST_PLAYER = "card", "card-back", "first-player"
INK = "#1f2328"


@dataclass(frozen=True)
class CardLayouts:
    front: Layout
    back: Layout
    first_player: Layout


def load(folder: Path, problems: list[Problem]) -> CardLayouts | None:
    """The card layouts of a content folder; None (with problems) when one is missing or broken."""
    found: list[Problem] = []
    layouts = load_layouts(folder, load_palette(folder, found), found)
    for name in (FRONT, BACK, FIRST_PLAYER):
        if name not in layouts and not any(p.file.endswith(f"{name}.yaml") for p in found):
            found.append(Problem(str(folder / "layouts" / f"{name}.yaml"), 1, 1, "missing card layout"))
    problems += found
    if found:
        return None
    return CardLayouts(layouts[FRONT], layouts[BACK], layouts[FIRST_PLAYER])


def front(model: SkyboundBattle, layouts: CardLayouts, card: Card, deck: str | None = None,
          content: ContentSet | None = None) -> tuple[Scene, list[Problem]]:
    """A card's face and every problem drawing it; with `content`, a text that does not fit is
    placed at the card's data in cards.yaml (the name, the flavour), where the designer shortens it."""
    col = model.colour(card.colour)
    at = _card_place(model, card, content)
    item = Item(f"card {card.id!r}" + (f" ({deck} deck)" if deck else ""), {
        "name": card.name, "cost": card.cost, "mana": card.mana, "attack": card.attack, "life": card.life,
        "role": f"{role(card).upper()} · {col.name.upper()}", "deck": deck or "", "title": TITLE,
        "ink": col.ink, "tint": col.tint, "colour": col.name,
    }, {"name": _where(at("name", ""))} if content else {})
    ink = col.ink
    found: list[Problem] = []

    def rules(b: SlotBox) -> tuple[SceneItem, ...]:
        paras: list[richtext.Para] = [(f"{lab}:" if lab else "", text, "regular")
                                      for lab, text in effect_lines(card, model.effect_words)]
        if card.flavour:
            paras.append(("", card.flavour, "italic"))
        if not paras:
            return ()
        low = b.min_size or MIN_PT
        laid = richtext.fitted(paras, b.w, b.h, b.size or 7.6, low, ink)
        if laid is None:
            found.append(at("flavour" if card.flavour else "effects",
                            f"card {card.id!r}: its rules text" + (" and flavour" if card.flavour else "")
                            + f" do not fit the {b.w:.1f} x {b.h:.1f} mm rules box of layouts/{FRONT}.yaml even "
                            f"at {low:g} pt ({sum(len(t) for _, t, _ in paras):,} characters): shorten it"))
            return ()
        return richtext.placed(laid, b.x, b.y, b.w, b.h, color=INK)

    def badges(b: SlotBox) -> tuple[SceneItem, ...]:
        return tuple(keyword_badges(keywords(card, model.effect_words), col, b.x, b.y, b.w, b.h))

    slots: dict[str, Slot] = {
        "symbol": lambda b: symbol(col.symbol, b.x, b.y, min(b.w, b.h), "#ffffff", ink),
        "crystal": lambda b: crystal(b.x, b.y, min(b.w, b.h), "#ffffff", ink),
        "badges": badges,
        "rules": rules,
        "attack-icon": lambda b: sword(b.x, b.y, min(b.w, b.h), ink),
        "life-icon": lambda b: heart(b.x, b.y, min(b.w, b.h), ink),
    }
    scene, problems = draw(layouts.front, item, (model.kit.card.width, model.kit.card.height), slots)
    title = f"{card.name} ({col.name}" + (f", {deck} deck)" if deck else ")")
    return Scene(scene.w, scene.h, scene.items, scene.background, title), problems + found


def _where(p: Problem) -> str:
    return f"{p.file}:{p.line}:{p.col}"


def _card_place(model: SkyboundBattle, card: Card, content: ContentSet | None) -> Callable[[str, str], Problem]:
    """A problem at a field of the card in cards.yaml (at the card when the field is not written)."""
    index = next(i for i, c in enumerate(model.cards) if c.id == card.id)

    def at(key: str, message: str) -> Problem:
        if content is None:
            return Problem("cards.yaml", 1, 1, message)
        data = content.data("cards")
        written = isinstance(data, dict) and isinstance(data.get("cards"), list) and \
            index < len(data["cards"]) and isinstance(data["cards"][index], dict) and key in data["cards"][index]
        return content.problem("cards", ("cards", index) + ((key,) if written else ()), message)
    return at


def back(model: SkyboundBattle, layouts: CardLayouts) -> tuple[Scene, list[Problem]]:
    def colours(b: SlotBox) -> tuple[SceneItem, ...]:
        s = min(b.w / 3.3, b.h / 3.15)   # four symbols around the moon, touching the box's edges
        spots = ((b.x + (b.w - s) / 2, b.y), (b.x + b.w - s, b.y + (b.h - s) / 2),
                 (b.x + (b.w - s) / 2, b.y + b.h - s), (b.x, b.y + (b.h - s) / 2))
        out: list[SceneItem] = []
        for c, (x, y) in zip(model.colours, spots, strict=False):
            out += symbol(c.symbol, x, y, s, c.tint, c.ink)
        return tuple(out)

    scene, problems = draw(layouts.back, Item("the card back", {"title": TITLE}),
                           (model.kit.card.width, model.kit.card.height), {"colours": colours})
    return Scene(scene.w, scene.h, scene.items, scene.background, "card back"), problems


def first_player(model: SkyboundBattle, layouts: CardLayouts,
                 content: ContentSet | None = None) -> tuple[Scene, list[Problem]]:
    """The first player token (layouts/first-player.yaml), card-sized: its lines from components.yaml."""
    words = component_text(model, "first_player")
    found: list[Problem] = []

    def rules(b: SlotBox) -> tuple[SceneItem, ...]:
        paras: list[richtext.Para] = []
        for line in words["lines"]:
            head, _, body = line.partition("|")
            paras.append((f"{head}." if body else "", body or head, "regular"))
        low = b.min_size or MIN_PT
        laid = richtext.fitted(paras, b.w, b.h, b.size or 7.5, low, NIGHT)
        if laid is None:
            message = (f"the first player token's lines do not fit the {b.w:.1f} x {b.h:.1f} mm rules box of "
                       f"layouts/{FIRST_PLAYER}.yaml even at {low:g} pt: shorten them")
            found.append(content.problem("components", ("first_player", "lines"), message) if content
                         else Problem("components.yaml", 1, 1, message))
            return ()
        return richtext.placed(laid, b.x, b.y, b.w, b.h, color=INK)

    scene, problems = draw(layouts.first_player, Item("the first player token", {"title": words["title"]}),
                           (model.kit.card.width, model.kit.card.height), {"rules": rules})
    return Scene(scene.w, scene.h, scene.items, scene.background, "first player token"), problems + found


def problems(model: SkyboundBattle, layouts: CardLayouts, content: ContentSet | None = None) -> list[Problem]:
    """Every problem the layouts have with any card, as printed in any starter deck or on its own
    (each told once: a card too long for its box is so in every deck)."""
    out = back(model, layouts)[1] + first_player(model, layouts, content)[1]
    for card in model.cards:
        decks: list[str | None] = [None, *(s.name for s in model.starters if card.id in s.cards)]
        for deck in decks:
            out += [p for p in front(model, layouts, card, deck, content)[1] if p not in out]
    return out
