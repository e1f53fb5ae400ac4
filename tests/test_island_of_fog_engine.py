"""The Island of Fog engine, rule by rule against the seed (004, "Battle on the Island of Fog -
Rulebook"): each test quotes the rule it checks. Games are set up on maps drawn as the rules draw
them (mapgen.draw), and the board is then arranged by hand where a rule needs a particular spot."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from generator.content import paths
from generator.core import kit
from generator.games.island_of_fog import engine
from generator.games.island_of_fog.board import arrow, quarter_turns, setup
from generator.games.island_of_fog.engine import FixedMap, Game, IllegalMove, Option, Unit, new_deal, play_game
from generator.games.island_of_fog.mapgen import draw
from generator.games.island_of_fog.model import IslandOfFog
from generator.games.island_of_fog.odds import matchup
from generator.games.island_of_fog.policies import POLICIES, GreedyPolicy
from generator.games.island_of_fog.rules import Force, defence_row, seat_coins

M = kit.load("island-of-fog", paths.CONTENT).model


def new_game(players: int = 2, seed: int = 1, revealed: bool = True) -> Game:
    plan = draw(M, 5, players, random.Random(seed))
    g = Game(M, 5, M.seats(players), FixedMap(plan), random.Random(seed))
    if revealed:
        for sq in g.empty_squares():
            g.reveal(sq)
    return g


def at(g: Game, r: int, c: int) -> int:
    return r * g.side + c


def clear(g: Game, kind: str = "plains") -> None:
    """Every space of the board plain (the pieces stay), for rules about distances and terrain."""
    for i, k in enumerate(g.kinds):
        if k is not None and not (M.kind[k].base or M.kind[k].lighthouse or M.kind[k].lot):
            g.kinds[i] = kind


class Script:
    """A policy that does what a test says: activates `units`, picks the option `pick` returns."""

    def __init__(self, units=(), pick=None, flip=None, build=None, side="city"):
        self.units, self.pick, self.flip, self.to_build, self.to_side = list(units), pick, flip, build, side
        self.seen: list[tuple[int, int]] = []

    def order(self, game, seat, ready):
        return [u for u in self.units if u in ready]

    def choose(self, game, seat, at_, mp, options):
        self.seen.append((at_, mp))
        return self.pick(options) if self.pick else next(o for o in options if o.dest == at_ and o.action == "none")

    def place_flip(self, game, seat, empty):
        return self.flip or empty[0]

    def build(self, game, seat, site):
        return self.to_build

    def side(self, game, seat, at_):
        return self.to_side


# ---- set-up ("Game set-up")

def test_setup_two_buildings_a_base_and_one_basic_unit_on_it():
    # "each player places 2 building tokens on the designated squares on their starting tile, the
    # base tile on the designated square and 1 basic unit on top of the home base"
    g = new_game(4, revealed=False)
    for seat in range(4):
        mine = Counter(b.kind for b in g.buildings.values() if b.owner == seat)
        assert mine == {"city": 2, "base": 1}      # decision `starting-coins`: city side up
        unit = g.units[g.bases[seat]]
        assert (unit.seat, unit.unit, unit.size) == (seat, "basic", 1)
    # each seat's purse on top of the starting coins (decision `first-player`; test below)
    assert g.coins == [M.game.turn.starting_coins + c for c in seat_coins(M, 4)]
    # the lighthouse tile in the centre, face up; every other square face down but the corners
    assert g.lighthouse is not None and g.buildings[g.lighthouse].owner is None
    assert len(g.empty_squares()) == 25 - 4 - 1


# ---- income ("At the start of each turn, the player receives resources ...")

def test_income_is_each_citys_ring_value_and_the_lighthouses_own():
    g = new_game(2)
    outer = M.default_variant.ring_values[0]
    assert g.income(0) == 2 * outer           # the two starting cities on the outer ring
    lot = next(i for i, k in enumerate(g.kinds) if k and M.kind[k].lot and i not in g.buildings
               and g.square_of(i) in ((1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)))
    g.buildings[lot] = engine.Building(0, "factory")
    assert g.income(0) == 2 * outer           # "Factories and home bases earn nothing"
    g.buildings[lot].kind = "city"
    assert g.income(0) == 2 * outer + M.default_variant.ring_values[1]   # "middle layer ... 2 coins"
    g.buildings[g.lighthouse].owner = 0
    assert g.income(0) == 2 * outer + M.default_variant.ring_values[1] + M.tiles.lighthouse.income


def test_income_is_paid_at_the_start_of_the_turn():
    g = new_game(2)
    g.turn(0, Script())
    purse = seat_coins(M, 2)
    assert g.coins[0] == M.game.turn.starting_coins + purse[0] + g.income(0)
    assert g.coins[1] == M.game.turn.starting_coins + purse[1]


@pytest.mark.parametrize("purses", [{}, {2: [0, 7], 3: [0, 2, 5]}])
def test_each_seat_starts_with_its_purse(purses):
    # Decision `first-player`: the later seats' purse (game.yaml `seat_coins`), on top of the
    # starting coins (decision `starting-coins`); a count without one gives no seat any.
    model = dataclasses.replace(M, game=M.game.model_copy(update={"seat_coins": purses}))
    for players in (2, 3, 4):
        g = Game(model, 5, M.seats(players), FixedMap(draw(M, 5, players, random.Random(1))), random.Random(1))
        extra = purses.get(players, [0] * players)
        assert g.coins == [M.game.turn.starting_coins + c for c in extra]


# ---- movement ("Movement")

def test_a_basic_unit_moves_six_spaces_and_mountains_cost_double():
    g = new_game(2)
    clear(g)
    base = g.bases[0]
    reach = g.reach(base, M.unit["basic"].move)
    assert max(reach.values()) == M.unit["basic"].move
    r, c = divmod(base, g.side)
    g.kinds[at(g, r, c + 1)] = "mountain"
    assert g.reach(base, 6)[at(g, r, c + 1)] == 2       # "mountain spaces take twice the movement"


def test_water_stops_everyone_and_elites_cannot_climb():
    g = new_game(2)
    clear(g)
    base = g.bases[0]
    r, c = divmod(base, g.side)
    g.kinds[at(g, r, c + 1)] = "water"
    assert at(g, r, c + 1) not in g.reach(base, 6)       # "Water spaces cannot be travelled over"
    g.kinds[at(g, r + 1, c)] = "mountain"
    g.units[base] = Unit(0, "elite")
    assert at(g, r + 1, c) not in g.reach(base, 7)       # elite: "Cannot climb over mountain spaces"
    g.units[base] = Unit(0, "basic")
    assert at(g, r + 1, c) in g.reach(base, 6)           # basic: "Can climb over mountains"


def test_enemy_units_block_the_way_own_units_do_not():
    # decision `passing`
    g = new_game(2)
    clear(g)
    base = g.bases[0]
    r, c = divmod(base, g.side)
    for i in (at(g, r, c + 1), at(g, r + 1, c), at(g, r - 1, c), at(g, r, c - 1)):
        g.units[i] = Unit(1, "basic")
    assert set(g.reach(base, 6)) == {base}
    g.units[at(g, r, c + 1)] = Unit(0, "basic")
    assert at(g, r, c + 2) in g.reach(base, 6)
    # ... and a move cannot end on a unit, except to stack
    ends = {(o.dest, o.action) for o in g.options(base, 6)}
    assert (at(g, r, c + 1), "none") not in ends and (at(g, r, c + 1), "stack") in ends


def test_up_to_five_units_a_turn():
    # "Players can move up to 5 of their units per turn"
    g = new_game(2)
    clear(g)
    spaces = [at(g, 0, c) for c in range(6, 13)]
    for i in spaces:
        g.units[i] = Unit(0, "basic")
    too_many = Script(units=spaces[:M.game.turn.units_moved + 1])
    with pytest.raises(IllegalMove):
        g.turn(0, too_many)
    five = Script(units=spaces[:M.game.turn.units_moved])
    new_game(2).turn(0, five)


def test_exploring_turns_up_the_next_tile_arrow_to_the_lighthouse():
    # "When players move off of their tile they must flip over a tile from the top of the pile
    # face-up onto the area of the map they moved into ... the arrow ... pointing towards the lighthouse"
    rng = random.Random(5)
    _, pile = new_deal(M, 5, 2, rng)
    top = pile.tiles[0]
    g = Game(M, 5, M.seats(2), pile, rng)
    base = g.bases[0]
    g.units[base].ready = True
    left = len(pile.tiles)
    option = next(o for o in g.options(base, 6) if o.explore is not None)
    sq = g.square_of(option.explore)
    g.activate(0, base, Script(pick=lambda opts: option if option in opts else
                               next(o for o in opts if o.explore is None and o.action == "none")))
    grid = M.turned[(top, quarter_turns(arrow(5, sq)))]
    n = g.n
    assert [g.kinds[(sq[0] * n + r) * g.side + sq[1] * n + c] for r in range(n) for c in range(n)] == \
        [k for row in grid for k in row]
    assert len(pile.tiles) <= left - 1     # taken from the top of the pile


@pytest.mark.parametrize("costs", [False, True])
def test_a_unit_that_cannot_enter_the_turned_space_stays_and_moves_on(costs):
    # "If the player cannot move into the tile (due to a mountain or water) then the tile remains
    # face-up, but the player remains on the space it was previously occupying and can continue
    # its remaining movement from there." Whether the refused step costs is decision `exploring`'s
    # setting `blocked_step_costs`: an ordinary step's points (water has none of its own), or none.
    turn = M.game.turn.model_copy(update={"blocked_step_costs": costs})
    model = dataclasses.replace(M, game=M.game.model_copy(update={"turn": turn}))
    step = min(k.move_cost for k in M.kind.values() if k.move_cost is not None) if costs else 0
    water = next(t.id for t in M.field_tiles if "water" in {k for row in t.grid for k in row})
    g = Game(model, 5, M.seats(2), engine.LivePile([water] * 40), random.Random(1))
    base = g.bases[0]
    g.units[base] = Unit(0, "basic", ready=True)
    for option in g.options(base, 6):
        if option.explore is None:
            continue
        grid = M.turned[(water, quarter_turns(arrow(5, g.square_of(option.explore))))]
        n = g.n
        er, ec = divmod(option.explore, g.side)
        if grid[er % n][ec % n] == "water":
            break
    else:
        pytest.skip("no water entry from this base")
    script = Script(pick=lambda opts: option if option in opts else
                    next(o for o in opts if o.explore is None and o.action == "none"))
    g.activate(0, base, script)
    assert script.seen[1] == (option.dest, 6 - option.cost - step)   # stayed, its points left to move on
    assert g.kinds[option.explore] == "water"


# ---- building ("Building and taking cities")

def test_building_a_city_or_factory_on_an_empty_lot_only():
    g = new_game(2)
    lot = next(i for i, k in enumerate(g.kinds) if k and M.kind[k].lot and i not in g.buildings)
    plain = next(i for i, k in enumerate(g.kinds) if k == "plains" and i not in g.units)
    assert g.actions_at(0, lot) == ["city", "factory"]
    assert g.actions_at(0, plain) == []
    g.buildings[lot] = engine.Building(1, "city")
    assert g.actions_at(0, lot) == []
    # "A city and a factory can be swapped around if there is a unit on top of it"
    g.buildings[lot].owner = 0
    assert g.actions_at(0, lot) == ["swap"]


def test_a_unit_is_built_on_an_empty_base_or_factory_and_cannot_move_that_turn():
    # "A new unit built cannot be moved until the next turn" / "as long as there is no unit on the factory"
    g = new_game(2)
    base = g.bases[0]
    g.coins[0] = 100
    assert g.build_sites(0) == []                 # the starting unit stands on the base
    del g.units[base]
    g.on_board[0]["basic"] -= 1
    g.build(0, base, "elite")
    assert g.coins[0] == 100 - M.unit["elite"].cost and not g.units[base].ready
    with pytest.raises(IllegalMove):
        g.build(0, base, "basic")                  # occupied now
    g.coins[0] = 1
    del g.units[base]
    with pytest.raises(IllegalMove):
        g.build(0, base, "basic")                  # "Costs 2 coins to build"


def test_a_colour_cannot_build_more_units_than_it_has_pieces():
    g = new_game(2)
    base = g.bases[0]
    del g.units[base]
    g.coins[0] = 1000
    g.on_board[0]["basic"] = M.unit["basic"].per_colour
    with pytest.raises(IllegalMove):
        g.build(0, base, "basic")


# ---- stacking ("Building and Stacking Units")

def test_stacking_basic_units_up_to_three_not_elites_and_not_moving_that_turn():
    g = new_game(2)
    clear(g)
    base = g.bases[0]
    r, c = divmod(base, g.side)
    nxt = at(g, r, c + 1)
    g.units[nxt] = Unit(0, "basic", ready=True)
    g.units[base].ready = True
    g.activate(0, nxt, Script(pick=lambda opts: next(o for o in opts if o.action == "stack")))
    stack = g.units[base]
    assert stack.size == 2 and not stack.ready and nxt not in g.units   # "cannot be moved afterwards"
    g.units[nxt] = Unit(0, "basic", size=2, ready=True)
    assert not any(o.action == "stack" for o in g.options(nxt, 6))      # "only be stacked up to 3"
    g.units[nxt] = Unit(0, "elite", ready=True)
    assert not any(o.action == "stack" for o in g.options(nxt, 7))      # elites: "Cannot be stacked"


# ---- combat ("Combat")

class Fixed(random.Random):
    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


def fight_setup(value: float, on_building: bool = False):
    g = new_game(2)
    clear(g)
    g.rng = Fixed(value)
    base = g.bases[0]
    r, c = divmod(base, g.side)
    target = at(g, r, c + 1)
    g.buildings.pop(target, None)
    g.kinds[target] = "plains"
    if on_building:
        g.kinds[target] = "lot"
        g.buildings[target] = engine.Building(1, "city")
    g.units[target] = Unit(1, "basic")
    return g, base, target


def test_combat_uses_the_exact_odds_with_bonuses_and_rerolls():
    g, base, target = fight_setup(0.5, on_building=True)
    row = defence_row(M, "lot", True)
    odds = matchup(M, Force("basic"), Force("basic"), row, M.combat.reroll_policy).odds
    assert g.chances(g.units[base], g.units[target], target) == (float(odds.win), float(odds.draw))
    g.units[base] = Unit(0, "basic", size=3)
    odds3 = matchup(M, Force("basic", 3), Force("basic"), row, M.combat.reroll_policy).odds
    assert g.chances(g.units[base], g.units[target], target) == (float(odds3.win), float(odds3.draw))
    assert odds3.win > odds.win    # a stack's re-rolls help it


def test_combat_the_loser_loses_its_unit_and_a_draw_leaves_both():
    # "The highest combined total wins the battle, and the opponent loses their unit. In the case
    # of a draw, both units remain."
    g, base, target = fight_setup(0.0)
    assert g.fight(base, target) == "win" and target not in g.units and base in g.units
    g, base, target = fight_setup(0.999999)
    assert g.fight(base, target) == "lose" and base not in g.units and target in g.units
    g, base, target = fight_setup(0.0)
    win, draw_ = g.chances(g.units[base], g.units[target], target)
    g.rng = Fixed(win + draw_ / 2)
    assert g.fight(base, target) == "draw" and base in g.units and target in g.units


def test_the_attacker_moves_into_a_building_whose_defender_it_destroyed():
    # "If the loser was destroyed in a building, then the attacking player moves into that spot"
    g, base, target = fight_setup(0.0, on_building=True)
    g.fight(base, target)
    assert g.units[target].seat == 0 and base not in g.units
    g, base, target = fight_setup(0.0)
    g.fight(base, target)
    assert base in g.units and target not in g.units      # open ground: it stays


def test_a_destroyed_stack_loses_every_unit():
    # "if a stacked unit gets destroyed all units in the stack get destroyed"
    g, base, target = fight_setup(0.0)
    g.units[target] = Unit(1, "basic", size=3)
    g.on_board[1]["basic"] = 3
    g.fight(base, target)
    assert g.on_board[1]["basic"] == 0


def test_combat_only_against_an_adjacent_enemy():
    g, base, target = fight_setup(0.0)
    far = target + 1
    g.units[far] = g.units.pop(target)
    with pytest.raises(IllegalMove):
        g.fight(base, far)


# ---- taking buildings, the base, the lighthouse

def test_an_enemy_building_held_until_the_next_turn_is_taken():
    # "taking over an opponent's city ... by placing a unit on top of the designated token and
    # holding that space until the next turn"
    g = new_game(2)
    city = next(i for i, b in g.buildings.items() if b.owner == 1 and b.kind == "city")
    g.units[city] = Unit(0, "basic")
    g.turn(0, Script(side="factory"))
    assert g.buildings[city].owner == 0 and g.buildings[city].kind == "factory"   # conqueror's choice


def test_taking_a_base_puts_its_nation_out_and_hands_over_its_buildings():
    # "whichever player claims another player's base will also get all of the defeated players cities"
    g = new_game(3)
    del g.units[g.bases[1]]
    g.units[g.bases[1]] = Unit(0, "basic")
    g.turn(0, Script())
    assert not g.alive[1]
    assert not any(u.seat == 1 for u in g.units.values())
    assert not any(b.owner == 1 for b in g.buildings.values())
    assert g.buildings[g.bases[1]].kind in ("city", "factory")   # decision `conquest`


def test_the_lighthouse_is_claimed_as_an_action_and_flips_a_tile_each_turn():
    # decisions `lighthouse-claim`, `lighthouse-flip`: "for every turn that the lighthouse is
    # occupied, the player who owns it must flip one tile and place it anywhere within the 5x5 grid"
    assert 2 not in M.game.flip_every_turn      # two players: its owner flips on its own turns only
    g = new_game(2, revealed=False)
    assert g.actions_at(0, g.lighthouse) == ["claim"]
    g.units[g.lighthouse] = Unit(0, "basic", ready=True)
    g.activate(0, g.lighthouse, Script(pick=lambda opts: next(o for o in opts if o.action == "claim")))
    assert g.buildings[g.lighthouse].owner == 0
    empty = len(g.empty_squares())
    g.turn(0, Script(flip=(0, 2)))
    assert len(g.empty_squares()) == empty - 1 and (0, 2) not in g.empty_squares()
    g.turn(1, Script())
    assert len(g.empty_squares()) == empty - 1     # only its owner flips


@pytest.mark.parametrize("every_turn", [True, False])
def test_the_lighthouses_owner_lays_a_tile_on_every_players_turn_where_the_content_says_so(every_turn):
    # decision `lighthouse-flip`: "for every turn that the lighthouse is occupied" read as every
    # player's turn at the player counts game.yaml's `flip_every_turn` names; the owner places it
    flips = [4] if every_turn else []
    model = dataclasses.replace(M, game=M.game.model_copy(update={"flip_every_turn": flips}))
    plan = draw(M, 5, 4, random.Random(1))
    g = Game(model, 5, M.seats(4), FixedMap(plan), random.Random(1))
    g.buildings[g.lighthouse].owner = 2
    owner, mover = Script(), Script(flip=(4, 2))     # the owner lays its tile on the first empty square
    table = [Script(), mover, owner, Script()]
    before = g.empty_squares()
    g.turn(1, mover, table)
    if every_turn:
        assert g.empty_squares() == before[1:] and (4, 2) in g.empty_squares()   # where the owner chose
        with pytest.raises(ValueError, match="every seat's policy"):
            g.turn(3, Script())                  # the owner's placement needs the owner's policy
    else:
        assert g.empty_squares() == before
    g.turn(2, owner, table)                      # on its own turn the owner lays one either way
    assert len(g.empty_squares()) == len(before) - 1 - every_turn


# ---- the end ("Game Phases", "Win Conditions")

def test_score_counts_buildings_and_the_lighthouse_three_more():
    # "count every building they have on the field ... owns the lighthouse ... additional three points"
    g = new_game(2)
    assert g.score(0) == 2 * M.game.scoring.points_per_building     # the base is not a building token
    g.buildings[g.lighthouse].owner = 0
    assert g.score(0) == 3 * M.game.scoring.points_per_building + M.game.scoring.lighthouse_points


class Recorder:
    """A policy that remembers, at each of its turns, how many squares were still face down and
    whether the countdown had begun (the board covered in an earlier turn)."""

    def __init__(self, inner, log, seat):
        self.inner, self.log, self.seat = inner, log, seat

    def order(self, game, seat, ready):
        self.log.append((seat, len(game.empty_squares()), game.countdown is not None))
        return self.inner.order(game, seat, ready)

    def __getattr__(self, name):
        return getattr(self.inner, name)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_countdown_gives_every_player_five_more_turns_after_the_board_is_covered(players):
    # "The countdown phase, which consists of five turns, begins as soon as every space on the game
    # board is covered in tiles." (decision `countdown`)
    log: list[tuple[int, int, bool]] = []
    for seed in range(6):
        log.clear()
        rng = random.Random(seed)
        _, pile = new_deal(M, 5, players, rng)
        policies = [Recorder(GreedyPolicy(random.Random(s)), log, s) for s in range(players)]
        result = play_game(M, 5, M.seats(players), policies, pile, rng)
        if result.ended == "countdown":
            break
    assert result.ended == "countdown"
    first = next(i for i, (_, _, counting) in enumerate(log) if counting)
    assert all(counting and empty == 0 for _, empty, counting in log[first:])
    # the turn that covered the last square (by a move, or by the lighthouse's flip at its start) came
    # just before `first`; each nation still in then plays five
    after = Counter(seat for seat, _, _ in log[first:])
    assert set(after.values()) == {M.game.countdown_turns}


def test_the_most_points_win_ties_go_to_coins_then_are_shared():
    g = new_game(2)
    g.coins = [0, 0]
    assert engine.finish(g, 1, "countdown").winners == [0, 1]
    g.coins[1] = 3
    assert engine.finish(g, 1, "countdown").winners == [1]
    g.buildings[g.lighthouse].owner = 0
    assert engine.finish(g, 1, "countdown").winners == [0]


def test_the_last_nation_standing_wins():
    g = new_game(2)
    g.alive[1] = False
    assert engine.finish(g, 3, "last-standing").winners == [0]


# ---- whole games

@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_ends_by_a_rule_and_no_policy_breaks_one(policy, players):
    for seed in range(3):
        rng = random.Random(f"{policy}{players}{seed}")
        _, pile = new_deal(M, 5, players, rng)
        result = play_game(M, 5, M.seats(players), [POLICIES[policy](random.Random(s)) for s in range(players)],
                           pile, rng)
        assert result.ended in ("countdown", "last-standing")
        assert result.winners and len(result.scores) == players
        assert result.counts["tiles"] >= setup(M, 5, players).squares_from_pile or result.ended == "last-standing"


def test_a_game_is_a_function_of_its_seed():
    def one(seed):
        rng = random.Random(seed)
        _, pile = new_deal(M, 5, 3, rng)
        return play_game(M, 5, M.seats(3), [POLICIES["greedy"](random.Random(s)) for s in range(3)], pile, rng)
    assert one(9) == one(9)


def test_an_illegal_choice_is_refused():
    g = new_game(2)
    g.units[g.bases[0]].ready = True
    with pytest.raises(IllegalMove):
        g.activate(0, g.bases[0], Script(pick=lambda opts: Option(g.bases[0], 0, "claim")))


def _beside_a_rival_city(**turn: bool) -> tuple[IslandOfFog, Game, int]:
    """A two-player game on a fixed map with game.yaml's `turn` settings changed, and the space of
    the second nation's first city."""
    model = dataclasses.replace(M, game=M.game.model_copy(update={"turn": M.game.turn.model_copy(update=turn)}))
    g = Game(model, 5, model.seats(2), FixedMap(draw(model, 5, 2, random.Random(1))), random.Random(1))
    city = next(at_ for at_, b in sorted(g.buildings.items()) if b.owner == 1 and b.kind == "city")
    return model, g, city


@pytest.mark.parametrize("pays_at_once", [True, False])
def test_a_city_taken_at_the_start_of_a_turn_pays_as_the_content_says(pays_at_once):
    # decision `taking`: a building held to the start of the taker's next turn changes hands; with
    # taken_pays_at_once it does so before income (it pays that very turn), else after it
    _, g, city = _beside_a_rival_city(taken_pays_at_once=pays_at_once)
    g.units[city] = Unit(0, "basic")
    before, own = g.coins[0], g.income(0)
    g.turn(0, Script())
    assert g.buildings[city].owner == 0
    assert g.coins[0] - before > own if pays_at_once else g.coins[0] - before == own


@pytest.mark.parametrize("uses_action", [True, False])
def test_a_unit_that_stops_on_an_enemy_building_attacks_only_if_taking_is_no_action(uses_action):
    # decision `taking`: starting to take an enemy building is the unit's action when the content says so
    model, g, city = _beside_a_rival_city(take_uses_action=uses_action)
    g.units[city] = Unit(0, "basic", ready=True)
    foe = next(j for j in g.neighbours[city] if g.kinds[j] is not None and j not in g.units
               and model.kind[g.kinds[j]].lot is False and j not in g.buildings)
    g.units[foe] = Unit(1, "basic")
    attacks = [o for o in g.options(city, 0) if o.dest == city and o.action == "attack"]
    assert bool(attacks) is not uses_action
