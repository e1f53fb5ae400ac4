"""A Game Master's map plan as plain data, and the numbers and geometry every plan rule reads.

Pure: no files, no drawing. Cells are (column, row), 0-based; an island's cells are its own
8x8 grid, table cells are counted from the table's north-west corner (decision map-orientation).
The generator and the plan checks run thousands of times a second, so this is tuples and sets.
"""

from __future__ import annotations

import hashlib
import math
import random
import re
from dataclasses import dataclass, field
from typing import Any

from .model import IslandsAndBridges
from .plan_settings import MapSettings

Cell = tuple[int, int]
Rect = tuple[int, int, int, int]          # x0, y0, x1, y1 in table cells, ends excluded
EnemyGroup = tuple[str, tuple[Cell, ...]]  # an enemy type and the cells its tokens start on

OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


@dataclass(frozen=True, slots=True)
class IslandPlan:
    """One island of the path: where it lies, where its bridge leaves, what the GM marks on it."""

    number: int
    at: Cell                                 # table cell of its north-west corner
    bridge: str | None                       # side of the socket the bridge to the next island leaves from
    starts: tuple[Cell, ...] = ()            # player start cells (island 1)
    enemies: tuple[EnemyGroup, ...] = ()     # by type, in the content's order of types
    traps: tuple[tuple[Cell, ...], ...] = ()  # each trap: the cells it covers
    chests: tuple[Cell, ...] = ()            # each chest: its north-west cell
    stage_end: Cell | None = None


SEED_BITS = 64
MAX_SEED = 2**SEED_BITS - 1
"""Seeds are drawn from 2**64 (too many to try), and a seed given is at most that."""


@dataclass(frozen=True, slots=True)
class Plan:
    """A whole stage: the parameters it was made for, its enemy budget, its islands in path order."""

    seed: int | None
    players: int
    difficulty: str
    table_mm: tuple[float, float]
    budget: int
    spent: int
    islands: tuple[IslandPlan, ...]
    edited: bool = False  # read from a plan.yaml that its seed and parameters no longer make (or no seed)

    def digest(self) -> str:
        """A short hash of everything in the plan (printed on every GM page): an edit changes it."""
        return hashlib.sha256(repr(self).encode()).hexdigest()[:8]

    def players_digest(self) -> str:
        """A short hash of what the players' pages show, and nothing else (the islands' numbers): the
        plan's own digest would let a player search the seeds for the secret map."""
        return hashlib.sha256(repr(("players", [isl.number for isl in self.islands])).encode()).hexdigest()[:8]

    def origin(self) -> str:
        """Where the plan comes from, as the pages say it: 'seed 7', 'edited from seed 7', 'edited plan'."""
        if self.seed is None:
            return "edited plan"
        return f"edited from seed {self.seed}" if self.edited else f"seed {self.seed}"


def cell_name(cell: Cell) -> str:
    """'C4' for (2, 3): the column letter and row number printed on the island tiles."""
    return f"{chr(65 + cell[0])}{cell[1] + 1}"


_CELL = re.compile(r"^([A-Z])([1-9][0-9]?)$")


def parse_cell(text: str) -> Cell | None:
    m = _CELL.match(text.strip().upper())
    return (ord(m.group(1)) - 65, int(m.group(2)) - 1) if m else None


def distance_to_rect(x: int, y: int, r: Rect) -> int:
    """Fields from cell (x, y) to the nearest cell of r, diagonals counting as one."""
    dx = r[0] - x if x < r[0] else (x - r[2] + 1 if x >= r[2] else 0)
    dy = r[1] - y if y < r[1] else (y - r[3] + 1 if y >= r[3] else 0)
    return dx if dx > dy else dy


def overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def strength(kit: MapKit, enemy: str) -> int:
    """Health x damage a round, rounded down (decision map-enemy-strength)."""
    return kit.strength[enemy]


@dataclass(frozen=True)
class MapKit:
    """Every number the generator and the plan rules use, read once from the game and maps.yaml."""

    cols: int
    rows: int
    cell_mm: float
    bridge_width: int
    bridge_length: int
    sockets: dict[str, int]                 # side -> first cell the socket covers along that side
    enemy_types: tuple[str, ...]            # content order
    strength: dict[str, int]
    attack_range: dict[str, int]
    visual_range: int
    trap_sizes: tuple[int, ...]
    chest_cells: int
    box: dict[str, int]  # islands, bridges, players, chests, trap-markers, stage-end, each enemy type
    islands_min: int
    islands_default: int
    islands_max: int
    players_min: int
    players_default: int
    players_max: int
    levels: dict[str, tuple[int, int, int]]  # level -> budget percent, fewest traps, most traps
    clear_bridge_ends: frozenset[str]        # the levels that keep chests and traps off the bridge ends
    difficulty_default: str
    budget_min: int
    budget_max: int
    min_spent_percent: int
    team_health: int                         # one player's health and damage, for the budget
    team_damage: int
    guard: str
    guard_max: int
    guard_max_percent: int
    chests_per_island: tuple[int, int]
    start_spread: int
    start_min_distance: int
    stage_end_min_distance: int
    table_default_mm: tuple[float, float]
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)  # the generator's caches

    @staticmethod
    def of(game: IslandsAndBridges, settings: MapSettings) -> MapKit:
        e, c = game.elements, game.components
        box = {"islands": c.island.quantity, "bridges": c.bridge.quantity}
        for kind, key in (("player", "players"), ("chest", "chests"), ("trap", "trap-markers"),
                          ("stage-end", "stage-end")):
            box[key] = sum(t.quantity for t in c.tokens if t.kind == kind)
        for t in e.enemies:
            box[t] = sum(x.quantity for x in c.tokens if x.kind == "enemy" and x.enemy == t)
        attack = e.actions[settings.budget.player_attack]
        return MapKit(
            cols=c.island.cells[0], rows=c.island.cells[1], cell_mm=game.settings.cell,
            bridge_width=c.bridge.cells[0], bridge_length=c.bridge.cells[1],
            sockets={s.side: s.at for s in c.island.sockets},
            enemy_types=tuple(e.enemies),
            strength={k: v.health * v.damage // max(1, v.charge_rounds) for k, v in e.enemies.items()},
            attack_range={k: v.attack_range for k, v in e.enemies.items()},
            visual_range=e.player.visual_range,
            trap_sizes=tuple(e.trap.sizes), chest_cells=e.chest.cells, box=box,
            islands_min=settings.islands.min, islands_default=settings.islands.default,
            islands_max=min(box["islands"], box["bridges"] + 1),
            players_min=settings.players.min, players_default=game.settings.players,
            players_max=min(game.settings.players, box["players"]),
            levels={k: (v.budget_percent, *v.traps_per_island) for k, v in settings.difficulty.levels.items()},
            clear_bridge_ends=frozenset(k for k, v in settings.difficulty.levels.items() if v.bridge_ends == "clear"),
            difficulty_default=settings.difficulty.default,
            budget_min=settings.budget.min, budget_max=settings.budget.max,
            min_spent_percent=settings.budget.min_spent_percent,
            team_health=e.player.health, team_damage=attack.damage or 0,
            guard=settings.guard.enemy, guard_max=settings.guard.max,
            guard_max_percent=settings.guard.max_budget_percent,
            chests_per_island=settings.chests_per_island,
            start_spread=settings.start.spread, start_min_distance=settings.start.min_distance,
            stage_end_min_distance=settings.stage_end_min_distance,
            table_default_mm=(settings.table.width, settings.table.height),
        )

    # ---- numbers -----------------------------------------------------------------------------
    def budget(self, players: int, level: str) -> int:
        """The enemy strength a plan may place (decision map-budget)."""
        raw = self.levels[level][0] * (players * self.team_health) * (players * self.team_damage) // 100
        return min(self.budget_max, max(self.budget_min, raw))

    def enemy_mix(self, budget: int, rng: random.Random | None) -> dict[str, int]:
        """How many enemies of each type spend the budget: a guard when it costs at most its share
        (or when the others alone cannot spend enough), then the others, strongest first, each count
        drawn from the range that still lets the weaker types (as many as the box holds) bring the
        total up to the least share a plan spends, the weakest too, so that no plan simply empties the
        box of its weakest tokens (rng None: always the most of each)."""
        g = self.strength[self.guard]
        affordable = bool(self.guard_max and self.box[self.guard] and g <= budget)
        guarded = affordable and g * 100 <= budget * self.guard_max_percent
        mix = self._mix(budget, guarded, rng)
        if affordable and not guarded and self._spent(mix) * 100 < budget * self.min_spent_percent:
            mix = self._mix(budget, True, rng)
        return mix

    def _spent(self, mix: dict[str, int]) -> int:
        return sum(self.strength[t] * n for t, n in mix.items())

    def _mix(self, budget: int, guarded: bool, rng: random.Random | None) -> dict[str, int]:
        mix = {t: 0 for t in self.enemy_types}
        left = budget
        if guarded:
            mix[self.guard] = 1
            left -= self.strength[self.guard]
        others = sorted((t for t in self.enemy_types if t != self.guard), key=lambda t: -self.strength[t])
        if not others:
            return mix
        floor = math.ceil(budget * self.min_spent_percent / 100)
        for i, t in enumerate(others):
            s = self.strength[t]
            hi = min(self.box[t], left // s) if s else 0
            if rng is None:
                n = hi
            else:
                rest = sum(self.box[u] * self.strength[u] for u in others[i + 1:])
                need = floor - (budget - left)  # what must still be spent to reach the floor
                lo = min(hi, max(0, math.ceil((need - rest) / s))) if s else 0
                n = rng.randint(lo, hi)
            mix[t] = n
            left -= n * s
        return mix

    def table_cells(self, table_mm: tuple[float, float]) -> tuple[int, int]:
        """How many whole cells the table holds across and along."""
        return (int(table_mm[0] / self.cell_mm + 1e-9), int(table_mm[1] / self.cell_mm + 1e-9))

    # ---- geometry ----------------------------------------------------------------------------
    def island_rect(self, at: Cell) -> Rect:
        return (at[0], at[1], at[0] + self.cols, at[1] + self.rows)

    def bridge_rect(self, at: Cell, side: str) -> Rect:
        """The table cells of the bridge that leaves the island at `at` by its `side` socket."""
        x, y = at
        a, w, n = self.sockets[side], self.bridge_width, self.bridge_length
        if side == "north":
            return (x + a, y - n, x + a + w, y)
        if side == "south":
            return (x + a, y + self.rows, x + a + w, y + self.rows + n)
        if side == "west":
            return (x - n, y + a, x, y + a + w)
        return (x + self.cols, y + a, x + self.cols + n, y + a + w)

    def next_island_at(self, at: Cell, side: str) -> Cell | None:
        """Where the next island lies when its facing socket takes the far end of that bridge
        (None when the island has no socket on the facing side)."""
        b = self.sockets.get(OPPOSITE[side])
        if b is None:
            return None
        x, y = at
        a, n = self.sockets[side], self.bridge_length
        if side == "north":
            return (x + a - b, y - n - self.rows)
        if side == "south":
            return (x + a - b, y + self.rows + n)
        if side == "west":
            return (x - n - self.cols, y + a - b)
        return (x + self.cols + n, y + a - b)

    def socket_cells(self, side: str) -> tuple[Cell, ...]:
        """The island cells a socket covers (as wide as a bridge)."""
        a, w = self.sockets[side], self.bridge_width
        if side == "north":
            return tuple((a + i, 0) for i in range(w))
        if side == "south":
            return tuple((a + i, self.rows - 1) for i in range(w))
        if side == "west":
            return tuple((0, a + i) for i in range(w))
        return tuple((self.cols - 1, a + i) for i in range(w))

    def chest_cells_at(self, nw: Cell) -> tuple[Cell, ...]:
        n = self.chest_cells
        return tuple((nw[0] + i, nw[1] + j) for j in range(n) for i in range(n))


def arrival_side(plan: Plan, index: int) -> str | None:
    """The side of island `index` (0-based) where the bridge from the previous island arrives."""
    if index == 0:
        return None
    prev = plan.islands[index - 1].bridge
    return OPPOSITE.get(prev) if prev is not None else None


def pieces(kit: MapKit, plan: Plan) -> list[tuple[Rect, int, bool]]:
    """Every island and every bridge with a socket, as table rectangles: (rect, island index, is a bridge)."""
    out = []
    last = len(plan.islands) - 1
    for i, isl in enumerate(plan.islands):
        out.append((kit.island_rect(isl.at), i, False))
        if i < last and isl.bridge in kit.sockets:
            out.append((kit.bridge_rect(isl.at, isl.bridge), i, True))
    return out


def token_numbers(plan: Plan) -> list[dict[str, tuple[int, ...]]]:
    """The number of the enemy token that starts on each enemy cell, island by island, parallel to
    the plan's cells: each type's tokens are handed out from 1 in path order (island by island, in
    the order the plan lists the cells). The box_quantities rule keeps every number within the
    box, so each has its token and its row on the Damage Matrix and Enemy Timeline."""
    handed: dict[str, int] = {}
    out: list[dict[str, tuple[int, ...]]] = []
    for isl in plan.islands:
        numbers: dict[str, tuple[int, ...]] = {}
        for t, cells in isl.enemies:
            first = handed.get(t, 0)
            numbers[t] = tuple(range(first + 1, first + 1 + len(cells)))
            handed[t] = first + len(cells)
        out.append(numbers)
    return out


def bridge_ends(kit: MapKit, plan: Plan, index: int) -> dict[Cell, str]:
    """The cells of island `index` where a bridge of the path meets it (its sockets' cells, as wide
    as a bridge), each with the bridge it meets: the cells every player crosses."""
    out: dict[Cell, str] = {}
    came = arrival_side(plan, index)
    if came in kit.sockets:
        out.update((c, f"the bridge from island {index}") for c in kit.socket_cells(came))
    leaves = plan.islands[index].bridge
    if index < len(plan.islands) - 1 and leaves in kit.sockets:
        out.update((c, f"the bridge to island {index + 2}") for c in kit.socket_cells(leaves))
    return out


def enemy_count(plan: Plan) -> dict[str, int]:
    out: dict[str, int] = {}
    for isl in plan.islands:
        for t, cells in isl.enemies:
            out[t] = out.get(t, 0) + len(cells)
    return out


def spent(kit: MapKit, plan: Plan) -> int:
    """The enemy strength the plan places (unknown types count nothing; the checks name them)."""
    return sum(kit.strength.get(t, 0) * n for t, n in enemy_count(plan).items())
