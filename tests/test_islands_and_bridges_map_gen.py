"""The map generator: every plan it makes passes every plan rule (hypothesis over seeds and
parameters), round-trips through plan.yaml, and follows the content's numbers."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content import load_text, paths
from generator.core import kit as playkit
from generator.games.islands_and_bridges.cli import map_kit
from generator.games.islands_and_bridges.mapgen import (
    MapError,
    MapParams,
    check_params,
    default_params,
    generate,
    layout,
)
from generator.games.islands_and_bridges.plan import MapKit, distance_to_rect, enemy_count
from generator.games.islands_and_bridges.plan_checks import check_plan, preferences
from generator.games.islands_and_bridges.plan_file import plan_yaml, read_plan


@pytest.fixture(scope="module")
def kit() -> MapKit:
    return map_kit(playkit.load("islands-and-bridges", paths.CONTENT))


KIT = map_kit(playkit.load("islands-and-bridges", paths.CONTENT))


@st.composite
def params(draw: st.DrawFn) -> MapParams:
    return MapParams(
        islands=draw(st.integers(KIT.islands_min, KIT.islands_max)),
        players=draw(st.integers(KIT.players_min, KIT.players_max)),
        difficulty=draw(st.sampled_from(sorted(KIT.levels))),
        table_mm=(float(draw(st.integers(40, 300)) * 10), float(draw(st.integers(30, 200)) * 10)),
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), p=params())
def test_every_generated_plan_passes_every_rule(seed, p):
    try:
        check_params(KIT, p)
    except MapError:
        return  # a table too small for the islands: the command refuses it (tested below)
    plan = generate(KIT, p, seed)
    assert check_plan(KIT, plan) == []
    assert preferences(KIT, plan) == []  # and the generator keeps its own preferences too
    assert len(plan.islands) == p.islands and plan.players == p.players and plan.difficulty == p.difficulty


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), p=params())
def test_plan_yaml_round_trips(seed, p):
    try:
        check_params(KIT, p)
    except MapError:
        return
    plan = generate(KIT, p, seed)
    text = plan_yaml(KIT, plan)
    assert read_plan(KIT, load_text(text, "plan.yaml")) == plan  # not edited: its seed makes it
    assert plan_yaml(KIT, read_plan(KIT, load_text(text, "plan.yaml"))) == text


def test_same_seed_same_plan_different_seeds_different_plans(kit):
    p = default_params(kit)
    assert generate(kit, p, 7) == generate(kit, p, 7)
    digests = {generate(kit, p, seed).digest() for seed in range(200)}
    assert len(digests) == 200


def test_starts_are_equidistant_and_the_stage_end_far_from_the_arrival(kit):
    p = default_params(kit)
    for seed in range(50):
        plan = generate(kit, p, seed)
        first, last = plan.islands[0], plan.islands[-1]
        bridge = kit.bridge_rect((0, 0), first.bridge)
        assert len({distance_to_rect(c, r, bridge) for c, r in first.starts}) == 1
        arrival = kit.bridge_rect((0, 0), {"north": "south", "south": "north", "east": "west",
                                           "west": "east"}[plan.islands[-2].bridge])
        assert distance_to_rect(*last.stage_end, arrival) >= kit.stage_end_min_distance


def test_budget_grows_with_players_and_difficulty_within_bounds(kit):
    for level in kit.levels:
        budgets = [kit.budget(n, level) for n in range(kit.players_min, kit.players_max + 1)]
        assert budgets == sorted(budgets) and budgets[0] < budgets[-1]
        assert all(kit.budget_min <= b <= kit.budget_max for b in budgets)
    for n in range(kit.players_min, kit.players_max + 1):
        by_level = [kit.budget(n, level) for level in sorted(kit.levels, key=lambda lv: kit.levels[lv][0])]
        assert by_level == sorted(by_level)


def test_budget_is_the_share_of_team_health_times_team_damage(kit):
    # 80% of (4 x 100 health) x (4 x 10 damage), from elements.yaml and maps.yaml
    assert kit.budget(4, "normal") == 80 * 400 * 40 // 100 == 12800
    assert kit.budget(1, "easy") == kit.budget_min  # 50% of 100 x 10 = 500, the floor


def test_strength_is_health_times_damage_a_round(kit):
    assert kit.strength == {"weak": 20 * 5, "strong": 70 * 20, "boss": 400 * 50 // 3}


def test_the_boss_guards_when_the_budget_affords_it(kit):
    with_boss = generate(kit, MapParams(4, 4, "normal", kit.table_default_mm), 3)
    without = generate(kit, MapParams(4, 2, "normal", kit.table_default_mm), 3)
    assert enemy_count(with_boss).get("boss") == 1
    assert "boss" not in enemy_count(without)


def test_spent_is_recorded_and_within_the_budget(kit):
    for seed in range(30):
        for players in (1, 2, 3, 4):
            plan = generate(kit, MapParams(4, players, "hard", kit.table_default_mm), seed)
            total = sum(kit.strength[t] * n for t, n in enemy_count(plan).items())
            assert plan.spent == total
            assert plan.budget * kit.min_spent_percent <= 100 * total and total <= plan.budget


@pytest.mark.parametrize(("change", "message"), [
    ({"islands": 0}, "--islands 0: a path has 2 to 6 islands"),
    ({"islands": 7}, "--islands 7: a path has 2 to 6 islands (the box holds 6 islands and 5 bridges)"),
    ({"players": 9}, "--players 9: the game is for 1 to 4 players"),
    ({"players": 0}, "--players 0"),
    ({"difficulty": "brutal"}, "--difficulty brutal: levels are easy, normal, hard"),
    ({"table_mm": (600.0, 400.0)}, "--table 60x40: a 60 x 40 cm table holds a path of at most 2 islands"),
    ({"table_mm": (150.0, 150.0)}, "cannot hold one island"),
])
def test_parameters_that_cannot_be_met(kit, change, message):
    p = default_params(kit)
    p = MapParams(**{**p.__dict__, **change})
    with pytest.raises(MapError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_params(kit, p)


def test_layout_finds_a_chain_whenever_one_exists(kit):
    # a table just wide enough for islands side by side: 6 islands need a 3 x 2 block of them
    pitch = kit.cols + kit.bridge_length
    assert layout(kit, 6, (3 * pitch - kit.bridge_length, 2 * pitch - kit.bridge_length), random.Random(1))
    assert layout(kit, 6, (3 * pitch - kit.bridge_length - 1, 2 * pitch - kit.bridge_length), random.Random(1)) \
        is None
    assert layout(kit, 5, (5 * pitch - kit.bridge_length, kit.rows), random.Random(2)) is not None


def test_a_stat_change_changes_the_next_maps(content_copy):
    from tests.conftest import replace_in

    root = content_copy("islands-and-bridges")
    replace_in(root / "islands-and-bridges" / "elements.yaml", "health: 70", "health: 50")
    changed = map_kit(playkit.load("islands-and-bridges", root))
    assert changed.strength["strong"] == 50 * 20
    # 3 players on hard (9900) cannot be spent without the boss any more: it joins to fill the budget
    assert changed.enemy_mix(changed.budget(3, "hard"), None)["boss"] == 1
    p = default_params(changed)
    assert generate(changed, p, 7) != generate(KIT, p, 7)


def test_traps_and_chests_keep_their_ranges_to_the_end_of_the_path(kit):
    """The box holds the traps and chests of the largest map, so the last islands get traps of every
    size and their share of chests, like the first (the generator never shrinks them to fit the box)."""
    p = MapParams(kit.islands_max, kit.players_max, "hard", kit.table_default_mm)
    sizes: dict[int, list[int]] = {0: [], kit.islands_max - 1: []}
    chests = {0: 0, kit.islands_max - 1: 0}
    for seed in range(300):
        plan = generate(kit, p, seed)
        for i in sizes:
            sizes[i] += [len(t) for t in plan.islands[i].traps]
            chests[i] += len(plan.islands[i].chests)
    first, last = sizes[0], sizes[kit.islands_max - 1]
    assert abs(sum(last) / len(last) - sum(first) / len(first)) < 0.2  # mean size 2 on both
    assert last.count(max(kit.trap_sizes)) > len(last) / 4
    assert abs(chests[0] - chests[kit.islands_max - 1]) < 60  # about 300 on each


def test_the_box_must_hold_the_largest_maps_traps_and_chests(content_copy):
    from generator.content import ContentError
    from tests.conftest import replace_in

    root = content_copy("islands-and-bridges")
    components = root / "islands-and-bridges" / "components.yaml"
    replace_in(components, "kind: trap, quantity: 54", "kind: trap, quantity: 16")
    replace_in(components, "kind: chest, quantity: 12", "kind: chest, quantity: 6")
    with pytest.raises(ContentError) as err:
        playkit.load("islands-and-bridges", root)
    lines = components.read_text().splitlines()
    found = {str(p).split(":")[1]: str(p) for p in err.value.problems}
    trap_line = str(next(n for n, s in enumerate(lines, 1) if "quantity: 16" in s))
    chest_line = str(next(n for n, s in enumerate(lines, 1) if "kind: chest, quantity: 6}" in s))
    assert "the box holds 16 x Revealed trap, but the largest map needs 54: 6 islands x 3 traps x 3 cells" \
        in found[trap_line]
    assert "the box holds 6 x Loot-Chest, but the largest map needs 12: 6 islands x 2" in found[chest_line]


def test_seeds_vary_the_enemy_mix_within_the_budget(kit):
    """The budget fixes the strength, not the enemies: seeds pick different mixes, each spending at
    least the least share of the budget (maps.yaml min_spent_percent) and never more than all of it."""
    p = default_params(kit)
    mixes = set()
    for seed in range(60):
        plan = generate(kit, p, seed)
        assert plan.budget * kit.min_spent_percent <= 100 * plan.spent <= 100 * plan.budget
        mixes.add(tuple(sorted(enemy_count(plan).items())))
    assert len(mixes) >= 3, mixes


def _strength(kit: MapKit, island) -> int:
    return sum(kit.strength[t] * len(cells) for t, cells in island.enemies)


@pytest.mark.parametrize("players, difficulty", [(2, "easy"), (3, "normal"), (4, "normal"), (4, "hard")])
def test_the_path_grows_harder_island_by_island(kit, players, difficulty):
    """No island holds weaker enemies than the one before it (decision map-generator-preferences):
    seed 43 once put its heaviest island second."""
    p = MapParams(kit.islands_max, players, difficulty, kit.table_default_mm)
    for seed in [*range(80), 43]:
        held = [_strength(kit, island) for island in generate(kit, p, seed).islands]
        assert held == sorted(held), (seed, held)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_players_start_side_by_side(kit, players):
    """The start cells lie together, not strewn around the bridge (seed 7 once put two players on
    opposite edges of the first island)."""
    p = MapParams(kit.islands_min, players, "normal", kit.table_default_mm)
    for seed in [*range(60), 7]:
        starts = generate(kit, p, seed).islands[0].starts
        assert max(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a in starts for b in starts) <= players - 1


@pytest.mark.parametrize("players, difficulty", [(3, "normal"), (4, "hard")])
def test_maps_do_not_all_empty_the_box_of_weak_enemies(kit, players, difficulty):
    """The weakest enemies' count is drawn like every other's, within what the budget still needs:
    normal 3-player and hard 4-player maps both once took all 12 Weak tokens."""
    p = MapParams(kit.islands_max, players, difficulty, kit.table_default_mm)
    weak = [enemy_count(generate(kit, p, seed)).get("weak", 0) for seed in range(60)]
    assert len(set(weak)) >= 4 and weak.count(kit.box["weak"]) < len(weak) / 2, weak


def test_the_box_holds_no_enemy_token_a_map_cannot_use(content_copy):
    """Every enemy token of the box is one some plan can put on the table (decision map-box-enemies):
    the second Boss of the old box was never used."""
    from generator.content import ContentError
    from tests.conftest import replace_in

    root = content_copy("islands-and-bridges")
    components = root / "islands-and-bridges" / "components.yaml"
    replace_in(components, "enemy: boss, quantity: 1}", "enemy: boss, quantity: 2}")
    with pytest.raises(ContentError) as err:
        playkit.load("islands-and-bridges", root)
    line = next(n for n, s in enumerate(components.read_text().splitlines(), 1) if "enemy: boss" in s)
    assert any(f"components.yaml:{line}:" in str(p) and "the box holds 2 Boss tokens, but no map uses more than 1"
               in str(p) for p in err.value.problems), err.value.problems
