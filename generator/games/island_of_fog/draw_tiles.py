"""Tile faces (field, starting and lighthouse tiles) and the fog back they share."""

from __future__ import annotations

from ...draw import BLEED_ART, Rect, Scene, Text, width_mm
from ...draw.scene import Item
from ...draw.text import MIN_TEXT_PT, label
from . import art
from .model import Grid, IslandOfFog, Tile

NAME_PT = MIN_TEXT_PT    # the tile's name in its corner: the kit's smallest text, never smaller


def space(m: IslandOfFog, kind: str, x: float, y: float, s: float, nation: str | None = None,
          under_arrow: bool = False) -> list[Item]:
    """One space of a tile: its picture (a base takes the nation's colour). The space under the
    arrow shows its picture as small corner motifs round the arrow's disc."""
    k = m.kind[kind]
    out: list[Item] = []
    if under_arrow and k.lot:
        out += art.lot(m, x, y, s, house=False)
    elif under_arrow and not (k.base or k.lighthouse):
        out += art.corner_motifs(m, k.id, x, y, s, k.colour)
    elif k.id == "forest":
        out += art.trees(m, x, y, s)
    elif k.id == "mountain":
        out += art.peaks(m, x, y, s)
    elif k.id == "water":
        out += art.waves(m, x, y, s)
    elif k.lot:
        out += art.lot(m, x, y, s)
    elif k.base:
        fill = art.tint(m.colour[nation].hex, 0.75) if nation else m.look.paper
        out += art.fortress(x, y, s, fill, m.look.ink)
    elif k.lighthouse:  # the tower, and the coins its city earns each turn
        out += art.lighthouse(m, x, y, s, m.look.lighthouse_band)
        out += art.value_coin(m, x + 0.82 * s, y + 0.82 * s, 0.15 * s, m.tiles.lighthouse.income, 11)
    else:
        out += art.grass(m, x, y, s, k.colour)
    return out


def ground(m: IslandOfFog, grid: Grid, s: float, bleed: float, nation: str | None = None) -> list[Item]:
    """The coloured spaces of a grid; edge spaces reach `bleed` past the trim."""
    n = len(grid)
    out: list[Item] = []
    for r, row in enumerate(grid):
        for c, kind in enumerate(row):
            k = m.kind[kind]
            fill = m.colour[nation].hex if (k.base and nation) else k.colour
            x0 = c * s - (bleed if c == 0 else 0)
            y0 = r * s - (bleed if r == 0 else 0)
            x1 = (c + 1) * s + (bleed if c == n - 1 else 0)
            y1 = (r + 1) * s + (bleed if r == n - 1 else 0)
            out.append(Rect(x0, y0, x1 - x0, y1 - y0, fill=fill))
    return out


def tile_items(m: IslandOfFog, tile: Tile, nation: str | None = None, bleed: float = 0.0,
               turns: int = 0) -> list[Item]:
    """Everything drawn on a tile, origin at its top-left corner, turned clockwise by `turns`
    quarter turns (the spaces and the arrow turn; pictures and the name stay upright)."""
    s = m.board.space_size
    grid = m.turned[(tile.id, turns % 4)]
    n = len(grid)
    out = ground(m, grid, s, bleed, nation)
    arrow_at = (n // 2, n // 2) if tile.role == "field" else None  # the arrow's space: the centre
    for r, row in enumerate(grid):
        for c, kind in enumerate(row):
            out += space(m, kind, c * s, r * s, s, nation, under_arrow=(r, c) == arrow_at)
    line = art.shade(m.look.board, 0.35)
    for k in range(1, n):
        out.append(Rect(k * s - 0.1, 0, 0.2, n * s, fill=line))
        out.append(Rect(0, k * s - 0.1, n * s, 0.2, fill=line))
    if tile.role == "field":  # starting tiles lie in their corners, the lighthouse any way up
        c = n // 2
        out += art.arrow(m, c * s + s * 0.18, c * s + s * 0.18, s * 0.64, turns)
    if nation:
        frame = m.colour[nation].hex
        out.append(Rect(0.8, 0.8, n * s - 1.6, n * s - 1.6, stroke=frame, stroke_mm=1.6))
    out.append(Rect(0, 0, n * s, n * s, stroke=m.look.ink, stroke_mm=0.4))
    name = f"{m.colour[nation].name} start" if nation else tile.name
    w = width_mm(name, NAME_PT, "italic")
    out.append(Rect(1.0, n * s - 4.6, w + 1.4, 3.6, fill=m.look.paper, radius=0.8))
    out.append(Text(1.7, n * s - 1.85, name, NAME_PT, m.look.ink, "italic"))
    return out


def face(m: IslandOfFog, tile: Tile, nation: str | None = None) -> Scene:
    """A printable tile face."""
    side = m.board.space_size * len(tile.grid)
    title = f"{m.colour[nation].name} starting tile" if nation else tile.name
    return Scene(side, side, tuple(tile_items(m, tile, nation, BLEED_ART)), background=m.look.fog, title=title)


def back(m: IslandOfFog) -> Scene:
    """The fog every tile shows face down: tiles in the pile cannot be told apart."""
    side = m.board.space_size * m.board.spaces_per_tile
    fog, dark = m.look.fog, m.look.fog_dark
    items: list[Item] = [Rect(-BLEED_ART, -BLEED_ART, side + 2 * BLEED_ART, side + 2 * BLEED_ART, fill=fog)]
    for k, fy in enumerate((0.2, 0.38, 0.62, 0.8)):
        offset = 0.1 * side if k % 2 else 0.0
        items.append(Rect(offset - 2, fy * side - 1.5, side * 0.8, 3.0, fill=art.tint(dark, 0.45), radius=1.5))
    items.append(label(m.game.title.upper(), side / 2, side / 2 + 1.6, side - 8, max_pt=9, style="bold",
                       color=art.readable(dark, fog)))
    return Scene(side, side, tuple(items), background=fog, title="Tile back (fog)")
