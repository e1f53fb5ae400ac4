"""The Game Master's pages of a generated map: each island's trapboard filled in, and the setup
checklist (which tokens, how many, where island 1 goes, when the others are laid)."""

from __future__ import annotations

from dataclasses import replace

from ...draw import Group, Line, Rect, Scene, Text
from ...draw.scene import Item
from ...draw.table import table
from ...draw.text import block, label
from . import draw_sheets
from .draw_map import cm, header_line, island_marks
from .model import IslandsAndBridges, enemy_label
from .plan import MapKit, Plan, arrival_side, cell_name, enemy_count, token_numbers

PORTRAIT = draw_sheets.PORTRAIT


def _socket_note(game: IslandsAndBridges, kit: MapKit, side: str, text: str, cell: float) -> tuple[Item, ...]:
    """A used socket, in trapboard grid mm: the socket bar, widened and darkened, with a note in it
    (outside the grid, so it never hides a mark)."""
    cells = kit.socket_cells(side)
    xs, ys = [c for c, _ in cells], [r for _, r in cells]
    x0, y0 = min(xs) * cell, min(ys) * cell
    x1, y1 = (max(xs) + 1) * cell, (max(ys) + 1) * cell
    navy = game.color("stage-end")
    d, gap = 3.0, 0.6
    if side in ("north", "south"):
        y = -d - gap if side == "north" else kit.rows * cell + gap
        return (Rect(x0, y, x1 - x0, d, fill=navy),
                label(text, (x0 + x1) / 2, y + d / 2 + 0.8, x1 - x0 - 2, max_pt=6, style="bold", color="#ffffff"))
    x = -d - gap if side == "west" else kit.cols * cell + gap
    turn = -90.0 if side == "west" else 90.0
    return (Rect(x, y0, d, y1 - y0, fill=navy),
            Group((label(text, 0, 0.8, y1 - y0 - 2, max_pt=6, style="bold", color="#ffffff"),),
                  x + d / 2, (y0 + y1) / 2, turn))


def trapboard(game: IslandsAndBridges, kit: MapKit, plan: Plan, index: int) -> Scene:
    """Island `index`'s trapboard, filled in: the kit's sheet with the plan's marks on its grid."""
    isl = plan.islands[index]
    cell = draw_sheets.TRAPBOARD_CELL_MM
    numbers = token_numbers(plan)[index]
    marks = list(island_marks(game, kit, isl, cell, words=True, numbers=numbers))
    came = arrival_side(plan, index)
    if came in kit.sockets:
        marks += _socket_note(game, kit, came, f"from island {index}", cell)
    if isl.bridge in kit.sockets and index < len(plan.islands) - 1:
        marks += _socket_note(game, kit, isl.bridge, f"bridge to island {index + 2}", cell)
    sheet = draw_sheets.trapboard(game, isl.number, tuple(marks))
    w, h = PORTRAIT
    ink = game.color("ink")
    extra: list[Item] = [label(header_line(plan), w, 16.5, w * 0.7, max_pt=7.5, color=ink, anchor="end")]
    parts = []
    if came:
        parts.append(f"Arrive from island {index} at the {came} socket.")
    if index == 0:
        parts.append("Start: " + ", ".join(f"P{j + 1} {cell_name(c)}" for j, c in enumerate(isl.starts)) + ".")
    for t, cells in isl.enemies:
        e = game.elements.enemies.get(t)
        where = [f"{enemy_label(e, n) if e else t} {cell_name(c)}"
                 for c, n in zip(cells, numbers.get(t, ()), strict=False)]
        parts.append(f"{e.name if e else t}: {', '.join(where)}.")
    if isl.traps:
        parts.append("Traps: " + ", ".join(f"{cell_name(t[0])}-{cell_name(t[-1])}" if len(t) > 1 else cell_name(t[0])
                                           for t in isl.traps) + ".")
    if isl.chests:
        parts.append(f"{game.elements.chest.name}s: " + ", ".join(cell_name(c) for c in isl.chests) + ".")
    if isl.stage_end is not None:
        parts.append(f"Stage end: {cell_name(isl.stage_end)}.")
    if index < len(plan.islands) - 1 and isl.bridge:
        parts.append(f"Bridge to island {index + 2} at the {isl.bridge} socket.")
    strength = sum(kit.strength.get(t, 0) * len(c) for t, c in isl.enemies)
    parts.append(f"Enemy strength {strength}.")
    extra.append(Line(0, 238, w, 238, stroke=game.color("island-line"), stroke_mm=0.3))
    extra += block(" ".join(parts), 0, 239.5, w, h - 239.5, max_pt=8, color=ink)
    return replace(sheet, items=sheet.items + tuple(extra), title=f"Trapboard island {isl.number}")


def checklist(game: IslandsAndBridges, kit: MapKit, plan: Plan) -> Scene:
    """Setup: the components this map needs against the box, where island 1 goes, and when and where
    to lay each further island."""
    w, h = PORTRAIT
    ink, muted, navy = game.color("ink"), game.color("muted"), game.color("stage-end")
    items: list[Item] = [Text(0, 8, "Setup checklist", 18, navy, "bold"),
                         Text(w, 8, "Game Master only - keep hidden", 8, muted, "regular", "end"),
                         Line(0, 11.5, w, 11.5, stroke=navy, stroke_mm=0.6),
                         label(header_line(plan), w, 16.5, w, max_pt=7.5, color=ink, anchor="end")]
    k = len(plan.islands)
    c = game.components
    counts = enemy_count(plan)
    rows = [["Put out", "This map", "In the box"],
            [c.island.name, str(k), str(kit.box["islands"])],
            [c.bridge.name, str(k - 1), str(kit.box["bridges"])]]
    for tok in c.tokens:
        if tok.kind == "player":
            rows.append([tok.name, "1" if (tok.rings or 0) <= plan.players else "-", str(tok.quantity)])
        elif tok.kind == "enemy" and tok.enemy:
            rows.append([tok.name, str(counts.get(tok.enemy, 0)), str(tok.quantity)])
        elif tok.kind == "chest":
            rows.append([tok.name, str(sum(len(i.chests) for i in plan.islands)), str(tok.quantity)])
        elif tok.kind == "trap":
            cells = sum(len(t) for i in plan.islands for t in i.traps)
            rows.append([f"{tok.name} (to cover sprung traps)", str(cells), str(tok.quantity)])
        elif tok.kind == "stage-end":
            rows.append([tok.name, "1", str(tok.quantity)])
    rows.append([f"Action cards (a deck of {len(c.cards.per_player)} per player)",
                 str(plan.players * len(c.cards.per_player)), str(game.settings.players * len(c.cards.per_player))])
    rows.append(["Trapboards (this file)", str(k), "-"])
    items.append(Text(0, 25, "Components", 11, ink, "bold"))
    t, th = table(0, 28, [110, 40, 40], rows, row_h=6.2, size_pt=8)
    items += t
    y = 28 + th + 9
    first = plan.islands[0]
    x_cm, y_cm = (cm(v * kit.cell_mm) for v in first.at)
    vr = game.elements.player.visual_range
    steps = [
        f"Lay island 1 with row 1 of its grid to the north (the far edge of the table): its north-west corner "
        f"{x_cm} from the table's west edge and {y_cm} from its north edge. Put a bridge in its "
        f"{first.bridge} socket, its row 1 at the island (a bridge's rows count the fields along it).",
        "Set the players on their start cells: " + ", ".join(
            f"player {j + 1} on {cell_name(s)}" for j, s in enumerate(first.starts)) + ".",
        f"Keep the other islands and bridges, every enemy, {game.elements.chest.name} and the stage end "
        "behind your screen, and this file hidden.",
        f"As soon as a player stands within {vr} fields of the next island, lay it where the table below says, "
        f"with its bridge (row 1 at that island). Set out each enemy, {game.elements.chest.name} and the stage "
        f"end as soon as a player is within {vr} fields of it (enemies see as far, so they attack at once). "
        "Traps stay on the trapboard until a token steps on one.",
        "Make a mark below round 1 on the Player Timeline and the Enemy Timeline, and begin.",
    ]
    items.append(Text(0, y, "Before the first round", 11, ink, "bold"))
    y += 3
    for n, text in enumerate(steps, 1):
        lines = block(text, 7, y, w - 7, 14, max_pt=8.5, color=ink)
        items.append(Text(0, lines[0].y, f"{n}.", 8.5, navy, "bold"))
        items += lines
        y = lines[-1].y + 2.8
    y += 6
    items.append(Text(0, y, "Laying the path", 11, ink, "bold"))
    path_rows = [["Island", "North-west corner: from west, north", "Arrive at", "Bridge out",
                  "Enemies", "Chests", "Traps"]]
    for i, isl in enumerate(plan.islands):
        came = arrival_side(plan, i)
        enemies = ", ".join(f"{len(cells)} {t}" for t, cells in isl.enemies) or "-"
        out = isl.bridge if i < k - 1 and isl.bridge else "stage end"
        path_rows.append([str(isl.number), f"{cm(isl.at[0] * kit.cell_mm)}, {cm(isl.at[1] * kit.cell_mm)}",
                          came or "start", out, enemies, str(len(isl.chests)), str(len(isl.traps))])
    t, th = table(0, y + 3, [14, 52, 20, 22, 46, 16, 20], path_rows, row_h=6.2, size_pt=7.5)
    items += t
    y += 3 + th + 9
    mix = " + ".join(f"{counts[t]} {t} x {kit.strength[t]}" for t in kit.enemy_types if counts.get(t)) or "none"
    level = kit.levels.get(plan.difficulty, (0, 0, 0))[0]
    budget = (f"Enemy strength (health x damage a round): {plan.spent} placed = {mix}. The budget for "
              f"{plan.players} players on {plan.difficulty} is {plan.budget}: {level}% of ({plan.players} x "
              f"{kit.team_health} health) x ({plan.players} x {kit.team_damage} damage), within {kit.budget_min} "
              f"to {kit.budget_max}.")
    items += block(budget, 0, y, w, 18, max_pt=8, color=muted)
    return Scene(w, h, tuple(items), title="Setup checklist")


def island_back(game: IslandsAndBridges, face: Scene, number: int) -> Scene:
    """The back of a player's island tile: the sea, and the island's number in the path."""
    sea = game.color("sea")
    items = (Rect(-5, -5, face.w + 10, face.h + 10, fill=sea),
             Text(face.w / 2, face.h / 2 + 4, f"Island {number}", 30, game.color("stage-end"), "bold", "middle"),
             Text(face.w / 2, face.h / 2 + 14, f"{game.settings.title}: lay it when the players first see it",
                  9, game.color("muted"), "regular", "middle"))
    return Scene(face.w, face.h, items, background=sea, title=f"Island {number} back")
