"""A survey of the tile set: many first draws, how often a nation is cut off or disadvantaged.

What the rules do with the pile, and how the survey takes it in:
- the map is drawn live: a tile is turned up from the pile when a unit steps onto its square. Which
  tile lands on a square does not depend on when it is turned up (the pile is shuffled once), so a
  whole random deal has the same odds, square by square, as the tiles a game turns up;
- the lighthouse owner places one tile a turn "anywhere within the 5x5 grid": that player chooses
  squares, so luck is not the whole story. A tile whose middle row or column is not open ground (a
  space some unit cannot enter, or pays more for) is one the owner can lay across a rival's way in;
  the survey names such tiles and does not call a tile set that has them fair.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field

from . import calibration
from .mapgen import surveyed
from .model import IslandOfFog
from .rules import move_cost


@dataclass
class SeatStats:
    colour: str
    cut_off: int = 0
    disadvantaged: int = 0
    path_total: int = 0
    paths: int = 0
    lots_total: int = 0

    def mean_path(self) -> float | None:
        return self.path_total / self.paths if self.paths else None


@dataclass
class Survey:
    """Counts over `maps` first draws (no re-draws: this measures the tiles, not the generator)."""

    size: int
    players: int
    seed: int
    maps: int = 0
    cut_off: int = 0
    path_unfair: int = 0
    lots_unfair: int = 0
    unfair: int = 0
    spread_total: int = 0
    spread_max: int = 0
    lots_spread_total: int = 0
    lots_spread_max: int = 0
    seats: dict[str, SeatStats] = field(default_factory=dict)
    blocking: tuple[str, ...] = ()   # tiles the lighthouse owner could lay across a rival's way


def blocking_tiles(model: IslandOfFog) -> tuple[str, ...]:
    """Field tiles whose middle row or middle column has a space some unit cannot enter, or enters
    for more than the cheapest space costs: laid by the lighthouse owner, such a tile can lengthen
    a rival's way in. With none, every square can be crossed straight through its middle by every
    unit, whatever tile lies there, so no placement puts a nation further from the lighthouse."""
    units = model.units.units
    cheapest = min(c for u in units for k in model.kind if (c := move_cost(model, u, k)) is not None)
    out = []
    for tile in model.field_tiles:
        grid = model.turned[(tile.id, 0)]
        mid = len(grid) // 2
        cross = {grid[mid][i] for i in range(len(grid))} | {grid[i][mid] for i in range(len(grid))}
        if any(move_cost(model, u, k) != cheapest for u in units for k in cross):
            out.append(tile.id)
    return tuple(out)


def survey(model: IslandOfFog, size: int, players: int, seed: int, count: int,
           progress: Callable[[int], None] | None = None) -> Survey:
    """Draw `count` maps from one seeded stream and count what the fairness report finds.
    `progress(maps done)` is called about a hundred times on the way (and once at the end)."""
    out = Survey(size, players, seed, blocking=blocking_tiles(model))
    for colour in model.seats(players):
        out.seats[colour] = SeatStats(colour)
    step = max(1, count // 100)
    for done, (_, report) in enumerate(surveyed(model, size, players, seed, count), 1):
        out.maps += 1
        reasons = report.disadvantaged
        who = {c for c, _ in reasons}
        if not report.playable:
            out.cut_off += 1
        else:
            spread = report.path_spread or 0
            out.spread_total += spread
            out.spread_max = max(out.spread_max, spread)
            out.path_unfair += (report.turn_spread or 0) > report.path_margin_turns
        out.lots_spread_total += report.lots_spread
        out.lots_spread_max = max(out.lots_spread_max, report.lots_spread)
        out.lots_unfair += report.lots_spread > report.lots_margin
        out.unfair += bool(reasons)
        for s in report.seats:
            st = out.seats[s.colour]
            st.cut_off += s.path_mp is None
            st.disadvantaged += s.colour in who
            st.lots_total += s.lots_value
            if s.path_mp is not None:
                st.path_total += s.path_mp
                st.paths += 1
        if progress is not None and (done % step == 0 or done == count):
            progress(done)
    return out


def verdict(model: IslandOfFog, s: Survey) -> str:
    """One sentence a designer can act on: is the tile set fair for this board and player count?"""
    target = model.fairness.survey_target_pct
    share = 100 * s.unfair / s.maps if s.maps else 0.0
    if s.cut_off:
        head = f"NOT PLAYABLE as drawn: {_pct(s.cut_off, s.maps)} of maps cut a nation off from the lighthouse"
    elif share <= target and not s.blocking:
        head = f"FAIR: {_pct(s.unfair, s.maps)} of maps put a nation at a disadvantage (target: at most {target:g}%)"
    else:
        head = f"UNFAIR: {_pct(s.unfair, s.maps)} of maps put a nation at a disadvantage (target: at most {target:g}%)"
    if s.blocking:
        head += (f"; the lighthouse owner, who places tiles, can lay {len(s.blocking)} tile(s) across a rival's way "
                 f"({', '.join(s.blocking)})")
    c = calibration.current(model, s.players)
    if c is not None and not calibration.calibrated(c):
        head += "; against self-play its verdict on a map does no better than chance (not calibrated)"
    if not s.unfair:
        return head + "."
    causes = [(s.path_unfair, "path length"), (s.lots_unfair, "building lots reached first")]
    cause = max(causes)[1]
    worst = max(s.seats.values(), key=lambda st: (st.disadvantaged, st.colour))
    tail = f"; mostly by {cause}; most often {model.colour[worst.colour].name} ({_pct(worst.disadvantaged, s.maps)})"
    return head + tail + "."


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f}%" if n else "-"


def format_survey(model: IslandOfFog, s: Survey) -> str:
    """The survey as a report for a designer: what is measured, the margins, the counts, a verdict."""
    f = model.fairness
    unit = model.unit[f.unit]
    playable = s.maps - s.cut_off
    rows = [("a nation cut off from the lighthouse", s.cut_off),
            (f"turns to the lighthouse differ by more than {f.path_margin_turns}", s.path_unfair),
            (f"lots' value differs by more than {f.lots_margin}", s.lots_unfair),
            ("any nation disadvantaged or cut off", s.unfair)]
    lines = [
        f"Survey of the tile set: {s.maps} random {s.size}x{s.size} maps for {s.players} players "
        f"(seed {s.seed}; first draws, none re-drawn)",
        "",
        f"Measured for each nation, for a {unit.name.lower()} ({unit.move} MP a turn), from its home base:",
        "  path   fewest movement points to the lighthouse (mountains cost double, water blocks)",
        "  lots   coins a turn of the free building lots on field tiles it reaches in fewer turns",
        "         than every other nation (a lot two nations reach in the same turn counts for neither)",
        f"A nation is disadvantaged when it needs more than {f.path_margin_turns} turn(s) more than the fastest",
        "to reach the lighthouse, with basic units or with elites (elites cut off count),",
        f"or its lots earn more than {f.lots_margin} coins a turn less than the best nation's (fairness.yaml).",
        "",
        f"  {'maps where':<40} {'count':>7} {'share':>7}",
    ]
    lines += [f"  {label:<40} {k:>7} {_pct(k, s.maps):>7}" for label, k in rows]
    lines += [
        "",
        f"  {'spread between nations':<40} {'mean':>7} {'max':>7}",
        f"  {'path (MP), maps where no one is cut off':<40} "
        f"{(s.spread_total / playable if playable else 0):>7.2f} {s.spread_max:>7}",
        f"  {'value of lots reached first':<40} "
        f"{(s.lots_spread_total / s.maps if s.maps else 0):>7.2f} {s.lots_spread_max:>7}",
        "",
        f"  {'nation':<8} {'mean path':>10} {'mean lots':>10} {'cut off':>8} {'disadvantaged':>14}",
    ]
    for st in s.seats.values():
        mean = st.mean_path()
        path = f"{mean:.2f} MP" if mean is not None else "-"
        lines.append(f"  {model.colour[st.colour].name:<8} {path:>10} "
                     f"{(st.lots_total / s.maps if s.maps else 0):>10.2f} {_pct(st.cut_off, s.maps):>8} "
                     f"{_pct(st.disadvantaged, s.maps):>14}")
    lines += ["",
              "The map is drawn live from the pile; a whole random deal has the same odds square by square.",
              "The lighthouse owner places tiles where they choose: tiles that can block a way in: "
              + (", ".join(s.blocking) if s.blocking else "none (every field tile's middle row and column are open)"),
              "", textwrap.fill(calibration.statement(model, s.players), 100),
              "", "Verdict: " + verdict(model, s)]
    return "\n".join(lines)
