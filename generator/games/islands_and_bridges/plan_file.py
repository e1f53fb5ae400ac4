"""plan.yaml: a map plan written for a person to read and edit, and read back with every problem
placed at its FILE:LINE:COL (the same rules as a generated plan)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Literal

from pydantic import Field

from ...content import ContentError, Problem, Source, Strict
from ...content.schema import parse
from .mapgen import MapError, MapParams, check_params, generate
from .model import GAME_ID, Side
from .plan import MAX_SEED, Cell, IslandPlan, MapKit, Plan, cell_name, parse_cell
from .plan_checks import check_plan, island_count, preferences
from .plan_settings import TableSize


# ---- reading ---------------------------------------------------------------------------------
class BudgetEntry(Strict):
    allowed: int = Field(ge=0)
    spent: int = Field(ge=0)


class IslandEntry(Strict):
    number: int
    at: tuple[int, int]
    bridge: Side | None = None
    starts: list[str] = Field(default_factory=list)
    enemies: dict[str, list[str]] = Field(default_factory=dict)
    traps: list[list[str]] = Field(default_factory=list)
    chests: list[str] = Field(default_factory=list)
    stage_end: str | None = None


class PlanFile(Strict):
    """The shape of plan.yaml (what each field means is in the file's header comment)."""

    LARGE_NUMBERS = frozenset({"seed"})

    game: Literal["islands-and-bridges"]
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    players: int
    difficulty: str
    table: TableSize
    budget: BudgetEntry
    islands: list[IslandEntry] = Field(min_length=1)


def read_plan(kit: MapKit, source: Source) -> Plan:
    """The plan in `source`, checked by every plan rule; raises ContentError with every problem."""
    entry = parse(PlanFile, source)
    too_many = island_count(kit, len(entry.islands))
    if too_many:  # before the rules that look at every island
        raise ContentError([source.problem(loc, message) for loc, message in too_many])
    problems: list[Problem] = []

    def cell(text: str, *loc: str | int) -> Cell:
        found = parse_cell(text)
        if found is None:
            problems.append(source.problem(loc, f"{text!r} is not a cell name (a column letter and a row number, "
                                                f"such as C4: A1 to {cell_name((kit.cols - 1, kit.rows - 1))})"))
            return (-1, -1)
        return found

    islands = []
    for i, e in enumerate(entry.islands):
        base = ("islands", i)
        islands.append(IslandPlan(
            number=e.number, at=e.at, bridge=e.bridge,
            starts=tuple(cell(c, *base, "starts", j) for j, c in enumerate(e.starts)),
            enemies=tuple((t, tuple(cell(c, *base, "enemies", t, j) for j, c in enumerate(cells)))
                          for t, cells in e.enemies.items()),
            traps=tuple(tuple(cell(c, *base, "traps", j, k) for k, c in enumerate(trap))
                        for j, trap in enumerate(e.traps)),
            chests=tuple(cell(c, *base, "chests", j) for j, c in enumerate(e.chests)),
            stage_end=None if e.stage_end is None else cell(e.stage_end, *base, "stage_end"),
        ))
    if problems:
        raise ContentError(problems)
    plan = Plan(seed=entry.seed, players=entry.players, difficulty=entry.difficulty,
                table_mm=(round(entry.table.width, 1), round(entry.table.height, 1)),
                budget=entry.budget.allowed, spent=entry.budget.spent, islands=tuple(islands))
    issues = check_plan(kit, plan)
    if issues:
        raise ContentError([source.problem(loc, message) for loc, message in issues])
    return replace(plan, edited=not made_by_its_seed(kit, plan))


def made_by_its_seed(kit: MapKit, plan: Plan) -> bool:
    """Whether the plan's seed and parameters make exactly this plan with the current content: the
    one sure sign that nobody edited it (a header comment can be edited too)."""
    if plan.seed is None:
        return False
    params = MapParams(len(plan.islands), plan.players, plan.difficulty, plan.table_mm)
    try:
        check_params(kit, params)
        return generate(kit, params, plan.seed) == replace(plan, edited=False)
    except MapError:
        return False


_HEADER_DIGEST = re.compile(r"^# Plan ([0-9a-f]{8})\b", re.M)


def notes(kit: MapKit, plan: Plan, source: Source, text: str) -> list[str]:
    """What a Game Master should know about a valid plan, as FILE:LINE:COL: note: lines: a header hash
    that an edit made stale, and the generator's preferences an edit departs from (not rules)."""
    out = []
    m = _HEADER_DIGEST.search(text)
    if m and m.group(1) != plan.digest():
        line = text.count("\n", 0, m.start()) + 1
        out.append(f"{source.file}:{line}:3: note: the header names plan {m.group(1)}, but the plan now stands "
                   f"as plan {plan.digest()} ({plan.origin()}): its pages carry {plan.digest()}, and "
                   "--from-plan writes a plan.yaml with a fresh header")
    for loc, message in preferences(kit, plan):
        p = source.problem(loc, message)
        out.append(f"{p.file}:{p.line}:{p.col}: note: {p.message}")
    return out


# ---- writing ---------------------------------------------------------------------------------
def length(mm: float) -> str:
    """A length as plan.yaml writes it: whole centimetres when it is, else millimetres."""
    if abs(mm / 10 - round(mm / 10)) < 1e-9:
        return f"{round(mm / 10)}cm"
    return f"{mm:.1f}".rstrip("0").rstrip(".") + "mm"


def command(plan: Plan) -> str:
    """The command that makes this plan (an edited plan: the one that made the plan it was edited from)."""
    w, h = (length(v) for v in plan.table_mm)
    if w.endswith("cm") and h.endswith("cm"):
        table = f"{w[:-2]}x{h[:-2]}"
    else:
        table = f"{plan.table_mm[0]:g}x{plan.table_mm[1]:g}mm"
    seed = f" --seed {plan.seed}" if plan.seed is not None else ""
    return (f"playkit map {GAME_ID}{seed} --islands {len(plan.islands)} --players {plan.players} "
            f"--difficulty {plan.difficulty} --table {table}")


def _cells(cells: tuple[Cell, ...]) -> str:
    return "[" + ", ".join(cell_name(c) for c in cells) + "]"


def header(kit: MapKit, plan: Plan) -> list[str]:
    """The comment that opens plan.yaml: how it was made, how to check it, what every field means."""
    tw, th = kit.table_cells(plan.table_mm)
    last_col, last_row = cell_name((kit.cols - 1, 0))[0], kit.rows
    level = kit.levels.get(plan.difficulty, (0, 0, 0))[0]
    strengths = ", ".join(f"{t} {kit.strength[t]}" for t in kit.enemy_types)
    sizes = ", ".join(str(s) for s in kit.trap_sizes)
    n = kit.chest_cells
    if plan.seed is None:
        made = "# Made by hand (it has no seed)."
    elif plan.edited:
        made = f"# Edited from the plan of: {command(plan)}"
    else:
        made = f"# Made by: {command(plan)}"
    return [
        "# Islands & Bridges: the Game Master's map plan. SECRET: keep it from the players.",
        made,
        f"# Plan {plan.digest()}: printed on every page of the map; an edit changes it.",
        "# Check an edited copy:  playkit validate-plan plan.yaml",
        f"# and print it again:    playkit map {GAME_ID} --from-plan plan.yaml",
        "#",
        f"# Cells are named as on the island tiles: a column letter A-{last_col} from west to east and a",
        f"# row number 1-{last_row} from north to south. Every island lies with row 1 to the north (the far",
        "# edge of the table seen from the Game Master).",
        "# at:        the table cell of an island's north-west corner, [column, row] counted from the",
        f"#            table's north-west corner in cells of {kit.cell_mm:g} mm (this table holds {tw} x {th}).",
        "# bridge:    the side whose socket holds the bridge to the next island (the next island's",
        "#            facing socket takes its far end); the last island has none.",
        "# starts:    the players' start cells on island 1, player 1 first. Their distances to the bridge",
        f"#            (in fields, diagonals count 1) differ by at most {kit.start_spread}.",
        "# enemies:   the start cells of each type of enemy. No enemy may see a start cell: enemies see",
        f"#            {kit.visual_range} fields in every direction, across the sea too.",
        f"# traps:     each trap is the list of cells it covers: {sizes} in a straight row.",
        f"# chests:    the north-west cell of each {n}x{n} Loot-Chest.",
        f"# stage_end: the cell that ends the stage, on the last island. The {kit.guard} stands within",
        f"#            {kit.attack_range[kit.guard]} fields of it (at most {kit.guard_max} {kit.guard} a plan).",
        "# One thing a cell: no two of these share a cell.",
        f"# budget:    enemy strength is health x damage a round ({strengths}).",
        f"#            allowed = {level}% of (players x {kit.team_health} health) x (players x {kit.team_damage} "
        f"damage) on {plan.difficulty},",
        f"#            kept within {kit.budget_min} to {kit.budget_max}; spent = what the enemies add up to: at most",
        f"#            allowed, at least {kit.min_spent_percent}% of it.",
    ]


def plan_yaml(kit: MapKit, plan: Plan) -> str:
    """plan.yaml: the header comment, then the plan in block style with short flow lists."""
    out = header(kit, plan)
    out += [
        "",
        f"game: {GAME_ID}",
        f"seed: {plan.seed if plan.seed is not None else 'null'}",
        f"players: {plan.players}",
        f"difficulty: {plan.difficulty}",
        f"table: {{width: {length(plan.table_mm[0])}, height: {length(plan.table_mm[1])}}}",
        f"budget: {{allowed: {plan.budget}, spent: {plan.spent}}}",
        "islands:",
    ]
    last = len(plan.islands) - 1
    for i, isl in enumerate(plan.islands):
        strength = sum(kit.strength.get(t, 0) * len(cells) for t, cells in isl.enemies)
        out.append(f"  - number: {isl.number}    # enemy strength {strength}")
        out.append(f"    at: [{isl.at[0]}, {isl.at[1]}]")
        if i < last or isl.bridge is not None:
            out.append(f"    bridge: {isl.bridge if isl.bridge is not None else 'null'}")
        if i == 0 or isl.starts:
            out.append(f"    starts: {_cells(isl.starts)}")
        if isl.enemies:
            out.append("    enemies:")
            out += [f"      {t}: {_cells(cells)}" for t, cells in isl.enemies]
        else:
            out.append("    enemies: {}")
        out.append("    traps: [" + ", ".join(_cells(t) for t in isl.traps) + "]")
        out.append(f"    chests: {_cells(isl.chests)}")
        if isl.stage_end is not None:
            out.append(f"    stage_end: {cell_name(isl.stage_end)}")
    return "\n".join(out) + "\n"
