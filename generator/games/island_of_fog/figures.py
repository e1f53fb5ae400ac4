"""The rulebook's figures and its combat example: the kit's own tiles, tokens and board, and odds the
odds engine computes (so the example is right by construction and follows every stat it shows)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.kitspec import Figure
from ...draw import Group, Rect, Scene
from ...draw.scene import Item
from ...press.figures import detail
from . import art, draw_board, draw_cards, draw_tiles, draw_tokens
from .board import arrow, centre_square, corner_square, quarter_turns, squares
from .model import IslandOfFog
from .odds import OddsRow, matchup
from .rules import Force, forces


def figures(m: IslandOfFog, colours: list[str]) -> dict[str, Figure]:
    ex = combat_example(m)
    return {
        "components-tiles": _components_tiles(m, colours),
        "components-tokens": _components_tokens(m, colours),
        # a corner of the board at its printed size, so its words read as on the board (the whole board
        # would print them too small to read)
        "setup": Figure((_corner(m, _setup(m, colours), to_centre=False),), max_h_mm=DETAIL_MM),
        "arrows": Figure((_corner(m, _arrows(m)),), max_h_mm=DETAIL_MM),
        "combat": Figure(_combat(m, ex, colours), max_scale=1.5, outline=False),
        # at its printed size, so its words stay as legible as on the card
        "turn-summary": Figure((draw_cards.turn_summary(m, colours[0]),), max_h_mm=125),
    }


# ---- the combat example ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class CombatExample:
    """The biggest stack of the stackable unit attacks the unit with the combat extra, standing on the
    first ground that gives it a bonus: the odds engine's row for that fight, and a lone unit's beside."""

    row: OddsRow          # the example's fight
    alone: OddsRow        # the same defence met by a single unit of the attacker's kind
    attacker: str         # unit names
    defender: str
    ground: str           # the defence row's name
    space: str            # a space kind of that defence row (drawn in the figure)


DETAIL_MM = 168.0   # the side of a board's corner shown at its printed size: it stands within a book's text
FAN_MM = 2.5        # how far each token of a stack in the combat figure lies from the one under it, at most


def _corner(m: IslandOfFog, board: Scene, to_centre: bool = True) -> Scene:
    """The top-left corner of a board: from the corner, as many whole squares as DETAIL_MM holds (a
    square cut at the figure's edge looked like a mistake), or, when `to_centre`, DETAIL_MM square up to
    the far edge of the centre square (where the lighthouse stands)."""
    if not to_centre:
        pitch = draw_board.square_pitch_mm(m)
        side = draw_board.MARGIN + (DETAIL_MM - draw_board.MARGIN) // pitch * pitch + draw_board.GRID_MM / 2
        return detail(board, 0, 0, side, side)
    far = board.w / 2 + draw_board.square_pitch_mm(m) / 2
    return detail(board, far - DETAIL_MM, far - DETAIL_MM, DETAIL_MM, DETAIL_MM)


def combat_example(m: IslandOfFog) -> CombatExample:
    every = forces(m)
    attacker = max(every, key=lambda f: (f.size, -m.unit[f.unit].combat_extra))
    defender = max((f for f in every if f.size == 1), key=lambda f: m.unit[f.unit].combat_extra)
    unit = m.unit[defender.unit]
    ground = next((d for d in m.combat.defence if d.bonus > 0 and _space_of(m, d.id, unit.climbs_mountains)),
                  m.combat.defence[0])
    policy = m.combat.reroll_policy
    return CombatExample(matchup(m, attacker, defender, ground.id, policy),
                         matchup(m, Force(attacker.unit), defender, ground.id, policy),
                         m.unit[attacker.unit].name, unit.name, ground.name,
                         _space_of(m, ground.id, unit.climbs_mountains) or m.spaces.kinds[0].id)


def _space_of(m: IslandOfFog, row: str, climbs: bool) -> str | None:
    """A space kind (no lot, base or lighthouse) of a defence row that a unit can stand on."""
    for k in m.spaces.kinds:
        if k.defence == row and not (k.lot or k.base or k.lighthouse) and k.move_cost is not None \
                and (climbs or not k.climb):
            return k.id
    return None


def _combat(m: IslandOfFog, ex: CombatExample, colours: list[str]) -> tuple[Scene, ...]:
    """The attacking stack on its space beside the defender on its ground, each with its tokens."""
    s = m.board.space_size
    them = colours[1] if len(colours) > 1 else colours[0]
    plains = m.spaces.kinds[0].id

    def on(kind: str, tokens: list[Scene], title: str) -> Scene:
        items: list[Item] = [Rect(0, 0, s, s, fill=m.kind[kind].colour), *draw_tiles.space(m, kind, 0, 0, s)]
        # a stack: its tokens one on the other, fanned, the whole fan on the space (the figure's edge cut it)
        step = min(FAN_MM, (s - tokens[0].w) / max(1, len(tokens) - 1))
        for k, tok in enumerate(tokens):
            d = (s - tok.w) / 2 + (k - (len(tokens) - 1) / 2) * step
            items.append(Group(tok.items, d, d))
        items.append(Rect(0, 0, s, s, stroke=m.look.ink, stroke_mm=0.4))
        return Scene(s, s, tuple(items), title=title)

    atk = [draw_tokens.unit(m, ex.row.attacker.unit, colours[0])] * ex.row.attacker.size
    dfn = [draw_tokens.unit(m, ex.row.defender.unit, them)]
    return (on(plains, atk, "attacker"), on(ex.space, dfn, "defender"))


# ---- the other figures ----------------------------------------------------------------------------------

def _components_tiles(m: IslandOfFog, colours: list[str]) -> Figure:
    field = m.field_tiles[0]
    return Figure((draw_tiles.face(m, m.lighthouse_tile), draw_tiles.face(m, m.starting_tile, colours[0]),
                   draw_tiles.face(m, field), draw_tiles.back(m)),
                  ("the lighthouse tile", f"{len(colours)} starting tiles, one a nation",
                   f"{m.field_tile_count} field tiles", "the back of every tile"))


def _components_tokens(m: IslandOfFog, colours: list[str]) -> Figure:
    c = colours[0]
    t = m.tokens
    scenes = [draw_tokens.unit(m, u.id, c) for u in m.units.units]
    labels = [f"{u.per_colour} {u.name.lower()}s a nation" for u in m.units.units]
    scenes += [draw_tokens.building(m, c, "city"), draw_tokens.building(m, c, "factory"), draw_tokens.base(m, c),
               draw_tokens.lighthouse_piece(m, c)]
    labels += [f"{t.buildings.per_colour} buildings a nation: city", "... and factory on the back",
               f"{t.bases.per_colour} base a nation", f"{t.lighthouse_pieces.per_colour} lighthouse piece a nation"]
    scenes += [draw_tokens.coin(m, coin.value) for coin in t.coins]
    labels += [f"{coin.count} coins of {coin.value}" for coin in t.coins]
    return Figure(tuple(scenes), tuple(labels), max_scale=1.0)


def _setup(m: IslandOfFog, colours: list[str]) -> Scene:
    """The board of the game's size: the lighthouse tile on the centre, each nation's starting tile in its
    corner turned as a placed tile is, its base and a basic unit on the base, its buildings on the lots."""
    size = m.board.default_size
    board = draw_board.board(m, size)
    s = m.board.space_size
    items: list[Item] = [*board.items]
    centre = centre_square(size)
    if centre is not None:
        items.append(Group(tuple(draw_tiles.tile_items(m, m.lighthouse_tile)), *draw_board.tile_origin(m, centre)))
    basic = m.units.units[0].id
    for c in colours:
        r0, c0 = corner_square(size, m.board.corners[c])
        turns = quarter_turns(arrow(size, (r0, c0)))
        x0, y0 = draw_board.tile_origin(m, (r0, c0))
        items.append(Group(tuple(draw_tiles.tile_items(m, m.starting_tile, c, turns=turns)), x0, y0))
        grid = m.turned[(m.starting_tile.id, turns % 4)]
        for r, row in enumerate(grid):
            for k, kind in enumerate(row):
                x, y = x0 + k * s, y0 + r * s
                if m.kind[kind].lot:
                    items.append(_square_token(draw_tokens.building(m, c, "city"), x, y, s))
                elif m.kind[kind].base:
                    items.append(_square_token(draw_tokens.base(m, c), x, y, s))
                    unit = draw_tokens.unit(m, basic, c)
                    items.append(Group(unit.items, x + s - unit.w * 0.8, y + s - unit.h * 0.8))  # round: no square
    return Scene(board.w, board.h, tuple(items), background=board.background, title="set-up")


def _square_token(face: Scene, x: float, y: float, s: float) -> Item:
    """A square token on a space: its colour and its picture."""
    d = (s - face.w) / 2
    return Group((Rect(0, 0, face.w, face.h, fill=face.background or "#ffffff", radius=1.2), *face.items), x + d, y + d)


def _arrows(m: IslandOfFog) -> Scene:
    """The empty board with the arrow each square's tile must show: towards the lighthouse, along the
    row or column where it is farther, on a diagonal an eighth of a turn clockwise."""
    size = m.board.default_size
    board = draw_board.board(m, size)
    sq = m.board.space_size * m.board.spaces_per_tile
    a = sq * 0.42
    items: list[Item] = [*board.items]
    for r, c in squares(size):
        if (r, c) == centre_square(size):
            continue
        tx, ty = draw_board.tile_origin(m, (r, c))
        x, y = tx + (sq - a) / 2, ty + (sq - a) / 2
        items += art.arrow(m, x, y, a, quarter_turns(arrow(size, (r, c))))
    return Scene(board.w, board.h, tuple(items), background=board.background, title="arrows")

