"""A survey of the tile set: many first draws, how often a nation is cut off or disadvantaged."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .fairness import analyse
from .mapgen import draw, plan_tiles, space_grid
from .model import IslandOfFog


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


def survey(model: IslandOfFog, size: int, players: int, seed: int, count: int) -> Survey:
    """Draw `count` maps from one seeded stream and count what the fairness report finds."""
    rng = random.Random(seed)
    out = Survey(size, players, seed)
    for colour in model.seats(players):
        out.seats[colour] = SeatStats(colour)
    for _ in range(count):
        plan = draw(model, size, players, rng, seed)
        report = analyse(model, size, plan.seats, plan_tiles(plan), space_grid(model, plan), with_elite=False)
        out.maps += 1
        reasons = report.disadvantaged
        who = {c for c, _ in reasons}
        if not report.playable:
            out.cut_off += 1
        else:
            spread = report.path_spread or 0
            out.spread_total += spread
            out.spread_max = max(out.spread_max, spread)
            out.path_unfair += spread > report.path_margin_mp
        out.lots_spread_total += report.lots_spread
        out.lots_spread_max = max(out.lots_spread_max, report.lots_spread)
        out.lots_unfair += report.lots_spread > report.lots_margin
        out.unfair += bool(reasons)
        for s in report.seats:
            st = out.seats[s.colour]
            st.cut_off += s.path_mp is None
            st.disadvantaged += s.colour in who
            st.lots_total += s.lots_in_reach
            if s.path_mp is not None:
                st.path_total += s.path_mp
                st.paths += 1
    return out


def format_survey(model: IslandOfFog, s: Survey) -> str:
    """The survey as a short report for a terminal."""
    def pct(k: int) -> str:
        return f"{k:>6} ({100 * k / s.maps:5.1f}%)" if s.maps else f"{k:>6}"

    playable = s.maps - s.cut_off
    f = model.fairness
    lines = [
        f"survey: {s.maps} maps, {s.size}x{s.size}, {s.players} players, seed {s.seed} (first draws, no re-draws)",
        f"  a nation cut off from the lighthouse  {pct(s.cut_off)}",
        f"  path spread > {f.path_margin_mp} MP                   {pct(s.path_unfair)}",
        f"  lots-in-reach spread > {f.lots_margin}             {pct(s.lots_unfair)}",
        f"  any nation disadvantaged or cut off   {pct(s.unfair)}",
        f"  path spread: mean {s.spread_total / playable if playable else 0:.2f} MP, max {s.spread_max} MP",
        f"  lots spread: mean {s.lots_spread_total / s.maps if s.maps else 0:.2f}, max {s.lots_spread_max}",
        f"  {'nation':<8} {'mean path':>10} {'mean lots':>10} {'cut off':>8} {'worse off':>10}",
    ]
    for st in s.seats.values():
        mean = st.mean_path()
        lines.append(f"  {model.colour[st.colour].name:<8} {mean if mean is not None else float('nan'):>7.2f} MP "
                     f"{st.lots_total / s.maps if s.maps else 0:>10.2f} {st.cut_off:>8} {st.disadvantaged:>10}")
    return "\n".join(lines)
