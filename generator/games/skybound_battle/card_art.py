"""The character cards' art that a layout's slots draw: the colours, a card's role, stat and keyword badges."""

from __future__ import annotations

from ...draw import Circle, Text, width_mm
from ...draw.fonts import PT_MM
from ...draw.scene import Item
from ...draw.text import LEADING, MIN_TEXT_PT, label, wrap
from .draw_symbols import keyword_icon, symbol
from .model import Card, Colour
from .text import Badge

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


BADGES_H = 22.0   # the badge panel's height the sizes below are drawn for; a panel of another height scales them
BADGE_R = 6.8
MIN_PT = MIN_TEXT_PT      # no word on a card smaller


def keyword_badges(badges: list[Badge], col: Colour, x: float, y: float, w: float,
                   h: float) -> list[Item]:
    """Side by side in the box: each keyword's icon in a tinted disc, its words under it (a card with
    no effect shows its colour's symbol and says so). Sized from the box: a smaller card's panel
    draws smaller discs, and words too wide for their place at MIN_PT take two lines, never less."""
    items: list[Item] = []
    k = h / BADGES_H
    cell = w / len(badges)
    room = cell - 2.0 * k
    baseline = y + h - 2.2 * k
    step = MIN_PT * PT_MM * LEADING
    lines = [[words] if width_mm(words, MIN_PT, "bold") <= room else wrap(words, room, MIN_PT, "bold")
             for _, words, _ in badges]
    below = (max(map(len, lines)) - 1) * step + 0.75 * MIN_PT * PT_MM + 0.3   # the words' top, and a gap
    r = min(BADGE_R * k, cell * 0.46, (baseline - below - y - 1.3 * k) / 2)
    for n, ((kind, words, number), text) in enumerate(zip(badges, lines, strict=True)):
        cx, cy = x + cell * (n + 0.5), y + 1.3 * k + r
        items.append(Circle(cx, cy, r, fill=col.tint, stroke=col.ink, stroke_mm=0.4 * k))
        size = r * 1.3
        if kind == "none":
            items += symbol(col.symbol, cx - size / 2, cy - size / 2, size, col.ink, col.tint)
        else:
            items += keyword_icon(kind, cx - size / 2, cy - size / 2, size, col.ink, col.tint)
        if number is not None:  # the shield carries its armour
            items.append(Text(cx, cy + 1.4 * k, str(number), max(MIN_PT, 9 * k), col.tint, "bold", "middle"))
        if len(text) == 1:
            items.append(label(words, cx, baseline, room, max_pt=max(MIN_PT, 7.5 * k), min_pt=MIN_PT,
                               style="bold", color=col.ink))
        else:
            items += [Text(cx, baseline - (len(text) - 1 - i) * step, line, MIN_PT, col.ink, "bold", "middle")
                      for i, line in enumerate(text)]
    return items
