"""The battle board: both sides of the 5 x 2 grid, the centre between them, deck and discard zones.

Columns line up across the centre (column 1 faces column 1), so the far side's words are turned
to face the far player while its spots keep the same columns.
"""

from __future__ import annotations

from ...draw import Group, Line, Rect, Scene, Text
from ...draw.scene import Item
from ...draw.text import block, label
from .model import TITLE, SkyboundBattle
from .text import board_texts

MARGIN = 6.0
STRIP = 12.0
PAPER = "#f5f2ea"
LINE = "#3b4a66"
FRONT_FILL = "#e6ecf5"
BACK_FILL = "#dde4ef"
ZONE_FILL = "#ece6da"
FAINT = "#b9c3d4"
NUMBER_PT = 54
"""A space's column number, faint in its middle: the largest words on the board, which a picture of
the whole board keeps."""


def _spot(cx: float, cy: float, w: float, h: float, title: str, number: str, order: str | None,
          fill: str, turned: bool) -> Item:
    """A card space centred on (cx, cy); its words face the near player (turned: the far one)."""
    x, y = -w / 2, -h / 2
    items: list[Item] = [
        Rect(x, y, w, h, fill=fill, stroke=LINE, stroke_mm=0.5, radius=3.0, dash=(2.0, 1.2)),
        Text(0, 12, number, NUMBER_PT, FAINT, "bold", "middle"),
        label(title, 0, y + 8.5, w - 8, max_pt=9, style="bold", color=LINE),
    ]
    if order is not None:
        items += (Rect(x + 3, y + h - 15, 19, 12, fill="#ffffff", stroke=LINE, stroke_mm=0.35, radius=2),
                  Text(x + 12.5, y + h - 6.3, order, 11, LINE, "bold", "middle"),
                  label("battle order", x + 24.5, y + h - 6.6, w - 30, max_pt=7, color=LINE, anchor="start"))
    return Group(tuple(items), cx, cy, 180.0 if turned else 0.0)


def spot_centre(model: SkyboundBattle, side: int, row: int, col: int) -> tuple[float, float]:
    """The centre of a card space: side 1 is the far side, row 0 the frontline (at the centre)."""
    kit = model.kit
    pitch_x, pitch_y = kit.card.width + kit.board.spot_gap, kit.card.height + kit.board.spot_gap
    centre_y = MARGIN + 2 * pitch_y
    top = centre_y - (row + 1) * pitch_y if side == 1 else centre_y + kit.board.centre + row * pitch_y
    return MARGIN + STRIP + col * pitch_x + pitch_x / 2, top + pitch_y / 2


def board(model: SkyboundBattle) -> Scene:
    """The whole battle board, both sides, at full size (the press tiles it over pages)."""
    kit = model.kit
    cw, ch, gap = kit.card.width, kit.card.height, kit.board.spot_gap
    cols = model.rules.board.columns
    pitch_x, pitch_y = cw + gap, ch + gap
    grid_x = MARGIN + STRIP
    zone_x = grid_x + cols * pitch_x + gap
    w = zone_x + pitch_x + MARGIN
    half = 2 * pitch_y
    centre_y = MARGIN + half
    h = centre_y + kit.board.centre + half + MARGIN
    words = board_texts(model)
    items: list[Item] = [Rect(0, 0, w, h, fill=PAPER),
                         Rect(MARGIN / 2, MARGIN / 2, w - MARGIN, h - MARGIN, stroke=LINE, stroke_mm=0.8,
                              radius=4)]
    for side in (0, 1):
        turned = side == 1  # the far side, seen from the near player
        for row in (0, 1):  # 0 frontline (at the centre), 1 backline
            cy = spot_centre(model, side, row, 0)[1]
            row_name = words["rows"][row]
            strip = block(row_name.upper(), -pitch_y / 2 + 4, -STRIP / 2, pitch_y - 8, STRIP, max_pt=10,
                          style="bold", color=LINE, anchor="middle", valign="middle")
            items.append(Group(strip, MARGIN + STRIP / 2, cy, 90.0 if turned else 270.0))
            for col in range(cols):
                cx = grid_x + col * pitch_x + pitch_x / 2
                order = str(row * cols + col + 1)
                items.append(_spot(cx, cy, cw, ch, f"{row_name} {col + 1}", str(col + 1), order,
                                   FRONT_FILL if row == 0 else BACK_FILL, turned))
            zone = words["zones"][row]
            items.append(_spot(zone_x + pitch_x / 2, cy, cw, ch, zone, "", None, ZONE_FILL, turned))
    # the centre: column numbers, the battle order, the game
    band_y = centre_y
    band_h = kit.board.centre
    items.append(Rect(MARGIN / 2, band_y, w - MARGIN, band_h, fill="#1b2a4a"))
    for col in range(cols):
        cx = grid_x + col * pitch_x + pitch_x / 2
        items.append(Text(cx, band_y + band_h / 2 + 2.3, f"{words['column']} {col + 1}", 9, "#f3e7bd", "bold",
                          "middle"))
    items += block(words["centre"], zone_x, band_y + 1, pitch_x, band_h - 2, max_pt=7, color="#f3e7bd",
                   anchor="middle", valign="middle")
    items.append(Line(grid_x, band_y, zone_x - gap, band_y, stroke="#d9c27a", stroke_mm=0.6))
    items.append(Line(grid_x, band_y + band_h, zone_x - gap, band_y + band_h, stroke="#d9c27a", stroke_mm=0.6))
    return Scene(w, h, tuple(items), background=PAPER, title=f"{TITLE} battle board",
                 play_area=(MARGIN / 2, MARGIN / 2, w - MARGIN, h - MARGIN))  # inside the frame
