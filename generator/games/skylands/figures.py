"""The rulebook's figures: the kit's own faces, and boards the rules model lays out and judges."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...core.kitspec import Figure
from ...draw.scene import Item, Line, Rect, Scene
from ...press.figures import annotated, detail, pictured, placed
from . import draw_boards, draw_specials, draw_tiles, draw_tokens
from .board import Board, EndState
from .box import components
from .example_figures import example_figures
from .islands import Island, find_islands
from .legend import legend
from .model import Skylands
from .tiles import Face, Fragment

GOOD, BAD = "#1a7f37", "#c0392b"  # told apart by the figures' labels too, never by colour alone


def figures(model: Skylands, example: EndState, worked: dict[str, Any]) -> dict[str, Figure]:
    return {
        **example_figures(model, worked),
        "components-tiles": _components_tiles(model),
        "components-specials": _components_specials(model),
        "components-tokens": _components_tokens(model),
        "setup": _setup(model),
        "setup-board": _setup_board(model),
        "tile-anatomy": _tile_anatomy(model),
        "legend": legend(model),
        "edge-match": _edge_match(model),
        "islands": _islands(model, example),
        # the board at its printed size, in two overlapping halves (whole, it is wider than the page)
        "scoring-example-left": _half(draw_boards.scoring_example_board(model, example), left=True),
        "scoring-example-right": _half(draw_boards.scoring_example_board(model, example), left=False),
    }


def _count(model: Skylands, start: str) -> str:
    counts = components(model)
    key = next(k for k in counts if k.startswith(start))
    return f"{counts[key]} {key}"


def _components_tiles(model: Skylands) -> Figure:
    shapes = list(dict.fromkeys(t.face.shape for t in model.island_tiles))
    faces = [next(t.face for t in model.island_tiles if t.face.shape == s) for s in shapes]
    counts = [sum(1 for t in model.island_tiles if t.face.shape == s) for s in shapes]
    return Figure(tuple(draw_tiles.island_tile(model, f) for f in faces), tuple(f"{n} x" for n in counts))


def _components_specials(model: Skylands) -> Figure:
    special = next(iter(model.specials.values()))
    start = model.starting_faces[f"{model.files.boards.starting_islands[0].id}-a"]
    scenes = (draw_tiles.tile_back(model), draw_specials.special_front(model, special),
              draw_specials.special_back(model, special), draw_tiles.island_tile(model, start))
    return Figure(scenes, ("", _count(model, "special islands"), "", _count(model, "starting islands")))


def _components_tokens(model: Skylands) -> Figure:
    f = model.files
    colour = f.game.player_colours[0]
    scenes = [draw_tokens.player_token(model, colour), draw_tokens.player_marker(model, colour, True),
              draw_tokens.player_marker(model, colour, False)]
    scenes += [draw_tokens.inhabitant(model, c) for c in f.game.inhabitants.colours]
    scenes += [draw_tokens.vp_marker(model, d.value) for d in f.tokens.vp_markers.denominations]
    labels = [_count(model, "player tokens"), _count(model, "player markers"), "",
              *[f"{c.count} {c.name.lower()}" for c in f.game.inhabitants.colours],
              *[f"{d.count} x {d.value} VP" for d in f.tokens.vp_markers.denominations]]
    return Figure(tuple(scenes), tuple(labels), max_scale=2.0)


def _half(board: Scene, left: bool) -> Figure:
    """The left or right part of a player board, three columns of squares and the frame, at its size."""
    w = min(board.w, HALF_MM)
    return Figure((detail(board, 0 if left else board.w - w, 0, w, board.h),), max_h_mm=board.h)


HALF_MM = 130.0   # a player board's frame and three columns of squares, and a little of the next


def _setup(model: Skylands) -> Figure:
    """The middle of the table as the set-up leaves it: the supply board with the action boards around
    it, the stack of island tiles beside Discover islands, the display of the first game's special
    islands beside Create islands and the VP supply beside Convert energy (the boards' titles stay, their
    other words would print too small to read at this size: the caption and the text say them)."""
    f = model.files
    t = f.print.tile
    supply = draw_boards.supply_board(model)
    boards = {a.id: draw_boards.action_board(model, a) for a in f.boards.actions}
    gap = 6.0
    aw, ah = next(iter(boards.values())).w, next(iter(boards.values())).h
    # left of the boards: the special-island display, a row per group (a first game's)
    per = f.specials.display_per_group
    rows = [[s for s in model.specials.values() if s.spec.group == g.id and s.spec.intro][:per]
            for g in f.specials.groups]
    step = t + 1.5
    left = per * step - 1.5
    x0 = left + 2 * gap
    w_mid = max(2 * (aw + gap) - gap, supply.w)
    row_w = 2 * (aw + gap) - gap
    items: list[Item] = []
    ids = [a.id for a in f.boards.actions]
    y_low = ah + supply.h + 2 * gap
    for line, y in ((ids[:2], 0.0), (ids[2:], y_low)):
        for k, a in enumerate(line):
            items.append(placed(boards[a], x0 + (w_mid - row_w) / 2 + k * (aw + gap), y))
    items.append(placed(supply, x0 + (w_mid - supply.w) / 2, ah + gap))
    h = y_low + ah
    # the stack of island tiles, face down, beside Discover islands (seen from the side: offset backs)
    back = draw_tiles.tile_back(model)
    for k in range(STACK_BACKS):
        items.append(placed(back, left - t - k * 1.2, ah / 2 - t / 2 - k * 1.2 + gap))
    # the display beside Create islands
    disp_y = h - len(rows) * step + 1.5
    for r, row in enumerate(rows):
        for c, sp in enumerate(row):
            items.append(placed(draw_specials.special_front(model, sp, bleed=0.0), c * step, disp_y + r * step))
    # the VP supply beside Convert energy: a pile of each denomination
    vx = x0 + w_mid + 2 * gap
    size = max(draw_tokens.vp_marker(model, d.value).w for d in f.tokens.vp_markers.denominations)
    for k, d in enumerate(f.tokens.vp_markers.denominations):
        face = draw_tokens.vp_marker(model, d.value)
        for n in range(d.count):
            items.append(placed(face, vx + k * (size + 2), y_low + ah - face.h - n * 1.0))
    w = vx + len(f.tokens.vp_markers.denominations) * (size + 2)
    table = Scene(w, h, tuple(items), title="the middle of the table")
    return Figure((pictured(table, titles_pt=draw_boards.TITLE_PT),), outline=False, max_h_mm=110)


STACK_BACKS = 6   # tile backs drawn for the stack of island tiles, seen from the side


def _setup_board(model: Skylands) -> Figure:
    """A player's board, pre-printed side up."""
    board = draw_boards.player_board(model, model.files.boards.player_boards[0].id)
    return Figure((pictured(board),), outline=False, max_h_mm=80)


def _tile_anatomy(model: Skylands) -> Figure:
    """A tile with a player-count mark, its edges, a fragment and a space pointed out."""
    face = anatomy_face(model)
    return Figure((annotated(draw_tiles.island_tile(model, face), anatomy_notes(model, face)),), outline=False,
                  max_scale=1.5)


def anatomy_face(model: Skylands) -> Face:
    """The tile the anatomy figure shows: one with a player-count mark and more than one fragment."""
    return next((tl.face for tl in model.island_tiles if tl.face.mark and len(tl.face.fragments) > 1),
                model.island_tiles[0].face)


def anatomy_notes(model: Skylands, face: Face) -> list[tuple[float, float, str]]:
    """The anatomy figure's callouts: (x, y) on the tile in mm, and the words. Each points at what it
    names, clear of the letters and numbers printed there."""
    t = model.files.print.tile
    frag = next(fr for fr in face.fragments if fr.spaces)
    spot = draw_tiles.space_spots(frag, t)[0]
    terrain = {tt.id: tt.name for tt in model.terrains.values()}
    band = model.files.print.edge_band
    along = (draw_tiles.SYMBOL_AT[0] + 0.5) / 2 * t   # on a band, between its first symbol and its letter
    mx, my = draw_tiles.mark_centre(model)
    ring = draw_tiles.MARK_R * 0.75                  # the mark's ring, not its number
    notes = [(along, band / 2, f"north edge: {_terrain_word(model, face.edge(0))}"),
             (t - band / 2, along, f"east edge: {_terrain_word(model, face.edge(1))}"),
             (spot[0], spot[1], "an inhabitant space"),
             (mx + ring, my - ring, "player-count mark")]
    if frag.terrain:
        notes.append((*_inside(frag, spot, t, band), f"a {terrain.get(frag.terrain, frag.terrain).lower()} fragment"))
    return notes


def _inside(frag: Fragment, spot: tuple[float, float], t: float, band: float) -> tuple[float, float]:
    """A point of the fragment's ground clear of its space: halfway from the middle of its first
    edge's band to the space, then a sixth of a tile aside, along that edge."""
    side = min(frag.sides)
    ex, ey = draw_tiles.turn_point(t / 2, band, side, t)     # the north band's inner middle, turned
    dx, dy = draw_tiles.turn_point(t / 2 - t / 6, band, side, t)
    return (ex + spot[0]) / 2 + dx - ex, (ey + spot[1]) / 2 + dy - ey


def _terrain_word(model: Skylands, terrain: str) -> str:
    if terrain in model.terrains:
        return model.terrains[terrain].name.lower()
    return model.files.game.clouds.name.lower()


def _edge_match(model: Skylands) -> Figure:
    """Two tiles side by side: one placement the rules allow, one they refuse (the model decides)."""
    faces = [tl.face for tl in model.island_tiles]
    clouds = model.files.game.clouds.id
    first = next(f for f in faces if f.edge(1) != clouds)
    board = Board(1, 2).place(first, (0, 0))
    legal = next((f, r) for f in faces[1:] for r in (0, 90, 180, 270)
                 if board.can_place(f, (0, 1), r))
    illegal = next((f, r) for f in faces[1:] for r in (0, 90, 180, 270)
                   if not board.can_place(f, (0, 1), r) and f.edge(3, r) != clouds)
    return Figure((_pair(model, first, *legal, True), _pair(model, first, *illegal, False)))


def _pair(model: Skylands, left: Face, right: Face, rotation: int, ok: bool) -> Scene:
    t = model.files.print.tile
    items: list[Item] = [draw_tiles.placed_group(model, left, 0, 0, 0),
                         draw_tiles.placed_group(model, right, t, 0, rotation)]
    colour = GOOD if ok else BAD
    items.append(Line(t, 1, t, t - 1, stroke=colour, stroke_mm=1.6 if ok else 1.2, dash=() if ok else (2.0, 1.2)))
    return Scene(2 * t, t, tuple(items), background=model.inks["sky"], title="edge match")


def _islands(model: Skylands, example: EndState) -> Figure:
    """The scoring example's board with its largest complete island outlined; then the same board
    with one tile of that island taken away, so the rest of it is open (the model finds both)."""
    complete = max((i for i in find_islands(example.board) if i.complete and len(i.squares) > 1),
                   key=lambda i: len(i.squares))
    gone = complete.squares[-1]
    board = Board(example.board.rows, example.board.columns,
                  {sq: p for sq, p in example.board.squares.items() if sq != gone})
    incomplete = next(i for i in find_islands(board) if not i.complete and set(i.squares) < set(complete.squares))
    opened = replace(example, board=board)
    # islands outlined on the pictures (their words would print too small to read at this size)
    return Figure((pictured(_outlined(model, example, complete, GOOD)),
                   pictured(_outlined(model, opened, incomplete, BAD))), max_h_mm=80)


def _outlined(model: Skylands, example: EndState, island: Island, colour: str) -> Scene:
    scene = draw_boards.board_scene(model, example.board, "", "island")
    t, f = model.files.print.tile, model.files.print.board_frame
    marks: list[Item] = [Rect(f + c * t + 1, f + r * t + 1, t - 2, t - 2, stroke=colour, stroke_mm=1.4,
                              dash=() if island.complete else (3.0, 1.5), radius=2) for r, c in island.squares]
    return Scene(scene.w, scene.h, (*scene.items, *marks), scene.background, scene.title)



