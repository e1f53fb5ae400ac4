"""Skylands rules model during the game: the four actions, the special action, game end, and the
effects of the special islands (seed: "The Actions in Detail", "Overview of the Special Islands")."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.content import paths
from generator.core import kit
from generator.games.skylands import actions, effects
from generator.games.skylands.board import Board, Placed, parse_square
from generator.games.skylands.islands import Island, find_islands
from generator.games.skylands.model import Skylands


@pytest.fixture(scope="module")
def model() -> Skylands:
    return kit.load("skylands", paths.CONTENT).model


def sq(name: str) -> tuple[int, int]:
    square = parse_square(name, 4, 5)
    assert square is not None
    return square


def place(model: Skylands, board: Board, *steps: tuple[str, str, int]) -> Board:
    for face_id, square, rot in steps:
        board = board.place(model.faces[face_id], sq(square), rot)
    return board


def island_at(board: Board, square: str, kind: str) -> Island:
    return next(i for i in find_islands(board) if i.type == kind and sq(square) in i.squares)


def people(board: Board, square: str, index: int, colours: tuple[str, ...]) -> Board:
    placed = board.squares[sq(square)]
    groups = [placed.inhabitants_on(i) for i in range(len(placed.face.fragments))]
    groups[index] = colours
    return board.with_square(sq(square), Placed(placed.face, placed.rotation, placed.printed, tuple(groups)))


def param(model: Skylands, action_id: str, name: str) -> int:
    return actions.action(model, action_id).params[name]


def effect(model: Skylands, special_id: str):
    return model.specials[special_id].effect


FULL = Counter({"green": 20, "purple": 20, "blue": 20})


def crystals_and_city(model: Skylands) -> Board:
    """A complete crystal island of 2 spaces (A1-B1) and a complete city of 4 (A3 B3 / A4 B4 ring)."""
    board = place(model, model.empty_board(), ("small-crystals-1", "A1", 90), ("small-crystals-2", "B1", 270))
    return place(model, board, ("half-city-1", "A3", 90), ("half-city-2", "B3", 180),
                 ("half-city-3", "A4", 0), ("half-city-4", "B4", 270))


# ---- a turn -------------------------------------------------------------------------------

def test_turn_token_moves_to_another_board_and_the_marker_stays(model):
    assert actions.marker_after("deploy-inhabitants", "discover-islands", True) is True
    assert actions.marker_after(None, "discover-islands", True) is True  # first round: any board


def test_special_action_repeats_once_and_flips_the_marker(model):
    assert actions.marker_after("discover-islands", "discover-islands", True) is False
    with pytest.raises(actions.IllegalAction, match="once per game"):
        actions.marker_after("discover-islands", "discover-islands", False)


# ---- Discover islands ---------------------------------------------------------------------

def test_discover_reveals_players_plus_one(model):
    assert actions.reveal_count(model, 4) == 4 + param(model, "discover-islands", "reveal_extra") == 5


def test_discover_active_player_takes_one_more(model):
    assert actions.tiles_taken(model, active=False) == 1 and actions.tiles_taken(model, active=True) == 2


def test_discover_game_ends_when_the_stack_cannot_reveal(model):
    assert actions.can_discover(model, 3, 4) and not actions.can_discover(model, 3, 3)


# ---- game end -----------------------------------------------------------------------------

def test_game_end_one_or_no_empty_square_left(model):
    board = model.empty_board()
    for name in ["A1", "B1", "C1", "D1", "E1", "A2", "B2", "C2", "D2", "E2", "A3", "B3", "C3", "D3", "E3",
                 "A4", "B4", "C4"]:
        board = board.with_square(sq(name), Placed(model.faces["floating-garden"]))
    assert not actions.game_ends(model, [model.empty_board(), board], vp_supply=10)  # two left
    board = board.with_square(sq("D4"), Placed(model.faces["floating-garden"]))
    assert actions.game_ends(model, [model.empty_board(), board], vp_supply=10)       # one left


def test_game_end_vp_supply_exhausted(model):
    assert actions.game_ends(model, [model.empty_board()], vp_supply=0)
    assert not actions.game_ends(model, [model.empty_board()], vp_supply=1)


# ---- Deploy inhabitants -------------------------------------------------------------------

def test_deploy_only_complete_islands_of_woods_mountains_or_crystals(model):
    board = crystals_and_city(model)
    board = place(model, board, ("long-woods-1", "D1", 90))  # open: incomplete
    islands = find_islands(board)
    targets = actions.deploy_targets(model, board, islands)
    assert [i.type for i in targets] == ["crystals"]  # not the city, not the open woods
    with pytest.raises(actions.IllegalAction, match="cannot take inhabitants"):
        actions.deploy(model, board, islands, [island_at(board, "A3", "city")], FULL, active=False)


def test_deploy_one_inhabitant_of_its_colour_on_each_unoccupied_space(model):
    board = crystals_and_city(model)
    board = people(board, "A1", 0, ("blue",))
    islands = find_islands(board)
    after, supply = actions.deploy(model, board, islands, [island_at(board, "A1", "crystals")], FULL, active=False)
    assert after.squares[sq("A1")].inhabitants_on(0) == ("blue",)
    assert after.squares[sq("B1")].inhabitants_on(0) == ("blue",)
    assert supply["blue"] == 19


def test_deploy_full_island_cannot_be_chosen(model):
    board = people(people(crystals_and_city(model), "A1", 0, ("blue",)), "B1", 0, ("blue",))
    assert actions.deploy_targets(model, board, find_islands(board)) == []


def test_deploy_short_supply_leaves_spaces_empty(model):
    board = crystals_and_city(model)
    islands = find_islands(board)
    after, supply = actions.deploy(model, board, islands, [island_at(board, "A1", "crystals")],
                                   Counter({"blue": 1}), active=False)
    assert sum(p.inhabitant_count for p in after.squares.values()) == 1 and supply["blue"] == 0


def test_deploy_active_player_chooses_two_islands(model):
    board = place(model, crystals_and_city(model), ("small-woods-1", "D1", 90), ("small-woods-2", "E1", 270))
    islands = find_islands(board)
    two = [island_at(board, "A1", "crystals"), island_at(board, "D1", "woods")]
    with pytest.raises(actions.IllegalAction, match="at most 1"):
        actions.deploy(model, board, islands, two, FULL, active=False)
    _, supply = actions.deploy(model, board, islands, two, FULL, active=True)
    assert supply == Counter({"green": 18, "purple": 20, "blue": 18})


# ---- Create islands -----------------------------------------------------------------------

def test_create_cost_is_the_inhabitants_shown(model):
    cost = actions.special_cost(model, "generator", model.empty_board(), active=False)
    assert cost == Counter(model.specials["generator"].spec.cost) == Counter({"blue": 2, "white": 1})


def test_create_active_player_does_not_return_the_white_inhabitant(model):
    assert actions.special_cost(model, "generator", model.empty_board(), active=True) == Counter({"blue": 2})


def test_create_white_inhabitant_is_any_colour(model):
    board = people(people(crystals_and_city(model), "A1", 0, ("blue",)), "B1", 0, ("blue",))
    board = place(model, board, ("hostel", "E4", 0))
    board = people(board, "E4", 0, ("purple",))
    pay = actions.payment(model, board, Counter({"blue": 2, "white": 1}))
    assert pay == Counter({"blue": 2, "purple": 1})
    assert actions.payment(model, board, Counter({"blue": 3})) is None  # cannot pay: pass


def test_create_district_returns_one_fewer_of_its_colour(model):
    board = place(model, model.empty_board(), ("mountain-district", "E4", 0))
    fewer = effect(model, "mountain-district").fewer
    cost = actions.special_cost(model, "shrine-of-the-mountains", board, active=False)
    assert cost["purple"] == model.specials["shrine-of-the-mountains"].spec.cost.count("purple") - fewer
    assert actions.special_cost(model, "generator", board, active=False) == Counter({"blue": 2, "white": 1})


def test_create_merchant_district_trades_two_of_a_kind_for_one_of_any(model):
    board = place(model, model.empty_board(), ("half-woods-1", "B2", 90), ("half-woods-2", "C2", 180),
                  ("half-woods-3", "B3", 0), ("half-woods-4", "C3", 270))
    board = people(people(board, "B2", 0, ("green", "green")), "C2", 0, ("green",))
    cost = Counter({"blue": 1, "white": 1})
    assert actions.payment(model, board, cost) is None
    board = place(model, board, ("merchant-district", "A1", 90))  # a city fragment: where it lies does not matter
    give = effect(model, "merchant-district").give
    assert actions.payment(model, board, cost) == Counter({"green": give + 1})


# ---- Convert energy -----------------------------------------------------------------------

def test_convert_moves_until_the_city_is_full_or_the_crystals_empty(model):
    board = people(people(crystals_and_city(model), "A1", 0, ("blue",)), "B1", 0, ("blue",))
    src, city = island_at(board, "A1", "crystals"), island_at(board, "A3", "city")
    done = actions.convert(model, board, [src], [city], active=False)
    assert done.moved == ("blue", "blue")
    assert done.vp == 2 * param(model, "convert-energy", "vp_per_space")
    assert actions.inhabitants_of(done.board) == Counter()  # the city's inhabitants go back to the supply


def test_convert_needs_a_complete_crystal_island_with_an_inhabitant_and_a_complete_city(model):
    board = crystals_and_city(model)
    src, city = island_at(board, "A1", "crystals"), island_at(board, "A3", "city")
    with pytest.raises(actions.IllegalAction, match="with an inhabitant"):
        actions.convert(model, board, [src], [city], active=False)
    board = people(board, "A1", 0, ("blue",))
    src = island_at(board, "A1", "crystals")
    with pytest.raises(actions.IllegalAction, match="target must be a complete city"):
        actions.convert(model, board, [src], [src], active=False)
    board = place(model, board, ("small-city-1", "D1", 90))
    with pytest.raises(actions.IllegalAction, match="incomplete city"):
        actions.convert(model, board, [src], [island_at(board, "D1", "city")], active=False)


def test_convert_active_player_two_crystal_islands_or_two_cities_and_the_blue_bonus(model):
    board = people(people(crystals_and_city(model), "A1", 0, ("blue",)), "B1", 0, ("blue",))
    board = place(model, board, ("small-crystals-3", "D1", 90), ("small-crystals-4", "E1", 270))
    board = people(people(board, "D1", 0, ("blue",)), "E1", 0, ("blue",))
    two = [island_at(board, "A1", "crystals"), island_at(board, "D1", "crystals")]
    city = island_at(board, "A3", "city")
    with pytest.raises(actions.IllegalAction, match="2 crystals and 1 city"):
        actions.convert(model, board, two, [city], active=False)
    done = actions.convert(model, board, two, [city], active=True)
    assert done.moved == ("blue",) * 4
    assert done.vp == 4 * param(model, "convert-energy", "vp_per_space") + param(model, "convert-energy", "bonus_vp")


def test_convert_hostel_inhabitants_can_be_moved_and_bonus_needs_a_blue(model):
    board = people(crystals_and_city(model), "A1", 0, ("blue",))
    board = place(model, board, ("hostel", "E4", 0))
    board = people(board, "E4", 0, ("green", "purple"))
    src, city = island_at(board, "A1", "crystals"), island_at(board, "A3", "city")
    hostel = next(i for i in find_islands(board) if sq("E4") in i.squares)
    done = actions.convert(model, board, [src, hostel], [city], active=True)
    assert done.moved == ("blue", "green", "purple") and done.vp == 3 + param(model, "convert-energy", "bonus_vp")
    board = people(board, "A1", 0, ())
    board = people(board, "B1", 0, ("blue",))  # still a crystal island with an inhabitant
    done = actions.convert(model, board, [island_at(board, "A1", "crystals")], [city], active=False)
    assert done.vp == 1


def test_hostel_fills_from_complete_islands_up_to_its_capacity_never_from_the_supply(model):
    capacity = effect(model, "hostel").capacity
    board = place(model, crystals_and_city(model), ("hostel", "E4", 0))
    board = people(board, "A1", 0, ("blue",))
    board = people(board, "A3", 0, ("blue",) * 2)  # the city holds inhabitants too
    hostel = next(i for i in find_islands(board) if sq("E4") in i.squares)
    crystals, city = island_at(board, "A1", "crystals"), island_at(board, "A3", "city")
    after = actions.to_hostel(model, board, hostel, [crystals, city], 2)
    assert after.squares[sq("E4")].inhabitants_on(0) == ("blue", "blue")
    assert actions.inhabitants_of(after) == actions.inhabitants_of(board)  # moved, none from the supply
    assert after.squares[sq("A1")].inhabitants_on(0) == ()
    with pytest.raises(actions.IllegalAction, match="none come from the supply"):
        actions.to_hostel(model, board, hostel, [crystals], 2)          # one inhabitant there
    full = people(board, "E4", 0, ("green",) * capacity)
    with pytest.raises(actions.IllegalAction, match="0 empty spaces"):
        actions.to_hostel(model, full, hostel, [city], 1)
    with pytest.raises(actions.IllegalAction, match="empty space"):
        actions.to_hostel(model, board, hostel, [city], capacity + 1)
    open_board = people(place(model, board, ("small-woods-1", "D1", 0)), "D1", 0, ("green",))
    woods = next(i for i in find_islands(open_board) if sq("D1") in i.squares)
    assert not woods.complete
    with pytest.raises(actions.IllegalAction, match="incomplete"):
        actions.to_hostel(model, open_board, hostel, [woods], 1)
    with pytest.raises(actions.IllegalAction, match="onto the Hostel"):
        actions.to_hostel(model, board, city, [crystals], 1)


def test_power_station_two_more_vps_when_its_city_gets_inhabitants(model):
    board = people(place(model, model.empty_board(), ("small-crystals-1", "A1", 90), ("small-crystals-2", "B1", 270)),
                   "A1", 0, ("blue",))
    board = place(model, board, ("power-station", "A3", 90), ("small-city-1", "B3", 270))
    done = actions.convert(model, board, [island_at(board, "A1", "crystals")], [island_at(board, "A3", "city")],
                           active=False)
    assert done.vp == 1 + effect(model, "power-station").bonus_vp


def test_generator_one_vp_every_time_convert_energy_is_chosen(model):
    assert effects.generator_vp(model, model.empty_board()) == 0
    board = place(model, model.empty_board(), ("generator", "A1", 0))
    assert effects.generator_vp(model, board) == effect(model, "generator").vp_per_convert == 1


# ---- one time effects ---------------------------------------------------------------------

def test_worth_while_find_gains_vps_when_placed(model):
    board = place(model, model.empty_board(), ("worth-while-find", "C2", 0))
    done = effects.on_place(model, board, sq("C2"), FULL)
    assert done.vp == effect(model, "worth-while-find").gain_vp == 2 and done.draw == 0


def test_outpost_draws_an_island_when_placed(model):
    board = place(model, model.empty_board(), ("outpost", "C2", 0))
    assert effects.on_place(model, board, sq("C2"), FULL).draw == effect(model, "outpost").draw == 1


def test_fruitful_terrain_fills_the_island_it_completes(model):
    board = place(model, model.empty_board(), ("fruitful-woods", "B2", 90))
    assert effects.on_place(model, board, sq("B2"), FULL).board == board  # not complete yet
    board = place(model, board, ("half-woods-1", "C2", 180))  # woods west, south: still open at C3
    board = place(model, board, ("small-woods-1", "C3", 0))
    done = effects.on_place(model, board, sq("C3"), FULL)
    island = island_at(done.board, "B2", "woods")
    assert island.complete and island.inhabitants == island.all_spaces == 4
    assert done.supply["green"] == 20 - 4


def test_profitable_city_one_vp_for_every_two_spaces_when_completed(model):
    board = place(model, model.empty_board(), ("profitable-city", "A1", 90), ("half-city-1", "B1", 180))
    assert effects.on_place(model, board, sq("B1"), FULL).vp == 0  # open to the south of B1
    board = place(model, board, ("small-city-1", "B2", 0))
    city = island_at(board, "A1", "city")
    e = effect(model, "profitable-city")
    assert city.complete and city.spaces == 4
    assert effects.on_place(model, board, sq("B2"), FULL).vp == e.vp * 4 // e.spaces_per_vp == 2
