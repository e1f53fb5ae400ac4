"""Skylands (Queen Games, 2018): 88 island tiles, 32 special islands, boards and the scoring pad."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ...content import ContentSet, Problem
from ...core.game import Game, Lazy
from ...layout.spec import load_game_layouts
from .boardfile import ACTION_EXAMPLES, BOARD_FILES, EXAMPLE, BoardSpec
from .box import components
from .checks import INKS, check
from .model import GAME_ID, Files, Skylands
from .model import make_model as make_model_of
from .refs import reference_problems
from .schema import (
    BoardsFile,
    DecisionsFile,
    GameFile,
    PrintFile,
    ScoringFile,
    SpecialsFile,
    TilesFile,
    TokensFile,
)

if TYPE_CHECKING:
    import click


FILES: dict[str, type[BaseModel]] = {
    "game": GameFile, "tiles": TilesFile, "specials": SpecialsFile, "boards": BoardsFile,
    "tokens": TokensFile, "scoring": ScoringFile, "decisions": DecisionsFile, "print": PrintFile,
    EXAMPLE: BoardSpec,  # the scoring example: its rules are checked with the rest (check)
    **{stem: BoardSpec for stem in ACTION_EXAMPLES.values()},  # the worked examples' boards, likewise
}


def make_model(parts: dict[str, Any], content: ContentSet) -> Skylands | None:
    """Resolve every name across the files, then make the model (None if a name is unknown)."""
    files = Files(**{stem: part for stem, part in parts.items() if stem not in BOARD_FILES})
    problems = reference_problems(files, content)
    if problems:
        content.problems.extend(problems)
        return None
    from .draw_tokens import TOKENS
    from .look import special_boxes
    from .special_layout import LAYOUTS

    look = load_game_layouts(content.folder, (*TOKENS, *LAYOUTS), INKS, content.problems)
    if look is None:
        return None
    palette, layouts = look
    found: list[Problem] = []
    boxes = special_boxes(layouts, files.print.tile, found)
    if found:
        content.problems.extend(found)
        return None
    return replace(make_model_of(files), inks=palette.colours, layouts=layouts, special_boxes=boxes)


def check_all(model: Skylands, content: ContentSet) -> list[Problem]:
    """The rules, then every token and special island drawn once through its layout, so a layout
    problem with any of them is reported at validate, at its place."""
    from .draw_specials import special_fronts_problems
    from .draw_tokens import token_problems

    return check(model, content) or token_problems(model) + special_fronts_problems(model, content)


def _commands() -> dict[str, list[click.Command]]:
    from .cli import balance_group, score, simulate_cmd

    return {"score": [score], "simulate": [simulate_cmd], "balance": [balance_group]}


GAME = Game(id=GAME_ID, title="Skylands", files=FILES, model=make_model, check=check_all, components=components,
            kit=Lazy(f"{__name__}.build", "kit"), commands=_commands,
            documents=lambda: {"board": BoardSpec},
            settings=("files.scoring", "files.boards.actions"))
