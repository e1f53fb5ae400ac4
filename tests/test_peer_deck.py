"""A deck of hundreds printed a page at a time: the faces are drawn as the press reaches them, never
held, and the bytes are those of the same faces imposed all at once (issue 13's peer deck)."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content import paths
from generator.core import kit
from generator.core.game import BuildOptions
from generator.core.kitspec import DrawnFaces, PrintFile, Section
from generator.draw.fonts import PT_MM, width_mm
from generator.draw.scene import Text
from generator.draw.text import LEADING, wrap, wrapped_to_fit
from generator.generic.game import RowFaces
from generator.layout.template import TemplateFails, compile_template, render
from generator.press.assemble import assemble
from tests import pdfcheck
from tests.conftest import replace_in

DECKS = paths.EXAMPLES / "decks"
ROOT = Path(__file__).resolve().parent.parent


def kit_files(game_id: str, root: Path = DECKS) -> tuple[str, list[PrintFile]]:
    loaded = kit.load(game_id, root)
    spec = loaded.game.kit(loaded.model, loaded.content, BuildOptions())
    return spec.title, [f for f in spec.files if isinstance(f, PrintFile)]


def held(files: list[PrintFile]) -> list[PrintFile]:
    """The same kit with every face drawn up front and held in a list (as games with rules give them)."""
    return [replace(f, parts=[replace(p, faces=list(p.faces)) if isinstance(p, Section) else p for p in f.parts])
            for f in files]


@pytest.mark.parametrize("game_id", ["market-day", "peer-deck"])
def test_faces_drawn_a_page_at_a_time_print_the_same_bytes_as_faces_held(game_id):
    title, files = kit_files(game_id)
    assert any(isinstance(p, Section) and isinstance(p.faces, DrawnFaces) for f in files for p in f.parts)
    streamed = {a.path: a.data for a in assemble(title, files, BuildOptions())}
    whole = {a.path: a.data for a in assemble(title, held(files), BuildOptions())}
    assert streamed == whole


def test_the_peer_deck_is_540_cards_nine_to_a_page_with_backs_and_no_svg(runner, tmp_path):
    from generator.cli import main

    result = runner.invoke(main, ["--content", str(DECKS), "--out", str(tmp_path), "build", "peer-deck"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "peer-deck"
    data = (folder / "cards.pdf").read_bytes()
    pages = pdfcheck.texts(data)
    assert len(pages) == 2 * 60 and "Cards 60/60 (backs, long-edge duplex)" in pages[-1]
    assert "Amber Archer" in pages[0] and "Peer" in pages[1]
    assert not (folder / "svg").exists()   # svg: false


def test_each_face_is_laid_out_once_a_build_and_the_press_prints_the_checks_drawing(monkeypatch):
    from generator.generic import game as generic

    laid_out: list[str] = []

    def counted(layout, item, *args, **kwargs):
        laid_out.append(item.name)
        return draw(layout, item, *args, **kwargs)

    draw = generic.draw
    monkeypatch.setattr(generic, "draw", counted)
    loaded = kit.load("peer-deck", DECKS)
    (faces,) = loaded.model.drawn
    assert isinstance(faces, RowFaces) and len(faces) == 540 and faces.copies == 540
    assert faces.shared_back is not None   # the back reads no field: drawn once for all
    checked = len(laid_out)
    assert checked == 540 + 1
    spec = loaded.game.kit(loaded.model, loaded.content, BuildOptions())
    printed = {a.path: a.data for a in assemble(spec.title, [f for f in spec.files if isinstance(f, PrintFile)],
                                                BuildOptions())}
    assert "cards.pdf" in printed and len(laid_out) == checked   # the press laid out nothing again
    assert faces[0].front is next(iter(faces)).front and faces[0].back is faces[539].back
    frames = {id(f.front.items[0]) for f in faces}
    assert len(frames) == 1   # what reads nothing of a row is one drawing for every face


def test_a_back_that_shows_a_field_is_drawn_for_each_face(tmp_path, runner):
    from generator.cli import main

    root = tmp_path / "designs"
    assert runner.invoke(main, ["new", "deck", "my-deck", "--dir", str(root)]).exit_code == 0
    replace_in(root / "my-deck" / "layouts" / "back.yaml", "text: My Deck", 'text: "{{ kind }}"')
    _, files = kit_files("my-deck", root)
    faces = files[0].parts[0].faces
    assert isinstance(faces, RowFaces) and faces.shared_back is None
    assert faces[0].back != faces[-1].back   # goods, event
    out = runner.invoke(main, ["--content", str(root), "--out", str(tmp_path / "out"), "build", "my-deck"])
    assert out.exit_code == 0, out.output
    assert (tmp_path / "out" / "my-deck" / "svg" / "cards" / "01-fresh-bread-back.svg").is_file()


def imported_building(deck: str, out: Path, prefix: str) -> list[str]:
    """The modules named `prefix…` a fresh process has imported once it has built `deck` into `out`."""
    code = ("import sys; from generator.cli import main\n"
            f"try: main(['--content', sys.argv[1], '--out', sys.argv[2], 'build', {deck!r}])\n"
            "except SystemExit: pass\n"
            f"print(sorted(m for m in sys.modules if m.startswith({prefix!r})))")
    done = subprocess.run([sys.executable, "-c", code, str(DECKS), str(out)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    assert (out / deck / "cards.pdf").is_file(), done.stdout
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


def test_a_data_only_deck_builds_without_importing_the_games(tmp_path):
    assert imported_building("market-day", tmp_path, "generator.games.") == []


words = st.lists(st.sampled_from(["a", "Ready", "two", "of", "your", "units.", "WWWWWWWW", "draw", "iii", "\n"]),
                 max_size=30).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(words, st.floats(5, 60), st.floats(3, 40), st.sampled_from([6.0, 8.5, 10.0]),
       st.sampled_from(["regular", "bold"]))
def test_wrapping_to_fit_is_wrapping_when_it_fits(text, w, h, pt, style):
    """Measured once a line and given up on early, the lines are `wrap`'s, exactly when `fits` says so
    (what the text boxes of every game used before)."""
    old_fits = all(width_mm(line, pt, style) <= w for line in wrap(text, w, pt, style)) and \
        len(wrap(text, w, pt, style)) * pt * PT_MM * LEADING <= h + 1e-9
    assert wrapped_to_fit(text, w, h, pt, style) == (wrap(text, w, pt, style) if old_fits else None)



def test_a_box_template_that_fails_says_why_at_its_place(tmp_path):
    """A field that the item lacks, and a template that cannot be read, fail as the sandbox says."""
    with pytest.raises(TemplateFails, match="'cost' is undefined"):
        render(compile_template("{{ cost }}"), {"name": "x"})
    with pytest.raises(TemplateFails, match="'cost' is undefined"):
        render(compile_template("{{ cost + 1 }}"), {"name": "x"})
    with pytest.raises(TemplateFails, match="unexpected"):
        compile_template("{{ not }}")
    assert render(compile_template("{{ name | upper }}"), {"name": "x"}) == "X"


def test_a_text_box_drawn_again_for_a_text_is_what_it_drew_the_first_time():
    """The peer deck's stats and rules texts repeat: each is laid out once a box and its lines shared
    by the faces that show it, the same faces as drawn afresh (a layout loaded anew knows no text)."""
    _, files = kit_files("peer-deck")
    faces = files[0].parts[0].faces
    drawn = [faces[k].front for k in range(len(faces))]          # every text seen, most twice
    _, again = kit_files("peer-deck")
    for k in (0, 17, 311, 539):
        assert again[0].parts[0].faces[k].front == drawn[k]       # drawn by a layout that knows no text
    rules: dict[tuple[str, ...], set[tuple[int, ...]]] = {}
    for scene in drawn:
        lines = [i for i in scene.items if isinstance(i, Text) and i.style == "regular"]
        rules.setdefault(tuple(t.text for t in lines), set()).add(tuple(map(id, lines)))
    assert len(rules) < len(drawn) and all(len(drawings) == 1 for drawings in rules.values())
