"""The figures of the worked examples: the part of a board the example is about, at its printed size
(so every word on it stays readable), and the island tiles revealed by Discover islands."""

from __future__ import annotations

from typing import Any

from ...core.kitspec import Figure
from ...draw.scene import Scene
from ...press.figures import detail
from . import draw_boards, draw_specials, draw_tiles
from .board import Board
from .model import Skylands


def example_figures(model: Skylands, worked: dict[str, Any]) -> dict[str, Figure]:
    d, c = worked["discover"], worked["create"]
    taken = {id(t["face"]): t for t in d["taken"]}
    labels = []
    for face in d["revealed"]:
        t = taken.get(id(face))
        labels.append(f"{t['player']} ({t['square']})" if t else "discard pile")
    return {
        "example-discover": Figure(tuple(draw_tiles.island_tile(model, f) for f in d["revealed"]), tuple(labels)),
        "example-deploy": Figure((part(model, worked["deploy"]["active"]["board"]),), max_h_mm=120),
        "example-create": Figure((part(model, c["before"]),
                                  draw_specials.special_front(model, model.specials[c["id"]])),
                                 (f"{c['player']}'s board", c["special"]), max_h_mm=120),
        "example-convert": Figure((part(model, worked["convert"]["board"]),), max_h_mm=120),
    }


def part(model: Skylands, board: Board) -> Scene:
    """The squares of a board that hold tiles (their bounding box), drawn as the board draws them."""
    pr = model.files.print
    t, f = pr.tile, pr.board_frame
    rows = [r for r, _ in board.squares]
    cols = [c for _, c in board.squares]
    r0, c0 = min(rows), min(cols)
    w, h = (max(cols) - c0 + 1) * t, (max(rows) - r0 + 1) * t
    return detail(draw_boards.board_scene(model, board, "", "example"), f + c0 * t, f + r0 * t, w, h)
