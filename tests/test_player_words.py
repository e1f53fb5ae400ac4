"""Words for players: no player-facing PDF of any kit speaks the project's language.

Player-facing: every PDF a build writes (tiles, cards, sheets, boards, the rulebook; the Game
Master's sheets too: the GM sits at the table), and the PDFs the map commands write for the table
(players.pdf, the GM's gm.pdf, Island of Fog's map.pdf).
Not player-facing: design-notes.pdf (the designer's notes: the seed's quotes and decision ids are its
point) and the balance report under balance/ (the designers' simulation of the starter decks).

Project words: "seed" (the source document; on a generated map "seed N" is the number the GM typed
to get that map and reprints it with, so only that use is allowed there), ".yaml", "playkit",
and decision ids (a hyphenated id anywhere, any id after the word "decision").
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pypdfium2
import pytest
import yaml
from click.testing import CliRunner

from generator import games
from generator.cli import main
from generator.content import paths
from generator.core import kit
from generator.core.game import BuildOptions

NOT_FOR_PLAYERS = ("design-notes.pdf", "balance/")


def page_texts(data: bytes) -> list[str]:
    doc = pypdfium2.PdfDocument(data)
    try:
        return [page.get_textpage().get_text_range() for page in doc]
    finally:
        doc.close()


def decision_ids(game_id: str) -> set[str]:
    """The id of every decision in any content file of the game (decisions.yaml; maps.yaml has some)."""
    ids: set[str] = set()
    for f in (paths.CONTENT / game_id).glob("*.yaml"):
        data = yaml.safe_load(f.read_text())
        if isinstance(data, dict) and isinstance(data.get("decisions"), list):
            ids |= {d["id"] for d in data["decisions"]}
    return ids


@functools.cache
def built(game_id: str) -> dict[str, bytes]:
    """The game's kit, in memory (built once for the tests of this file)."""
    loaded = kit.load(game_id, paths.CONTENT)
    return {a.path: a.data for a in kit.render(loaded, BuildOptions())}


def project_words(text: str, ids: set[str], map_seed_allowed: bool = False) -> list[str]:
    """Every project word in `text`."""
    flat = re.sub(r"\s+", " ", text)
    found = [m.group(0) for m in re.finditer(r"\bseed\w*(?: \d+)?", flat, re.I)
             if not (map_seed_allowed and re.fullmatch(r"seed \d+", m.group(0)))]
    found += re.findall(r"\.ya?ml\b|playkit", flat, re.I)
    for d in ids:
        if "-" in d and re.search(rf"\b{re.escape(d)}\b", flat):
            found.append(d)
        if re.search(rf"\bdecision[s]? [`'\"]?{re.escape(d)}\b", flat, re.I):
            found.append(f"decision {d}")
    return found


def test_decision_ids_are_read_from_the_content():
    ids = set().union(*(decision_ids(g) for g in games.available()))
    assert {"seats", "total-cost", "map-guard", "tile-edges"} <= ids


def test_project_words_are_found():
    ids = {"total-cost", "seats"}
    assert project_words("as the Seed says", ids) == ["Seed"]
    assert project_words("see tiles.yaml, run playkit", ids) == [".yaml", "playkit"]
    assert sorted(project_words("a total-cost rule; decision `seats`", ids)) == ["decision seats", "total-cost"]
    assert project_words("map seed 42", ids, map_seed_allowed=True) == []
    assert project_words("the seedling and 4 seats", ids) == ["seedling"]


@pytest.mark.parametrize("game_id", games.available())
def test_no_player_facing_pdf_of_the_kit_speaks_the_projects_language(game_id):
    ids = decision_ids(game_id)
    checked = []
    for path, data in built(game_id).items():
        if not path.endswith(".pdf") or path.startswith(NOT_FOR_PLAYERS):
            continue
        for n, text in enumerate(page_texts(data), 1):
            assert project_words(text, ids) == [], f"{game_id}/{path} page {n}"
        checked.append(path)
    assert "rulebook.pdf" in checked


@pytest.mark.parametrize("game_id, args, files", [
    ("islands-and-bridges", ["--seed", "5"], ["gm.pdf", "players.pdf"]),
    ("island-of-fog", ["--seed", "5"], ["map.pdf"]),
])
def test_no_map_pdf_speaks_the_projects_language(tmp_path: Path, game_id, args, files):
    result = CliRunner().invoke(main, ["--out", str(tmp_path), "map", game_id, *args])
    assert result.exit_code == 0, result.output
    ids = decision_ids(game_id)
    found = {p.name: p for p in tmp_path.rglob("*.pdf")}
    assert set(files) <= set(found)
    for name in files:
        for n, text in enumerate(page_texts(found[name].read_bytes()), 1):
            assert project_words(text, ids, map_seed_allowed=True) == [], f"{game_id} {name} page {n}"


@pytest.mark.parametrize("game_id", games.available())
def test_design_notes_hold_every_decision_with_its_quotes(game_id):
    text = re.sub(r"\s+", " ", " ".join(page_texts(built(game_id)["design-notes.pdf"])))
    for d in decision_ids(game_id):
        assert f"Decision id: {d}" in text, (game_id, d)
    assert "The seed says:" in text and "Our choice:" in text and "Why:" in text


BUILD_ID = re.compile(r"data [0-9a-f]{10}|\bv\d+\.\d+\.\d+\b")


def build_ids(data: bytes) -> list[tuple[int, list[str], list[str]]]:
    """For each page: the build ids printed on the piece (inside the trim box: the paper a player keeps)
    and those printed outside it (the print shop's slug, cut away)."""
    doc = pypdfium2.PdfDocument(data)
    out = []
    try:
        for n, page in enumerate(doc, 1):
            text = page.get_textpage()
            inside = BUILD_ID.findall(text.get_text_bounded(*page.get_trimbox()))
            everywhere = BUILD_ID.findall(text.get_text_range())
            out.append((n, inside, everywhere[len(inside):] if inside else everywhere))
    finally:
        doc.close()
    return out


def test_the_build_id_reader_tells_the_piece_from_the_slug():
    assert BUILD_ID.findall("Skylands · cards 1/2 · data 0123456789 · v0.1.0") == ["data 0123456789", "v0.1.0"]
    assert BUILD_ID.findall("Draw 2 cards; data is kept") == []


@pytest.mark.parametrize("game_id", games.available())
def test_no_player_facing_page_carries_a_build_id_and_every_slug_does(game_id):
    """A player sheet names no build (its footer shows the game and the sheet); a page cut to a trim
    inside the paper (cards, tiles, a board's parts) names its build in the footer outside the trim,
    so the designer knows which build a print came from."""
    slugs = 0
    for path, data in built(game_id).items():
        if not path.endswith(".pdf") or path.startswith(NOT_FOR_PLAYERS):
            continue
        for n, inside, outside in build_ids(data):
            assert inside == [], f"{game_id}/{path} page {n}: {inside}"
            slugs += bool(outside)
    assert slugs, f"{game_id}: no page names its build in its slug"
