"""The turn summary (one per nation) and the combat reference card, drawn from the model and the
exact odds table."""

from __future__ import annotations

from ...content import ContentSet, Loc, Problem
from ...draw import Circle, Rect, Scene, Text
from ...draw.fonts import PT_MM, width_mm
from ...draw.scene import Item as SceneItem
from ...draw.table import overflowing, table
from ...draw.text import LEADING, MIN_TEXT_PT, block, fits, label, wrap
from ...layout import DoesNotFit, Item, SlotBox, draw, face_size
from ...text import render
from . import art
from .model import IslandOfFog
from .odds import OddsRow, percent
from .rules import Force, forces
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


def card_back_checked(m: IslandOfFog, content: ContentSet | None = None) -> tuple[Scene, list[Problem]]:
    size = face_size(m.layouts["card-turn-summary"])   # the back is the size of the face it backs
    places = {"title": content.place("game", ("title",))} if content else {}
    scene, problems = draw(m.layouts["card-back"], Item("the card back", {"title": m.game.title}, places), size)
    return Scene(scene.w, scene.h, scene.items, scene.background, "Card back"), problems


def card_back(m: IslandOfFog) -> Scene:
    """The back of the turn summary cards (layouts/card-back.yaml)."""
    return card_back_checked(m)[0]


def problems(m: IslandOfFog, content: ContentSet) -> list[Problem]:
    """Every problem the card layouts have with a nation's turn summary or the back (a text too
    long for its box, at the layout, naming the data lines it prints), found by drawing each once,
    and every content text too long for its place on the combat card, at its data line."""
    out = card_back_checked(m, content)[1]
    for c in m.game.colours:
        out += turn_summary_checked(m, c.id, content)[1]
    return out + combat_card_checked(m, None, content)[1]


def _cell_fill(m: IslandOfFog, row: OddsRow | None) -> str:
    if row is None:
        return m.look.fog
    p = float(row.odds.win + row.odds.draw / 2)  # 0.5 is an even fight
    colour = m.look.win if p >= 0.5 else m.look.lose
    return art.tint(colour, 1.0 - min(1.0, abs(p - 0.5) * 2.2) * 0.75)


NO_STAND = "cannot stand there"


def _cell_text(row: OddsRow | None) -> str:
    if row is None:
        return NO_STAND
    return f"{percent(row.odds.win)} · {percent(row.odds.draw)} · {percent(row.odds.lose)}"


def _widest_odds() -> str:
    """The widest odds an odds cell can hold, whatever they are: the widest percentage three times,
    so that validate checks the cells without computing the odds."""
    widest = max([f"{v}%" for v in range(101)] + ["<1%", ">99%"], key=lambda t: width_mm(t, 8.0))
    return " · ".join([widest] * 3)


Piece = tuple[str, str, Loc]
"""A text from content as the card prints it, and where it was written (file stem, location)."""


class _Fits:
    """The texts of the combat card that do not fit their place at MIN_TEXT_PT, as problems at the
    data that holds them (none when drawing for the kit: `content` None)."""

    def __init__(self, content: ContentSet | None) -> None:
        self.content = content
        self.found: dict[tuple[str, Loc, str], Problem] = {}   # one problem a text and a place

    def check(self, ok: bool, what: str, pieces: list[Piece], advice: str = "") -> None:
        if ok or self.content is None or not pieces:
            return
        # the longest content text the place prints is the one to shorten
        text, stem, loc = max(pieces, key=lambda p: len(p[0]))
        message = (f"{what} does not fit on the combat reference card even at {MIN_TEXT_PT:g} pt: "
                   f"{advice or f'shorten {text!r}'}")
        self.found.setdefault((stem, loc, message), self.content.problem(stem, loc, message))


def combat_card(m: IslandOfFog, rows: list[OddsRow]) -> Scene:
    """The combat reference: how a fight goes, its bonuses, and the exact odds of every matchup."""
    return combat_card_checked(m, rows)[0]


def combat_card_checked(m: IslandOfFog, rows: list[OddsRow] | None,
                        content: ContentSet | None = None) -> tuple[Scene, list[Problem]]:
    """The combat card and, given the content, every text from it that cannot fit its place at
    MIN_TEXT_PT, reported where it was written. Without `rows` (at validate) every odds cell holds
    the widest text an odds cell can, so the check needs no odds."""
    look = m.look
    fit = _Fits(content)
    lines = combat_lines(m)
    # where each printed name was written, for the problems
    unit_at = {u.id: ("units", ("units", k, "name")) for k, u in enumerate(m.units.units)}
    defence_at = {d.id: ("combat", ("defence", k, "name")) for k, d in enumerate(m.combat.defence)}

    def named(f: Force) -> Piece:
        return (f.label(m), *unit_at[f.unit]) if f.size == 1 else (f.label(m), "units", ("stacking", "max_size"))

    units = [named(f) for f in forces(m) if f.size == 1]
    defences = [(d.name, *defence_at[d.id]) for d in m.combat.defence]
    chosen = rows[0].policy if rows else m.combat.reroll_policy
    said = combat_words(m, chosen)

    items: list[SceneItem] = [Rect(0, 0, COMBAT_W, 12, fill=look.ink)]
    aside = f"{words(m.combat.dice)} dice each, higher total wins"
    title, room = f"{m.game.title}: combat", COMBAT_W - 10 - width_mm(aside, 8.5, "italic") - 4
    fit.check(width_mm(title, MIN_TEXT_PT, "bold") <= room, "the title", [(m.game.title, "game", ("title",))])
    items.append(label(title, 5, 8.3, room, max_pt=12, min_pt=MIN_TEXT_PT, style="bold", color=look.paper,
                       anchor="start"))
    items.append(Text(COMBAT_W - 5, 8.3, aside, 8.5, look.paper, "italic", "end"))
    attack = ", ".join(f"{k} {v:+d}" for k, v in lines["attack"].items())
    defend = "; ".join(f"{row} " + ", ".join(f"{who.lower()} {v:+d}" for who, v in per.items())
                       for row, per in lines["defence"].items())
    how = (f"Attack a unit on a space beside yours. Each side rolls {words(m.combat.dice)} dice. "
           f"Attacker adds: {attack}. Defender adds for its space: {defend}. {said['rerolls']} "
           f"Lower total loses its unit (a whole stack); a draw changes nothing. "
           f"A defender beaten on a building is replaced by the attacker.")
    fit.check(fits(how, COMBAT_W - 10, 20, MIN_TEXT_PT), "the rules paragraph",
              [*units, *defences, (said["rerolls"], "combat", ("words", "rerolls"))])
    items += block(how, 5, 15, COMBAT_W - 10, 20, max_pt=8.5, min_pt=MIN_TEXT_PT, color=look.ink)
    # the odds: one row a matchup, one column a defence row
    head = ["Attacker", "Defender"] + [
        f"on {d.name} ({', '.join(f'{k.split()[0].lower()} {v:+d}' for k, v in lines['defence'][d.name].items())})"
        for d in m.combat.defence]
    head_pieces: list[list[Piece]] = [[], []] + [
        [(d.name, *defence_at[d.id]), *((p[0].split()[0], *p[1:]) for p in units)] for d in m.combat.defence]
    body: list[list[str]] = []
    body_pieces: list[list[list[Piece]]] = []
    fills: list[list[str]] = []
    worst = _widest_odds()
    for attacker, defender, cells in odds_grid(m, rows or []):
        body.append([attacker.label(m), defender.label(m)] +
                    [_cell_text(c) if rows is not None else worst for c in cells])
        # an odds cell prints no content text; its width is the card's over the defence rows
        body_pieces.append([[named(attacker)], [named(defender)]] +
                           [[("defence", "combat", ("defence",))] for _ in cells])
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
    grid = [head, *body]
    if rows is None and body:   # the other text an odds cell may hold
        grid.append([NO_STAND if c >= 2 else "" for c in range(len(head))])
        body_pieces.append(body_pieces[-1])
    for r, c in overflowing(widths, grid, row_h=row_h):
        what = ("a column heading of the odds table" if r == 0 else "a name in the odds table" if c < 2
                else "an odds cell")
        fit.check(False, f"{what} ({widths[c]:.3g} x {row_h:.3g} mm)", [head_pieces, *body_pieces][r][c],
                  "fewer defence rows leave each odds column wider" if r and c >= 2 else "")
    t, _ = table(5, top, widths, grid[:len(body) + 1], row_h=row_h, size_pt=8, stripe=None, header_fill=look.ink)
    items += t
    foot = (f"Each cell: the attacker's chances to win · draw · lose, exact, for every roll and re-roll. "
            f"{said['odds']}")
    fit.check(fits(foot, COMBAT_W - 10, 9.5, MIN_TEXT_PT, "italic"), "the note under the odds",
              [(said["odds"], "combat", ("words", "odds", chosen))])
    items += block(foot, 5, COMBAT_H - 10.5, COMBAT_W - 10, 9.5, max_pt=7, min_pt=MIN_TEXT_PT,
                   color=look.muted, style="italic")
    scene = Scene(COMBAT_W, COMBAT_H, tuple(items), background=look.paper, title="Combat reference card")
    return scene, list(fit.found.values())
