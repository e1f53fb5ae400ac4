"""Deck construction: the limits (pure) and `playkit deck check` (through the CLI)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.cli import main
from generator.content import paths
from generator.core import kit
from generator.games.skybound_battle.decks import DeckLimits, deck_violations, is_legal
from generator.games.skybound_battle.model import SkyboundBattle

EXAMPLES = paths.EXAMPLES / "skybound-battle"
LEGAL = EXAMPLES / "ember-gale-rush.yaml"
BROKEN = EXAMPLES / "breaks-every-limit.yaml"
LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.+)$")


@pytest.fixture(scope="module")
def m() -> SkyboundBattle:
    model: SkyboundBattle = kit.load("skybound-battle", paths.CONTENT).model
    return model


@pytest.fixture(scope="module")
def pool(m):
    return {c.id: c for c in m.cards}


@pytest.fixture(scope="module")
def limits(m) -> DeckLimits:
    return DeckLimits.from_rules(m.rules.deck)


def _deck(pool, colours: list[str], n: int = 20, cheapest: bool = True) -> dict[str, int]:
    """n cards of the given colours, two of each, cheapest first."""
    cards = sorted((c for c in pool.values() if c.colour in colours), key=lambda c: (c.cost, c.id))
    out: dict[str, int] = {}
    for c in cards if cheapest else reversed(cards):
        if sum(out.values()) >= n:
            break
        out[c.id] = min(2, n - sum(out.values()))
    return out


# ---------------------------------------------------------------- the limits, pure

def test_a_deck_has_exactly_the_number_of_cards(pool, limits):
    deck = _deck(pool, ["ember", "tide"], 19)
    assert [v.message for v in deck_violations(deck, pool, limits)] == [
        "the deck has 19 cards (allowed: exactly 20)"]


def test_a_decks_total_cost_is_at_most_the_limit(pool, limits):
    dear = _deck(pool, ["ember", "tide"], cheapest=False)
    messages = [v.message for v in deck_violations(dear, pool, limits)]
    assert len(messages) == 1 and messages[0].startswith("the deck's total cost is ")
    assert "(allowed: at most 30;" in messages[0]
    assert is_legal(dear, pool, limits.agreed(max_cost=1000))


def test_a_deck_has_no_more_than_two_colours_and_each_extra_card_is_named(pool, limits):
    deck = _deck(pool, ["ember", "tide"], 18)
    grove = sorted(c.id for c in pool.values() if c.colour == "grove" and c.cost == 0)[:1]
    deck[grove[0]] = 2
    found = deck_violations(deck, pool, limits)
    assert [v.card for v in found] == [grove[0]]
    assert "3 colours" in found[0].message and "(allowed: at most 2)" in found[0].message


def test_a_deck_holds_at_most_two_copies_of_a_card(pool, limits):
    deck = _deck(pool, ["ember", "tide"])
    first = next(iter(deck))
    deck[first] = 3
    extra = [c for c in deck if c != first][-1]
    deck[extra] -= 1
    if deck[extra] == 0:
        del deck[extra]
    found = deck_violations(deck, pool, limits)
    assert [(v.card, v.message.split(" (")[0]) for v in found] == [(first, f"3 copies of {pool[first].name}")]


def test_unknown_cards_and_bad_counts_are_violations(pool, limits):
    found = deck_violations({"no-such-card": 1, "explosive-sora": 0}, pool, limits)
    assert found[0].message == "unknown card 'no-such-card' (not in the card pool)"
    assert "count must be a whole number of at least 1" in found[1].message


def test_players_may_agree_on_other_limits(pool, limits):
    deck = _deck(pool, ["ember", "tide", "grove"], 30)
    assert not is_legal(deck, pool, limits)
    assert is_legal(deck, pool, limits.agreed(cards=30, max_cost=1000, max_colours=3))


# ---------------------------------------------------------------- playkit deck check

def test_deck_check_accepts_the_legal_example(runner):
    result = runner.invoke(main, ["deck", "check", str(LEGAL)])
    assert result.exit_code == 0, result.output
    assert "legal (20 cards" in result.output


def test_deck_check_prints_every_broken_limit_one_a_line_and_exits_1(runner):
    result = runner.invoke(main, ["deck", "check", str(BROKEN)])
    assert result.exit_code == 1
    errors = [LINE.match(line) for line in result.output.splitlines() if ": error: " in line]
    assert all(errors) and len(errors) >= 5
    messages = " | ".join(e["msg"] for e in errors if e)
    assert "cards (allowed: exactly 20)" in messages
    assert "total cost is" in messages and "(allowed: at most 30;" in messages
    assert "colours" in messages and "(allowed: at most 2)" in messages
    assert "copies of" in messages
    text = BROKEN.read_text().splitlines()
    for e in errors:  # each line points at the card it names (or at `cards:` for the deck totals)
        assert e and e["file"].endswith("breaks-every-limit.yaml")
        line = text[int(e["line"]) - 1]
        named = re.search(r"\(([a-z-]+)\)", e["msg"])
        assert (named and named.group(1) in line) or line.startswith("cards:"), (line, e["msg"])


def test_deck_check_checks_a_starter_by_its_id(runner, m):
    for s in m.starters:
        result = runner.invoke(main, ["deck", "check", s.id])
        assert result.exit_code == 0 and f"starter {s.id}: legal" in result.output


def test_deck_check_applies_agreed_limits(runner, m):
    starter = m.starters[0].id
    result = runner.invoke(main, ["deck", "check", starter, "--max-cost", "5", "--cards", "19",
                                  "--colours", "1", "--copies", "1"])
    assert result.exit_code == 1
    assert "starters.yaml:" in result.output
    for text in ("(allowed: exactly 19)", "(allowed: at most 5;", "(allowed: at most 1)"):
        assert text in result.output
    ok = runner.invoke(main, ["deck", "check", str(BROKEN), "--cards", "23", "--max-cost", "99",
                              "--colours", "3", "--copies", "4"])
    assert ok.exit_code == 0, ok.output


def test_deck_check_of_an_unknown_deck_is_a_usage_error(runner):
    result = runner.invoke(main, ["deck", "check", "no-such-deck"])
    assert result.exit_code == 2 and "no deck file or starter deck" in result.output


def test_deck_check_reports_a_malformed_deck_file_at_its_line(runner, tmp_path: Path):
    f = tmp_path / "deck.yaml"
    f.write_text("name: x\ncards:\n  explosive-sora: two\n  not-a-card: 1\n")
    result = runner.invoke(main, ["deck", "check", str(f)])
    assert result.exit_code == 1
    assert f"{f}:3:" in result.output and "Traceback" not in result.output
    f.write_text("name: x\ncards:\n  explosive-sora: 2\n  not-a-card: 1\n")
    result = runner.invoke(main, ["deck", "check", str(f)])
    assert f"{f}:4:3: error: unknown card 'not-a-card'" in result.output


def test_deck_check_refuses_booleans_and_counts_below_one_at_their_lines(runner, tmp_path: Path):
    deck = tmp_path / "odd-counts.yaml"
    deck.write_text("name: Odd\ncards:\n  wind-scout: true\n  sky-archer: 0\n  thunder-roc: -1\n  cloud-lancer: 2\n")
    result = runner.invoke(main, ["deck", "check", str(deck)])
    assert result.exit_code == 1
    found = {(int(m["line"]), m["msg"].split(":")[0]) for m in map(LINE.match, result.output.splitlines()) if m}
    assert found == {(3, "cards.wind-scout"), (4, "cards.sky-archer"), (5, "cards.thunder-roc")}
    assert "True" in result.output


def test_a_starter_counting_a_card_with_a_boolean_is_refused(content_copy):
    from tests.conftest import problems_after_edit

    problems = problems_after_edit(content_copy, "skybound-battle", "starters.yaml",
                                   "cinder-pup: 2", "cinder-pup: true")
    assert any("starters.yaml" in p and "cinder-pup" in p and "True" in p for p in problems), problems
