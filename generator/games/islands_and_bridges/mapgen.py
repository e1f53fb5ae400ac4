"""The Game Master's map generator: a seed and parameters in, a plan that obeys every plan rule out.

Pure and lean (tuples and sets, one random.Random): a plan is made in well under a millisecond.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from .plan import OPPOSITE, Cell, IslandPlan, MapKit, Plan, Rect, distance_to_rect, overlap

SIDE_ORDER = ("north", "east", "south", "west")


class MapError(ValueError):
    """Parameters no plan can meet (the command line reports it as a usage error)."""


@dataclass(frozen=True)
class MapParams:
    islands: int
    players: int
    difficulty: str
    table_mm: tuple[float, float]


def default_params(kit: MapKit) -> MapParams:
    return MapParams(kit.islands_default, kit.players_default, kit.difficulty_default, kit.table_default_mm)


def check_params(kit: MapKit, p: MapParams) -> None:
    """Raise MapError, saying what is allowed, when no plan can meet the parameters."""
    if not kit.islands_min <= p.islands <= kit.islands_max:
        raise MapError(f"--islands {p.islands}: a path has {kit.islands_min} to {kit.islands_max} islands "
                       f"(the box holds {kit.box['islands']} islands and {kit.box['bridges']} bridges)")
    if not kit.players_min <= p.players <= kit.players_max:
        raise MapError(f"--players {p.players}: the game is for {kit.players_min} to {kit.players_max} players")
    if p.difficulty not in kit.levels:
        raise MapError(f"--difficulty {p.difficulty}: levels are {', '.join(kit.levels)}")
    if layout(kit, p.islands, kit.table_cells(p.table_mm), random.Random(0)) is None:
        most = max((k for k in range(1, p.islands)
                    if layout(kit, k, kit.table_cells(p.table_mm), random.Random(0)) is not None), default=0)
        w, h = (f"{v / 10:g}" for v in p.table_mm)
        held = f"holds a path of at most {most} island{'s' if most != 1 else ''}" if most else "cannot hold one island"
        raise MapError(f"--table {w}x{h}: a {w} x {h} cm table {held} of {kit.cols * kit.cell_mm / 10:g} cm "
                       f"with bridges of {kit.bridge_length * kit.cell_mm / 10:g} cm (asked for {p.islands})")


def generate(kit: MapKit, p: MapParams, seed: int) -> Plan:
    """The plan for these parameters and this seed (check_params first: this assumes they are met)."""
    rng = random.Random(seed)
    path = layout(kit, p.islands, kit.table_cells(p.table_mm), rng)
    if path is None:
        raise MapError("the table cannot hold the islands")
    k = len(path)
    last = k - 1
    budget = kit.budget(p.players, p.difficulty)
    used: list[set[Cell]] = [set() for _ in range(k)]
    cols, rows = kit.cols, kit.rows

    # island 1: the players' start cells, all at one distance from the bridge
    at0, side0 = path[0]
    bands = start_bands(kit, side0, p.players)
    band = bands[int(rng.random() * len(bands))] if bands else widest_start_band(kit, side0)  # else: a tiny island
    starts = _together(rng, band, p.players)
    used[0].update(starts)
    start_table = [(at0[0] + c, at0[1] + r) for c, r in starts]
    sight = [_in_sight(kit, at, start_table) for at, _ in path]

    # the last island: the stage end far from the bridge the players arrive by, and its guard
    far, nearest_first = _far_cells(kit, OPPOSITE[path[last - 1][1]])
    stage_end = far[int(rng.random() * len(far))] if far else nearest_first[-1]
    used[last].add(stage_end)
    mix = kit.enemy_mix(budget, rng)
    if sum(kit.strength[t] * n for t, n in mix.items()) * 100 < budget * kit.min_spent_percent:
        mix = kit.enemy_mix(budget, None)
    enemies: list[dict[str, list[Cell]]] = [{} for _ in range(k)]
    if mix[kit.guard]:
        reach = kit.attack_range[kit.guard]
        near = [(c, r) for r in range(max(0, stage_end[1] - reach), min(rows, stage_end[1] + reach + 1))
                for c in range(max(0, stage_end[0] - reach), min(cols, stage_end[0] + reach + 1))
                if (c, r) not in used[last] and (c, r) not in sight[last]]
        for _ in range(mix[kit.guard]):
            if not near:
                break
            cell = near.pop(int(rng.random() * len(near)))
            used[last].add(cell)
            enemies[last].setdefault(kit.guard, []).append(cell)
        mix[kit.guard] = 0

    # chests, then traps (both need room), on every island; the box holds enough of both for the
    # largest map (a content check), so no island gets less to spare the tokens
    # the bridge ends stay clear of both unless the level leaves them free (decision map-bridge-ends):
    # they are taken while chests and traps are placed, then given back to the enemies
    ends = [_bridge_ends(kit, path, i) - used[i] if p.difficulty in kit.clear_bridge_ends else set()
            for i in range(k)]
    for i in range(k):
        used[i] |= ends[i]
    chests: list[list[Cell]] = [[] for _ in range(k)]
    n = kit.chest_cells
    covers, anchors = _covers(kit, n, n)
    lo, hi = kit.chests_per_island
    for i in range(k):
        for _ in range(_between(rng, lo, hi)):
            nw = _place(rng, used[i], covers, anchors)
            if nw is None:
                break
            chests[i].append(nw)
            used[i].update(covers[nw])
    traps = _traps(kit, p, rng, used)
    for i in range(k):
        used[i] -= ends[i]

    # the other enemies, strongest first, each on the island furthest below its share of the strength
    # (island i, 0-based, weighs i + 1, the guard counting on the last), so that the path grows harder
    blocked = [used[i] | sight[i] if sight[i] else used[i] for i in range(k)]
    _, every = _covers(kit, 1, 1)
    held = [0] * k
    held[last] = sum(kit.strength[t] * len(cells) for t, cells in enemies[last].items())
    total = held[last] + sum(kit.strength[t] * n for t, n in mix.items())
    weight = k * (k + 1) // 2
    for t in sorted((t for t in kit.enemy_types if mix[t]), key=lambda t: -kit.strength[t]):
        for _ in range(mix[t]):
            below = sorted(range(k), key=lambda i: (held[i] * weight - total * (i + 1), -i))
            for i in below:
                spot = _free_cell(rng, blocked[i], every)
                if spot is not None:
                    used[i].add(spot)
                    blocked[i].add(spot)
                    enemies[i].setdefault(t, []).append(spot)
                    held[i] += kit.strength[t]
                    break

    islands = []
    for i, (at, side) in enumerate(path):
        groups = tuple((t, _reading(enemies[i][t])) for t in kit.enemy_types if enemies[i].get(t))
        islands.append(IslandPlan(
            number=i + 1, at=at, bridge=side if i < last else None,
            starts=_reading(starts) if i == 0 else (), enemies=groups,
            traps=tuple(sorted(traps[i], key=lambda tr: (tr[0][1], tr[0][0]))),
            chests=_reading(chests[i]), stage_end=stage_end if i == last else None))
    spent = sum(kit.strength[t] * len(cells) for isl in islands for t, cells in isl.enemies)
    return Plan(seed, p.players, p.difficulty, p.table_mm, budget, spent, tuple(islands))


def _bridge_ends(kit: MapKit, path: Path, i: int) -> set[Cell]:
    """The cells of island i where the bridges of the path meet it (plan.bridge_ends, on a path)."""
    out: set[Cell] = set()
    if i > 0:
        out.update(kit.socket_cells(OPPOSITE[path[i - 1][1]]))
    if i < len(path) - 1:
        out.update(kit.socket_cells(path[i][1]))
    return out


def _reading(cells: list[Cell]) -> tuple[Cell, ...]:
    """Cells in reading order (row by row), as the plan lists them."""
    return tuple(sorted(cells, key=lambda c: (c[1], c[0])))


def _between(rng: random.Random, lo: int, hi: int) -> int:
    """A whole number from lo to hi, both included (randint's work with one call to random())."""
    return lo + int(rng.random() * (hi - lo + 1))


Step = tuple[Rect, Cell]  # the bridge's rectangle and the next island's corner, both from (0, 0)


def _steps(kit: MapKit) -> dict[str, Step]:
    if "steps" not in kit.memo:
        steps = {}
        for s in SIDE_ORDER:
            nxt = kit.next_island_at((0, 0), s) if s in kit.sockets else None
            if nxt is not None:
                steps[s] = (kit.bridge_rect((0, 0), s), nxt)
        kit.memo["steps"] = steps
    found: dict[str, Step] = kit.memo["steps"]
    return found


Path = list[tuple[Cell, str]]  # each island's north-west table cell and the side its bridge leaves by
ENUMERATED_CHAINS = 5000  # up to this many chains fit a table, they are listed once and drawn uniformly


def layout(kit: MapKit, k: int, table: tuple[int, int], rng: random.Random) -> Path | None:
    """A random chain of k islands that fits the table, centred on it ('' for the last island's
    bridge); None when no chain fits. Every chain that fits is equally likely while they are few
    (listed once per table); on a table so large that they are many, a random depth-first search
    finds one. Either way a chain is found whenever one exists."""
    key = ("chains", k, table)
    if key not in kit.memo:
        listed = list(islice(_chains(kit, k, table, None), ENUMERATED_CHAINS + 1))
        kit.memo[key] = listed if len(listed) <= ENUMERATED_CHAINS else None
    chains: list[Path] | None = kit.memo[key]
    if chains is None:  # too many to list: search at random
        return next(_chains(kit, k, table, rng))
    return list(chains[int(rng.random() * len(chains))]) if chains else None


def _chains(kit: MapKit, k: int, table: tuple[int, int], rng: random.Random | None) -> Iterator[Path]:
    """Every chain of k islands that fits the table (depth first, sides in a random order when rng
    is given), each centred on the table."""
    steps = _steps(kit)
    width, height = table
    cols, rows = kit.cols, kit.rows
    if cols > width or rows > height:
        return
    options = {a: [s for s in steps if s != a] for a in (None, *OPPOSITE)}
    ats: list[Cell] = [(0, 0)]
    rects: list[Rect] = [(0, 0, cols, rows)]
    chosen: list[str] = []

    def grow(arrival: str | None, box: Rect) -> Iterator[Path]:
        if len(ats) == k:
            dx, dy = (width - (box[2] - box[0])) // 2 - box[0], (height - (box[3] - box[1])) // 2 - box[1]
            yield [((x + dx, y + dy), chosen[i] if i < len(chosen) else "") for i, (x, y) in enumerate(ats)]
            return
        x, y = ats[-1]
        sides = options[arrival][:]
        if rng is not None:
            rng.shuffle(sides)
        for s in sides:
            (b0, b1, b2, b3), (dx, dy) = steps[s]
            b = (x + b0, y + b1, x + b2, y + b3)
            nx, ny = x + dx, y + dy
            r = (nx, ny, nx + cols, ny + rows)
            grown = (min(box[0], b[0], nx), min(box[1], b[1], ny), max(box[2], b[2], r[2]), max(box[3], b[3], r[3]))
            if grown[2] - grown[0] > width or grown[3] - grown[1] > height:
                continue
            if any(overlap(b, q) or overlap(r, q) for q in rects):
                continue
            ats.append((nx, ny))
            rects.extend((b, r))
            chosen.append(s)
            yield from grow(OPPOSITE[s], grown)
            ats.pop()
            del rects[-2:]
            chosen.pop()

    yield from grow(None, rects[0])


def start_bands(kit: MapKit, side: str, players: int) -> list[list[Cell]]:
    """Where the players may start on the first island, its bridge at its `side` socket: the bands of
    cells at one distance from the bridge, at least the least start distance, that hold every player,
    nearest first (none on an island too small: then widest_start_band)."""
    rings = _rings(kit, side)
    return [rings[d] for d in sorted(rings) if d >= kit.start_min_distance and len(rings[d]) >= players]


def _together(rng: random.Random, band: list[Cell], players: int) -> list[Cell]:
    """`players` start cells of the band side by side: a random first one, then the free cells of the
    band nearest to those taken (the players start as a group, not strewn around the bridge)."""
    starts = [band[int(rng.random() * len(band))]]
    while len(starts) < players:
        free = [c for c in band if c not in starts]
        near = min(max(abs(c[0] - s[0]), abs(c[1] - s[1])) for c in free for s in starts)
        nearest = [c for c in free if min(max(abs(c[0] - s[0]), abs(c[1] - s[1])) for s in starts) == near]
        starts.append(nearest[int(rng.random() * len(nearest))])
    return starts


def widest_start_band(kit: MapKit, side: str) -> list[Cell]:
    """The cells farthest from the bridge, as wide a band as the start spread allows."""
    rings = _rings(kit, side)
    return [c for d in sorted(rings)[-1 - kit.start_spread:] for c in rings[d]]


def _rings(kit: MapKit, side: str) -> dict[int, list[Cell]]:
    """Island cells by their distance to the bridge at its `side` socket (cached on the kit)."""
    key = ("rings", side)
    if key not in kit.memo:
        bridge = kit.bridge_rect((0, 0), side)  # in the island's own cells
        rings: dict[int, list[Cell]] = {}
        for r in range(kit.rows):
            for c in range(kit.cols):
                rings.setdefault(distance_to_rect(c, r, bridge), []).append((c, r))
        kit.memo[key] = rings
    found: dict[int, list[Cell]] = kit.memo[key]
    return found


def _far_cells(kit: MapKit, arrival: str) -> tuple[list[Cell], list[Cell]]:
    """The cells far enough from the bridge the players arrive by to hold the stage end, and every
    cell nearest first (for islands too small to have far cells)."""
    key = ("far", arrival)
    if key not in kit.memo:
        rings = _rings(kit, arrival)
        every = [c for d in sorted(rings) for c in rings[d]]
        far = [c for d in sorted(rings) if d >= kit.stage_end_min_distance for c in rings[d]]
        kit.memo[key] = (far, every)
    found: tuple[list[Cell], list[Cell]] = kit.memo[key]
    return found


def _in_sight(kit: MapKit, at: Cell, starts: list[Cell]) -> set[Cell]:
    """The cells of the island at `at` that see a start cell (decision map-enemy-sight)."""
    vr = kit.visual_range
    out: set[Cell] = set()
    rect = kit.island_rect(at)
    for sx, sy in starts:
        if distance_to_rect(sx, sy, rect) > vr:
            continue
        key = ("sight", sx - at[0], sy - at[1])
        if key not in kit.memo:
            c0, c1 = max(0, sx - vr - at[0]), min(kit.cols, sx + vr + 1 - at[0])
            r0, r1 = max(0, sy - vr - at[1]), min(kit.rows, sy + vr + 1 - at[1])
            kit.memo[key] = frozenset((c, r) for r in range(r0, r1) for c in range(c0, c1))
        out |= kit.memo[key]
    return out


Covers = dict[Cell, tuple[Cell, ...]]  # anchor cell -> the cells a thing put there covers, anchors in order


def _covers(kit: MapKit, w: int, h: int) -> tuple[Covers, tuple[Cell, ...]]:
    """Every anchor where a w x h thing fits on an island, with the cells it covers (cached)."""
    key = ("covers", w, h)
    if key not in kit.memo:
        covers = {(c, r): tuple((c + i, r + j) for j in range(h) for i in range(w))
                  for r in range(kit.rows - h + 1) for c in range(kit.cols - w + 1)}
        kit.memo[key] = (covers, tuple(covers))
    found: tuple[Covers, tuple[Cell, ...]] = kit.memo[key]
    return found


def _place(rng: random.Random, used: set[Cell], covers: Covers, anchors: tuple[Cell, ...]) -> Cell | None:
    """A random anchor whose covered cells are all free: a few random tries (cheap while the island
    is empty), then every anchor in turn, so a place is found whenever one exists; either way each
    free anchor is equally likely."""
    n = len(anchors)
    if not n:
        return None
    for _ in range(16):
        a = anchors[int(rng.random() * n)]
        if used.isdisjoint(covers[a]):
            return a
    free = [a for a in anchors if used.isdisjoint(covers[a])]
    return free[int(rng.random() * len(free))] if free else None


def _free_cell(rng: random.Random, blocked: set[Cell], every: tuple[Cell, ...]) -> Cell | None:
    """A random cell of the island not in `blocked` (the enemies' _place, inlined: it runs most)."""
    n = len(every)
    if len(blocked) >= n:
        return None
    for _ in range(16):
        a = every[int(rng.random() * n)]
        if a not in blocked:
            return a
    free = [a for a in every if a not in blocked]
    return free[int(rng.random() * len(free))] if free else None


def _traps(kit: MapKit, p: MapParams, rng: random.Random, used: list[set[Cell]]) -> list[list[tuple[Cell, ...]]]:
    """Traps on every island: a count per island within the level's range, each of a size of the
    content, in a row or a column."""
    _, lo, hi = kit.levels[p.difficulty]
    out: list[list[tuple[Cell, ...]]] = [[] for _ in used]
    for i, taken in enumerate(used):
        for _ in range(_between(rng, lo, hi)):
            size = kit.trap_sizes[int(rng.random() * len(kit.trap_sizes))]
            w, h = (size, 1) if rng.random() < 0.5 else (1, size)
            covers, anchors = _covers(kit, w, h)
            anchor = _place(rng, taken, covers, anchors)
            if anchor is None:
                continue
            taken.update(covers[anchor])
            out[i].append(covers[anchor])
    return out
