"""Islands & Bridges at the table: what the printed sheets let a Game Master do, read off the
drawn sheets (the Ability Duration Timeline's direction, the numbered enemy tokens and their
rows, the length of each timeline)."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from generator.content import paths
from generator.core import kit as playkit
from generator.draw import Text
from generator.draw.scene import Group, Item
from generator.games.islands_and_bridges import draw_sheets, draw_tokens, rules
from generator.games.islands_and_bridges import rulebook as rb
from generator.games.islands_and_bridges.box import components
from generator.games.islands_and_bridges.cli import map_kit
from generator.games.islands_and_bridges.mapgen import MapParams, check_params, generate
from generator.games.islands_and_bridges.model import enemy_label
from generator.games.islands_and_bridges.plan import token_numbers
from generator.games.islands_and_bridges.plan_checks import check_plan
from tests.conftest import problems_after_edit

LOADED = playkit.load("islands-and-bridges", paths.CONTENT)
GAME = LOADED.model
KIT = map_kit(LOADED)


def texts(items: tuple[Item, ...], dx: float = 0.0, dy: float = 0.0) -> list[Text]:
    out: list[Text] = []
    for it in items:
        if isinstance(it, Text):
            out.append(Text(it.x + dx, it.y + dy, it.text, it.size_pt, it.color, it.style, it.anchor))
        elif isinstance(it, Group):
            out += texts(it.items, dx + it.x, dy + it.y)
    return out


def words(items: tuple[Item, ...]) -> str:
    return " ".join(t.text for t in texts(items))


# ---- the Ability Duration Timeline counts down the way its words say -------------------------------

def test_duration_markers_count_down_in_the_direction_the_sheet_and_rulebook_name():
    sheet = draw_sheets.ability_duration_timeline(GAME, 0)
    said = re.search(r"move every marker one space to the (left|right)", " ".join(words(sheet.items).split()))
    assert said, "the sheet says which way markers move"
    assert f"moves one space to the {said.group(1)}" in " ".join(rb.text(GAME).split())
    longest = max(a.duration for a in GAME.elements.abilities.values())
    lanes: dict[float, list[tuple[float, int]]] = {}
    for t in texts(sheet.items):
        if t.text.isdigit() and t.size_pt < 7:
            lanes.setdefault(round(t.y, 2), []).append((t.x, int(t.text)))
    assert len(lanes) == 2 * len(GAME.elements.abilities)  # two players a sheet
    for fields in lanes.values():
        values = [v for _, v in sorted(fields)]
        assert sorted(values) == list(range(1, longest + 1))
        # one field in the named direction is one round less
        step = -1 if said.group(1) == "left" else 1
        for a, b in itertools.pairwise(values):
            assert (a - b) == step
    assert rules.duration_update(1) is None and rules.duration_update(4) == 3


# ---- every enemy token is numbered, and the tracking sheets have a row for each ----------------------

INITIALS = "".join(e.name[0].upper() for e in GAME.elements.enemies.values())


def _rows(scene) -> list[str]:
    """The enemy labels that start a cell of the sheet ('W3', 'B1  400 HP')."""
    found = (re.match(rf"([{INITIALS}]\d+)\b", t.text) for t in texts(scene.items))
    return [m.group(1) for m in found if m]


def test_enemy_tokens_are_numbered_and_each_has_a_row_on_both_tracking_sheets():
    labels = [et.label for et in GAME.enemy_tokens()]
    assert len(labels) == len(set(labels)) == sum(t.quantity for t in GAME.components.tokens if t.kind == "enemy")
    printed = []
    for tok in GAME.components.tokens:
        if tok.kind == "enemy":
            for face in draw_tokens.faces(GAME, tok):
                printed.append(texts(face.items)[0].text)
    assert printed == labels
    matrix = _rows(draw_sheets.damage_matrix(GAME))
    assert set(matrix) == set(labels) and len(matrix) % len(labels) == 0
    assert _rows(draw_sheets.enemy_timeline(GAME, 0)) == labels


def test_every_enemy_a_generated_map_places_has_its_token_and_its_row():
    rows = set(_rows(draw_sheets.enemy_timeline(GAME, 0)))
    rng = random.Random(15)
    most = 0
    for n in range(300):
        p = MapParams(islands=rng.randint(KIT.islands_min, KIT.islands_max),
                      players=rng.randint(KIT.players_min, KIT.players_max),
                      difficulty=rng.choice(sorted(KIT.levels)), table_mm=KIT.table_default_mm)
        check_params(KIT, p)
        plan = generate(KIT, p, n)
        assert check_plan(KIT, plan) == []
        given = [enemy_label(GAME.elements.enemies[t], k)
                 for isl in token_numbers(plan) for t, ks in isl.items() for k in ks]
        assert len(given) == len(set(given)) == sum(len(c) for isl in plan.islands for _, c in isl.enemies)
        assert set(given) <= rows, sorted(set(given) - rows)
        most = max(most, len(given))
    assert most > 10  # the old ten rows did not hold the largest stages


def test_a_shared_initial_is_refused(content_copy):
    found = problems_after_edit(content_copy, "islands-and-bridges", "elements.yaml", "name: Strong", "name: Wild")
    assert any("starts with 'W' like 'Weak'" in p for p in found), found


# ---- each timeline is as long as what it tracks -------------------------------------------------------

def test_the_player_timeline_reaches_the_longest_cooldown():
    pages = draw_sheets.player_timeline_pages(GAME)
    assert pages * draw_sheets.ROUNDS_PER_PAGE >= rules.longest_cooldown(GAME) + 1
    assert (pages - 1) * draw_sheets.ROUNDS_PER_PAGE < rules.longest_cooldown(GAME) + 1


def test_the_enemy_timeline_holds_a_stage_and_the_longest_charge_not_the_players_cooldowns():
    charge = max(e.charge_rounds for e in GAME.elements.enemies.values())
    pages = draw_sheets.enemy_timeline_pages(GAME)
    needed = max(charge + 1, GAME.settings.stage_rounds)
    assert pages == -(-needed // draw_sheets.ROUNDS_PER_PAGE) == 2   # a 25-round stage: 2 sheets of 20
    assert pages < draw_sheets.player_timeline_pages(GAME)
    assert "fresh copy" in words(draw_sheets.enemy_timeline(GAME, 0).items)


def test_the_damage_matrix_is_printed_for_every_round_of_a_stage_and_the_box_list_says_so():
    """A stage of the game's stage_rounds fills this many Damage Matrix sheets (3 rounds a sheet once
    printed one sheet for a stage of 25); the component list counts every sheet the kit prints."""
    pages = draw_sheets.damage_matrix_pages(GAME)
    per_page = len([t for t in words(draw_sheets.damage_matrix(GAME, 0).items).split("Round ")[1:]])
    assert (pages - 1) * per_page < GAME.settings.stage_rounds <= pages * per_page
    assert f"Round {GAME.settings.stage_rounds}" in words(draw_sheets.damage_matrix(GAME, pages - 1).items)
    counted = components(GAME)
    assert counted["Sheet: Damage Matrix"] == pages
    assert counted["Sheet: Player Timeline"] == draw_sheets.player_timeline_pages(GAME)
    assert counted["Sheet: Enemy Timeline"] == draw_sheets.enemy_timeline_pages(GAME)
    assert counted["Sheet: Ability Duration Timeline"] == draw_sheets.ability_timeline_pages(GAME)


def test_the_timelines_have_a_row_for_the_round_mark_and_for_damage_to_players():
    """The seed's "mark below the round number" and the damage a player takes before the Damage phase
    (a trap on the way) each have a row to be written in."""
    for sheet in (draw_sheets.player_timeline(GAME, 0), draw_sheets.enemy_timeline(GAME, 0)):
        assert "Mark" in [t.text.strip() for t in texts(sheet.items)]
    labels = [t.text.strip() for t in texts(draw_sheets.player_timeline(GAME, 0).items)]
    assert labels.count("Damage taken") == GAME.settings.players


@pytest.mark.parametrize("enemy", sorted(GAME.elements.enemies))
def test_enemy_labels_use_the_types_initial(enemy):
    e = GAME.elements.enemies[enemy]
    assert enemy_label(e, 3) == f"{e.name[0].upper()}3"


def test_round_order_must_name_every_basic_action_once(content_copy):
    found = problems_after_edit(content_copy, "islands-and-bridges", "elements.yaml",
                                "round_order: [move, primary-attack, secondary-attack]",
                                "round_order: [move, move, jump]")
    assert any("'move' is listed twice" in p for p in found), found
    assert any("unknown basic action 'jump'" in p for p in found), found
    assert any("leaves out primary-attack, secondary-attack" in p for p in found), found


# ---- bridge ends stay clear of chests and traps ------------------------------------------------------

def _on_bridge_ends(kit, plan) -> int:
    from generator.games.islands_and_bridges.plan import bridge_ends
    n = 0
    for i, isl in enumerate(plan.islands):
        ends = bridge_ends(kit, plan, i)
        n += sum(1 for nw in isl.chests if any(c in ends for c in kit.chest_cells_at(nw)))
        n += sum(1 for cells in isl.traps if any(c in ends for c in cells))
    return n


def test_generated_maps_keep_chests_and_traps_off_the_bridge_ends_unless_the_level_frees_them():
    from dataclasses import replace
    free = replace(KIT, clear_bridge_ends=frozenset(), memo={})
    kept = freed = 0
    for seed in range(400):
        p = MapParams(KIT.islands_default, KIT.players_default, ("easy", "normal", "hard")[seed % 3],
                      KIT.table_default_mm)
        kept += _on_bridge_ends(KIT, generate(KIT, p, seed))
        freed += _on_bridge_ends(free, generate(free, p, seed))
    assert kept == 0
    assert freed > 40  # without the rule the generator's habit shows: chests and traps on the bridge ends


def test_the_reach_figure_shades_what_the_model_says_a_player_reaches():
    """Move, attack range and sight, each a grid whose shaded cells are the cells within that many fields."""
    from generator.draw.scene import Rect
    from generator.games.islands_and_bridges import figures

    move, attack, sight = figures._reach(GAME).scenes
    p = GAME.elements.player

    def shaded(scene, fill):
        return sum(1 for it in scene.items if isinstance(it, Rect) and it.fill == fill and it.w == figures.REACH_CELL)

    assert shaded(move, figures.REACH_DARK) == (2 * rules.move(GAME) + 1) ** 2
    assert shaded(attack, figures.REACH_DARK) == (2 * p.attack_range + 1) ** 2
    assert shaded(sight, figures.REACH_DARK) == (p.visual_range + 1) ** 2      # from a corner
    example = figures.pursuit_example(GAME)
    assert example is not None and example.follows_after_walk and not example.follows_after_run
