"""Issue 27's smaller frictions, through the CLI: a bleed with its unit, a game's folder given for its id,
a relative --content that does not exist, SVG strokes of width 0, a custom font's quiet subsetting."""

from __future__ import annotations

from pathlib import Path

from generator.cli import main
from generator.content import paths
from tests import pdfcheck


def test_bleed_takes_a_unit_as_content_does(runner, tmp_path):
    """--bleed 0.125in is 3.175 mm: the home sheets' BleedBox lies that far outside the TrimBox."""
    content = paths.EXAMPLES / "decks"
    for given, mm in (("0.125in", 3.175), ("3mm", 3.0), ("2", 2.0)):
        out = tmp_path / given
        result = runner.invoke(main, ["--content", str(content), "--out", str(out), "build", "market-day",
                                      "--bleed", given])
        assert result.exit_code == 0, result.output
        page = pdfcheck.reader((out / "market-day" / "cards.pdf").read_bytes()).pages[0]
        reach = (float(page.trimbox.left) - float(page.bleedbox.left)) / 72 * 25.4
        assert abs(reach - mm) < 0.01, (given, reach)
    result = runner.invoke(main, ["build", "skylands", "--bleed", "11mm"])
    assert result.exit_code == 2 and "'11mm' is 11 mm; from 0 to 10 mm" in result.output


def test_a_games_folder_for_its_id_suggests_the_whole_command(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(main, ["new", "deck", "my-deck", "--dir", "designs"]).exit_code == 0
    result = runner.invoke(main, ["build", "./designs/my-deck"])
    assert result.exit_code == 2
    assert "`playkit --content designs build my-deck`" in result.output
    result = runner.invoke(main, ["--content", "designs", "validate", "my-deck"])
    assert result.exit_code == 0, result.output


def test_a_relative_content_folder_that_is_not_here_says_where_it_looked(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["--content", "examples/decks", "validate"])
    assert result.exit_code == 2
    assert f"looked in {tmp_path / 'examples' / 'decks'}" in result.output
    assert f"--content {paths.EXAMPLES / 'decks'}" in result.output, "the shipped examples named"
    result = runner.invoke(main, ["--content", str(paths.EXAMPLES / "decks"), "validate", "market-day"])
    assert result.exit_code == 0, result.output


ZERO_STROKES = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20" height="20">
  <rect x="0" y="0" width="20" height="20" fill="#1f2a44" stroke="#ffffff" stroke-width="0"/>
  <circle cx="10" cy="10" r="6" fill="#e2b33c" stroke="#ffffff" stroke-width="0"/>
  <line x1="0" y1="0" x2="20" y2="20" stroke="#ffffff" stroke-width="0"/>
</svg>
"""


def test_an_svg_stroke_of_width_0_draws_no_stroke(runner, tmp_path):
    """A PDF line of width 0 is the thinnest the device draws: a white hairline around the icon's
    shapes in the PDF and every PNG made from it. No stroke is drawn, in the PDF or the SVG; nor for a
    layout box of stroke_width 0."""
    import re
    import shutil

    shutil.copytree(paths.EXAMPLES / "decks" / "market-day", tmp_path / "market-day")
    (tmp_path / "market-day" / "images" / "coin.svg").write_text(ZERO_STROKES)
    layout = tmp_path / "market-day" / "layouts" / "card.yaml"
    layout.write_text(layout.read_text().replace("stroke_width: 0.4mm", "stroke_width: 0mm"))
    assert "stroke_width: 0mm" in layout.read_text()
    result = runner.invoke(main, ["--content", str(tmp_path), "--out", str(tmp_path / "out"), "build", "market-day"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "market-day"
    streams = b"".join(pdfcheck.content_streams((folder / "cards.pdf").read_bytes()))
    assert not re.search(rb"(^|\s)0 w\s", streams), "a line width of 0 set for a stroke"
    face = (folder / "svg" / "cards" / "01-fresh-bread.svg").read_text()
    assert 'stroke-width="0"' not in face and 'stroke="#ffffff"' not in face


def _font_with_fftm(target: Path) -> None:
    """reportlab's Vera with a FontForge timestamp table (FFTM), as fonts made with FontForge have."""
    import reportlab
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(Path(reportlab.__file__).parent / "fonts" / "VeraBd.ttf")
    fftm = newTable("FFTM")
    fftm.version, fftm.FFTimeStamp, fftm.sourceCreated, fftm.sourceModified = 1, 0, 0, 0
    font["FFTM"] = fftm
    font.save(target)


def test_a_custom_font_subsets_quietly_and_the_preview_subsets_it_once(runner, tmp_path, capfd, caplog):
    """fontTools warned `FFTM NOT subset…` once a subset; the preview made a subset a face (7 ms of the
    built-in font, ~40 ms of a designer's): now one a font and style, as the home kit's SVGs."""
    import re
    import shutil

    shutil.copytree(paths.EXAMPLES / "decks" / "market-day", tmp_path / "market-day")
    _font_with_fftm(tmp_path / "market-day" / "title.ttf")
    for name in ("card", "back", "coin"):
        layout = tmp_path / "market-day" / "layouts" / f"{name}.yaml"
        layout.write_text(layout.read_text().replace("font: bold", "font: title.ttf"))
    result = runner.invoke(main, ["--content", str(tmp_path), "--out", str(tmp_path / "out"), "build", "market-day",
                                  "--profile", "preview"])
    assert result.exit_code == 0, result.output
    said = result.output + capfd.readouterr().err + caplog.text
    assert "NOT subset" not in said and "FFTM" not in said
    faces = list((tmp_path / "out" / "market-day" / "preview").rglob("*.svg"))
    subsets = {m for f in faces for m in re.findall(r"base64,([A-Za-z0-9+/=]+)", f.read_text())}
    # the built-in family's regular, bold and italic (a card's <i>), and the designer's font: a subset
    # each, for every face
    assert len(faces) == 17 and len(subsets) <= 4, len(subsets)


def test_a_row_with_a_wrong_cell_is_still_checked_for_a_text_too_long(runner, tmp_path):
    """Every problem at once: a wrong number in a row no longer hides that its text does not fit (the
    boxes that read no wrong cell are drawn all the same); the boxes that read it are not."""
    assert runner.invoke(main, ["new", "deck", "my-deck", "--dir", str(tmp_path)]).exit_code == 0
    csv = tmp_path / "my-deck" / "cards.csv"
    long = " ".join(["Worth 2 more when sold on a rainy day."] * 12)
    text = csv.read_text()
    assert "Spice Crate,3,goods,Worth 2 more when sold on a rainy day.," in text
    csv.write_text(text.replace("Spice Crate,3,goods,Worth 2 more when sold on a rainy day.,",
                                f"Spice Crate,three,goods,{long},"))
    result = runner.invoke(main, ["--content", str(tmp_path), "validate", "my-deck"])
    found = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(found) == 2, result.output
    assert "cards.csv:3:13: error: cost: a number, not 'three'" in found[0]
    assert "box 'rules': Cards 'Spice Crate'" in found[1] and "does not fit" in found[1]
