"""The rulebook's worked examples of the actions: what the self-play engine did on the example boards,
never typed; a rule changed in the content changes the example; a broken example board is reported."""

from __future__ import annotations

import pytest

from generator.content import ContentError, paths
from generator.core import kit
from generator.games.skylands import actions, rulebook
from generator.games.skylands.boardfile import action_examples, scoring_example
from generator.games.skylands.examples import all_examples
from tests.conftest import replace_in

GAME = "skylands"


def _worked(root=paths.CONTENT):
    loaded = kit.load(GAME, root)
    m = loaded.model
    return m, all_examples(m, scoring_example(m, loaded.content), action_examples(m, loaded.content))


def _flat(root=paths.CONTENT) -> str:
    loaded = kit.load(GAME, root)
    return " ".join(rulebook.book(loaded.model, loaded.content).split())


def test_convert_energy_example_is_what_the_engine_pays() -> None:
    m, w = _worked()
    p = actions.action(m, "convert-energy").params
    a, o = w["convert"]["active"], w["convert"]["other"]
    assert len(a["sources"]) == p["bonus_islands"] and len(o["sources"]) == p["sources"]
    assert a["vp"] == a["moved"] * p["vp_per_space"] + p["bonus_vp"]
    assert o["vp"] == o["moved"] * p["vp_per_space"]
    text = _flat()
    assert (f"gains {a['vp']} VPs: {a['per_space']} for the occupied spaces and {p['bonus_vp']} for the active "
            "player's bonus") in text


def test_convert_energy_example_follows_the_bonus_in_the_content(content_copy) -> None:
    root = content_copy(GAME)
    replace_in(root / GAME / "boards.yaml", "vp_per_space: 1, bonus_vp: 2,", "vp_per_space: 1, bonus_vp: 5,")
    text = _flat(root)
    assert "and gains 9 VPs: 4 for the occupied spaces and 5 for the active player's bonus" in text


def test_deploy_and_create_examples_follow_the_rules() -> None:
    m, w = _worked()
    p = actions.action(m, "deploy-inhabitants").params
    d = w["deploy"]
    assert len(d["active"]["islands"]) == p["bonus_islands"] and len(d["other"]["islands"]) == p["islands"]
    assert {r["why"] for r in d["refused"]} == {"it is incomplete", "it is a city"}
    c = w["create"]
    assert c["whites"] >= 1 and c["other_n"] == c["paid_n"] + c["whites"]   # the active player skips the white
    assert w["discover"]["n"] == actions.reveal_count(m, w["discover"]["players"])
    s = w["special"]
    assert s["stays"] and not s["again"]
    text = _flat()
    assert f"chooses the **{c['special']}**. Its cost shows {c['shows']} and {c['whites']} white" in text
    assert f"returns only {c['paid']} to the supply and places the {c['special']} on {c['square']}" in text
    for e in c["extra"]:   # what placing it set off (an Outpost's island)
        assert f"Its effect also gives {c['player']} the {e['tile']}, placed on {e['square']}." in text


def test_example_board_breaking_a_rule_is_reported_at_its_line(content_copy) -> None:
    root = content_copy(GAME)
    replace_in(root / GAME / "example-convert.yaml", "B2: {tile: small-crystals-2, rotation: 270,",
               "B2: {tile: small-crystals-2, rotation: 90,")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    assert any("example-convert.yaml:14:" in str(p) for p in err.value.problems), err.value.problems
