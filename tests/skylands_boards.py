"""A simulated player's board as a board file (boardfile.BoardSpec), for the tests that hold
`playkit score skylands FILE` to the simulation's own scores."""

from __future__ import annotations

from typing import Any

import yaml

from generator.games.skylands.board import square_name
from generator.games.skylands.engine import Player
from generator.games.skylands.model import Skylands


def vp_markers(model: Skylands, vp: int) -> list[int]:
    """`vp` in VP markers, the largest first, never more of a value than there are."""
    out: list[int] = []
    for d in sorted(model.files.tokens.vp_markers.denominations, key=lambda d: -d.value):
        n = min(d.count, vp // d.value)
        out += [d.value] * n
        vp -= n * d.value
    if vp:
        raise ValueError(f"{vp} VPs more than the markers can show")
    return out


def board_document(model: Skylands, player: Player, players: int) -> dict[str, Any]:
    """The board file of a player (its VPs in markers as the markers can show them)."""
    squares: dict[str, Any] = {}
    for square, placed in sorted(player.board.squares.items()):
        people = [c for group in placed.inhabitants for c in group]
        entry: dict[str, Any] = {}
        if not placed.printed:
            entry["tile"] = placed.face.id
            entry["rotation"] = placed.rotation
        if people:
            entry["inhabitants"] = people
        if entry:
            squares[square_name(square)] = entry
    return {"player": f"seat {player.seat + 1}", "side": player.board_id, "players": players,
            "marker": "active" if player.marker_active else "passive",
            "vp_markers": vp_markers(model, player.vp), "bracketed_vp": player.bracketed, "squares": squares}


def board_yaml(model: Skylands, player: Player, players: int) -> str:
    return yaml.safe_dump(board_document(model, player, players), sort_keys=False)
