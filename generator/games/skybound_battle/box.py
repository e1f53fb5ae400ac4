"""What is in the box: each component of the kit with its count, from the content."""

from __future__ import annotations

from .model import SkyboundBattle


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
