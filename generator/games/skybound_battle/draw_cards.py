"""Character cards: the face of each card, drawn from its data, and the one common back."""

from __future__ import annotations

from ...draw import Circle, Rect, Scene, Text
from ...draw.scene import Item
from ...draw.text import block, label
from . import richtext
from .draw_symbols import crystal, heart, keyword_icon, sword, symbol
from .model import TITLE, Card, Colour, SkyboundBattle
from .text import Badge, effect_lines, keywords

BLEED_ART = 5.0
INK = "#1f2328"
MUTED = "#5b6470"
NIGHT = "#1b2a4a"


def role(card: Card) -> str:
    """The card's type line: what kind of character it is."""
    whens = {e.when for e in card.effects}
    if "activated" in whens:
        return "Spellcaster"
    if any(e.do == "ranged" for e in card.effects):
        return "Ranged character"
    return "Character"


def stat_badge(cx: float, cy: float, r: float, value: int, icon: str, ink: str) -> tuple[Item, ...]:
    """A round stat badge with its icon above the number (attack: sword, life: heart)."""
    draw = sword if icon == "attack" else heart
    return (Circle(cx, cy, r, fill="#ffffff", stroke=ink, stroke_mm=0.7),
            *draw(cx - r * 0.32, cy - r * 0.86, r * 0.64, ink),
            label(str(value), cx, cy + r * 0.62, r * 1.5, max_pt=r * 2.3, style="bold", color=INK))


BADGE_R = 6.8


def keyword_badges(badges: list[Badge], col: Colour, x: float, y: float, w: float,
                   h: float) -> list[Item]:
    """Side by side in the box: each keyword's icon in a tinted disc, its words under it (a card with
    no effect shows its colour's symbol and says so)."""
    items: list[Item] = []
    cell = w / len(badges)
    for k, (kind, words, number) in enumerate(badges):
        cx, cy = x + cell * (k + 0.5), y + 1.3 + BADGE_R
        items.append(Circle(cx, cy, BADGE_R, fill=col.tint, stroke=col.ink, stroke_mm=0.4))
        size = BADGE_R * 1.3
        if kind == "none":
            items += symbol(col.symbol, cx - size / 2, cy - size / 2, size, col.ink, col.tint)
        else:
            items += keyword_icon(kind, cx - size / 2, cy - size / 2, size, col.ink, col.tint)
        if number is not None:  # the shield carries its armour
            items.append(Text(cx, cy + 1.4, str(number), 9, col.tint, "bold", "middle"))
        items.append(label(words, cx, y + h - 2.2, cell - 2.0, max_pt=7.5, min_pt=5.5, style="bold",
                           color=col.ink))
    return items


def front(model: SkyboundBattle, card: Card, deck: str | None = None) -> Scene:
    """A card's face: cost and mana, name, colour, type, rules text, flavour, attack and life; with
    `deck`, the starter deck it belongs to in the footer (to sort the cut cards into their decks)."""
    size = model.kit.card
    w, h = size.width, size.height
    col = model.colour(card.colour)
    ink, tint = col.ink, col.tint
    items: list[Item] = [
        Rect(-BLEED_ART, -BLEED_ART, w + 2 * BLEED_ART, h + 2 * BLEED_ART, fill=ink),
        Rect(3.0, 3.0, w - 6, h - 6, fill=tint, radius=2.5),
        # the name banner
        Rect(3.0, 3.0, w - 6, 13.0, fill=ink, radius=2.5),
        Rect(3.0, 10.0, w - 6, 6.0, fill=ink),
        label(card.name, (16.5 + w - 12.5) / 2, 11.6, w - 31, max_pt=10.5, min_pt=6, style="bold",
              color="#ffffff"),
        *symbol(col.symbol, w - 12.0, 5.0, 8.0, "#ffffff", ink),
        # the cost, and the mana printed under it ("the mana in under their cost")
        Circle(10.5, 10.5, 6.6, fill="#ffffff", stroke=ink, stroke_mm=0.8),
        Text(10.5, 13.4, str(card.cost), 14, INK, "bold", "middle"),
    ]
    if card.mana:
        items += (*crystal(5.2, 18.4, 10.6, "#ffffff", ink),
                  Text(10.5, 26.2, str(card.mana), 8.5, ink, "bold", "middle"))
    # the picture panel: a badge for each keyword, what the card does at a glance on the board
    px, py, pw, ph = 17.5, 19.0, w - 23.5, 22.0
    items.append(Rect(px, py, pw, ph, fill="#ffffff", stroke=ink, stroke_mm=0.35, radius=1.5))
    items += keyword_badges(keywords(card, model.effect_words), col, px, py, pw, ph)
    items.append(label(f"{role(card).upper()} · {col.name.upper()}", w / 2, 45.3, w - 12, max_pt=6.2,
                       style="bold", color=ink))
    # rules text and flavour, above the stat badges
    tx, ty, tw, th = 5.5, 47.3, w - 11.0, 21.2
    items.append(Rect(tx, ty, tw, th, fill="#ffffff", radius=1.2))
    paras: list[richtext.Para] = [(f"{lab}:" if lab else "", text, "regular")
                                  for lab, text in effect_lines(card, model.effect_words)]
    if card.flavour:
        paras.append(("", card.flavour, "italic"))
    if paras:
        items += richtext.block(paras, tx + 1.6, ty + 1.0, tw - 3.2, th - 2.0, max_pt=7.6, min_pt=5.0,
                                color=INK, label_color=ink)
    # attack and life
    items += stat_badge(11.2, h - 10.8, 6.6, card.attack, "attack", ink)
    items += stat_badge(w - 11.2, h - 10.8, 6.6, card.life, "life", ink)
    # the starter deck, so the cut cards sort back into their decks
    items.append(label(f"{deck} deck" if deck else TITLE, w / 2, h - 9.0, w - 38, max_pt=6.5, min_pt=6,
                       style="bold" if deck else "regular", color=ink if deck else MUTED))
    title = f"{card.name} ({col.name}" + (f", {deck} deck)" if deck else ")")
    return Scene(w, h, tuple(items), background=ink, title=title)


def back(model: SkyboundBattle) -> Scene:
    """The common back: the night sky, the four colours around the game's name."""
    size = model.kit.card
    w, h = size.width, size.height
    items: list[Item] = [
        Rect(-BLEED_ART, -BLEED_ART, w + 2 * BLEED_ART, h + 2 * BLEED_ART, fill=NIGHT),
        Rect(4.0, 4.0, w - 8, h - 8, stroke="#d9c27a", stroke_mm=0.5, radius=2.5),
        Rect(5.6, 5.6, w - 11.2, h - 11.2, stroke="#d9c27a", stroke_mm=0.2, radius=2.0),
        # clouds
        Circle(14, 70, 9, fill="#26385e"), Circle(24, 73, 8, fill="#26385e"), Circle(40, 72, 10, fill="#26385e"),
        Circle(51, 70, 7, fill="#26385e"), Rect(8, 72, 48, 8, fill="#26385e"),
        Circle(w / 2, 34, 17.5, fill="#223457", stroke="#d9c27a", stroke_mm=0.5),
    ]
    spots = ((w / 2 - 5, 19.0), (w / 2 + 6.5, 29.5), (w / 2 - 5, 40.5), (w / 2 - 16.5, 29.5))
    for c, (x, y) in zip(_ordered(model.colours), spots, strict=False):
        items += symbol(c.symbol, x, y, 10.0, c.tint, c.ink)
    items += block("SKYBOUND BATTLE", 6, 55, w - 12, 9, max_pt=12, style="bold", color="#f3e7bd",
                   anchor="middle", valign="middle")
    return Scene(w, h, tuple(items), background=NIGHT, title="card back")


def _ordered(colours: tuple[Colour, ...]) -> list[Colour]:
    return list(colours)
