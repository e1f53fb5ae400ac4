"""Special island tiles: terrain like an island tile, plus name, VPs, cost and effect text; group backs."""

from __future__ import annotations

from ...draw import Circle, Rect, Scene, Text
from ...draw.scene import Item
from ...draw.text import block, label
from .draw_tiles import BLEED_ART, form, tile_items
from .model import Skylands, SpecialIsland
from .text import special_text


def cost_items(model: Skylands, cost: list[str], cx: float, y: float, r: float = 2.3) -> list[Item]:
    """The inhabitants to return, as coloured discs with their initial (white = any colour)."""
    g = model.files.game.inhabitants
    colours = {c.id: c for c in [*g.colours, g.any]}
    ink = model.files.print.inks["ink"]
    step = 2 * r + 0.9
    x0 = cx - step * (len(cost) - 1) / 2
    out: list[Item] = []
    for i, cid in enumerate(cost):
        c = colours.get(cid, g.any)
        light = c.id == g.any.id
        out.append(Circle(x0 + i * step, y, r, fill=c.colour, stroke=ink, stroke_mm=0.35))
        out.append(Text(x0 + i * step, y + 0.95, c.name[0], 5.5, ink if light else "#ffffff", "bold", "middle"))
    return out


def vp_badge(model: Skylands, special: SpecialIsland, t: float) -> list[Item]:
    """VPs in the upper right corner; '*' when they need a complete island."""
    ink = model.files.print.inks["ink"]
    x, y = t - 6.4, 6.4
    shown = "?" if special.vp is None else str(special.vp)
    out: list[Item] = [Circle(x, y, 4.4, fill="#ffd966", stroke=ink, stroke_mm=0.45),
                       Text(x, y + 1.6, shown, 10, ink, "bold", "middle")]
    if special.is_fragment:
        out.append(Text(x - 5.6, y - 0.6, "*", 9, ink, "bold", "middle"))
    return out


def special_front(model: Skylands, special: SpecialIsland) -> Scene:
    pr = model.files.print
    t, b = pr.tile, pr.edge_band
    ink = pr.inks["ink"]
    face = special.face
    items: list[Item]
    text = special_text(model, special)
    if special.is_fragment:
        items = tile_items(model, face)
        name, _ = form(face.fragments[0].sides)
        # the fragment covers the top (small) or the top right (half); words go in the clouds
        top = t * (0.46 if name == "cap" else 0.55)
        left = b + 1.2
        width = (t - 2 * b - 2.4) if name == "cap" else t * 0.56
        items.append(label(special.spec.name, left, top, width, max_pt=7, style="bold", color=ink, anchor="start"))
        body = text or model.files.specials.fragment_note
        items += block(body, left, top + 1.2, width, t - b - 7.2 - top, max_pt=5.6, min_pt=4.2, color=ink)
        items += cost_items(model, special.spec.cost, t / 2 if name == "cap" else t * 0.32, t - b - 3.2)
    else:
        items = tile_items(model, face, spaces=False)
        depicts = model.terrains.get(special.spec.depicts or "")
        blob = depicts.light if depicts else model.files.game.special_island_type.light
        items.append(Rect(b + 1.2, b + 1.2, t - 2 * b - 2.4, t - 2 * b - 2.4, fill=blob, stroke=ink, stroke_mm=0.3,
                          radius=5))
        items.append(label(special.spec.name, t / 2 - 2.5, b + 7.0, t - 2 * b - 14, max_pt=7, style="bold",
                           color=ink))
        body_top, body_h = b + 8.6, t - 2 * b - 17.5
        if special.face.fragments[0].spaces:  # the Hostel: its spaces, dashed (they score nothing)
            n = special.face.fragments[0].spaces
            step = 2 * pr.space + 1.2
            for i in range(n):
                items.append(Circle(t / 2 - step * (n - 1) / 2 + i * step, body_top + pr.space + 0.4, pr.space,
                                    fill="#ffffff", stroke=pr.inks["muted"], stroke_mm=0.55, dash=(0.8, 0.6)))
            body_top += 2 * pr.space + 1.6
            body_h -= 2 * pr.space + 1.6
        items += block(text, b + 2.6, body_top, t - 2 * b - 5.2, body_h, max_pt=5.6, min_pt=4.0, color=ink,
                       anchor="middle", valign="middle")
        items += cost_items(model, special.spec.cost, t / 2, t - b - 4.6)
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
                  Text(t / 2, t * 0.05 + 3.8, "first game", 5.5, pr.inks["ink"], "bold", "middle")]
    return Scene(t, t, tuple(items), background=group.back, title=f"{special.spec.name} back")
