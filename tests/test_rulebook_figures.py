"""A stat change reaches the rulebook's figures and examples that show it.

Each test edits one or two numbers in a copy of a game's content, builds the players' rulebook, reads
its text back from the PDF (pypdfium2) and finds the new numbers in the figure's printed words and the
example's sentence, where the shipped content's build had the old ones.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2

from generator import kit, paths
from generator.game import BuildOptions
from generator.kitspec import Rulebook
from generator.press.rulebook import rulebook_pdf

from .conftest import replace_in


def rulebook_text(game_id: str, root: Path = paths.CONTENT) -> str:
    """The players' rulebook of the game in `root`, as one line of text (figures' words included)."""
    loaded = kit.load(game_id, root)
    spec = loaded.game.kit(loaded.model, loaded.content, BuildOptions())
    book = next(f for f in spec.files if isinstance(f, Rulebook) and f.path == "rulebook.pdf")
    doc = pypdfium2.PdfDocument(rulebook_pdf(spec.title, book.text, "a4", book.figures))
    try:
        return re.sub(r"\s+", " ", " ".join(page.get_textpage().get_text_range() for page in doc))
    finally:
        doc.close()


def between(text: str, start: str, end: str) -> str:
    """The text from `start` up to `end` (a figure's printed words run up to its caption)."""
    i = text.index(start)
    return text[i:text.index(end, i)]


def test_islands_and_bridges_enemy_health_and_attack_damage_reach_the_damage_example(content_copy):
    game = "islands-and-bridges"
    before = rulebook_text(game)
    assert "STRONG 70 HP" in before
    assert between(before, "Round 3 P1", "Figure") == "Round 3 P1 P2 P3 P4 Trap Total W1 10 10 5 25 S1 10 20 30 "
    assert "S1 (Strong, 70 health) takes 30 and has 40 health left" in before

    root = content_copy(game)
    replace_in(root / game / "elements.yaml", "    health: 70", "    health: 77")
    primary = "    damage: 10\n    target: single"
    replace_in(root / game / "elements.yaml", primary, primary.replace("10", "12"))
    after = rulebook_text(game, root)
    assert "STRONG 77 HP" in after and "STRONG 70 HP" not in after  # the token in the components figure
    # the Damage Matrix figure: player 1's strike, player 3's boosted strike and the totals follow
    assert between(after, "Round 3 P1", "Figure") == "Round 3 P1 P2 P3 P4 Trap Total W1 12 10 5 27 S1 10 24 34 "
    assert "S1 (Strong, 77 health) takes 34 and has 43 health left" in after
    assert "Deal 12 damage to a single enemy" in after  # the card in the components figure


def test_islands_and_bridges_ability_duration_reaches_the_timeline_example(content_copy):
    game = "islands-and-bridges"
    root = content_copy(game)
    replace_in(root / game / "elements.yaml", "    duration: 5\n    cooldown: 50", "    duration: 3\n    cooldown: 50")
    after = rulebook_text(game, root)
    assert "marker goes on field 3" in after and "moves one field to the left: 2, 1. After round 3" in after
    assert between(after, "Round 1, played", "Figure").count("after the update") == 3
