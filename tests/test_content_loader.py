"""The YAML loader: positions, duplicate keys, tags, aliases, typed errors at the right line."""

from __future__ import annotations

import pytest
from pydantic import Field

from generator.content import ContentError, Mm, Slug, Strict, load_text, parse, to_mm


def problems(text: str) -> list[str]:
    with pytest.raises(ContentError) as err:
        load_text(text, "f.yaml")
    return [str(p) for p in err.value.problems]


def test_duplicate_key_is_an_error_at_the_second_key():
    assert problems("a: 1\nb: 2\na: 3\n") == ["f.yaml:3:1: error: duplicate key 'a' (first defined on line 1)"]


def test_duplicate_keys_can_be_collected_instead():
    src = load_text("a: 1\na: 2\n", "f.yaml", raise_duplicates=False)
    assert src.data == {"a": 2} and [p.line for p in src.problems] == [2]


def test_python_tags_are_refused():
    (msg,) = problems("x: !!python/object/apply:os.system ['true']\n")
    assert msg.startswith("f.yaml:1:4: error: the tag") and "python/object" in msg


def test_alias_expansion_is_bounded():
    lines = ["a: &a [1, 2]"] + [f"b{i}: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]" for i in range(20)]
    (msg,) = problems("\n".join(lines) + "\n")
    assert "aliases" in msg and msg.startswith("f.yaml:")


def test_syntax_error_has_a_position():
    (msg,) = problems("a: [1, 2\nb: 3\n")
    assert msg.startswith("f.yaml:") and ": error: YAML:" in msg


class Thing(Strict):
    id: Slug
    size: Mm
    count: int = Field(gt=0)


class Things(Strict):
    things: list[Thing]


def test_typed_errors_point_at_the_value():
    src = load_text("things:\n  - id: ok\n    size: 3mm\n    count: 0\n  - id: Bad Id\n    size: 1in\n"
                    "    count: 2\n    extra: 1\n", "f.yaml")
    with pytest.raises(ContentError) as err:
        parse(Things, src)
    got = {(p.line, p.col): p.message for p in err.value.problems}
    assert got[(4, 12)].startswith("things.0.count: Input should be greater than 0")
    assert got[(5, 9)].startswith("things.1.id: String should match pattern")
    assert got[(8, 5)] == "things.1.extra: unknown field"


def test_missing_field_points_at_its_mapping():
    src = load_text("things:\n  - id: a\n    size: 2mm\n", "f.yaml")
    with pytest.raises(ContentError) as err:
        parse(Things, src)
    (p,) = err.value.problems
    assert (p.line, p.col) == (2, 5) and "missing field 'count'" in p.message


@pytest.mark.parametrize(("text", "mm"), [("63mm", 63.0), ("2.5cm", 25.0), ("0.125in", 3.175), (12, 12.0),
                                          ("72pt", 25.4)])
def test_lengths_convert_in_one_place(text, mm):
    assert to_mm(text) == pytest.approx(mm)


@pytest.mark.parametrize("bad", ["63", "3 furlongs", True, None])
def test_bad_lengths_are_refused(bad):
    with pytest.raises((ValueError, TypeError)):
        to_mm(bad)
