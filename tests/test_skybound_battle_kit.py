"""End to end through the CLI: the Skybound Battle kit as a designer builds, prints and edits it."""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.content import paths
from generator.core import kit as kitlib
from tests import pdfcheck
from tests.conftest import replace_in

GAME = "skybound-battle"
PDFS = ["board.pdf", "cards.pdf", "deck-lists.pdf", "design-notes.pdf", "reference.pdf", "rulebook.pdf", "tokens.pdf"]


def build(out: Path, content: Path, *args: str) -> Path:
    result = CliRunner().invoke(main, ["--content", str(content), "--out", str(out), "build", GAME, *args])
    assert result.exit_code == 0, result.output
    return out / GAME


@pytest.fixture(scope="module")
def content(tmp_path_factory) -> Path:
    """The shipped content, with a short balance simulation so that builds stay quick in tests."""
    root = tmp_path_factory.mktemp("content")
    shutil.copytree(paths.CONTENT / GAME, root / GAME)
    replace_in(root / GAME / "kit.yaml", "  games: 200", "  games: 6")
    return root


@pytest.fixture(scope="module")
def kit(tmp_path_factory, content) -> Path:
    return build(tmp_path_factory.mktemp("kit"), content)


@pytest.fixture(scope="module")
def model():
    return kitlib.load(GAME, paths.CONTENT).model


def test_every_print_file_is_written(kit):
    assert sorted(p.name for p in kit.glob("*.pdf")) == PDFS
    assert sorted(p.name for p in (kit / "balance").iterdir()) == ["heatmap.pdf", "heatmap.svg", "matrix.csv",
                                                                   "report.txt", "strongest-found.yaml"]


def test_every_starter_card_is_printed_with_a_back(kit, model):
    n = sum(sum(s.cards.values()) for s in model.starters)
    cards = pdfcheck.reader((kit / "cards.pdf").read_bytes())
    # 9 poker cards to an A4 page, each page with its backs; the first player token takes a free slot
    assert len(cards.pages) == 2 * math.ceil((n + model.kit.first_player_token.copies) / 9)
    for page in cards.pages:
        assert pdfcheck.size_mm(page.mediabox) == (210.0, 297.0)
        assert "/TrimBox" in page and "/BleedBox" in page
    text = re.sub(r"\s+", " ", " ".join(pdfcheck.texts((kit / "cards.pdf").read_bytes())))
    for s in model.starters:
        assert text.count(f"{s.name} deck") == sum(s.cards.values())


def svg_words(path: Path) -> str:
    """Every text of an SVG face, joined as a reader reads it."""
    return " ".join(re.findall(r">([^<]*)</text>", path.read_text()))


def test_card_faces_show_their_numbers_and_text_from_the_model(kit, model):
    svg = (kit / "svg/cards/explosive-sora.svg").read_text()
    sora = model.card("explosive-sora")
    assert f">{sora.cost}<" in svg and f">{sora.attack}<" in svg and f">{sora.life}<" in svg
    assert "Deployed: Deal 4 damage to the face-up enemy across. End of round: Defeat this character." in svg_words(
        kit / "svg/cards/explosive-sora.svg")
    caster = (kit / "svg/cards/leviathan-adept.svg").read_text()
    assert "Activated (1 mana):" in caster and f">{model.card('leviathan-adept').mana}<" in caster


def test_one_svg_per_card_token_and_face(kit, model):
    cards = {p.stem for p in (kit / "svg/cards").glob("*.svg")}
    assert cards == {c.id for c in model.cards} | {"back"}
    assert {p.stem for p in (kit / "svg/tokens").glob("*.svg")} == {t.id for t in model.kit.tokens} | {"first-player"}


def test_the_battle_board_is_tiled_over_pages_with_every_spot(kit, model):
    board = pdfcheck.reader((kit / "board.pdf").read_bytes())
    assert len(board.pages) > 1
    svg = (kit / "svg/board.svg").read_text()
    cols = model.rules.board.columns
    for col in range(1, cols + 1):
        assert svg.count(f"Frontline {col}<") == 2 and svg.count(f"Backline {col}<") == 2
    assert svg.count("Deck zone") == 2 and svg.count("Discard zone") == 2
    assert f">{2 * cols}<" in svg  # the last place in battle order


def test_reference_card_and_deck_lists_take_their_numbers_from_the_rules(kit, model):
    ref = re.sub(r"\s+", " ", " ".join(pdfcheck.texts((kit / "reference.pdf").read_bytes())))
    assert f"draws {model.rules.hand.draw_per_round} cards" in ref and "Battle, space by space" in ref
    lists = pdfcheck.texts((kit / "deck-lists.pdf").read_bytes())
    assert len(lists) == math.ceil((len(model.starters) + model.kit.blank_deck_lists) / 2)  # two to a page
    assert f"at most {model.rules.deck.max_cost}" in lists[0]
    assert lists[-1].count("My deck") == model.kit.blank_deck_lists


def test_the_rulebook_has_the_rules_and_the_cards_and_the_design_notes_the_decisions(kit, model):
    text = re.sub(r"\s+", " ", " ".join(pdfcheck.texts((kit / "rulebook.pdf").read_bytes())))
    design = re.sub(r"\s+", " ", " ".join(pdfcheck.texts((kit / "design-notes.pdf").read_bytes())))
    assert f"exactly {model.rules.deck.cards} cards" in text
    for d in model.decisions:
        assert d.topic in design
    for c in model.cards:
        assert c.name in text


def test_the_balance_page_names_its_seed_policy_and_content(kit, model):
    report = (kit / "balance/report.txt").read_text()
    assert f"content: {model.content_hash}" in report and "policy: greedy   seed: 1" in report
    svg = (kit / "balance/heatmap.svg").read_text()
    assert "overall" in svg and "policy greedy" in svg


def test_a_stat_change_reaches_every_face_that_shows_it_and_nothing_else(kit, content, tmp_path):
    root = tmp_path / "content"
    shutil.copytree(content, root)
    replace_in(root / GAME / "cards.yaml", "target: across, amount: 4}", "target: across, amount: 5}")
    changed = build(tmp_path / "changed", root)
    before = json.loads((kit / "manifest.json").read_text())["files"]
    after = json.loads((changed / "manifest.json").read_text())["files"]
    differ = {f for f in before if before[f]["sha256"] != after[f]["sha256"]}
    assert differ - {f for f in differ if f.startswith("balance/")} == {
        "cards.pdf", "deck-lists.pdf", "rulebook.pdf", "svg/cards/explosive-sora.svg"}
    assert "Deal 5 damage" in svg_words(changed / "svg/cards/explosive-sora.svg")


def test_broken_content_reports_every_problem_and_writes_nothing(content, tmp_path):
    root = tmp_path / "content"
    shutil.copytree(content, root)
    replace_in(root / GAME / "cards.yaml", "    colour: ember\n", "    colour: fire\n")
    replace_in(root / GAME / "kit.yaml", "  width: 63mm", "  width: wide")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["--content", str(root), "--out", str(out), "build", GAME])
    assert result.exit_code == 1
    lines = [ln for ln in result.output.splitlines() if ": error: " in ln]
    assert any(re.search(r"kit\.yaml:\d+:\d+: error: card\.width", ln) for ln in lines)
    assert "Traceback" not in result.output and not out.exists()


def test_the_first_player_token_shares_the_last_cards_page_and_says_what_it_does(kit, model):
    cards = pdfcheck.texts((kit / "cards.pdf").read_bytes())
    fronts, backs = cards[-2], cards[-1]
    assert "FIRST PLAYER" in fronts and "FIRST PLAYER" in backs  # alike on both faces
    n = sum(sum(s.cards.values()) for s in model.starters)
    assert sum(fronts.count(f"{s.name} deck") for s in model.starters) == n - 9 * (len(cards) // 2 - 1)
    assert "Pass this token to the other player." in re.sub(r"\s+", " ", fronts)
    assert not any("FIRST PLAYER" in page for page in pdfcheck.texts((kit / "tokens.pdf").read_bytes()))


def test_the_picture_panel_shows_each_keyword_of_the_card(kit, model):
    ranger = svg_words(kit / "svg/cards/gale-ranger.svg")
    assert "Ranged" in ranger and "Deployed" in ranger
    assert "Activated · 1 mana" in svg_words(kit / "svg/cards/leviathan-adept.svg")
    assert "End of round" in svg_words(kit / "svg/cards/inferno-herald.svg")
    assert "Armour 1" in svg_words(kit / "svg/cards/ironbark-titan.svg")
    assert "No effect" in svg_words(kit / "svg/cards/cinder-pup.svg")


def test_no_words_on_a_card_token_or_deck_list_are_smaller_than_6_pt(model):
    from generator.draw.scene import Group, Text
    from generator.games.skybound_battle import draw_cards, draw_sheets

    def sizes(items):
        for it in items:
            if isinstance(it, Text):
                yield it.size_pt, it.text
            elif isinstance(it, Group):
                yield from sizes(it.items)

    faces = [draw_cards.front(model, c, s.name) for s in model.starters for c in map(model.card, s.cards)]
    faces += [draw_cards.back(model), draw_sheets.first_player_token(model), draw_sheets.blank_deck_list(model)]
    faces += [draw_sheets.deck_list(model, s) for s in model.starters]
    small = {(size, text) for face in faces for size, text in sizes(face.items) if size < 6}
    assert not small


def test_the_balance_report_says_how_many_games_it_played_and_how_to_get_the_readmes_figures(kit, model):
    report = (kit / "balance/report.txt").read_text()
    pairings = len(model.starters) * (len(model.starters) - 1) // 2
    assert f"games per pairing: 6 ({6 * pairings:,} in all)" in report  # the test content plays 6
    assert "reproduce: playkit simulate skybound-battle" in report and "--games 6 --seed 1" in report
    assert "The README's" in report and "balance table plays more" in report
    assert f"content: {model.content_hash}" in report


def test_the_balance_report_includes_the_strongest_deck_found_as_a_deck_file(kit, runner):
    from generator.cli import main

    report = (kit / "balance" / "report.txt").read_text()
    assert "The strongest deck a quick search found" in report and "95% Wilson" in report
    deck = kit / "balance" / "strongest-found.yaml"
    checked = runner.invoke(main, ["deck", "check", str(deck)])
    assert checked.exit_code == 0 and ": legal (" in checked.output
