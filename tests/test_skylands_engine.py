"""Skylands plays itself: the engine held to the seed rule by rule ("Setup", "Playing the Game",
"The Actions in Detail", "Game End and Scoring"), each test named after the rule it checks."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from generator.content import paths
from generator.core import kit
from generator.games.skylands import actions, engine
from generator.games.skylands.board import Placed, parse_square
from generator.games.skylands.engine import CONVERT, CREATE, DEPLOY, DISCOVER, State
from generator.games.skylands.islands import find_islands
from generator.games.skylands.model import Skylands
from generator.games.skylands.policies import Greedy, RandomPlayer
from generator.games.skylands.scoring import final_score
from tests.conftest import replace_in


@pytest.fixture(scope="module")
def model() -> Skylands:
    return kit.load("skylands", paths.CONTENT).model


class Recorder(Greedy):
    """Greedy, with every call written down as (what, seat), and the action it is told to take."""

    def __init__(self, model: Skylands, log: list[tuple[str, int]], plan: list[str] | None = None) -> None:
        super().__init__(model, random.Random(0))
        self.log = log
        self.plan = plan or []

    def action(self, state: State, seat: int) -> str:
        self.log.append(("action", seat))
        return self.plan.pop(0) if self.plan else super().action(state, seat)

    def discover(self, state, seat, revealed):
        self.log.append(("discover", seat))
        return super().discover(state, seat, revealed)

    def deploy(self, state, seat, targets, count):
        self.log.append(("deploy", seat))
        return super().deploy(state, seat, targets, count)

    def create(self, state, seat, active):
        self.log.append(("create", seat))
        return super().create(state, seat, active)

    def convert(self, state, seat, active):
        self.log.append(("convert", seat))
        return super().convert(state, seat, active)


def table(model: Skylands, players: int, plans: dict[int, list[str]] | None = None, seed: int = 1):
    log: list[tuple[str, int]] = []
    state = engine.setup(model, players, random.Random(seed))
    policies = [Recorder(model, log, (plans or {}).get(s)) for s in range(players)]
    return state, policies, log


def sq(name: str) -> tuple[int, int]:
    square = parse_square(name, 4, 5)
    assert square is not None
    return square


# ---- Setup ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_stack_is_the_islands_for_the_player_count(model, players):
    state = engine.setup(model, players, random.Random(3))
    assert Counter(f.id for f in state.stack) == Counter(t.face.id for t in model.tiles_for(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_vp_markers_in_the_supply_by_player_count(model, players):
    seed = {s.players: s.vp for s in model.files.tokens.vp_markers.supply}
    assert engine.setup(model, players, random.Random(3)).vp_supply == seed[players]


def test_setup_display_draws_four_special_islands_of_each_group(model):
    state = engine.setup(model, 4, random.Random(5))
    groups = Counter(model.specials[s].spec.group for s in state.display)
    per = model.files.specials.display_per_group
    assert groups == Counter({g.id: per for g in model.files.specials.groups})
    intro = engine.setup(model, 4, random.Random(5), intro=True)
    assert sorted(intro.display) == sorted(s.id for s in model.specials.values() if s.spec.intro)


def test_setup_inhabitants_on_the_supply_board_and_a_pre_printed_board_each(model):
    state = engine.setup(model, 3, random.Random(5))
    assert state.supply == Counter({c.id: c.count for c in model.files.game.inhabitants.colours})
    for p in state.players:
        assert p.board.squares == model.starting_board(p.board_id).squares
        assert p.marker_active and p.token is None
    assert len({p.board_id for p in state.players}) == 3


def test_setup_two_to_four_players(model):
    with pytest.raises(ValueError, match="2 to 4"):
        engine.setup(model, 5, random.Random(0))


# ---- Playing the Game -----------------------------------------------------------------------------

def test_all_players_perform_the_action_from_the_active_player_clockwise(model):
    state, policies, log = table(model, 3, {0: [DEPLOY], 1: [CREATE]})
    engine.play_turn(state, policies)
    engine.play_turn(state, policies)
    assert [x for x in log if x[0] == "create"] == [("create", 1), ("create", 2), ("create", 0)]


def test_a_new_round_after_all_players_have_been_active_once(model):
    state, policies, _ = table(model, 3)
    assert (state.active, state.round) == (0, 1)
    for _ in range(3):
        engine.play_turn(state, policies)
    assert (state.active, state.round) == (0, 2)


def test_first_game_round_any_action_board_then_one_of_the_three_others(model):
    state, _, _ = table(model, 2)
    assert engine.choices(state, 0) == list(engine.ACTIONS)
    state.players[0].token = DEPLOY
    state.players[0].marker_active = False
    assert DEPLOY not in engine.choices(state, 0) and len(engine.choices(state, 0)) == 3


def test_special_action_repeats_once_per_game_and_flips_the_marker(model):
    state, policies, _ = table(model, 2, {0: [DEPLOY, DEPLOY, DEPLOY]})
    engine.play_turn(state, policies)
    engine.play_turn(state, policies)   # seat 1
    engine.play_turn(state, policies)   # seat 0 repeats
    assert state.players[0].token == DEPLOY and not state.players[0].marker_active
    engine.play_turn(state, policies)
    with pytest.raises(actions.IllegalAction, match="once per game"):
        engine.play_turn(state, policies)


# ---- Discover islands -----------------------------------------------------------------------------

def test_discover_reveals_players_plus_one_each_takes_one_active_one_more_rest_discarded(model):
    state, policies, log = table(model, 3, {0: [DISCOVER]})
    before = len(state.stack)
    placed = [len(p.board.squares) for p in state.players]
    engine.play_turn(state, policies)
    revealed = actions.reveal_count(model, 3)
    assert before - len(state.stack) == revealed
    assert [x for x in log if x[0] == "discover"] == [("discover", 0), ("discover", 1), ("discover", 2),
                                                      ("discover", 0)]
    took = [len(p.board.squares) - n for p, n in zip(state.players, placed, strict=True)]
    assert took[0] <= 2 and took[1] <= 1 and took[2] <= 1
    assert len(state.discard) == revealed - sum(took)


def test_discover_a_player_who_cannot_place_passes(model):
    state, _, _ = table(model, 2)

    class Passer(Recorder):
        def discover(self, state, seat, revealed):
            return None

    log: list[tuple[str, int]] = []
    policies = [Recorder(model, log, [DISCOVER]), Passer(model, log)]
    before = len(state.players[1].board.squares)
    engine.play_turn(state, policies)
    assert len(state.players[1].board.squares) == before


def test_game_end_exception_too_few_islands_to_reveal_ends_at_once(model):
    state, policies, log = table(model, 2, {0: [DISCOVER]})
    state.stack = state.stack[:actions.reveal_count(model, 2) - 1]
    stack = list(state.stack)
    engine.play_turn(state, policies)
    assert state.ended == "stack" and state.stack == stack
    assert not [x for x in log if x[0] == "discover"]
    assert state.players[0].marker_active


# ---- Deploy, Create, Convert ----------------------------------------------------------------------

def test_deploy_each_player_one_complete_island_the_active_player_two(model):
    state, policies, _ = table(model, 2, {0: [DEPLOY]})
    engine.play_turn(state, policies)
    # every pre-printed board has one complete island of woods, mountains or crystals at most
    for p in state.players:
        complete = [i for i in find_islands(p.board) if i.complete and i.inhabitants]
        assert len(complete) <= 1
    assert sum(state.supply.values()) < 60 or all(
        not actions.deploy_targets(model, p.board, find_islands(p.board)) for p in state.players)


def test_create_pays_the_inhabitants_shown_and_takes_the_tile_from_the_display(model):
    state, policies, _ = table(model, 2, {0: [DEPLOY], 1: [CREATE]})
    engine.play_turn(state, policies)
    people = sum(sum(p.board.squares[s].inhabitant_count for s in p.board.squares) for p in state.players)
    display = list(state.display)
    engine.play_turn(state, policies)
    taken = [s for p in state.players for s in p.specials]
    assert sorted(display) == sorted(state.display + taken)
    for p in state.players:
        for sid in p.specials:
            assert any(placed.face.special == sid for placed in p.board.squares.values())
    after = sum(sum(p.board.squares[s].inhabitant_count for s in p.board.squares) for p in state.players)
    assert after <= people


def test_create_a_player_who_cannot_pay_must_pass(model):
    state, _, _ = table(model, 2)

    class Cheat(Recorder):
        def create(self, state, seat, active):
            sid = next(s for s in state.display if model.specials[s].spec.shape == "complete")
            return sid, sq("A1"), 0

    policies = [Cheat(model, [], [CREATE]), Cheat(model, [])]
    with pytest.raises(actions.IllegalAction, match="cannot pay"):
        engine.play_turn(state, policies)


def test_convert_generator_gains_every_time_convert_energy_is_chosen(model):
    state, policies, _ = table(model, 2, {0: [CONVERT]})
    gen = model.specials["generator"].face
    state.players[1].board = state.players[1].board.place(gen, sq("E4"), 0)
    supply = state.vp_supply
    engine.play_turn(state, policies)
    assert state.players[1].vp >= model.specials["generator"].effect.vp_per_convert
    assert supply - state.vp_supply == sum(p.vp for p in state.players)


class NeverConverts(Recorder):
    def convert(self, state, seat, active):
        return None


@pytest.mark.parametrize("without_converting", [True, False])
def test_convert_generator_pays_an_owner_who_cannot_convert_as_decided(content_copy, without_converting):
    """Decision generator-without-converting: the engine and the rulebook read one setting."""
    from generator.games.skylands import rulebook

    root = content_copy("skylands")
    replace_in(root / "skylands" / "specials.yaml", "without_converting: true",
               f"without_converting: {str(without_converting).lower()}")
    loaded = kit.load("skylands", root)
    model = loaded.model
    state = engine.setup(model, 2, random.Random(1))
    policies = [NeverConverts(model, [], [CONVERT]), NeverConverts(model, [])]
    state.players[1].board = state.players[1].board.place(model.specials["generator"].face, sq("E4"), 0)
    engine.play_turn(state, policies)
    paid = model.specials["generator"].effect.vp_per_convert if without_converting else 0
    assert [p.vp for p in state.players] == [0, paid]
    text = " ".join(rulebook.book(model, loaded.content).split())
    assert ("even if you cannot or do not convert" in text) is without_converting
    assert ("but only if you convert" in text) is not without_converting


def test_convert_vp_supply_exhausted_records_brackets_and_ends_the_game(model):
    state, policies, _ = table(model, 2, {0: [CONVERT]})
    gen = model.specials["generator"].face
    state.players[1].board = state.players[1].board.place(gen, sq("E4"), 0)
    state.vp_supply = 0
    engine.play_turn(state, policies)
    assert state.players[1].bracketed >= 1 and state.players[1].vp == 0
    assert state.ended == "vp-supply"


# ---- Game End and Scoring -------------------------------------------------------------------------

def test_game_end_after_a_turn_when_a_player_has_one_or_no_empty_square(model):
    state, policies, _ = table(model, 2, {0: [DEPLOY], 1: [DEPLOY]})
    board = state.players[1].board
    filler = Placed(model.specials["floating-garden"].face)   # described as found, not placed by a rule
    for square in board.empty_squares()[:-2]:
        board = board.with_square(square, filler)
    state.players[1].board = board
    engine.play_turn(state, policies)
    assert not state.ended
    state.players[1].board = board.with_square(board.empty_squares()[0], filler)
    engine.play_turn(state, policies)
    assert state.ended == "board"


def test_final_scoring_is_the_scoring_pad_and_ties_share_the_victory(model):
    result = engine.play_game(model, 3, [Greedy(model, random.Random(s)) for s in range(3)], random.Random(9))
    for pad, p in zip(result.pads, result.final.players, strict=True):
        assert pad == final_score(model, p.end_state())
    best = max(result.scores)
    assert result.winners == tuple(i for i, s in enumerate(result.scores) if s == best)


def test_outpost_draws_an_island_placed_or_discarded(model):
    state, _, _ = table(model, 2)
    outpost = model.specials["outpost"].face
    top = state.stack[-1]
    discarded = len(state.discard)

    class Discards(RandomPlayer):
        def outpost(self, state, seat, face):
            return None

    engine.place(state, [Discards(model, random.Random(0))] * 2, 0, outpost, sq("E4"), 0)
    assert state.discard[discarded:] == [top]


def test_worth_while_find_gains_vps_from_the_supply(model):
    state, policies, _ = table(model, 2)
    supply = state.vp_supply
    engine.place(state, policies, 0, model.specials["worth-while-find"].face, sq("E4"), 0)
    gain = model.specials["worth-while-find"].effect.gain_vp
    assert state.players[0].vp == gain and state.vp_supply == supply - gain


def test_hostel_filled_between_actions_from_complete_islands(model):
    state, policies, _ = table(model, 2, {0: [DEPLOY]})
    engine.play_turn(state, policies)
    p = state.players[0]
    p.board = p.board.place(model.specials["hostel"].face, sq("E4"), 0)
    most = max(i.inhabitants for i in find_islands(p.board)
               if i.complete and actions.colour_of(model, i.type) is not None)
    assert most > 0
    people = actions.inhabitants_of(p.board)
    engine.fill_hostels(state, policies)
    assert actions.inhabitants_of(p.board) == people   # moved, never from the supply
    capacity = model.specials["hostel"].effect.capacity
    assert p.board.squares[sq("E4")].inhabitant_count == min(capacity, most)


def test_generator_pays_a_player_who_cannot_convert(model):
    """Decision generator-without-converting: "Every time the action Convert energy is chosen, the
    player gains 1 VP" pays a player with no crystal island to convert from; the tile and the
    rulebook say so, in the words the engine follows."""
    from generator.games.skylands import rulebook
    from generator.games.skylands.text import special_text

    state, policies, _ = table(model, 2, {0: [CONVERT]})
    gen = model.specials["generator"]
    state.players[1].board = model.empty_board().place(gen.face, sq("E4"), 0)
    assert policies[1].convert(state, 1, False) is None          # nothing to convert from
    engine.play_turn(state, policies)
    assert state.players[1].vp == gen.effect.vp_per_convert
    text = special_text(model, gen)
    assert "even if you cannot convert" in text
    book = rulebook.book(model, kit.load("skylands", paths.CONTENT).content)
    assert text in " ".join(book.split())
    ids = {d.id for d in model.files.decisions.decisions}
    assert "generator-without-converting" in ids
