"""The reference card, the tokens and the deck list sheets."""

from __future__ import annotations

from ...draw import BLEED_ART, Circle, Group, Line, Rect, Scene, Text
from ...draw.scene import Item
from ...draw.table import table
from ...draw.text import block, label
from . import richtext
from .card_art import INK, MUTED, NIGHT
from .decks import DeckLimits, deck_colours
from .draw_symbols import crystal, symbol
from .model import TITLE, Card, SkyboundBattle, Starter, Token
from .text import component_text, effect_text

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
        # the paper starts under the title band's rounded top, so no paper shows at its corners
        Rect(4, 12, w - 8, h - 16, fill="#fbf8f0", radius=3),
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
    """The first player token, card-sized: a sun over the clouds, its name, and what holding it
    means; both faces alike (layouts/first-player.yaml)."""
    from . import card_layout

    return card_layout.first_player(model, model.layouts)[0]


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
# Two lists to a page, one above the other with a cut line between: a list a player keeps with
# their deck is half a page, and the six starters and two blank lists take four pages, not eight.

CUT_GAP = 8.0
HALF = (SHEET[0], (SHEET[1] - CUT_GAP) / 2)
TOP = 15.5  # where a list's table starts, under its title line


def _frame(title: str, subtitle: str) -> list[Item]:
    w, _ = HALF
    return [Text(0, 8, title, 17, NIGHT, "bold"), Text(w, 8, subtitle, 7.5, MUTED, "regular", "end"),
            Line(0, 11, w, 11, stroke=NIGHT, stroke_mm=0.5)]


def _card_rows(model: SkyboundBattle, cards: dict[str, int]) -> tuple[list[list[str]], list[Card]]:
    rows = [["Qty", "Card", "", "Cost", "Mana", "Atk", "Life", "Effects"]]
    order = sorted(cards, key=lambda cid: (model.card(cid).colour, model.card(cid).cost, model.card(cid).name))
    listed = [model.card(cid) for cid in order]
    for c in listed:
        rows.append([str(cards[c.id]), c.name, "", str(c.cost), str(c.mana or "-"), str(c.attack), str(c.life),
                     effect_text(c, model.effect_words) or "-"])
    return rows, listed


WIDTHS = [8.0, 28.0, 6.0, 9.0, 9.5, 8.0, 8.0, 113.0]  # inside the sheet, its last rule too
BLURB = 7.0


def deck_list(model: SkyboundBattle, starter: Starter) -> Scene:
    """A starter deck on half a page: its name, colours and totals, every card with its colour's
    symbol, numbers and text."""
    w, h = HALF
    pool = {c.id: c for c in model.cards}
    colours = [model.colour(c) for c in deck_colours(starter.cards, pool)]
    n = sum(starter.cards.values())
    cost = sum(pool[c].cost * k for c, k in starter.cards.items())
    limits = DeckLimits.from_rules(model.rules.deck)
    items = _frame(starter.name, f"{TITLE} · starter deck · {n} cards · total cost {cost} "
                                 f"(at most {limits.max_cost})")
    # the colours and the blurb, on the title line after the name
    x = 4.0 + len(starter.name) * 3.6
    for col in colours:
        items += symbol(col.symbol, x, 2.2, 5.5, col.ink, "#ffffff")
        items.append(Text(x + 6.8, 6.8, col.name, 8.5, col.ink, "bold"))
        x += 10 + len(col.name) * 1.9
    rows, listed = _card_rows(model, starter.cards)
    row_h = min(7.5, (h - TOP - BLURB) / len(rows))
    t, th = table(0, TOP, WIDTHS, rows, row_h=row_h, size_pt=7.5, header_fill=NIGHT)
    items += t
    items += block(starter.blurb, 0, TOP + th + 1.0, sum(WIDTHS), BLURB - 1.0, max_pt=9, style="italic",
                   color=INK, valign="middle")
    sx = sum(WIDTHS[:2]) + WIDTHS[2] / 2 - 2.4
    for r, c in enumerate(listed, 1):
        col = model.colour(c.colour)
        items += symbol(col.symbol, sx, TOP + r * row_h + row_h / 2 - 2.4, 4.8, col.ink, "#ffffff")
    return Scene(w, h, tuple(items), title=f"deck list: {starter.name}")


def blank_deck_list(model: SkyboundBattle) -> Scene:
    """An empty deck list on half a page, to build a deck of one's own: as many lines as a deck can
    have different cards, in two columns, with the limits and the running totals."""
    w, h = HALF
    limits = DeckLimits.from_rules(model.rules.deck)
    items = _frame("My deck", f"{TITLE} · deck list")
    items.append(Text(0, 20, "Name:", 9, NIGHT, "bold"))
    items.append(Line(12, 20.5, 110, 20.5, stroke=MUTED, stroke_mm=0.3))
    items.append(Text(116, 20, "Colours:", 9, NIGHT, "bold"))
    items.append(Line(131, 20.5, w, 20.5, stroke=MUTED, stroke_mm=0.3))
    per_column = -(-limits.cards // 2)
    widths = [11.0, 51.0, 16.0, 13.0]
    gap = w - 2 * sum(widths) - 0.5  # the last rule stays inside the sheet
    top = 25.0
    row_h = min(8.5, (h - top - 17.0) / (per_column + 1))
    for k in range(2):
        rows = [["Qty", "Card", "Colour", "Cost"]] + [["", "", "", ""] for _ in range(per_column)]
        t, _ = table(k * (sum(widths) + gap), top, widths, rows, row_h=row_h, size_pt=8, header_fill=NIGHT)
        items += t
    y = top + (per_column + 1) * row_h + 6.5
    items.append(Text(0, y, f"Cards: ____ of {limits.cards}      Total cost: ____ of at most {limits.max_cost}",
                      9, NIGHT, "bold"))
    items += block(component_text(model, "deck_list")["limits"], 0, y + 2.0, w, 8, max_pt=7.5, color=MUTED)
    return Scene(w, h, tuple(items), title="deck list: blank")


def deck_list_page(halves: list[Scene]) -> Scene:
    """Two deck lists on one page, with a dashed cut line between them."""
    w, h = SHEET
    items: list[Item] = [Group(halves[0].items, 0, 0)]
    if len(halves) > 1:
        y = HALF[1] + CUT_GAP
        items += [Line(0, y - CUT_GAP / 2, w, y - CUT_GAP / 2, stroke=MUTED, stroke_mm=0.25, dash=(2.0, 1.5)),
                  Group(halves[1].items, 0, y)]
    return Scene(w, h, tuple(items), title=" and ".join(s.title for s in halves))
