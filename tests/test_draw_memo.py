"""What is worked out once is what would have been worked out each time: a layout box that reads
nothing of the item is drawn once for all (its problems still every time), a scene is written out once."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from generator.content.paths import CONTENT
from generator.core import kit
from generator.core.game import BuildOptions
from generator.core.kitspec import PrintFile
from generator.draw import fonts
from generator.layout import Item, draw
from generator.press.assemble import _document, _svgs, _Written
from tests.test_layout import layouts
from tests.test_peer_deck import DECKS, kit_files


def test_a_box_that_reads_nothing_is_drawn_once_and_its_problems_found_every_time(tmp_path: Path):
    found, problems = layouts(tmp_path, {"card": "size: poker\nboxes:\n"
                                         "  frame: {type: rect, x: 1mm, y: 1mm, width: 20mm, height: 20mm, "
                                         "fill: '#112233'}\n"
                                         "  dot: {type: circle, x: 2mm, y: 2mm, width: 5mm, height: 5mm, "
                                         "fill: '{{ ink }}'}\n"
                                         "  wide: {type: rect, x: 60mm, y: 1mm, width: 10mm, height: 5mm}\n"
                                         "  label: {type: text, x: 30mm, y: 30mm, width: 20mm, height: 8mm, "
                                         "text: Peer, size: 9}\n"})
    assert problems == []
    a, problems_a = draw(found["card"], Item("a", {"ink": "#ff0000"}))
    b, problems_b = draw(found["card"], Item("b", {"ink": "#00ff00"}))
    assert a.items[0] is b.items[0] and a.items[-1] is b.items[-1]          # the frame and the label: once
    assert (a.items[1].fill, b.items[1].fill) == ("#ff0000", "#00ff00")     # the dot reads the item
    assert len(problems_a) == len(problems_b) == 1 and "box 'wide'" in str(problems_b[0])
    again, _ = draw(found["card"], Item("c", {"ink": "#ff0000"}), size=(70, 70))   # another face size
    assert again.items[0] is not a.items[0]


def test_a_layout_made_from_another_with_moved_boxes_draws_at_its_own_places(tmp_path: Path):
    """What a layout worked out is its own: one made with `dataclasses.replace` (Skylands moves the
    special islands' boxes so) starts from nothing, and never draws at the other's places."""
    found, problems = layouts(tmp_path, {"card": "size: poker\nboxes:\n"
                                         "  frame: {type: rect, x: 1mm, y: 1mm, width: 20mm, height: 20mm, "
                                         "fill: '#112233'}\n"})
    assert problems == []
    first, _ = draw(found["card"], Item("a", {}))
    frame = found["card"].boxes[0]
    moved = replace(found["card"], boxes=[replace(frame, values={**frame.values, "x": replace(frame.values["x"],
                                                                                             value=9.0)})])
    second, _ = draw(moved, Item("a", {}))
    assert (first.items[0].x, second.items[0].x) == (1.0, 9.0)


def test_a_scene_written_with_remembered_items_is_its_repr():
    from generator.draw.scene import Circle, Group, Rect, Scene
    from generator.press.document import written

    frame = Rect(0, 0, 63.0, 88.0, "#112233")
    scenes = [Scene(63, 88), Scene(63.0, 88.0, (frame,)), Scene(63.0, 88.0, (frame, Circle(1, 2, 3)), "#ffffff"),
              Scene(10, 10, (Group((frame,), 1.5, 2, 90),), title="a 'b' \"c\"", play_area=(1, 2, 3, 4))]
    for game_id in ("peer-deck", "market-day"):
        _, files = kit_files(game_id)
        for f in files:
            for part in f.parts:
                scenes += [s for face in list(part.faces)[:40] for s in (face.front, face.back) if s is not None]
    memo: dict = {}
    for scene in scenes + scenes:
        assert written(scene, memo) == repr(scene)


@pytest.mark.parametrize("style", ["regular", "bold", "italic"])
def test_the_built_in_fonts_glyphs_are_those_fonttools_finds(style):
    """The glyph checks read the built-in family's cmap from reportlab (which draws with it): the same
    code points as fontTools' best cmap, which reads a layout's own font files."""
    assert fonts._cmap(style) == fonts._best_cmap(style)


@pytest.mark.parametrize("game_id", ["island-of-fog", "market-day"])
def test_an_svg_is_keyed_by_what_its_document_wrote_of_its_face_which_is_the_faces_repr(game_id):
    root = CONTENT if game_id == "island-of-fog" else DECKS
    loaded = kit.load(game_id, root)
    spec = loaded.game.kit(loaded.model, loaded.content, BuildOptions())
    checked = 0
    for f in spec.files:
        if isinstance(f, PrintFile):
            doc = _document(spec.title, f, BuildOptions())
            for scene, _ in _svgs(f).values():
                assert repr(_Written(doc.written_of(scene))) == repr(scene), scene.title
                checked += 1
    assert checked > 5
