"""The five checks of the playtest's second round, held over every kit the registry finds (as the kit
contract holds every kit to the print checks, tests/test_kit_contract.py): a home printer's safe margin,
figures that keep their words, pieces that fit their spaces, rules text that follows the model's
settings, and contrast (small words, and colours told apart). Each check is also shown to catch what
it is for on a made-up case."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.core import kit, kitspec
from generator.core.game import BuildOptions
from generator.core.kitspec import Figure, Rulebook, Spaces
from generator.draw.scene import Circle, Group, Rect, Scene, Text
from generator.kitchecks import contrast, fit, margin, settings
from generator.kitchecks.figures import callouts_on_words, dropped_words
from tests.conftest import BuiltKit
from tests.test_kit_contract import pytest_generate_tests  # noqa: F401  (one set of tests per game)


@pytest.fixture(scope="module")
def built(game, built_kit) -> BuiltKit:
    gid, root = game
    return built_kit(gid, root)


# ---- the safe margin of a home printer ------------------------------------------------------------------

def test_no_word_of_any_pdf_lies_within_the_safe_margin_of_the_paper(built):
    near = [f"{pdf.relative_to(built.folder)} {n}" for pdf in sorted(built.folder.rglob("*.pdf"))
            for n in margin.near_edge(pdf.read_bytes())]
    assert near == [], "\n".join(near[:20])


def _pdf(draw) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(210 * mm, 297 * mm), invariant=1)
    draw(c)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_the_margin_check_finds_words_at_the_edge_and_not_those_clipped_away_or_inside():
    def draw(c: Canvas) -> None:
        c.setFont("Helvetica", 8)
        c.drawString(20 * mm, 150 * mm, "well inside")
        c.drawString(2 * mm, 100 * mm, "at the edge")
        c.drawString(200 * mm, 50 * mm, "cut off")            # runs past the right edge
        c.saveState()
        p = c.beginPath()
        p.rect(20 * mm, 20 * mm, 100 * mm, 100 * mm)
        c.clipPath(p, stroke=0, fill=0)
        c.drawString(1 * mm, 60 * mm, "clipped away")       # nothing of it prints
        c.restoreState()

    found = {n.words: round(n.edge_mm, 1) for n in margin.near_edge(_pdf(draw))}
    # the words of a line that come within the margin: the first of "at the edge", the last of "cut off"
    assert set(found) == {"at", "off"} and found["at"] == pytest.approx(2.0, abs=0.3)


# ---- figures that drop what they point at ----------------------------------------------------------------

def test_no_figure_of_any_book_leaves_out_a_word(built):
    dropped = [str(d) for d in dropped_words(built.files)]
    assert dropped == [], f"{len(dropped)} words left out, e.g.\n" + "\n".join(dropped[:12])


def test_the_figure_check_finds_a_word_that_a_figure_would_print_under_6_pt():
    big = Scene(400, 100, (Rect(0, 0, 400, 100, fill="#eeeeee"), Text(10, 50, "the number", 8),
                           Group((Text(10, 80, "huge", 40),), 5, 5)))
    book = Rulebook("::: figure board\nThe board.\n", (), figures={"board": Figure((big,))})
    assert [d.text for d in dropped_words([book])] == ["the number"]
    fitting = Rulebook("::: figure board\nThe board.\n", (), figures={"board": Figure((Scene(100, 50, big.items),))})
    assert dropped_words([fitting]) == []


def test_no_callout_of_any_book_lies_on_a_word(built):
    hidden = [str(h) for h in callouts_on_words(built.files)]
    assert hidden == [], f"{len(hidden)} words under a callout's dot, e.g.\n" + "\n".join(hidden[:12])


def test_the_callout_check_finds_a_dot_on_a_printed_letter():
    from generator.press.figures import annotated

    face = Scene(40, 40, (Rect(0, 0, 40, 40, fill="#eeeeee"), Text(20, 5, "W", 9), Text(30, 30, "4", 9)))
    on = annotated(face, [(20, 5 - 9 * 0.3528 / 3, "north edge"), (10, 20, "the middle")])
    beside = annotated(face, [(14, 4, "north edge"), (10, 20, "the middle")])
    book = lambda scene: Rulebook("::: figure tile\nA tile.\n", (), figures={"tile": Figure((scene,))})  # noqa: E731
    assert [h.text for h in callouts_on_words([book(on)])] == ["W"]
    assert callouts_on_words([book(beside)]) == []


# ---- things that must fit ---------------------------------------------------------------------------------

def test_every_piece_fits_the_spaces_the_model_puts_it_in(game):
    gid, root = game
    loaded = kit.load(gid, root)
    spaces = list(loaded.game.kit(loaded.model, loaded.content, BuildOptions()).spaces)
    assert fit.misfits(spaces) == []


def test_every_shipped_game_says_where_its_pieces_go(game):
    gid, root = game
    loaded = kit.load(gid, root)
    if root.name == "content" and gid in ("skylands", "islands-and-bridges"):
        assert list(loaded.game.kit(loaded.model, loaded.content, BuildOptions()).spaces)


def test_the_fit_check_refuses_a_piece_larger_than_its_space_and_pieces_that_overlap():
    marker = Spaces("marker", (22, 22), "timeline", ((0, 0, 20, 16), (21, 0, 20, 16)), bounded=True, round=True)
    assert [m.piece for m in fit.misfits([marker])] == ["marker"]
    assert fit.misfits([Spaces("marker", (14, 14), "timeline", marker.spaces, bounded=True)]) == []
    hostel = Spaces("inhabitant", (12, 12), "Hostel", tuple((x, 0, 5.6, 5.6) for x in (0, 6.6, 13.2, 19.8)),
                    round=True)
    assert "6.6 mm apart" in str(fit.misfits([hostel])[0])
    spread = Spaces("inhabitant", (12, 12), "tile", ((0, 0, 5.6, 5.6), (9, 9, 5.6, 5.6)), round=True)
    assert fit.misfits([spread]) == []   # 12.7 mm apart on the diagonal


# ---- rules text that contradicts the model ---------------------------------------------------------------

def test_every_rule_setting_of_the_model_changes_the_rulebook_when_changed(game):
    gid, root = game
    loaded = kit.load(gid, root)

    def book(model: object) -> str:
        return settings.players_rulebook(loaded.game.kit(model, loaded.content, BuildOptions()).files)

    assert settings.unstated(loaded.model, loaded.game.settings, book) == []


def test_every_shipped_game_names_its_rule_settings(game):
    gid, root = game
    loaded = kit.load(gid, root)
    if root.name == "content":
        names = [name for name, _ in settings.changes(loaded.model, loaded.game.settings)]
        assert names, f"{gid} names no rule settings"


def test_the_settings_check_finds_a_setting_the_book_does_not_read():
    from typing import Literal

    from pydantic import BaseModel

    class Rules(BaseModel):
        hand: int = 5
        reveal: Literal["together", "first-player-first"] = "together"
        name: str = "a name is no setting"

    class Model(BaseModel):
        rules: Rules = Rules()

    def book(m: Model) -> str:
        return f"Draw {m.rules.hand} cards. In a shared space the first player's card turns up first."

    assert [n for n, _ in settings.changes(Model(), ("rules",))] == ["rules.hand", "rules.reveal"]
    assert settings.unstated(Model(), ("rules",), book) == ["rules.reveal"]


# ---- contrast -----------------------------------------------------------------------------------------------

def test_every_small_word_of_every_face_stands_out_from_what_is_under_it(built):
    low = [str(x) for x in contrast.low_contrast(built.files)]
    assert low == [], f"{len(low)} small words under {contrast.MIN_RATIO}:1, e.g.\n" + "\n".join(low[:12])


def test_the_contrast_check_finds_small_pale_words_and_passes_dark_ones():
    assert contrast.ratio("#000000", "#ffffff") == pytest.approx(21.0)
    scene = Scene(40, 40, (Rect(0, 0, 40, 20, fill="#f3e6c4"), Text(2, 10, "A1", 6, "#b49a5a"),
                           Text(2, 18, "A2", 6, "#4a3b12"), Text(2, 30, "big", 12, "#cccccc"),
                           Circle(30, 30, 5, fill="#1f8a4a"), Text(30, 31, "6", 7, "#fbf8f1", anchor="middle")))
    face = kitspec.PrintFile("x.pdf", "x", [kitspec.Sheet("sheet", scene)], ())
    low = {x.text: round(x.ratio, 1) for x in contrast.low_contrast([face])}
    assert set(low) == {"A1", "6"} and low["A1"] == pytest.approx(2.2, abs=0.1)


# ---- colours told apart ---------------------------------------------------------------------------------------

def test_every_nation_piece_of_the_fog_prints_its_nation_s_mark(built_kit):
    """The nations' colours carry a symbol (game.yaml's tell_apart): each nation's initial, on every
    piece of the nation (units, their backs, buildings, bases, lighthouse pieces)."""
    from generator.content import paths
    from generator.draw.scene import texts

    built = built_kit("island-of-fog", paths.CONTENT)
    model = kit.load("island-of-fog", paths.CONTENT).model
    tokens = next(f for f in built.files if isinstance(f, kitspec.PrintFile) and f.path == "tokens.pdf")
    seen = set()
    for part in tokens.parts:
        assert isinstance(part, kitspec.Section)
        for face in part.faces:
            for scene in (face.front, face.back):
                nation = next((c for c in model.game.colours if scene and scene.title.startswith(c.name + " ")), None)
                if scene is not None and nation is not None:
                    assert nation.mark in texts(scene), scene.title
                    seen.add(nation.id)
    assert seen == {c.id for c in model.game.colours}


def test_without_their_marks_the_fog_nations_are_not_told_apart(content_copy):
    from tests.conftest import problems_after_edit

    line = "    symbol: every piece of a nation prints its initial (R, Y, B, G); a start corner names its nation\n"
    problems = problems_after_edit(content_copy, "island-of-fog", "game.yaml", line, "")
    assert any("the nations' pieces" in p and "tritanopia" in p for p in problems), problems


def test_a_skylands_player_token_prints_its_player_s_mark_and_an_inhabitant_none():
    from generator.content import paths
    from generator.draw.scene import texts
    from generator.games.skylands import draw_tokens

    model = kit.load("skylands", paths.CONTENT).model
    for c in model.files.game.player_colours:
        assert texts(draw_tokens.player_token(model, c)) == [c.mark]
    for ic in model.files.game.inhabitants.colours:
        assert texts(draw_tokens.inhabitant(model, ic)) == []
    groups = {g.what: g for g in model.files.print.tell_apart}
    pieces = next(g for w, g in groups.items() if w.startswith("player tokens and inhabitants"))
    assert {"red", "green"} <= set(pieces.colours) and pieces.symbol
