"""Skybound Battle: a constructed card game of face-down deployment on a 5x2 grid per side."""

from __future__ import annotations

from ...content import ContentSet
from ...game import BuildOptions, Game, Kit
from .checks import check
from .cli import balance_group, deck_group, simulate_cmd
from .model import FILES, SkyboundBattle, make_model

GAME_ID = "skybound-battle"


def components(model: SkyboundBattle) -> dict[str, int]:
    """What the kit holds, counted from the content."""
    kit = model.kit
    out = {
        f"character cards ({len(model.starters)} starter decks, {len(model.cards)} different cards)":
            sum(sum(s.cards.values()) for s in model.starters),
        "battle board (both sides, tiled)": 1,
        "rules reference cards": kit.reference.copies,
        "first player token (card-sized)": kit.first_player_token.copies,
    }
    for tok in kit.tokens:
        out[f"{tok.name.lower()} tokens" + (f" (value {tok.value})" if tok.value else "")] = tok.copies
    lists = len(model.starters) + kit.blank_deck_lists
    out[f"deck lists ({len(model.starters)} starters, {kit.blank_deck_lists} blank), two to a sheet"] = \
        -(-lists // 2)
    out["rulebook"] = 1
    return out


def kit(model: SkyboundBattle, content: ContentSet, options: BuildOptions) -> Kit:
    """The print kit: cards, board, reference cards, tokens, deck lists, rulebook, balance heatmap."""
    from .build import kit as make_kit

    return make_kit(model, content, options)


GAME = Game(
    id=GAME_ID,
    title="Skybound Battle",
    files=FILES,
    model=make_model,
    check=check,
    components=components,
    kit=kit,
    commands={"": [deck_group], "simulate": [simulate_cmd], "balance": [balance_group]},
)
