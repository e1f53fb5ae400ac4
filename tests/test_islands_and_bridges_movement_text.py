"""Every movement rule the model has a setting for is what the rulebook says: flip each setting in
the content and the rulebook's words change with it (none is typed in the template)."""

from __future__ import annotations

import pytest

from generator.core import kit
from generator.games.islands_and_bridges import rulebook
from tests.conftest import replace_in

GAME = "islands-and-bridges"

FLIPS = {
    "diagonal_cost: 1 ": ("diagonal_cost: 2 ", "a diagonal step 2 fields"),
    "through_own_side: true ": ("through_own_side: false ", "may not pass through a cell held by a\ntoken of its own"),
    "through_other_side: false": ("through_other_side: true", "a player may walk through an enemy"),
    "end_on_token: false": ("end_on_token: true", "Two tokens may end a move on the same cell."),
    "cross_sea: false": ("cross_sea: true", "Tokens may step off the islands and bridges into the sea."),
    "chest_when_passed: false": ("chest_when_passed: true", "enters one of its cells, on the way or at the end"),
}


def _text(root) -> str:
    return rulebook.text(kit.load(GAME, root).model)


@pytest.mark.parametrize("setting", sorted(FLIPS))
def test_flipping_a_movement_setting_changes_the_rulebook(content_copy, setting):
    new, said = FLIPS[setting]
    root = content_copy(GAME)
    before = _text(root)
    replace_in(root / GAME / "elements.yaml", setting, new)
    after = _text(root)
    assert said not in before and said in after
