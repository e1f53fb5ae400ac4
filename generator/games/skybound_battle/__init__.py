"""Skybound Battle: a constructed card game of face-down deployment on a 5x2 grid per side."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...content import ContentSet, Problem
from ...core.game import Game, Lazy

if TYPE_CHECKING:
    import click
    from pydantic import BaseModel
from .box import components
from .checks import check
from .model import FILES, GAME_ID, SkyboundBattle
from .model import make_model as model_of


def make_model(parts: dict[str, Any], content: ContentSet) -> SkyboundBattle | None:
    """The model with its card layouts (layouts/card.yaml and card-back.yaml)."""
    from . import card_layout

    layouts = card_layout.load(content.folder, content.problems)
    if layouts is None:
        return None
    return model_of(parts, content).model_copy(update={"layouts": layouts})


def check_all(model: SkyboundBattle, content: ContentSet) -> list[Problem]:
    """The rules, then every card drawn once through its layout, so a layout problem with any card
    (a box off the card, a text that does not fit) is reported at validate, at its place."""
    from . import card_layout

    return check(model, content) or card_layout.problems(model, model.layouts, content)


def _commands() -> dict[str, list[click.Command]]:
    from .cli import balance_group, deck_group, simulate_cmd

    return {"": [deck_group], "simulate": [simulate_cmd], "balance": [balance_group]}


def _documents() -> dict[str, type[BaseModel]]:
    from .deckfile import DeckFile

    return {"deck": DeckFile}


GAME = Game(
    id=GAME_ID,
    title="Skybound Battle",
    files=FILES,
    model=make_model,
    check=check_all,
    components=components,
    kit=Lazy(f"{__name__}.build", "kit"),
    commands=_commands,
    documents=_documents,
    settings=("rules",),
)
