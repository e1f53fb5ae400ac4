"""The rulebook text: templates/island-of-fog/rulebook.md.j2 rendered over the model."""

from __future__ import annotations

from ...text import render
from .model import IslandOfFog
from .odds import OddsRow, percent
from .rules import Force
from .texts import combat_words, context


def contents_table(counts: dict[str, int]) -> list[list[object]]:
    """What is in the box, two components a row (a long list of bullets filled a page)."""
    items = list(counts.items())
    half = (len(items) + 1) // 2
    rows: list[list[object]] = [["Count", "Component", "Count", "Component"]]
    for i in range(half):
        left = items[i]
        right = items[half + i] if half + i < len(items) else ("", "")
        rows.append([left[1], left[0], right[1], right[0]])
    return rows


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
            notes.append("on starting tiles only; the nation's base stands here")
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


def setups_table(m: IslandOfFog, ctx: dict[str, object]) -> list[list[object]]:
    """One row a board size: for each player count, the squares the pile covers and the tiles left
    over ("-": the tiles cannot set that board up)."""
    counts = list(range(m.game.players.min, m.game.players.max + 1))
    rows: list[list[object]] = [["Board", "Lighthouse", *(f"{n} players" for n in counts)]]
    by = {(s["size"], s["players"]): s for s in ctx["setups"]}  # type: ignore[attr-defined]
    for v in m.board.variants:
        cells = [f"{by[(v.size, n)]['from_pile']} ({by[(v.size, n)]['left_over']})" if (v.size, n) in by else "-"
                 for n in counts]
        rows.append([f"{v.size}x{v.size}", "centre" if v.lighthouse == "centre" else "in the pile", *cells])
    return rows


def odds_examples(m: IslandOfFog, rows: list[OddsRow]) -> str:
    """Two fights from the exact odds, as a sentence: a single unit and the biggest stack attacking
    a single unit on the weakest and on the strongest ground."""
    first = m.units.units[0].id
    by = {(r.attacker, r.defender, r.defence): r for r in rows}
    weak, strong = min(m.combat.defence, key=lambda d: d.bonus), max(m.combat.defence, key=lambda d: d.bonus)
    single, stack = Force(first), Force(first, m.units.stacking.max_size)
    cells = [by.get((a, single, d.id)) for a in (single, stack) for d in (weak, strong)]
    if not all(cells):
        return ""
    a, b, c, d = (percent(r.odds.win) for r in cells if r is not None)
    return (f"a {single.label(m).lower()} attacking another wins {a} of fights on {weak.name.lower()} and {b} "
            f"on {strong.name.lower()}; a {stack.label(m).lower()} wins {c} and {d}.")


def text(m: IslandOfFog, counts: dict[str, int], rows: list[OddsRow]) -> str:
    ctx = context(m)
    return render("island-of-fog/rulebook.md.j2", contents_table=contents_table(counts), spaces_table=spaces_table(m),
                  units_table=units_table(m), setups_table=setups_table(m, ctx), odds_examples=odds_examples(m, rows),
                  said=combat_words(m, rows[0].policy if rows else None), **ctx)
