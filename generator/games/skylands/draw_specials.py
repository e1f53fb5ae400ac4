"""Special island tiles: terrain like an island tile, plus name, VPs, cost and effect text; group backs.

Where the words go is worked out once, in special_layout (pure), which the content check uses too.
"""

from __future__ import annotations

from ...draw import BLEED_ART, Circle, Rect, Scene, Text
from ...draw.scene import Item
from ...draw.text import block, label
from .draw_tiles import tile_items
from .model import Skylands, SpecialIsland
from .special_layout import BADGE_R, BODY_PT, COST_R, MIN_PT, layout, space_row


def inhabitant_disc(model: Skylands, colour: str, x: float, y: float) -> Circle:
    """An inhabitant standing on a space (as drawn in examples)."""
    colours = {c.id: c.colour for c in model.files.game.inhabitants.colours}
    pr = model.files.print
    return Circle(x, y, pr.space * 0.95, fill=colours.get(colour, "#ffffff"), stroke=model.inks["ink"], stroke_mm=0.35)


def cost_items(model: Skylands, cost: list[str], cx: float, y: float, r: float = COST_R) -> list[Item]:
    """The inhabitants to return, as coloured discs with their initial; white (any colour) is blank."""
    g = model.files.game.inhabitants
    colours = {c.id: c for c in [*g.colours, g.any]}
    ink = model.inks["ink"]
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
    ink = model.inks["ink"]
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
    ink = model.inks["ink"]
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
            items.append(Circle(x, lay.spaces_y, pr.space, fill="#ffffff", stroke=model.inks["muted"], stroke_mm=0.55,
                                dash=(0.8, 0.6)))
            if i < len(inhabitants):
                items.append(inhabitant_disc(model, inhabitants[i], x, lay.spaces_y))
    if lay.body:
        items += block(lay.body, bb.x, bb.y, bb.w, bb.h, max_pt=BODY_PT, min_pt=MIN_PT, color=ink, anchor=lay.anchor,
                       valign="top" if special.is_fragment else "middle")
    items += cost_items(model, special.spec.cost, lay.cost_x, lay.cost_y)
    items += vp_badge(model, special, t)
    return Scene(t, t, tuple(items), background=model.inks["sky"], title=special.spec.name)


def special_back(model: Skylands, special: SpecialIsland) -> Scene:
    """The back shows the group's colour and name (the display is sorted by it) and the intro mark."""
    pr = model.files.print
    t = pr.tile
    group = {g.id: g for g in model.files.specials.groups}[special.spec.group]
    items: list[Item] = [Rect(-BLEED_ART, -BLEED_ART, t + 2 * BLEED_ART, t + 2 * BLEED_ART, fill=group.back),
                         Circle(t / 2, t / 2, t * 0.33, fill="#ffffff")]
    items += block(group.name, t * 0.22, t * 0.36, t * 0.56, t * 0.28, max_pt=9, style="bold",
                   color=model.inks["ink"], anchor="middle", valign="middle")
    items.append(Text(t / 2, t * 0.9, model.files.game.title, 6.5, "#ffffff", "bold", "middle"))
    if special.spec.intro:
        items += [Rect(t * 0.32, t * 0.05, t * 0.36, 5.2, fill="#ffffff", radius=2.4),
                  label(model.files.specials.intro_label, t / 2, t * 0.05 + 3.8, t * 0.34, max_pt=MIN_PT, min_pt=MIN_PT,
                        style="bold", color=model.inks["ink"])]
    return Scene(t, t, tuple(items), background=group.back, title=f"{special.spec.name} back")
