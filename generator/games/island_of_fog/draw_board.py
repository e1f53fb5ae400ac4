"""The board of each size, and a generated map drawn on it at board scale."""

from __future__ import annotations

from ...draw import BLEED_ART, Circle, Group, Line, Rect, Scene, Text
from ...draw.scene import Item
from ...draw.text import label
from . import art
from .board import centre_square, corner_square, ring, square_value
from .draw_tiles import tile_items
from .mapgen import MapPlan
from .model import IslandOfFog

MARGIN = 7.0  # the board's frame around the squares, in mm (a 3x3 board then fits one page)
GRID_MM = 0.6  # the lines between the squares


def _square_mm(m: IslandOfFog) -> float:
    """A tile's side: the part of a board square a laid tile covers."""
    return m.board.space_size * m.board.spaces_per_tile


def square_pitch_mm(m: IslandOfFog) -> float:
    """A board square's side: its tile plus the value band on both sides (for this board, and for
    whoever draws a part of it: a figure's corner)."""
    return _square_mm(m) + 2 * m.board.value_band


def tile_origin(m: IslandOfFog, square: tuple[int, int]) -> tuple[float, float]:
    """Where the top-left corner of the tile laid on `square` lies on the board, in mm."""
    band, pitch = m.board.value_band, square_pitch_mm(m)
    return MARGIN + square[1] * pitch + band, MARGIN + square[0] * pitch + band


def _band_coins(m: IslandOfFog, x: float, y: float, value: int) -> list[Item]:
    """The square's value at the middle of each side of its band, in sight around a laid tile."""
    band, pitch = m.board.value_band, square_pitch_mm(m)
    r = band * 0.42
    pt = 2 * r * 0.62 / (0.72 * 0.3528)   # the figure fills about 60% of the coin's height
    out: list[Item] = []
    for cx, cy in ((x + pitch / 2, y + band / 2), (x + pitch / 2, y + pitch - band / 2),
                   (x + band / 2, y + pitch / 2), (x + pitch - band / 2, y + pitch / 2)):
        out += art.value_coin(m, cx, cy, r, value, pt)
    return out


def board_items(m: IslandOfFog, size: int, footnote: bool = True) -> list[Item]:
    """Frame, squares with their city values, start corners and the lighthouse square
    (`footnote`: the line explaining the coins, left off a map where tiles cover the squares).
    Each square shows its value twice: a large coin under its tile, for setting up, and small
    coins in the band round the tile, in sight all game."""
    v = m.variant[size]
    sq, pitch = _square_mm(m), square_pitch_mm(m)
    side = size * pitch + 2 * MARGIN
    look = m.look
    items: list[Item] = [Rect(-BLEED_ART, -BLEED_ART, side + 2 * BLEED_ART, side + 2 * BLEED_ART, fill=look.sea)]
    items.append(Rect(MARGIN - 2, MARGIN - 2, size * pitch + 4, size * pitch + 4, fill=look.ink, radius=1.5))
    corners = {corner_square(size, m.board.corners[c]): c for c in m.colour}
    centre = centre_square(size)
    for r in range(size):
        for c in range(size):
            x, y = MARGIN + c * pitch, MARGIN + r * pitch
            tx, ty = tile_origin(m, (r, c))
            value = square_value(v, (r, c))
            fill = look.ring_outer if ring(size, (r, c)) == 0 else look.ring_inner
            if (r, c) == centre:
                fill = look.centre
            items.append(Rect(x, y, pitch, pitch, fill=fill))
            items.append(Rect(tx, ty, sq, sq, stroke=art.shade(fill, 0.25), stroke_mm=0.3))  # where the tile goes
            if (r, c) in corners:
                nation = m.colour[corners[(r, c)]]
                items.append(Rect(tx + 2, ty + 2, sq - 4, sq - 4, fill=art.tint(nation.hex, 0.55),
                                  stroke=nation.hex, stroke_mm=1.2))
                items.append(label(f"{nation.name} start", tx + sq / 2, ty + sq - 5, sq - 8, max_pt=10,
                                   style="bold", color=art.readable(art.shade(nation.hex, 0.3),
                                                                    art.tint(nation.hex, 0.55))))
            if (r, c) == centre:
                items += art.lighthouse(m, tx + sq * 0.2, ty + sq * 0.08, sq * 0.6, look.lighthouse_band)
                items.append(label(f"Lighthouse {m.tiles.lighthouse.income}", tx + sq / 2, ty + sq - 5, sq - 8,
                                   max_pt=10, style="bold", color=look.ink))
                items += _band_coins(m, x, y, m.tiles.lighthouse.income)
            elif value is not None:
                cx, cy = tx + sq / 2, ty + sq / 2 - (4 if (r, c) in corners else 0)
                items += art.value_coin(m, cx, cy, sq * 0.17, value, 15)
                items += _band_coins(m, x, y, value)
    for k in range(size + 1):
        items.append(Line(MARGIN + k * pitch, MARGIN, MARGIN + k * pitch, MARGIN + size * pitch, stroke=look.ink,
                          stroke_mm=GRID_MM))
        items.append(Line(MARGIN, MARGIN + k * pitch, MARGIN + size * pitch, MARGIN + k * pitch, stroke=look.ink,
                          stroke_mm=GRID_MM))
    if centre is None:  # even boards: arrows point to the centre point, marked by a compass star
        mid = MARGIN + size * pitch / 2
        items.append(Circle(mid, mid, 7, fill=look.paper, stroke=look.ink, stroke_mm=0.5))
        items += art.star(mid, mid, 6, look.ink, points=4)
    on_sea = art.text_on(m, look.sea)
    items.append(Text(MARGIN, MARGIN - 3.5, f"{m.game.title}  ·  {size}x{size} board", 8, on_sea, "bold"))
    if footnote:
        items.append(Text(side - MARGIN, side - MARGIN + 6.5,
                          "city values: the coins on each square, in sight round its tile", 6.5, on_sea,
                          "italic", "end"))
    return items


def board(m: IslandOfFog, size: int) -> Scene:
    """The printable board of one size."""
    side = size * square_pitch_mm(m) + 2 * MARGIN
    return Scene(side, side, tuple(board_items(m, size)), background=m.look.sea,
                 title=f"Board {size}x{size}", play_area=_play_area(m, size))


def _play_area(m: IslandOfFog, size: int) -> tuple[float, float, float, float]:
    """The squares, without the frame: where tiles and pieces lie."""
    return (MARGIN, MARGIN, size * square_pitch_mm(m), size * square_pitch_mm(m))


def map_scene(m: IslandOfFog, plan: MapPlan) -> Scene:
    """A fully revealed map: every tile on its square, turned by its arrow, nations on their corners."""
    side = plan.size * square_pitch_mm(m) + 2 * MARGIN
    items = board_items(m, plan.size, footnote=False)
    seats = {corner: colour for colour, corner in plan.seats}
    for p in plan.placements:
        tile = m.tile[p.tile]
        nation = seats.get(p.square) if tile.role == "starting" else None
        dx, dy = tile_origin(m, p.square)
        items.append(Group(tuple(tile_items(m, tile, nation, turns=p.turns)), dx=dx, dy=dy))
    items.append(Text(side - MARGIN, MARGIN - 3.5, f"map {plan.digest()}, {plan.players} players", 8,
                      art.text_on(m, m.look.sea), "bold", "end"))
    return Scene(side, side, tuple(items), background=m.look.sea,
                 title=f"Map {plan.size}x{plan.size} {plan.digest()}", play_area=_play_area(m, plan.size))
