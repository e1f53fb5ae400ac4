"""The rulebook text: templates/island-of-fog/rulebook.md.j2 rendered over the model."""

from __future__ import annotations

from ...content.decisions import appendix
from ...text import render
from .model import IslandOfFog
from .odds import OddsRow, percent
from .rules import Force
from .texts import context, decisions


def contents(m: IslandOfFog, counts: dict[str, int]) -> list[tuple[str, int]]:
    return list(counts.items())


def spaces_table(m: IslandOfFog) -> list[list[object]]:
    rows: list[list[object]] = [["Space", "Move cost", "Defence", "Notes"]]
    for k in m.spaces.kinds:
        notes = []
        if k.climb:
            climbers = [u.name for u in m.units.units if u.climbs_mountains]
            notes.append(f"only {', '.join(c.lower() + 's' for c in climbers)} can enter")
        if k.move_cost is None:
            notes.append("no unit can enter")
        if k.lot:
            notes.append(f"a city or factory may be built here ({m.defence[k.built_defence].name} once built)"
                         if k.built_defence else "a city or factory may be built here")
        if k.base:
            notes.append("on starting tiles: the nation's home base")
        if k.lighthouse:
            notes.append(f"a city worth {m.tiles.lighthouse.income}")
        cost = "-" if k.move_cost is None else k.move_cost
        defence = m.defence[k.defence]
        rows.append([k.name, cost, f"{defence.name} {defence.bonus:+d}", "; ".join(notes) or "-"])
    return rows


def units_table(m: IslandOfFog) -> list[list[object]]:
    rows: list[list[object]] = [["Unit", "Cost", "Move", "Mountains", "Stacks", "Combat bonus", "Per nation"]]
    for u in m.units.units:
        rows.append([u.name, f"{u.cost} coins", u.move, "yes" if u.climbs_mountains else "no",
                     f"up to {m.units.stacking.max_size}" if u.stackable else "no",
                     f"{u.combat_extra:+d} extra" if u.combat_extra else "-", u.per_colour])
    return rows


def setups_table(ctx: dict[str, object]) -> list[list[object]]:
    rows: list[list[object]] = [["Board", "Players", "Lighthouse", "Squares from the pile", "Tiles left over"]]
    for s in ctx["setups"]:  # type: ignore[attr-defined]
        rows.append([f"{s['size']}x{s['size']}", s["players"],
                     "centre" if s["lighthouse"] == "centre" else "in the pile", s["from_pile"], s["left_over"]])
    return rows


def odds_sample(m: IslandOfFog, rows: list[OddsRow]) -> list[list[object]]:
    """A handful of fights for the rulebook: every attacker against a basic unit on each ground."""
    out: list[list[object]] = [["Attacker", "Defender", *(d.name for d in m.combat.defence)]]
    first = m.units.units[0].id
    by = {(r.attacker, r.defender, r.defence): r for r in rows}
    attackers = sorted({r.attacker for r in rows}, key=lambda f: (f.size, f.unit != first))
    for a in attackers:
        d = Force(first)
        cells = [by.get((a, d, row.id)) for row in m.combat.defence]
        out.append([a.label(m), d.label(m), *(f"{percent(c.odds.win)} win" if c else "-" for c in cells)])
    return out


def text(m: IslandOfFog, counts: dict[str, int], rows: list[OddsRow]) -> str:
    ctx = context(m)
    return render("island-of-fog/rulebook.md.j2", contents=contents(m, counts), spaces_table=spaces_table(m),
                  units_table=units_table(m), setups_table=setups_table(ctx), odds_sample=odds_sample(m, rows),
                  decisions_appendix=appendix(decisions(m), intro=(
                      "The first draft of these rules left some questions open and answered a few twice. "
                      "Each is settled here once; the rest of the rulebook, the cards and the tiles follow "
                      "these choices.")), **ctx)
