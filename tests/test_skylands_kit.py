"""The Skylands kit end to end: built through the CLI, opened as a print shop and a player would."""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.dom.minidom
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import kit as core
from generator import paths
from generator.cli import main
from generator.draw import to_svg
from generator.draw.scene import texts
from generator.game import BuildOptions
from generator.games.skylands import draw_specials, draw_tiles, rulebook
from generator.press import PrintDocument
from tests import pdfcheck
from tests.conftest import replace_in

GAME = "skylands"
PDFS = ["boards.pdf", "player-boards.pdf", "rulebook.pdf", "scoring-pad.pdf", "specials.pdf", "tiles.pdf",
        "tokens.pdf"]


@pytest.fixture(scope="module")
def model():
    return core.load(GAME, paths.CONTENT).model


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    result = CliRunner().invoke(main, ["--out", str(out), "build", GAME])
    assert result.exit_code == 0, result.output
    return out / GAME


def test_every_print_file_is_written(kit):
    assert sorted(p.name for p in kit.glob("*.pdf")) == PDFS
    manifest = json.loads((kit / "manifest.json").read_text())
    assert manifest["game"] == GAME and "tiles.pdf" in manifest["files"]


@pytest.mark.parametrize("name", PDFS)
def test_pdf_opens_and_embeds_every_font(kit, name):
    pdfcheck.assert_print_ready((kit / name).read_bytes(), name, trim_box=name != "rulebook.pdf")


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed")
@pytest.mark.parametrize("name", PDFS)
def test_pdf_passes_qpdf_check(kit, name):
    subprocess.run(["qpdf", "--check", str(kit / name)], check=True, capture_output=True)


def test_one_svg_per_tile_and_special_island_face(kit, model):
    tiles = {p.stem for p in (kit / "svg/tiles").glob("*.svg")}
    assert tiles == {t.face.id for t in model.island_tiles} | {"back"}
    specials = {p.stem for p in (kit / "svg/specials").glob("*.svg")}
    assert specials == set(model.specials) | {f"{s}-back" for s in model.specials}
    assert len(list((kit / "svg/starting-islands").glob("*.svg"))) == 2 * len(model.files.boards.starting_islands)
    for svg in kit.glob("svg/**/*.svg"):
        xml.dom.minidom.parse(str(svg))


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
    scene = draw_specials.special_front(model, model.specials["sanctum"])
    words = " ".join(texts(scene))
    assert "Sanctum" in words and "?" in texts(scene) and "8" in words
    assert texts(scene).count("W") == len(model.specials["sanctum"].spec.cost)  # three white inhabitants
    back = draw_specials.special_back(model, model.specials["sanctum"])
    assert "first game" in texts(back)


def test_pre_printed_squares_are_drawn_turned_as_the_rules_model_lies_them(model):
    for _, placed in model.printed["board-1"]:
        turned = placed.face.turned(placed.rotation)
        assert turned.edges() == tuple(placed.edge(s) for s in range(4))


def test_faces_render_the_same_bytes_twice(model):
    def render() -> tuple[bytes, bytes]:
        doc = PrintDocument("Skylands", "check", BuildOptions())
        faces = [draw_specials.special_front(model, s) for s in model.specials.values()]
        doc.cards("specials", faces, [draw_specials.special_back(model, s) for s in model.specials.values()])
        return doc.to_bytes(), to_svg(faces[0])

    assert render() == render()


def test_rulebook_numbers_follow_the_content(content_copy):
    text = rulebook.text(core.load(GAME, paths.CONTENT).model)
    assert "every empty square loses 2 VPs" in text and "| 3 | 78 |" in text
    root = content_copy(GAME)
    replace_in(root / GAME / "scoring.yaml", "empty_square_vp: -2", "empty_square_vp: -3")
    replace_in(root / GAME / "tiles.yaml", "    marks: {four: 1}", "    marks: {four: 2}")
    changed = rulebook.text(core.load(GAME, root).model)
    assert "every empty square loses 3 VPs" in changed and "| 3 | 72 |" in changed
    assert "72 tiles with 3 players" in changed  # the decisions appendix too


def test_rulebook_has_the_decisions_appendix(model):
    text = rulebook.text(model)
    appendix = text[text.index("# Appendix: Decisions"):]
    for d in model.files.decisions.decisions:
        assert f"## {d.topic}" in appendix
    assert "12 markers of 1 VP" in appendix and "{{" not in text
