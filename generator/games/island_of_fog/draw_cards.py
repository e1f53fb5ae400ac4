"""The turn summary (one per nation) and the combat reference card, drawn from the model and the
exact odds table."""

from __future__ import annotations

from ...content import ContentSet, Problem
from ...draw import Circle, Rect, Scene, Text
from ...draw.fonts import PT_MM
from ...draw.scene import Item as SceneItem
from ...draw.table import table
from ...draw.text import LEADING, block, wrap
from ...layout import DoesNotFit, Item, SlotBox, draw, face_size
from ...text import render
from . import art
from .model import IslandOfFog
from .odds import OddsRow, percent
from .text import combat_lines, combat_words, context, odds_grid, words

COMBAT_W, COMBAT_H = 250.0, 176.0


def summary_lines(m: IslandOfFog) -> list[tuple[str, str]]:
    """The turn summary as (kind, text) lines: 'head' or 'item'."""
    out = []
    for line in render("island-of-fog/turn-summary.md.j2", **context(m)).splitlines():
        line = line.strip().replace("**", "")
        if line.startswith("# "):
            out.append(("head", line[2:]))
        elif line.startswith("- "):
            out.append(("item", line[2:]))
    return out


def _flow(lines: list[tuple[str, str]], x: float, y: float, w: float, h: float, colour: str, ink: str,
          max_pt: float, min_pt: float) -> list[SceneItem] | None:
    """Headings and bullets laid out top to bottom, all at the largest size that fits; None when they
    do not fit even at `min_pt`."""
    size = max_pt
    while True:
        items: list[SceneItem] = []
        cy = y
        for kind, text in lines:
            step = size * PT_MM * LEADING
            if kind == "head":
                cy += step * 0.45
                items.append(Text(x, cy + size * PT_MM * 0.95, text.upper(), size, colour, "bold"))
                cy += step * 1.05
                continue
            rows = wrap(text, w - 3.0, size)
            items.append(Circle(x + 0.9, cy + step * 0.45, 0.5, fill=colour))
            for row in rows:
                items.append(Text(x + 2.6, cy + size * PT_MM * 0.85, row, size, ink))
                cy += step
            cy += step * 0.15
        if cy - y <= h:
            return items
        if size <= min_pt:
            return None
        size = max(min_pt, size - 0.25)


def turn_summary_checked(m: IslandOfFog, colour: str,
                         content: ContentSet | None = None) -> tuple[Scene, list[Problem]]:
    nation = m.colour[colour]
    # the content texts the summary prints, for the message when it does not fit: the units' names
    units = {f"unit {u.id!r}": content.place("units", ("units", k, "name"))
             for k, u in enumerate(m.units.units)} if content else {}
    places = units | ({"nation": content.place("game", ("colours", m.game.colours.index(nation), "name"))}
                      if content else {})
    # named alike for every nation: a summary too long is one problem, not one a nation
    it = Item("the turn summary card", {
        "title": m.game.title, "nation": nation.name, "colour": nation.hex, "on": art.text_on(m, nation.hex),
        "heading": art.readable(nation.hex, m.look.paper)}, places)

    def summary(b: SlotBox) -> tuple[SceneItem, ...]:
        low = b.min_size or 6.0
        items = _flow(summary_lines(m), b.x, b.y, b.w, b.h, b.color or m.look.ink, m.look.ink, b.size or 8.0, low)
        if items is None:
            raise DoesNotFit(f"the turn summary does not fit its {b.w:g} x {b.h:g} mm box even at {low:g} pt",
                             tuple(units))
        return tuple(items)

    scene, problems = draw(m.layouts["card-turn-summary"], it, None, {"summary": summary})
    return Scene(scene.w, scene.h, scene.items, scene.background, f"{nation.name} turn summary"), problems


def turn_summary(m: IslandOfFog, colour: str) -> Scene:
    """A nation's turn summary card (layouts/card-turn-summary.yaml)."""
    return turn_summary_checked(m, colour)[0]


def card_back_checked(m: IslandOfFog) -> tuple[Scene, list[Problem]]:
    size = face_size(m.layouts["card-turn-summary"])   # the back is the size of the face it backs
    scene, problems = draw(m.layouts["card-back"], Item("the card back", {"title": m.game.title}), size)
    return Scene(scene.w, scene.h, scene.items, scene.background, "Card back"), problems


def card_back(m: IslandOfFog) -> Scene:
    """The back of the turn summary cards (layouts/card-back.yaml)."""
    return card_back_checked(m)[0]


def problems(m: IslandOfFog, content: ContentSet) -> list[Problem]:
    """Every problem the card layouts have with a nation's turn summary or the back (a text too
    long for its box, at the layout, naming the data lines it prints), found by drawing each once."""
    out = card_back_checked(m)[1]
    for c in m.game.colours:
        out += turn_summary_checked(m, c.id, content)[1]
    return out


def _cell_fill(m: IslandOfFog, row: OddsRow | None) -> str:
    if row is None:
        return m.look.fog
    p = float(row.odds.win + row.odds.draw / 2)  # 0.5 is an even fight
    colour = m.look.win if p >= 0.5 else m.look.lose
    return art.tint(colour, 1.0 - min(1.0, abs(p - 0.5) * 2.2) * 0.75)


def _cell_text(row: OddsRow | None) -> str:
    if row is None:
        return "cannot stand there"
    return f"{percent(row.odds.win)} · {percent(row.odds.draw)} · {percent(row.odds.lose)}"


def combat_card(m: IslandOfFog, rows: list[OddsRow]) -> Scene:
    """The combat reference: how a fight goes, its bonuses, and the exact odds of every matchup."""
    look = m.look
    lines = combat_lines(m)
    items: list[SceneItem] = [Rect(0, 0, COMBAT_W, 12, fill=look.ink)]
    items.append(Text(5, 8.3, f"{m.game.title}: combat", 12, look.paper, "bold"))
    items.append(Text(COMBAT_W - 5, 8.3, f"{words(m.combat.dice)} dice each, higher total wins", 8.5,
                      look.paper, "italic", "end"))
    attack = ", ".join(f"{k} {v:+d}" for k, v in lines["attack"].items())
    defend = "; ".join(f"{row} " + ", ".join(f"{who.lower()} {v:+d}" for who, v in per.items())
                       for row, per in lines["defence"].items())
    chosen = rows[0].policy if rows else m.combat.reroll_policy
    said = combat_words(m, chosen)
    how = (f"Attack a unit on a space beside yours. Each side rolls {words(m.combat.dice)} dice. "
           f"Attacker adds: {attack}. Defender adds for its space: {defend}. {said['rerolls']} "
           f"Lower total loses its unit (a whole stack); a draw changes nothing. "
           f"A defender beaten on a building is replaced by the attacker.")
    items += block(how, 5, 15, COMBAT_W - 10, 20, max_pt=8.5, color=look.ink)
    # the odds: one row a matchup, one column a defence row
    head = ["Attacker", "Defender"] + [
        f"on {d.name} ({', '.join(f'{k.split()[0].lower()} {v:+d}' for k, v in lines['defence'][d.name].items())})"
        for d in m.combat.defence]
    body = []
    fills: list[list[str]] = []
    for attacker, defender, cells in odds_grid(m, rows):
        body.append([attacker.label(m), defender.label(m)] +
                    [_cell_text(c) for c in cells])
        fills.append([_cell_fill(m, c) for c in cells])
    widths = [30.0, 30.0] + [(COMBAT_W - 10 - 60) / len(m.combat.defence)] * len(m.combat.defence)
    x: float
    top = 38.0
    row_h = (COMBAT_H - top - 12) / (len(body) + 1)
    for r, fr in enumerate(fills):
        x = 5 + 60
        for c, f in enumerate(fr):
            items.append(Rect(x, top + (r + 1) * row_h, widths[2 + c], row_h, fill=f))
            x += widths[2 + c]
    t, _ = table(5, top, widths, [head, *body], row_h=row_h, size_pt=8, stripe=None, header_fill=look.ink)
    items += t
    items += block(f"Each cell: the attacker's chances to win · draw · lose, exact, for every roll and re-roll. "
                   f"{said['odds']}", 5, COMBAT_H - 10.5, COMBAT_W - 10, 9.5, max_pt=7, min_pt=6,
                   color=look.muted, style="italic")
    return Scene(COMBAT_W, COMBAT_H, tuple(items), background=look.paper, title="Combat reference card")
