"""The reference card, the tokens and the deck list sheets."""

from __future__ import annotations

from ...draw import Circle, Line, Rect, Scene, Text
from ...draw.scene import Item
from ...draw.table import table
from ...draw.text import block, label
from . import richtext
from .decks import DeckLimits, deck_colours
from .draw_cards import BLEED_ART, INK, MUTED, NIGHT
from .draw_symbols import crystal, symbol
from .model import TITLE, Card, SkyboundBattle, Starter, Token
from .text import component_text, effect_text

GOLD = "#d9c27a"
CREAM = "#f3e7bd"
SHEET = (190.0, 250.0)


# ---------------------------------------------------------------- reference card

def reference(model: SkyboundBattle, side: str) -> Scene:
    """One side of the rules reference card ("front": a round; "back": battle spot by spot)."""
    ref = model.kit.reference
    w, h = ref.width, ref.height
    words = component_text(model, "reference")[side]
    items: list[Item] = [
        Rect(-BLEED_ART, -BLEED_ART, w + 2 * BLEED_ART, h + 2 * BLEED_ART, fill=NIGHT),
        Rect(4, 4, w - 8, h - 8, fill="#fbf8f0", radius=3),
        Rect(4, 4, w - 8, 15, fill=NIGHT, radius=3),
        Rect(4, 12, w - 8, 7, fill=NIGHT),
        label(words["title"], w / 2, 14.4, w - 16, max_pt=13, style="bold", color=CREAM),
    ]
    paras: list[richtext.Para] = []
    for line in words["lines"]:
        head, _, body = line.partition("|")
        paras.append((f"{head}." if body else "", body or head, "regular"))
    items += richtext.block(paras, 9, 24, w - 18, h - 38, max_pt=12, min_pt=6, color=INK, label_color=NIGHT,
                            valign="top")
    items.append(label(f"{TITLE} · rules reference", w / 2, h - 8, w - 16, max_pt=6.5, color=MUTED))
    return Scene(w, h, tuple(items), background=NIGHT, title=f"rules reference ({words['title']})")


# ---------------------------------------------------------------- tokens

def first_player_token(model: SkyboundBattle) -> Scene:
    """The first player token: a sun over the clouds, both faces alike."""
    d = model.kit.first_player_token.diameter
    c = d / 2
    items: list[Item] = [
        Circle(c, c, c + BLEED_ART, fill=NIGHT),
        Circle(c, c, c - 1.5, stroke=GOLD, stroke_mm=0.6),
        Circle(c, c - d * 0.08, d * 0.2, fill="#f2b233"),
        Circle(c - d * 0.16, c + d * 0.1, d * 0.11, fill="#dfe6f2"),
        Circle(c + d * 0.14, c + d * 0.1, d * 0.13, fill="#dfe6f2"),
        Rect(c - d * 0.26, c + d * 0.1, d * 0.52, d * 0.11, fill="#dfe6f2"),
        label(component_text(model, "first_player").upper(), c, c + d * 0.36, d * 0.7, max_pt=9,
              style="bold", color=CREAM),
    ]
    return Scene(d, d, tuple(items), background=NIGHT, title="first player token")


def token(model: SkyboundBattle, tok: Token) -> Scene:
    """A mana token (a crystal) or a damage token (a burst with its value)."""
    d = tok.diameter
    c = d / 2
    items: list[Item] = []
    if tok.value is None:
        bg = "#2c6aa8"
        items += [Circle(c, c, c + BLEED_ART, fill=bg), Circle(c, c, c - 0.8, stroke="#ffffff", stroke_mm=0.3),
                  *crystal(c - d * 0.28, c - d * 0.36, d * 0.56, "#d6e6f5", "#ffffff")]
    else:
        bg = "#9b2226"
        spikes = 10
        pts = []
        import math

        for k in range(2 * spikes):
            r = (c - 1.2) if k % 2 == 0 else (c - 1.2) * 0.72
            a = math.pi * k / spikes
            pts.append((c + r * math.sin(a), c - r * math.cos(a)))
        from ...draw import polygon

        items += [Circle(c, c, c + BLEED_ART, fill=bg), polygon(pts, fill="#e76f51"),
                  Text(c, c + d * 0.16, str(tok.value), d * 1.25, "#ffffff", "bold", "middle")]
    return Scene(d, d, tuple(items), background=bg, title=f"{tok.name} token" +
                 (f" ({tok.value})" if tok.value else ""))


# ---------------------------------------------------------------- deck lists

def _frame(title: str, subtitle: str) -> list[Item]:
    w, _ = SHEET
    return [Text(0, 9, title, 20, NIGHT, "bold"), Text(w, 9, subtitle, 8, MUTED, "regular", "end"),
            Line(0, 12.5, w, 12.5, stroke=NIGHT, stroke_mm=0.6)]


def _card_rows(model: SkyboundBattle, cards: dict[str, int]) -> list[list[str]]:
    rows = [["Qty", "Card", "Colour", "Cost", "Mana", "Atk", "Life", "Effects"]]
    order = sorted(cards, key=lambda cid: (model.card(cid).colour, model.card(cid).cost, model.card(cid).name))
    for cid in order:
        c: Card = model.card(cid)
        rows.append([str(cards[cid]), c.name, model.colour(c.colour).name, str(c.cost), str(c.mana or "-"),
                     str(c.attack), str(c.life), effect_text(c) or "-"])
    return rows


WIDTHS = [10.0, 33.0, 15.0, 11.0, 11.0, 10.0, 10.0, 90.0]


def deck_list(model: SkyboundBattle, starter: Starter) -> Scene:
    """A starter deck on one page: what it is, every card with its numbers and text, its totals."""
    w, h = SHEET
    pool = {c.id: c for c in model.cards}
    colours = [model.colour(c) for c in deck_colours(starter.cards, pool)]
    items = _frame(starter.name, f"{TITLE} · starter deck {starter.id}")
    x = 0.0
    for col in colours:
        items += symbol(col.symbol, x, 16.0, 7.0, col.ink, "#ffffff")
        items.append(Text(x + 9, 21.6, col.name, 10, col.ink, "bold"))
        x += 12 + len(col.name) * 2.4
    items += block(starter.blurb, x + 4, 15.5, w - x - 4, 9, max_pt=9, color=INK, valign="middle")
    t, th = table(0, 29, WIDTHS, _card_rows(model, starter.cards), row_h=10.5, size_pt=8, header_fill=NIGHT)
    items += t
    n = sum(starter.cards.values())
    cost = sum(pool[c].cost * k for c, k in starter.cards.items())
    limits = DeckLimits.from_rules(model.rules.deck)
    y = 29 + th + 8
    items.append(Text(0, y, f"{n} cards · total cost {cost} (at most {limits.max_cost}) · "
                            f"{' + '.join(c.name for c in colours)}", 10, NIGHT, "bold"))
    items += block(_limits_line(limits), 0, y + 3, w, 10, max_pt=8, color=MUTED)
    return Scene(w, h, tuple(items), title=f"deck list: {starter.name}")


def _limits_line(limits: DeckLimits) -> str:
    return (f"A legal deck: exactly {limits.cards} cards, a total cost of at most {limits.max_cost}, at most "
            f"{limits.max_colours} colours, at most {limits.max_copies} copies of a card. Check one with "
            f"`playkit deck check FILE`.")


def blank_deck_list(model: SkyboundBattle) -> Scene:
    """An empty deck list to build a deck of one's own, with the limits and running totals."""
    w, h = SHEET
    limits = DeckLimits.from_rules(model.rules.deck)
    items = _frame("My deck", f"{TITLE} · deck list")
    items.append(Text(0, 22, "Name:", 10, NIGHT, "bold"))
    items.append(Line(14, 22.5, 110, 22.5, stroke=MUTED, stroke_mm=0.3))
    items.append(Text(116, 22, "Colours:", 10, NIGHT, "bold"))
    items.append(Line(134, 22.5, w, 22.5, stroke=MUTED, stroke_mm=0.3))
    rows = [["Qty", "Card", "Colour", "Cost", "Qty x cost"]] + [["", "", "", "", ""] for _ in range(limits.cards)]
    t, th = table(0, 29, [14.0, 80.0, 34.0, 28.0, 34.0], rows, row_h=8.6, size_pt=8.5, header_fill=NIGHT)
    items += t
    y = 29 + th + 7
    items.append(Text(0, y, f"Cards: ____ of {limits.cards}      Total cost: ____ of at most {limits.max_cost}",
                      10, NIGHT, "bold"))
    items += block(_limits_line(limits), 0, y + 3, w, 10, max_pt=8, color=MUTED)
    return Scene(w, h, tuple(items), title="deck list: blank")
