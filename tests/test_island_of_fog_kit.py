"""The Island of Fog kit end to end: every file opens, fonts are embedded, boxes are set, and the
numbers printed come from the content."""

from __future__ import annotations

import io
import itertools
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from generator.content import ContentError, paths
from generator.content.decisions import notes
from generator.core import kit
from generator.core.game import BuildOptions
from generator.draw import Circle, Rect, Text, texts
from generator.games.island_of_fog import art, draw_cards, draw_tiles, draw_tokens, rulebook
from generator.games.island_of_fog.board import arrow, corner_square
from generator.games.island_of_fog.mapgen import generate
from generator.games.island_of_fog.maps import map_artifacts
from generator.games.island_of_fog.model import IslandOfFog
from generator.games.island_of_fog.odds import matchup, percent
from generator.games.island_of_fog.rules import Force
from generator.games.island_of_fog.text import decisions, table
from tests.conftest import replace_in

GAME_ID = "island-of-fog"


@pytest.fixture(scope="module")
def loaded() -> kit.Loaded:
    return kit.load(GAME_ID, paths.CONTENT)



@pytest.fixture(scope="module")
def files(loaded) -> dict[str, bytes]:
    return {a.path: a.data for a in kit.render(loaded, BuildOptions())}


def test_the_kit_has_every_component(files):
    for name in ("board.pdf", "board-3x3.pdf", "board-4x4.pdf", "board-6x6.pdf", "tiles.pdf", "tokens.pdf",
                 "dice.pdf", "cards.pdf", "rulebook.pdf", "design-notes.pdf", "odds.csv", "svg/tiles/back.svg",
                 "svg/tiles/start-red.svg", "svg/tiles/lighthouse.svg", "svg/cards/combat.svg",
                 "svg/tokens/blue-city.svg", "svg/tokens/blue-factory.svg", "svg/tokens/coin-6.svg"):
        assert name in files, name
    assert sum(1 for k in files if k.startswith("svg/tiles/")) == 1 + 1 + 4 + 32


def test_tiles_print_with_the_fog_back(files, loaded):
    reader = PdfReader(io.BytesIO(files["tiles.pdf"]))
    m: IslandOfFog = loaded.model
    assert len(reader.pages) % 2 == 0  # a backs page after each fronts page
    text = "".join(p.extract_text() for p in reader.pages)
    assert "(backs, long-edge duplex)" in text
    assert draw_tiles.back(m).title == "Tile back (fog)"


def test_combat_card_prints_the_exact_odds(loaded):
    m: IslandOfFog = loaded.model
    rows = table(m)
    shown = texts(draw_cards.combat_card(m, rows))
    o = matchup(m, Force("basic"), Force("basic"), "plains", m.combat.reroll_policy).odds
    assert f"{percent(o.win)} · {percent(o.draw)} · {percent(o.lose)}" in shown
    assert shown.count("cannot stand there") == 4  # an elite never stands on a mountain


def test_a_stat_changed_in_yaml_shows_on_the_card_and_in_the_rulebook(content_copy):
    root = content_copy(GAME_ID)
    replace_in(root / GAME_ID / "units.yaml", "    cost: 6", "    cost: 7")
    replace_in(root / GAME_ID / "game.yaml", "countdown_turns: 5", "countdown_turns: 4")
    m: IslandOfFog = kit.load(GAME_ID, root).model
    summary = " ".join(texts(draw_cards.turn_summary(m, "red")))
    assert "elite unit 7 coins" in summary and "four more turns" in summary
    book = rulebook.text(m, {"game board": 1}, [])
    assert "| Elite unit | 7 coins |" in book and "takes four more turns" in " ".join(book.split())
    assert any("four more turns" in d.choice for d in decisions(m))


def test_design_notes_have_every_decision_with_the_seed_quotes_and_the_rulebook_none(loaded):
    m: IslandOfFog = loaded.model
    book = rulebook.text(m, {"game board": 1}, table(m))
    design = notes(decisions(m))
    for d in m.decisions.decisions:
        assert d.topic in design and d.topic not in book
        for q in d.seed:
            assert q.replace("*", "\\*") in design


def test_a_bad_name_in_a_decision_template_is_a_content_error(content_copy):
    root = content_copy(GAME_ID)
    replace_in(root / GAME_ID / "decisions.yaml", "{{ words(game.countdown_turns) }}", "{{ game.countdown }}")
    with pytest.raises(ContentError) as err:
        kit.load(GAME_ID, root)
    (msg,) = [str(p) for p in err.value.problems]
    assert "decisions.yaml:" in msg and "choice template" in msg and "countdown" in msg


def test_map_files_are_deterministic_and_drawn_at_board_scale(loaded):
    m: IslandOfFog = loaded.model
    plan, report = generate(m, 5, 4, 11)
    a = {x.path: x.data for x in map_artifacts(m, plan, report)}
    b = {x.path: x.data for x in map_artifacts(m, plan, report)}
    assert a == b and set(a) == {"map.yaml", "map.pdf", "map.svg"}
    svg = ET.fromstring(a["map.svg"])
    side = 5 * m.board.space_size * m.board.spaces_per_tile
    assert float(svg.get("width", "0").removesuffix("mm")) > side  # the squares plus the frame, in mm
    assert len(PdfReader(io.BytesIO(a["map.pdf"])).pages) == 4    # tiled over A4 pages


def _luma(hex_colour: str) -> float:
    """Lightness as a greyscale print shows it (Rec. 601 weights)."""
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_terrain_tells_apart_in_greyscale(loaded):
    m: IslandOfFog = loaded.model
    grounds = sorted(_luma(m.kind[k].colour) for k in ("plains", "forest", "mountain", "water"))
    assert all(b - a >= 0.08 for a, b in itertools.pairwise(grounds)), grounds


def _arrow_discs(m: IslandOfFog, scene) -> int:
    return sum(1 for i in scene.items if isinstance(i, Circle) and i.fill == m.look.arrow)


def test_every_field_tile_shows_one_arrow_and_fences_its_lots(loaded):
    m: IslandOfFog = loaded.model
    for tile in m.field_tiles:
        face = draw_tiles.face(m, tile)
        assert _arrow_discs(m, face) == 1, tile.id
        lots = sum(1 for row in tile.grid for k in row if m.kind[k].lot)
        fences = sum(1 for i in face.items if isinstance(i, Rect) and i.stroke == m.look.lot_line)
        assert fences == lots, tile.id
    assert _arrow_discs(m, draw_tiles.face(m, m.starting_tile, "red")) == 0
    assert _arrow_discs(m, draw_tiles.face(m, m.lighthouse_tile)) == 0


def test_dice_of_both_sides_print_on_one_sheet(files, loaded):
    m: IslandOfFog = loaded.model
    assert len(PdfReader(io.BytesIO(files["dice.pdf"])).pages) == 1
    sheet = draw_tokens.dice_sheet(m)
    faces = [i for i in sheet.items if isinstance(i, Rect) and i.dash]
    assert len(faces) == 2 * m.combat.dice * 6  # six faces a die, a set for each side


def test_turn_summary_titles_read_on_every_nation_colour(loaded):
    m: IslandOfFog = loaded.model
    for c in m.game.colours:
        scene = draw_cards.turn_summary(m, c.id)
        (title,) = [i for i in scene.items if isinstance(i, Text) and i.text.endswith("turn summary")]
        assert art.contrast(title.color, c.hex) >= 3.0, c.id  # bold title on the nation's band
        headings = {i.color for i in scene.items if isinstance(i, Text) and i.text.isupper()}
        assert headings and all(art.contrast(h, m.look.paper) >= 4.5 for h in headings), c.id


DIRECTION_WORDS = {"N": "up", "E": "right", "S": "down", "W": "left"}


def test_rulebook_arrow_examples_follow_the_arrow_rule(loaded):
    m: IslandOfFog = loaded.model
    book = rulebook.text(m, {"game board": 1}, table(m))
    size = m.board.default_size
    way = DIRECTION_WORDS[arrow(size, corner_square(size, "top-left"))]
    assert f"from the top-left corner it points {way}" in book
    for corner in ("top-right", "bottom-right", "bottom-left"):
        assert f"from the {corner} {DIRECTION_WORDS[arrow(size, corner_square(size, corner))]}" in book


def _coins(items, dx=0.0, dy=0.0):
    """(x, y, figure) of every value coin drawn: a circle with a bold figure on it."""
    out = []
    flat = list(items)
    for a, b in itertools.pairwise(flat):
        if isinstance(a, Circle) and isinstance(b, Text) and b.text.isdigit() and abs(b.x - a.cx) < 1e-6:
            out.append((a.cx + dx, a.cy + dy, int(b.text)))
    return out


@pytest.mark.parametrize("size", [3, 5])
def test_every_square_shows_its_city_value_where_its_tile_leaves_it_in_sight(loaded, size):
    from generator.games.island_of_fog import draw_board
    from generator.games.island_of_fog.board import centre_square, square_value, squares
    m: IslandOfFog = loaded.model
    tile = m.board.space_size * m.board.spaces_per_tile
    coins = _coins(draw_board.board(m, size).items)
    for sq in squares(size):
        want = square_value(m.variant[size], sq)
        if sq == centre_square(size):
            want = m.tiles.lighthouse.income
        tx, ty = draw_board.tile_origin(m, sq)
        in_band = {v for x, y, v in coins
                   if tx - m.board.value_band < x < tx + tile + m.board.value_band
                   and ty - m.board.value_band < y < ty + tile + m.board.value_band
                   and not (tx < x < tx + tile and ty < y < ty + tile)}
        assert in_band == {want}, (sq, in_band)


def test_the_lighthouse_tile_shows_its_income(loaded):
    m: IslandOfFog = loaded.model
    face = draw_tiles.face(m, m.lighthouse_tile)
    assert [v for *_, v in _coins(face.items)] == [m.tiles.lighthouse.income]


@pytest.mark.parametrize("old, new", [
    ("up to {{ k }}", "up to {{ k.nope + }}"),                       # bad syntax
    ("{{ combat.simple_threshold }}", "{{ combat.no_such_field }}"),  # a name the model does not have
])
def test_a_bad_combat_words_template_is_an_error_at_its_line(content_copy, old, new):
    root = content_copy(GAME_ID)
    replace_in(root / GAME_ID / "combat.yaml", old, new)
    with pytest.raises(ContentError) as err:
        kit.load(GAME_ID, root)
    (msg,) = [str(p) for p in err.value.problems]
    assert "combat.yaml:" in msg and "words." in msg, msg


def test_the_kits_odds_csv_is_the_one_playkit_odds_writes(files, tmp_path):
    """Issue 29: the build wrote only the table of the content's policy; `playkit odds` both."""
    from click.testing import CliRunner

    from generator.cli import main

    rows = files["odds.csv"].decode().splitlines()
    assert {line.split(",")[0] for line in rows[1:]} == {"optimal", "simple"}
    assert CliRunner().invoke(main, ["--out", str(tmp_path), "odds", GAME_ID]).exit_code == 0
    assert (tmp_path / GAME_ID / "odds" / "odds.csv").read_bytes() == files["odds.csv"]


def test_no_rulebook_page_but_the_last_is_left_mostly_blank(files, loaded):
    """Issue 29: page 2 was 70 % blank (a board figure too tall for what was left of it went over,
    and nothing came after). Every page but the last has words in its bottom quarter, and so does every
    page that ends a part of the book (the text's '---': the next part starts on a page of its own)."""
    from generator.core.kitspec import Rulebook

    spec = loaded.game.kit(loaded.model, loaded.content, BuildOptions())
    book = next(f for f in spec.files if isinstance(f, Rulebook) and f.path == "rulebook.pdf")
    lines = [line.strip() for line in book.text.splitlines() if line.strip()]
    parts = [lines[k + 1].lstrip("#").strip() for k, line in enumerate(lines[:-1]) if line == "---"]
    assert parts   # the quick reference
    reader = PdfReader(io.BytesIO(files["rulebook.pdf"]))

    def opening(page: object) -> str:   # its first line of text, the footer's left out
        return next(line for line in page.extract_text().splitlines()   # type: ignore[attr-defined]
                    if line.strip() and "rulebook" not in line and not line.startswith("page "))

    for number, page in enumerate(reader.pages[:-1], start=1):
        if opening(reader.pages[number]) in parts:
            continue
        height = float(page.mediabox.height)
        ys: list[float] = []

        def seen(text: str, cm: list[float], tm: list[float], font: object, size: float, ys: list[float] = ys) -> None:
            if text.strip() and "rulebook" not in text and not text.strip().startswith("page"):
                ys.append(cm[5] + tm[5] * cm[3])

        page.extract_text(visitor_text=seen)
        assert min(ys) < height / 4, f"page {number}: nothing below {min(ys) / height:.0%} of the page"
