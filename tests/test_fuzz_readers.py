"""Fuzzing: random YAML-like text into the loader and the four tool-file readers lets only the
documented problem type out (ContentError, or a list of Problems for the deck checker).

Bounded here so that CI stays fast; run it long with PLAYKIT_FUZZ_EXAMPLES=20000.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import kit, paths
from generator.content import ContentError, Problem, load_text
from generator.games.island_of_fog.mapfile import read_map, to_yaml
from generator.games.island_of_fog.mapgen import generate as fog_generate
from generator.games.islands_and_bridges.cli import map_kit
from generator.games.islands_and_bridges.mapgen import default_params
from generator.games.islands_and_bridges.mapgen import generate as plan_generate
from generator.games.islands_and_bridges.plan_file import notes, plan_yaml, read_plan
from generator.games.skybound_battle.deckfile import check_deck_source
from generator.games.skybound_battle.decks import DeckLimits
from generator.games.skylands.boardfile import read_board

EXAMPLES = int(os.environ.get("PLAYKIT_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))


@cache
def loaded(game: str) -> kit.Loaded:
    return kit.load(game, paths.CONTENT)


# ---- the text: words the readers know, YAML's own punctuation, values YAML 1.1 reads otherwise ----
WORDS = ["game", "seed", "players", "difficulty", "table", "width", "height", "budget", "allowed", "spent",
         "islands", "number", "at", "bridge", "starts", "enemies", "traps", "chests", "stage_end", "north",
         "side", "marker", "active", "vp_markers", "bracketed_vp", "squares", "tile", "rotation", "inhabitants",
         "A1", "B2", "C4", "Z99", "board-1", "empty", "green", "name", "cards", "size", "attempt", "seats",
         "colour", "corner", "tiles", "square", "arrow", "left_over", "report", "islands-and-bridges",
         "skylands", "island-of-fog", "easy", "hard", "120cm", "3mm", "nan", "-1"]
SPECIAL = ["yes", "no", "on", "off", "~", "null", "true", "false", ".nan", ".inf", "-.inf", "0400", "0x1F",
           "0o17", "1:30", "2026-11-23", "1_000", "1e999", "9" * 30, "-0", "''", '""', "!!int one",
           "!!float x", "!!bool maybe", "!!timestamp x", "!!set [a]", "!!map [a]", "!!binary x", "!foo x",
           "&a [1, 2]", "*a", "&b {x: *b}", "? [a, b]", "<<: *a", "\t", "\x00", "\ufeff", "é", "\u2028"]
PUNCT = [*list("-:[]{},&*!|>'\"#%@?\n "), "\n  ", "\n- ", ": ", "- "]

scalar = st.one_of(st.integers(-(10**6), 10**6), st.integers(), st.floats(), st.booleans(), st.none(),
                   st.sampled_from(WORDS), st.text(max_size=12))
structured = st.recursive(
    scalar, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                    st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=6), inner,
                                                    max_size=6)),
    max_leaves=30)
tokens = st.lists(st.sampled_from(WORDS + SPECIAL + PUNCT) | st.text(max_size=4), max_size=60).map("".join)


@st.composite
def dumped(draw: st.DrawFn) -> str:
    data = draw(structured)
    return yaml.safe_dump(data, default_flow_style=draw(st.sampled_from([None, True, False])), allow_unicode=True)


@st.composite
def mutated(draw: st.DrawFn, base: str) -> str:
    """A valid file with a few of its lines cut, doubled, or given a hostile value."""
    lines = base.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["value", "value", "line", "cut", "double", "indent"]))
        if how == "value":
            head, sep, _ = lines[i].partition(": ")
            lines[i] = head + (sep or ": ") + draw(st.sampled_from(SPECIAL + WORDS) | tokens | dumped())
        elif how == "line":
            lines[i] = draw(tokens)
        elif how == "cut":
            lines.pop(i)
            lines = lines or [""]
        elif how == "double":
            lines.insert(i, lines[i])
        else:
            lines[i] = " " * draw(st.integers(0, 6)) + lines[i].lstrip()
    return "\n".join(lines)


def texts(base: str) -> st.SearchStrategy[str]:
    return st.one_of(tokens, dumped(), mutated(base))


def only_problems(call: Any) -> None:
    """Run `call`; it may return anything or raise ContentError (with at least one problem)."""
    try:
        result = call()
    except ContentError as err:
        assert err.problems
        for p in err.problems:
            assert isinstance(p, Problem) and "\n" not in str(p), repr(p)
        return
    if isinstance(result, list):
        assert all(isinstance(p, Problem) for p in result)


# ---- the bases the mutations start from: what each tool writes, or a shipped example ----
@cache
def plan_text() -> str:
    k = map_kit(loaded("islands-and-bridges"))
    return plan_yaml(k, plan_generate(k, default_params(k), 7))


@cache
def fog_text() -> str:
    m = loaded("island-of-fog").model
    plan, report = fog_generate(m, m.board.default_size, m.game.players.max, 3)
    return to_yaml(m, plan, report)


SKYLANDS_BOARD = (paths.CONTENT / "skylands" / "scoring-example.yaml").read_text()
DECK = (Path(__file__).resolve().parent.parent / "examples" / "skybound-battle" / "ember-gale-rush.yaml").read_text()


@FUZZ
@given(st.data())
def test_loader_lets_only_content_errors_out(data):
    text = data.draw(texts(data.draw(st.sampled_from([SKYLANDS_BOARD, DECK]))))
    only_problems(lambda: load_text(text, "f.yaml"))


@FUZZ
@given(st.data())
def test_plan_reader_lets_only_content_errors_out(data):
    text = data.draw(texts(plan_text()))
    k = map_kit(loaded("islands-and-bridges"))

    def read() -> None:
        source = load_text(text, "plan.yaml")
        assert all(": note: " in n and "\n" not in n for n in notes(k, read_plan(k, source), source, source.text))

    only_problems(read)


@FUZZ
@given(st.data())
def test_board_reader_lets_only_content_errors_out(data):
    text = data.draw(texts(SKYLANDS_BOARD))
    only_problems(lambda: read_board(loaded("skylands").model, load_text(text, "board.yaml")))


@FUZZ
@given(st.data())
def test_deck_reader_gives_only_problems(data):
    text = data.draw(texts(DECK))
    model = loaded("skybound-battle").model
    limits = DeckLimits.from_rules(model.rules.deck)
    only_problems(lambda: check_deck_source(load_text(text, "deck.yaml"), model, limits))


@FUZZ
@given(st.data())
def test_fog_map_reader_lets_only_content_errors_out(data):
    text = data.draw(texts(fog_text()))
    only_problems(lambda: read_map(loaded("island-of-fog").model, load_text(text, "map.yaml")))
