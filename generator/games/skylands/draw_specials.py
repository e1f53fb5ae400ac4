"""Special island tiles: terrain like an island tile, plus name, VPs, cost and effect text; group backs.

Where the words go is worked out once (layout), for the drawer and for the content check that every
text fits its tile at a readable size (fit_problems).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...draw import Circle, Rect, Scene, Text
from ...draw.fonts import PT_MM
from ...draw.scene import Anchor, Item
from ...draw.text import LEADING, block, fit_size, fits, label, wrap
from .draw_tiles import BLEED_ART, form, tile_items
from .model import Skylands, SpecialIsland
from .text import special_text

# Text on a tile is never set below MIN_PT (a player reads it at arm's length); names take two lines
# before they shrink, rules text as many lines as its box holds.
MIN_PT = 6.0
NAME_PT = 7.0
BODY_PT = 7.0
GAP = 0.4
COST_R = 2.3
BADGE_R = 4.4


def _line(size: float) -> float:
    return size * PT_MM * LEADING


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Layout:
    """Where a special island's words, spaces and cost go (tile mm)."""

    name: str
    name_box: Box
    name_pt: float
    body: str
    body_box: Box
    anchor: Anchor
    cost_x: float
    cost_y: float
    spaces_y: float | None  # the Hostel's row of spaces


def layout(model: Skylands, special: SpecialIsland) -> Layout:
    pr = model.files.print
    t, b = pr.tile, pr.edge_band
    inset = b + 1.2
    name = special.spec.name
    two_lines = 2 * _line(MIN_PT)
    if special.is_fragment:
        form_name, _ = form(special.face.fragments[0].sides)
        cost_y = t - b - COST_R - 0.4
        if form_name == "cap":  # the fragment covers the top: words below it, in the clouds
            top, width, cost_x = t * 0.42, t - 2 * inset, t / 2
        else:  # a half: the top right is terrain, words go in the clouds at the lower left
            top, width, cost_x = t * 0.47, t * 0.58, t * 0.3
        name_box = Box(inset, top, width, two_lines)
        anchor: Anchor = "start"
        body = special_text(model, special) or model.files.specials.fragment_note
        spaces_y = None
        body_x, body_w = inset, width
    else:
        cost_y = t - inset - COST_R - 0.8
        badge_left = t - 2 * BADGE_R - 2.0 - 0.8
        name_box = Box(inset + 2.4, inset + 1.2, badge_left - inset - 2.4, two_lines)
        top = inset + 1.2
        cost_x, anchor = t / 2, "middle"
        body = special_text(model, special)
        spaces_y = None
        body_x, body_w = inset + 1.0, t - 2 * inset - 2.0
    name_pt = fit_size(name, name_box.w, name_box.h, NAME_PT, MIN_PT, "bold")
    body_top = top + len(wrap(name, name_box.w, name_pt, "bold")) * _line(name_pt) + GAP
    if not special.is_fragment:
        n = special.face.fragments[0].spaces
        if n:  # the Hostel's row of spaces under its name, clear of the VP badge
            spaces_y = max(body_top + pr.space, _clear_of_badge(t, pr.space, n))
            body_top = spaces_y + pr.space
        body_top = max(body_top, 2 * BADGE_R + 2.0) + GAP
    body_box = Box(body_x, body_top, body_w, cost_y - COST_R - GAP - body_top)
    return Layout(name, name_box, name_pt, body, body_box, anchor, cost_x, cost_y, spaces_y)


def space_row(t: float, space: float, n: int) -> list[float]:
    """x of each of the Hostel's n spaces, in a row centred on the tile."""
    step = 2 * space + 1.0
    return [t / 2 - step * (n - 1) / 2 + i * step for i in range(n)]


def _clear_of_badge(t: float, space: float, n: int) -> float:
    """The highest centre line for a row of n spaces that keeps the last one off the VP badge."""
    bx, by = t - BADGE_R - 2.0, BADGE_R + 2.0
    dx = max(0.0, bx - space_row(t, space, n)[-1])
    reach = BADGE_R + space + GAP
    return by + (reach * reach - dx * dx) ** 0.5 if dx < reach else 0.0


def fit_problems(model: Skylands, special: SpecialIsland) -> list[tuple[str, str]]:
    """The texts of a special island that do not fit their place at MIN_PT: ('name' or 'body', message)."""
    lay = layout(model, special)
    out = []
    if not fits(lay.name, lay.name_box.w, lay.name_box.h, MIN_PT, "bold"):
        out.append(("name", f"the name {lay.name!r} does not fit on the tile in two lines at {MIN_PT:g} pt"))
    if lay.body and not fits(lay.body, lay.body_box.w, lay.body_box.h, MIN_PT):
        lines = len(wrap(lay.body, lay.body_box.w, MIN_PT))
        room = int(lay.body_box.h // _line(MIN_PT))
        out.append(("body", f"the text on {special.id!r} takes {lines} lines at {MIN_PT:g} pt, the tile has "
                            f"room for {room} ({lay.body!r})"))
    return out


def inhabitant_disc(model: Skylands, colour: str, x: float, y: float) -> Circle:
    """An inhabitant standing on a space (as drawn in examples)."""
    colours = {c.id: c.colour for c in model.files.game.inhabitants.colours}
    pr = model.files.print
    return Circle(x, y, pr.space * 0.95, fill=colours.get(colour, "#ffffff"), stroke=pr.inks["ink"], stroke_mm=0.35)


def cost_items(model: Skylands, cost: list[str], cx: float, y: float, r: float = COST_R) -> list[Item]:
    """The inhabitants to return, as coloured discs with their initial; white (any colour) is blank."""
    g = model.files.game.inhabitants
    colours = {c.id: c for c in [*g.colours, g.any]}
    ink = model.files.print.inks["ink"]
    step = 2 * r + 0.9
    x0 = cx - step * (len(cost) - 1) / 2
    out: list[Item] = []
    for i, cid in enumerate(cost):
        c = colours.get(cid, g.any)
        out.append(Circle(x0 + i * step, y, r, fill=c.colour, stroke=ink, stroke_mm=0.35))
        if c.id != g.any.id:  # a letter as well as a colour; a blank white disc is "any colour"
            out.append(Text(x0 + i * step, y + 1.05, c.name[0], MIN_PT, "#ffffff", "bold", "middle"))
    return out


def vp_badge(model: Skylands, special: SpecialIsland, t: float) -> list[Item]:
    """VPs in the upper right corner; '*' when they need a complete island."""
    ink = model.files.print.inks["ink"]
    x, y = t - BADGE_R - 2.0, BADGE_R + 2.0
    shown = "?" if special.vp is None else str(special.vp)
    out: list[Item] = [Circle(x, y, BADGE_R, fill="#ffd966", stroke=ink, stroke_mm=0.45),
                       Text(x, y + 1.6, shown, 10, ink, "bold", "middle")]
    if special.is_fragment:
        out.append(Text(x - BADGE_R - 1.2, y - 0.6, "*", 9, ink, "bold", "middle"))
    return out


def special_front(model: Skylands, special: SpecialIsland, *, bleed: float = BLEED_ART,
                  inhabitants: tuple[str, ...] = ()) -> Scene:
    """The face of a special island; on a board (bleed 0) with the inhabitants on the Hostel's spaces."""
    pr = model.files.print
    t, b = pr.tile, pr.edge_band
    ink = pr.inks["ink"]
    lay = layout(model, special)
    items: list[Item]
    if special.is_fragment:
        items = tile_items(model, special.face, bleed=bleed)
    else:
        items = tile_items(model, special.face, spaces=False, bleed=bleed)
        depicts = model.terrains.get(special.spec.depicts or "")
        blob = depicts.light if depicts else model.files.game.special_island_type.light
        inset = b + 1.2
        items.append(Rect(inset, inset, t - 2 * inset, t - 2 * inset, fill=blob, stroke=ink, stroke_mm=0.3,
                          radius=4))
    nb, bb = lay.name_box, lay.body_box
    items += block(lay.name, nb.x, nb.y, nb.w, nb.h, max_pt=lay.name_pt, min_pt=MIN_PT, style="bold", color=ink,
                   anchor=lay.anchor)
    if lay.spaces_y is not None:  # the Hostel: its spaces, dashed (they score nothing)
        for i, x in enumerate(space_row(t, pr.space, special.face.fragments[0].spaces)):
            items.append(Circle(x, lay.spaces_y, pr.space, fill="#ffffff", stroke=pr.inks["muted"], stroke_mm=0.55,
                                dash=(0.8, 0.6)))
            if i < len(inhabitants):
                items.append(inhabitant_disc(model, inhabitants[i], x, lay.spaces_y))
    if lay.body:
        items += block(lay.body, bb.x, bb.y, bb.w, bb.h, max_pt=BODY_PT, min_pt=MIN_PT, color=ink, anchor=lay.anchor,
                       valign="top" if special.is_fragment else "middle")
    items += cost_items(model, special.spec.cost, lay.cost_x, lay.cost_y)
    items += vp_badge(model, special, t)
    return Scene(t, t, tuple(items), background=pr.inks["sky"], title=special.spec.name)


def special_back(model: Skylands, special: SpecialIsland) -> Scene:
    """The back shows the group's colour and name (the display is sorted by it) and the intro mark."""
    pr = model.files.print
    t = pr.tile
    group = {g.id: g for g in model.files.specials.groups}[special.spec.group]
    items: list[Item] = [Rect(-BLEED_ART, -BLEED_ART, t + 2 * BLEED_ART, t + 2 * BLEED_ART, fill=group.back),
                         Circle(t / 2, t / 2, t * 0.33, fill="#ffffff")]
    items += block(group.name, t * 0.22, t * 0.36, t * 0.56, t * 0.28, max_pt=9, style="bold",
                   color=pr.inks["ink"], anchor="middle", valign="middle")
    items.append(Text(t / 2, t * 0.9, model.files.game.title, 6.5, "#ffffff", "bold", "middle"))
    if special.spec.intro:
        items += [Rect(t * 0.32, t * 0.05, t * 0.36, 5.2, fill="#ffffff", radius=2.4),
                  label(model.files.specials.intro_label, t / 2, t * 0.05 + 3.8, t * 0.34, max_pt=MIN_PT, min_pt=MIN_PT,
                        style="bold", color=pr.inks["ink"])]
    return Scene(t, t, tuple(items), background=group.back, title=f"{special.spec.name} back")
