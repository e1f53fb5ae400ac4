"""The rules every map plan obeys, generated or edited by hand: each returns every problem it
finds as (where in plan.yaml, message), so plan_file can place it at FILE:LINE:COL."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .plan import OPPOSITE, Cell, MapKit, Plan, arrival_side, bridge_ends, cell_name, distance_to_rect, overlap, pieces

Loc = tuple[str | int, ...]
Issue = tuple[Loc, str]
Rule = Callable[[MapKit, Plan], list[Issue]]


def check_plan(kit: MapKit, plan: Plan) -> list[Issue]:
    """Every rule's problems, in rule order."""
    out: list[Issue] = []
    for rule in RULES:
        out += rule(kit, plan)
    return out


def _isl(i: int, *rest: str | int) -> Loc:
    return ("islands", i, *rest)


def parameters(kit: MapKit, plan: Plan) -> list[Issue]:
    """Players, difficulty and the number of islands are ones the game and the box allow."""
    out: list[Issue] = []
    if not kit.players_min <= plan.players <= kit.players_max:
        out.append((("players",), f"{plan.players} players (allowed: {kit.players_min} to {kit.players_max})"))
    if plan.difficulty not in kit.levels:
        out.append((("difficulty",), f"unknown difficulty {plan.difficulty!r} (levels: {', '.join(kit.levels)})"))
    out += island_count(kit, len(plan.islands))
    return out


def island_count(kit: MapKit, k: int) -> list[Issue]:
    """A path of `k` islands is one the box allows (checked first when a plan is read: the other
    rules look at every island)."""
    if kit.islands_min <= k <= kit.islands_max:
        return []
    return [(("islands",), f"{k} islands (a path has {kit.islands_min} to {kit.islands_max}: the box "
                           f"holds {kit.box['islands']} islands and {kit.box['bridges']} bridges)")]


def chain(kit: MapKit, plan: Plan) -> list[Issue]:
    """The islands form one chain: numbered 1..K in path order, a bridge from each to the next."""
    out: list[Issue] = []
    last = len(plan.islands) - 1
    for i, isl in enumerate(plan.islands):
        if isl.number != i + 1:
            out.append((_isl(i, "number"), f"island number {isl.number} in place {i + 1} "
                                           "(islands are listed in path order, numbered from 1)"))
        if i < last and isl.bridge is None:
            out.append((_isl(i), f"island {i + 1} has no bridge to island {i + 2}"))
        if i == last and isl.bridge is not None:
            out.append((_isl(i, "bridge"), f"the last island has a bridge ({isl.bridge}) that leads nowhere"))
    return out


def bridges_meet(kit: MapKit, plan: Plan) -> list[Issue]:
    """Each bridge joins two islands at sockets on facing edges: it leaves by a socket the island
    has and has not used, and the next island lies where its facing socket takes the bridge's end."""
    out: list[Issue] = []
    for i, isl in enumerate(plan.islands[:-1]):
        side = isl.bridge
        if side is None:
            continue
        if side not in kit.sockets:
            out.append((_isl(i, "bridge"), f"no socket on the {side} side (sockets: {', '.join(kit.sockets)})"))
            continue
        if side == arrival_side(plan, i):
            out.append((_isl(i, "bridge"), f"the bridge from island {i} arrives at the {side} socket, so the "
                                           f"bridge to island {i + 2} cannot leave from it"))
            continue
        nxt = kit.next_island_at(isl.at, side)
        if nxt is None:
            out.append((_isl(i + 1), f"island {i + 2} has no {OPPOSITE[side]} socket to take the bridge "
                                     f"from island {i + 1}"))
        elif plan.islands[i + 1].at != nxt:
            at = plan.islands[i + 1].at
            out.append((_isl(i + 1, "at"), f"island {i + 2} at [{at[0]}, {at[1]}] does not meet the bridge from "
                                           f"island {i + 1}'s {side} socket (its {OPPOSITE[side]} socket takes "
                                           f"the bridge's end when it lies at [{nxt[0]}, {nxt[1]}])"))
    return out


def _piece(i: int, bridge: bool) -> tuple[Loc, str]:
    return (_isl(i, "bridge"), f"the bridge from island {i + 1}") if bridge else (_isl(i, "at"), f"island {i + 1}")


def on_table(kit: MapKit, plan: Plan) -> list[Issue]:
    """The whole layout fits the table: every island and bridge lies on its grid of cells."""
    w, h = kit.table_cells(plan.table_mm)
    out: list[Issue] = []
    for r, i, bridge in pieces(kit, plan):
        if r[0] >= 0 and r[1] >= 0 and r[2] <= w and r[3] <= h:
            continue
        edges = [e for e, past in (("west", r[0] < 0), ("north", r[1] < 0), ("east", r[2] > w),
                                   ("south", r[3] > h)) if past]
        tw, th = (f"{v / 10:g}" for v in plan.table_mm)
        loc, what = _piece(i, bridge)
        out.append((loc, f"{what} reaches past the table's {' and '.join(edges)} edge (a {tw} x {th} cm "
                         f"table has {w} x {h} cells of {kit.cell_mm:g} mm: columns 0 to {w - 1}, "
                         f"rows 0 to {h - 1})"))
    return out


def no_overlap(kit: MapKit, plan: Plan) -> list[Issue]:
    """Islands and bridges never overlap on the table."""
    placed = pieces(kit, plan)
    out: list[Issue] = []
    for j, (b, i, bridge) in enumerate(placed):
        for a, i2, bridge2 in placed[:j]:
            if overlap(a, b):
                loc, what = _piece(i, bridge)
                out.append((loc, f"{what} overlaps {_piece(i2, bridge2)[1]} on the table"))
                break
    return out


def _things(kit: MapKit, plan: Plan, i: int) -> Iterator[tuple[Cell, Loc, str]]:
    """Every cell something covers on island i, with where it is written and what it is."""
    isl = plan.islands[i]
    for j, c in enumerate(isl.starts):
        yield c, _isl(i, "starts", j), f"player {j + 1}'s start"
    if isl.stage_end is not None:
        yield isl.stage_end, _isl(i, "stage_end"), "the stage end"
    for t, cells in isl.enemies:
        for j, c in enumerate(cells):
            yield c, _isl(i, "enemies", t, j), f"a {t} enemy"
    for j, nw in enumerate(isl.chests):
        for c in kit.chest_cells_at(nw):
            yield c, _isl(i, "chests", j), f"the chest at {cell_name(nw)}"
    for j, cells in enumerate(isl.traps):
        for k, c in enumerate(cells):
            yield c, _isl(i, "traps", j, k), f"the trap at {cell_name(cells[0])}"


def _cells(kit: MapKit, plan: Plan, i: int) -> list[Cell]:
    """The cells of _things(i) alone: the quick pass that tells whether island i needs a closer look."""
    isl = plan.islands[i]
    out = list(isl.starts)
    if isl.stage_end is not None:
        out.append(isl.stage_end)
    for _, cells in isl.enemies:
        out += cells
    for nw in isl.chests:
        out += kit.chest_cells_at(nw)
    for cells in isl.traps:
        out += cells
    return out


def _all_cells(kit: MapKit, plan: Plan) -> list[list[Cell]]:
    """_cells of every island, worked out once for the plan being checked (two rules read them)."""
    found = kit.memo.get("plan-cells")
    if found is None or found[0] is not plan:
        found = (plan, [_cells(kit, plan, i) for i in range(len(plan.islands))])
        kit.memo["plan-cells"] = found
    cells: list[list[Cell]] = found[1]
    return cells


def inside_islands(kit: MapKit, plan: Plan) -> list[Issue]:
    """Enemies, traps, chests, start cells and the stage end lie inside their island's grid."""
    out: list[Issue] = []
    corner = cell_name((kit.cols - 1, kit.rows - 1))
    cols, rows = kit.cols, kit.rows
    for i, cells in enumerate(_all_cells(kit, plan)):
        if all(0 <= c < cols and 0 <= r < rows for c, r in cells):
            continue
        reported: set[Loc] = set()
        for (c, r), loc, what in _things(kit, plan, i):
            if not (0 <= c < kit.cols and 0 <= r < kit.rows) and loc not in reported:
                reported.add(loc)
                out.append((loc, f"{what} covers {cell_name((c, r))}, outside the island's "
                                 f"{kit.cols}x{kit.rows} grid (A1 to {corner})"))
    return out


def one_thing_per_cell(kit: MapKit, plan: Plan) -> list[Issue]:
    """No two things share a cell when the stage is set up (decision map-one-thing-per-cell); so a
    chest's cells are free and traps never overlap."""
    out: list[Issue] = []
    for i, cells in enumerate(_all_cells(kit, plan)):
        if len(set(cells)) == len(cells):
            continue
        seen: dict[Cell, str] = {}
        for c, loc, what in _things(kit, plan, i):
            if c in seen:
                out.append((loc, f"{what} shares cell {cell_name(c)} with {seen[c]} (one thing a cell)"))
            else:
                seen[c] = what
    return out


def trap_shapes(kit: MapKit, plan: Plan) -> list[Issue]:
    """A trap covers one of the content's sizes of cells, in a straight row."""
    sizes = ", ".join(str(s) for s in kit.trap_sizes)
    out: list[Issue] = []
    for i, isl in enumerate(plan.islands):
        for j, cells in enumerate(isl.traps):
            if len(cells) == 1 and 1 in kit.trap_sizes:
                continue
            if len(cells) not in kit.trap_sizes:
                out.append((_isl(i, "traps", j), f"a trap of {len(cells)} cells (sizes: {sizes})"))
                continue
            n, xs, ys = len(cells), {c for c, _ in cells}, {r for _, r in cells}
            row = len(ys) == 1 and len(xs) == n and max(xs) - min(xs) == n - 1
            col = len(xs) == 1 and len(ys) == n and max(ys) - min(ys) == n - 1
            if not (row or col):
                names = " ".join(cell_name(c) for c in cells)
                out.append((_isl(i, "traps", j), f"trap {names} is not a straight row of adjacent cells"))
    return out


def bridge_ends_clear(kit: MapKit, plan: Plan) -> list[Issue]:
    """No chest or trap covers a cell where a bridge meets an island, unless the plan's difficulty
    leaves the bridge ends free (decision map-bridge-ends)."""
    if plan.difficulty not in kit.clear_bridge_ends:
        return []
    out: list[Issue] = []
    for i, isl in enumerate(plan.islands):
        ends = bridge_ends(kit, plan, i)
        if not ends:
            continue
        things = [(_isl(i, "chests", j), f"the {kit.chest_cells}x{kit.chest_cells} chest at {cell_name(nw)}",
                   kit.chest_cells_at(nw)) for j, nw in enumerate(isl.chests)]
        things += [(_isl(i, "traps", j), f"the trap at {cell_name(cells[0])}", cells)
                   for j, cells in enumerate(isl.traps)]
        for loc, what, cells in things:
            hit = [c for c in cells if c in ends]
            if hit:
                out.append((loc, f"{what} covers {' '.join(cell_name(c) for c in hit)}, where {ends[hit[0]]} "
                                 f"meets island {i + 1}: the {plan.difficulty} level keeps bridge ends clear "
                                 "of chests and traps (maps.yaml bridge_ends)"))
    return out


def player_starts(kit: MapKit, plan: Plan) -> list[Issue]:
    """One start cell a player, all on island 1, nearly equidistant to its bridge
    (decision map-start-distance)."""
    out: list[Issue] = [(_isl(i, "starts"), "player start cells belong on island 1")
                        for i, isl in enumerate(plan.islands[1:], 1) if isl.starts]
    first = plan.islands[0] if plan.islands else None
    if first is None:
        return out
    if len(first.starts) != plan.players:
        out.append((_isl(0, "starts") if first.starts else _isl(0),
                    f"{len(first.starts)} start cells for {plan.players} players"))
    if first.bridge in kit.sockets and first.starts:
        bridge = kit.bridge_rect((0, 0), first.bridge)
        far = [distance_to_rect(c, r, bridge) for c, r in first.starts]
        if max(far) - min(far) > kit.start_spread:
            shown = ", ".join(f"{cell_name(c)} {d}" for c, d in zip(first.starts, far, strict=True))
            out.append((_isl(0, "starts"), f"start cells are {min(far)} to {max(far)} fields from the bridge "
                                           f"({shown}): they must be nearly equidistant, differing by at most "
                                           f"{kit.start_spread}"))
    return out


def out_of_sight(kit: MapKit, plan: Plan) -> list[Issue]:
    """No enemy sees a player's start cell (decision map-enemy-sight)."""
    if not plan.islands:
        return []
    x0, y0 = plan.islands[0].at
    starts = [((x0 + c, y0 + r), (c, r)) for c, r in plan.islands[0].starts]
    vr = kit.visual_range
    out: list[Issue] = []
    for i, isl in enumerate(plan.islands):
        x, y = isl.at
        rect = kit.island_rect(isl.at)
        if all(distance_to_rect(sx, sy, rect) > vr for (sx, sy), _ in starts):
            continue
        for t, cells in isl.enemies:
            for j, (c, r) in enumerate(cells):
                for (sx, sy), name in starts:
                    d = max(abs(x + c - sx), abs(y + r - sy))
                    if d <= vr:
                        out.append((_isl(i, "enemies", t, j),
                                    f"the {t} enemy at {cell_name((c, r))} on island {i + 1} sees player start "
                                    f"{cell_name(name)} ({d} fields away; enemies see {vr} fields)"))
                        break
    return out


def stage_end(kit: MapKit, plan: Plan) -> list[Issue]:
    """One stage end, on the last island."""
    out: list[Issue] = []
    last = len(plan.islands) - 1
    for i, isl in enumerate(plan.islands[:-1]):
        if isl.stage_end is not None:
            out.append((_isl(i, "stage_end"), f"the stage end belongs on the last island (island {last + 1})"))
    if plan.islands and plan.islands[-1].stage_end is None:
        out.append((_isl(last), f"the last island (island {last + 1}) has no stage_end"))
    return out


def guards(kit: MapKit, plan: Plan) -> list[Issue]:
    """The guard enemies (the boss) stand on the last island within their reach of the stage end
    (decision map-guard), at most the settings' number of them."""
    out: list[Issue] = []
    reach = kit.attack_range.get(kit.guard, 0)
    last = len(plan.islands) - 1
    end = plan.islands[-1].stage_end if plan.islands else None
    n = 0
    for i, isl in enumerate(plan.islands):
        for t, cells in isl.enemies:
            if t != kit.guard:
                continue
            for j, c in enumerate(cells):
                n += 1
                loc = _isl(i, "enemies", t, j)
                if n > kit.guard_max:
                    out.append((loc, f"more than {kit.guard_max} {t} enemies in one plan"))
                elif i != last:
                    out.append((loc, f"the {t} guards the stage end: it belongs on the last island "
                                     f"(island {last + 1})"))
                elif end is not None and max(abs(c[0] - end[0]), abs(c[1] - end[1])) > reach:
                    d = max(abs(c[0] - end[0]), abs(c[1] - end[1]))
                    out.append((loc, f"the {t} at {cell_name(c)} is {d} fields from the stage end "
                                     f"{cell_name(end)}: a guard stands within its reach ({reach})"))
    return out


def budget(kit: MapKit, plan: Plan) -> list[Issue]:
    """The enemy strength placed spends the difficulty's budget: at most all of it, at least its
    share; the plan records both numbers truly."""
    out: list[Issue] = []
    total = 0
    for i, isl in enumerate(plan.islands):
        for t, cells in isl.enemies:
            if t not in kit.strength:
                out.append((_isl(i, "enemies", t), f"unknown enemy type {t!r} (known: {', '.join(kit.enemy_types)})"))
            else:
                total += kit.strength[t] * len(cells)
    if kit.players_min <= plan.players <= kit.players_max and plan.difficulty in kit.levels:
        allowed = kit.budget(plan.players, plan.difficulty)
        if plan.budget != allowed:
            out.append((("budget", "allowed"), f"the budget for {plan.players} players on {plan.difficulty} is "
                                               f"{allowed} with the current stats, not {plan.budget}"))
    if plan.spent != total:
        out.append((("budget", "spent"), f"spent says {plan.spent}, but the enemies placed add up to {total}"))
    if total > plan.budget:
        out.append((("budget", "spent"), f"the enemies placed add up to {total}, over the budget of {plan.budget}"))
    elif total * 100 < plan.budget * kit.min_spent_percent:
        out.append((("budget", "spent"), f"the enemies placed add up to {total}, less than "
                                         f"{kit.min_spent_percent}% of the budget of {plan.budget}"))
    return out


def box_quantities(kit: MapKit, plan: Plan) -> list[Issue]:
    """The plan needs no more tokens than the box holds."""
    counts: dict[str, int] = {"chests": 0, "trap-markers": 0}
    for isl in plan.islands:
        for t, cells in isl.enemies:
            counts[t] = counts.get(t, 0) + len(cells)
        counts["chests"] += len(isl.chests)
        counts["trap-markers"] += sum(len(cells) for cells in isl.traps)
    if all(n <= kit.box.get(what, n) for what, n in counts.items()):
        return []
    out: list[Issue] = []
    used: dict[str, int] = {}

    def take(what: str, loc: Loc, told: str, n: int = 1) -> None:
        used[what] = used.get(what, 0) + n
        have = kit.box.get(what, 0)
        if used[what] > have >= used[what] - n:
            out.append((loc, told.format(have=have)))

    for i, isl in enumerate(plan.islands):
        for t, cells in isl.enemies:
            if t in kit.box:
                for j in range(len(cells)):
                    take(t, _isl(i, "enemies", t, j), f"more {t} enemies than the box holds ({{have}})")
        for j in range(len(isl.chests)):
            take("chests", _isl(i, "chests", j), "more chests than the box holds ({have})")
        for j, cells in enumerate(isl.traps):
            take("trap-markers", _isl(i, "traps", j), "the traps cover more cells than the box has "
                                                      "revealed-trap markers to show them ({have})", len(cells))
    return out


def preferences(kit: MapKit, plan: Plan) -> list[Issue]:
    """Where a plan departs from the generator's taste (maps.yaml start.min_distance and
    stage_end_min_distance): not rules, since the seed asks only that the starts be nearly
    equidistant (decision map-generator-preferences); validate-plan shows them as notes."""
    out: list[Issue] = []
    first, last = (plan.islands[0], plan.islands[-1]) if plan.islands else (None, None)
    if first is not None and first.bridge in kit.sockets:
        bridge = kit.bridge_rect((0, 0), first.bridge)
        for j, (c, r) in enumerate(first.starts):
            d = distance_to_rect(c, r, bridge)
            if d < kit.start_min_distance:
                out.append((_isl(0, "starts", j), f"player {j + 1} starts {d} field{'s' if d != 1 else ''} from "
                                                  f"the bridge (the generator keeps starts at least "
                                                  f"{kit.start_min_distance} away)"))
    came = arrival_side(plan, len(plan.islands) - 1)
    if last is not None and last.stage_end is not None and came in kit.sockets:
        d = distance_to_rect(*last.stage_end, kit.bridge_rect((0, 0), came))
        if d < kit.stage_end_min_distance:
            out.append((_isl(len(plan.islands) - 1, "stage_end"),
                        f"the stage end {cell_name(last.stage_end)} is {d} field{'s' if d != 1 else ''} from the "
                        f"bridge the players arrive by (the generator keeps it at least "
                        f"{kit.stage_end_min_distance} away)"))
    return out


RULES: tuple[Rule, ...] = (parameters, chain, bridges_meet, on_table, no_overlap, inside_islands,
                           one_thing_per_cell, trap_shapes, bridge_ends_clear, player_starts, out_of_sight,
                           stage_end, guards, budget, box_quantities)
