"""The global sheets and the Game Master's sheets (full pages, landscape or portrait)."""

from __future__ import annotations

import math

from ...content.prose import render_line
from ...draw import Circle, Group, Line, Rect, Scene, Text, polygon
from ...draw.scene import Item
from ...draw.table import table
from ...draw.text import block
from . import overview, rules
from .draw_map import STAR_FILL, star
from .model import Ability, IslandsAndBridges

LANDSCAPE = (260.0, 180.0)
PORTRAIT = (190.0, 250.0)
ROUNDS_PER_PAGE = 20
DAMAGE_GAP = 4.0     # mm between the Damage Matrix's blocks


def _frame(game: IslandsAndBridges, title: str, size: tuple[float, float], subtitle: str = "") -> list[Item]:
    w, _ = size
    items: list[Item] = [Text(0, 8, title, 18, game.color("stage-end"), "bold"),
                         Line(0, 11.5, w, 11.5, stroke=game.color("stage-end"), stroke_mm=0.6)]
    if subtitle:
        items.append(Text(w, 8, subtitle, 8, game.color("muted"), "regular", "end"))
    return items


def element_overview(game: IslandsAndBridges) -> Scene:
    w, h = LANDSCAPE
    items = _frame(game, "Element Overview", LANDSCAPE, game.settings.title)
    row, pt = 11.0, 10.5
    t, th = table(0, 18, [36, 28, 28, 28, 28], overview.stats(game), row_h=row, size_pt=pt)
    items += t
    t2, th2 = table(156, 18, [42, 24, 38], overview.actions(game), row_h=row, size_pt=pt)
    items += t2
    y = 18 + max(th, th2) + 10
    t3, th3 = table(0, y, [40, 26, 26, 56], overview.abilities(game), row_h=row, size_pt=pt)
    items += t3
    t4, _ = table(156, y, [30, 37, 37], overview.items(game), row_h=row, size_pt=pt)
    items += t4
    note_y = y + th3 + 10
    p = game.elements.player
    notes = (f"Ranges count fields in every direction, diagonals included. Players see {p.visual_range} "
             f"fields far. Enemies follow a player until the player is {game.elements.pursuit.gives_up_lead} "
             f"fields ahead. A token with 0 or less health is removed in the Map Update.")
    items += block(notes, 0, note_y, w, h - note_y, max_pt=10)
    return Scene(w, h, tuple(items), title="Element Overview")


def game_phases(game: IslandsAndBridges) -> Scene:
    w, h = PORTRAIT
    items = _frame(game, "Game Phases", PORTRAIT, game.settings.title)
    y = 20.0
    row = 17.0
    colors = {"players": game.color("player"), "game-master": game.color("stage-end")}
    names = {"players": "Players", "game-master": "Game Master"}
    k = 0
    phases = game.phases
    while k < len(phases):
        actor = phases[k].actor
        run = [p for p in phases[k:]]
        n = next((i for i, p in enumerate(run) if p.actor != actor), len(run))
        group = run[:n]
        top = y
        for p in group:
            k += 1
            items.append(Circle(50, y + row / 2, 6, fill=colors[actor]))
            items.append(Text(50, y + row / 2 + 2.2, str(k), 12, "#ffffff", "bold", "middle"))
            items.append(Text(62, y + row / 2 + 2.2, p.name, 14, game.color("ink"), "bold"))
            items.append(Text(62, y + row / 2 + 7, p.step, 7.5, game.color("muted")))
            y += row
        items.append(Rect(0, top + 1, 36, y - top - 2, fill=colors[actor], radius=2))
        items += block(names[actor], 1, top + 1, 34, y - top - 2, max_pt=11, style="bold", color="#ffffff",
                       anchor="middle", valign="middle")
    y += 6
    items.append(Text(0, y + 6, "Score", 14, game.color("ink"), "bold"))
    items.append(Rect(0, y + 10, w, h - y - 10, stroke=game.color("ink"), stroke_mm=0.5, radius=2))
    s = game.elements
    legend = (f"Enemies: {', '.join(f'{e.name} {e.score}' for e in s.enemies.values())} · {s.chest.name} "
              f"{s.chest.score} · each player above 0 health at the end of the stage {s.player.score}")
    items += block(legend, 3, y + 12, w - 6, 8, max_pt=7.5, color=game.color("muted"))
    return Scene(w, h, tuple(items), title="Game Phases")


def _enemy_mark(game: IslandsAndBridges, enemy_id: str, cx: float, cy: float, r: float) -> tuple[Item, ...]:
    e = game.elements.enemies[enemy_id]
    return (Circle(cx, cy, r, fill=game.color(enemy_id), stroke=game.color("ink"), stroke_mm=0.3),
            Text(cx, cy + r * 0.42, e.name[0], r * 3.2, "#ffffff", "bold", "middle"))


TRAPBOARD_CELL_MM = 19.0
TRAPBOARD_GRID_MM = (10.0, 30.0)  # where the grid's north-west corner lies on the sheet


def trapboard(game: IslandsAndBridges, number: int | None = None, marks: tuple[Item, ...] = ()) -> Scene:
    """A blank 8x8 trapboard for one island, with the legend the GM draws with; `marks` (in mm
    from the grid's north-west corner, TRAPBOARD_CELL_MM a cell) fill it in for a generated map."""
    w, h = PORTRAIT
    items = _frame(game, "Trapboard", PORTRAIT, "Game Master only - keep hidden")
    cols, rows = game.components.island.cells
    cell = TRAPBOARD_CELL_MM
    gx, gy = TRAPBOARD_GRID_MM
    items.append(Text(0, 21, f"Island no. {number if number is not None else '____'}", 11, game.color("ink"), "bold"))
    items.append(Rect(gx, gy, cols * cell, rows * cell, fill=game.color("island")))
    for c in range(cols + 1):
        items.append(Line(gx + c * cell, gy, gx + c * cell, gy + rows * cell, stroke=game.color("island-line"),
                          stroke_mm=0.5 if c in (0, cols) else 0.3))
    for r in range(rows + 1):
        items.append(Line(gx, gy + r * cell, gx + cols * cell, gy + r * cell, stroke=game.color("island-line"),
                          stroke_mm=0.5 if r in (0, rows) else 0.3))
    for c in range(cols):
        items.append(Text(gx + (c + 0.5) * cell, gy - 4, chr(65 + c), 8, game.color("muted"), "bold", "middle"))
    for r in range(rows):
        items.append(Text(gx - 4.5, gy + (r + 0.5) * cell + 1.3, str(r + 1), 8, game.color("muted"), "bold", "end"))
    for s in game.components.island.sockets:
        cells = rules.socket_cells(game, s.side, s.at)
        xs, ys = [c for c, _ in cells], [r for _, r in cells]
        x0, y0 = gx + min(xs) * cell, gy + min(ys) * cell
        x1, y1 = gx + (max(xs) + 1) * cell, gy + (max(ys) + 1) * cell
        d = 2.0
        box = {"north": (x0, gy - d - 0.6, x1 - x0, d), "south": (x0, y1 + 0.6, x1 - x0, d),
               "west": (gx - d - 0.6, y0, d, y1 - y0), "east": (x1 + 0.6, y0, d, y1 - y0)}[s.side]
        items.append(Rect(*box, fill=game.color("socket")))
    if marks:
        items.append(Group(marks, gx, gy))
    # legend
    ly = gy + rows * cell + 12
    items.append(Text(0, ly, "Legend", 10, game.color("ink"), "bold"))
    x = 0.0
    for eid, e in game.elements.enemies.items():
        items += _enemy_mark(game, eid, x + 4, ly + 8, 3.6)
        items.append(Text(x + 10, ly + 9.3, f"{e.name} ({e.health} HP)", 7.5, game.color("ink")))
        x += 46
    ty = ly + 18
    x = 0.0
    for size in game.elements.trap.sizes:
        for k in range(size):
            items.append(Rect(x + k * 6, ty, 6, 6, fill=game.color("trap"), stroke=game.color("ink"), stroke_mm=0.2))
        items.append(Text(x + size * 6 + 2, ty + 4.5, f"trap, {size} cell{'s' if size > 1 else ''}", 7.5,
                          game.color("ink")))
        x += size * 6 + 34
    cy = ty + 11
    n = game.elements.chest.cells
    items.append(Rect(0, cy, 6 * n, 6 * n, fill=game.color("chest"), stroke=game.color("ink"), stroke_mm=0.2))
    items.append(Text(6 * n + 2, cy + 7, f"{game.elements.chest.name} ({n}x{n})", 7.5, game.color("ink")))
    items.append(polygon(star(58, cy + 6, 5, 2.2), fill=STAR_FILL, stroke=game.color("stage-end"), stroke_mm=0.3))
    items.append(Text(65, cy + 7, "stage end", 7.5, game.color("ink")))
    items.append(Circle(98, cy + 6, 4, stroke=game.color("player"), stroke_mm=1))
    items.append(Text(104, cy + 7, "player start", 7.5, game.color("ink")))
    items.append(Rect(134, cy + 3, 6, 6, fill=game.color("socket")))
    items.append(Text(142, cy + 7, "bridge socket", 7.5, game.color("ink")))
    return Scene(w, h, tuple(items), title=f"Trapboard {number or ''}".strip())


def _damage_geometry(game: IslandsAndBridges) -> tuple[float, int]:
    """The Damage Matrix's row height and the rounds one sheet holds (3 blocks across, as many down
    as fit): a row for every numbered enemy token, so any stage the generator makes fits."""
    h = LANDSCAPE[1]
    rows = len(game.enemy_tokens()) + 1
    row_h = min(7.0, (h - 20 - 8) / rows)
    blocks = max(1, int((h - 16 + DAMAGE_GAP) // (rows * row_h + DAMAGE_GAP)))  # rounds stacked down the page
    return row_h, 3 * blocks


def damage_matrix_pages(game: IslandsAndBridges) -> int:
    """Sheets of the Damage Matrix a stage of the game's stage_rounds fills, a block a round."""
    return math.ceil(game.settings.stage_rounds / _damage_geometry(game)[1])


def damage_matrix(game: IslandsAndBridges, page: int = 0) -> Scene:
    """Enemy tokens x players (and traps), one block per round: the GM writes each hit, then sums
    each enemy's row."""
    w, h = LANDSCAPE
    row_h, per_page = _damage_geometry(game)
    pages = damage_matrix_pages(game)
    first = page * per_page + 1
    items = _frame(game, "Damage Matrix", LANDSCAPE,
                   f"damage to enemies, rounds {first}-{first + per_page - 1} (sheet {page + 1} of {pages})")
    tokens = game.enemy_tokens()
    rows = [[et.label, *([""] * (len(damage_header(game)) - 1))] for et in tokens]
    bw = (w - 2 * DAMAGE_GAP) / 3
    for b in range(per_page):
        x = (b % 3) * (bw + DAMAGE_GAP)
        y = 16 + (b // 3) * ((len(rows) + 1) * row_h + DAMAGE_GAP)
        t, _ = damage_block(game, x, y, bw, rows, round_label=f"Round {first + b}", row_h=row_h)
        items += t
    return Scene(w, h, tuple(items), title=f"Damage Matrix {page + 1}")


def damage_header(game: IslandsAndBridges, round_label: str = "Round ___") -> list[str]:
    """A Damage Matrix block's head: the round, a column per player, the trap column, the total."""
    return [round_label, *(f"P{t.rings}" for t in game.players_in_play()), "Trap", "Total"]


def damage_block(game: IslandsAndBridges, x: float, y: float, width: float, rows: list[list[str]],
                 round_label: str = "Round ___", row_h: float = 7.0,
                 size_pt: float = 7.5) -> tuple[tuple[Item, ...], float]:
    """One round's block of the Damage Matrix, a row an enemy token (the sheet leaves them empty; the
    rulebook's example fills them in)."""
    header = damage_header(game, round_label)
    widths = [width * 0.2] + [width * 0.8 / (len(header) - 1)] * (len(header) - 1)
    return table(x, y, widths, [header, *rows], row_h=row_h, size_pt=size_pt, first_col_bold=True)


def _rounds_sheet(game: IslandsAndBridges, title: str, page: int, pages: int) -> tuple[list[Item], list[list[str]]]:
    """A timeline sheet's frame, and its table's first rows: the sheet's rounds, a row to mark them."""
    first = page * ROUNDS_PER_PAGE + 1
    rounds = [str(r) for r in range(first, first + ROUNDS_PER_PAGE)]
    items = _frame(game, title, LANDSCAPE, f"rounds {rounds[0]}-{rounds[-1]} (sheet {page + 1} of {pages})")
    return items, [["Round", *rounds], ["Mark", *([""] * ROUNDS_PER_PAGE)]]


def timeline_pages(look_ahead: int) -> int:
    """Sheets of ROUNDS_PER_PAGE rounds a timeline needs to hold a mark written `look_ahead`
    rounds after the round it is written in."""
    return math.ceil((look_ahead + 1) / ROUNDS_PER_PAGE)


def player_timeline_pages(game: IslandsAndBridges) -> int:
    """The Player Timeline holds every round of a stage and cooldown marks as far ahead as the
    longest cooldown."""
    return timeline_pages(max(rules.longest_cooldown(game), game.settings.stage_rounds - 1))


def enemy_timeline_pages(game: IslandsAndBridges) -> int:
    """The Enemy Timeline holds each enemy's health round by round, for every round of a stage, and
    the charge marks of an enemy that charges."""
    charge = max((e.charge_rounds for e in game.elements.enemies.values()), default=0)
    return timeline_pages(max(charge, game.settings.stage_rounds - 1))


def sheet_pages(game: IslandsAndBridges, sheet_id: str) -> int:
    """How many sheets of `sheet_id` (components.yaml) the kit prints for one stage."""
    if sheet_id == "trapboard":
        return game.components.island.quantity
    return {"damage-matrix": damage_matrix_pages, "player-timeline": player_timeline_pages,
            "enemy-timeline": enemy_timeline_pages,
            "ability-duration-timeline": ability_timeline_pages}.get(sheet_id, lambda _: 1)(game)


def player_timeline(game: IslandsAndBridges, page: int) -> Scene:
    """Rounds across; for each player a Health row and a row per card with a cooldown."""
    w, h = LANDSCAPE
    pages = player_timeline_pages(game)
    items, rows = _rounds_sheet(game, "Player Timeline", page, pages)
    waits = [(a.name, a.cooldown) for a in game.elements.actions.values() if a.cooldown] + \
            [(a.label, a.cooldown) for a in game.elements.abilities.values() if a.cooldown]
    players = game.players_in_play()
    label_w = 48.0
    col = (w - label_w) / ROUNDS_PER_PAGE
    for t in players:
        rows.append([f"P{t.rings} Health", *([""] * ROUNDS_PER_PAGE)])
        rows.append(["   Damage taken", *([""] * ROUNDS_PER_PAGE)])
        rows += [[f"   {name} ({cd})", *([""] * ROUNDS_PER_PAGE)] for name, cd in waits]
    row_h = min(7.0, (h - 22) / len(rows))
    tbl, th = table(0, 15, [label_w] + [col] * ROUNDS_PER_PAGE, rows, row_h=row_h, size_pt=7,
                    first_col_bold=False)
    items += tbl
    per = 2 + len(waits)
    for k in range(len(players)):
        y = 15 + row_h * (2 + k * per)
        items.append(Rect(0, y, w, row_h * per, stroke=game.color("player"), stroke_mm=0.6))
    items += block(render_line("islands-and-bridges/notes/player-timeline.txt.j2", pages=pages,
                               rounds_per_page=ROUNDS_PER_PAGE),
                   0, 15 + th + 1.5, w, 6, max_pt=7, color=game.color("muted"))
    return Scene(w, h, tuple(items), title=f"Player Timeline {page + 1}")


def enemy_timeline(game: IslandsAndBridges, page: int) -> Scene:
    """Rounds across; a health row for every numbered enemy token (and charge marks for a
    charging enemy)."""
    w, h = LANDSCAPE
    pages = enemy_timeline_pages(game)
    items, rows = _rounds_sheet(game, "Enemy Timeline", page, pages)
    tokens = game.enemy_tokens()
    label_w = 30.0
    col = (w - label_w) / ROUNDS_PER_PAGE
    for et in tokens:
        e = game.elements.enemies[et.enemy]
        rows.append([f"{et.label}  {e.health} HP", *([""] * ROUNDS_PER_PAGE)])
    row_h = min(12.0, (h - 30) / len(rows))
    tbl, th = table(0, 15, [label_w] + [col] * ROUNDS_PER_PAGE, rows, row_h=row_h, size_pt=7.5,
                    first_col_bold=False)
    items += tbl
    charging = [e for e in game.elements.enemies.values() if e.charge_rounds]
    note = render_line("islands-and-bridges/notes/enemy-timeline.txt.j2", charging=charging, pages=pages,
                       rounds_per_page=ROUNDS_PER_PAGE)
    items += block(note, 0, 15 + th + 2, w, 8, max_pt=7.5, color=game.color("muted"))
    return Scene(w, h, tuple(items), title=f"Enemy Timeline {page + 1}")


def ability_duration_timeline(game: IslandsAndBridges, page: int) -> Scene:
    """Two players a sheet: a lane of fields per ability, numbered so that a marker counts down as it
    moves the way the seed says (rules.DURATION_STEP)."""
    w, h = LANDSCAPE
    items = _frame(game, "Ability Duration Timeline", LANDSCAPE, f"sheet {page + 1} of "
                   f"{ability_timeline_pages(game)}")
    label_w, field, lane, longest = duration_grid(game)
    abilities = list(game.elements.abilities.values())
    ys = duration_lane_ys(game)
    for k, t in enumerate(game.players_in_play()[page * DURATION_PER_PAGE: (page + 1) * DURATION_PER_PAGE]):
        lane_ys = ys[k * len(abilities): (k + 1) * len(abilities)]
        items.append(Text(0, lane_ys[0] - 3, f"Player {t.rings}", 11, game.color("player"), "bold"))
        for ab, y in zip(abilities, lane_ys, strict=True):
            items += block(ab.label, 0, y, label_w - 3, lane, max_pt=8.5, style="bold", valign="middle")
            items += duration_lane(game, ab, label_w, y, field, lane, longest)
    items += block(render_line("islands-and-bridges/notes/ability-timeline.txt.j2",
                               phase=_phase_name(game, "skill-duration"), duration_step=rules.DURATION_STEP),
                   0, h - 9, w, 9, max_pt=7.5, color=game.color("muted"))
    return Scene(w, h, tuple(items), title=f"Ability Duration Timeline {page + 1}")


DURATION_PER_PAGE = 2   # players on a sheet of the Ability Duration Timeline
FIELD_GAP_MM = 1.2      # between two fields of a lane


def duration_grid(game: IslandsAndBridges) -> tuple[float, float, float, int]:
    """The Ability Duration Timeline's label column, the pitch of its fields and the height of a lane,
    in mm: as wide and tall as the sheet lets them, never wider than 20 mm; and its fields in a lane
    (the longest duration)."""
    w, h = LANDSCAPE
    longest = max(a.duration for a in game.elements.abilities.values())
    label_w = 40.0
    field = min(20.0, (w - label_w) / longest)
    lanes = DURATION_PER_PAGE * len(game.elements.abilities)
    return label_w, field, min(field * 0.82, (h - 17 - DURATION_PER_PAGE * 12 - 12) / lanes - 1.5), longest


def duration_lane_ys(game: IslandsAndBridges) -> tuple[float, ...]:
    """The top of every lane of a sheet, player by player (each under a line naming the player)."""
    lane = duration_grid(game)[2]
    out = []
    y = 17.0
    for _ in range(DURATION_PER_PAGE):
        y += 8
        for _ab in game.elements.abilities.values():
            out.append(y)
            y += lane + 1.5
        y += 4
    return tuple(out)


def duration_fields(game: IslandsAndBridges) -> tuple[tuple[float, float, float, float], ...]:
    """Every field of a sheet's lanes (x, y, w, h in mm): where an ability's marker lies."""
    label_w, field, lane, longest = duration_grid(game)
    return tuple((label_w + f * field, y, field - FIELD_GAP_MM, lane)
                 for y in duration_lane_ys(game) for f in range(longest))


def duration_lane(game: IslandsAndBridges, ab: Ability, x: float, y: float, field: float, lane: float, longest: int,
                  number_pt: float = 6.5) -> list[Item]:
    """One ability's lane of the Ability Duration Timeline at (x, y): `longest` fields numbered as
    rules.duration_fields orders them, the fields within its duration lit, the field its marker starts
    on edged on the side it moves away from."""
    fields = rules.duration_fields(longest)
    items: list[Item] = []
    for f, value in enumerate(fields):
        fx = x + f * field
        active = value <= ab.duration
        items.append(Rect(fx, y, field - FIELD_GAP_MM, lane, fill="#f4f1fa" if active else "#e5e7eb",
                          stroke=game.color("ability-card"), stroke_mm=0.3, radius=1))
        items.append(Text(fx + 1.5, y + 3.5 * number_pt / 6.5, str(value), number_pt, game.color("muted")))
    f0 = fields.index(ab.duration)
    x0 = x + f0 * field + (field - FIELD_GAP_MM + 0.6 if rules.DURATION_STEP == "left" else -0.6)
    items.append(Line(x0, y - 0.5, x0, y + lane + 0.5, stroke=game.color("ability-card"), stroke_mm=0.8))
    return items


def duration_field_x(longest: int, field: float, value: int) -> float:
    """Where the field of `value` starts in a lane of `longest` fields `field` mm apart."""
    return rules.duration_fields(longest).index(value) * field


def _phase_name(game: IslandsAndBridges, phase_id: str) -> str:
    """'phase 7' for the phase with this id, by its place in phases.yaml."""
    k = next((k for k, p in enumerate(game.phases, 1) if p.id == phase_id), None)
    return f"phase {k}" if k else "the Ability Duration Update"


def ability_timeline_pages(game: IslandsAndBridges) -> int:
    return math.ceil(game.settings.players / DURATION_PER_PAGE)
