"""Tokens: units, buildings (city on one face, factory on the other), bases, lighthouse pieces,
coins, and fold-up dice."""

from __future__ import annotations

from dataclasses import replace
from textwrap import shorten

from ...content import ContentSet, Problem
from ...draw import Circle, Line, Rect, Scene, polygon
from ...draw.scene import Item as SceneItem
from ...draw.text import MIN_TEXT_PT
from ...layout import DoesNotFit, Item, Slot, SlotBox, draw, face_size
from . import art
from .draw_cards import Boxes
from .model import IslandOfFog
from .text import card_words


def _token(m: IslandOfFog, layout: str, it: Item, size: float, slots: dict[str, Slot],
           title: str) -> tuple[Scene, list[Problem]]:
    scene, problems = draw(m.layouts[layout], it, (size, size), slots)
    return replace(scene, title=title), problems


def _square(b: SlotBox) -> tuple[float, float, float]:
    """The art's square: as wide as the slot, centred in it (x, y, size)."""
    return b.x, b.y + (b.h - b.w) / 2, b.w


def _nation(m: IslandOfFog, colour: str) -> dict[str, str]:
    """The colours a nation's token is drawn in: its own, darker for the edge, and the text on it."""
    hex_ = m.colour[colour].hex
    return {"nation": hex_, "dark": art.shade(hex_, 0.15), "on": art.text_on(m, hex_), "mark": m.colour[colour].mark}


def unit_checked(m: IslandOfFog, unit_id: str, colour: str,
                 content: ContentSet | None = None) -> tuple[Scene, list[Problem]]:
    u = m.unit[unit_id]
    nation = m.colour[colour]
    index = m.units.units.index(u)
    places = {"name": content.place("units", ("units", index, "name"))} if content else {}
    it = Item(f"unit {shorten(u.name, 40, placeholder=' …')!r}", {"name": u.name, "move": u.move,
                                                                   **_nation(m, colour)}, places)

    def badge(b: SlotBox) -> tuple[SceneItem, ...]:
        """A shield with a chevron for a basic unit, a star for an elite."""
        x, y, s = _square(b)
        mark = (art.star(x + s / 2, y + s * 0.46, s * 0.17, nation.hex) if u.combat_extra
                else art.chevron(x, y, s, 0.52, nation.hex))
        return (*art.shield(x, y, s, m.look.paper, m.look.ink), *mark)

    return _token(m, "token-unit", it, m.tokens.units.size, {"badge": badge}, f"{nation.name} {u.name.lower()}")


def unit(m: IslandOfFog, unit_id: str, colour: str) -> Scene:
    """A unit token: a shield, one chevron for a basic unit, a star for an elite; its move below
    (layouts/token-unit.yaml)."""
    return unit_checked(m, unit_id, colour)[0]


def unit_back(m: IslandOfFog, colour: str) -> Scene:
    return _token(m, "token-unit-back", Item("unit back", _nation(m, colour)), m.tokens.units.size, {},
                  f"{m.colour[colour].name} unit back")[0]


def building(m: IslandOfFog, colour: str, side: str) -> Scene:
    """A building token: `city` face or `factory` face (the two faces of one token;
    layouts/token-building.yaml)."""
    draw_art = art.houses if side == "city" else art.factory
    it = Item(f"{side} token", {"side": side, **_nation(m, colour)})
    slots: dict[str, Slot] = {"building": lambda b: tuple(draw_art(*_square(b), m.look.paper, m.look.ink))}
    return _token(m, "token-building", it, m.tokens.buildings.size, slots, f"{m.colour[colour].name} {side}")[0]


def base(m: IslandOfFog, colour: str) -> Scene:
    it = Item("base token", _nation(m, colour))
    slots: dict[str, Slot] = {"fortress": lambda b: tuple(art.fortress(*_square(b), m.look.paper, m.look.ink))}
    return _token(m, "token-base", it, m.tokens.bases.size, slots, f"{m.colour[colour].name} base")[0]


def lighthouse_piece(m: IslandOfFog, colour: str) -> Scene:
    it = Item("lighthouse piece", _nation(m, colour))
    slots: dict[str, Slot] = {"lighthouse": lambda b: tuple(art.lighthouse(m, *_square(b), b.color or m.look.ink))}
    return _token(m, "token-lighthouse", it, m.tokens.lighthouse_pieces.size, slots,
                  f"{m.colour[colour].name} lighthouse piece")[0]


def coin(m: IslandOfFog, value: int) -> Scene:
    """A coin: its metal, a rim, and its value large (layouts/token-coin.yaml)."""
    c = next(c for c in m.tokens.coins if c.value == value)
    it = Item(f"coin {value}", {"value": value, "metal": c.colour, "dark": art.shade(c.colour, 0.6)})
    return _token(m, "token-coin", it, c.size, {}, f"Coin {value}")[0]


def problems(m: IslandOfFog, content: ContentSet) -> list[Problem]:
    """Every problem the token layouts have with a unit token (its name or move too long for its
    box, at the layout and naming the data line), found by drawing each once, and the dice sheet's
    heading too long for its line (at the game's title)."""
    out: list[Problem] = []
    for u in m.units.units:
        for c in m.game.colours:
            out += unit_checked(m, u.id, c.id, content)[1]
    return out + dice_sheet_checked(m, content)[1]


PIPS = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
        6: [(0.27, 0.22), (0.73, 0.22), (0.27, 0.5), (0.73, 0.5), (0.27, 0.78), (0.73, 0.78)]}

# a cross-shaped net: (column, row) of each face and the number it shows; opposite faces add to 7
NET = {(1, 0): 5, (0, 1): 3, (1, 1): 1, (2, 1): 4, (1, 2): 2, (1, 3): 6}
# glue tabs: (column, row, edge) — seven edges close the cube
TABS = [(0, 1, "top"), (0, 1, "bottom"), (2, 1, "top"), (2, 1, "bottom"), (1, 3, "left"), (1, 3, "right"),
        (1, 3, "bottom")]


def die_net(m: IslandOfFog, x: float, y: float, fill: str) -> list[SceneItem]:
    """One fold-up die: cut on the solid line, fold on the dotted ones, glue the tabs."""
    e = m.tokens.dice.net_size
    ink = m.look.ink
    tab = e * 0.25
    out: list[SceneItem] = []
    for col, row, edge in TABS:
        x0, y0 = x + col * e, y + row * e
        pts = {"top": [(x0, y0), (x0 + tab, y0 - tab), (x0 + e - tab, y0 - tab), (x0 + e, y0)],
               "bottom": [(x0, y0 + e), (x0 + tab, y0 + e + tab), (x0 + e - tab, y0 + e + tab), (x0 + e, y0 + e)],
               "left": [(x0, y0), (x0 - tab, y0 + tab), (x0 - tab, y0 + e - tab), (x0, y0 + e)],
               "right": [(x0 + e, y0), (x0 + e + tab, y0 + tab), (x0 + e + tab, y0 + e - tab), (x0 + e, y0 + e)]}
        out.append(polygon(pts[edge], fill=art.tint(m.look.fog_dark, 0.25), stroke=ink, stroke_mm=0.3))
    for (col, row), n in NET.items():
        x0, y0 = x + col * e, y + row * e
        out.append(Rect(x0, y0, e, e, fill=fill, stroke=ink, stroke_mm=0.3, dash=(1.0, 0.8)))
        for fx, fy in PIPS[n]:
            out.append(Circle(x0 + fx * e, y0 + fy * e, e * 0.08, fill=ink))
    # the cut line: the outline of the faces where no neighbour or tab continues
    for (col, row) in NET:
        x0, y0 = x + col * e, y + row * e
        for edge, (dc, dr), seg in (("top", (0, -1), (x0, y0, x0 + e, y0)),
                                    ("bottom", (0, 1), (x0, y0 + e, x0 + e, y0 + e)),
                                    ("left", (-1, 0), (x0, y0, x0, y0 + e)),
                                    ("right", (1, 0), (x0 + e, y0, x0 + e, y0 + e))):
            if (col + dc, row + dr) not in NET and (col, row, edge) not in TABS:
                out.append(Line(*seg, stroke=ink, stroke_mm=0.45))
    return out


SIDES = ("attacker", "defender")


def dice_sheet(m: IslandOfFog) -> Scene:
    """Both sides' dice as fold-up nets on one sheet: the attacker's white, the defender's grey."""
    return dice_sheet_checked(m)[0]


def dice_sheet_checked(m: IslandOfFog, content: ContentSet | None = None) -> tuple[Scene, list[Problem]]:
    """The dice sheet (layouts/dice-sheet.yaml, its words templates/island-of-fog/dice-sheet.j2) and,
    given the content, its heading refused at the game's title when it cannot fit its box at
    MIN_TEXT_PT; a box too small for its side's nets is refused at the layout."""
    e = m.tokens.dice.net_size
    n = m.combat.dice
    gap = e * 0.3
    layout = m.layouts["dice-sheet"]
    fields = {"heading": card_words("dice-sheet", "heading", game=m.game.title, count=len(SIDES) * n,
                                    sides=m.combat.die_sides)}
    fields |= {side: card_words("dice-sheet", "side", who=side, dice=n) for side in SIDES}
    boxes = Boxes(layout, face_size(layout))
    problems: list[Problem] = []
    if content is not None and not boxes.fits("heading", fields["heading"]):
        w = (boxes.place("heading") or (0.0, 0.0, 0.0, 0.0))[2]
        problems.append(content.problem("game", ("title",), f"the heading of the dice sheet does not fit its "
                                                            f"{w:.3g} mm line even at {MIN_TEXT_PT:g} pt: shorten "
                                                            f"the title (or give {boxes.named('heading')} more room)"))

    def nets(side: str) -> Slot:
        def draw_nets(b: SlotBox) -> tuple[SceneItem, ...]:
            w, h = n * 3 * e + (n - 1) * gap, 4 * e + e * 0.25   # the bottom tab hangs below the last face
            if w > b.w + 1e-6 or h > b.h + 1e-6:
                raise DoesNotFit(f"the {side}'s {n} dice (nets of {e:g} mm faces) need {w:g} x {h:g} mm; the "
                                 f"box is {b.w:g} x {b.h:g} mm")
            x0, out = b.x + (b.w - w) / 2, []
            for k in range(n):
                out += die_net(m, x0 + k * (3 * e + gap), b.y, b.color or m.look.paper)
            return tuple(out)
        return draw_nets

    places = {"heading": content.place("game", ("title",))} if content is not None else {}
    scene, drawn = draw(layout, Item("the dice sheet", fields, places), None,
                        {f"{side}-dice": nets(side) for side in SIDES})
    problems += [p for p in drawn if not (problems and "does not fit" in p.message)]
    return Scene(scene.w, scene.h, scene.items, scene.background, "Dice"), problems
