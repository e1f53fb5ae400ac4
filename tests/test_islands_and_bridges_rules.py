"""Islands & Bridges rules, one test per rule, named after it."""

from __future__ import annotations

import pytest

from generator import kit, paths
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


def test_boss_strikes_once_per_charge(game):
    boss = game.elements.enemies["boss"]
    hits = [r for r in range(1, 10) if rules.strikes(boss.charge_rounds, r)]
    assert hits == [3, 6, 9]
    assert all(rules.strikes(game.elements.enemies["weak"].charge_rounds, r) for r in range(1, 5))


def test_enemies_give_up_when_the_player_is_far_enough_ahead(game):
    lead = game.elements.pursuit.gives_up_lead
    assert rules.still_pursues(game, lead - 1) and not rules.still_pursues(game, lead)


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
