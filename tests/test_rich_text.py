"""Rich text, icons and values chosen by the row in a designer's own deck, through the CLI: bold,
italic and inline icons wrapped and shrunk by the one fitting function, a layout and a back for each
card type, and text sizes that cannot make the fitting run away."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cli import main
from generator.draw import text as text_module
from generator.draw.text import STEP_PT, largest
from generator.layout.spec import MAX_TEXT_PT
from tests import pdfcheck

STAR = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<path d="M5 0 L6.5 3.5 L10 4 L7.5 6.5 L8 10 L5 8 L2 10 L2.5 6.5 L0 4 L3.5 3.5 Z" fill="#ff00ff"/></svg>')
GAME = """kind: generic
title: Rich Deck
components:
  - id: cards
    name: Cards
    data: cards.csv
    layout: {layout}
    back: {back}
    fields: {{name: text, type: [hero, monster], text: text}}
"""
CARD = """size: poker
background: "#f0f0f0"
icons: {{star: images/star.svg, coin: images/coin.png}}
boxes:
  name: {{type: text, x: 4mm, y: 4mm, width: 55mm, height: 8mm, text: "{{{{ name }}}}", size: 12, font: bold}}
  rules: {{type: text, x: 4mm, y: 50mm, width: 40mm, height: {height}, text: "{{{{ text }}}}", size: 12}}
"""
BACK = """size: poker
background: "{colour}"
boxes:
  word: {{type: text, x: 4mm, y: 40mm, width: 55mm, height: 10mm, text: "{word}", size: 14, align: center}}
"""
RULES = ("<b>Deal 2</b> :star: damage to each foe, <i>then draw</i> a card and gain :coin: for every "
         "<b><i>brave</i></b> hero you control")


def _png(path: Path) -> None:
    from PIL import Image

    Image.new("RGB", (12, 12), (0, 200, 80)).save(path)


@pytest.fixture
def designs(tmp_path: Path) -> Path:
    folder = tmp_path / "designs" / "rich"
    (folder / "layouts").mkdir(parents=True)
    (folder / "images").mkdir()
    (folder / "images" / "star.svg").write_text(STAR)
    _png(folder / "images" / "coin.png")
    (folder / "game.yaml").write_text(GAME.format(layout="card", back="back"))
    (folder / "layouts" / "card.yaml").write_text(CARD.format(height="18mm"))
    for name, colour in (("back", "#202020"), ("hero-back", "#2040a0"), ("monster-back", "#a02020")):
        (folder / "layouts" / f"{name}.yaml").write_text(BACK.format(colour=colour, word=name.upper()))
    (folder / "cards.csv").write_text(f'name,type,text\nBrave Knight,hero,"{RULES}"\nGoblin,monster,Bite.\n')
    return folder.parent


def _run(runner, designs: Path, out: Path, command: str = "build"):
    return runner.invoke(main, ["--content", str(designs), "--out", str(out), command, "rich"])


def _pages(data: bytes) -> list[bytes]:
    return pdfcheck.content_streams(data)


def test_bold_italic_and_two_icons_wrap_and_shrink_in_the_pdf_and_the_svg(runner, designs, tmp_path):
    result = _run(runner, designs, tmp_path / "out")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "rich"
    data = (folder / "cards.pdf").read_bytes()
    pdfcheck.assert_print_ready(data)
    used = pdfcheck.fonts(data)
    names = " ".join(used)
    for face in ("Bold", "Oblique", "BoldOblique"):   # Bitstream Vera's bold, italic and bold italic
        assert re.search(rf"VeraSans-{face}\b", names), (face, used)
    assert all(used.values()), "every face embedded"
    page = _pages(data)[0]
    assert b"1 0 1 rg" in page, "the star icon is drawn (its magenta fill)"
    images = pdfcheck.reader(data).pages[0].images
    assert len(images) == 1, "the coin icon is drawn (a picture on the page)"
    text = pdfcheck.texts(data)[0]
    assert "Deal 2" in text and "brave" in text and "<b>" not in text and ":star:" not in text

    svg = (folder / "svg" / "cards" / "01-brave-knight.svg").read_text()
    assert svg.count('fill="#ff00ff"') == 1 and svg.count("<image") == 1
    assert 'font-weight="bold"' in svg and 'font-style="italic"' in svg
    assert re.search(r'<text[^>]*font-style="italic"[^>]*font-weight="bold"|<text[^>]*font-weight="bold"[^>]*'
                     r'font-style="italic"', svg), "bold italic"
    assert "font-style:italic" in svg and "font-weight:bold" in svg, "the bold and italic faces embedded"
    # wrapped (several baselines) and shrunk (below the 12 pt asked for) to fit its 40 x 18 mm box
    texts = [(float(re.search(r'font-size="([\d.]+)"', t)[1]), float(re.search(r' y="([\d.]+)"', t)[1]))
             for t in re.findall(r"<text [^>]*>", svg)]
    sizes = {size for size, y in texts if y > 50}
    baselines = {y for size, y in texts if y > 50}
    assert len(baselines) >= 3
    assert min(sizes) < 12 * 25.4 / 72 - 1e-6


def test_bold_italic_is_embedded_where_printed_and_its_codes_depend_on_its_page_alone(runner, designs, tmp_path):
    """A PDF that prints no bold italic carries no bold-italic font; one that does numbers its glyphs
    in code-point order, so a page with bold italic is the same bytes whatever earlier pages printed
    (reportlab numbers the glyphs past ASCII in order of first use)."""
    folder = designs / "rich"
    (folder / "cards.csv").write_text("name,type,text\n" + "Goblin,monster,<b>Bite</b> and <i>run</i>.\n" * 30)
    assert _run(runner, designs, tmp_path / "plain").exit_code == 0
    names = " ".join(pdfcheck.fonts((tmp_path / "plain" / "rich" / "cards.pdf").read_bytes()))
    assert "VeraSans-Bold " in names + " " and "BoldOblique" not in names, names

    a_page = pdfcheck.texts((tmp_path / "plain" / "rich" / "cards.pdf").read_bytes())[0].count("Goblin")
    streams = []
    for first in ("ü", "é"):   # the first pages' bold italic differs; the last page's is the same
        rows = [f"Goblin,monster,<b><i>{first}</i></b>"] * a_page + ["Ogre,monster,<b><i>señor ü é</i></b>"]
        (folder / "cards.csv").write_text("name,type,text\n" + "\n".join(rows) + "\n")
        out = tmp_path / first
        assert _run(runner, designs, out).exit_code == 0
        data = (out / "rich" / "cards.pdf").read_bytes()
        page = next(n for n, text in enumerate(pdfcheck.texts(data)) if "Ogre" in text)
        assert page > 0 and "BoldOblique" in " ".join(pdfcheck.fonts(data))
        streams.append(_pages(data)[page])
    assert streams[0] == streams[1]


def test_an_icon_is_read_once_through_the_shelf_and_drawn_from_its_bytes(runner, designs, tmp_path, monkeypatch):
    """An icon file, also drawn by a picture box, is read once in a build (validate and build alike) and
    never by its path again: removed after it was read, the kit is still drawn from what was read."""
    from generator.layout import pictures

    layout = designs / "rich" / "layouts" / "card.yaml"
    layout.write_text(layout.read_text() + "  art: {type: image, file: images/star.svg, x: 4mm, y: 20mm, "
                                           "width: 20mm, height: 20mm}\n")
    reads: list[str] = []
    real = pictures.read_bytes

    def counted(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        reads.append(Path(path).name)
        data = real(path, *args, **kwargs)
        if Path(path).name == "star.svg":
            Path(path).unlink()   # gone once read: whatever draws it next must use the bytes
        return data

    monkeypatch.setattr(pictures, "read_bytes", counted)
    result = _run(runner, designs, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert sorted(reads) == ["coin.png", "star.svg"], reads
    svg = (tmp_path / "out" / "rich" / "svg" / "cards" / "01-brave-knight.svg").read_text()
    assert svg.count('fill="#ff00ff"') == 2, "the star inline and in its box"


def test_the_same_text_at_its_full_size_takes_more_room(runner, designs, tmp_path):
    """The shrink is the fitting's: a box tall enough keeps the 12 pt asked for."""
    (designs / "rich" / "layouts" / "card.yaml").write_text(CARD.format(height="34mm"))
    assert _run(runner, designs, tmp_path / "out").exit_code == 0
    svg = (tmp_path / "out" / "rich" / "svg" / "cards" / "01-brave-knight.svg").read_text()
    assert f'font-size="{12 * 25.4 / 72:.3f}"'.rstrip("0") in svg


@pytest.mark.parametrize(("cell", "said"), [
    ("Gain :coins: now", "unknown icon :coins: (did you mean :coin:?"),
    ("A <bold>big</bold> hit", "unknown markup <bold> (did you mean <b>?"),
    ("An <i>open tag", "<i> is never closed"),
    ("A </b> stray", "</b> closes no <b>"),
])
def test_bad_markup_in_a_cell_is_an_error_at_the_cell(runner, designs, tmp_path, cell, said):
    (designs / "rich" / "cards.csv").write_text(f"name,type,text\nGoblin,monster,Bite.\nOgre,monster,{cell}\n")
    result = _run(runner, designs, tmp_path / "out", "validate")
    assert result.exit_code == 1 and "Traceback" not in result.output
    line = next(x for x in result.output.splitlines() if said in x)
    assert re.match(r".*cards\.csv:3:\d+: error: text: ", line), line
    assert not (tmp_path / "out").exists()


def test_bad_markup_written_in_the_layout_is_an_error_at_its_line(runner, designs, tmp_path):
    layout = designs / "rich" / "layouts" / "card.yaml"
    layout.write_text(layout.read_text().replace('text: "{{ name }}"', 'text: "{{ name }} :sword:"'))
    result = _run(runner, designs, tmp_path / "out", "validate")
    assert result.exit_code == 1
    assert re.search(r"layouts/card\.yaml:5:\d+: error: box 'name': .*unknown icon :sword: .*icons: coin, star",
                     result.output), result.output


def test_literal_markup_characters_print_as_written(runner, designs, tmp_path):
    (designs / "rich" / "cards.csv").write_text('name,type,text\nGoblin,monster,"\\<b> and \\:star: and 3 < 4: ok"\n')
    result = _run(runner, designs, tmp_path / "out")
    assert result.exit_code == 0, result.output
    text = pdfcheck.texts((tmp_path / "out" / "rich" / "cards.pdf").read_bytes())[0]
    assert "<b> and :star:" in text and "3 < 4: ok" in text


def test_a_layout_and_a_back_for_each_card_type_chosen_by_a_column(runner, designs, tmp_path):
    folder = designs / "rich"
    card = (folder / "layouts" / "card.yaml").read_text()
    (folder / "layouts" / "hero.yaml").write_text(card.replace('"#f0f0f0"', '"#ddeeff"'))
    (folder / "layouts" / "monster.yaml").write_text(card.replace('"#f0f0f0"', '"#ffdddd"'))
    (folder / "game.yaml").write_text(GAME.format(layout='"{{ type }}"', back='"{{ type }}-back"'))
    result = _run(runner, designs, tmp_path / "out")
    assert result.exit_code == 0, result.output
    svgs = tmp_path / "out" / "rich" / "svg" / "cards"
    knight, goblin = (svgs / "01-brave-knight.svg").read_text(), (svgs / "02-goblin.svg").read_text()
    assert 'fill="#ddeeff"' in knight and 'fill="#ffdddd"' in goblin
    assert "HERO-BACK" in (svgs / "01-brave-knight-back.svg").read_text()
    assert "MONSTER-BACK" in (svgs / "02-goblin-back.svg").read_text()
    backs = pdfcheck.texts((tmp_path / "out" / "rich" / "cards.pdf").read_bytes())[1]
    assert "HERO-BACK" in backs and "MONSTER-BACK" in backs

    # a type with no layout is an error at its cell, with the name it was likely meant to be
    (folder / "cards.csv").write_text("name,type,text\nGoblin,monster,Bite.\n")
    (folder / "game.yaml").write_text(GAME.format(layout='"{{ name | lower }}"', back='"{{ type }}-back"'))
    (folder / "layouts" / "goblins.yaml").write_text(card)
    result = _run(runner, designs, tmp_path / "out2", "validate")
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:7:\d+: error: .*the layout 'goblin' is no layout of the game .*did you mean "
                     r"'goblins'\?", result.output), result.output


def test_a_templated_place_and_size_are_checked_for_every_row(runner, designs, tmp_path):
    folder = designs / "rich"
    (folder / "game.yaml").write_text(GAME.format(layout="card", back="back").replace(
        "text: text}", "text: text, x: number, pt: number}"))
    layout = folder / "layouts" / "card.yaml"
    layout.write_text(layout.read_text().replace("x: 4mm, y: 50mm", 'x: "{{ x }}mm", y: 50mm').replace(
        'text: "{{ text }}", size: 12', 'text: "{{ text }}", size: "{{ pt }}"'))
    (folder / "cards.csv").write_text("name,type,text,x,pt\nA,hero,Hit.,4,12\nB,hero,Hit.,40,12\n"
                                      "C,hero,Hit.,4,1000000\nD,hero,Hit.,4,3\n")
    result = _run(runner, designs, tmp_path / "out", "validate")
    assert result.exit_code == 1, result.output
    out = result.output
    assert re.search(r"card\.yaml:6:\d+: error: box 'rules': Cards 'B' .*outside the 63 x 88 mm face \(text from "
                     r"x at .*cards\.csv:3:", out), out
    assert re.search(r"card\.yaml:6:\d+: error: box 'rules': size: Cards 'C' .*1e\+06 pt is larger than the 720 pt",
                     out), out
    assert re.search(r"card\.yaml:6:\d+: error: box 'rules': size: Cards 'D' .*3 pt is smaller than the 6 pt", out)
    assert "Cards 'A'" not in out


def test_a_hostile_text_size_is_refused_and_the_largest_allowed_fits_in_few_tries(runner, designs, tmp_path,
                                                                                   monkeypatch):
    layout = designs / "rich" / "layouts" / "card.yaml"
    layout.write_text(CARD.format(height="18mm").replace("size: 12}", "size: 1000000}"))
    result = _run(runner, designs, tmp_path / "out", "validate")
    assert result.exit_code == 1
    assert re.search(r"card\.yaml:6:\d+: error: box 'rules': size: 1e\+06 pt is larger than the 720 pt", result.output)

    # the largest size allowed, shrunk to fit: counted tries, about 2·log2 of the steps down to 6 pt
    layout.write_text(CARD.format(height="18mm").replace("size: 12}", f"size: {MAX_TEXT_PT:g}}}"))
    tries: list[float] = []
    real = text_module.lay_out

    def counted(paras, w, h, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        tries.append(size)
        return real(paras, w, h, size, *args, **kwargs)

    monkeypatch.setattr(text_module, "lay_out", counted)
    text_module.fit.cache_clear()
    result = _run(runner, designs, tmp_path / "out", "validate")
    assert result.exit_code == 0, result.output
    steps = (MAX_TEXT_PT - 6) / STEP_PT
    texts = 2   # the rules of the two cards, each fitted from 720 pt
    bound = texts * (2 * int(steps).bit_length() + 2)   # stepping down would take `steps` (2,856) a text
    assert any(s > 100 for s in tries) and len(tries) <= bound, (len(tries), bound)


@settings(max_examples=200, deadline=None)
@given(top=st.floats(7, 200), low=st.sampled_from([6.0, 6.5, 7.0]), limit=st.floats(0, 210))
def test_bisection_finds_what_stepping_down_finds(top, low, limit):
    """The fitting's search gives the size stepping down 0.25 pt at a time would (the one it replaced)."""
    def fits(pt: float) -> float | None:
        return pt if pt <= limit else None

    size = top
    while size > low and fits(size) is None:
        size = max(low, size - 0.25)
    stepped = (size, size) if fits(size) is not None else None
    assert largest(fits, top, low) == stepped


def test_the_search_tries_few_sizes_however_large():
    tried: list[float] = []

    def fits(pt: float) -> float | None:
        tried.append(pt)
        return pt if pt <= 6.3 else None

    assert largest(fits, 1_000_000, 6) == (6.25, 6.25)
    assert len(tried) <= 2 * 22 + 2   # 4 million steps of 0.25 pt: about 2·log2 of them



def test_a_slot_size_is_no_template(tmp_path):
    """A slot's sizes are hints the game's code reads as numbers: a template there is refused at its line."""
    from generator.content import Problem
    from generator.layout import load_layouts, load_palette

    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "card.yaml").write_text(
        'size: poker\nboxes:\n  art: {type: slot, x: 1mm, y: 1mm, width: 9mm, height: 9mm, size: "{{ pt }}"}\n')
    problems: list[Problem] = []
    layouts = load_layouts(tmp_path, load_palette(tmp_path, problems), problems)
    assert layouts["card"].box("art") is None
    assert [(p.line, "sizes a text box's words only" in p.message) for p in problems] == [(3, True)]
