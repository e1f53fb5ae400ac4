"""Colours that must be told apart stay apart under colour-vision deficiency, in all four games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from generator.content import colourvision, paths
from generator.content.colourvision import MIN_DELTA_E, TellApart, close_pairs, delta_e, simulate
from generator.core import kit

from .conftest import problems_after_edit

# Where each game keeps its `tell_apart` groups and the palette they name (content file in brackets).
GROUPS: dict[str, Callable[[Any], tuple[list[TellApart], dict[str, str]]]] = {
    "skylands": lambda m: (m.files.print.tell_apart, m.palette()),                  # print.yaml
    "island-of-fog": lambda m: (m.game.tell_apart, m.palette),                       # game.yaml, palette.yaml
    "islands-and-bridges": lambda m: (m.settings.tell_apart, m.palette),             # game.yaml, palette.yaml
    "skybound-battle": lambda m: (list(m.tell_apart), m.palette()),                  # colours.yaml
}

# The groups whose colours alone are too close for some kind of vision, and the symbol that tells
# them apart instead (as the content states it). Every other group passes on colour alone.
RELY_ON_SYMBOL = {
    ("skylands", "island fragments on the sky"),        # the edge's symbol and letter
    ("island-of-fog", "the spaces of a tile"),          # trees, rocks, waves, fences
    ("islands-and-bridges", "the tokens on the map"),   # names and numbers on every token
    ("skybound-battle", "the card colours"),            # flame, wave, leaf, feather
    ("skybound-battle", "the card colours' tints"),
    ("island-of-fog", "the nations' pieces"),           # each nation's initial on every piece
    ("skylands", "island types along the tile edges"),  # the edge's symbol and letter
    ("skylands", "player tokens and inhabitants, which stand side by side at the table"),  # pawn and mark
}


def test_machado_simulation_reproduces_the_playtesters_figures() -> None:
    # issue 15: woods and mountains edges "simulate to #837840 and #7c7452" for deuteranopes
    assert simulate("#3f8a3a", "deutan") == "#837840"
    assert simulate("#8c6a52", "deutan") == "#7c7452"
    assert simulate("#3f8a3a", "normal") == "#3f8a3a"


def test_ciede2000_spans_black_to_white_and_is_symmetric() -> None:
    assert delta_e("#000000", "#ffffff") == pytest.approx(100, abs=0.01)
    assert delta_e("#3f8a3a", "#8c6a52") == pytest.approx(delta_e("#8c6a52", "#3f8a3a"))
    assert delta_e("#3f8a3a", "#3f8a3a") == 0


def test_close_pairs_find_the_red_green_confusion_only_for_dichromats() -> None:
    group = TellApart(what="nations", colours=["red", "green"])
    palette = {"red": "#c62828", "green": "#2e8b3d"}   # Island of Fog's nations before the fix
    [pair] = close_pairs(group, palette)
    assert (pair.vision, pair.delta_e < MIN_DELTA_E) == ("deutan", True)
    assert colourvision.closest("#c62828", "#2e8b3d")[0] == "deutan"
    assert colourvision.delta_e("#c62828", "#2e8b3d") > 60  # normal vision: far apart


def test_a_pair_that_stays_apart_under_every_dichromacy_passes() -> None:
    group = TellApart(what="nations", colours=["red", "green"])
    palette = {"red": "#cd001c", "green": "#1f8a4a"}    # Island of Fog's nations as they are
    assert close_pairs(group, palette) == []
    assert colourvision.closest(palette["red"], palette["green"])[1] >= MIN_DELTA_E


def test_a_group_checked_twice_is_worked_out_once() -> None:
    group = TellApart(what="pieces", colours=["a", "b", "c"])
    palette = {"a": "#123456", "b": "#654321", "c": "#abcdef"}
    before = colourvision._closest.cache_info()
    assert close_pairs(group, palette) == close_pairs(group, dict(palette))
    after = colourvision._closest.cache_info()
    assert (after.misses - before.misses, after.hits - before.hits) == (1, 1)


@pytest.fixture(scope="module")
def groups_of_every_game() -> dict[str, tuple[list[TellApart], dict[str, str]]]:
    return {g: GROUPS[g](kit.load(g, paths.CONTENT).model) for g in kit.games_in(paths.CONTENT)}


def test_every_game_states_what_must_be_told_apart(groups_of_every_game) -> None:
    assert set(groups_of_every_game) == set(GROUPS)
    for game, (groups, palette) in groups_of_every_game.items():
        assert groups, game
        for group in groups:
            assert colourvision.unknown_colours(group, palette) == [], (game, group.what)


def test_every_palette_holds_apart_under_each_dichromacy_or_carries_a_symbol(groups_of_every_game) -> None:
    too_close = set()
    for game, (groups, palette) in groups_of_every_game.items():
        for group in groups:
            pairs = close_pairs(group, palette)
            if pairs:
                too_close.add((game, group.what))
                assert group.symbol, [str(p) for p in pairs]
    assert too_close == RELY_ON_SYMBOL


def test_a_palette_that_fails_is_a_content_error_at_its_group(content_copy) -> None:
    problems = problems_after_edit(content_copy, "island-of-fog", "tokens.yaml", '"#c4c9d0"', '"#c8874b"')
    assert len(problems) == 1
    group = (paths.CONTENT / "island-of-fog" / "game.yaml").read_text().splitlines().index(
        "  - what: coins") + 1
    assert f"game.yaml:{group}:" in problems[0] or f"game.yaml:{group + 1}:" in problems[0], problems
    assert "coins: coin-1 and coin-3 differ by ΔE2000 0.0" in problems[0]


def test_a_group_naming_an_unknown_colour_is_a_content_error(content_copy) -> None:
    problems = problems_after_edit(content_copy, "skylands", "print.yaml", "[green, purple, blue, white]",
                                   "[green, purple, blue, teal]")
    assert any("no colour 'teal'" in p for p in problems), problems
