"""The rules of Battle on the Island of Fog, one test (or a few) per rule, named after it."""

from __future__ import annotations

import pytest

from generator.content import paths
from generator.core import kit
from generator.games.island_of_fog.board import (
    SetupError,
    arrow,
    centre_square,
    corner_square,
    player_counts,
    quarter_turns,
    ring,
    rotate,
    setup,
    square_value,
    squares,
)
from generator.games.island_of_fog.model import IslandOfFog
from generator.games.island_of_fog.rules import (
    Force,
    adjacent,
    attack_bonus,
    can_build,
    can_build_unit,
    can_enter,
    can_stack,
    can_stand_on,
    city_income,
    defence_bonus,
    defence_row,
    distances,
    forces,
    income,
    move_cost,
    path_cost,
    reachable,
    rerolls,
    score,
)


@pytest.fixture(scope="module")
def m() -> IslandOfFog:
    model: IslandOfFog = kit.load("island-of-fog", paths.CONTENT).model
    return model


# ---- movement

def test_plains_forest_and_lots_cost_one(m):
    basic = m.unit["basic"]
    assert [move_cost(m, basic, k) for k in ("plains", "forest", "lot", "base", "lighthouse")] == [1] * 5


def test_mountain_costs_twice_the_movement(m):
    assert move_cost(m, m.unit["basic"], "mountain") == 2 * move_cost(m, m.unit["basic"], "plains")


def test_water_is_impassable_for_every_unit(m):
    for unit in m.units.units:
        assert not can_enter(m, unit, "water")


def test_elites_cannot_climb_mountains(m):
    assert not can_enter(m, m.unit["elite"], "mountain")
    assert can_enter(m, m.unit["basic"], "mountain")


def test_basic_moves_six_elite_seven(m):
    assert (m.unit["basic"].move, m.unit["elite"].move) == (6, 7)


def test_path_cost_adds_entering_costs(m):
    basic = m.unit["basic"]
    assert path_cost(m, basic, ["plains", "mountain", "forest"]) == 4
    assert path_cost(m, basic, ["plains", "water"]) is None
    assert path_cost(m, m.unit["elite"], ["mountain"]) is None


def test_adjacent_means_sharing_an_edge():
    assert adjacent((3, 3), (3, 4)) and adjacent((3, 3), (2, 3))
    assert not adjacent((3, 3), (4, 4)) and not adjacent((3, 3), (3, 5))


GRID = (
    ("plains", "mountain", "plains", "plains"),
    ("plains", "water", "water", "plains"),
    ("plains", "plains", "plains", "plains"),
)


def test_shortest_path_goes_round_water_and_prefers_cheap_ground(m):
    costs = [[move_cost(m, m.unit["basic"], k) for k in row] for row in GRID]
    dist = distances(costs, (0, 0))
    assert dist[(0, 2)] == 3                 # over the mountain: 2 + 1
    assert (1, 1) not in dist and (1, 2) not in dist
    assert dist[(2, 3)] == 5                 # round the water below


def test_elite_walks_round_the_mountain(m):
    costs = [[move_cost(m, m.unit["elite"], k) for k in row] for row in GRID]
    # down two, along three, up two, back one: round both the mountain and the water
    assert distances(costs, (0, 0))[(0, 2)] == 8


def test_reachable_is_limited_by_the_units_move(m):
    grid = tuple(("plains",) * 10 for _ in range(1))
    assert reachable(m, m.unit["basic"], grid, (0, 0)) == {(0, c) for c in range(7)}
    assert reachable(m, m.unit["elite"], grid, (0, 0)) == {(0, c) for c in range(8)}


# ---- tile orientation

@pytest.mark.parametrize(("square", "expect"), [
    ((0, 2), "S"), ((4, 2), "N"), ((2, 0), "E"), ((2, 4), "W"),   # straight towards the centre
    ((0, 1), "S"), ((1, 4), "W"), ((3, 0), "E"), ((4, 3), "N"),   # the farther way wins
])
def test_arrow_points_towards_the_lighthouse(square, expect):
    assert arrow(5, square) == expect


@pytest.mark.parametrize(("square", "expect"), [
    ((0, 0), "S"), ((1, 1), "S"),      # lighthouse to the south-east: one eighth clockwise is south
    ((0, 4), "W"), ((1, 3), "W"),      # south-west → west
    ((4, 4), "N"), ((3, 3), "N"),      # north-west → north
    ((4, 0), "E"), ((3, 1), "E"),      # north-east → east
])
def test_arrow_on_a_diagonal_turns_one_eighth_clockwise(square, expect):
    assert arrow(5, square) == expect


def test_arrow_rule_treats_every_corner_alike():
    """Turning the board a quarter turn turns every arrow a quarter turn: no seat is favoured."""
    for size in (3, 4, 5, 6):
        for r, c in squares(size):
            if (size % 2, r, c) == (1, size // 2, size // 2):
                continue
            turned = (c, size - 1 - r)     # the square a quarter turn clockwise takes it to
            assert quarter_turns(arrow(size, turned)) == (quarter_turns(arrow(size, (r, c))) + 1) % 4


def test_arrows_point_to_the_centre_point_on_even_boards():
    assert arrow(4, (1, 1)) == "S" and arrow(4, (2, 2)) == "N"
    assert arrow(6, (0, 3)) == "S" and arrow(6, (3, 5)) == "W"


def test_rotate_turns_the_grid_clockwise():
    grid = (("a", "b", "c"), ("d", "e", "f"), ("g", "h", "i"))
    assert rotate(grid, 1) == (("g", "d", "a"), ("h", "e", "b"), ("i", "f", "c"))
    assert rotate(grid, 4) == grid
    assert rotate(rotate(grid, 1), 3) == grid


def test_arrow_up_turned_by_its_rule_points_at_the_lighthouse():
    """The space in front of the arrow (top middle of a design) ends on the lighthouse side."""
    marker = (("x", "front", "x"), ("x", "arrow", "x"), ("x", "x", "x"))
    front = {"N": (0, 1), "E": (1, 2), "S": (2, 1), "W": (1, 0)}
    for d in ("N", "E", "S", "W"):
        g = rotate(marker, quarter_turns(d))  # type: ignore[arg-type]
        assert g[front[d][0]][front[d][1]] == "front"


# ---- board, rings and income

def test_city_value_by_ring_on_the_5x5_board(m):
    v = m.variant[5]
    values = [[square_value(v, (r, c)) for c in range(5)] for r in range(5)]
    assert values == [[1, 1, 1, 1, 1], [1, 2, 2, 2, 1], [1, 2, None, 2, 1], [1, 2, 2, 2, 1], [1, 1, 1, 1, 1]]


def test_lighthouse_earns_three(m):
    assert city_income(m, 5, (2, 2), is_lighthouse=True) == 3
    assert city_income(m, 4, (0, 1), is_lighthouse=True) == 3  # wherever its tile lies


def test_income_is_the_sum_of_city_values_only(m):
    assert income(m, 5, [(0, 1), (1, 1), (3, 2)]) == 1 + 2 + 2
    assert income(m, 5, [(0, 1), (2, 2)], lighthouse=(2, 2)) == 1 + 3
    assert income(m, 5, []) == 0


def test_starting_income_buys_a_basic_unit(m):
    lots = sum(1 for row in m.starting_tile.grid for k in row if m.kind[k].lot)
    assert lots == 2
    first = income(m, 5, [corner_square(5, "top-left")] * lots) + m.game.turn.starting_coins
    assert first == m.unit["basic"].cost


def test_rings_count_from_the_edge():
    assert [ring(5, (r, r)) for r in range(5)] == [0, 1, 2, 1, 0]
    assert [ring(6, (r, 2)) for r in range(6)] == [0, 1, 2, 2, 1, 0]


def test_variant_values_have_no_second_lighthouse(m):
    for v in m.board.variants:
        for sq in squares(v.size):
            value = square_value(v, sq)
            assert value is None or value < m.tiles.lighthouse.income


def test_corners_by_colour(m):
    got = {c: corner_square(5, m.board.corners[c]) for c in m.colour}
    assert got == {"red": (0, 0), "yellow": (0, 4), "blue": (4, 4), "green": (4, 0)}


def test_centre_square_only_on_odd_boards():
    assert centre_square(5) == (2, 2) and centre_square(3) == (1, 1)
    assert centre_square(4) is None and centre_square(6) is None


# ---- variants and the pile

def test_5x5_setup_leaves_tiles_over(m):
    s = setup(m, 5, 4)
    assert (s.squares_from_pile, s.pile, s.left_over) == (20, 32, 12)
    assert s.lighthouse_square == (2, 2)


def test_even_boards_put_the_lighthouse_in_the_pile(m):
    s = setup(m, 4, 4)
    assert s.lighthouse_square is None and s.pile == m.field_tile_count + 1


def test_6x6_needs_three_players(m):
    assert setup(m, 6, 3).left_over == 0       # every tile, lighthouse too
    assert setup(m, 6, 4).left_over == 1
    with pytest.raises(SetupError, match="cannot cover a 6x6 board with 2 players"):
        setup(m, 6, 2)
    assert player_counts(m, 6) == [3, 4]


def test_every_size_and_count_the_seed_names(m):
    for size in (3, 4, 5):
        assert player_counts(m, size) == [2, 3, 4]


def test_board_size_without_a_variant_is_an_error(m):
    with pytest.raises(SetupError, match=r"no 7x7 board \(board sizes: 3x3, 4x4, 5x5, 6x6\)"):
        setup(m, 7, 4)


def test_player_count_without_corners_is_an_error(m):
    with pytest.raises(SetupError, match="5 players cannot play"):
        setup(m, 5, 5)
    with pytest.raises(SetupError):
        setup(m, 5, 1)


def test_two_players_sit_in_opposite_corners(m):
    s = setup(m, 5, 2)
    assert [sq for _, sq in s.seats] == [(0, 0), (4, 4)]


# ---- stacking, building

def test_basic_units_stack_up_to_three(m):
    assert can_stack(m, Force("basic"), Force("basic"))
    assert can_stack(m, Force("basic"), Force("basic", 2))
    assert not can_stack(m, Force("basic"), Force("basic", 3))
    assert not can_stack(m, Force("basic", 2), Force("basic", 2))


def test_elites_cannot_be_stacked(m):
    assert not can_stack(m, Force("elite"), Force("elite"))
    assert not can_stack(m, Force("basic"), Force("elite"))


def test_stack_rerolls_one_or_two_dice(m):
    assert [rerolls(m, Force("basic", n)) for n in (1, 2, 3)] == [0, 1, 2]
    assert rerolls(m, Force("elite")) == 0


def test_forces_that_fight(m):
    assert forces(m) == [Force("basic"), Force("elite"), Force("basic", 2), Force("basic", 3)]


def test_build_only_on_an_empty_lot(m):
    assert can_build(m, "lot", has_building=False)
    assert not can_build(m, "lot", has_building=True)
    assert not can_build(m, "plains", has_building=False)
    assert not can_build(m, "lighthouse", has_building=False)


def test_units_are_built_on_the_base_or_a_factory(m):
    basic, elite = m.unit["basic"], m.unit["elite"]
    assert can_build_unit(m, basic, "base", False, False, coins=2, on_board=0)
    assert can_build_unit(m, elite, "lot", True, False, coins=6, on_board=0)
    assert not can_build_unit(m, basic, "lot", False, False, coins=9, on_board=0)   # a city
    assert not can_build_unit(m, basic, "base", False, True, coins=9, on_board=0)   # occupied
    assert not can_build_unit(m, elite, "base", False, False, coins=5, on_board=0)  # too dear
    assert not can_build_unit(m, basic, "base", False, False, coins=9, on_board=20)  # no pieces left


def test_score_counts_buildings_and_the_lighthouse(m):
    assert score(m, 7, owns_lighthouse=False) == 7
    # the lighthouse is a city (1) and scores three more (decision lighthouse-value)
    assert score(m, 7, owns_lighthouse=True) == 11


# ---- combat modifiers

def test_attacker_gains_one_elite_two(m):
    assert attack_bonus(m, Force("basic")) == 1
    assert attack_bonus(m, Force("basic", 3)) == 1
    assert attack_bonus(m, Force("elite")) == 2


@pytest.mark.parametrize(("row", "basic", "elite"), [
    ("plains", 0, 1), ("forest", 1, 2), ("mountain", 2, 3), ("building", 2, 3)])
def test_defender_gains_by_terrain_elite_one_more(m, row, basic, elite):
    assert defence_bonus(m, Force("basic"), row) == basic
    assert defence_bonus(m, Force("elite"), row) == elite


def test_a_building_defends_an_empty_lot_does_not(m):
    assert defence_row(m, "lot", built=True) == "building"
    assert defence_row(m, "lot", built=False) == "plains"
    assert defence_row(m, "base", built=False) == "building"
    assert defence_row(m, "lighthouse", built=False) == "building"


def test_elites_are_never_met_on_a_mountain(m):
    assert not can_stand_on(m, Force("elite"), "mountain")
    assert can_stand_on(m, Force("basic"), "mountain")
