"""The map overview (gm.pdf page 1 and map.svg): the path of islands as it will lie on the table,
and the marks of one island's contents at any cell size (the trapboards draw them big)."""

from __future__ import annotations

import math

from ...draw import Circle, Group, Line, Rect, Scene, Text, polygon
from ...draw.fonts import PT_MM, width_mm
from ...draw.scene import Item
from ...draw.text import MIN_TEXT_PT, block, label
from .model import IslandsAndBridges, enemy_label
from .plan import IslandPlan, MapKit, Plan, cell_name, pieces

OVERVIEW = (264.0, 183.0)   # a full landscape page on A4 and Letter
MARK_R = 0.36               # an enemy's or a start's mark: its radius, in cells
STAR_FILL = "#f6d55c"       # the stage-end token's star
CHEST_LID = "#d9a441"


def star(cx: float, cy: float, r_out: float, r_in: float) -> list[tuple[float, float]]:
    return [(cx + (r_out if k % 2 == 0 else r_in) * math.cos(-math.pi / 2 + k * math.pi / 5),
             cy + (r_out if k % 2 == 0 else r_in) * math.sin(-math.pi / 2 + k * math.pi / 5)) for k in range(10)]


def _pt(mm: float) -> float:
    """The font size whose capitals are about `mm` tall."""
    return mm / PT_MM / 0.73


def enemy_mark(game: IslandsAndBridges, enemy: str, cx: float, cy: float, r: float, number: int | None = None
               ) -> tuple[Item, ...]:
    """An enemy as the trapboard legend shows it: a disc of its colour with its initial, or with the
    label of the numbered token that starts there ('W3')."""
    e = game.elements.enemies.get(enemy)
    name = e.name if e else enemy
    disc = Circle(cx, cy, r, fill=game.color(enemy) if enemy in game.palette else game.color("muted"),
                  stroke=game.color("ink"), stroke_mm=max(0.15, r * 0.05))
    if number is not None and e is not None:
        word = label(enemy_label(e, number), cx, cy + r * 0.3, r * 1.7, max_pt=_pt(r * 0.75),
                     min_pt=MIN_TEXT_PT, style="bold", color="#ffffff")
    else:
        word = Text(cx, cy + r * 0.45, name[0].upper(), _pt(r * 0.95), "#ffffff", "bold", "middle")
    return _legible(disc, word)


def _legible(mark: Item, word: Text) -> tuple[Item, ...]:
    """A mark with its word, or without it where the word would print under the kit's floor (the
    overview's cells are a few mm): colour, shape and the legend tell the mark, the trapboard names it."""
    fits = word.size_pt >= MIN_TEXT_PT and width_mm(word.text, word.size_pt, word.style) <= _room(mark)
    return (mark, word) if fits else (mark,)


def _room(mark: Item) -> float:
    return 2 * mark.r if isinstance(mark, Circle) else math.inf


def start_mark(game: IslandsAndBridges, player: int, cx: float, cy: float, r: float) -> tuple[Item, ...]:
    """A player's start: the green ring of the player tokens, with the player's number."""
    return _legible(Circle(cx, cy, r, fill="#ffffff", stroke=game.color("player"), stroke_mm=max(0.3, r * 0.16)),
                    Text(cx, cy + r * 0.36, f"P{player}", _pt(r * 0.7), game.color("player"), "bold", "middle"))


def island_marks(game: IslandsAndBridges, kit: MapKit, isl: IslandPlan, cell: float, *, words: bool = False,
                 numbers: dict[str, tuple[int, ...]] | None = None) -> tuple[Item, ...]:
    """Everything the GM marks on one island, in mm from its north-west corner, `cell` mm a cell.
    `words` adds the small labels that only fit a trapboard-sized cell; `numbers` (plan.token_numbers)
    names the enemy token that starts on each enemy cell."""
    items: list[Item] = []
    inset = cell * 0.1
    for trap in isl.traps:
        xs, ys = [c for c, _ in trap], [r for _, r in trap]
        x0, y0 = min(xs) * cell + inset, min(ys) * cell + inset
        w, h = (max(xs) - min(xs) + 1) * cell - 2 * inset, (max(ys) - min(ys) + 1) * cell - 2 * inset
        items.append(Rect(x0, y0, w, h, fill=game.color("trap"), stroke=game.color("ink"),
                          stroke_mm=max(0.1, cell * 0.015), radius=cell * 0.12))
        # a notch between the cells shows the trap's size; drawn small it runs right across, since a
        # short dash in a tiny trap reads as a letter
        a, b = (0.25, 0.75) if words else (0.0, 1.0)
        for c, r in trap[1:]:
            if len(set(xs)) > 1:
                items.append(Line(c * cell, y0 + h * a, c * cell, y0 + h * b, stroke="#ffffff",
                                  stroke_mm=max(0.15, cell * 0.02)))
            else:
                items.append(Line(x0 + w * a, r * cell, x0 + w * b, r * cell, stroke="#ffffff",
                                  stroke_mm=max(0.15, cell * 0.02)))
        if words:  # in the first cell: the notches run through the middle of a 2-cell trap
            c, r = trap[0]
            items.append(Text((c + 0.5) * cell, (r + 0.5) * cell + cell * 0.1, f"-{game.elements.trap.damage}",
                              _pt(cell * 0.26), "#ffffff", "bold", "middle"))
    n = kit.chest_cells
    for c, r in isl.chests:
        x0, y0, side = c * cell + inset, r * cell + inset, n * cell - 2 * inset
        items.append(Rect(x0, y0, side, side, fill=game.color("chest"), stroke=game.color("ink"),
                          stroke_mm=max(0.1, cell * 0.02), radius=cell * 0.1))
        items.append(Rect(x0 + side * 0.22, y0 + side * 0.3, side * 0.56, side * 0.36, fill=CHEST_LID,
                          stroke=game.color("ink"), stroke_mm=max(0.1, cell * 0.015), radius=cell * 0.05))
        if words:
            items.append(label(f"{game.elements.chest.name} +{game.elements.chest.score}", x0 + side / 2,
                               y0 + side * 0.86, side * 0.9, max_pt=_pt(cell * 0.22), style="bold",
                               color="#ffffff"))
    if isl.stage_end is not None:
        c, r = isl.stage_end
        cy, size = ((r + 0.42) * cell, 0.36) if words else ((r + 0.5) * cell, 0.46)  # room for END below
        items.append(polygon(star((c + 0.5) * cell, cy, cell * size, cell * size * 0.43), fill=STAR_FILL,
                             stroke=game.color("stage-end"), stroke_mm=max(0.15, cell * 0.03)))
        if words:
            items.append(Text((c + 0.5) * cell, (r + 1) * cell - cell * 0.04, "END", _pt(cell * 0.13),
                              game.color("stage-end"), "bold", "middle"))
    for t, cells in isl.enemies:
        nums = (numbers or {}).get(t, ())
        for j, (c, r) in enumerate(cells):
            items += enemy_mark(game, t, (c + 0.5) * cell, (r + 0.5) * cell, cell * MARK_R,
                                nums[j] if j < len(nums) else None)
    for j, (c, r) in enumerate(isl.starts):
        items += start_mark(game, j + 1, (c + 0.5) * cell, (r + 0.5) * cell, cell * MARK_R)
    return tuple(items)


def cm(mm: float) -> str:
    """A length for a person: '85.8 cm'."""
    return f"{mm / 10:.1f}".rstrip("0").rstrip(".") + " cm"


def table_size(plan: Plan) -> str:
    w, h = (cm(v)[:-3] for v in plan.table_mm)
    return f"{w} x {h} cm"


def header_line(plan: Plan) -> str:
    """Seed, parameters and plan hash: printed at the top of every Game Master page."""
    return (f"{plan.origin()} · {len(plan.islands)} islands · {plan.players} players · {plan.difficulty} · "
            f"table {table_size(plan)} · plan {plan.digest()}")


def _scale_bar(cm_per_mm: float) -> int:
    """A round length in cm whose bar is 20 to 60 mm long on the drawing."""
    for cm in (5, 10, 20, 25, 50, 100, 200, 500):
        if cm / cm_per_mm >= 20:
            return cm
    return 1000


def overview(game: IslandsAndBridges, kit: MapKit, plan: Plan) -> Scene:
    """The whole path on the table, to scale: islands numbered in order, bridges at their sockets,
    the table's outline, a scale bar, north, and a legend."""
    w, h = OVERVIEW
    ink, muted = game.color("ink"), game.color("muted")
    items: list[Item] = [Text(0, 8, "Map overview", 18, game.color("stage-end"), "bold"),
                         Text(w, 8, "Game Master only - keep hidden", 8, muted, "regular", "end"),
                         Line(0, 11.5, w, 11.5, stroke=game.color("stage-end"), stroke_mm=0.6),
                         label(header_line(plan), w, 17, w * 0.75, max_pt=8, color=ink, anchor="end")]
    tw_mm, th_mm = plan.table_mm
    area_x, area_y, area_w, area_h = 2.0, 24.0, 194.0, 140.0
    k = min(area_w / tw_mm, area_h / th_mm)
    ox, oy = area_x + (area_w - tw_mm * k) / 2, area_y
    cell = kit.cell_mm * k
    items.append(Rect(ox, oy, tw_mm * k, th_mm * k, fill=game.color("sea"), stroke=ink, stroke_mm=0.6))
    items.append(Text(ox + tw_mm * k / 2, oy - 1.6, f"far edge of the table (north) - table {table_size(plan)}",
                      7, muted, "regular", "middle"))
    items.append(Text(ox + tw_mm * k / 2, oy + th_mm * k + 4, "Game Master's edge (south)", 7, muted,
                      "regular", "middle"))
    last = len(plan.islands) - 1
    for i, isl in enumerate(plan.islands):
        if i < last and isl.bridge in kit.sockets:
            b = kit.bridge_rect(isl.at, isl.bridge)
            bx, by, bw, bh = ox + b[0] * cell, oy + b[1] * cell, (b[2] - b[0]) * cell, (b[3] - b[1]) * cell
            items.append(Rect(bx, by, bw, bh, fill=game.color("bridge"), stroke=game.color("bridge-line"),
                              stroke_mm=0.3))
            along = bw > bh
            for j in range(1, kit.bridge_length):
                if along:
                    items.append(Line(bx + j * cell, by, bx + j * cell, by + bh, stroke=game.color("bridge-line"),
                                      stroke_mm=0.12))
                else:
                    items.append(Line(bx, by + j * cell, bx + bw, by + j * cell, stroke=game.color("bridge-line"),
                                      stroke_mm=0.12))
    iw, ih = kit.cols * cell, kit.rows * cell
    for isl in plan.islands:
        x, y = ox + isl.at[0] * cell, oy + isl.at[1] * cell
        grid: list[Item] = [Rect(0, 0, iw, ih, fill=game.color("island"))]
        grid += [Line(c * cell, 0, c * cell, ih, stroke=game.color("island-line"), stroke_mm=0.1)
                 for c in range(1, kit.cols)]
        grid += [Line(0, r * cell, iw, r * cell, stroke=game.color("island-line"), stroke_mm=0.1)
                 for r in range(1, kit.rows)]
        grid += island_marks(game, kit, isl, cell)
        grid.append(Rect(0, 0, iw, ih, stroke=ink, stroke_mm=0.4))
        items.append(Group(tuple(grid), x, y))
    r = min(4.2, cell * 1.3)
    table_box = (ox, oy, ox + tw_mm * k, oy + th_mm * k)
    taken = [(ox + a * cell, oy + b * cell, ox + c * cell, oy + d * cell) for (a, b, c, d), _, _ in pieces(kit, plan)]
    for isl in plan.islands:
        bx, by = _badge_at(ox + isl.at[0] * cell, oy + isl.at[1] * cell, iw, ih, r, table_box, taken)
        taken.append((bx - r, by - r, bx + r, by + r))
        items.append(Circle(bx, by, r, fill=game.color("stage-end"), stroke="#ffffff", stroke_mm=0.5))
        items.append(Text(bx, by + r * 0.42, str(isl.number), _pt(r * 0.95), "#ffffff", "bold", "middle"))
    # scale bar and north, under the table
    sy = oy + th_mm * k + 11
    cm = _scale_bar(1 / (10 * k))
    seg = cm * 10 * k / 2
    for j in range(2):
        items.append(Rect(ox + j * seg, sy, seg, 2, fill=ink if j == 0 else "#ffffff", stroke=ink, stroke_mm=0.3))
    items += [Text(ox, sy + 6, "0", 7, ink, "regular", "middle"),
              Text(ox + seg, sy + 6, f"{cm / 2:g}", 7, ink, "regular", "middle"),
              Text(ox + 2 * seg, sy + 6, f"{cm} cm", 7, ink, "regular", "middle"),
              Text(ox + 2 * seg + 10, sy + 2.2, f"one cell = {kit.cell_mm:g} mm; an island is {kit.cols} x "
                   f"{kit.rows} cells, a bridge {kit.bridge_width} x {kit.bridge_length}", 7, muted)]
    nx = ox + tw_mm * k - 6
    items += [polygon([(nx, sy - 3), (nx + 2.6, sy + 4), (nx, sy + 2.6), (nx - 2.6, sy + 4)], fill=ink),
              Text(nx, sy + 8.5, "N", 8, ink, "bold", "middle")]
    # on a large table the marks are too small for their letters at the kit's floor (6 pt): the legend says so
    lettered = len(start_mark(game, 1, 0, 0, cell * MARK_R)) > 1 and all(
        len(enemy_mark(game, t, 0, 0, cell * MARK_R)) > 1 for t in kit.enemy_types)
    items += _legend(game, kit, plan, 204.0, 24.0, w - 204.0, lettered)
    return Scene(w, h, tuple(items), background="#ffffff", title="Map overview")


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm


def _badge_at(x: float, y: float, w: float, h: float, r: float, table: Box, taken: list[Box]) -> tuple[float, float]:
    """Where an island's number goes: just off one of its corners (north-west first), on the table and
    clear of every island, bridge and number already there, so it hides no mark; on its north-west
    corner when no corner is clear."""
    for cx, cy in ((x - r, y - r), (x + w + r, y - r), (x - r, y + h + r), (x + w + r, y + h + r)):
        box = (cx - r, cy - r, cx + r, cy + r)
        inside = table[0] <= box[0] and table[1] <= box[1] and box[2] <= table[2] and box[3] <= table[3]
        if inside and not any(box[0] < t[2] and t[0] < box[2] and box[1] < t[3] and t[1] < box[3] for t in taken):
            return cx, cy
    return x, y


def _legend(game: IslandsAndBridges, kit: MapKit, plan: Plan, x: float, y: float, w: float,
            lettered: bool = True) -> list[Item]:
    ink = game.color("ink")
    items: list[Item] = [Text(x, y + 3, "Legend", 10, ink, "bold")]
    row = 8.0
    yy = y + 10

    def entry(symbol: tuple[Item, ...], text: str) -> None:
        nonlocal yy
        items.append(Group(symbol, x + 4, yy))
        items.append(Text(x + 11, yy + 1.3, text, 7.5, ink))
        yy += row

    entry((Circle(0, 0, 3.4, fill=game.color("stage-end"), stroke="#ffffff", stroke_mm=0.5),
           Text(0, 1.4, "1", 9, "#ffffff", "bold", "middle")), "island, numbered in path order")
    entry((Rect(-4, -1.6, 8, 3.2, fill=game.color("bridge"), stroke=game.color("bridge-line"), stroke_mm=0.3),),
          "bridge")
    entry(start_mark(game, 1, 0, 0, 3), "player start")
    for t in kit.enemy_types:
        e = game.elements.enemies[t]
        entry(enemy_mark(game, t, 0, 0, 3), f"{e.name} enemy ({e.health} HP, {e.damage} dmg)")
    entry((Rect(-3.5, -2, 7, 4, fill=game.color("trap"), stroke=ink, stroke_mm=0.2, radius=0.8),),
          f"trap ({game.elements.trap.damage} dmg, hidden)")
    entry((Rect(-3.5, -3, 7, 6, fill=game.color("chest"), stroke=ink, stroke_mm=0.2, radius=0.6),),
          f"{game.elements.chest.name} ({kit.chest_cells}x{kit.chest_cells})")
    entry((polygon(star(0, 0, 3.6, 1.6), fill=STAR_FILL, stroke=game.color("stage-end"), stroke_mm=0.3),),
          "stage end")
    if not lettered:
        items += block("Drawn this small, the marks on the map carry no letters: each island's trapboard "
                       "names every token.", x, yy - 2, w, 10, max_pt=7, min_pt=MIN_TEXT_PT,
                       color=game.color("muted"))
        yy += 8
    yy += 3
    items.append(Text(x, yy, "The path", 10, ink, "bold"))
    yy += 4.6
    items.append(label("north-west corner from the west, north edge", x, yy, w, max_pt=7, color=game.color("muted"),
                       anchor="start"))
    for i, isl in enumerate(plan.islands):
        to = f"bridge {isl.bridge} to {i + 2}" if i < len(plan.islands) - 1 else "stage end " + (
            cell_name(isl.stage_end) if isl.stage_end else "-")
        west, north = (cm(v * kit.cell_mm)[:-3] for v in isl.at)
        yy += 4.6
        items.append(label(f"{isl.number}: {west}, {north} cm - {to}", x, yy, w, max_pt=7.5, color=ink,
                           anchor="start"))
    yy += 4
    spent = f"Enemy strength {plan.spent} of a budget of {plan.budget} ({plan.difficulty}, {plan.players} players)."
    items += block(spent, x, yy, w, 14, max_pt=7.5, color=game.color("muted"))
    return items
