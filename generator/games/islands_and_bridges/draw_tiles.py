"""Island and bridge tiles: the 8x8 and 2x8 grids the players walk on."""

from __future__ import annotations

from dataclasses import replace

from ...draw import BLEED_ART, Line, Rect, Scene, Text
from ...draw.scene import Item
from . import rules
from .model import IslandsAndBridges
from .plan import cell_name

SOCKET_DEPTH_MM = 2.2  # how far a socket bar reaches into the island


def island(game: IslandsAndBridges, number: int | None = None) -> Scene:
    """An island tile: the grid, coordinates, and its bridge sockets on the edges."""
    cell = game.settings.cell
    cols, rows = game.components.island.cells
    w, h = cols * cell, rows * cell
    ink, line = game.color("ink"), game.color("island-line")
    items: list[Item] = [Rect(-BLEED_ART, -BLEED_ART, w + 2 * BLEED_ART, h + 2 * BLEED_ART,
                              fill=game.color("island"))]
    for c in range(1, cols):
        items.append(Line(c * cell, 0, c * cell, h, stroke=line, stroke_mm=0.35))
    for r in range(1, rows):
        items.append(Line(0, r * cell, w, r * cell, stroke=line, stroke_mm=0.35))
    depth = SOCKET_DEPTH_MM
    for s in game.components.island.sockets:
        cells = rules.socket_cells(game, s.side, s.at)
        xs = [c for c, _ in cells]
        ys = [r for _, r in cells]
        x0, y0 = min(xs) * cell, min(ys) * cell
        x1, y1 = (max(xs) + 1) * cell, (max(ys) + 1) * cell
        if s.side == "north":
            items.append(Rect(x0, 0, x1 - x0, depth, fill=game.color("socket")))
        elif s.side == "south":
            items.append(Rect(x0, h - depth, x1 - x0, depth, fill=game.color("socket")))
        elif s.side == "west":
            items.append(Rect(0, y0, depth, y1 - y0, fill=game.color("socket")))
        else:
            items.append(Rect(w - depth, y0, depth, y1 - y0, fill=game.color("socket")))
    # coordinates in the north-west corner of every cell, small, for the GM's calls; clear of the
    # socket bars on the north and west edges
    items += [cell_label(game, c, r, cell) for c in range(cols) for r in range(rows)]
    items.append(Rect(0, 0, w, h, stroke=ink, stroke_mm=0.5))
    if number is not None:
        items.append(Text(w - 2, h - 2, f"{number}", 7, game.color("island-label"), "bold", "end"))
    return Scene(w, h, tuple(items), background=game.color("island"), title=game.components.island.name)


def bridge(game: IslandsAndBridges) -> Scene:
    """A bridge tile: 2 cells wide, planks across, rails along, cell lines to count moves."""
    cell = game.settings.cell
    cols, rows = game.components.bridge.cells
    w, h = cols * cell, rows * cell
    wood, dark = game.color("bridge"), game.color("bridge-line")
    items: list[Item] = [Rect(-BLEED_ART, -BLEED_ART, w + 2 * BLEED_ART, h + 2 * BLEED_ART, fill=wood)]
    plank = cell / 4
    for k in range(1, int(h / plank)):
        items.append(Line(0, k * plank, w, k * plank, stroke=dark, stroke_mm=0.15))
    for r in range(1, rows):
        items.append(Line(0, r * cell, w, r * cell, stroke=dark, stroke_mm=0.45))
    items.append(Line(cell, 0, cell, h, stroke=dark, stroke_mm=0.45))
    items += [Rect(0, 0, 1.6, h, fill=dark), Rect(w - 1.6, 0, 1.6, h, fill=dark)]
    # every cell named as an island's are (A1 north-west, the rows counted along the bridge), between a
    # cell's edge and its first plank line, in ink: the island's label colour does not read on the wood
    items += [replace(cell_label(game, c, r, cell), color=game.color("ink")) for c in range(cols) for r in range(rows)]
    items.append(Rect(0, 0, w, h, stroke=game.color("ink"), stroke_mm=0.5))
    return Scene(w, h, tuple(items), background=wood, title=game.components.bridge.name)


LABEL_PT = 6.0   # a cell's name, on islands and bridges


def cell_label(game: IslandsAndBridges, c: int, r: int, cell: float) -> Text:
    """The name of cell (c, r) of a tile, in its north-west corner: 'C4' (plan.cell_name), in small print
    for the Game Master's calls, clear of an island's socket bars and a bridge's rails."""
    return Text(c * cell + SOCKET_DEPTH_MM + 0.9, r * cell + SOCKET_DEPTH_MM + 2.4, cell_name((c, r)), LABEL_PT,
                game.color("island-label"))


def tile_back(game: IslandsAndBridges, scene: Scene) -> Scene:
    """The sea: what an unrevealed tile shows."""
    items = (Rect(-BLEED_ART, -BLEED_ART, scene.w + 2 * BLEED_ART, scene.h + 2 * BLEED_ART, fill=game.color("sea")),
             Text(scene.w / 2, scene.h / 2, game.settings.title, 11, game.color("muted"), "bold", "middle"))
    return Scene(scene.w, scene.h, items, background=game.color("sea"), title=f"{scene.title} back")
