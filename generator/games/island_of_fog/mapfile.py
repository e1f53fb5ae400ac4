"""map.yaml: a generated map written as YAML, read back and checked by the same rules,
so a game master may edit a map and re-check it."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Annotated, Any, Literal

import yaml
from pydantic import Field

from ...content import ContentError, Loc, Slug, Source, Strict, parse
from .board import DIRECTIONS, Direction, SetupError, arrow, quarter_turns, setup
from .fairness import MapReport, analyse
from .mapgen import MapPlan, Placement, pile, plan_tiles, space_grid
from .model import GAME_ID, IslandOfFog

Pair = Annotated[list[int], Field(min_length=2, max_length=2)]


class SeatEntry(Strict):
    """A player's seat: their colour and the corner square they start from."""

    colour: Slug
    corner: Pair
    """The corner square, [row, column] from the top left."""


class TileEntry(Strict):
    """A tile laid on the map."""

    square: Pair
    """Its square, [row, column] from the top left."""
    tile: Slug
    """The tile's id (tiles.yaml)."""
    arrow: Direction
    """Where the tile's arrow points."""


class MapFile(Strict):
    """The part of map.yaml that is read back (the report is recomputed, never trusted)."""

    LARGE_NUMBERS = frozenset({"seed"})

    game: Literal["island-of-fog"]
    size: int
    """Tiles along each side of the map."""
    players: int
    seed: int = Field(default=0, ge=0, le=2**64 - 1)
    """The seed the map was made from."""
    attempt: int = 1
    """Which attempt of that seed made it (a map that fails the fairness checks is made again)."""
    seats: list[SeatEntry]
    tiles: list[TileEntry]
    left_over: list[Slug] = Field(default_factory=list)
    """The tiles not laid, by id."""
    report: dict[str, Any] | None = None
    """The fairness report written with the map; never read back (it is made again)."""


def to_yaml(model: IslandOfFog, plan: MapPlan, report: MapReport) -> str:
    """map.yaml text: the plan, one line a tile, then the fairness report computed for it."""
    # no seed: the file lies in the players' map folder, and the seed would make the map again
    head = {"game": GAME_ID, "size": plan.size, "players": plan.players, "attempt": plan.attempt}
    lines = ["# Battle on the Island of Fog: a fully revealed map. Squares are [row, column] from the",
             "# top left; `arrow` is where the tile's arrow points. Edit it, then check it with",
             "#   playkit map island-of-fog --check map.yaml",
             *(f"{k}: {_flow(v)}" for k, v in head.items()), "seats:"]
    lines += [f"  - {_flow({'colour': c, 'corner': sq})}" for c, sq in plan.seats]
    lines.append("tiles:")
    lines += [f"  - {_flow({'square': p.square, 'tile': p.tile, 'arrow': DIRECTIONS[p.turns]})}"
              for p in plan.placements]
    lines.append(f"left_over: {_flow(list(plan.left_over))}")
    lines.append("report:  # recomputed by --check, never read back")
    for key, value in report_data(model, report).items():
        if isinstance(value, list) and value:
            lines.append(f"  {key}:")
            lines += [f"    - {_flow(item)}" for item in value]
        else:
            lines.append(f"  {key}: {_flow(value)}")
    return "\n".join(lines).rstrip("\n") + "\n"


def _flow(data: Any) -> str:
    """One value on one line, as YAML flow: what yaml.safe_dump(default_flow_style=True) writes.

    Lists, mappings, numbers, booleans and null are written here; only strings go through
    PyYAML (cached), in a flow sequence so that it quotes them as flow context needs. Dumping
    every value whole took a third of a map.yaml round trip."""
    if isinstance(data, dict):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in data.items()) + "}"
    if isinstance(data, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in data) + "]"
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, int):
        return str(data)
    if isinstance(data, str):
        return _flow_str(data)
    raise TypeError(f"map.yaml holds no {type(data).__name__} values")


@cache
def _flow_str(text: str) -> str:
    """A string as a flow-context YAML scalar (plain when safe, quoted when not)."""
    return yaml.safe_dump([text], default_flow_style=True, width=10_000).strip()[1:-1]


def report_data(model: IslandOfFog, report: MapReport) -> dict[str, Any]:
    return {
        "unit": model.fairness.unit,
        "lighthouse_space": list(report.lighthouse),
        "playable": report.playable,
        "fair": report.fair,
        "path_spread_mp": report.path_spread,
        "lots_spread": report.lots_spread,
        "seats": [{"colour": s.colour, "base_space": s.base, "path_mp": s.path_mp, "turns": s.turns,
                   "elite_path_mp": s.elite_path_mp, "lots_first": s.lots_nearer, "lots_value": s.lots_value}
                  for s in report.seats],
        "disadvantaged": [{"colour": c, "why": why} for c, why in report.disadvantaged],
    }


def to_plan(entry: MapFile) -> MapPlan:
    """The plan a checked map file describes."""
    placements = tuple(Placement((t.square[0], t.square[1]), t.tile, quarter_turns(t.arrow))
                       for t in sorted(entry.tiles, key=lambda t: (t.square[0], t.square[1])))
    seats = tuple((s.colour, (s.corner[0], s.corner[1])) for s in entry.seats)
    return MapPlan(entry.size, entry.players, entry.seed, entry.attempt, seats, placements,
                   tuple(entry.left_over))


def read_map(model: IslandOfFog, source: Source) -> MapReport:
    """The fairness report of the map in `source`, checked by every rule; ContentError with every
    problem, each at its FILE:LINE:COL."""
    found, report = check_plan(model, parse(MapFile, source))
    if found or report is None:
        raise ContentError([source.problem(loc, msg) for loc, msg in found])
    return report


def check_plan(model: IslandOfFog, entry: MapFile) -> tuple[list[tuple[Loc, str]], MapReport | None]:
    """Every rule a map breaks, as (place in the file, message); and its fairness report when the
    map is whole enough to measure."""
    out: list[tuple[Loc, str]] = []
    try:
        plan = setup(model, entry.size, entry.players)
    except SetupError as err:
        return [(("size",), str(err))], None
    size = entry.size
    want_seats = {c: sq for c, sq in plan.seats}
    for i, s in enumerate(entry.seats):
        if s.colour not in want_seats:
            out.append((("seats", i, "colour"), f"{s.colour!r} does not play with {entry.players} players "
                        f"(seats: {', '.join(want_seats)})"))
        elif tuple(s.corner) != want_seats[s.colour]:
            out.append((("seats", i, "corner"), f"{s.colour} starts at {list(want_seats[s.colour])}"))
    if sorted(s.colour for s in entry.seats) != sorted(want_seats):
        out.append((("seats",), f"the seats must be {', '.join(want_seats)}"))
    corners = {sq: c for c, sq in want_seats.items()}
    seen: dict[tuple[int, int], int] = {}
    available = Counter(pile(model, size))
    used: Counter[str] = Counter()
    for i, t in enumerate(entry.tiles):
        sq = (t.square[0], t.square[1])
        if not (0 <= sq[0] < size and 0 <= sq[1] < size):
            out.append((("tiles", i, "square"), f"square {list(sq)} is off the {size}x{size} board"))
            continue
        if sq in seen:
            out.append((("tiles", i, "square"), f"square {list(sq)} is covered twice (also entry {seen[sq]})"))
            continue
        seen[sq] = i
        if sq in plan.sea:
            out.append((("tiles", i, "square"), f"square {list(sq)} is sea with {entry.players} players: "
                        "no tile lies there"))
            continue
        if t.tile not in model.tile:
            out.append((("tiles", i, "tile"), f"unknown tile {t.tile!r}"))
            continue
        want = arrow(size, sq)
        if t.arrow != want:
            out.append((("tiles", i, "arrow"), f"the arrow on {list(sq)} must point {want} (found {t.arrow})"))
        if sq in corners:
            if t.tile != model.starting_tile.id:
                out.append((("tiles", i, "tile"), f"{corners[sq]}'s corner {list(sq)} holds the starting tile "
                            f"{model.starting_tile.id!r} (found {t.tile!r})"))
        elif sq == plan.lighthouse_square:
            if t.tile != model.lighthouse_tile.id:
                out.append((("tiles", i, "tile"), f"the centre square holds the lighthouse (found {t.tile!r})"))
        elif t.tile == model.starting_tile.id:
            out.append((("tiles", i, "tile"), "a starting tile lies only in a seat's corner"))
        elif t.tile == model.lighthouse_tile.id and plan.lighthouse_square is not None:
            out.append((("tiles", i, "tile"), f"the lighthouse lies only on the centre square "
                        f"{list(plan.lighthouse_square)} of a {size}x{size} board"))
        else:
            used[t.tile] += 1
            if used[t.tile] > available[t.tile]:
                out.append((("tiles", i, "tile"), f"tile {t.tile!r} is used {used[t.tile]} times "
                            f"(the pile has {available[t.tile]})"))
    missing = [list(sq) for sq in ((r, c) for r in range(size) for c in range(size))
               if sq not in seen and sq not in plan.sea]
    if missing:
        out.append((("tiles",), f"{len(missing)} squares have no tile: {missing[:6]}"
                    f"{' …' if len(missing) > 6 else ''}"))
    if out:
        return out, None
    full = to_plan(entry)
    report = analyse(model, size, full.seats, plan_tiles(full), space_grid(model, full))
    for colour in report.cut_off:
        i = next(k for k, s in enumerate(entry.seats) if s.colour == colour)
        out.append((("seats", i), f"{colour}'s base cannot reach the lighthouse over land a "
                    f"{model.unit[model.fairness.unit].name.lower()} can cross"))
    return out, report
