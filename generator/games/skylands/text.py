"""Rules text from templates: every number comes from the model, a missing name is an error."""

from __future__ import annotations

from typing import Any

import jinja2

from ...content.prose import phrase_of, render_string
from .board import EndState
from .model import Skylands, SpecialIsland
from .schema import ActionSpec, SpecialGroup
from .scoring import final_score


class TemplateProblem(ValueError):
    """A template that does not render: bad syntax or an unknown name."""


def render(template: str, **context: Any) -> str:
    """Render one template string; TemplateProblem says what went wrong."""
    try:
        return " ".join(render_string(template, **context).split())
    except jinja2.TemplateError as err:
        raise TemplateProblem(f"template: {err}") from None


def special_text(model: Skylands, special: SpecialIsland) -> str:
    """The effect text printed on a special island (empty for no effect)."""
    terrains = model.terrains
    colours = {c.id: c for c in model.files.game.inhabitants.colours}
    spec = special.spec
    return render(special.effect.text, e=special.effect, s=spec,
                  terrain=terrains.get(spec.depicts or spec.terrain or ""),
                  colour=colours.get(spec.colour or ""),
                  actions={a.id: a for a in model.files.boards.actions})


def board_words(phrase: str, **context: Any) -> str:
    """A phrase printed on the boards: the macro `phrase` of templates/skylands/boards.j2, rendered in
    the core's sandbox."""
    return phrase_of("skylands/boards.j2", phrase, **context)


def action_texts(action: ActionSpec) -> tuple[str, str]:
    """(what every player does, the active player's bonus) of an action board."""
    return (render(action.text, a=action, p=action.params),
            render(action.bonus, a=action, p=action.params))


def group_meaning(model: Skylands, group: SpecialGroup) -> str:
    """What a group of special islands does, as the rulebook's overview says it."""
    return render(group.meaning, g=group, act={a.id: a for a in model.files.boards.actions})


def pad_hint(model: Skylands, hint: str) -> str:
    return render(hint, s=model.files.scoring)


def supply_text(model: Skylands) -> str:
    colours = model.files.game.inhabitants.colours
    per = {c.count for c in colours}
    return render(model.files.boards.supply_board.text, total=sum(c.count for c in colours),
                  per_colour=per.pop() if len(per) == 1 else "varies", colours=colours)


def decision_context(model: Skylands, example: EndState) -> dict[str, Any]:
    """What decision texts may name: the numbers they explain, taken from the content and from the
    rules model's score of the scoring example."""
    f = model.files
    terrains = [t.id for t in f.game.terrains]
    pairs = len(terrains) * (len(terrains) - 1) // 2
    symbols = {m.id: m.symbol for m in f.tiles.player_marks}
    kinds = []
    for kind in f.tiles.island_tiles:
        n = len(terrains) if kind.per == "terrain" else pairs
        marks = ", ".join(f'{c} "{symbols.get(m, m)}"' for m, c in kind.marks.items())
        kinds.append({"name": model.shapes[kind.shape].name, "copies": kind.copies, "kinds": n,
                      "tiles": n * kind.copies, "marks": marks})
    vm = f.tokens.vp_markers
    players = range(f.game.players.max, f.game.players.min - 1, -1)
    supply = {s.players: s for s in vm.supply}
    grid = f.game.player_board
    return {
        "f": f, "terrains": terrains, "pairs": pairs, "kinds": kinds, "total": len(model.island_tiles),
        "per_terrain": sum(1 for t in model.island_tiles if terrains[0] in t.face.terrains),
        "shapes": f.tiles.shapes, "marks": sorted(f.tiles.player_marks, key=lambda m: -m.min_players),
        "stacks": [(p, len(model.tiles_for(p))) for p in players],
        "supplies": [supply[p].vp for p in players if p in supply],
        "denominations": vm.denominations, "supply": vm.supply,
        "vp_total": sum(d.value * d.count for d in vm.denominations),
        "grid": grid, "last_square": f"{chr(ord('A') + grid.columns - 1)}{grid.rows}",
        "e": {e.kind.replace("-", "_"): e for e in f.specials.effects},
        "specials": list(model.specials.values()),
        "sp": model.specials,
        "costs": [len(s.spec.cost) for s in model.specials.values()],
        "example": {ln.special: ln for ln in final_score(model, example).specials},
    }
