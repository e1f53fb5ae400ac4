"""The rulebook text: the seed's rules as a template over the model, with the decisions appendix."""

from __future__ import annotations

from typing import Any

from ...content import ContentSet
from ...content.decisions import Decision, rendered
from ...content.prose import render
from .board import EndState, square_name
from .boardfile import action_examples, scoring_example
from .box import components
from .examples import all_examples
from .model import Skylands, terrain_combos
from .scoring import final_score
from .text import action_texts, decision_context, group_meaning, pad_hint, special_text


def _cost(model: Skylands, cost: list[str]) -> str:
    names = {c.id: c.name.split()[0].lower() for c in [*model.files.game.inhabitants.colours,
                                                        model.files.game.inhabitants.any]}
    return ", ".join(names.get(c, c) for c in cost)


def example(model: Skylands, end: EndState) -> dict[str, Any]:
    """The scoring example: the rules model's score of the board in scoring-example.yaml, row by row."""
    pad = final_score(model, end)
    details = dict(pad.details)
    details["specials"] = "; ".join(f"{ln.name} ({square_name(ln.square)}) {ln.vp}: {ln.why}" for ln in pad.specials)
    table: list[list[object]] = [["Row", end.player or "Score", "Why"]]
    for row in model.files.scoring.pad.rows:
        table.append([row.label, pad.categories[row.category], details[row.category]])
    table.append([f"**{model.files.scoring.pad.total_label}**", f"**{pad.total}**", ""])
    return {"player": end.player, "pad": pad, "table": table}


def context(model: Skylands, end: EndState, worked: dict[str, Any]) -> dict[str, Any]:
    f = model.files
    shapes = model.shapes
    marks = {m.id: m for m in f.tiles.player_marks}
    tile_rows: list[list[object]] = [["Shape", "Kinds", "Of each kind", "Tiles", "Marked"]]
    for kind in f.tiles.island_tiles:
        n_kinds = len(terrain_combos(kind, [t.id for t in f.game.terrains]))
        marked = ", ".join(f"{n} x '{marks[m].symbol}'" for m, n in kind.marks.items()) or "-"
        tile_rows.append([shapes[kind.shape].name, f"{n_kinds} ({'types' if kind.per == 'terrain' else 'pairs'})",
                          kind.copies, n_kinds * kind.copies, marked])
    space_rows: list[list[object]] = [["Shape", "Fragments: edges and spaces"]]
    for shape in f.tiles.shapes:
        frags = "; ".join(f"{', '.join(fr.edges) or 'no edge'}: {fr.spaces}" for fr in shape.fragments)
        space_rows.append([shape.name, frags])
    vm = f.tokens.vp_markers
    supply_rows: list[list[object]] = [["Players", "Island tiles", "Leave out tiles marked", "VP markers"]]
    for players in range(f.game.players.max, f.game.players.min - 1, -1):
        gone = [m.symbol for m in f.tiles.player_marks if m.min_players > players]
        supply = next(s for s in vm.supply if s.players == players)
        leave = ", ".join(f"{n} x {v}" for v, n in sorted(supply.leave_out.items()))
        supply_rows.append([players, len(model.tiles_for(players)), ", ".join(f"'{g}'" for g in gone) or "none",
                            f"{supply.vp} VPs" + (f" (leave out {leave})" if leave else " (all)")])
    groups = []
    for g in f.specials.groups:
        rows: list[list[object]] = [["Special island", "Cost", "VP", "Effect"]]
        for s in model.specials.values():
            if s.spec.group != g.id:
                continue
            vp = "?" if s.vp is None else f"{s.vp}{'*' if s.is_fragment else ''}"
            shape_name = shapes[s.spec.shape].name.lower()
            where = f"{s.spec.terrain} " if s.spec.terrain else ""
            rows.append([f"**{s.spec.name}** ({where}{shape_name})", _cost(model, s.spec.cost), vp,
                         special_text(model, s) or "-"])
        groups.append({"group": g, "rows": rows, "meaning": group_meaning(model, g)})
    return {
        "m": model,
        "f": f,
        "components": components(model),
        "tile_table": tile_rows,
        "space_table": space_rows,
        "supply_table": supply_rows,
        "actions": [{"a": a, "text": action_texts(a)[0], "bonus": action_texts(a)[1]} for a in f.boards.actions],
        "act": {a.id: a for a in f.boards.actions},
        "pad_rows": [{"row": r, "hint": pad_hint(model, r.hint)} for r in f.scoring.pad.rows],
        "special_groups": groups,
        "effects": {e.kind: e for e in f.specials.effects},
        "terrains": model.terrains,
        "colours": f.game.inhabitants.colours,
        "marks": f.tiles.player_marks,
        "grid": f.game.player_board,
        "ex": example(model, end),
        "wx": worked,
    }


def decisions(model: Skylands, end: EndState) -> list[Decision]:
    """Every decision, rendered over the model and the scoring example (design notes)."""
    return rendered(model.files.decisions.decisions, decision_context(model, end))


def text(model: Skylands, example: EndState, worked: dict[str, Any]) -> str:
    """The rulebook; `example` is the board of its scoring example (boardfile.scoring_example), `worked`
    its worked examples of the actions (examples.all_examples)."""
    return render("skylands/rulebook.md.j2", **context(model, example, worked))


def book(model: Skylands, content: ContentSet) -> str:
    """The rulebook of the content's scoring example and worked examples."""
    end = scoring_example(model, content)
    return text(model, end, all_examples(model, end, action_examples(model, content)))
