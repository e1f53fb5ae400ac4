"""Tokens: units, buildings (city on one face, factory on the other), bases, lighthouse pieces,
coins, and fold-up dice."""

from __future__ import annotations

from ...draw import Circle, Line, Rect, Scene, Text, polygon
from ...draw.scene import Item
from ...draw.text import label
from . import art
from .model import IslandOfFog


def unit(m: IslandOfFog, unit_id: str, colour: str) -> Scene:
    """A unit token: a shield, one chevron for a basic unit, a star for an elite; its move below."""
    u = m.unit[unit_id]
    size = m.tokens.units.size
    nation = m.colour[colour]
    paper, ink = m.look.paper, m.look.ink
    items: list[Item] = [Circle(size / 2, size / 2, size * 0.47, fill=nation.hex, stroke=paper, stroke_mm=0.5)]
    items += art.shield(0, -size * 0.06, size, paper, ink)
    if u.combat_extra:
        items += art.star(size / 2, size * 0.4, size * 0.17, nation.hex)
    else:
        items += art.chevron(0, -size * 0.06, size, 0.52, nation.hex)
    items.append(Text(size / 2, size * 0.93, f"{u.move}", 6, art.text_on(m, nation.hex), "bold", "middle"))
    return Scene(size, size, tuple(items), background=art.shade(nation.hex, 0.15),
                 title=f"{nation.name} {u.name.lower()}")


def unit_back(m: IslandOfFog, colour: str) -> Scene:
    size = m.tokens.units.size
    nation = m.colour[colour]
    items = (Circle(size / 2, size / 2, size * 0.47, fill=nation.hex, stroke=m.look.paper, stroke_mm=0.5),)
    return Scene(size, size, items, background=art.shade(nation.hex, 0.15), title=f"{nation.name} unit back")


def building(m: IslandOfFog, colour: str, side: str) -> Scene:
    """A building token: `city` face or `factory` face (the two faces of one token)."""
    size = m.tokens.buildings.size
    nation = m.colour[colour]
    paper, ink = m.look.paper, m.look.ink
    items: list[Item] = [Rect(0.6, 0.6, size - 1.2, size - 1.2, stroke=paper, stroke_mm=0.4, radius=1.2)]
    draw = art.houses if side == "city" else art.factory
    items += draw(size * 0.08, -size * 0.04, size * 0.84, paper, ink)
    items.append(label(side.upper(), size / 2, size * 0.92, size * 0.85, max_pt=6, min_pt=6, style="bold",
                       color=art.text_on(m, nation.hex)))
    return Scene(size, size, tuple(items), background=nation.hex, title=f"{nation.name} {side}")


def base(m: IslandOfFog, colour: str) -> Scene:
    size = m.tokens.bases.size
    nation = m.colour[colour]
    items: list[Item] = [Rect(0.6, 0.6, size - 1.2, size - 1.2, stroke=m.look.paper, stroke_mm=0.5, radius=1.5)]
    items += art.fortress(size * 0.1, -size * 0.05, size * 0.8, m.look.paper, m.look.ink)
    items.append(label("BASE", size / 2, size * 0.92, size * 0.8, max_pt=6, min_pt=6, style="bold",
                       color=art.text_on(m, nation.hex)))
    return Scene(size, size, tuple(items), background=nation.hex, title=f"{nation.name} base")


def lighthouse_piece(m: IslandOfFog, colour: str) -> Scene:
    size = m.tokens.lighthouse_pieces.size
    nation = m.colour[colour]
    items: list[Item] = [Circle(size / 2, size / 2, size * 0.47, fill=m.look.paper, stroke=nation.hex,
                                stroke_mm=1.2)]
    items += art.lighthouse(m, size * 0.1, size * 0.06, size * 0.8, nation.hex)
    return Scene(size, size, tuple(items), background=nation.hex, title=f"{nation.name} lighthouse piece")


def coin(m: IslandOfFog, value: int) -> Scene:
    """A coin: its metal, a rim, and its value large."""
    c = next(c for c in m.tokens.coins if c.value == value)
    size = c.size
    dark = art.shade(c.colour, 0.6)
    items: list[Item] = [Circle(size / 2, size / 2, size * 0.48, fill=c.colour, stroke=dark, stroke_mm=0.6),
                         Circle(size / 2, size / 2, size * 0.38, stroke=dark, stroke_mm=0.3)]
    items.append(Text(size / 2, size / 2 + size * 0.13, str(value), size * 1.05, dark, "bold", "middle"))
    return Scene(size, size, tuple(items), background=m.look.paper, title=f"Coin {value}")


PIPS = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
        6: [(0.27, 0.22), (0.73, 0.22), (0.27, 0.5), (0.73, 0.5), (0.27, 0.78), (0.73, 0.78)]}

# a cross-shaped net: (column, row) of each face and the number it shows; opposite faces add to 7
NET = {(1, 0): 5, (0, 1): 3, (1, 1): 1, (2, 1): 4, (1, 2): 2, (1, 3): 6}
# glue tabs: (column, row, edge) — seven edges close the cube
TABS = [(0, 1, "top"), (0, 1, "bottom"), (2, 1, "top"), (2, 1, "bottom"), (1, 3, "left"), (1, 3, "right"),
        (1, 3, "bottom")]


def die_net(m: IslandOfFog, x: float, y: float, fill: str) -> list[Item]:
    """One fold-up die: cut on the solid line, fold on the dotted ones, glue the tabs."""
    e = m.tokens.dice.net_size
    ink = m.look.ink
    tab = e * 0.25
    out: list[Item] = []
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
    e = m.tokens.dice.net_size
    n = m.combat.dice
    gap = e * 0.3
    net_h = 4 * e + e * 0.25  # the bottom tab hangs below the last face
    w = n * 3 * e + (n - 1) * gap
    head, row_label = 9.0, 7.0
    h = head + len(SIDES) * (row_label + net_h) + (len(SIDES) - 1) * gap
    ink = m.look.ink
    items: list[Item] = [label(f"{m.game.title}: dice ({len(SIDES) * n} d{m.combat.die_sides}). Cut the solid "
                               "lines, fold the dotted ones, glue the shaded tabs inside.",
                               w / 2, 5, w, max_pt=9, color=ink)]
    y = head
    for side in SIDES:
        fill = m.look.paper if side == "attacker" else m.look.fog
        items.append(Text(0, y + 4.5, f"The {side}'s {n} dice", 9, ink, "bold"))
        for k in range(n):
            items += die_net(m, k * (3 * e + gap), y + row_label, fill)
        y += row_label + net_h + gap
    return Scene(w, h, tuple(items), background=m.look.paper, title="Dice")
