"""A designer's own deck with no Python, end to end through the CLI: scaffold, build, edit, errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cli import main
from generator.content import paths
from tests import pdfcheck
from tests.conftest import replace_in


@pytest.fixture
def deck(runner, tmp_path) -> Path:
    root = tmp_path / "designs"
    result = runner.invoke(main, ["new", "deck", "my-deck", "--dir", str(root)])
    assert result.exit_code == 0, result.output
    return root


def build(runner, root: Path, out: Path):
    return runner.invoke(main, ["--content", str(root), "--out", str(out), "build", "my-deck"])


def test_new_deck_builds_a_print_ready_deck(runner, deck, tmp_path):
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "my-deck"
    data = (folder / "cards.pdf").read_bytes()
    pages = pdfcheck.texts(data)
    # 12 cards, 18 copies: two fronts pages of 9, each followed by its backs
    assert len(pages) == 4 and "(backs, long-edge duplex)" in pages[1]
    assert sum(p.count("GOODS") + p.count("PEOPLE") + p.count("EVENT") for p in pages) == 18
    assert all(pdfcheck.fonts(data).values()), "every font embedded"
    svgs = sorted(p.name for p in (folder / "svg" / "cards").iterdir())
    assert len(svgs) == 13 and "back.svg" in svgs and "01-fresh-bread.svg" in svgs
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["files"]["cards.pdf"]["from"] == ["game.yaml", "cards.csv", "layouts/card.yaml",
                                                      "layouts/back.yaml"]


def test_playkit_games_lists_the_deck_with_its_count(runner, deck):
    result = runner.invoke(main, ["--content", str(deck), "games"])
    assert result.exit_code == 0 and "my-deck — My Deck: 18 components" in result.output


def test_a_new_csv_row_is_a_new_card(runner, deck, tmp_path):
    with (deck / "my-deck" / "cards.csv").open("a") as fh:
        fh.write("Lucky Cat,5,people,Win ties.,4,1\n")
    assert build(runner, deck, tmp_path / "out").exit_code == 0
    pages = pdfcheck.texts((tmp_path / "out" / "my-deck" / "cards.pdf").read_bytes())
    assert any("Lucky Cat" in p for p in pages)
    assert (tmp_path / "out" / "my-deck" / "svg" / "cards" / "13-lucky-cat.svg").is_file()


def test_moving_a_box_changes_only_the_faces_that_use_it(runner, deck, tmp_path):
    out = tmp_path / "out"
    assert build(runner, deck, out).exit_code == 0
    before = {p.name: p.read_bytes() for p in (out / "my-deck" / "svg" / "cards").iterdir()}
    replace_in(deck / "my-deck" / "layouts" / "card.yaml", "icon:      {type: image, file: images/coin.svg, x: 24mm",
               "icon:      {type: image, file: images/coin.svg, x: 30mm")
    result = build(runner, deck, out)
    assert result.exit_code == 0
    after = {p.name: p.read_bytes() for p in (out / "my-deck" / "svg" / "cards").iterdir()}
    changed = {n for n in before if before[n] != after[n]}
    assert changed == set(before) - {"back.svg"}, "every front moved its icon, the back did not change"
    assert "changed  cards.pdf" in result.output


def test_two_builds_are_byte_identical(runner, deck, tmp_path):
    assert build(runner, deck, tmp_path / "a").exit_code == 0
    assert build(runner, deck, tmp_path / "b").exit_code == 0
    a, b = tmp_path / "a" / "my-deck", tmp_path / "b" / "my-deck"
    files = sorted(f.relative_to(a) for f in a.rglob("*") if f.is_file())
    assert len(files) == 15   # no .cache: a font subset is made anew by each build
    for f in files:
        assert (a / f).read_bytes() == (b / f).read_bytes(), f


def errors_of(result) -> list[str]:
    return [line for line in result.output.splitlines() if ": error: " in line]


def test_x_banana_is_an_error_at_its_place_and_nothing_is_written(runner, deck, tmp_path):
    layout = deck / "my-deck" / "layouts" / "card.yaml"
    replace_in(layout, "frame:     {type: rect, x: 3mm", "frame:     {type: rect, x: banana")
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1 and not (tmp_path / "out").exists()
    line = next(n for n, text in enumerate(layout.read_text().splitlines(), 1) if "banana" in text)
    col = layout.read_text().splitlines()[line - 1].index("banana") + 1
    assert errors_of(result) == [f"{layout}:{line}:{col}: error: box 'frame': x: a length such as '12mm', "
                                 "'1.2cm', '0.5in' or '50%', not 'banana'"]
    assert "nothing was written" in result.output


def test_text_that_overflows_its_box_names_the_card_and_the_csv_cell(runner, deck, tmp_path):
    csv = deck / "my-deck" / "cards.csv"
    replace_in(csv, "Only a Tailor may buy it.", " ".join(["Only a Tailor may buy it."] * 12))
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1 and not (tmp_path / "out").exists()
    [error] = errors_of(result)
    layout = deck / "my-deck" / "layouts" / "card.yaml"
    text_line = next(n for n, t in enumerate(layout.read_text().splitlines(), 1) if 'text: "{{ text }}"' in t)
    assert error.startswith(f"{layout}:{text_line}:11: error: box 'rules': Cards 'Silk Bolt' ")
    assert "does not fit its 47 x 20 mm box even at 6 pt" in error and f"text at {csv}:4:19" in error


def test_a_typo_in_a_csv_cell_is_an_error_at_its_line_and_column(runner, deck, tmp_path):
    csv = deck / "my-deck" / "cards.csv"
    replace_in(csv, "Baker,2,people", "Baker,two,peple")
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1
    assert sorted(errors_of(result)) == [
        f"{csv}:7:11: error: kind: one of goods, people, event, not 'peple'",
        f"{csv}:7:7: error: cost: a number, not 'two'",
    ]


def test_an_unknown_field_a_missing_picture_and_an_unknown_colour_are_placed(runner, deck, tmp_path):
    layout = deck / "my-deck" / "layouts" / "card.yaml"
    replace_in(layout, '"{{ points }}"', '"{{ pionts }}"')
    replace_in(layout, "file: images/coin.svg, x: 24mm", "file: images/nope.png, x: 24mm")
    replace_in(layout, "fill: paper}", "fill: papper}")
    replace_in(layout, "font: bold\n    size: 11", "font: fonts/Nope.ttf\n    size: 11")
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1
    text = "\n".join(errors_of(result))
    # once for the box, counting the cards it was found on, not once a card
    assert len(re.findall("pionts", text)) == 1
    assert re.search(r"card\.yaml:\d+:\d+: error: box 'points-text': unknown field in the template \('pionts' is "
                     r"undefined; .*\) \(on \d+ faces: Cards '[^']+' .* and \d+ more\)", text)
    assert re.search(r"card\.yaml:\d+:\d+: error: box 'icon': file: no picture file 'images/nope.png'", text)
    assert re.search(r"card\.yaml:\d+:\d+: error: box 'frame': fill: unknown colour 'papper'", text)
    assert re.search(r"card\.yaml:\d+:\d+: error: box 'name': font: no font file 'fonts/Nope.ttf'", text)


def test_a_box_outside_the_face_is_an_error_at_the_box(runner, deck, tmp_path):
    layouts = deck / "my-deck" / "layouts"
    replace_in(layouts / "card.yaml", "size: poker", "size: mini-euro")
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1 and "back layout 'back' is not the size of 'card'" in result.output
    replace_in(layouts / "back.yaml", "size: poker", "size: mini-euro")
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1
    assert re.search(r"card\.yaml:\d+:\d+: error: box 'frame' \(3, 3, 57 x 82 mm\) is outside the 44 x 68 mm face",
                     result.output)


def test_a_deck_id_must_be_a_slug_and_an_existing_folder_is_never_overwritten(runner, deck):
    result = runner.invoke(main, ["new", "deck", "My Deck", "--dir", str(deck)])
    assert result.exit_code == 2 and "not a game id" in result.output
    result = runner.invoke(main, ["new", "deck", "my-deck", "--dir", str(deck)])
    assert result.exit_code == 2 and "already exists" in result.output


def test_the_example_deck_builds(runner, tmp_path):
    from generator.content import paths

    root = paths.EXAMPLES / "decks"
    ids = [p.name for p in root.iterdir() if (p / "game.yaml").is_file()]
    assert ids
    result = runner.invoke(main, ["--content", str(root), "--out", str(tmp_path), "build", *ids])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("template", [
    "{% for i in range(10**9) %}x{% endfor %}",
    "{{ cycler.__init__.__globals__.os.system('touch pwned') }}",
    "{{ 'a' * 10**9 }}",
])
def test_a_layout_template_runs_in_the_bounded_sandbox(runner, deck, tmp_path, monkeypatch, template):
    monkeypatch.chdir(tmp_path)
    replace_in(deck / "my-deck" / "layouts" / "card.yaml", '"{{ points }}"', f'"{template}"')
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert re.search(r"card\.yaml:\d+:\d+: error: box 'points-text': ", result.output), result.output
    assert not (tmp_path / "pwned").exists() and not (tmp_path / "out").exists()


def test_a_data_file_is_read_as_content_files_are(runner, deck, tmp_path):
    """A CSV that is a fifo, a link out of the game's folder or not UTF-8 is refused at its place."""
    import os

    csv = deck / "my-deck" / "cards.csv"
    outside = tmp_path / "elsewhere.csv"
    outside.write_text(csv.read_text())
    csv.unlink()
    csv.symlink_to(outside)
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1 and "cards.csv:1:1: error: cards.csv is a link (refused" in result.output
    csv.unlink()
    os.mkfifo(csv)
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1 and "cards.csv:1:1: error: not a regular file (a fifo)" in result.output
    csv.unlink()
    csv.write_bytes(outside.read_bytes().replace(b"Fresh Bread", b"Fresh Br\xe9ad"))
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1 and re.search(r"cards\.csv:2:\d+: error: not UTF-8 text", result.output), result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


@pytest.mark.parametrize(("cell", "words"), [("nan", "not 'nan'"), ("inf", "not 'inf'"), ("1e400", "not '1e400'"),
                                             ("2000000", "a number from -1,000,000 to 1,000,000")])
def test_a_number_cell_is_finite_and_bounded(runner, deck, tmp_path, cell, words):
    csv = deck / "my-deck" / "cards.csv"
    replace_in(csv, "Baker,2,people", f"Baker,{cell},people")
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1 and f"{csv}:7:7: error: cost: " in result.output and words in result.output


def test_an_unclosed_quote_is_named_and_blank_lines_are_no_rows(runner, deck, tmp_path):
    csv = deck / "my-deck" / "cards.csv"
    good = csv.read_text()
    csv.write_text(good.replace("Baker,", '"Baker,', 1))
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1 and f"{csv}:7:1: error: a quoted cell is never closed" in result.output
    csv.write_text(good + "\n" * 20_000)       # more blank lines than a data file may have rows
    assert build(runner, deck, tmp_path / "out").exit_code == 0


def _png_header(w: int, h: int) -> bytes:
    """A PNG that says it is w x h pixels (its pixels never come: the size alone must refuse it)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\0")) + chunk(b"IEND", b""))


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'


@pytest.mark.parametrize(("name", "data", "words"), [
    ("deep.svg", SVG.format("<g>" * 5000 + "</g>" * 5000).encode(), "nests elements more than"),
    ("many.svg", SVG.format('<rect width="1" height="1"/>' * 25_000).encode(), "more than 20,000 elements"),
    ("far.svg", SVG.format('<rect width="1e400" height="1"/>').encode(), "a number past"),
    ("xxe.svg", (b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                 + SVG.format("<title>&x;</title>").encode()), "cannot read the SVG"),
    ("bomb.png", _png_header(30_000, 30_000), "cannot read the picture 'bomb.png'"),
    ("huge.png", _png_header(8_000, 6_000), "has 8,000 x 6,000 pixels"),
])
def test_a_picture_is_bounded_before_it_is_drawn(runner, deck, tmp_path, name, data, words):
    folder = deck / "my-deck"
    (folder / "images" / name).write_bytes(data)
    replace_in(folder / "layouts" / "card.yaml", "file: images/coin.svg, x: 24mm", f"file: images/{name}, x: 24mm")
    result = build(runner, deck, tmp_path / "out")
    assert result.exit_code == 1 and words in result.output, result.output
    assert re.search(r"card\.yaml:\d+:\d+: error: box 'icon'", result.output)
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def _records_a_character_at_a_time(text):
    """The CSV reader as it first was (a character at a time): the reference the faster one equals."""
    from generator.generic.table import Cell

    records, unclosed, row = [], None, []
    i, line, col, n = 0, 1, 1, len(text)
    while i <= n:
        start_line, start_col = line, col
        value = []
        if i < n and text[i] == '"':
            i += 1
            col += 1
            closed = False
            while i < n:
                ch = text[i]
                if ch == '"' and i + 1 < n and text[i + 1] == '"':
                    value.append('"')
                    i += 2
                    col += 2
                elif ch == '"':
                    i += 1
                    col += 1
                    closed = True
                    break
                else:
                    value.append(ch)
                    i += 1
                    line, col = (line + 1, 1) if ch == "\n" else (line, col + 1)
            if not closed and unclosed is None:
                unclosed = Cell("", start_line, start_col)
        while i < n and text[i] not in ",\r\n":
            value.append(text[i])
            i += 1
            col += 1
        row.append(Cell("".join(value), start_line, start_col))
        if i < n and text[i] == ",":
            i += 1
            col += 1
            continue
        if not (len(row) == 1 and row[0].value == "" and i >= n):
            records.append(row)
        row = []
        if i < n and text[i] == "\r":
            i += 1
        if i < n and text[i] == "\n":
            i += 1
        line, col = line + 1, 1
        if i >= n:
            break
    return records, unclosed


def _records(text):
    """Every record of `text` and the quoted cell that runs to its end unclosed, if any, as the reader
    takes them (a run at a time)."""
    from generator.generic.table import _Records

    reading = _Records(text, ",")
    return list(reading), reading.unclosed


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet='ab ,"\r\n', max_size=40))
def test_the_csv_reader_takes_runs_and_reads_what_it_read_a_character_at_a_time(text):
    assert _records(text) == _records_a_character_at_a_time(text)


def test_the_csv_reader_reads_the_peer_deck_as_it_did():
    text = (paths.EXAMPLES / "decks" / "peer-deck" / "cards.csv").read_text()
    assert _records(text) == _records_a_character_at_a_time(text)


def test_a_quote_never_closed_is_all_that_is_said_of_its_file(runner, deck, tmp_path):
    """The rows are read as they are taken: what was found in rows before the quote that runs to the
    end is not said (those rows are not what they seem), as when the whole file was read first."""
    csv = deck / "my-deck" / "cards.csv"
    lines = csv.read_text().splitlines()
    lines[0] += ",name"                                   # a column named twice
    lines[1] = lines[1].replace(",1,", ",one,", 1)        # a number that is no number
    lines[-1] = '"' + lines[-1]                           # a quote that runs to the end
    csv.write_text("\n".join(lines) + "\n")
    result = build(runner, deck, tmp_path / "out")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1 and "a quoted cell is never closed" in errors[0]


def test_a_csv_is_read_a_row_at_a_time_and_says_what_it_found_once_read(deck):
    from generator.generic.table import read_table

    csv = deck / "my-deck" / "cards.csv"
    lines = csv.read_text().splitlines()
    lines[2] += ",extra"                                  # the second row has a cell too many
    csv.write_text("\n".join(lines) + "\n")
    problems = []
    table = read_table(csv, deck / "my-deck", problems)
    assert table is not None and not problems
    rows = iter(table.rows)
    assert rows is table.rows and next(rows).line == 2 and not table.problems   # the second row not yet read
    said = table.finish([])
    assert table.unreadable is None and [(p.line, p.message) for p in said] == \
        [(3, "7 cells where the header names 6 columns; the columns are split at commas")]


def test_a_text_too_long_is_said_for_every_card_that_has_it(runner, deck, tmp_path):
    """A text box's drawing is remembered by its text only when it was drawn without a problem: the
    same text too long on two cards is found on both (each message names its own card and cell)."""
    csv = deck / "my-deck" / "cards.csv"
    long = " ".join(["Only a Tailor may buy it."] * 12)
    replace_in(csv, "Only a Tailor may buy it.", long)
    replace_in(csv, "Buy one Silk Bolt for 2 less.", long)
    result = build(runner, deck, tmp_path / "out")
    errors = errors_of(result)
    assert result.exit_code == 1 and len(errors) == 2
    assert any("'Silk Bolt'" in e and f"{csv}:4:19" in e for e in errors)
    assert any("'Tailor'" in e and f"{csv}:6:" in e for e in errors)


def test_a_deck_built_from_another_folder_is_the_same_bytes(runner, deck, tmp_path, monkeypatch):
    """Same content, same files: whether --content is given from the folder above it or as a whole
    path (a data file is shown as given, and that must not reach what is printed)."""
    whole = build(runner, deck, tmp_path / "whole")
    monkeypatch.chdir(deck.parent)
    near = runner.invoke(main, ["--content", deck.name, "--out", str(tmp_path / "near"), "build", "my-deck"])
    assert whole.exit_code == near.exit_code == 0, near.output
    made = sorted(p.relative_to(tmp_path / "whole") for p in (tmp_path / "whole").rglob("*")
                  if p.is_file() and p.suffix in (".pdf", ".svg"))
    assert made and all((tmp_path / "whole" / p).read_bytes() == (tmp_path / "near" / p).read_bytes() for p in made)
