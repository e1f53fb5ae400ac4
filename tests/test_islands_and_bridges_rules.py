"""Islands & Bridges rules, one test per rule, named after it."""

from __future__ import annotations

import pytest

from generator.content import paths
from generator.core import kit
from generator.games.islands_and_bridges import rules


@pytest.fixture(scope="module")
def game():
    return kit.load("islands-and-bridges", paths.CONTENT).model


def test_range_counts_diagonals_as_one_field():
    assert rules.distance((0, 0), (1, 1)) == 1
    assert rules.in_range((3, 3), (5, 4), 2) and not rules.in_range((3, 3), (6, 3), 2)


@pytest.mark.parametrize(("health", "defeated"), [(1, False), (0, True), (-5, True)])
def test_a_token_with_0_or_less_health_is_defeated(health, defeated):
    assert rules.is_defeated(health) is defeated


def test_speed_boost_raises_the_move_by_its_bonus(game):
    base = game.elements.player.move
    assert rules.move(game) == base
    assert rules.move(game, boosted=True) == base + game.elements.abilities["speed-boost"].effect.amount


def test_damage_boost_doubles_attacks(game):
    primary = game.elements.actions["primary-attack"]
    assert rules.damage(game, primary, boosted=True) == 2 * rules.damage(game, primary)


def test_regeneration_is_capped_at_maximum_health(game):
    top = game.elements.player.health
    amount = game.elements.abilities["hp-regeneration"].effect.amount
    assert rules.heal(game, top - 1, regenerating=True) == top
    assert rules.heal(game, 50, regenerating=True) == 50 + amount
    assert rules.heal(game, 50, regenerating=False) == 50


def test_healing_reaches_a_player_at_0_or_less(game):
    amount = game.elements.abilities["hp-regeneration"].effect.amount
    assert rules.heal(game, -2, regenerating=True) == amount - 2


def test_invincibility_reduces_damage_taken_to_zero():
    assert rules.damage_taken(50, invincible=True) == 0
    assert rules.damage_taken(50, invincible=False) == 50


def test_cooldown_counts_from_activation():
    assert rules.ready_again(activated_round=4, cooldown=5) == 9
    assert rules.ready_again(activated_round=4, cooldown=0) == 5


def test_ability_lasts_its_duration():
    assert list(rules.active_rounds(3, 2)) == [3, 4]


def _charges(game, enemy, in_range):
    """Rounds in which the enemy strikes, given whether a player is in its range each round."""
    charge_rounds = game.elements.enemies[enemy].charge_rounds
    charged, hits, stood = 0, [], []
    for r, near in enumerate(in_range, 1):
        stood.append(not rules.may_move(charged))
        step = rules.charge_round(charge_rounds, charged, near)
        charged = step.charged
        if step.strikes:
            hits.append(r)
    return hits, stood


def test_boss_strikes_once_per_charge(game):
    hits, _ = _charges(game, "boss", [True] * 9)
    assert hits == [3, 6, 9]
    assert _charges(game, "weak", [True] * 4)[0] == [1, 2, 3, 4]


def test_the_charge_starts_when_a_player_is_in_range_and_the_boss_stands_still_while_charging(game):
    hits, stood = _charges(game, "boss", [False, False, True, True, True, False])
    assert hits == [5]
    assert stood == [False, False, False, True, True, False]  # moves, moves, starts; stands; stands; moves


def test_a_charged_blow_with_no_player_in_range_is_lost(game):
    hits, _ = _charges(game, "boss", [True, False, False, True, True, True])
    assert hits == [6]  # the first charge (rounds 1-3) finds nobody; the second starts in round 4


def test_enemies_give_up_when_the_player_is_far_enough_ahead(game):
    lead = game.elements.pursuit.gives_up_lead
    assert rules.still_pursues(game, closest=1, now=1 + lead - 1)
    assert not rules.still_pursues(game, closest=1, now=1 + lead)


def test_a_weak_enemy_is_never_left_behind_a_strong_one_only_by_speed_boost(game):
    assert rules.outrun_by(game, "weak") is None
    assert rules.outrun_by(game, "strong") == "speed boost"
    assert rules.outrun_by(game, "boss") == "walking"
    # a boosted player running straight away from a Weak that follows: the gap never grows
    weak = game.elements.enemies["weak"].move
    gap = closest = 1
    for _ in range(10):
        gap = max(1, gap + rules.move(game, boosted=True) - weak)
        closest = min(closest, gap)
        assert rules.still_pursues(game, closest, gap)


def test_move_and_both_attacks_may_be_played_together_abilities_first_then_move(game):
    order = rules.round_order(game, ["secondary-attack", "primary-attack", "move", "damage-boost"])
    assert order == ["damage-boost", "move", "primary-attack", "secondary-attack"]


def test_a_trap_springs_on_any_cell_entered_on_the_way(game):
    trap = [(2, 0), (3, 0)]
    assert rules.trap_springs(trap, [(1, 0), (2, 0), (2, 1)])  # crossed, not ended on
    assert not rules.trap_springs(trap, [(1, 1), (2, 1), (3, 1)])


def test_a_chest_is_collected_from_any_of_its_cells(game):
    n = game.elements.chest.cells
    chests = [(4, 4), (0, 0)]
    assert rules.chest_at(game, chests, (4 + n - 1, 4 + n - 1)) == (4, 4)
    assert rules.chest_at(game, chests, (4 + n, 4)) is None


def test_an_enemy_targets_the_nearest_of_players_sighted_together_then_the_first_in_turn_order():
    assert rules.choose_target((0, 0), {3: (2, 2), 2: (4, 0)}) == 3
    assert rules.choose_target((0, 0), {4: (2, 2), 2: (0, 2)}) == 2  # a tie: turn order
    assert rules.choose_target((0, 0), {1: (1, 1), 2: (3, 3)}, invincible={1}) == 2
    assert rules.choose_target((0, 0), {1: (1, 1)}, invincible={1}) == 1  # nobody else to turn to
    assert rules.choose_target((0, 0), {}) is None


def test_stage_score_counts_enemies_chests_and_survivors(game):
    e = game.elements
    s = rules.stage_score(game, {"weak": 2, "boss": 1}, chests=1, healths=[10, 0, -3, 100])
    assert s.enemies == 2 * e.enemies["weak"].score + e.enemies["boss"].score
    assert s.chests == e.chest.score
    assert s.survivors == 2 * e.player.score
    assert s.total == s.enemies + s.chests + s.survivors


def test_timelines_cover_the_longest_cooldown(game):
    longest = max(a.cooldown for a in game.elements.abilities.values())
    assert rules.longest_cooldown(game) == longest


def test_sockets_cover_bridge_width_cells_on_the_edge(game):
    cols, rows = game.components.island.cells
    for s in game.components.island.sockets:
        cells = rules.socket_cells(game, s.side, s.at)
        assert len(cells) == game.components.bridge.cells[0]
        assert all(c in (0, cols - 1) or r in (0, rows - 1) for c, r in cells)


def test_every_step_costs_one_field_diagonals_included(game):
    """Decision movement: a diagonal step costs the content's diagonal_cost (1)."""
    assert rules.step_cost(game, (3, 3), (4, 4)) == game.elements.movement.diagonal_cost == 1
    assert rules.move_cost(game, [(0, 0), (1, 1), (2, 1), (3, 2)]) == 3
    with pytest.raises(ValueError):
        rules.step_cost(game, (0, 0), (2, 0))


def test_nobody_crosses_the_sea_but_a_diagonal_step_onto_a_bridge_end_is_a_step(game):
    land = {(7, 3), (8, 4)}  # an island's east edge cell and the bridge end diagonally beside it
    assert rules.may_step(game, "players", (8, 4), land, {})
    assert not rules.may_step(game, "players", (8, 5), land, {})
    assert not rules.may_step(game, "enemies", (8, 5), land, {})


def test_tokens_pass_their_own_side_never_the_other_and_never_share_a_cell(game):
    land = {(0, 0), (1, 0), (2, 0)}
    held = {(1, 0): "players", (2, 0): "enemies"}
    assert rules.may_step(game, "players", (1, 0), land, held)       # through a fellow player
    assert not rules.may_step(game, "players", (2, 0), land, held)   # never through an enemy
    assert not rules.may_step(game, "enemies", (1, 0), land, held)   # nor an enemy through a player
    assert not rules.may_stop(game, (1, 0), held) and rules.may_stop(game, (0, 0), held)


def test_a_chest_is_collected_where_a_move_ends_not_in_passing(game):
    chests = [(2, 2)]                        # covers (2..3, 2..3)
    assert rules.chest_collected(game, chests, [(1, 1), (2, 2), (4, 4)]) is None
    assert rules.chest_collected(game, chests, [(1, 1), (2, 2)]) == (2, 2)
