"""The map plan rules, one test each: a hand-made plan that breaks the rule, and the error it gets,
placed at its FILE:LINE:COL (the same rules judge generated and hand-edited plans)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from generator.content import ContentError, load_text, paths
from generator.core import kit as playkit
from generator.games.islands_and_bridges.cli import map_kit
from generator.games.islands_and_bridges.plan import MapKit, cell_name, parse_cell
from generator.games.islands_and_bridges.plan_checks import preferences
from generator.games.islands_and_bridges.plan_file import read_plan

# Two islands on the default 120 x 80 cm table (54 x 36 cells of 22 mm): island 1 at [10, 10] with
# its bridge in the east socket, so island 2's west socket takes the bridge's end at [26, 10].
# Starts in column A are all 8 fields from the bridge; the boss guards the stage end at G4.
GOOD = """\
game: islands-and-bridges
seed: null
players: 4
difficulty: normal
table: {width: 120cm, height: 80cm}
budget: {allowed: 12800, spent: 10266}
islands:
  - number: 1
    at: [10, 10]
    bridge: east
    starts: [A1, A4, A5, A8]
    enemies: {}
    traps: [[C2, D2]]
    chests: [E6]
  - number: 2
    at: [26, 10]
    enemies:
      weak: [B1, C1, D1, E1, B8, C8, D8, E8]
      strong: [H1, H8]
      boss: [F4]
    traps: [[B4], [D5, D6, D7]]
    chests: []
    stage_end: G4
"""


@pytest.fixture(scope="module")
def kit() -> MapKit:
    return map_kit(playkit.load("islands-and-bridges", paths.CONTENT))


def errors(kit: MapKit, text: str) -> list[str]:
    try:
        read_plan(kit, load_text(text, "plan.yaml"))
    except ContentError as err:
        return [str(p) for p in err.problems]
    return []


def edit(old: str, new: str, text: str = GOOD) -> str:
    assert text.count(old) == 1, f"{old!r} is not once in the plan"
    return text.replace(old, new)


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def expect(kit: MapKit, text: str, needle: str, message: str) -> None:
    """Exactly the rule's error is reported, on the line that holds `needle`."""
    found = errors(kit, text)
    at = line_of(text, needle)
    hits = [e for e in found if message in e]
    assert hits, f"no error with {message!r} in {found}"
    assert any(e.startswith(f"plan.yaml:{at}:") for e in hits), (at, hits)
    assert all(": error: " in e for e in found)


def test_the_hand_made_plan_is_clean(kit):
    assert errors(kit, GOOD) == []


def test_cell_names_read_like_the_tiles():
    assert cell_name((2, 3)) == "C4"
    assert parse_cell("C4") == (2, 3) and parse_cell("h8") == (7, 7)
    assert parse_cell("C") is None and parse_cell("4C") is None and parse_cell("C0") is None


# ---- the plan file itself ------------------------------------------------------------------
def test_a_malformed_cell_name_is_placed(kit):
    expect(kit, edit("chests: [E6]", "chests: [E]"), "chests: [E]", "'E' is not a cell name")


def test_an_unknown_field_is_placed(kit):
    expect(kit, edit("    chests: [E6]", "    chests: [E6]\n    treasure: 3"), "treasure", "unknown field")


# ---- one test per rule ---------------------------------------------------------------------
def test_parameters_players_within_the_game(kit):
    expect(kit, edit("players: 4", "players: 9"), "players: 9", "9 players (allowed: 1 to 4)")


def test_parameters_difficulty_is_a_level(kit):
    expect(kit, edit("difficulty: normal", "difficulty: brutal"), "difficulty: brutal", "unknown difficulty 'brutal'")


def test_chain_islands_numbered_in_path_order(kit):
    expect(kit, edit("  - number: 2", "  - number: 3"), "number: 3", "island number 3 in place 2")


def test_chain_every_island_but_the_last_has_a_bridge(kit):
    expect(kit, edit("    bridge: east\n", ""), "number: 1", "island 1 has no bridge to island 2")


def test_chain_the_last_island_has_no_bridge(kit):
    expect(kit, edit("    at: [26, 10]", "    at: [26, 10]\n    bridge: north"), "bridge: north",
           "the last island has a bridge (north) that leads nowhere")


def test_bridges_meet_the_next_island_at_its_facing_socket(kit):
    expect(kit, edit("at: [26, 10]", "at: [26, 11]"), "at: [26, 11]",
           "island 2 at [26, 11] does not meet the bridge from island 1's east socket (its west socket takes "
           "the bridge's end when it lies at [26, 10])")


def test_bridges_meet_a_bridge_leaves_by_a_free_socket(kit):
    three = edit("    at: [26, 10]\n", "    at: [26, 10]\n    bridge: west\n").replace(
        "    stage_end: G4\n", "") + "  - number: 3\n    at: [10, 10]\n    stage_end: H8\n"
    expect(kit, three, "bridge: west", "the bridge from island 1 arrives at the west socket, so the bridge "
                                       "to island 3 cannot leave from it")


def test_on_table_the_layout_fits_the_table(kit):
    expect(kit, edit("width: 120cm", "width: 70cm"), "at: [26, 10]",
           "island 2 reaches past the table's east edge (a 70 x 80 cm table has 31 x 36 cells")


def test_no_overlap_islands_and_bridges(kit):
    text = edit("at: [26, 10]", "at: [14, 10]")
    expect(kit, text, "at: [14, 10]", "island 2 overlaps island 1 on the table")


def test_inside_islands_things_lie_on_the_grid(kit):
    expect(kit, edit("strong: [H1, H8]", "strong: [H1, J8]"), "strong: [H1, J8]",
           "a strong enemy covers J8, outside the island's 8x8 grid (A1 to H8)")


def test_inside_islands_a_chest_fits_whole(kit):
    expect(kit, edit("chests: [E6]", "chests: [H6]"), "chests: [H6]", "the chest at H6 covers I6, outside")


def test_one_thing_per_cell(kit):
    expect(kit, edit("traps: [[B4], [D5, D6, D7]]", "traps: [[B1], [D5, D6, D7]]"), "traps: [[B1]",
           "the trap at B1 shares cell B1 with a weak enemy")


def test_one_thing_per_cell_a_chests_cells_are_free(kit):
    expect(kit, edit("traps: [[C2, D2]]", "traps: [[F7]]"), "traps: [[F7]]",
           "the trap at F7 shares cell F7 with the chest at E6")


def test_one_thing_per_cell_traps_never_overlap(kit):
    expect(kit, edit("traps: [[B4], [D5, D6, D7]]", "traps: [[B4], [D5, D6, D7], [C6, D6]]"), "[C6, D6]",
           "the trap at C6 shares cell D6 with the trap at D5")


def test_trap_shapes_a_straight_row(kit):
    expect(kit, edit("[[C2, D2]]", "[[C2, D3]]"), "[[C2, D3]]", "trap C2 D3 is not a straight row of adjacent cells")


def test_trap_shapes_adjacent_cells(kit):
    expect(kit, edit("[[C2, D2]]", "[[C2, E2]]"), "[[C2, E2]]", "trap C2 E2 is not a straight row")


def test_trap_shapes_a_size_of_the_content(kit):
    expect(kit, edit("[[C2, D2]]", "[[A2, B2, C2, D2]]"), "[[A2, B2, C2, D2]]", "a trap of 4 cells (sizes: 1, 2, 3)")


def test_player_starts_nearly_equidistant_to_the_bridge(kit):
    expect(kit, edit("starts: [A1, A4, A5, A8]", "starts: [A1, A4, A5, E4]"), "starts: [A1",
           "start cells are 4 to 8 fields from the bridge (A1 8, A4 8, A5 8, E4 4): they must be nearly "
           "equidistant, differing by at most 1")


def test_player_starts_one_for_each_player(kit):
    expect(kit, edit("starts: [A1, A4, A5, A8]", "starts: [A1, A4, A5]"), "starts: [A1",
           "3 start cells for 4 players")


def test_player_starts_only_on_island_1(kit):
    expect(kit, edit("    chests: []\n", "    chests: []\n    starts: [A2]\n"), "starts: [A2]",
           "player start cells belong on island 1")


def test_out_of_sight_no_enemy_sees_a_start(kit):
    expect(kit, edit("    enemies: {}\n", "    enemies:\n      weak: [G2]\n"), "weak: [G2]",
           "the weak enemy at G2 on island 1 sees player start A1 (6 fields away; enemies see 6 fields)")


def test_out_of_sight_a_far_enemy_on_island_1_is_allowed(kit):
    # H1 is 7 fields from A1, A4 and A5 and 7 from A8: beyond the 6 of sight; budget updated to match
    text = edit("    enemies: {}\n", "    enemies:\n      weak: [H1]\n")
    text = edit("weak: [B1, C1, D1, E1, B8, C8, D8, E8]", "weak: [B1, C1, D1, E1, B8, C8, D8]", text)
    assert not [e for e in errors(kit, text) if "sees" in e]


def test_stage_end_on_the_last_island(kit):
    expect(kit, edit("    chests: [E6]\n", "    chests: [E6]\n    stage_end: H1\n"), "stage_end: H1",
           "the stage end belongs on the last island (island 2)")


def test_stage_end_there_is_one(kit):
    expect(kit, edit("    stage_end: G4\n", ""), "number: 2", "the last island (island 2) has no stage_end")


def test_guards_the_boss_stands_within_its_reach_of_the_stage_end(kit):
    expect(kit, edit("boss: [F4]", "boss: [A4]"), "boss: [A4]",
           "the boss at A4 is 6 fields from the stage end G4: a guard stands within its reach (2)")


def test_guards_at_most_one_boss(kit):
    text = edit("boss: [F4]", "boss: [F4, G5]")
    expect(kit, text, "boss: [F4, G5]", "more than 1 boss enemies in one plan")


def test_budget_records_the_budget_of_players_and_difficulty(kit):
    expect(kit, edit("allowed: 12800", "allowed: 20000"), "allowed: 20000",
           "the budget for 4 players on normal is 12800 with the current stats, not 20000")


def test_budget_records_what_it_spent(kit):
    expect(kit, edit("spent: 10266", "spent: 10000"), "spent: 10000",
           "spent says 10000, but the enemies placed add up to 10266")


def test_budget_never_overspent(kit):
    text = edit("strong: [H1, H8]", "strong: [H1, H8, H2, H3]")
    text = edit("spent: 10266", "spent: 13066", text)
    expect(kit, text, "spent: 13066", "the enemies placed add up to 13066, over the budget of 12800")


def test_budget_mostly_spent(kit):
    text = edit("      strong: [H1, H8]\n", "")
    text = edit("spent: 10266", "spent: 7466", text)
    expect(kit, text, "spent: 7466", "the enemies placed add up to 7466, less than 80% of the budget of 12800")


def test_budget_knows_the_enemy_types(kit):
    expect(kit, edit("strong: [H1, H8]", "dragon: [H1, H8]"), "dragon: [H1, H8]", "unknown enemy type 'dragon'")


def test_box_quantities_no_more_enemies_than_the_box(kit):
    weak = ", ".join(cell_name((c, r)) for r in (1, 2) for c in range(1, 8))  # 14 weak: the box has 12
    text = edit("weak: [B1, C1, D1, E1, B8, C8, D8, E8]", f"weak: [{weak}]")
    text = edit("strong: [H1, H8]", "strong: [H1]", text)
    text = edit("traps: [[B4], [D5, D6, D7]]", "traps: []", text)
    text = edit("spent: 10266", "spent: 9466", text)
    expect(kit, text, "weak: [", "more weak enemies than the box holds (12)")


def test_box_quantities_trap_markers(kit):
    small_box = replace(kit, box={**kit.box, "trap-markers": 16}, memo={})
    # 18 trap cells for a box of 16 markers, clear of the bridge end at A4-A5
    rows = ", ".join(f"[A{r}, B{r}, C{r}]" for r in (1, 2, 3, 6, 7, 8))
    text = edit("traps: [[B4], [D5, D6, D7]]", f"traps: [[D5, D6, D7], {rows}]")
    text = edit("weak: [B1, C1, D1, E1, B8, C8, D8, E8]", "weak: [E1, F1, G1, E2, F2, G2, D8, E8]", text)
    assert errors(kit, text) == []  # the shipped box holds what the largest map needs
    expect(small_box, text, "traps: [[D5", "the traps cover more cells than the box has revealed-trap markers "
                                           "to show them (16)")


def test_every_problem_is_reported_at_once(kit):
    text = edit("players: 4", "players: 9")
    text = edit("boss: [F4]", "boss: [A4]", text)
    text = edit("[[C2, D2]]", "[[C2, D3]]", text)
    found = errors(kit, text)
    lines = [int(e.split(":")[1]) for e in found]
    assert len(found) >= 3 and lines == sorted(lines)


# ---- the generator's preferences: notes, not rules (decision map-generator-preferences) ----------
def test_preferences_a_stage_end_by_the_arrival_bridge_is_valid_and_noted(kit):
    text = edit("stage_end: G4", "stage_end: A5", edit("boss: [F4]", "boss: [B5]"))
    assert errors(kit, text) == []
    plan = read_plan(kit, load_text(text, "plan.yaml"))
    assert preferences(kit, plan) == [(("islands", 1, "stage_end"), "the stage end A5 is 1 field from the bridge "
                                       "the players arrive by (the generator keeps it at least 4 away)")]


def test_preferences_starts_next_to_the_bridge_are_valid_and_noted(kit):
    text = edit("starts: [A1, A4, A5, A8]", "starts: [H3, H4, H5, H6]")
    assert errors(kit, text) == []
    found = preferences(kit, read_plan(kit, load_text(text, "plan.yaml")))
    assert [loc for loc, _ in found] == [("islands", 0, "starts", j) for j in range(4)]
    assert found[0][1] == "player 1 starts 1 field from the bridge (the generator keeps starts at least 2 away)"
    assert preferences(kit, read_plan(kit, load_text(GOOD, "plan.yaml"))) == []


def test_bridge_ends_clear(kit):
    text = edit("traps: [[B4], [D5, D6, D7]]", "traps: [[A3, A4, A5], [D5, D6, D7]]")
    expect(kit, text, "traps: [[A3", "the trap at A3 covers A4 A5, where the bridge from island 1 meets island 2")
    text = edit("chests: [E6]", "chests: [G4]")  # island 1's east socket is H4-H5
    expect(kit, text, "chests: [G4]", "the 2x2 chest at G4 covers H4 H5, where the bridge to island 2 meets island 1")
    free = replace(kit, clear_bridge_ends=frozenset(), memo={})
    assert errors(free, text) == []  # a level with bridge_ends: free allows it
