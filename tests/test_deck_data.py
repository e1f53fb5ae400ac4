"""A designer's data through the CLI: spreadsheets (.xlsx) with problems at FILE:SHEET!CELL, CSVs of any
usual delimiter, "did you mean" for every misspelled key or column, and the Tabletop Simulator save."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from openpyxl import Workbook

from generator.cli import main
from tests import pdfcheck
from tests.conftest import replace_in


@pytest.fixture
def deck(runner, tmp_path) -> Path:
    root = tmp_path / "designs"
    result = runner.invoke(main, ["new", "deck", "my-deck", "--dir", str(root)])
    assert result.exit_code == 0, result.output
    return root


def run(runner, root: Path, *args: str):
    return runner.invoke(main, ["--content", str(root), *args])


def errors(result) -> list[str]:
    """The error lines, each from the game's folder on (the test's folder before it varies)."""
    lines = [line for line in result.output.splitlines() if ": error: " in line]
    return [line[line.index("designs/"):] if "designs/" in line else line for line in lines]


def rows(deck: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO((deck / "my-deck" / "cards.csv").read_text())))


def as_xlsx(deck: Path, edit=None, sheet: str = "Cards") -> Path:
    """The deck's cards.csv as the sheet `sheet` of cards.xlsx (numbers as numbers), read by game.yaml."""
    book = Workbook()
    ws = book.active
    ws.title = sheet
    for row in rows(deck):
        ws.append([int(c) if c.isdigit() else c for c in row])
    if edit:
        edit(ws)
    path = deck / "my-deck" / "cards.xlsx"
    book.save(path)
    (deck / "my-deck" / "cards.csv").unlink()
    replace_in(deck / "my-deck" / "game.yaml", "data: cards.csv", "data: cards.xlsx")
    return path


def test_an_xlsx_deck_builds_as_its_csv_did(runner, deck, tmp_path):
    assert run(runner, deck, "--out", str(tmp_path / "csv"), "build", "my-deck").exit_code == 0
    as_xlsx(deck)
    result = run(runner, deck, "--out", str(tmp_path / "xlsx"), "build", "my-deck")
    assert result.exit_code == 0, result.output
    a, b = tmp_path / "csv" / "my-deck", tmp_path / "xlsx" / "my-deck"
    def shown(pdf: Path) -> list[str]:   # every page's words but its footer's hash of the data read
        return [re.sub(r"data [0-9a-f]{10}", "data …", page) for page in pdfcheck.texts(pdf.read_bytes())]
    assert shown(a / "cards.pdf") == shown(b / "cards.pdf")
    assert sorted(p.name for p in (a / "svg" / "cards").iterdir()) == \
        sorted(p.name for p in (b / "svg" / "cards").iterdir())


def test_an_xlsx_error_is_reported_at_its_sheet_and_cell(runner, deck):
    def edit(ws):
        ws["B4"] = "three"    # cost of the third card
        ws["C6"] = "goodz"    # kind of the fifth
    as_xlsx(deck, edit, sheet="My cards")
    result = run(runner, deck, "validate", "my-deck")
    assert result.exit_code == 1
    assert errors(result) == [
        "designs/my-deck/cards.xlsx:'My cards'!B4: error: cost: a number, not 'three'",
        "designs/my-deck/cards.xlsx:'My cards'!C6: error: kind: one of goods, people, event, not 'goodz'"]


def test_an_xlsx_sheet_is_chosen_by_name_with_did_you_mean(runner, deck):
    as_xlsx(deck, sheet="Cards")
    replace_in(deck / "my-deck" / "game.yaml", "data: cards.xlsx", "data: cards.xlsx\n    sheet: Card")
    result = run(runner, deck, "validate", "my-deck")
    assert errors(result) == ["designs/my-deck/cards.xlsx:1:1: error: no sheet 'Card' (sheets: Cards); "
                              "did you mean 'Cards'?"]


def test_a_file_that_is_no_xlsx_is_said_so(runner, deck):
    (deck / "my-deck" / "cards.xlsx").write_text("name,cost\n")
    replace_in(deck / "my-deck" / "game.yaml", "data: cards.csv", "data: cards.xlsx")
    result = run(runner, deck, "validate", "my-deck")
    assert result.exit_code == 1 and "not an .xlsx spreadsheet" in errors(result)[0]


def test_an_ods_is_refused_with_what_to_do(runner, deck):
    replace_in(deck / "my-deck" / "game.yaml", "data: cards.csv", "data: cards.ods")
    result = run(runner, deck, "validate", "my-deck")
    assert result.exit_code == 1 and "save the sheet as .xlsx or .csv" in errors(result)[0]
    assert "String should match pattern" not in result.output


@pytest.mark.parametrize("sep", [";", "\t"])
def test_a_semicolon_or_tab_csv_builds_as_the_comma_one(runner, deck, tmp_path, sep):
    assert run(runner, deck, "--out", str(tmp_path / "a"), "build", "my-deck").exit_code == 0
    text = io.StringIO()
    csv.writer(text, delimiter=sep, lineterminator="\n").writerows(rows(deck))
    (deck / "my-deck" / "cards.csv").write_text(text.getvalue())
    result = run(runner, deck, "--out", str(tmp_path / "b"), "build", "my-deck")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "a" / "my-deck" / "cards.pdf").read_bytes() == \
        (tmp_path / "b" / "my-deck" / "cards.pdf").read_bytes()


def test_a_csv_whose_delimiter_cannot_be_told_names_it_in_one_error(runner, deck):
    """Semicolons the rows do not use alike (a text with one of its own, unquoted) leave the delimiter
    unknown: the file is read at commas, and the errors say so and how to say otherwise, once each (not
    once a cell of every row); `sep=;` then reads it, and names the row with a cell too many."""
    lines = [";".join(row) for row in rows(deck)]
    lines[2] = lines[2].replace("Worth 2 more", "Worth 2; more")
    (deck / "my-deck" / "cards.csv").write_text("\n".join(lines) + "\n")
    result = run(runner, deck, "validate", "my-deck")
    found = errors(result)
    assert result.exit_code == 1 and len(found) == 2, result.output
    assert all("the columns are split at commas (a first line `sep=;` splits them at semicolons)" in e
               for e in found)
    (deck / "my-deck" / "cards.csv").write_text("sep=;\n" + "\n".join(lines) + "\n")
    result = run(runner, deck, "validate", "my-deck")
    assert "designs/my-deck/cards.csv:4:63: error: 7 cells where the header names 6 columns; the columns are " \
           "split at semicolons" in errors(result)


def test_a_capitalised_header_gets_did_you_mean_once(runner, deck):
    replace_in(deck / "my-deck" / "cards.csv", "name,cost", "Name,cost")
    result = run(runner, deck, "validate", "my-deck")
    assert errors(result) == ["designs/my-deck/cards.csv:1:1: error: column 'Name' is not one of the declared "
                              "fields (name, cost, kind, text, points, copies); did you mean 'name'?"]


def test_unknown_keys_get_did_you_mean_in_every_yaml_file(runner, deck):
    layouts = deck / "my-deck" / "layouts"
    card = (layouts / "card.yaml").read_text()
    (layouts / "card.yaml").write_text("sise: poker\n" + card.replace("stroke_width", "stroke-width", 1))
    found = errors(run(runner, deck, "validate", "my-deck"))
    assert len(found) == 2, found
    assert any("unknown field 'sise'" in e and "did you mean 'size'?" in e for e in found), found
    assert any("unknown field 'stroke-width'" in e and "did you mean 'stroke_width'?" in e for e in found), found
    game = deck / "my-deck" / "game.yaml"
    replace_in(game, "    quantity: copies", "    quantty: copies")
    replace_in(game, "title:", "titel:")
    found = errors(run(runner, deck, "validate", "my-deck"))
    assert "designs/my-deck/game.yaml:6:1: error: titel: unknown field; did you mean 'title'?" in found
    assert "designs/my-deck/game.yaml:13:5: error: components.0.quantty: unknown field; did you mean 'quantity'?" \
        in found


def test_colors_for_colours_in_the_palette_is_one_error(runner, deck):
    replace_in(deck / "my-deck" / "layouts" / "palette.yaml", "\ncolours:", "\ncolors:")
    result = run(runner, deck, "validate", "my-deck")
    assert errors(result) == ["designs/my-deck/layouts/palette.yaml:2:1: error: unknown field 'colors' "
                              "(a palette has colours); did you mean 'colours'?"]


def _tts(runner, root: Path, game: str, out: Path) -> dict:
    result = run(runner, root, "--out", str(out), "build", game, "--profile", "tts")
    assert result.exit_code == 0, result.output
    return json.loads((out / game / "tts" / f"{game}.json").read_text())


def _objects(obj: dict):
    yield obj
    for inner in obj.get("ContainedObjects", []):
        yield from _objects(inner)


def test_tts_names_cards_and_decks_as_players_do_and_turns_a_face_down_deck(runner, deck, tmp_path):
    save = _tts(runner, deck, "my-deck", tmp_path / "out")
    everything = list(_objects(save["ObjectStates"][0]))
    deck_obj = next(o for o in everything if o["Name"] == "Deck")
    assert deck_obj["Nickname"] == "Cards" and deck_obj["Transform"]["rotZ"] == 180.0
    names = [c["Nickname"] for c in deck_obj["ContainedObjects"]]
    assert names[0] == "Fresh Bread" and "Spice Crate" in names
    assert all(c["Transform"]["rotZ"] == 180.0 for c in deck_obj["ContainedObjects"])
    assert all(o["ColorDiffuse"] == {"r": 1.0, "g": 1.0, "b": 1.0} and o["GMNotes"] == "" for o in everything)


MARKET_DAY = Path(__file__).parent.parent / "examples" / "decks"


def test_tts_round_tokens_are_those_a_layout_declares_round(runner, tmp_path):
    save = _tts(runner, MARKET_DAY, "market-day", tmp_path / "out")
    tiles = [o for o in _objects(save["ObjectStates"][0]) if o["Name"] == "Custom_Tile"]
    assert tiles and all(t["CustomImage"]["CustomTile"]["Type"] == 2 for t in tiles)   # coin.yaml: shape: circle
    assert all(t["CustomImage"]["CustomTile"]["Stretch"] is True for t in tiles)
    coin = MARKET_DAY / "market-day" / "layouts" / "coin.yaml"
    content = tmp_path / "decks"
    import shutil
    shutil.copytree(MARKET_DAY / "market-day", content / "market-day")
    replace_in(content / "market-day" / "layouts" / "coin.yaml", "shape: circle", "shape: rect")
    save = _tts(runner, content, "market-day", tmp_path / "out2")
    tiles = [o for o in _objects(save["ObjectStates"][0]) if o["Name"] == "Custom_Tile"]
    assert tiles and all(t["CustomImage"]["CustomTile"]["Type"] == 0 for t in tiles)
    assert coin.read_text().count("shape: circle") == 1


def test_a_shape_that_is_no_shape_gets_did_you_mean(runner, tmp_path):
    import shutil
    shutil.copytree(MARKET_DAY / "market-day", tmp_path / "market-day")
    replace_in(tmp_path / "market-day" / "layouts" / "coin.yaml", "shape: circle", "shape: circel")
    result = run(runner, tmp_path, "validate", "market-day")
    assert result.exit_code == 1 and "shape: one of rect, circle" in errors(result)[0]
    assert "did you mean 'circle'?" in errors(result)[0]


def test_showcase_writes_a_hand_and_a_spread_of_the_press_pixels_byte_identical(runner, deck, tmp_path):
    from PIL import Image

    from generator.export import profile

    show = profile("showcase").settings
    shots = []
    for out in ("a", "b"):
        result = run(runner, deck, "--out", str(tmp_path / out), "build", "my-deck", "--profile", "showcase")
        assert result.exit_code == 0, result.output
        folder = tmp_path / out / "my-deck" / "showcase"
        shots.append({p.name: p.read_bytes() for p in folder.glob("*.png")})
    assert shots[0] == shots[1] and set(shots[0]) == {"cards-hand.png", "cards-spread.png"}
    card_px = (round(63 / 25.4 * show.dpi), round(88 / 25.4 * show.dpi))
    with Image.open(tmp_path / "a" / "my-deck" / "showcase" / "cards-spread.png") as im:
        # 12 faces and the back, `columns` a row: 3 rows of cards, each a card wide plus a gap
        assert im.size[0] > show.columns * card_px[0] and 3 * card_px[1] < im.size[1] < 4 * card_px[1]
        background = im.getpixel((1, 1))
        bare = sum(n for n, colour in im.getcolors(1 << 20) if colour == background)
        assert bare < 0.4 * im.size[0] * im.size[1], "faces cover most of it"
    with Image.open(tmp_path / "a" / "my-deck" / "showcase" / "cards-hand.png") as im:
        # five cards fanned: wider than two cards side by side, taller than one card, not as tall as two
        assert im.size[0] > 2 * card_px[0] and card_px[1] < im.size[1] < 2 * card_px[1]


SQUIB_PORTS = {   # port: (Squib's lines of Ruby and YAML, the cards' names)
    "squib-options": (14, ["Robot Golem"]),
    "squib-arrays": (15 + 34, ["Robot Golem", "Ninja"]),
    "squib-excel": (14 + 34, ["Ninja", "Pirate", "Zombie", "Robot Golem"]),
}


@pytest.mark.parametrize("port", sorted(SQUIB_PORTS))
def test_squibs_samples_build_with_no_python_in_fewer_lines(runner, tmp_path, port):
    budget, names = SQUIB_PORTS[port]
    folder = MARKET_DAY / port
    written = [p for p in folder.rglob("*") if p.suffix in (".yaml", ".csv")]
    assert not list(folder.rglob("*.py"))
    assert sum(len(p.read_text().splitlines()) for p in written) <= budget
    result = run(runner, MARKET_DAY, "--out", str(tmp_path), "build", port)
    assert result.exit_code == 0, result.output
    pages = pdfcheck.texts((tmp_path / port / "cards.pdf").read_bytes())
    assert all(any(name in page for page in pages) for name in names)
