"""The rulebook: templates/island-of-fog/rulebook.md.j2 rendered over the model, the box's counts and
the combat example (the odds engine's own numbers)."""

from __future__ import annotations

from ...content.prose import render
from .figures import combat_example
from .model import IslandOfFog
from .odds import OddsRow
from .text import combat_words, context


def text(m: IslandOfFog, counts: dict[str, int], rows: list[OddsRow]) -> str:
    return render("island-of-fog/rulebook.md.j2", counts=counts, ex=combat_example(m),
                  said=combat_words(m, rows[0].policy if rows else None), **context(m))
