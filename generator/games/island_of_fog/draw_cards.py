"""The turn summary (one per nation) and the combat reference card, drawn from the model and the
exact odds table."""

from __future__ import annotations

from functools import lru_cache

from ...content import ContentSet, Loc, Problem
from ...content.prose import render
from ...draw import Circle, Rect, Scene, Text
from ...draw.fonts import PT_MM, width_mm
from ...draw.scene import FontStyle
from ...draw.scene import Item as SceneItem
from ...draw.table import overflowing, table
from ...draw.text import LEADING, MIN_TEXT_PT, fits, largest, wrap
from ...layout import DoesNotFit, Item, Layout, SlotBox, draw, face_size
from ...layout.render import Scale, place
from . import art
from .model import IslandOfFog
from .odds import OddsRow, percent
from .rules import Force, forces
from .text import card_words, combat_lines, combat_words, context, odds_grid, words


def summary_lines(m: IslandOfFog) -> Lines:
    """The turn summary as (kind, text) lines: 'head' or 'item'."""
    out = []
    for line in render("island-of-fog/turn-summary.md.j2", **context(m)).splitlines():
        line = line.strip().replace("**", "")
        if line.startswith("# "):
            out.append(("head", line[2:]))
        elif line.startswith("- "):
            out.append(("item", line[2:]))
    return tuple(out)


Lines = tuple[tuple[str, str], ...]
"""The turn summary's lines, (kind, text) each: the same for every nation."""


def _flow(lines: Lines, x: float, y: float, w: float, h: float, colour: str, ink: str,
          max_pt: float, min_pt: float) -> list[SceneItem] | None:
    """Headings and bullets laid out top to bottom, all at the largest size that fits; None when they
    do not fit even at `min_pt`."""
    size = _flow_size(lines, y, w, h, max_pt, min_pt)
    if size is None:
        return None
    items: list[SceneItem] = []
    _flow_at(lines, x, y, w, size, colour, ink, items)
    return items


@lru_cache(maxsize=16)
def _flow_size(lines: Lines, y: float, w: float, h: float, max_pt: float, min_pt: float) -> float | None:
    """The size `_flow` lays the lines out at (the core's one search for the largest size that fits),
    found once for every nation's card (only the colours differ between them)."""
    found = largest(lambda size: size if _flow_at(lines, 0.0, y, w, size, "", "", None) - y <= h else None,
                    max_pt, min_pt)
    return None if found is None else found[0]


def _flow_at(lines: Lines, x: float, y: float, w: float, size: float, colour: str, ink: str,
             items: list[SceneItem] | None) -> float:
    """Where the lines laid out at `size` end (mm down the face); their drawing added to `items`."""
    cy = y
    for kind, text in lines:
        step = size * PT_MM * LEADING
        if kind == "head":
            cy += step * 0.45
            if items is not None:
                items.append(Text(x, cy + size * PT_MM * 0.95, text.upper(), size, colour, "bold"))
            cy += step * 1.05
            continue
        rows = wrap(text, w - 3.0, size)
        if items is not None:
            items.append(Circle(x + 0.9, cy + step * 0.45, 0.5, fill=colour))
        for row in rows:
            if items is not None:
                items.append(Text(x + 2.6, cy + size * PT_MM * 0.85, row, size, ink))
            cy += step
        cy += step * 0.15
    return cy


def turn_summary_checked(m: IslandOfFog, colour: str, content: ContentSet | None = None,
                         lines: Lines | None = None) -> tuple[Scene, list[Problem]]:
    """A nation's turn summary card and its problems; `lines`, the summary_lines of `m` when the
    caller has them (they are the same for every nation)."""
    nation = m.colour[colour]
    said = summary_lines(m) if lines is None else lines
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
        items = _flow(said, b.x, b.y, b.w, b.h, b.color or m.look.ink, m.look.ink, b.size or 8.0, low)
        if items is None:
            raise DoesNotFit(f"the turn summary does not fit its {b.w:g} x {b.h:g} mm box even at {low:g} pt",
                             tuple(units))
        return tuple(items)

    scene, problems = draw(m.layouts["card-turn-summary"], it, None, {"summary": summary})
    return Scene(scene.w, scene.h, scene.items, scene.background, f"{nation.name} turn summary"), problems


def turn_summary(m: IslandOfFog, colour: str, lines: Lines | None = None) -> Scene:
    """A nation's turn summary card (layouts/card-turn-summary.yaml)."""
    return turn_summary_checked(m, colour, None, lines)[0]


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
    lines = summary_lines(m)
    for c in m.game.colours:
        out += turn_summary_checked(m, c.id, content, lines)[1]
    return out + combat_card_checked(m, None, content)[1]


def _cell_fill(m: IslandOfFog, row: OddsRow | None) -> str:
    if row is None:
        return m.look.fog
    p = float(row.odds.win + row.odds.draw / 2)  # 0.5 is an even fight
    colour = m.look.win if p >= 0.5 else m.look.lose
    return art.tint(colour, 1.0 - min(1.0, abs(p - 0.5) * 2.2) * 0.75)


def _cell_text(row: OddsRow | None, no_stand: str) -> str:
    if row is None:
        return no_stand
    return f"{percent(row.odds.win)} · {percent(row.odds.draw)} · {percent(row.odds.lose)}"


def _widest_odds() -> str:
    """The widest odds an odds cell can hold, whatever they are: the widest percentage three times,
    so that validate checks the cells without computing the odds."""
    widest = max([f"{v}%" for v in range(101)] + ["<1%", ">99%"], key=lambda t: width_mm(t, 8.0))
    return " · ".join([widest] * 3)


Piece = tuple[str, str, Loc]
"""A text from content as the card prints it, and where it was written (file stem, location)."""


class _Fits:
    """The texts of a sheet that do not fit their place at MIN_TEXT_PT, as problems at the data that
    holds them (none when drawing for the kit: `content` None)."""

    def __init__(self, content: ContentSet | None, sheet: str = "the combat reference card") -> None:
        self.content = content
        self.sheet = sheet
        self.found: dict[tuple[str, Loc, str], Problem] = {}   # one problem a text and a place

    def check(self, ok: bool, what: str, pieces: list[Piece], advice: str = "", box: str = "") -> None:
        """`box`: the layout's box the text is set in ('FILE:LINE:COL' and name), the other way out."""
        if ok or self.content is None or not pieces:
            return
        # the longest content text the place prints is the one to shorten
        text, stem, loc = max(pieces, key=lambda p: len(p[0]))
        message = (f"{what} does not fit on {self.sheet} even at {MIN_TEXT_PT:g} pt: "
                   f"{advice or f'shorten {text!r}'}" + (f" (or give {box} more room)" if box else ""))
        self.found.setdefault((stem, loc, message), self.content.problem(stem, loc, message))

    def with_layout(self, problems: list[Problem]) -> list[Problem]:
        """These problems, then the layout's own (a box off the sheet, a fixed sentence too long for a
        box the layout shrank); a text refused here at its data line is not reported twice."""
        mine = list(self.found.values())
        return mine + [p for p in problems if not (mine and "does not fit" in p.message)]


class Boxes:
    """Where the named boxes of a sheet's layout lie (mm), and the font each text box sets in."""

    def __init__(self, layout: Layout, size: tuple[float, float]) -> None:
        self.layout, self.size, self.scale = layout, size, Scale.of(layout, size)

    def place(self, name: str) -> tuple[float, float, float, float] | None:
        box = self.layout.box(name)
        return None if box is None else place(box, *self.size, self.scale)

    def named(self, name: str) -> str:
        """The box as a message names it: 'box NAME at FILE:LINE:COL' ('' when the layout has none)."""
        box = self.layout.box(name)
        if box is None:
            return ""
        at = box.where.problem("")
        return f"box {name!r} at {at.file}:{at.line}:{at.col}"

    def fits(self, name: str, text: str) -> bool:
        """Whether `text` fits the text box `name` at MIN_TEXT_PT (a box the layout leaves out holds all)."""
        box, where = self.layout.box(name), self.place(name)
        if box is None or where is None or box.type != "text":
            return True
        font = box.get("font", "regular")
        style: FontStyle = font if font in ("regular", "bold", "italic") else "regular"
        file = "" if font == style else font
        _, _, w, h = where
        if box.get("wrap", True):
            return fits(text, w, h, MIN_TEXT_PT, style, file)
        return all(width_mm(line, MIN_TEXT_PT, style, file) <= w for line in text.split("\n"))


def combat_card(m: IslandOfFog, rows: list[OddsRow]) -> Scene:
    """The combat reference: how a fight goes, its bonuses, and the exact odds of every matchup."""
    return combat_card_checked(m, rows)[0]


def combat_card_checked(m: IslandOfFog, rows: list[OddsRow] | None,
                        content: ContentSet | None = None) -> tuple[Scene, list[Problem]]:
    """The combat card (layouts/combat-card.yaml, its words templates/island-of-fog/combat-card.j2)
    and, given the content, every text from it that cannot fit its place at MIN_TEXT_PT, reported
    where it was written. Without `rows` (at validate) every odds cell holds the widest text an odds
    cell can, so the check needs no odds."""
    look = m.look
    layout = m.layouts["combat-card"]
    boxes = Boxes(layout, face_size(layout))
    fit = _Fits(content)
    lines = combat_lines(m)
    # where each printed name was written, for the problems
    unit_at = {u.id: ("units", ("units", k, "name")) for k, u in enumerate(m.units.units)}
    defence_at = {d.id: ("combat", ("defence", k, "name")) for k, d in enumerate(m.combat.defence)}

    def named(f: Force) -> Piece:
        return (f.label(m), *unit_at[f.unit]) if f.size == 1 else (f.label(m), "units", ("stacking", "max_size"))

    def say(phrase: str, **context: object) -> str:
        return card_words("combat-card", phrase, **context)

    units = [named(f) for f in forces(m) if f.size == 1]
    defences = [(d.name, *defence_at[d.id]) for d in m.combat.defence]
    chosen = rows[0].policy if rows else m.combat.reroll_policy
    said = combat_words(m, chosen)
    fields = {
        "title": say("title", game=m.game.title),
        "aside": say("aside", dice=words(m.combat.dice)),
        "rules": say("how", dice=words(m.combat.dice), attack=lines["attack"], defence=lines["defence"],
                     rerolls=said["rerolls"]),
        "note": say("note", odds=said["odds"]),
    }
    fit.check(boxes.fits("title", fields["title"]), "the title", [(m.game.title, "game", ("title",))],
              box=boxes.named("title"))
    fit.check(boxes.fits("rules", fields["rules"]), "the rules paragraph",
              [*units, *defences, (said["rerolls"], "combat", ("words", "rerolls"))], box=boxes.named("rules"))
    fit.check(boxes.fits("note", fields["note"]), "the note under the odds",
              [(said["odds"], "combat", ("words", "odds", chosen))], box=boxes.named("note"))

    # the odds: one row a matchup, one column a defence row
    no_stand = say("no_stand")
    head = [say("attacker"), say("defender")] + [say("on_row", row=d.name, bonuses=lines["defence"][d.name])
                                                 for d in m.combat.defence]
    head_pieces: list[list[Piece]] = [[], []] + [
        [(d.name, *defence_at[d.id]), *((p[0].split()[0], *p[1:]) for p in units)] for d in m.combat.defence]
    body: list[list[str]] = []
    body_pieces: list[list[list[Piece]]] = []
    fills: list[list[str]] = []
    worst = _widest_odds()
    for attacker, defender, cells in odds_grid(m, rows or []):
        body.append([attacker.label(m), defender.label(m)] +
                    [_cell_text(c, no_stand) if rows is not None else worst for c in cells])
        # an odds cell prints no content text; its width is the card's over the defence rows
        body_pieces.append([[named(attacker)], [named(defender)]] +
                           [[("defence", "combat", ("defence",))] for _ in cells])
        fills.append([_cell_fill(m, c) for c in cells])

    def columns(b: SlotBox) -> tuple[float, list[float], float]:
        """The table's left edge, its column widths and its row height, for the `odds` box `b`."""
        where = boxes.place("matchups")
        x, names = (where[0], where[2]) if where is not None else (b.x, 0.0)
        widths = [names / 2, names / 2] + [b.w / len(m.combat.defence)] * len(m.combat.defence)
        return x, widths, b.h / (len(body) + 1)

    def odds(b: SlotBox) -> tuple[SceneItem, ...]:
        left, widths, row_h = columns(b)
        items: list[SceneItem] = []
        for r, fr in enumerate(fills):
            x = b.x
            for c, f in enumerate(fr):
                items.append(Rect(x, b.y + (r + 1) * row_h, widths[2 + c], row_h, fill=f))
                x += widths[2 + c]
        grid = [head, *body]
        if rows is None and body:   # the other text an odds cell may hold
            grid.append([no_stand if c >= 2 else "" for c in range(len(head))])
            body_pieces.append(body_pieces[-1])
        for r, c in overflowing(widths, grid, row_h=row_h):
            what = ("a column heading of the odds table" if r == 0 else "a name in the odds table" if c < 2
                    else "an odds cell")
            fit.check(False, f"{what} ({widths[c]:.3g} x {row_h:.3g} mm)", [head_pieces, *body_pieces][r][c],
                      "fewer defence rows leave each odds column wider" if r and c >= 2 else "",
                      boxes.named("matchups" if c < 2 else "odds"))
        t, _ = table(left, b.y, widths, grid[:len(body) + 1], row_h=row_h, size_pt=b.size or 8.0, stripe=None,
                     header_fill=b.color or look.ink)
        return (*items, *t)

    it = Item("the combat reference card", fields, _places(content, {"title": ("game", ("title",))}))
    scene, problems = draw(layout, it, None, {"matchups": lambda b: (), "odds": odds})
    return (Scene(scene.w, scene.h, scene.items, scene.background, "Combat reference card"),
            fit.with_layout(problems))


def _places(content: ContentSet | None, at: dict[str, tuple[str, Loc]]) -> dict[str, str]:
    """Where the content a text box prints was written ('FILE:LINE:COL'), for the layout's messages."""
    if content is None:
        return {}
    return {name: content.place(stem, loc) for name, (stem, loc) in at.items()}
