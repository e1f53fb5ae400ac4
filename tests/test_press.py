"""The press: imposition geometry, bleed, crop marks, duplex backs, tiling, boxes, fonts, determinism."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.game import BuildOptions
from generator.draw import Rect, Scene, Text, to_svg
from generator.press import PrintDocument, impose
from generator.press.paper import OVERLAP_MM, page
from tests import pdfcheck


def card(n: int) -> Scene:
    return Scene(63, 88, (Rect(0, 0, 63, 88, fill="#eeeeee"), Text(31.5, 44, f"card {n}", 12, anchor="middle")),
                 background="#3366aa")


def test_poker_cards_nine_up_on_a4():
    g = impose.grid("a4", 63, 88, 3)
    assert (g.cols, g.rows) == (3, 3) and (g.page.w, g.page.h) == (210, 297)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0, 3, 5])
def test_grid_stays_inside_the_margins(paper, bleed):
    g = impose.grid(paper, 63, 88, bleed)
    ax, ay, aw, ah = g.page.area
    for s in g.slots:
        left, top, right, bottom = s.bleeds
        assert s.x - left >= ax - 1e-6 and s.x + s.w + right <= ax + aw + 1e-6
        assert s.y - top >= ay - 1e-6 and s.y + s.h + bottom <= ay + ah + 1e-6


@settings(max_examples=60, deadline=None)
@given(w=st.floats(100, 900), h=st.floats(100, 900), bleed=st.sampled_from([0.0, 3.0]),
       paper=st.sampled_from(["a4", "letter"]))
def test_tiling_covers_the_whole_face_with_overlap(w, h, bleed, paper):
    t = impose.tile(paper, w, h, bleed)
    _, _, aw, ah = t.page.area
    parts = t.parts
    assert min(p.x for p in parts) == pytest.approx(-bleed)
    assert max(p.x + p.w for p in parts) == pytest.approx(w + bleed)
    assert max(p.y + p.h for p in parts) == pytest.approx(h + bleed)
    for p in parts:
        assert p.w <= aw + 1e-6 and p.h <= ah + 1e-6
    for a, b in itertools.pairwise(parts):
        if a.row == b.row:
            assert a.x + a.w - b.x >= OVERLAP_MM - 1e-6


def test_document_pages_boxes_and_fonts():
    doc = PrintDocument("Test", "cards", BuildOptions(paper="a4", bleed_mm=3, duplex="long"))
    doc.cards("cards", [card(i) for i in range(10)], card(99))
    data = doc.to_bytes()
    r = pdfcheck.reader(data)
    assert len(r.pages) == 4   # 9 + 1 fronts, each page followed by its backs
    for p in r.pages:
        assert pdfcheck.size_mm(p.mediabox) == (210.0, 297.0)
        trim, bleed = p.trimbox, p.bleedbox
        assert float(bleed.width) == pytest.approx(float(trim.width) + 6 * pdfcheck.MM, abs=0.01)
    assert pdfcheck.size_mm(r.pages[0].trimbox) == (189.0, 264.0)
    assert pdfcheck.fonts(data) and all(pdfcheck.fonts(data).values())
    assert "card 0" in pdfcheck.texts(data)[0] and "card 99" in pdfcheck.texts(data)[1]


def test_fronts_only_has_no_backs_pages():
    doc = PrintDocument("Test", "cards", BuildOptions(duplex="none"))
    doc.cards("cards", [card(i) for i in range(10)], card(99))
    assert len(pdfcheck.reader(doc.to_bytes()).pages) == 2


def test_same_faces_same_bytes_and_pages_keep_their_bytes():
    def build(first: str) -> bytes:
        doc = PrintDocument("Test", "cards", BuildOptions())
        doc.sheet("one", Scene(190, 250, (Text(10, 10, first, 12),)))
        doc.sheet("two", Scene(190, 250, (Text(10, 10, "unchanged page", 12),)))
        return doc.to_bytes()

    assert build("hello") == build("hello")
    a, b = pdfcheck.content_streams(build("hello")), pdfcheck.content_streams(build("changed, with new glyphs QZ"))
    assert a[0] != b[0] and a[1] == b[1]


def test_board_is_tiled_with_labels():
    doc = PrintDocument("Test", "board", BuildOptions(paper="letter"))
    doc.board("big board", Scene(400, 300, (Rect(0, 0, 400, 300, fill="#ddeeff"),)))
    texts = pdfcheck.texts(doc.to_bytes())
    assert len(texts) > 1 and all("big board, part" in t for t in texts)


def test_board_parts_say_which_goes_on_top_and_keep_crosses_off_the_play_area():
    from generator.press import impose
    from generator.press.document import _seam_crosses
    play = (10.0, 10.0, 380.0, 280.0)
    scene = Scene(400, 300, (Rect(0, 0, 400, 300, fill="#ddeeff"),), play_area=play)
    doc = PrintDocument("Test", "board", BuildOptions(paper="a4"))
    doc.board("big board", scene)
    texts = pdfcheck.texts(doc.to_bytes())
    assert "lay it first" in texts[0] and all("trim its" in t and "lay it over" in t for t in texts[1:])
    t = impose.tile("a4", 400, 300, 3.0)
    seen = 0
    for part in t.parts:
        for at, vertical in ((0.0, True), (part.w / 2, True), (0.0, False), (part.h / 2, False)):
            for x, y in _seam_crosses(scene, part, at, vertical):
                sx, sy = part.x + x, part.y + y   # the cross on the face
                inside = play[0] < sx < play[0] + play[2] and play[1] < sy < play[1] + play[3]
                assert not inside, (part, at, vertical, sx, sy)
                seen += 1
    assert seen  # the frame has room for crosses: they are placed, only not on the play area
    # without a play area, crosses fall a quarter and three quarters along the line
    plain = Scene(400, 300)
    assert _seam_crosses(plain, t.parts[0], 0.0, True) == [(0.0, t.parts[0].h * 0.25), (0.0, t.parts[0].h * 0.75)]


def test_svg_is_standalone_and_well_formed():
    import xml.dom.minidom

    svg = to_svg(card(7))
    dom = xml.dom.minidom.parseString(svg)
    root = dom.documentElement
    assert root.getAttribute("width") == "63mm" and root.getAttribute("viewBox") == "0,0,63,88"
    assert b"@font-face" in svg and b"card 7" in svg


def test_landscape_sheet_gets_a_landscape_page():
    assert impose.fits_whole("a4", 260, 180) == page("a4", landscape=True)
    assert impose.fits_whole("letter", 190, 250) == page("letter")
    assert impose.fits_whole("a4", 400, 400) is None


def test_cards_larger_than_the_paper_are_tiled():
    big = Scene(240, 240, (Rect(0, 0, 240, 240, fill="#f3e6c4"),), background="#f3e6c4")
    doc = PrintDocument("Test", "tiles", BuildOptions(paper="a4", duplex="none"))
    doc.cards("islands", [big, big])
    texts = pdfcheck.texts(doc.to_bytes())
    assert len(texts) == 4 and all(", part " in t for t in texts)


def test_groups_turn_clockwise_in_pdf_as_in_svg():
    import pypdfium2

    from generator.draw import Group

    arm = Group((Rect(0, -1, 9, 2, fill="#000000"),), dx=10, dy=10, rotate=90)  # points right, turned to point down
    doc = PrintDocument("Test", "rotation", BuildOptions(bleed_mm=0, crop_marks=False))
    doc.sheet("arm", Scene(20, 20, (arm,)))
    pg = pypdfium2.PdfDocument(doc.to_bytes())[0]
    image = pg.render(scale=144 / 72).to_pil().convert("L")
    x0 = (210 - 20) / 2 * 144 / 25.4   # the sheet is centred in the printable area
    top = (7.5 + 6 + (297 - 27 - 20) / 2) * 144 / 25.4
    k = 144 / 25.4
    below, right = image.getpixel((x0 + 10 * k, top + 15 * k)), image.getpixel((x0 + 15 * k, top + 10 * k))
    assert below < 100 < right
    assert b"rotate(90)" in to_svg(Scene(20, 20, (arm,)))


def test_rulebook_markup_keeps_an_escaped_star():
    from generator.press.rulebook import inline

    assert inline("*fragments\\* in a quote* and **bold** & <x>") == \
        "<i>fragments* in a quote</i> and <b>bold</b> &amp; &lt;x&gt;"


def test_rulebook_figures_are_the_games_scenes_with_numbered_captions():
    from generator.core.kitspec import Figure
    from generator.draw import Scene, Text
    from generator.press.figures import UnknownFigure, parse
    from generator.press.rulebook import rulebook_pdf

    assert parse("::: figure edge-match | legal | illegal") == ("edge-match", ("legal", "illegal"))
    assert parse("::: figure setup") == ("setup", ())
    assert parse("a paragraph") is None
    face = Scene(40, 40, (Text(5, 20, "Quartz Golem 7", 9),), background="#ddeeff")
    text = ("Some rules.\n\n::: figure pair | left | right\nTwo faces.\n\nMore rules.\n\n"
            "::: figure one\nOne face.\n")
    pdf = rulebook_pdf("Game", text, "a4", {"pair": Figure((face, face)), "one": Figure((face,), ("label",))})
    words = " ".join(pdfcheck.texts(pdf))
    assert words.count("Quartz Golem 7") == 3  # drawn by the scene, not typed into the book
    assert "Figure 1. Two faces." in words and "Figure 2. One face." in words
    assert "left" in words and "right" in words and "label" in words
    assert all(pdfcheck.fonts(pdf).values())
    with pytest.raises(UnknownFigure, match="nothing"):
        rulebook_pdf("Game", "::: figure nothing\n", "a4", {"pair": Figure((face,))})


def test_glyph_codes_fixed_up_front_leave_nothing_in_the_file_but_the_pages():
    """Glyphs are numbered before any page by a form no page shows: no page names it among its
    resources, and a page's text is what it shows."""
    doc = PrintDocument("Test", "cards", BuildOptions())
    doc.sheet("one", Scene(190, 250, (Text(10, 10, "only this", 12),)))
    data = doc.to_bytes()
    assert all("/XObject" not in page["/Resources"] for page in pdfcheck.reader(data).pages)
    assert "only this" in pdfcheck.texts(data)[0] and "QZ" not in pdfcheck.texts(data)[0]


def test_the_press_draws_with_reportlabs_public_api_only():
    import re
    from pathlib import Path

    import generator

    package = Path(generator.__file__).parent
    private = re.compile(r"\._code\b|\._doc\b|__class__ =")
    found = [f"{p.relative_to(package)}:{n}" for p in sorted(package.rglob("*.py"))
             for n, line in enumerate(p.read_text().splitlines(), 1) if private.search(line)]
    assert found == []


def test_a_heading_or_a_line_leading_into_a_table_never_ends_a_page():
    """However much text comes before, a heading, the short paragraph under it and a line ending in ':'
    stand on the page of the table they lead into; a heading and the short lines under it, on the page
    of the list that follows them."""
    from generator.press.rulebook import rulebook_pdf

    table = "\n".join(["| Shape | Spaces |", "|---|---|", *(f"| shape {k} | {k} |" for k in range(12))])
    for filler in range(20, 52):
        text = "\n\n".join([*(f"Filler paragraph {k} of a rule book's text, long enough to take a line." for k
                              in range(filler)),
                            "## Ongoing effects", "From the moment you place it, its effect lasts.", table,
                            "The shapes of the tiles:", table.replace("shape", "form"),
                            "## Holding back", "Decision id: bluffing", "The seed says:",
                            "- the first quote of the seed, " + "long enough to fill three lines of the book, " * 4
                            + "\n- the second quote of the seed"])
        page_of = _page_finder(rulebook_pdf("Game", text, "a4", {}))

        assert page_of("Ongoing effects") == page_of("From the moment") == page_of("shape 0"), filler
        assert page_of("The shapes of the tiles:") == page_of("form 0"), filler
        assert page_of("Holding back") == page_of("The seed says:") == page_of("the first quote"), filler


def test_a_list_never_leaves_its_first_or_last_item_alone_on_a_page():
    """However much text comes before, the first two items of a list stand on one page, and so do the
    last two (a typographer's widow and orphan rule): no page ends with a list's first item alone, nor
    starts with its last item alone."""
    from generator.press.rulebook import rulebook_pdf

    items = [f"- Card {k} · cost {k % 4} · {k} / {k + 2}" + (". Ranged: its target does not attack back, "
             "which takes a second line of the book's text to say." if k % 3 == 0 else "") for k in range(1, 9)]
    seen = set()
    for filler in range(24, 40):
        text = "\n\n".join([*(f"Filler paragraph {k} of a rule book's text, long enough to take a line." for k
                              in range(filler)), "The cards of the Gale deck are these.", "\n".join(items),
                            "## Quick reference",
                            "After the list, the book goes on."])
        page_of = _page_finder(rulebook_pdf("Game", text, "a4", {}))

        first, second, last_but_one, last = (page_of(f"Card {k} ·") for k in (1, 2, 7, 8))
        seen.add(last - first)
        assert first == second, filler
        assert last_but_one == last, filler
    assert seen == {0, 1}   # some lists fit on a page, some were split over two


def test_a_figure_keeps_a_clipped_groups_clip():
    """A face cut to its edge (a Clipped group) stays cut in a figure: shown whole, at a small scale, or
    as its picture without words (the Islands & Bridges island's art reached out under its callouts)."""
    from generator.draw.scene import Clipped
    from generator.press.figures import legible, pictured

    art = Clipped((Rect(-5, -5, 50, 50, fill="#f2e6c4"), Text(2, 8, "A1", 6)), 1.0, 2.0, clip=(0, 0, 40, 40))
    scene = Scene(42, 42, (art,))
    for shown in (legible(scene, 1.0), legible(scene, 0.5), pictured(scene)):
        group = shown.items[0]
        assert isinstance(group, Clipped) and group.clip == (0, 0, 40, 40) and (group.dx, group.dy) == (1.0, 2.0)
    assert [type(i) for i in legible(scene, 0.5).items[0].items] == [Rect]   # the 6 pt word at half size goes


def _page_finder(pdf: bytes) -> Callable[[str], int]:
    """For a PDF: the (first) page, from 0, whose text holds some words."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        pages = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()
    return lambda words: next(i for i, t in enumerate(pages) if words in t)
