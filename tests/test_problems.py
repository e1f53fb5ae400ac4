"""Problems are said once each: the same words at the same place on many faces fold into one line."""

from generator.content import ContentError, Problem
from generator.content.problems import folded, on


def at(message: str, face: str = "", line: int = 3) -> Problem:
    return on(Problem("card.yaml", line, 5, message), face)


def test_one_face_is_named():
    assert [str(p) for p in folded([at("box 'a': too big", "card 'x'")])] == [
        "card.yaml:3:5: error: box 'a': too big (on card 'x')"]


def test_many_faces_fold_into_one_line_naming_the_first_three():
    found = [at("box 'a' hides box 'b'", f"card '{c}'") for c in "edcba"] + [at("box 'a' hides box 'b'", "card 'a'")]
    assert [str(p) for p in folded(found)] == [
        "card.yaml:3:5: error: box 'a' hides box 'b' (on 5 faces: card 'a', card 'b', card 'c' and 2 more)"]
    assert str(folded(found[:2])[0]).endswith("(on 2 faces: card 'd', card 'e')")


def test_other_words_or_places_stay_apart_and_in_file_order():
    found = [at("y", "card 'a'", line=9), at("x", "card 'a'"), at("x", "card 'b'"), at("z"), at("z")]
    assert [str(p) for p in ContentError(found).problems] == [
        "card.yaml:3:5: error: x (on 2 faces: card 'a', card 'b')",
        "card.yaml:3:5: error: z",
        "card.yaml:9:5: error: y (on card 'a')"]
