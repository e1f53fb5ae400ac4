"""The shipped content of Island of Fog, and each content check fed a bad value (FILE:LINE:COL)."""

from __future__ import annotations

import pytest

from generator.content import paths
from generator.core import kit
from generator.games.island_of_fog import GAME, components
from generator.games.island_of_fog.model import IslandOfFog
from tests.conftest import problems_after_edit

GAME_ID = "island-of-fog"


@pytest.fixture(scope="module")
def m() -> IslandOfFog:
    model: IslandOfFog = kit.load(GAME_ID, paths.CONTENT).model
    return model


def problems_after(content_copy, file: str, old: str, new: str) -> list[str]:
    return problems_after_edit(content_copy, GAME_ID, file, old, new)


def line_of(file: str, text: str) -> int:
    lines = (paths.CONTENT / GAME_ID / file).read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


# ---- what the seed puts in the box

def test_the_box_holds_what_the_seed_lists(m):
    c = components(m)
    assert c["field tiles"] == 32 and c["starting tiles"] == 4 and c["lighthouse tile"] == 1
    assert c["basic unit tokens"] == 4 * 20 and c["elite unit tokens"] == 4 * 20
    assert c["building tokens (city/factory)"] == 4 * 40
    assert c["base tokens"] == 4 and c["lighthouse pieces"] == 4
    assert {k for k in c if k.startswith("coins of")} == {"coins of 1", "coins of 3", "coins of 6"}
    assert c["dice (d6)"] == 2 * m.combat.dice == 6   # a set of three for each side


def test_field_tiles_have_plains_forest_mountain_water_and_lots(m):
    kinds = {k for t in m.field_tiles for row in t.grid for k in row}
    assert kinds == {"plains", "forest", "mountain", "water", "lot"}
    assert all(len(t.grid) == 3 and all(len(r) == 3 for r in t.grid) for t in m.field_tiles)


def test_starting_tile_has_a_base_and_two_building_lots(m):
    flat = [k for row in m.starting_tile.grid for k in row]
    assert flat.count("base") == 1 and flat.count("lot") == 2


def test_lighthouse_tile_has_the_lighthouse_on_its_centre(m):
    assert m.lighthouse_tile.grid[1][1] == "lighthouse"


def test_every_gap_the_issue_names_is_decided(m):
    for topic in ("dice", "income", "stack-rerolls", "adjacency", "countdown", "pile-size",
                  "tile-spaces", "arrow-diagonal", "even-lighthouse", "coins", "passing"):
        d = {d.id: d for d in m.decisions.decisions}[topic]
        assert d.seed and d.choice and d.why


def test_game_registers_map_and_odds_commands():
    assert GAME.id == GAME_ID
    assert [c.name for c in GAME.commands()["map"]] == [GAME_ID]
    assert [c.name for c in GAME.commands()["odds"]] == [GAME_ID]


# ---- checks, each at its line

def test_unknown_space_code(content_copy):
    (msg,) = problems_after(content_copy, "tiles.yaml", "rows: [P L P, P P P, P F P]",
                            "rows: [P L P, P P P, P X P]")
    assert "unknown space code 'X'" in msg
    assert f"/{GAME_ID}/tiles.yaml:{line_of('tiles.yaml', 'P L P, P P P, P F P')}:" in msg


def test_row_with_the_wrong_number_of_spaces(content_copy):
    (msg,) = problems_after(content_copy, "tiles.yaml", "rows: [P L P, P P P, P F P]",
                            "rows: [P L P P, P P P, P F P]")
    assert "row has 4 spaces (a tile is 3x3" in msg


def test_tile_with_a_missing_row(content_copy):
    (msg,) = problems_after(content_copy, "tiles.yaml", "rows: [P L P, P P P, P F P]", "rows: [P L P, P P P]")
    assert "tile 'meadow' has 2 rows" in msg


def test_field_tile_with_a_base(content_copy):
    (msg,) = problems_after(content_copy, "tiles.yaml", "rows: [P L P, P P P, P F P]",
                            "rows: [P L P, P B P, P F P]")
    assert "tile 'meadow' has 1 base spaces (it must have 0)" in msg


def test_duplicate_tile_id(content_copy):
    got = problems_after(content_copy, "tiles.yaml", "  - id: green-hill", "  - id: meadow")
    assert any("tile 'meadow' is defined twice" in g for g in got)


def test_ring_values_must_match_the_rings(content_copy):
    (msg,) = problems_after(content_copy, "board.yaml", "ring_values: [1, 2, 2]", "ring_values: [1, 2]")
    assert "a 6x6 board has 3 rings besides the lighthouse (found 2 values)" in msg


def test_even_board_cannot_have_a_centre_lighthouse(content_copy):
    (msg,) = problems_after(content_copy, "board.yaml", "    ring_values: [1, 2]\n    lighthouse: pile",
                            "    ring_values: [1, 2]\n    lighthouse: centre")
    assert "a 4x4 board has no centre square" in msg


def test_a_board_the_tiles_cannot_fill(content_copy):
    (msg,) = problems_after(content_copy, "board.yaml", "  - size: 6\n    ring_values: [1, 2, 2]",
                            "  - size: 8\n    ring_values: [1, 2, 2, 2]")
    assert "the tiles cannot set up a 8x8 board for any player count (32 field tiles)" in msg


def test_seats_name_known_colours_with_corners(content_copy):
    (msg,) = problems_after(content_copy, "game.yaml", "2: [red, blue]", "2: [red, purple]")
    assert "unknown colour 'purple'" in msg and f"game.yaml:{line_of('game.yaml', '2: [red, blue]')}:" in msg


def test_seats_need_as_many_colours_as_players(content_copy):
    (msg,) = problems_after(content_copy, "game.yaml", "3: [red, yellow, blue]", "3: [red, yellow]")
    assert "3 players need 3 colours (found 2)" in msg


def test_two_colours_in_one_corner(content_copy):
    got = problems_after(content_copy, "board.yaml", "  green: bottom-left", "  green: top-left")
    assert any("corner 'top-left' is given to more than one colour" in g for g in got)


def test_rerolls_for_every_stack_size(content_copy):
    (msg,) = problems_after(content_copy, "units.yaml", "rerolls: {2: 1, 3: 2}", "rerolls: {2: 1}")
    assert "re-rolls must be given for stack sizes [2, 3] (found [2])" in msg


def test_a_stack_cannot_reroll_more_dice_than_are_rolled(content_copy):
    (msg,) = problems_after(content_copy, "units.yaml", "rerolls: {2: 1, 3: 2}", "rerolls: {2: 1, 3: 4}")
    assert "a stack cannot re-roll 4 dice when a side rolls 3" in msg


def test_space_defence_names_a_combat_row(content_copy):
    (msg,) = problems_after(content_copy, "spaces.yaml", "defence: forest,", "defence: swamp,")
    assert "unknown defence row 'swamp'" in msg


def test_fairness_unit_must_exist(content_copy):
    (msg,) = problems_after(content_copy, "fairness.yaml", "unit: basic", "unit: dragon")
    assert "unknown unit 'dragon'" in msg


def test_negative_cost_is_a_schema_error(content_copy):
    (msg,) = problems_after(content_copy, "units.yaml", "cost: 6", "cost: -6")
    assert "units.1.cost: Input should be greater than or equal to 1" in msg
    assert f"units.yaml:{line_of('units.yaml', 'cost: 6')}:" in msg


def test_a_length_needs_its_unit(content_copy):
    (msg,) = problems_after(content_copy, "board.yaml", "space_size: 20mm", "space_size: twenty")
    assert "space_size" in msg and "a length such as '63mm'" in msg
