"""Skybound Battle: a constructed card game of face-down deployment on a 5x2 grid per side."""

from __future__ import annotations

from collections.abc import Iterator

from ...content import ContentSet
from ...game import Artifact, BuildOptions, Game
from .checks import check
from .cli import deck_group, simulate_cmd
from .model import SkyboundBattle, load

GAME_ID = "skybound-battle"


def components(model: SkyboundBattle) -> dict[str, int]:
    """What the kit holds, counted from the content."""
    return {
        "character cards (starter decks)": sum(sum(s.cards.values()) for s in model.starters),
        "card designs in the pool": len(model.cards),
        "starter decks": len(model.starters),
        "colours": len(model.colours),
    }


def build(model: SkyboundBattle, content: ContentSet, options: BuildOptions) -> Iterator[Artifact]:
    """The print kit (drawn once the press layer is in place)."""
    yield from ()


GAME = Game(
    id=GAME_ID,
    title="Skybound Battle",
    load=load,
    check=check,
    components=components,
    build=build,
    commands={"": [deck_group], "simulate": [simulate_cmd]},
)
