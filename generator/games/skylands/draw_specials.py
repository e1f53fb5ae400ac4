"""Special island tiles: terrain like an island tile, plus name, VPs, cost and effect text; group backs.

The words, badge and cost are placed by the special island's layout (layouts/special*.yaml), flowed
once in special_layout (pure), which the content check uses too; the terrain, spaces and cost discs
are the game's art, drawn into the layout's boxes.
"""

from __future__ import annotations

from dataclasses import replace

from ...content import ContentSet, Problem
from ...draw import BLEED_ART, Circle, Scene, Text
from ...draw.scene import Item
from ...draw.text import MIN_TEXT_PT
from ...layout import Item as Face
from ...layout import Layout, SlotBox, draw
from ...layout.render import Scale
from ...layout.units import Length
from .draw_tiles import text_on, tile_items
from .model import Skylands, SpecialIsland, cost_letter
from .special_layout import Flow, hostel_spots, layout

MIN_PT = MIN_TEXT_PT   # the back's first-game label


def inhabitant_disc(model: Skylands, colour: str, x: float, y: float) -> Circle:
    """An inhabitant standing on a space (as drawn in examples)."""
    colours = {c.id: c.colour for c in model.files.game.inhabitants.colours}
    pr = model.files.print
    return Circle(x, y, pr.space * 0.95, fill=colours.get(colour, "#ffffff"), stroke=model.inks["ink"], stroke_mm=0.35)


def cost_items(model: Skylands, cost: list[str], b: SlotBox) -> list[Item]:
    """The inhabitants to return, as coloured discs (as tall as the box, in a row centred across it)
    with their initial in the box's size and colour; white (any colour) is blank."""
    g = model.files.game.inhabitants
    colours = {c.id: c for c in [*g.colours, g.any]}
    ink = model.inks["ink"]
    r, cx, y = b.h / 2, b.x + b.w / 2, b.y + b.h / 2
    step = 2 * r + 0.9
    x0 = cx - step * (len(cost) - 1) / 2
    out: list[Item] = []
    for i, cid in enumerate(cost):
        c = colours.get(cid, g.any)
        out.append(Circle(x0 + i * step, y, r, fill=c.colour, stroke=ink, stroke_mm=b.stroke_width or 0.35))
        if c.id != g.any.id:  # a letter as well as a colour; a blank white disc is "any colour"
            out.append(Text(x0 + i * step, y + 1.05, cost_letter(c.name), b.size or MIN_PT,
                            text_on(c.colour, ink), "bold", "middle"))
    return out


def _flowed(lay: Layout, flow: Flow, t: float, space: float) -> Layout:
    """The layout with its body (and the Hostel's spaces) where the flow puts them."""
    sy = Scale.of(lay, (t, t)).y
    moved = {"body": (flow.body_box.y, flow.body_box.h)}
    if flow.spaces_box is not None:  # so that the layout's check sees the band, as the spaces take it
        moved["spaces"] = (flow.spaces_box.y, flow.spaces_box.h)
    boxes = [replace(b, values={**b.values, "y": Length(moved[b.name][0] / sy),
                                "height": Length(moved[b.name][1] / sy)}) if b.name in moved else b
             for b in lay.boxes]
    return replace(lay, boxes=boxes)


def special_front(model: Skylands, special: SpecialIsland, *, bleed: float = BLEED_ART,
                  inhabitants: tuple[str, ...] = ()) -> Scene:
    """The face of a special island; on a board (bleed 0) with the inhabitants on the Hostel's spaces."""
    return special_front_checked(model, special, bleed=bleed, inhabitants=inhabitants)[0]


def special_fronts_problems(model: Skylands, content: ContentSet | None = None) -> list[Problem]:
    """Every problem the special-island layouts have with any special island or back (a box off the
    tile, a field the templates do not know, a shape over a text, a back's text too long for its box,
    naming where it was written), found by drawing each once."""
    out: list[Problem] = []
    for special in model.specials.values():
        found = special_front_checked(model, special)[1] + special_back_checked(model, special, content)[1]
        out += [p for p in found if p not in out]
    return out


def special_front_checked(model: Skylands, special: SpecialIsland, *, bleed: float = BLEED_ART,
                          inhabitants: tuple[str, ...] = ()) -> tuple[Scene, list[Problem]]:
    pr = model.files.print
    t = pr.tile
    flow = layout(model, special)
    terrain = tile_items(model, special.face, bleed=bleed, spaces=special.is_fragment)
    depicts = model.terrains.get(special.spec.depicts or "")
    fields = {"name": special.spec.name, "body": flow.body, "vp": "?" if special.vp is None else str(special.vp),
              "blob": depicts.light if depicts else model.files.game.special_island_type.light}

    def spaces(b: SlotBox) -> tuple[Item, ...]:
        """The Hostel: its spaces in their band over its words, each drawn as a space of an island
        tile that scores nothing (dashed, in the box's colour and line width); an inhabitant stands on
        each (the inhabitants standing on them come last)."""
        return tuple(Circle(x, y, pr.space, fill=model.inks["paper"], stroke=b.color or model.inks["muted"],
                            stroke_mm=b.stroke_width or 0.55, dash=(0.8, 0.6))
                     for x, y in hostel_spots(model, special))

    slots = {"cost": lambda b: tuple(cost_items(model, special.spec.cost, b)),
             "spaces": spaces if flow.spaces_box is not None else (lambda b: ())}
    scene, problems = draw(_flowed(model.layouts[flow.layout], flow, t, pr.space), Face(special.spec.name, fields),
                           (t, t), slots)
    standing = [inhabitant_disc(model, colour, x, y)   # over the words they cover
                for colour, (x, y) in zip(inhabitants, hostel_spots(model, special), strict=False)]
    return Scene(t, t, (*terrain, *scene.items, *standing), background=scene.background,
                 title=special.spec.name), problems


def special_back(model: Skylands, special: SpecialIsland) -> Scene:
    """The back shows the group's colour and name (the display is sorted by it) and the intro mark
    (layouts/special-back.yaml)."""
    return special_back_checked(model, special)[0]


def special_back_checked(model: Skylands, special: SpecialIsland,
                         content: ContentSet | None = None) -> tuple[Scene, list[Problem]]:
    t = model.files.print.tile
    groups = model.files.specials.groups
    k = next(i for i, g in enumerate(groups) if g.id == special.spec.group)
    fields = {"back": groups[k].back, "on_back": text_on(groups[k].back, model.inks["ink"]), "group": groups[k].name,
              "title": model.files.game.title,
              "intro": model.files.specials.intro_label if special.spec.intro else ""}
    # where the words were written, for a text too long for its box (named alike for every island
    # of a group: one problem, not one an island)
    places = {"group": content.place("specials", ("groups", k, "name")), "title": content.place("game", ("title",)),
              "intro": content.place("specials", ("intro_label",))} if content is not None else {}
    face = Face(f"the back of the {groups[k].name} islands", fields, places)
    scene, problems = draw(model.layouts["special-back"], face, (t, t))
    return Scene(t, t, scene.items, background=scene.background, title=f"{special.spec.name} back"), problems
