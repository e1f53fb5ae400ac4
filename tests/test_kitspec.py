"""The kit spec the core imposes: sections split by full size, one SVG per named face, discovery."""

from __future__ import annotations

import pytest

from generator import games
from generator.core.game import BuildOptions
from generator.core.kitspec import DataFile, Face, LaterFiles, PrintFile, Rulebook, Section, Sheet, Svg, made
from generator.draw import Rect, Scene, Text
from generator.press.assemble import assemble, by_size
from tests import pdfcheck


def face(w: float, h: float, word: str = "x") -> Scene:
    return Scene(w, h, (Rect(0, 0, w, h, fill="#dddddd"), Text(1, 4, word, 8)), background="#336699")


def build(*files, options=None):
    return {a.path: a for a in assemble("Test game", files, options or BuildOptions())}


def test_faces_of_one_width_and_two_heights_make_two_grids_not_an_error():
    # tokens used to be grouped by width only: 20x20 and 20x30 in one grid made the press refuse them
    square, tall = face(20, 20, "square"), face(20, 30, "tall")
    section = Section("tokens", [Face(square, copies=3), Face(tall, copies=2), Face(square, copies=1)])
    grids = by_size(section)
    assert [(label, [f.front.h for f in faces]) for label, faces in grids] == \
        [("tokens 20 mm", [20, 20]), ("tokens 20 x 30 mm", [30])]
    out = build(PrintFile("tokens.pdf", "tokens", [section], ("tokens.yaml",)))
    pages = pdfcheck.texts(out["tokens.pdf"].data)
    assert len(pages) == 2
    assert "tokens 20 mm" in pages[0] and pages[0].count("square") == 4
    assert "tokens 20 x 30 mm" in pages[1] and pages[1].count("tall") == 2


def test_a_section_of_one_size_keeps_its_label_unless_sized():
    one = Section("islands", [Face(face(63, 88))])
    assert by_size(one)[0][0] == "islands"
    assert by_size(Section("tokens", one.faces, sized=True))[0][0] == "tokens 63 x 88 mm"


def test_each_named_face_and_back_gets_one_svg_with_the_files_sources():
    back = face(63, 88, "back")
    cards = [Face(face(63, 88, f"c{n}"), back, 2, "deck", f"cards/c{n}", "cards/back") for n in range(3)]
    out = build(PrintFile("cards.pdf", "cards", [Section("cards", cards), Sheet("aid", face(100, 150), "aid")],
                          ("cards.yaml",), [Svg("cards/plain", face(63, 88, "plain"), ("other.yaml",))]))
    assert sorted(out) == ["cards.pdf", "svg/aid.svg", "svg/cards/back.svg", "svg/cards/c0.svg",
                           "svg/cards/c1.svg", "svg/cards/c2.svg", "svg/cards/plain.svg"]
    assert out["svg/cards/c1.svg"].sources == ("cards.yaml",)
    assert out["svg/cards/plain.svg"].sources == ("other.yaml",)
    pages = pdfcheck.texts(out["cards.pdf"].data)
    assert len(pages) == 3   # 6 cards on one page, its backs, the aid
    assert pages[0].count("c1\n") == 2 and pages[1].count("back\n") == 6


def test_two_different_faces_may_not_share_an_svg_name():
    with pytest.raises(ValueError, match=r"svg/cards/a\.svg"):
        build(PrintFile("cards.pdf", "cards", [Section("cards", [Face(face(63, 88, "1"), svg="cards/a"),
                                                                 Face(face(63, 88, "2"), svg="cards/a")])], ()))


def test_a_section_is_all_backed_or_all_fronts_only():
    with pytest.raises(ValueError, match="some faces have a back"):
        build(PrintFile("c.pdf", "c", [Section("cards", [Face(face(63, 88), face(63, 88)), Face(face(63, 88))])], ()))


def test_fronts_only_printing_drops_the_backs_pages():
    section = Section("cards", [Face(face(63, 88), face(63, 88, "back"), 9)])
    out = build(PrintFile("c.pdf", "c", [section], ()), options=BuildOptions(duplex="none"))
    assert len(pdfcheck.texts(out["c.pdf"].data)) == 1


def test_rulebook_and_data_files_pass_through_in_order():
    out = list(assemble("T", [DataFile("odds.csv", b"a,b\n", ("x.yaml",)), Rulebook("# Rules\n\nPlay.", ("r.yaml",))],
                        BuildOptions()))
    assert [a.path for a in out] == ["odds.csv", "rulebook.pdf"]
    assert out[0].data == b"a,b\n" and out[1].data.startswith(b"%PDF") and out[1].sources == ("r.yaml",)


def test_later_files_are_made_when_the_press_reaches_them_after_the_files_before_them():
    """A simulation's report (LaterFiles) does not hold up the drawing: the kit is read whole first
    (its SVGs share fonts), yet its PDF is made before the report is asked for."""
    asked: list[str] = []
    report = LaterFiles(lambda: asked.append("report") or [DataFile("balance/report.txt", b"fair\n", ("k.yaml",))])
    files = [PrintFile("c.pdf", "c", [Section("cards", [Face(face(63, 88), svg="card")])], ()), report]
    out = assemble("T", files, BuildOptions())
    assert next(out).path == "c.pdf" and next(out).path == "svg/card.svg" and asked == []
    assert [(a.path, a.data) for a in out] == [("balance/report.txt", b"fair\n")] and asked == ["report"]
    assert [f.path for f in made(files)] == ["c.pdf", "balance/report.txt"]   # the kit as other exporters read it


def test_the_four_games_are_discovered_through_the_entry_point_group():
    assert games.GROUP == "playkit.games"
    assert set(games.available()) >= {"islands-and-bridges", "skylands", "skybound-battle", "island-of-fog"}
    for gid in games.available():
        game = games.get(gid)
        assert game.id == gid and game.files, "every game declares the files it reads"


def test_an_undeclared_game_is_a_lookup_error():
    with pytest.raises(LookupError):
        games.get("chess")
