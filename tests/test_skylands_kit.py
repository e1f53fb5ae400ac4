"""The Skylands kit end to end: built through the CLI, opened as a print shop and a player would."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from generator.content import paths
from generator.content.decisions import notes
from generator.core import kit as core
from generator.core.game import BuildOptions
from generator.draw import Circle, Scene, Text, to_svg, width_mm
from generator.draw.fonts import PT_MM
from generator.draw.scene import texts
from generator.games.skylands import draw_boards, draw_specials, draw_tiles, draw_tokens, rulebook
from generator.games.skylands.boardfile import scoring_example
from generator.press import PrintDocument
from tests import pdfcheck
from tests.conftest import replace_in

GAME = "skylands"
PDFS = ["boards.pdf", "design-notes.pdf", "player-boards.pdf", "rulebook.pdf", "scoring-pad.pdf", "specials.pdf",
        "tiles.pdf", "tokens.pdf"]


@pytest.fixture(scope="module")
def model():
    return core.load(GAME, paths.CONTENT).model


@pytest.fixture(scope="module")
def kit(built_kit) -> Path:
    return built_kit(GAME).folder


def test_every_print_file_is_written(kit):
    assert sorted(p.name for p in kit.glob("*.pdf")) == PDFS
    manifest = json.loads((kit / "manifest.json").read_text())
    assert manifest["game"] == GAME and "tiles.pdf" in manifest["files"]


def test_one_svg_per_tile_and_special_island_face(kit, model):
    tiles = {p.stem for p in (kit / "svg/tiles").glob("*.svg")}
    assert tiles == {t.face.id for t in model.island_tiles} | {"back"}
    specials = {p.stem for p in (kit / "svg/specials").glob("*.svg")}
    assert specials == set(model.specials) | {f"{s}-back" for s in model.specials}
    assert len(list((kit / "svg/starting-islands").glob("*.svg"))) == 2 * len(model.files.boards.starting_islands)


def test_tile_pages_have_fronts_then_backs_with_trim_boxes(kit, model):
    reader = pdfcheck.reader((kit / "tiles.pdf").read_bytes())
    labels = pdfcheck.texts((kit / "tiles.pdf").read_bytes())
    fronts = [i for i, t in enumerate(labels) if "(fronts)" in t]
    assert fronts and all("(backs" in labels[i + 1] for i in fronts)
    t = model.files.print.tile
    w, h = pdfcheck.size_mm(reader.pages[0].trimbox)
    assert round(w / t, 3).is_integer() and round(h / t, 3).is_integer()


def test_tile_shows_each_edge_terrain_and_each_space(model):
    face = model.faces["neighbouring-mirror-crystals-city-1"]  # crystals north, city west
    scene = draw_tiles.island_tile(model, face)
    terrains = model.terrains
    shown = texts(scene)
    assert shown.count(terrains["crystals"].letter) == 1 and shown.count(terrains["city"].letter) == 1
    svg = to_svg(scene).decode()
    assert terrains["crystals"].colour in svg and terrains["city"].colour in svg
    spaces = [it for it in scene.items if type(it).__name__ == "Circle" and it.r == model.files.print.space]
    assert len(spaces) == face.spaces == 2


def test_marked_tile_shows_its_player_count_symbol(model):
    marked = next(t.face for t in model.island_tiles if t.face.mark == "four")
    assert "4" in texts(draw_tiles.island_tile(model, marked))
    plain = next(t.face for t in model.island_tiles if t.face.mark is None)
    assert not {"3+", "4"} & set(texts(draw_tiles.island_tile(model, plain)))


def test_special_island_shows_name_cost_vp_and_effect(model):
    special = model.specials["sanctum"]
    scene = draw_specials.special_front(model, special)
    words = " ".join(texts(scene))
    assert "Sanctum" in words and "?" in texts(scene) and "8" in words
    r = model.special_boxes["special"]["cost"].h / 2   # discs as tall as the layout's cost box
    discs = [it for it in scene.items if isinstance(it, Circle) and it.r == r]
    assert len(discs) == len(special.spec.cost)
    colours = {c.id: c for c in model.files.game.inhabitants.colours}
    letters = [colours[c].name[0] for c in special.spec.cost if c in colours]  # white (any colour) is blank
    assert [w for w in texts(scene) if len(w) == 1 and w in "GPB"] == letters
    back = draw_specials.special_back(model, model.specials["sanctum"])
    assert "first game" in texts(back)


def test_pre_printed_squares_are_drawn_turned_as_the_rules_model_lies_them(model):
    for _, placed in model.printed["board-1"]:
        turned = placed.face.turned(placed.rotation)
        assert turned.edges() == tuple(placed.edge(s) for s in range(4))


def rulebook_of(root: Path) -> str:
    loaded = core.load(GAME, root)
    return rulebook.book(loaded.model, loaded.content)


def notes_of(root: Path) -> str:
    loaded = core.load(GAME, root)
    return notes(rulebook.decisions(loaded.model, scoring_example(loaded.model, loaded.content)))


def test_rulebook_numbers_follow_the_content(content_copy):
    text = rulebook_of(paths.CONTENT)
    assert "every empty square loses 2 VPs" in text and "| 3 | 78 |" in text
    root = content_copy(GAME)
    replace_in(root / GAME / "scoring.yaml", "empty_square_vp: -2", "empty_square_vp: -3")
    replace_in(root / GAME / "tiles.yaml", "    marks: {four: 1}", "    marks: {four: 2}")
    changed = rulebook_of(root)
    assert "every empty square loses 3 VPs" in changed and "| 3 | 72 |" in changed
    assert "72 tiles with 3 players" in notes_of(root)  # the decisions too


def test_rulebook_scoring_example_is_the_models_score_of_the_example_board(content_copy):
    """The seed's figures (-4, 4, 28, 11, 10: 49) come out of the rules model, not the template."""
    text = rulebook_of(paths.CONTENT)
    example = text[text.index("**Example.**"):text.index("# Overview of the special islands")]
    for row in ("| Empty squares | -4 |", "| Inhabitants | 4 |", "| Spaces on complete islands | 28 |",
                "| Special islands | 11 |", "| VP markers + active marker + brackets | 10 |", "| **Total** | **49** |"):
        assert row in example
    assert "Shrine of the Woods (A4) 8: 4 complete woods islands x 2" in example
    assert "Shrine of the Woods gets 8 VPs" in notes_of(paths.CONTENT)  # decision shrine-types: the same score
    root = content_copy(GAME)  # another board, other figures: nothing about them is typed anywhere
    replace_in(root / GAME / "scoring-example.yaml", "  E3: {tile: hostel, inhabitants: [blue, purple, green, blue]}\n",
               "")
    replace_in(root / GAME / "scoring-example.yaml", "vp_markers: [5, 2, 1]", "vp_markers: [5, 2]")
    changed = rulebook_of(root)
    example = changed[changed.index("**Example.**"):changed.index("# Overview of the special islands")]
    assert "| Empty squares | -6 |" in example and "| Inhabitants | 2 |" in example
    assert "| Special islands | 9 |" in example and "| VP markers + active marker + brackets | 9 |" in example
    assert "| **Total** | **42** |" in example


def test_design_notes_have_every_decision():
    model = core.load(GAME, paths.CONTENT).model
    text = notes_of(paths.CONTENT)
    for k, d in enumerate(model.files.decisions.decisions, 1):
        assert f"## {k}. {d.topic}" in text
    assert "12 markers of 1 VP" in text and "{{" not in text


# ---- what a player can read and use ----------------------------------------------------------

def _text_box(item: Text) -> tuple[float, float, float, float]:
    w = width_mm(item.text, item.size_pt, item.style)
    x0 = item.x - {"start": 0.0, "middle": w / 2, "end": w}[item.anchor]
    return x0, item.y - item.size_pt * PT_MM * 0.75, x0 + w, item.y + item.size_pt * PT_MM * 0.2


def _hits(box: tuple[float, float, float, float], c: Circle) -> bool:
    x, y = min(max(c.cx, box[0]), box[2]), min(max(c.cy, box[1]), box[3])
    return (x - c.cx) ** 2 + (y - c.cy) ** 2 < c.r ** 2


def layout_problems(scene: Scene) -> list[str]:
    """Text under 6 pt, text over text, text over a disc it does not label, text off the face."""
    words = [it for it in scene.items if isinstance(it, Text)]
    # a disc hides what lies under it (a space too, the Hostel's among them); an outline only does not
    discs = [it for it in scene.items if isinstance(it, Circle) and it.r > 1.0 and it.fill is not None]
    out = [f"{w.text!r} at {w.size_pt:g} pt" for w in words if w.size_pt < 6.0]
    boxes = [(w, _text_box(w)) for w in words]
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            if ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]:
                out.append(f"{a.text!r} overlaps {b.text!r}")
        for c in discs:
            labels_it = (a.x - c.cx) ** 2 + (a.y - c.cy) ** 2 < 1.2 * c.r ** 2
            if not labels_it and _hits(ba, c):
                out.append(f"{a.text!r} overlaps the disc at ({c.cx:.1f}, {c.cy:.1f})")
        if ba[0] < 0 or ba[1] < 0 or ba[2] > scene.w or ba[3] > scene.h:
            out.append(f"{a.text!r} runs off the face")
    return [f"{scene.title}: {m}" for m in out]


def every_face(model) -> list[Scene]:
    faces = [draw_tiles.island_tile(model, f) for f in model.faces.values() if f.kind != "special"]
    for s in model.specials.values():
        faces += [draw_specials.special_front(model, s), draw_specials.special_back(model, s)]
    for c in model.files.game.player_colours:
        faces += [draw_tokens.player_token(model, c), draw_tokens.player_marker(model, c, True),
                  draw_tokens.player_marker(model, c, False)]
    faces += [draw_tokens.inhabitant(model, c) for c in model.files.game.inhabitants.colours]
    faces += [draw_tokens.vp_marker(model, d.value) for d in model.files.tokens.vp_markers.denominations]
    faces += [draw_boards.action_board(model, a) for a in model.files.boards.actions]
    faces += [draw_boards.supply_board(model), draw_boards.player_board(model, None)]
    return faces


def test_every_face_is_readable_at_six_points_and_nothing_overlaps(model):
    problems = [p for face in every_face(model) for p in layout_problems(face)]
    assert problems == []


def test_layout_check_finds_small_and_overlapping_text():
    scene = Scene(20, 20, (Text(2, 5, "tiny", 5.0), Text(2, 10, "one", 8), Text(3, 10, "two", 8),
                           Circle(15, 10, 3), Text(13, 11, "x", 8), Text(19, 19, "off the face", 7)))
    found = " | ".join(layout_problems(scene))
    assert "'tiny' at 5 pt" in found and "'one' overlaps 'two'" in found and "runs off the face" in found
    assert "'x' overlaps" not in found  # it labels its disc


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_player_board_prints_whole_on_one_landscape_page(model, paper):
    """Both sides of a board on one sheet each, lined up for duplex: nothing to tile and glue."""
    front, back = draw_boards.player_board(model, "board-1"), draw_boards.player_board(model, None)
    doc = PrintDocument("Skylands", "player boards", BuildOptions(paper=paper))
    doc.cards("player boards", [front], back)
    pages = pdfcheck.reader(doc.to_bytes()).pages
    assert len(pages) == 2
    for page in pages:
        w, h = pdfcheck.size_mm(page.mediabox)
        assert w > h
        assert pdfcheck.size_mm(page.trimbox) == pytest.approx((front.w, front.h), abs=0.01)


def test_player_boards_file_has_one_sheet_per_side(kit, model):
    reader = pdfcheck.reader((kit / "player-boards.pdf").read_bytes())
    assert len(reader.pages) == 2 * len(model.files.boards.player_boards)


def test_squares_hold_a_tile_and_inhabitants_fit_the_spaces(model):
    """A square is a tile's size; an inhabitant token is no wider than the gap between two spaces.
    (The Hostel's spaces, apart as its inhabitants need: test_skylands_special_layouts.)"""
    pr = model.files.print
    board = draw_boards.player_board(model, None)
    grid = model.files.game.player_board
    assert board.w == pytest.approx(grid.columns * pr.tile + 2 * pr.board_frame)
    for face in (f for f in model.faces.values() if f.kind != "special"):
        spots = [xy for frag in face.fragments for xy in draw_tiles.space_spots(frag, pr.tile)]
        for i, (x1, y1) in enumerate(spots):
            for x2, y2 in spots[i + 1:]:
                assert math.dist((x1, y1), (x2, y2)) >= pr.inhabitant, face.id


def test_scoring_example_board_is_drawn_next_to_the_pad(kit, model):
    """The rulebook's example board, drawn from the same file the rulebook scores."""
    labels = pdfcheck.texts((kit / "scoring-pad.pdf").read_bytes())
    assert len(labels) == 2 and "Scoring example" in labels[1]
    svg = (kit / "svg/scoring-example.svg").read_text()
    assert "Maria" in svg and "Hostel" in svg


def test_every_island_type_edge_carries_its_own_symbol_big_enough_to_match_at_a_glance(model) -> None:
    """Woods and mountains edges were told apart by colour and a 2.3 mm letter only (issue 15)."""
    from generator.draw import Path as DrawPath

    symbols = {t.id: t.symbol for t in model.files.game.terrains}
    assert None not in symbols.values() and len(set(symbols.values())) == len(symbols)
    pr = model.files.print
    for tile in model.island_tiles:
        face = tile.face
        items = draw_tiles.tile_items(model, face)
        paths_drawn = {tuple(it.ops) for it in items if isinstance(it, DrawPath)}
        for side in range(4):
            terrain = face.edge(side)
            if terrain not in symbols:
                continue
            expected = draw_tiles.edge_symbols(side, pr.tile, pr.edge_band, symbols[terrain], "#000000")
            assert {tuple(p.ops) for p in expected} <= paths_drawn, (face.id, side)
    size = pr.edge_band * draw_tiles.SYMBOL_FILL
    assert size >= 3.5  # mm: half again the 2.3 mm letter that was the only cue


def test_rulebook_says_which_marked_tiles_leave_at_each_player_count_and_what_each_special_group_means():
    """Issue 15: "return the tiles that carry a player-count mark" was wrong with 3 players (they
    keep the "3+" tiles); the groups' meanings were never printed."""
    text = " ".join(rulebook_of(paths.CONTENT).split())
    assert 'with 2 players: those marked "3+" and "4"; with 3 players: those marked "4"' in text
    assert "return the tiles that carry a player-count mark" not in text
    for meaning in ("count like any island tile you take with Discover islands",
                    "its effect lasts for the rest of the game", "a condition can be met many times"):
        assert meaning in text
    assert 'The 4 starting islands (marked "Start") stay in the box' in text
    assert "at any time between actions" in text  # decision hostel-filling


def test_starting_island_sides_carry_their_label_island_tiles_do_not(model):
    label = model.files.boards.starting_island_label
    for face in model.starting_faces.values():
        assert label in texts(draw_tiles.island_tile(model, face)), face.id
    assert all(label not in texts(draw_tiles.island_tile(model, t.face)) for t in model.island_tiles)


def test_design_notes_show_the_self_play_table_computed_from_the_content(kit, model):
    """The seats table of the designer's notes is the simulation's, for the content's own settings."""
    from generator.games.selfplay import seats_table
    from generator.games.skylands.simreport import POINTS, RANKS_ABOVE
    from generator.games.skylands.simulate import SimSetup, run
    from tests.pdfcheck import texts

    sp = model.files.game.self_play
    setup = SimSetup((2, 3, 4), sp.games, sp.seed, sp.policy)
    rows = seats_table(run(model, setup), RANKS_ABOVE, POINTS)[2:]
    text = "\n".join(texts((kit / "design-notes.pdf").read_bytes()))
    assert "Self-play: seats, scores and length" in text
    assert f"{sp.games} games per seat count" in " ".join(text.split())
    for row in rows:   # every win rate with its interval, as the simulation gives it
        rate = row.split("|")[3].strip()
        assert rate in text, rate
