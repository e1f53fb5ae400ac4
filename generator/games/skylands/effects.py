"""The special islands' effects when a tile is placed or an island completed, and the Generator's.

"One time effect: … triggered when placed on the board, or if a certain condition is met." Pure:
a board before and after the placing in, VPs, draws and inhabitants out. Numbers are the effects'
own (specials.yaml); the actions' effects (District, Merchant, Power Station, Hostel) are in actions.py.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .actions import colour_of, fill
from .board import Board, Square
from .islands import find_islands
from .model import Skylands
from .schema import FruitfulTerrain, Generator, Outpost, ProfitableCity, WorthWhileFind


@dataclass(frozen=True)
class Placing:
    """What placing a tile set off: VPs gained, islands to draw, the board and supply after."""

    vp: int
    draw: int
    board: Board
    supply: Counter[str]


def on_place(model: Skylands, board: Board, square: Square, supply: Counter[str]) -> Placing:
    """The effects of the tile just placed on `square` of `board`: its own (Worth-while Find,
    Outpost), and those of the islands it completed (Fruitful Terrain, Profitable City)."""
    placed = board.squares[square]
    vp = draw = 0
    if placed.face.special:
        effect = model.specials[placed.face.special].effect
        if isinstance(effect, WorthWhileFind):
            vp += effect.gain_vp
        elif isinstance(effect, Outpost):
            draw += effect.draw
    # an island is completed by the tile that closes it: the complete islands through this square
    for island in find_islands(board):
        if not island.complete or square not in island.squares:
            continue
        for sq, _ in sorted(set(island.parts)):
            sid = board.squares[sq].face.special
            if sid is None:
                continue
            effect = model.specials[sid].effect
            colour = colour_of(model, island.type)
            if isinstance(effect, FruitfulTerrain) and colour is not None:
                for _ in range(effect.per_space):
                    board, supply = fill(board, island, colour, supply)
            elif isinstance(effect, ProfitableCity):
                vp += effect.vp * (island.spaces // effect.spaces_per_vp)
    return Placing(vp, draw, board, Counter(supply))


def generator_vp(model: Skylands, board: Board, *, without_converting: bool | None = None) -> int:
    """"Every time the action Convert energy is chosen, the player gains 1 VP" (each Generator).
    `without_converting` picks the Generators that pay even to a player who does not convert (True)
    or only to one who does (False); None counts them all (decision generator-without-converting)."""
    return sum(e.vp_per_convert for e in (model.specials[sid].effect for _, sid in board.specials)
               if isinstance(e, Generator) and without_converting in (None, e.without_converting))
