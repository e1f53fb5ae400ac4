"""Boards: player boards (both sides), action boards with the active player's bonus, the supply board."""

from __future__ import annotations

from ...draw import BLEED_ART, Circle, Group, Rect, Scene, Text
from ...draw.scene import Item
from ...draw.text import block, label
from .board import Board, EndState, Placed, square_name
from .draw_specials import inhabitant_disc, special_front
from .draw_tiles import placed_group, space_spots, text_on
from .model import Skylands
from .schema import ActionSpec
from .text import action_texts, board_words, supply_text


def player_board(model: Skylands, board_id: str | None) -> Scene:
    """A player board: the empty side (None) or the side with `board_id`'s pre-printed islands."""
    name = next((b.name for b in model.files.boards.player_boards if b.id == board_id), "Player board")
    side = "starting islands pre-printed" if board_id else "empty side (Tactical start)"
    return board_scene(model, model.starting_board(board_id), f"{model.files.game.title} · {name} · {side}",
                       f"{name}, {side}")


def board_scene(model: Skylands, board: Board, caption: str, title: str) -> Scene:
    """A board with what lies on it: tiles turned as placed, inhabitants on their spaces."""
    pr = model.files.print
    grid = model.files.game.player_board
    t, f = pr.tile, pr.board_frame
    w, h = grid.columns * t + 2 * f, grid.rows * t + 2 * f
    ink, frame = model.inks["ink"], model.inks["board-frame"]
    items: list[Item] = [Rect(-BLEED_ART, -BLEED_ART, w + 2 * BLEED_ART, h + 2 * BLEED_ART, fill=frame),
                         Rect(f, f, grid.columns * t, grid.rows * t, fill=model.inks["board"])]
    for col in range(grid.columns):
        items.append(Text(f + (col + 0.5) * t, f * 0.68, chr(ord("A") + col), 9, "#ffffff", "bold", "middle"))
    for row in range(grid.rows):
        items.append(Text(f / 2, f + (row + 0.5) * t + 1.1, str(row + 1), 9, "#ffffff", "bold", "middle"))
    for row in range(grid.rows):
        for col in range(grid.columns):
            x, y = f + col * t, f + row * t
            items.append(Rect(x + 0.8, y + 0.8, t - 1.6, t - 1.6, stroke=model.inks["muted"], stroke_mm=0.3,
                              radius=1.5, dash=(1.5, 1.0)))
            items.append(Text(x + 2.2, y + 4.4, square_name((row, col)), 6, model.inks["muted"]))
    for (row, col), placed in sorted(board.squares.items()):
        items.append(square_group(model, placed, f + col * t, f + row * t))
    items.append(Rect(f, f, grid.columns * t, grid.rows * t, stroke=ink, stroke_mm=0.5))
    items.append(Text(w - f, h - f * 0.3, caption, 6.5, "#ffffff", "regular", "end"))
    return Scene(w, h, tuple(items), background=frame, title=title)


def square_group(model: Skylands, placed: Placed, x: float, y: float) -> Group:
    """What lies on a square at (x, y): a tile turned as placed, with its inhabitants."""
    t = model.files.print.tile
    if placed.face.special is None:
        turned = placed.face.turned(placed.rotation)
        group = placed_group(model, placed.face, x, y, placed.rotation)
        people: list[Item] = []
        for i, frag in enumerate(turned.fragments):
            for colour, (sx, sy) in zip(placed.inhabitants_on(i), space_spots(frag, t), strict=False):
                people.append(inhabitant_disc(model, colour, sx, sy))
        return Group(group.items + tuple(people), x, y)
    # a special island keeps its words: the whole face turns, about the corner that keeps it on its square
    flat = [inh for i in range(len(placed.face.fragments)) for inh in placed.inhabitants_on(i)]
    face = special_front(model, model.specials[placed.face.special], bleed=0.0, inhabitants=tuple(flat))
    dx, dy = {0: (0.0, 0.0), 90: (t, 0.0), 180: (t, t), 270: (0.0, t)}[placed.rotation]
    return Group(face.items, x + dx, y + dy, float(placed.rotation))


def scoring_example_board(model: Skylands, end: EndState) -> Scene:
    """The rulebook's scoring example: the player's board at the end of the game."""
    who = board_words("example_owner", player=end.player)
    return board_scene(model, end.board, board_words("example_title", title=model.files.game.title, owner=who),
                       board_words("example_heading", owner=who))


TITLE_PT = 18
"""An action board's title, where its name fits: nothing else on the boards is printed as large (the
supply board's title is smaller), so a picture of the whole table keeps these words and no others."""


def action_board(model: Skylands, action: ActionSpec) -> Scene:
    """An action board: what every player does, and the active player's bonus."""
    pr = model.files.print
    w, h = pr.action_board.w, pr.action_board.h
    ink = model.inks["ink"]
    head = 16.0
    text, bonus = action_texts(action)
    items: list[Item] = [Rect(-BLEED_ART, -BLEED_ART, w + 2 * BLEED_ART, head + BLEED_ART, fill=action.colour),
                         label(action.name, w / 2, head * 0.68, w - 10, max_pt=TITLE_PT, style="bold",
                               color=text_on(action.colour, ink))]
    items.append(Text(6, head + 7, board_words("every_player"), 7.5, model.inks["muted"],
                      "italic"))
    items += block(text, 6, head + 9, w - 12, h * 0.34, max_pt=12, min_pt=6, color=ink)
    box_y = head + 11 + h * 0.34
    items.append(Rect(4, box_y, w - 8, h - box_y - 4, fill="#fff5d6", stroke=action.colour, stroke_mm=0.8,
                      radius=3))
    items.append(Text(8, box_y + 6, board_words("bonus_heading"), 8.5, ink, "bold"))
    items += block(bonus, 8, box_y + 8, w - 16, h - box_y - 14, max_pt=12, min_pt=6, color=ink)
    return Scene(w, h, tuple(items), background="#ffffff", title=action.name)


def supply_board(model: Skylands) -> Scene:
    """The supply board: one area for each colour of inhabitants."""
    pr = model.files.print
    w, h = pr.supply_board.w, pr.supply_board.h
    ink = model.inks["ink"]
    colours = model.files.game.inhabitants.colours
    items: list[Item] = [Rect(-BLEED_ART, -BLEED_ART, w + 2 * BLEED_ART, h + 2 * BLEED_ART, fill=model.inks["sky"]),
                         Text(w / 2, 13, model.files.boards.supply_board.name, 16, ink, "bold", "middle")]
    items += block(supply_text(model), 8, 16, w - 16, 8, max_pt=8, color=model.inks["muted"], anchor="middle")
    n = len(colours)
    gap = 6.0
    cw = (w - 2 * 8 - (n - 1) * gap) / n
    for i, c in enumerate(colours):
        x = 8 + i * (cw + gap)
        items.append(Rect(x, 30, cw, h - 38, fill="#ffffff", stroke=c.colour, stroke_mm=1.2, radius=5))
        items.append(Circle(x + cw / 2, 30 + (h - 38) / 2 - 4, cw * 0.28, fill=c.colour))
        items.append(label(c.name, x + cw / 2, h - 18, cw - 4, max_pt=11, style="bold", color=ink))
        items.append(Text(x + cw / 2, h - 12, board_words("supply_count", count=c.count), 7.5, model.inks["muted"],
                          "regular", "middle"))
    return Scene(w, h, tuple(items), background=model.inks["sky"], title="Supply board")
