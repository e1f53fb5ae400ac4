"""Rules text from templates: every number comes from the model, a missing name is an error."""

from __future__ import annotations

from typing import Any

import jinja2

from ...text import render_string
from .model import Skylands, SpecialIsland
from .schema import ActionSpec


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


def action_texts(action: ActionSpec) -> tuple[str, str]:
    """(what every player does, the active player's bonus) of an action board."""
    return (render(action.text, a=action, p=action.params),
            render(action.bonus, a=action, p=action.params))


def pad_hint(model: Skylands, hint: str) -> str:
    return render(hint, s=model.files.scoring)


def supply_text(model: Skylands) -> str:
    colours = model.files.game.inhabitants.colours
    per = {c.count for c in colours}
    return render(model.files.boards.supply_board.text, total=sum(c.count for c in colours),
                  per_colour=per.pop() if len(per) == 1 else "varies", colours=colours)
