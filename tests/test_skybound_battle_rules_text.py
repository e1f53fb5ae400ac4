"""Skybound Battle's rulebook says what the engine does: each rules setting flipped changes the text,
and the worked example tells every hit the engine resolved."""

from __future__ import annotations

import re

import pytest

from generator.content import paths
from generator.core import kit
from generator.games.skybound_battle import rulebook
from generator.games.skybound_battle.figures import battle_example
from generator.games.skybound_battle.model import SkyboundBattle


@pytest.fixture(scope="module")
def model() -> SkyboundBattle:
    m = kit.load("skybound-battle", paths.CONTENT).model
    assert isinstance(m, SkyboundBattle)
    return m


def _with_reveal(model: SkyboundBattle, reveal: str) -> SkyboundBattle:
    return model.model_copy(update={"rules": model.rules.model_copy(update={"shared_spot_reveal": reveal})})


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _decision(model: SkyboundBattle, did: str) -> str:
    return next(_flat(d.choice) for d in rulebook.decisions(model) if d.id == did)


def test_the_shared_space_reveal_is_rendered_from_the_setting(model):
    together = _flat(rulebook.text(_with_reveal(model, "together")))
    first = _flat(rulebook.text(_with_reveal(model, "token-holder-first")))
    assert "both cards turn face up together" in together and "both cards turn face up together" not in first
    assert "(in a shared space, the first player's card first)" in first
    assert "(in a shared space, the first player's card first)" not in together


def test_a_round_ended_in_a_shared_space_says_what_the_engine_does_with_the_other_card(model):
    together = _flat(rulebook.text(_with_reveal(model, "together")))
    first = _flat(rulebook.text(_with_reveal(model, "token-holder-first")))
    other = "a card turned face up with it in the same space still resolves its Deployed effects"
    assert other in together and other not in first
    assert "the other player's card has not been turned up yet, so it stays face down" in first
    assert "its Deployed effects still resolve" in _decision(_with_reveal(model, "together"), "end-the-round")
    assert "so it stays face down" in _decision(_with_reveal(model, "token-holder-first"), "end-the-round")


def test_the_example_tells_a_hit_that_armour_stopped_whole(model):
    ex = battle_example(model)
    hits = [(a["target"], a["attacker"]) for s in ex.steps for a in s.attacks]
    told = {d["card"] for s in ex.steps for d in s.damaged}
    assert {t for t, _ in hits} <= told  # every character hit is told, 0 damage too
    stopped = [d for s in ex.steps for d in s.damaged if d["armour"] and d["damage"] == 0 and d["hit"]]
    assert stopped, "the example shows Armour stopping a whole hit"
    text = _flat(rulebook.text(model))
    for d in stopped:
        assert f"{d['card']} takes no damage: its Armour {d['armour']} stops the whole hit of {d['hit']}" in text


def test_activated_effects_read_as_both_moments_and_ties_name_the_chooser(model):
    text = _flat(rulebook.text(model))
    assert "It may be used when the card is revealed, and again in its space's Activate stage" in text
    assert "Activate stage or when" not in text
    assert "the player whose card has the effect chooses" in text
    assert "its player's choice" not in text
    assert "it may attack the Ranged character (an attack of its own, not attacking back)" in text
