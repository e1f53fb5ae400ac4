"""The board of each size, and a generated map drawn on it at board scale."""

from __future__ import annotations

from ...draw import Circle, Group, Line, Rect, Scene, Text
from ...draw.scene import Item
from ...draw.text import label
from . import art
from .board import centre_square, corner_square, ring, square_value
from .draw_tiles import tile_items
from .mapgen import MapPlan
from .model import IslandOfFog

MARGIN = 7.0  # the board's frame around the squares, in mm (a 3x3 board then fits one page)
BLEED_ART = 5.0


def _square_mm(m: IslandOfFog) -> float:
    return m.board.space_size * m.board.spaces_per_tile


def board_items(m: IslandOfFog, size: int, footnote: bool = True) -> list[Item]:
    """Frame, squares with their city values, start corners and the lighthouse square
    (`footnote`: the line explaining the coins, left off a map where tiles cover them)."""
    v = m.variant[size]
    sq = _square_mm(m)
    side = size * sq + 2 * MARGIN
    look = m.look
    items: list[Item] = [Rect(-BLEED_ART, -BLEED_ART, side + 2 * BLEED_ART, side + 2 * BLEED_ART, fill=look.sea)]
    items.append(Rect(MARGIN - 2, MARGIN - 2, size * sq + 4, size * sq + 4, fill=look.ink, radius=1.5))
    corners = {corner_square(size, m.board.corners[c]): c for c in m.colour}
    centre = centre_square(size)
    for r in range(size):
        for c in range(size):
            x, y = MARGIN + c * sq, MARGIN + r * sq
            value = square_value(v, (r, c))
            fill = look.ring_outer if ring(size, (r, c)) == 0 else look.ring_inner
            if (r, c) == centre:
                fill = look.centre
            items.append(Rect(x, y, sq, sq, fill=fill))
            if (r, c) in corners:
                nation = m.colour[corners[(r, c)]]
                items.append(Rect(x + 2, y + 2, sq - 4, sq - 4, fill=art.tint(nation.hex, 0.55),
                                  stroke=nation.hex, stroke_mm=1.2))
                items.append(label(f"{nation.name} start", x + sq / 2, y + sq - 5, sq - 8, max_pt=10,
                                   style="bold", color=art.shade(nation.hex, 0.3)))
            if (r, c) == centre:
                items += art.lighthouse(m, x + sq * 0.2, y + sq * 0.08, sq * 0.6, look.lighthouse_band)
                items.append(label(f"Lighthouse {m.tiles.lighthouse.income}", x + sq / 2, y + sq - 5, sq - 8,
                                   max_pt=10, style="bold", color=look.ink))
            elif value is not None:
                cx, cy = x + sq / 2, y + sq / 2 - (4 if (r, c) in corners else 0)
                items.append(Circle(cx, cy, sq * 0.17, fill=art.tint(look.coin, 0.45), stroke=look.coin_dark,
                                    stroke_mm=0.5))
                items.append(Text(cx, cy + 3.6, str(value), 15, look.coin_dark, "bold", "middle"))
    for k in range(size + 1):
        items.append(Line(MARGIN + k * sq, MARGIN, MARGIN + k * sq, MARGIN + size * sq, stroke=look.ink,
                          stroke_mm=0.6))
        items.append(Line(MARGIN, MARGIN + k * sq, MARGIN + size * sq, MARGIN + k * sq, stroke=look.ink,
                          stroke_mm=0.6))
    if centre is None:  # even boards: arrows point to the centre point, marked by a compass star
        mid = MARGIN + size * sq / 2
        items.append(Circle(mid, mid, 7, fill=look.paper, stroke=look.ink, stroke_mm=0.5))
        items += art.star(mid, mid, 6, look.ink, points=4)
    items.append(Text(MARGIN, MARGIN - 3.5, f"{m.game.title}  ·  {size}x{size} board", 8, look.paper, "bold"))
    if footnote:
        items.append(Text(side - MARGIN, side - MARGIN + 6.5, "city values by ring: the coin on each square",
                          6.5, look.paper, "italic", "end"))
    return items


def board(m: IslandOfFog, size: int) -> Scene:
    """The printable board of one size."""
    side = size * _square_mm(m) + 2 * MARGIN
    return Scene(side, side, tuple(board_items(m, size)), background=m.look.sea,
                 title=f"Board {size}x{size}")


def map_scene(m: IslandOfFog, plan: MapPlan) -> Scene:
    """A fully revealed map: every tile on its square, turned by its arrow, nations on their corners."""
    sq = _square_mm(m)
    side = plan.size * sq + 2 * MARGIN
    items = board_items(m, plan.size, footnote=False)
    seats = {corner: colour for colour, corner in plan.seats}
    for p in plan.placements:
        tile = m.tile[p.tile]
        nation = seats.get(p.square) if tile.role == "starting" else None
        items.append(Group(tuple(tile_items(m, tile, nation, turns=p.turns)),
                           dx=MARGIN + p.square[1] * sq, dy=MARGIN + p.square[0] * sq))
    items.append(Text(side - MARGIN, MARGIN - 3.5, f"map: seed {plan.seed}, {plan.players} players", 8,
                      m.look.paper, "bold", "end"))
    return Scene(side, side, tuple(items), background=m.look.sea,
                 title=f"Map {plan.size}x{plan.size}, seed {plan.seed}")
