"""Skylands rules model: placing tiles, finding islands, final scoring (the seed's example included)."""

from __future__ import annotations

import pytest

from generator.content import paths
from generator.core import kit
from generator.games.skylands.board import Board, EndState, IllegalPlacement, Placed, parse_square, square_name
from generator.games.skylands.boardfile import scoring_example
from generator.games.skylands.islands import find_islands
from generator.games.skylands.model import Skylands
from generator.games.skylands.scoring import final_score
from generator.games.skylands.tiles import CLOUDS, EAST, NORTH, SOUTH, WEST


@pytest.fixture(scope="module")
def model() -> Skylands:
    return kit.load("skylands", paths.CONTENT).model


def face(model: Skylands, face_id: str):
    return model.faces[face_id]


def effect(model: Skylands, kind: str):
    return next(e for e in model.files.specials.effects if e.kind == kind)


def sq(name: str):
    square = parse_square(name, 4, 5)
    assert square is not None
    return square


# ---- tiles and rotation ------------------------------------------------------------------

def test_square_names_round_trip():
    assert sq("A1") == (0, 0) and sq("E4") == (3, 4) and square_name((1, 2)) == "C2"
    assert parse_square("F1", 4, 5) is None and parse_square("A5", 4, 5) is None
    assert parse_square("A0", 4, 5) is None and parse_square("11", 4, 5) is None


def test_tile_rotation_turns_edges_clockwise(model):
    small = face(model, "small-woods-1")
    assert small.edges(0) == ("woods", CLOUDS, CLOUDS, CLOUDS)
    assert small.edges(90) == (CLOUDS, "woods", CLOUDS, CLOUDS)
    assert small.edges(180) == (CLOUDS, CLOUDS, "woods", CLOUDS)
    assert small.edges(270) == (CLOUDS, CLOUDS, CLOUDS, "woods")


def test_shapes_cover_the_edges_the_decision_names(model):
    assert face(model, "half-city-1").edges() == ("city", "city", CLOUDS, CLOUDS)
    assert face(model, "long-crystals-1").edges() == ("crystals", CLOUDS, "crystals", CLOUDS)
    assert face(model, "large-mountains-1").edges() == ("mountains", "mountains", CLOUDS, "mountains")
    assert face(model, "opposing-woods-city-1").edges() == ("woods", CLOUDS, "city", CLOUDS)
    assert face(model, "neighbouring-woods-city-1").edges() == ("woods", "city", CLOUDS, CLOUDS)
    assert face(model, "neighbouring-mirror-woods-city-1").edges() == ("woods", CLOUDS, CLOUDS, "city")


def test_mirror_image_is_not_a_rotation_of_the_original(model):
    tile = face(model, "neighbouring-woods-city-1")
    mirror = face(model, "neighbouring-mirror-woods-city-1")
    assert {mirror.edges(0)}.isdisjoint({tile.edges(r) for r in (0, 90, 180, 270)})


def test_complete_special_island_is_all_clouds(model):
    assert face(model, "hostel").edges() == (CLOUDS,) * 4


# ---- placement ---------------------------------------------------------------------------

def test_placement_on_any_empty_square(model):
    board = model.empty_board()
    for square in board.all_squares():
        assert board.can_place(face(model, "large-city-1"), square, 0)


def test_placement_edge_must_match_neighbour(model):
    board = model.empty_board().place(face(model, "small-woods-1"), sq("B2"), 90)  # woods east
    assert board.can_place(face(model, "small-woods-2"), sq("C2"), 270)           # woods west
    assert not board.can_place(face(model, "small-mountains-1"), sq("C2"), 270)   # mountains west
    assert not board.can_place(face(model, "small-woods-2"), sq("C2"), 0)         # clouds west


def test_placement_clouds_match_clouds(model):
    board = model.empty_board().place(face(model, "small-woods-1"), sq("B2"), 0)  # clouds east
    assert board.can_place(face(model, "small-city-1"), sq("C2"), 0)
    assert not board.can_place(face(model, "small-city-1"), sq("C2"), 270)


def test_placement_board_edge_takes_anything(model):
    board = model.empty_board()
    large = face(model, "large-woods-1")  # woods west, north, east
    assert board.can_place(large, sq("A1"), 0)
    assert board.can_place(large, sq("E4"), 180)


def test_placement_rotation_chooses_matching_orientation(model):
    board = model.empty_board().place(face(model, "small-crystals-1"), sq("C1"), 180)  # crystals south
    legal = [rot for s, rot in board.legal_placements(face(model, "small-crystals-2")) if s == sq("C2")]
    assert legal == [0]


def test_placement_refuses_covered_square_and_off_board(model):
    board = model.empty_board().place(face(model, "small-woods-1"), sq("A1"))
    assert not board.can_place(face(model, "small-woods-2"), sq("A1"))
    with pytest.raises(IllegalPlacement, match="already covered"):
        board.place(face(model, "small-woods-2"), sq("A1"))
    with pytest.raises(IllegalPlacement):
        board.place(face(model, "small-woods-2"), (4, 0))
    with pytest.raises(IllegalPlacement, match="rotation"):
        board.place(face(model, "small-woods-2"), sq("B1"), 45)


def test_placement_mismatch_names_square_and_edge(model):
    board = model.empty_board().place(face(model, "small-woods-1"), sq("B2"), 90)
    with pytest.raises(IllegalPlacement) as err:
        board.place(face(model, "small-mountains-1"), sq("C2"), 270)
    assert "square C2, west edge: mountains meets woods on the east edge of B2" in str(err.value)


def test_placement_once_placed_tiles_do_not_change(model):
    board = model.empty_board()
    after = board.place(face(model, "small-woods-1"), sq("A1"))
    assert not board.squares and len(after.squares) == 1


def test_special_islands_follow_the_placing_rules(model):
    board = model.empty_board().place(face(model, "small-woods-1"), sq("B2"), 90)
    assert not board.can_place(face(model, "hostel"), sq("C2"))  # clouds against woods
    assert board.can_place(face(model, "small-woods-fragment"), sq("C2"), 270)


# ---- islands -----------------------------------------------------------------------------

def test_islands_two_small_fragments_make_a_complete_island(model):
    board = (model.empty_board().place(face(model, "small-woods-1"), sq("B2"), 90)
             .place(face(model, "small-woods-2"), sq("C2"), 270))
    (island,) = find_islands(board)
    assert island.complete and island.type == "woods" and island.spaces == 2
    assert island.squares == (sq("B2"), sq("C2"))


def test_islands_open_edge_makes_island_incomplete(model):
    board = (model.empty_board().place(face(model, "long-woods-1"), sq("B2"), 90)
             .place(face(model, "small-woods-2"), sq("C2"), 270))
    (island,) = find_islands(board)
    assert not island.complete and island.open_edges == ((sq("B2"), WEST),)
    assert island.can_be_completed


def test_islands_open_edge_at_border_can_never_be_completed(model):
    board = model.empty_board().place(face(model, "small-city-1"), sq("A2"), 270)  # city west, on the border
    (island,) = find_islands(board)
    assert not island.complete and not island.can_be_completed
    assert island.blocked_edges == ((sq("A2"), WEST),)


def test_islands_clouds_on_border_are_fine(model):
    board = (model.empty_board().place(face(model, "small-city-1"), sq("A1"), 90)
             .place(face(model, "small-city-2"), sq("B1"), 270))
    (island,) = find_islands(board)
    assert island.complete  # A1's north and west edges are clouds against the border


def test_islands_two_fragment_tile_joins_two_islands(model):
    board = (model.empty_board()
             .place(face(model, "opposing-woods-city-1"), sq("B2"), 90)  # woods east, city west
             .place(face(model, "small-woods-1"), sq("C2"), 270)
             .place(face(model, "small-city-1"), sq("A2"), 90))
    islands = {i.type: i for i in find_islands(board)}
    assert set(islands) == {"woods", "city"}
    assert islands["woods"].complete and islands["woods"].spaces == 2
    assert islands["city"].complete and islands["city"].squares == (sq("A2"), sq("B2"))


def test_islands_ring_of_halves(model):
    board = model.empty_board()
    for name, (square, rot) in zip(("half-woods-1", "half-woods-2", "half-woods-3", "half-woods-4"),
                                   (("B2", 90), ("C2", 180), ("B3", 0), ("C3", 270)), strict=True):
        board = board.place(face(model, name), sq(square), rot)
    (island,) = find_islands(board)
    assert island.complete and island.spaces == 8 and len(island.parts) == 4


def test_islands_complete_special_island_is_complete_in_itself(model):
    board = model.empty_board().place(face(model, "shrine-of-the-woods"), sq("C2"))
    (island,) = find_islands(board)
    assert island.complete and island.type == "special" and island.spaces == 0


def test_islands_hostel_spaces_do_not_score(model):
    board = model.empty_board().place(face(model, "hostel"), sq("C2"))
    (island,) = find_islands(board)
    assert island.all_spaces == 4 and island.spaces == 0


def test_islands_printed_squares_are_tiles(model):
    board = model.starting_board("board-1")
    assert len(board.squares) == model.files.boards.printed_squares_per_layout
    types = sorted((i.type, i.complete) for i in find_islands(board))
    assert types == [("city", True), ("crystals", False)]


# ---- final scoring -----------------------------------------------------------------------

def example(model: Skylands) -> EndState:
    """The rulebook's scoring example (content/skylands/scoring-example.yaml)."""
    return scoring_example(model, kit.load("skylands", paths.CONTENT).content)


def test_scoring_example_category_by_category(model):
    """The seed: "-4, 4, 28, 11, 10 … In total Maria gains 49 VPs." """
    pad = final_score(model, example(model))
    assert pad.categories == {"empty-squares": -4, "inhabitants": 4, "spaces": 28, "specials": 11,
                              "markers": 10}
    assert pad.total == 49
    by_id = {line.special: line.vp for line in pad.specials}
    assert by_id == {"small-woods-fragment": 1, "hostel": 2, "shrine-of-the-woods": 8}


def test_scoring_example_matches_the_seed_story(model):
    end = example(model)
    islands = find_islands(end.board)
    woods = [i for i in islands if i.type == "woods" and i.complete]
    assert len(woods) == 4                                  # "every complete wood island, of which she has 4"
    assert len(end.board.empty_squares()) == 2              # "two empty spaces on her tableau"
    assert sum(p.inhabitant_count for p in end.board.squares.values()) == 9  # "9 inhabitants left"


def place_all(model: Skylands, board: Board, *steps: tuple[str, str, int]) -> Board:
    for face_id, square, rot in steps:
        board = board.place(face(model, face_id), sq(square), rot)
    return board


def score(model, board, **kw):
    return final_score(model, EndState(board, **kw))


def test_scoring_empty_squares_lose_two_each(model):
    pad = score(model, model.empty_board())
    assert pad.categories["empty-squares"] == -2 * 20


def test_scoring_printed_squares_are_not_empty(model):
    pad = score(model, model.starting_board("board-2"))
    assert pad.categories["empty-squares"] == -2 * 17


def test_scoring_one_vp_per_two_inhabitants(model):
    board = place_all(model, model.empty_board(), ("half-woods-1", "B2", 90), ("half-woods-2", "C2", 180),
                      ("half-woods-3", "B3", 0), ("half-woods-4", "C3", 270))
    for n, vp in ((0, 0), (1, 0), (2, 1), (3, 1), (7, 3)):
        placed = board.squares[sq("B2")]
        inhabitants = ("green",) * min(n, 2)
        other = ("green",) * (n - len(inhabitants))
        b = board.with_square(sq("B2"), Placed(placed.face, placed.rotation, inhabitants=(inhabitants,)))
        b = b.with_square(sq("C2"), Placed(b.squares[sq("C2")].face, 180, inhabitants=(other,)))
        assert score(model, b).categories["inhabitants"] == vp


def test_scoring_spaces_only_on_complete_islands(model):
    board = place_all(model, model.empty_board(), ("small-woods-1", "B2", 90), ("small-woods-2", "C2", 270),
                      ("long-city-1", "B4", 90))
    assert score(model, board).categories["spaces"] == 2


def test_scoring_special_fragment_needs_a_complete_island(model):
    board = place_all(model, model.empty_board(), ("small-woods-fragment", "B2", 90))
    pad = score(model, board)
    assert pad.categories["specials"] == 0 and "not part of a complete island" in pad.specials[0].why
    board = board.place(face(model, "small-woods-1"), sq("C2"), 270)
    assert score(model, board).categories["specials"] == 1


def test_scoring_complete_special_island_scores_its_vp(model):
    board = place_all(model, model.empty_board(), ("sky-harbour", "C2", 0))
    assert score(model, board).categories["specials"] == 5


def woods_pair(model, board, left: str, right: str, n: int) -> Board:
    return place_all(model, board, (f"small-woods-{n}", left, 90), (f"small-woods-{n + 1}", right, 270))


def test_scoring_shrine_two_per_complete_island_of_its_type(model):
    board = woods_pair(model, model.empty_board(), "A1", "B1", 1)
    board = woods_pair(model, board, "A3", "B3", 3)
    board = place_all(model, board, ("shrine-of-the-woods", "E4", 0), ("shrine-of-the-mountains", "E1", 0),
                      ("small-woods-fragment", "D2", 90))  # an open wood island: does not count
    by_id = {line.special: line.vp for line in score(model, board).specials}
    assert by_id["shrine-of-the-woods"] == 4 and by_id["shrine-of-the-mountains"] == 0


def test_scoring_shrine_does_not_count_itself_or_other_special_islands(model):
    board = place_all(model, model.empty_board(), ("shrine-of-the-woods", "A1", 0),
                      ("floating-garden", "C1", 0))
    by_id = {line.special: line.vp for line in score(model, board).specials}
    assert by_id["shrine-of-the-woods"] == 0


def test_scoring_sky_haven_one_per_two_inhabitants(model):
    board = place_all(model, model.empty_board(), ("sky-haven", "A1", 0), ("hostel", "C1", 0))
    hostel = board.squares[sq("C1")]
    board = board.with_square(sq("C1"), Placed(hostel.face, 0, inhabitants=(("green", "blue", "purple"),)))
    pad = score(model, board)
    assert {line.special: line.vp for line in pad.specials}["sky-haven"] == 1
    assert pad.categories["inhabitants"] == 1  # both count (decision sky-haven-and-inhabitants)


def test_scoring_sanctum_counts_straight_and_diagonal_neighbours(model):
    board = place_all(model, model.empty_board(), ("sanctum", "B2", 0), ("small-city-1", "A1", 0),
                      ("small-city-2", "C3", 180), ("floating-garden", "C2", 0), ("cloud-keep", "E4", 0))
    assert {line.special: line.vp for line in score(model, board).specials}["sanctum"] == 3


def test_scoring_sanctum_capped_at_eight(model):
    board = model.empty_board().place(face(model, "sanctum"), sq("C2"))
    ids = iter(["floating-garden", "cloud-keep", "crystal-spire", "sky-harbour", "worth-while-find",
                "outpost", "generator", "hostel"])
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr or dc:
                board = board.place(face(model, next(ids)), (1 + dr, 2 + dc))
    sanctum = {line.special: line.vp for line in score(model, board).specials}["sanctum"]
    assert sanctum == 8 == effect(model, "sanctum").max_vp


def test_scoring_sanctum_cap_applies_when_lower(model):
    capped = effect(model, "sanctum").model_copy(update={"max_vp": 2})
    from generator.games.skylands.scoring import sanctum_vp

    board = place_all(model, model.empty_board(), ("sanctum", "B2", 0), ("floating-garden", "A1", 0),
                      ("cloud-keep", "C1", 0), ("crystal-spire", "A3", 0))
    facts = _facts(model, board)
    assert sanctum_vp(capped, model.specials["sanctum"], facts, sq("B2"))[0] == 2


def _facts(model, board):
    from generator.games.skylands.scoring import _Facts, inhabitants_on

    islands = find_islands(board)
    specials = sum(1 for p in board.squares.values() if p.face.special)
    return _Facts(board, islands, [i for i in islands if i.complete], inhabitants_on(board), specials)


def test_scoring_academy_two_per_special_island_including_itself(model):
    board = place_all(model, model.empty_board(), ("academy-of-creators", "A1", 0),
                      ("small-woods-fragment", "C1", 180), ("hostel", "E4", 0))
    assert {line.special: line.vp for line in score(model, board).specials}["academy-of-creators"] == 6


def test_scoring_villa_counts_the_largest_complete_island(model):
    board = place_all(model, model.empty_board(), ("villa", "E4", 0),
                      ("half-woods-1", "B2", 90), ("half-woods-2", "C2", 180), ("half-woods-3", "B3", 0),
                      ("half-woods-4", "C3", 270), ("small-city-1", "A1", 90), ("small-city-2", "B1", 270),
                      ("long-crystals-1", "D1", 90))  # open: 2 spaces that do not count
    assert {line.special: line.vp for line in score(model, board).specials}["villa"] == 8


def test_scoring_markers_active_marker_and_brackets(model):
    board = model.empty_board()
    assert score(model, board, vp_markers=(5, 2), marker_active=True, bracketed_vp=3).categories["markers"] == 12
    assert score(model, board, vp_markers=(5, 2), marker_active=False).categories["markers"] == 7


def test_scoring_total_is_the_sum_of_the_categories(model):
    pad = final_score(model, example(model))
    assert pad.total == sum(pad.categories.values())
    assert [r.category for r in model.files.scoring.pad.rows] == list(pad.categories)


def test_neighbour_sides(model):
    board = model.empty_board()
    assert board.neighbour(sq("B2"), NORTH) == sq("B1") and board.neighbour(sq("B2"), EAST) == sq("C2")
    assert board.neighbour(sq("B2"), SOUTH) == sq("B3") and board.neighbour(sq("B2"), WEST) == sq("A2")


def test_the_pre_printed_starting_boards_are_even():
    """Issue 15: board 2 began with two complete islands, boards 3 and 4 with none. Every board now
    starts with the same islands (complete or not, spaces, open edges), only the types differ, and
    each type is the complete island of exactly one board."""

    model = kit.load("skylands", paths.CONTENT).model
    shapes, complete_types = set(), []
    for spec in model.files.boards.player_boards:
        islands = find_islands(model.starting_board(spec.id))
        shapes.add(tuple(sorted((i.complete, i.spaces, len(i.parts), len(i.open_edges)) for i in islands)))
        complete_types += [i.type for i in islands if i.complete]
    assert len(shapes) == 1
    assert sorted(complete_types) == sorted(t.id for t in model.files.game.terrains)


def test_the_rulebook_says_which_spaces_carry_a_dot_as_the_terrains_have_inhabitants(model):
    # a playtester read "every space has a dot of the colour" over city spaces printed plain white
    import re

    from generator.games.skylands.rulebook import book

    said = re.sub(r"\s+", " ", book(model, kit.load("skylands", paths.CONTENT).content))
    sentence = said[said.index("Each fragment shows its inhabitant spaces"):].split(".")[0]
    dotted, plain = sentence.split(" with a dot ")
    for t in model.terrains.values():
        assert (t.name.lower() in dotted) == bool(t.inhabitant), t.id
        assert (t.name.lower() in plain) == (not t.inhabitant), t.id
    assert "have no dot" in plain


def test_the_cover_says_the_ages_and_who_made_the_game_from_content(model):
    from generator.games.skylands.rulebook import book

    g = model.files.game
    first = book(model, kit.load("skylands", paths.CONTENT).content).split("# ")[0]
    assert f"ages {g.ages} and up" in first and g.credits in " ".join(first.split())
