"""Island tiles: terrain fragments, an edge band showing each edge's terrain, inhabitant spaces.

Drawn unrotated in tile millimetres (0..T); a board draws a turned face (Face.turned), so no renderer turns anything.
"""

from __future__ import annotations

from ...draw import BLEED_ART, Circle, Group, Path, Rect, Scene, Text, polygon, width_mm
from ...draw.scene import Item, PathOp
from ...kitchecks.wcag import ratio
from .geometry import form
from .model import Skylands
from .tiles import Face, Fragment

# Where the spaces of a fragment sit, by its form and number of spaces, in tile units (unrotated
# form: 'cap' covers north, 'corner' north+east, 'band' north+south, 'u' west+north+east).
SPACE_SPOTS: dict[str, dict[int, list[tuple[float, float]]]] = {
    "cap": {1: [(0.5, 0.2)], 2: [(0.37, 0.19), (0.63, 0.19)]},
    "corner": {1: [(0.72, 0.28)], 2: [(0.58, 0.19), (0.81, 0.42)],
               3: [(0.52, 0.17), (0.82, 0.17), (0.82, 0.47)]},
    "band": {1: [(0.5, 0.5)], 2: [(0.5, 0.3), (0.5, 0.7)], 3: [(0.5, 0.22), (0.5, 0.5), (0.5, 0.78)]},
    "u": {1: [(0.5, 0.28)], 2: [(0.35, 0.25), (0.65, 0.25)], 3: [(0.2, 0.3), (0.5, 0.22), (0.8, 0.3)],
          4: [(0.18, 0.32), (0.39, 0.2), (0.61, 0.2), (0.82, 0.32)]},
    "blob": {1: [(0.5, 0.5)], 2: [(0.4, 0.5), (0.6, 0.5)], 3: [(0.4, 0.42), (0.6, 0.42), (0.5, 0.6)],
             4: [(0.4, 0.4), (0.6, 0.4), (0.4, 0.6), (0.6, 0.6)]},
}


def text_on(fill: str, ink: str) -> str:
    """White or ink, whichever stands out more from `fill` (WCAG's contrast ratio)."""
    return max(("#ffffff", ink), key=lambda c: ratio(c, fill))


def turn_point(x: float, y: float, quarter: int, size: float) -> tuple[float, float]:
    """(x, y) turned `quarter` quarter turns clockwise about the centre of a size x size square."""
    c = size / 2
    u, v = x - c, y - c
    for _ in range(quarter % 4):
        u, v = -v, u
    return (u + c, v + c)


def _outline(name: str, t: float, b: float, e: float) -> list[PathOp]:
    """The unrotated outline of a form, reaching `e` mm past the edges it covers."""
    if name == "cap":
        return [("M", -e, -e), ("L", t + e, -e), ("L", t + e, b), ("L", t * 0.88, b),
                ("C", t * 0.84, t * 0.42, t * 0.16, t * 0.42, t * 0.12, b), ("L", -e, b), ("Z",)]
    if name == "corner":
        return [("M", -e, -e), ("L", t + e, -e), ("L", t + e, t + e),
                ("C", t * 0.55, t * 0.78, t * 0.22, t * 0.45, -e, -e), ("Z",)]
    if name == "band":
        return [("M", -e, -e), ("L", t + e, -e), ("L", t * 0.86, b), ("C", t * 0.72, t * 0.35, t * 0.72, t * 0.65,
                t * 0.86, t - b), ("L", t + e, t + e), ("L", -e, t + e), ("L", t * 0.14, t - b),
                ("C", t * 0.28, t * 0.65, t * 0.28, t * 0.35, t * 0.14, b), ("Z",)]
    if name == "u":
        return [("M", -e, -e), ("L", t + e, -e), ("L", t + e, t + e), ("L", t - b, t + e), ("L", t - b, t - b),
                ("C", t * 0.72, t * 0.52, t * 0.28, t * 0.52, b, t - b), ("L", b, t + e), ("L", -e, t + e), ("Z",)]
    if name == "blob":
        r = t * 0.31
        k = 0.5523 * r
        cx = cy = t / 2
        return [("M", cx, cy - r), ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy),
                ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r), ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
                ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r), ("Z",)]
    return [("M", -e, -e), ("L", t + e, -e), ("L", t + e, t + e), ("L", -e, t + e), ("Z",)]


def _turn_ops(ops: list[PathOp], quarter: int, t: float) -> tuple[PathOp, ...]:
    out: list[PathOp] = []
    for op in ops:
        if op[0] == "Z":
            out.append(("Z",))
            continue
        nums = [float(v) for v in op[1:]]
        pts = [turn_point(nums[i], nums[i + 1], quarter, t) for i in range(0, len(nums), 2)]
        f = [v for p in pts for v in p]
        if op[0] == "C":
            out.append(("C", f[0], f[1], f[2], f[3], f[4], f[5]))
        elif op[0] == "M":
            out.append(("M", f[0], f[1]))
        else:
            out.append(("L", f[0], f[1]))
    return tuple(out)


def fragment_shape(frag: Fragment, t: float, band: float, fill: str, e: float = BLEED_ART) -> Path:
    name, quarter = form(frag.sides)
    return Path(_turn_ops(_outline(name, t, band, e), quarter, t), fill=fill)


def space_spots(frag: Fragment, t: float) -> list[tuple[float, float]]:
    """Centres of the fragment's spaces, in tile mm (unrotated tile)."""
    name, quarter = form(frag.sides)
    spots = SPACE_SPOTS.get(name, SPACE_SPOTS["blob"]).get(frag.spaces, [])
    return [turn_point(x * t, y * t, quarter, t) for x, y in spots]


# Each terrain's symbol as a polygon in a unit box (-0.5..0.5, y down, pointing away from the
# tile's centre on the north band); drawn at SYMBOL_AT along every edge of that terrain.
SYMBOLS: dict[str, list[tuple[float, float]]] = {
    "tree": [(0.0, -0.5), (0.45, 0.3), (0.1, 0.3), (0.1, 0.5), (-0.1, 0.5), (-0.1, 0.3), (-0.45, 0.3)],
    "peak": [(-0.5, 0.45), (-0.15, -0.45), (0.05, 0.0), (0.25, -0.3), (0.5, 0.45)],
    "crystal": [(0.0, -0.5), (0.32, 0.0), (0.0, 0.5), (-0.32, 0.0)],
    "house": [(0.0, -0.5), (0.45, -0.05), (0.45, 0.45), (-0.45, 0.45), (-0.45, -0.05)],
}
SYMBOL_AT = (0.27, 0.73)    # along the edge, as parts of the tile's width (the letter sits at 0.5)
SYMBOL_FILL = 0.95          # the symbol's height as a part of the edge band's


def edge_symbols(side: int, t: float, b: float, symbol: str, colour: str) -> list[Item]:
    """The terrain's symbol along one edge (north turned to `side`), in the band's contrast ink."""
    size = b * SYMBOL_FILL
    out: list[Item] = []
    for at in SYMBOL_AT:
        pts = [(at * t + x * size, b / 2 + y * size) for x, y in SYMBOLS[symbol]]
        out.append(polygon([turn_point(x, y, side, t) for x, y in pts], fill=colour))
    return out


def edge_band(side: int, t: float, b: float, fill: str, e: float = BLEED_ART) -> Path:
    """The trapezoid along one edge (north turned to `side`), `e` mm out into the bleed."""
    pts = [(-e, -e), (t + e, -e), (t - b, b), (b, b)]
    return polygon([turn_point(x, y, side, t) for x, y in pts], fill=fill)


def tile_items(model: Skylands, face: Face, *, spaces: bool = True, bleed: float = BLEED_ART) -> list[Item]:
    """Everything on an island face, unrotated: clouds, edge bands, fragments, spaces; the art
    reaches `bleed` mm past the trim (0 on a board, where squares sit side by side)."""
    pr = model.files.print
    t, b = pr.tile, pr.edge_band
    terrains = model.terrains
    clouds = model.files.game.clouds
    special = model.files.game.special_island_type
    ink = model.inks["ink"]
    e = bleed
    items: list[Item] = [Rect(-e, -e, t + 2 * e, t + 2 * e, fill=model.inks["sky"])]
    for side in range(4):
        items.append(edge_band(side, t, b, clouds.colour, e))
    for frag in face.fragments:
        light = terrains[frag.terrain].light if frag.terrain else special.light
        items.append(fragment_shape(frag, t, b, light, e))
    for side in range(4):  # the edge's terrain, strong, over the fragment's pale body
        terrain = face.edge(side)
        if terrain in terrains:
            items.append(edge_band(side, t, b, terrains[terrain].colour, e))
            colour = text_on(terrains[terrain].colour, ink)
            symbol = terrains[terrain].symbol
            if symbol is not None:
                items += edge_symbols(side, t, b, symbol, colour)
            x, y = turn_point(t / 2, b / 2, side, t)  # the letter upright, so no renderer has to turn text
            size = 6.5 if side % 2 == 0 else 6.0
            items.append(Text(x, y + size * 0.125, terrains[terrain].letter, size, colour, "bold", "middle"))
    if spaces:
        for frag in face.fragments:
            ring = model.inks["space-ring"] if frag.scoring else model.inks["muted"]
            for x, y in space_spots(frag, t):
                items.append(Circle(x, y, pr.space, fill="#ffffff", stroke=ring, stroke_mm=0.55,
                                    dash=() if frag.scoring else (0.8, 0.6)))
                if frag.terrain and terrains[frag.terrain].inhabitant:
                    colour = _inhabitant_colour(model, terrains[frag.terrain].inhabitant)
                    items.append(Circle(x, y, pr.space * 0.35, fill=colour))
    items.append(Rect(0, 0, t, t, stroke=ink, stroke_mm=0.25))
    return items


def _inhabitant_colour(model: Skylands, colour_id: str | None) -> str:
    for c in model.files.game.inhabitants.colours:
        if c.id == colour_id:
            return c.colour
    return model.files.game.inhabitants.any.colour


MARK_R = 3.3     # the player-count mark's radius, mm; it stands MARK_IN from the bands' inner corner
MARK_IN = 3.6


def mark_centre(model: Skylands) -> tuple[float, float]:
    """Where the player-count mark stands on a tile, in tile mm."""
    pr = model.files.print
    return pr.edge_band + MARK_IN, pr.tile - pr.edge_band - MARK_IN


def mark_badge(model: Skylands, mark: str | None) -> list[Item]:
    """The player-count mark in the lower left corner (none for tiles in every game)."""
    if mark is None:
        return []
    symbol = {m.id: m.symbol for m in model.files.tiles.player_marks}[mark]
    x, y = mark_centre(model)
    return [Circle(x, y, MARK_R, fill=model.inks["ink"], stroke="#ffffff", stroke_mm=0.4),
            Text(x, y + 1.05, symbol, 6 if len(symbol) > 1 else 7, "#ffffff", "bold", "middle")]


def start_badge(model: Skylands) -> list[Item]:
    """The label of a starting island in the lower left corner (where island tiles carry their
    player-count mark), so that one is never shuffled into the stack of island tiles."""
    pr = model.files.print
    word = model.files.boards.starting_island_label
    size = 6.5
    w = width_mm(word, size, "bold") + 3.0
    x, y = pr.edge_band + 1.0, pr.tile - pr.edge_band - 6.6
    return [Rect(x, y, w, 5.0, fill=model.inks["ink"], stroke="#ffffff", stroke_mm=0.4, radius=2.2),
            Text(x + w / 2, y + 3.55, word, size, "#ffffff", "bold", "middle")]


def island_tile(model: Skylands, face: Face) -> Scene:
    """The front of an island tile (or of a starting island side)."""
    t = model.files.print.tile
    items = tile_items(model, face) + mark_badge(model, face.mark)
    if face.kind == "starting":
        items += start_badge(model)
    return Scene(t, t, tuple(items), background=model.inks["sky"], title=face.id)


def tile_back(model: Skylands) -> Scene:
    """What a face-down island tile shows: sky and the game's name."""
    pr = model.files.print
    t = pr.tile
    items: list[Item] = [Rect(-BLEED_ART, -BLEED_ART, t + 2 * BLEED_ART, t + 2 * BLEED_ART, fill=model.inks["back"])]
    for cx, cy, r in ((0.28, 0.3, 0.13), (0.42, 0.26, 0.16), (0.58, 0.31, 0.12), (0.66, 0.7, 0.12),
                      (0.52, 0.73, 0.15), (0.36, 0.72, 0.1)):
        items.append(Circle(cx * t, cy * t, r * t, fill="#5e8bb5"))
    items.append(Text(t / 2, t / 2 + 2.2, model.files.game.title, 10, "#ffffff", "bold", "middle"))
    return Scene(t, t, tuple(items), background=model.inks["back"], title="island tile back")


def placed_group(model: Skylands, face: Face, x: float, y: float, rotation: int) -> Group:
    """A face drawn on a board square at (x, y), turned `rotation` degrees clockwise."""
    # the face is turned in the model, not by the renderer: every backend draws it the same way
    return Group(tuple(tile_items(model, face.turned(rotation), bleed=0.0)), x, y)
