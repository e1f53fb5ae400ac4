"""What is in the box: every piece of the kit with its count (the CLI's count and the rulebook's list)."""

from __future__ import annotations

from .draw_sheets import sheet_pages
from .model import IslandsAndBridges


def components(game: IslandsAndBridges) -> dict[str, int]:
    c = game.components
    counts = {c.island.name: c.island.quantity, c.bridge.name: c.bridge.quantity}
    for t in c.tokens:
        counts[t.name] = t.quantity
    counts["Action cards"] = len(c.cards.per_player) * game.settings.players
    for s in c.sheets:
        counts[f"Sheet: {s.name}"] = sheet_pages(game, s.id)
    counts["Rulebook"] = 1
    return counts
