"""At least 6 pt text everywhere: every text of every PDF of every kit, at the size it prints.

The size is read back from the PDF itself (pypdf's text visitor), as the font size times the scale
of the text and current transformation matrices, so a face drawn smaller on a sheet, a scaled
figure or a shrunk label is measured as printed.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

import pypdf
import pytest

from generator.content import paths
from generator.core import kit
from generator.core.game import BuildOptions

MIN_PT = 6.0


def printed_sizes(data: bytes) -> list[tuple[int, float, str]]:
    """(page, size in pt as printed, text) for every non-blank text run of a PDF."""
    out: list[tuple[int, float, str]] = []
    for number, page in enumerate(pypdf.PdfReader(io.BytesIO(data)).pages, start=1):
        def visit(text: str, cm: list[float], tm: list[float], _font: object, size: float,
                  number: int = number) -> None:
            if not text.strip():
                return
            a, b, c, d = (tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                          tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
            out.append((number, size * math.sqrt(abs(a * d - b * c)), text.strip()))

        page.extract_text(visitor_text=visit)
    return out


def test_the_reader_measures_scaled_text() -> None:
    """A 12 pt text drawn at half scale prints at 6 pt, and is read so."""
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    canvas = Canvas(buf, invariant=1)
    canvas.setFont("Helvetica", 12)
    canvas.drawString(100, 700, "full")
    canvas.scale(0.5, 0.5)
    canvas.setFont("Helvetica", 10)
    canvas.drawString(100, 700, "small")
    canvas.save()
    sizes = {text: round(pt, 2) for _, pt, text in printed_sizes(buf.getvalue())}
    assert sizes == {"full": 12.0, "small": 5.0}


@pytest.mark.parametrize("game", kit.games_in(paths.CONTENT))
def test_every_text_of_every_kit_pdf_is_at_least_6_pt(game: str) -> None:
    loaded = kit.load(game, paths.CONTENT)
    pdfs = [a for a in kit.render(loaded, BuildOptions()) if a.path.endswith(".pdf")]
    assert pdfs
    small = [(a.path, page, round(pt, 2), text[:40]) for a in pdfs for page, pt, text in printed_sizes(a.data)
             if pt < MIN_PT - 1e-6]
    assert small == [], f"{len(small)} texts under {MIN_PT:g} pt, e.g. {small[:8]}"


def test_a_figure_leaves_out_the_words_it_would_shrink_under_6_pt() -> None:
    from generator.draw.scene import Group, Rect, Scene, Text
    from generator.press.figures import legible

    scene = Scene(40, 40, (Rect(0, 0, 40, 40, fill="#eeeeee"), Text(1, 5, "W", 6.5),
                           Group((Text(1, 9, "Name", 12),)), Text(1, 20, "Big", 14)))
    half = legible(scene, 0.5)
    from generator.draw.scene import texts

    assert texts(half) == ["Name", "Big"] and texts(legible(scene, 1.0)) == ["W", "Name", "Big"]
    assert half.items[0] == scene.items[0]


def _games_with_maps() -> list[str]:
    from generator import games

    return [g for g in games.available() if "map" in games.get(g).commands()]


@pytest.mark.parametrize("game", _games_with_maps())
def test_every_text_of_every_map_pdf_is_at_least_6_pt(game: str, tmp_path: Path) -> None:
    """The map commands' PDFs (the GM's gm.pdf, the players' pages, a fog map) are no kit file that
    `kit.render` makes, so the test over the kits never saw them: each is written here through the CLI,
    at the default table and at a larger one where it has a table (smaller cells on the overview)."""
    from click.testing import CliRunner

    from generator.cli import main

    runs = [["--seed", "42"]]
    if game == "islands-and-bridges":
        runs.append(["--seed", "7", "--table", "200x120"])
    small = []
    for n, args in enumerate(runs):
        out = tmp_path / str(n)
        result = CliRunner().invoke(main, ["--out", str(out), "map", game, *args])
        assert result.exit_code == 0, result.output
        pdfs = sorted(out.rglob("*.pdf"))
        assert pdfs
        small += [(pdf.name, page, round(pt, 2), text[:40]) for pdf in pdfs
                  for page, pt, text in printed_sizes(pdf.read_bytes()) if pt < MIN_PT - 1e-6]
    assert small == [], f"{len(small)} texts under {MIN_PT:g} pt, e.g. {small[:8]}"
