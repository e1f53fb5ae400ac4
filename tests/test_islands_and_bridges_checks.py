"""Each content check of Islands & Bridges, fed a bad value, names the file, line and problem."""

from __future__ import annotations

import pytest

from generator.core import kit
from tests.conftest import problems_after_edit

GAME = "islands-and-bridges"


def problems_after(content_copy, file: str, old: str, new: str) -> list[str]:
    return problems_after_edit(content_copy, GAME, file, old, new)


def line_of(content_copy, file: str, text: str) -> int:
    root = content_copy(GAME)
    lines = (root / GAME / file).read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def test_shipped_content_is_clean(content_copy):
    kit.load(GAME, content_copy(GAME))


@pytest.mark.parametrize(("file", "old", "new", "expect"), [
    ("elements.yaml", "  health: 100", "  health: 0", "player.health: Input should be greater than 0"),
    ("elements.yaml", "    health: 400", "    health: -1", "enemies.boss.health: Input should be greater than 0"),
    ("elements.yaml", "    cooldown: 25", "    cooldown: 3",
     "cooldown 3 is shorter than the duration 5"),
    ("elements.yaml", "  sizes: [1, 2, 3]", "  sizes: [1, 2, 9]", "trap size 9 does not fit an island"),
])
def test_ranges(content_copy, file, old, new, expect):
    (msg,) = problems_after(content_copy, file, old, new)
    assert expect in msg and f"{GAME}/{file}:" in msg and ": error: " in msg


def test_unknown_card_reference(content_copy):
    (msg,) = problems_after(content_copy, "components.yaml", "per_player: [primary-attack,",
                            "per_player: [fireball, primary-attack,")
    assert "unknown action or ability 'fireball'" in msg and msg.split(":")[1] == "31"


def test_unknown_enemy_reference(content_copy):
    got = problems_after(content_copy, "components.yaml", "enemy: strong,", "enemy: dragon,")
    assert any("unknown enemy type 'dragon'" in m for m in got)
    assert any("no token for enemy type 'strong'" in m for m in got)


def test_unknown_boost(content_copy):
    (msg,) = problems_after(content_copy, "elements.yaml", "boosted_by: speed-boost", "boosted_by: jetpack")
    assert "unknown ability 'jetpack'" in msg


def test_socket_off_the_edge(content_copy):
    (msg,) = problems_after(content_copy, "components.yaml", "{side: east, at: 3}", "{side: east, at: 7}")
    assert "east socket at cell 7 leaves the island's edge" in msg


def test_chest_must_fit_inside_the_island(content_copy):
    (msg,) = problems_after(content_copy, "elements.yaml", "  cells: 2 ", "  cells: 9 ")
    assert "chest does not fit inside a 8x8 island" in msg


def test_doubles_must_agree_with_the_base_move(content_copy):
    (msg,) = problems_after(content_copy, "elements.yaml", "  move: 2              #", "  move: 3              #")
    assert "Speed Boost doubles the move, but 3 + 2 is not 6" in msg


def test_regeneration_cannot_exceed_maximum_health(content_copy):
    (msg,) = problems_after(content_copy, "elements.yaml", "kind: heal-per-round, amount: 5",
                            "kind: heal-per-round, amount: 100")
    assert "would always refill the 100 maximum health" in msg


def test_sheet_names_a_missing_component(content_copy):
    (msg,) = problems_after(content_copy, "components.yaml", "shows: [duration-marker]", "shows: [hourglass]")
    assert "shows 'hourglass', which is not a component" in msg


def test_enemy_type_without_token(content_copy):
    got = problems_after(content_copy, "components.yaml",
                         "  - {id: boss-enemy, name: Boss, kind: enemy, enemy: boss, quantity: 1}", "")
    assert any("no token for enemy type 'boss'" in m for m in got)


def test_card_text_naming_an_unknown_stat(content_copy):
    (msg,) = problems_after(content_copy, "elements.yaml", "{{ action.damage }} damage to a single",
                            "{{ action.power }} damage to a single")
    assert "card text template" in msg and "power" in msg


def test_character_missing_from_the_font(content_copy):
    (msg,) = problems_after(content_copy, "elements.yaml", "name: Speed Boost", "name: Speed Boost →")
    assert "no glyph for '→' U+2192" in msg
