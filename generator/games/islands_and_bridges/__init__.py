"""Islands & Bridges: a GM-run prototype of islands joined by bridges, enemies, traps and chests."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...content import ContentSet, Problem
from ...core.game import Game, Lazy

if TYPE_CHECKING:
    import click
    from pydantic import BaseModel
from . import checks, model
from .box import components


def make_model(parts: dict[str, Any], content: ContentSet) -> model.IslandsAndBridges | None:
    """The model with its palette and layouts (layouts/), None when one is missing or broken."""
    from ...layout import load_game_layouts

    looks = load_game_layouts(content.folder, model.LAYOUTS, model.COLOURS, content.problems)
    if looks is None:
        return None
    palette, layouts = looks
    return model.make_model(parts, content, palette.colours, layouts)


def check_all(game: model.IslandsAndBridges, content: ContentSet) -> list[Problem]:
    """The rules, then every card and token drawn once through its layout, so that a layout problem
    with any face (a name or text that does not fit its box) is reported at validate, at its place."""
    from . import draw_cards, draw_tokens

    return checks.check(game, content) or draw_cards.problems(game, content) + draw_tokens.problems(game, content)


def _commands() -> dict[str, list[click.Command]]:
    from .cli import map_cmd, validate_plan_cmd

    return {"map": [map_cmd], "": [validate_plan_cmd]}


def _documents() -> dict[str, type[BaseModel]]:
    from .plan_file import PlanFile

    return {"plan": PlanFile}


GAME = Game(
    id=model.GAME_ID,
    title="Islands & Bridges",
    files=model.FILES,
    model=make_model,
    check=check_all,
    components=components,
    kit=Lazy(f"{__name__}.build", "kit"),
    commands=_commands,
    documents=_documents,
    settings=("elements",),
)
