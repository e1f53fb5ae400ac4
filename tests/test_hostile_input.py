"""Hostile input, class by class (issue 10, input half): each class is fed and the answer read:
FILE:LINE:COL: error: … one a line, exit 1 (2 for a bad option), no traceback, output untouched."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cli import main
from generator.content import ContentError, load_file, load_text, paths, yamlload
from generator.content.yamlload import MAX_DEPTH, MAX_FILE_BYTES
from generator.core import kit

from .conftest import replace_in

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LINE = re.compile(r"^\S.*:\d+:\d+: error: \S.*$")


def problems(text: str) -> list[str]:
    with pytest.raises(ContentError) as err:
        load_text(text, "f.yaml")
    return [str(p) for p in err.value.problems]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def run_refused(runner, root: Path, tmp_path: Path, *args: str, code: int = 1) -> list[str]:
    """Run playkit on a broken content root: it must refuse (exit `code`) with one positioned line a
    problem, no traceback, and leave the output folder as it was."""
    out = tmp_path / "out"
    (out / "keep").mkdir(parents=True, exist_ok=True)
    (out / "keep" / "file.txt").write_text("mine")
    before = snapshot(out)
    result = runner.invoke(main, ["--content", str(root), "--out", str(out), *args])
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and snapshot(out) == before
    lines = result.output.splitlines()
    if code == 1:
        errors = [line for line in lines if ": error: " in line]
        assert errors and all(LINE.match(line) for line in errors), result.output
        return errors
    return lines


# ---- 1. YAML that crashed the loader is refused at its position ----
@pytest.mark.parametrize(("text", "where", "words"), [
    ("a: 1\n? [a, b]\n: 1\n", "f.yaml:2:3:", "a list or mapping used as a key"),
    ("a: 1\n{x: 1}: 2\n", "f.yaml:2:1:", "a list or mapping used as a key"),
    ("a:\n  b: !!map [1, 2]\n", "f.yaml:2:6:", "the tag '!!map' is not allowed on a list"),
    ("a: !!set [1, 2]\n", "f.yaml:1:4:", "the tag '!!set' is not allowed on a list"),
    ("a: !!seq {x: 1}\n", "f.yaml:1:4:", "the tag '!!seq' is not allowed on a mapping"),
    ("a: !!int one\n", "f.yaml:1:4:", "'one' is not a whole number"),
    ("a: !!float x\n", "f.yaml:1:4:", "'x' is not a number"),
    ("a: !!bool maybe\n", "f.yaml:1:4:", "'maybe' is not true or false"),
    ("a: !!timestamp yesterday\n", "f.yaml:1:4:", "the tag '!!timestamp' is not allowed"),
    ("a: !custom x\n", "f.yaml:1:4:", "the tag '!custom' is not allowed"),
    ("a: " + "7" * 5000 + "\n", "f.yaml:1:4:", "an integer of 5000 digits"),
    ("a: " + "[" * 10_000 + "]" * 10_000 + "\n", f"f.yaml:1:{3 + MAX_DEPTH}:", "nested more than"),
    ("".join(" " * i + "a:\n" for i in range(10_000)), f"f.yaml:{MAX_DEPTH + 1}:{MAX_DEPTH + 1}:",
     "nested more than"),
    ("a: &a [1, *a]\n", "f.yaml:1:11:", "the alias *a is inside its own anchor &a"),
    ("a: &a {b: {c: *a}}\n", "f.yaml:1:15:", "inside its own anchor"),
    ("a: *nowhere\n", "f.yaml:1:4:", "names no anchor"),
], ids=lambda v: v[:30] if isinstance(v, str) else None)
def test_yaml_that_crashed_is_refused_at_its_position(text, where, words):
    found = problems(text)
    assert any(p.startswith(where) and words in p for p in found), found


def test_every_problem_of_a_file_is_reported_at_once():
    found = problems("a: !!int one\nb: !!float x\n? [k]\n: 1\n")
    assert [p.split(": error:")[0] for p in found] == ["f.yaml:1:4", "f.yaml:2:4", "f.yaml:3:3"]


def test_deep_nesting_in_a_content_file_is_refused_by_validate(runner, content_copy, tmp_path):
    root = content_copy("skylands")
    replace_in(root / "skylands" / "tokens.yaml", "\n", "\ndeep: " + "[" * 10_000 + "]" * 10_000 + "\n")
    (line,) = run_refused(runner, root, tmp_path, "validate", "skylands")
    assert "tokens.yaml:2:" in line and "nested more than" in line


# ---- 2. alias bombs, and files the game does not read ----
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))


def test_an_alias_bomb_under_the_alias_cap_is_refused_before_it_expands():
    assert BOMB.count("*") < 100
    (msg,) = problems(BOMB)
    assert "once its aliases are expanded" in msg and msg.startswith("f.yaml:")


def test_an_alias_bomb_in_a_content_file_is_refused(runner, content_copy, tmp_path):
    root = content_copy("island-of-fog")
    with (root / "island-of-fog" / "board.yaml").open("a") as f:
        f.write("\n" + BOMB.replace("a:", "zz:", 1))
    (line,) = run_refused(runner, root, tmp_path, "validate", "island-of-fog")
    assert "board.yaml:" in line and "once its aliases are expanded" in line


def test_an_unknown_file_in_a_game_folder_is_refused_unread(runner, content_copy, tmp_path):
    root = content_copy("skylands")
    (root / "skylands" / "extra.yaml").write_text(BOMB)          # never read: a bomb costs nothing
    (root / "skylands" / "tile.yaml").write_text("a: 1\n")
    lines = run_refused(runner, root, tmp_path, "build", "skylands")
    assert len(lines) == 2 and all("not a content file of this game" in line for line in lines)
    assert "extra.yaml:1:1:" in lines[0] and "tile.yaml:1:1:" in lines[1] and "did you mean tiles.yaml" in lines[1]


def test_a_yml_file_is_named_as_not_read(runner, content_copy, tmp_path):
    root = content_copy("skylands")
    (root / "skylands" / "tokens.yaml").rename(root / "skylands" / "tokens.yml")
    lines = run_refused(runner, root, tmp_path, "validate", "skylands")
    assert any("tokens.yaml:1:1: error: missing content file" in line for line in lines)
    assert any("tokens.yml:1:1:" in line and "did you mean tokens.yaml" in line for line in lines)


# ---- 3. YAML 1.1 surprises: read by YAML 1.2 rules, or refused with a hint ----
def test_yaml_1_2_core_schema_values():
    src = load_text("a: yes\nb: off\nc: 0400\nd: 1:30\ne: 2026-11-23\nf: 1_000\ng: 0o17\nh: 0x1F\ni: ~\nj: True\n"
                    "k: .inf\nl: -1.5e3\nm: '0400'\n", "f.yaml")
    assert src.data == {"a": "yes", "b": "off", "c": 400, "d": "1:30", "e": "2026-11-23", "f": "1_000", "g": 15,
                        "h": 31, "i": None, "j": True, "k": float("inf"), "l": -1500.0, "m": "0400"}



@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="~nNtTfFrueals0123456789+-.eExXoOabinINF _:\n", max_size=8) | st.text(max_size=6))
def test_a_plain_value_is_read_by_the_core_schema_forms(value):
    """core_tag, which looks at a value's first character before its forms, tags as the forms do."""
    form = next((tag for tag, form in yamlload._SCALAR_FORMS.items() if form.match(value)), yamlload._STR)
    assert yamlload.core_tag(value) == form


@pytest.mark.parametrize(("game", "file", "old", "new", "words"), [
    ("islands-and-bridges", "components.yaml", "quantity: 6", "quantity: yes",
     "Input should be a valid integer (found 'yes'; write true or false"),
    ("skybound-battle", "cards.yaml", "attack: 3", "attack: off", "Input should be a valid integer (found 'off'"),
    ("skybound-battle", "starters.yaml", "cinder-pup: 2", "cinder-pup: true",
     "Input should be a valid integer (found True; true and false are not numbers"),
    ("skybound-battle", "cards.yaml", "attack: 3", "attack: 3.0", "Input should be a valid integer (found 3.0)"),
    ("skybound-battle", "cards.yaml", "attack: 3", "attack: '3'", "Input should be a valid integer (found '3')"),
])
def test_yaml_1_1_values_are_refused_with_a_hint(runner, content_copy, tmp_path, game, file, old, new, words):
    root = content_copy(game)
    replace_in(root / game / file, old, new)
    lines = run_refused(runner, root, tmp_path, "validate", game)
    assert any(f"{file}:" in line and words in line for line in lines), lines


def test_a_leading_zero_is_decimal(content_copy):
    root = content_copy("skybound-battle")
    replace_in(root / "skybound-battle" / "cards.yaml", "attack: 3", "attack: 03")
    model = kit.load("skybound-battle", root).model
    assert next(c for c in model.cards if c.id == "explosive-sora").attack == 3


# ---- 4. bad bytes are reported where they are, one line each ----
def test_nul_and_non_utf8_bytes_are_reported_at_their_line_and_column(tmp_path):
    path = tmp_path / "f.yaml"
    lines = [b"a%d: 1" % i for i in range(40)]
    lines[29] = b"name: ab\x00c"
    lines[34] = b"text: caf\xe9 \xff"
    path.write_bytes(b"\n".join(lines) + b"\n")
    with pytest.raises(ContentError) as err:
        load_file(path, "f.yaml")
    shown = [str(p) for p in err.value.problems]
    assert shown[0].startswith("f.yaml:35:10: error: not UTF-8") and shown[1].startswith("f.yaml:35:12:")
    path.write_bytes(b"\n".join(lines[:30]) + b"\n")
    with pytest.raises(ContentError) as err:
        load_file(path, "f.yaml")
    assert [str(p) for p in err.value.problems] == [
        "f.yaml:30:9: error: a character YAML does not allow (U+0000); remove it"]


def test_messages_never_spill_onto_a_second_line():
    (msg,) = problems("a: !!int \"one\\ntwo\\u001b[2J\"\n")
    assert "\n" not in msg and "\x1b" not in msg and "\\n" in msg


# ---- 5. files that are not plain content files ----
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs fifos")
def test_a_fifo_a_device_a_loop_and_a_link_out_are_refused(runner, content_copy, tmp_path):
    root = content_copy("skylands")
    folder = root / "skylands"
    (folder / "tokens.yaml").unlink()
    (folder / "tokens.yaml").symlink_to("/dev/zero")
    (folder / "scoring.yaml").unlink()
    os.mkfifo(folder / "scoring.yaml")
    (folder / "print.yaml").unlink()
    (folder / "print.yaml").symlink_to("print.yaml")
    outside = tmp_path / "secret.yaml"
    outside.write_text("key: value\n")
    (folder / "game.yaml").unlink()
    (folder / "game.yaml").symlink_to(outside)
    lines = run_refused(runner, root, tmp_path, "validate", "skylands")
    said = {line.split(":1:1: error: ")[0].rsplit("/", 1)[-1]: line.split(": error: ")[1] for line in lines}
    for name in ("tokens.yaml", "game.yaml", "print.yaml"):   # a link is refused, wherever it leads
        assert said[name].startswith(f"{name} is a link (refused"), said[name]
    assert said["scoring.yaml"].startswith("not a regular file (a fifo)")


def test_a_device_or_an_oversized_file_given_as_a_tool_file_is_refused(tmp_path):
    with pytest.raises(ContentError) as err:
        load_file(Path("/dev/zero"), "zero.yaml")
    assert str(err.value.problems[0]).startswith("zero.yaml:1:1: error: not a regular file (a device)")
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * MAX_FILE_BYTES + "\n")
    with pytest.raises(ContentError) as err:
        load_file(big, "big.yaml")
    assert "larger than" in str(err.value.problems[0])


def test_an_empty_game_folder_is_an_error(runner, tmp_path):
    (tmp_path / "content" / "skylands").mkdir(parents=True)
    lines = run_refused(runner, tmp_path / "content", tmp_path, "build", "skylands")
    assert any("game.yaml:1:1: error: missing content file" in line for line in lines)


def test_a_fog_map_file_of_another_game_fails_its_check(runner, tmp_path):
    text = EXAMPLES / "island-of-fog" / "scenario-5x5-seed42.yaml"
    mapfile = tmp_path / "map.yaml"
    mapfile.write_text(text.read_text().replace("game: island-of-fog", "game: skylands"))
    lines = run_refused(runner, paths.CONTENT, tmp_path, "map", "island-of-fog", "--check", str(mapfile))
    (line,) = lines
    assert "map.yaml:" in line and "game: Input should be 'island-of-fog' (found 'skylands')" in line


@pytest.mark.parametrize("bleed", ["nan", "inf", "-inf", "-1", "11", "1e308", "NaN"])
def test_a_bleed_that_is_not_a_sane_number_is_a_usage_error(runner, tmp_path, bleed):
    lines = run_refused(runner, paths.CONTENT, tmp_path, "build", "--bleed", bleed, "skylands", code=2)
    assert any("Invalid value for '--bleed'" in line for line in lines)


# ---- the tool files read YAML 1.2 and strict values too ----
def test_tool_files_refuse_yaml_1_1_values(runner, tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: x\ncards:\n  cinder-pup: yes\n  spark-imp: true\n")
    lines = run_refused(runner, paths.CONTENT, tmp_path, "deck", "check", str(deck))
    assert len(lines) == 2 and "deck.yaml:3:15:" in lines[0] and "deck.yaml:4:14:" in lines[1]
    board = tmp_path / "board.yaml"
    board.write_text("side: empty\nbracketed_vp: off\n")
    (line,) = run_refused(runner, paths.CONTENT, tmp_path, "score", "skylands", str(board))
    assert "board.yaml:2:15: error: bracketed_vp: Input should be a valid integer (found 'off'" in line
