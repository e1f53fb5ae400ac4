"""Property tests of the Skylands rules model: boards built by random legal placements."""

from __future__ import annotations

from collections import Counter

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content import load_text, paths
from generator.core import kit
from generator.games.skylands import actions
from generator.games.skylands.board import ROTATIONS, Board, EndState, square_name
from generator.games.skylands.boardfile import read_board
from generator.games.skylands.islands import find_islands
from generator.games.skylands.scoring import final_score
from generator.games.skylands.tiles import opposite

MODEL = kit.load("skylands", paths.CONTENT).model
FACES = sorted(MODEL.faces.values(), key=lambda f: f.id)
ISLAND_FACES = [t.face for t in MODEL.island_tiles]
SPECIAL_FACES = [s.face for s in MODEL.specials.values()]
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def boards(draw: st.DrawFn, specials: bool = True) -> tuple[Board, str | None]:
    """A board built the way players build one: each tile placed legally, or passed."""
    side = draw(st.sampled_from([None, "board-1", "board-2", "board-3", "board-4"]))
    board = MODEL.starting_board(side)
    pool = ISLAND_FACES + (SPECIAL_FACES if specials else [])
    order = draw(st.permutations(range(len(pool))))
    for index in order[: draw(st.integers(0, 30))]:
        face = pool[index]
        spots = board.legal_placements(face)
        if not spots:
            continue
        square, rotation = spots[draw(st.integers(0, len(spots) - 1))]
        board = board.place(face, square, rotation)
    return board, side


@given(st.sampled_from(FACES), st.sampled_from(ROTATIONS), st.sampled_from(ROTATIONS))
def test_rotation_composes(face, a, b):
    once = face.edges((a + b) % 360)
    turned = face.edges(a)
    k = b // 90
    assert once == tuple(turned[(i - k) % 4] for i in range(4))


def test_a_quarter_turn_is_clockwise_and_four_are_no_turn():
    """Turned clockwise, the north edge comes to lie east; four quarter turns bring every face back.
    (Faces that look alike every way round cannot tell; the set has faces that can.)"""
    lopsided = [f for f in FACES if len(set(f.edges(0))) > 1]
    assert lopsided
    for face in FACES:
        n, e, s, w = face.edges(0)
        assert face.edges(90) == (w, n, e, s), face.id
        turned = face
        for _ in range(4):
            turned = turned.turned(90)
        assert turned.edges(0) == face.edges(0) == face.edges(360), face.id
        assert {f.sides for f in turned.fragments} == {f.sides for f in face.fragments}, face.id


@PROPS
@given(boards())
def test_legal_placements_never_leave_a_mismatch(built):
    board, _ = built
    assert board.all_mismatches() == []


@PROPS
@given(boards(), st.sampled_from(FACES))
def test_can_place_is_exactly_empty_square_and_matching_edges(built, face):
    board, _ = built
    legal = board.legal_placements(face)  # looked up in a table of the face's edges (board.fits)
    for square in board.empty_squares():
        for rotation in ROTATIONS:
            ok = all(board.squares.get(board.neighbour(square, s)) is None
                     or board.squares[board.neighbour(square, s)].edge(opposite(s)) == face.edge(s, rotation)
                     for s in range(4))
            assert board.can_place(face, square, rotation) == ok == ((square, rotation) in legal)


@PROPS
@given(boards())
def test_islands_partition_the_fragments(built):
    board, _ = built
    islands = find_islands(board)
    parts = [p for i in islands for p in i.parts]
    every = [(sq, i) for sq, placed in board.squares.items() for i in range(len(placed.face.fragments))]
    assert sorted(parts) == sorted(every)
    for island in islands:
        kinds = {board.squares[sq].face.fragments[i].island_type for sq, i in island.parts}
        assert kinds == {island.type}


@PROPS
@given(boards())
def test_complete_islands_have_an_even_number_of_spaces(built):
    """Every fragment shows as many spaces as it has edges, and a complete island shares every edge:
    the reason the seed's example forces special fragments to show spaces (decision special-island-spaces)."""
    board, _ = built
    for island in find_islands(board):
        if island.complete and island.type != "special":
            assert island.spaces % 2 == 0


@PROPS
@given(boards())
def test_blocked_islands_are_never_complete_and_stay_so(built):
    board, _ = built
    blocked = [i for i in find_islands(board) if not i.can_be_completed]
    for island in blocked:
        assert not island.complete
    # place every tile that still fits anywhere: a blocked island stays incomplete
    used = {p.face.id for p in board.squares.values()}
    for face in ISLAND_FACES:
        spots = [] if face.id in used else board.legal_placements(face)
        if spots:
            board = board.place(face, *spots[0])
    for island in blocked:
        after = next(i for i in find_islands(board) if island.parts[0] in i.parts)
        assert not after.complete


@PROPS
@given(boards())
def test_covering_a_square_gains_two_on_the_empty_category(built):
    board, _ = built
    before = final_score(MODEL, EndState(board)).categories["empty-squares"]
    free = [f for f in SPECIAL_FACES if f.id not in {p.face.id for p in board.squares.values()}]
    spots = [(f, s) for f in free[:3] for s in board.legal_placements(f)[:1]]
    if not spots:
        return
    face, (square, rotation) = spots[0]
    after = final_score(MODEL, EndState(board.place(face, square, rotation))).categories["empty-squares"]
    assert after - before == -MODEL.files.scoring.empty_square_vp


@PROPS
@given(boards(), st.lists(st.sampled_from([1, 2, 5]), max_size=6), st.booleans(), st.integers(0, 9))
def test_total_is_the_sum_and_markers_add_straight(built, markers, active, brackets):
    board, _ = built
    pad = final_score(MODEL, EndState(board, tuple(markers), active, brackets))
    assert pad.total == sum(pad.categories.values())
    assert pad.categories["markers"] == sum(markers) + (2 if active else 0) + brackets
    assert pad.categories["spaces"] == sum(i.spaces for i in find_islands(board) if i.complete)


@PROPS
@given(boards())
def test_board_files_round_trip(built):
    """A board written as a board file reads back to the same board and the same score."""
    board, side = built
    printed = {sq for sq, p in board.squares.items() if p.printed}
    doc = {"side": side or "empty", "squares": {
        square_name(sq): {"tile": p.face.id, "rotation": p.rotation}
        for sq, p in sorted(board.squares.items()) if sq not in printed}}
    if any(p.face.kind == "starting" for p in board.squares.values()):
        pytest.skip("starting islands go on the empty side only")
    end = read_board(MODEL, load_text(yaml.safe_dump(doc), "board.yaml"))
    assert dict(end.board.squares) == dict(board.squares)
    assert final_score(MODEL, end) == final_score(MODEL, EndState(board))


@given(st.sampled_from(FACES), st.sampled_from(ROTATIONS))
def test_turned_face_shows_the_rotated_edges(face, rotation):
    turned = face.turned(rotation)
    assert turned.edges(0) == face.edges(rotation)
    assert [f.spaces for f in turned.fragments] == [f.spaces for f in face.fragments]


@PROPS
@given(boards(), st.randoms(use_true_random=False))
def test_islands_grown_tile_by_tile_are_the_islands_found_afresh(built, rng):
    """A board that grew one tile at a time from a board whose islands were known works out only the
    islands the new tile touches (islands.py); every step gives what a search of the whole board gives."""
    from generator.games.skylands.islands import _find_islands

    final, side = built
    board = MODEL.starting_board(side)
    find_islands(board)
    for square, placed in sorted(final.squares.items(), key=lambda _: rng.random()):
        if square in board.squares:
            continue
        board = board.place(placed.face, square, placed.rotation)
        assert "_grown_from" in board.__dict__
        assert tuple(find_islands(board)) == _find_islands(board)


@PROPS
@given(boards(), st.randoms(use_true_random=False))
def test_a_board_that_came_from_another_knows_what_a_fresh_board_works_out(built, rng):
    """Islands, openings and empty squares carried over from the board a tile, or other inhabitants on
    a tile, came from (board.py, islands.py) are those a board described afresh works out."""
    final, side = built
    board = MODEL.starting_board(side)
    for square, placed in sorted(final.squares.items(), key=lambda _: rng.random()):
        if square in board.squares:
            continue
        board = board.place(placed.face, square, placed.rotation)
        for island in find_islands(board):
            colour = actions.colour_of(MODEL, island.type)
            if island.complete and colour and rng.random() < 0.5:
                board, _ = actions.fill(board, island, colour, Counter({colour: rng.randint(1, 4)}))
        fresh = Board(board.rows, board.columns, board.squares)
        assert tuple(find_islands(board)) == tuple(find_islands(fresh))
        assert board.openings == fresh.openings and board.empty_squares() == fresh.empty_squares()
