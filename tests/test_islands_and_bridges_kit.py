"""End to end through the CLI: the Islands & Bridges kit as a designer builds, prints and edits it."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.content import paths
from tests import pdfcheck
from tests.conftest import replace_in

GAME = "islands-and-bridges"
PDFS = ["cards.pdf", "design-notes.pdf", "gm-sheets.pdf", "rulebook.pdf", "sheets.pdf", "tiles.pdf", "tokens.pdf"]


def build(out: Path, content: Path | None = None, *args: str) -> Path:
    opts = ["--content", str(content)] if content else []
    result = CliRunner().invoke(main, [*opts, "--out", str(out), "build", GAME, *args])
    assert result.exit_code == 0, result.output
    return out / GAME


@pytest.fixture(scope="module")
def kit(built_kit) -> Path:
    return built_kit(GAME).folder


def test_every_print_file_is_written(kit):
    names = sorted(p.name for p in kit.glob("*.pdf"))
    assert names == PDFS


def test_one_svg_per_tile_token_and_card_face(kit):
    content = paths.CONTENT / GAME
    tokens = content.joinpath("components.yaml").read_text().count("  - {id: ")
    assert len(list((kit / "svg/tokens").glob("*.svg"))) == tokens
    assert {p.name for p in (kit / "svg/tiles").glob("*.svg")} == {"island.svg", "bridge.svg", "island-back.svg",
                                                                    "bridge-back.svg"}
    assert len(list((kit / "svg/cards").glob("player-*-*.svg"))) == 4 * 7 + 4


def test_cards_show_their_numbers_from_the_model(kit):
    text = " ".join(pdfcheck.texts((kit / "cards.pdf").read_bytes()))
    assert "Deal 10 damage to a single enemy within 1 field" in re.sub(r"\s+", " ", text)


def test_a_stat_change_reaches_every_face_that_shows_it_and_nothing_else(kit, content_copy, tmp_path):
    root = content_copy(GAME)
    replace_in(root / GAME / "elements.yaml", "    health: 400", "    health: 350")
    changed = build(tmp_path / "changed", root)
    before = json.loads((kit / "manifest.json").read_text())["files"]
    after = json.loads((changed / "manifest.json").read_text())["files"]
    differ = {f for f in before if before[f]["sha256"] != after[f]["sha256"]}
    assert differ == {"sheets.pdf", "rulebook.pdf", "gm-sheets.pdf", "tokens.pdf", "svg/tokens/boss-enemy.svg"}
    # within the global sheets only the Element Overview changed; the Game Phases page kept its bytes
    old, new = (pdfcheck.content_streams((d / "sheets.pdf").read_bytes()) for d in (kit, changed))
    assert old[0] != new[0] and old[1] == new[1]
    for name in PDFS:
        text = " ".join(pdfcheck.texts((changed / name).read_bytes()))
        assert not re.search(r"\b400\b", text), name
    overview = pdfcheck.texts((changed / "sheets.pdf").read_bytes())[0]
    assert "350 HP" in overview
    assert "| 350 |" not in overview and "350" in " ".join(pdfcheck.texts((changed / "rulebook.pdf").read_bytes()))


def test_broken_content_reports_every_problem_and_writes_nothing(kit, content_copy, tmp_path):
    root = content_copy(GAME)
    replace_in(root / GAME / "elements.yaml", "  health: 100", "  health: lots")
    replace_in(root / GAME / "game.yaml", "players: 4", "players: 4\nplayers: 3")
    (root / GAME / "phases.yaml").write_text("phases: [\n")
    out = tmp_path / "out"
    shutil.copytree(kit, out / GAME)  # a kit already there keeps every byte
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    result = CliRunner().invoke(main, ["--content", str(root), "--out", str(out), "build", GAME])
    assert result.exit_code == 1
    lines = [ln for ln in result.output.splitlines() if ": error: " in ln]
    assert len(lines) == 3
    assert any(re.search(r"elements\.yaml:4:11: error: player\.health", ln) for ln in lines)
    assert any(re.search(r"game\.yaml:\d+:1: error: duplicate key 'players'", ln) for ln in lines)
    assert any(re.search(r"phases\.yaml:2:1: error: YAML", ln) for ln in lines)
    assert "Traceback" not in result.output
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_unknown_reference_is_reported_at_its_line(content_copy):
    root = content_copy(GAME)
    replace_in(root / GAME / "components.yaml", "enemy: weak,", "enemy: kraken,")
    result = CliRunner().invoke(main, ["--content", str(root), "validate", GAME])
    assert result.exit_code == 1
    assert re.search(r"components\.yaml:\d+:\d+: error: unknown enemy type 'kraken'", result.output)


def test_validate_exit_codes(runner):
    assert runner.invoke(main, ["validate", GAME]).exit_code == 0
    assert runner.invoke(main, ["validate", "no-such-game"]).exit_code == 2


@pytest.mark.parametrize(("args", "pages"), [(("--duplex", "none"), 4), (("--paper", "letter"), None)])
def test_build_options(tmp_path, args, pages):
    out = build(tmp_path, None, *args)
    cards = pdfcheck.reader((out / "cards.pdf").read_bytes())
    if pages is not None:
        assert len(cards.pages) == pages
    else:
        assert {pdfcheck.size_mm(p.mediabox) for p in cards.pages} <= {(215.9, 279.4), (279.4, 215.9)}


def test_every_bridge_cell_prints_its_name_as_an_island_cell_does(kit):
    """A bridge's planks made its cells hard to count: each cell carries its name (A1 to B8, as an
    island's are named), on every bridge of the tiles' print, in the SVG of the tile, and the rulebook
    says how they run."""
    import xml.etree.ElementTree as ET

    from generator.core import kit as kits
    from generator.games.islands_and_bridges.plan import cell_name

    game = kits.load(GAME, paths.CONTENT).model
    cols, rows = game.components.bridge.cells
    names = [cell_name((c, r)) for c in range(cols) for r in range(rows)]
    svg = ET.parse(kit / "svg/tiles/bridge.svg").getroot()
    shown = [t.text for t in svg.iter() if t.tag.endswith("text") and t.text]
    assert sorted(shown) == sorted(names)
    tiles = pdfcheck.texts((kit / "tiles.pdf").read_bytes())
    bridges = [page for page in tiles if "bridges" in page and "fronts" in page]
    assert bridges and all(page.split().count(n) == game.components.bridge.quantity
                           for page in bridges for n in names)
    book = re.sub(r"\s+", " ", " ".join(pdfcheck.texts((kit / "rulebook.pdf").read_bytes())))
    assert f"A bridge's cells are named the same way, {names[0]} to {names[-1]}." in book


def test_a_field_is_a_distance_and_a_timeline_box_a_space(kit):
    """'Field' measures distance (the seed's '2 fields'); a box of a timeline is a space, in every
    sentence of the rulebook and the sheets that speaks of a timeline or its markers."""
    for name in ("rulebook.pdf", "gm-sheets.pdf", "sheets.pdf"):
        text = re.sub(r"\s+", " ", " ".join(pdfcheck.texts((kit / name).read_bytes())))
        for sentence in re.split(r"(?<=\.)\s", text):
            if re.search(r"Timeline|marker", sentence):
                assert not re.search(r"\bfields?\b", sentence, re.I), (name, sentence)


def test_every_word_on_a_round_token_keeps_a_millimetre_inside_its_disc():
    """A token's words stand inside its disc with 1 mm to spare, on every copy (the QA pass found an
    enemy's '20 dmg, range 1' touching the edge): each line's ink, from the font's glyph outlines, against
    the disc's inner edge."""
    import math

    from generator.core import kit as kits
    from generator.draw import Circle, Text
    from generator.games.islands_and_bridges import draw_tokens
    from tests.inkcheck import ink_box

    game = kits.load(GAME, paths.CONTENT).model
    checked = set()
    for tok in game.components.tokens:
        for face in draw_tokens.faces(game, tok):
            discs = [i for i in face.items if isinstance(i, Circle)]
            if not discs:
                continue
            disc = max(discs, key=lambda c: c.r)
            inner = disc.r - (disc.stroke_mm / 2 if disc.stroke else 0.0)
            for t in (i for i in face.items if isinstance(i, Text)):
                x0, y0, x1, y1 = ink_box(t)
                room = min(inner - math.hypot(x - disc.cx, y - disc.cy) for x in (x0, x1) for y in (y0, y1))
                assert room >= 1.0, (tok.name, t.text, round(room, 2))
                checked.add(tok.kind)
    assert {"enemy", "duration-marker"} <= checked
