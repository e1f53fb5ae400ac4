"""The layout model: units and presets, extends of layouts and boxes, shapes, text fitting, SVG pictures."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.draw import Circle, Rect, Text, to_svg
from generator.draw.scene import Group
from generator.draw.scene import Path as PathItem
from generator.layout import PRESETS, Item, draw, load_layouts, load_palette
from generator.layout.units import length


def layouts(tmp_path: Path, files: dict[str, str]):
    (tmp_path / "layouts").mkdir(exist_ok=True)
    for name, text in files.items():
        (tmp_path / "layouts" / f"{name}.yaml").write_text(text)
    problems: list = []
    palette = load_palette(tmp_path, problems)
    return load_layouts(tmp_path, palette, problems), [str(p) for p in problems]


def test_lengths_in_every_unit_and_percent():
    assert length("12mm").mm(0) == 12 and length("1.5cm").mm(0) == 15 and length("1in").mm(0) == 25.4
    assert length("50%").mm(63) == 31.5 and length(7).mm(0) == 7
    with pytest.raises(ValueError, match="banana"):
        length("banana")


def test_the_size_presets():
    assert PRESETS == {"poker": (63, 88), "bridge": (56, 88), "mini-euro": (44, 68), "tarot": (70, 120),
                       "square": (70, 70)}


def test_a_layout_extends_another_and_a_box_extends_a_box(tmp_path):
    found, problems = layouts(tmp_path, {
        "palette": "colours: {ink: '#112233'}\n",
        "base": "size: bridge\nbackground: ink\nboxes:\n"
                "  frame: {type: rect, x: 0, y: 0, width: 100%, height: 100%, fill: ink}\n"
                "  dot: {type: circle, x: 10%, y: 10%, width: 10mm, height: 10mm, fill: '#ff0000'}\n",
        "card": "extends: base\nboxes:\n"
                "  dot: {fill: '#00ff00'}\n"
                "  label: {extends: dot, type: text, text: '{{ n }}', size: 9, align: center}\n",
    })
    assert problems == []
    scene, problems = draw(found["card"], Item("card 1", {"n": 7}))
    assert problems == [] and (scene.w, scene.h) == (56, 88) and scene.background == "#112233"
    frame, dot, *label = scene.items
    assert frame == Rect(0, 0, 56, 88, "#112233", None, 0.3, 0.0)
    assert isinstance(dot, Circle) and dot.fill == "#00ff00" and (dot.cx, dot.cy, dot.r) == (10.6, 13.8, 5)
    assert [t.text for t in label if isinstance(t, Text)] == ["7"] and label[0].x == pytest.approx(10.6)


def test_layout_errors_are_placed_where_they_were_written(tmp_path):
    _, problems = layouts(tmp_path, {
        "card": "size: huge\nboxes:\n"
                "  a: {type: rect, x: 1mm, y: 1mm, width: 5mm, height: 5mm, colour: red}\n"
                "  b: {type: blob, x: 1mm}\n"
                "  c: {type: text, x: 1, y: 1, width: 5, height: 5, text: '{{ x', size: 4}\n"
                "  d: {extends: nobody, type: rect, x: 1, y: 1, width: 1, height: 1}\n",
    })
    card = str(tmp_path / "layouts" / "card.yaml")
    text = "\n".join(problems)
    assert f"{card}:1:7: error: size: one of poker" in text
    assert f"{card}:3:60: error: box 'a': unknown field 'colour' for a rect box" in text
    assert f"{card}:4:13: error: box 'b': type is one of rect, circle" in text
    assert "box 'c': text: template:" in text and "box 'c': size: 4 pt is smaller than the 6 pt" in text
    assert "box 'd': no box 'nobody' to extend" in text or "no box 'nobody'" in text


def test_text_shrinks_to_fit_between_its_sizes(tmp_path):
    found, _ = layouts(tmp_path, {"card": "size: poker\nboxes:\n"
                                  "  t: {type: text, x: 0, y: 0, width: 30mm, height: 10mm, text: '{{ t }}', "
                                  "size: 14, min_size: 6}\n"})
    short, _ = draw(found["card"], Item("a", {"t": "Hi"}))
    long, _ = draw(found["card"], Item("b", {"t": "A much longer sentence that has to wrap"}))
    assert short.items[0].size_pt == 14 and 6 <= long.items[0].size_pt < 14
    _, problems = draw(found["card"], Item("c", {"t": "word " * 80}, {"t": "cards.csv:3:9"}))
    assert len(problems) == 1 and "c: the text does not fit its 30 x 10 mm box even at 6 pt (text from t at " \
        "cards.csv:3:9)" in str(problems[0])


def test_when_hides_a_box_and_a_colour_may_come_from_the_item(tmp_path):
    found, problems = layouts(tmp_path, {"card": "size: square\nboxes:\n"
                                         "  r: {type: rect, x: 0, y: 0, width: 10, height: 10, fill: '{{ ink }}', "
                                         "when: '{{ mana }}'}\n"})
    assert problems == []
    shown, _ = draw(found["card"], Item("a", {"ink": "#abcdef", "mana": 2}))
    hidden, _ = draw(found["card"], Item("b", {"ink": "#abcdef", "mana": 0}))
    assert shown.items[0].fill == "#abcdef" and hidden.items == ()
    _, problems = draw(found["card"], Item("c", {"ink": "blue", "mana": 1}))
    assert "the colour's template gives 'blue'" in str(problems[0])


def test_an_svg_picture_is_drawn_as_shapes_in_pdf_and_svg(tmp_path):
    (tmp_path / "pic.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect x="0" y="0" width="10" height="5" '
        'fill="#ff0000"/><g transform="translate(5 5)"><path d="M0 0 l5 0 v5 h-5 z" style="fill:#00f"/></g></svg>')
    found, problems = layouts(tmp_path, {"card": "size: square\nboxes:\n"
                                         "  p: {type: image, file: pic.svg, x: 0, y: 0, width: 20mm, height: 20mm}\n"})
    assert problems == []
    scene, _ = draw(found["card"], Item("a", {}))
    [group] = scene.items
    assert isinstance(group, Group) and group.items[0] == Rect(0, 0, 20, 10, "#ff0000", None, 2.0, 0.0)
    inner = group.items[1]
    assert isinstance(inner, Group) and (inner.dx, inner.dy) == (10, 10) and isinstance(inner.items[0], PathItem)
    assert b"#ff0000" in to_svg(scene)


def test_a_colour_template_may_name_a_palette_colour(tmp_path):
    found, problems = layouts(tmp_path, {"palette": "colours: {basic-card: '#124d8c'}\n",
                                         "card": "size: square\nboxes:\n  r: {type: rect, x: 0, y: 0, width: 10, "
                                                 "height: 10, fill: '{{ kind }}-card'}\n"})
    assert problems == []
    scene, problems = draw(found["card"], Item("a", {"kind": "basic"}))
    assert problems == [] and scene.items[0].fill == "#124d8c"
    _, problems = draw(found["card"], Item("b", {"kind": "secret"}))
    assert "gives 'secret-card', neither '#rrggbb' nor a name of the palette" in str(problems[0])


def test_a_slot_gets_its_colour_and_line_width_and_its_overflow_becomes_a_placed_problem(tmp_path):
    from generator.layout import DoesNotFit, SlotBox

    found, problems = layouts(tmp_path, {"palette": "colours: {green: '#2e9e4f'}\n",
                                         "card": "size: square\nboxes:\n  art: {type: slot, x: 1, y: 2, width: 30, "
                                                 "height: 20, color: green, stroke_width: 0.7mm}\n"})
    assert problems == []
    seen: list[SlotBox] = []
    draw(found["card"], Item("a", {}), slots={"art": lambda b: (seen.append(b), ())[1]})
    assert (seen[0].x, seen[0].y, seen[0].w, seen[0].h, seen[0].color, seen[0].stroke_width) == \
        (1, 2, 30, 20, "#2e9e4f", 0.7)

    def too_long(b: SlotBox) -> tuple:
        raise DoesNotFit("the rules do not fit", ("text",))

    scene, problems = draw(found["card"], Item("card 'x'", {"text": "…"}, {"text": "cards.yaml:4:9"}),
                           slots={"art": too_long})
    assert scene.items == () and len(problems) == 1
    assert str(problems[0]).endswith("error: box 'art': card 'x': the rules do not fit (text from text at "
                                     "cards.yaml:4:9)")
    assert ":3:8: error:" in str(problems[0])   # at the box, in the layout


def test_a_bleeding_rect_runs_past_the_edges_it_touches_only(tmp_path):
    from generator.draw import BLEED_ART

    found, problems = layouts(tmp_path, {"card": "size: {width: 88mm, height: 118mm}\nboxes:\n"
                                                 "  band: {type: rect, x: 0, y: 0, width: 100%, height: 12mm, "
                                                 "fill: '#ff0000', bleed: true}\n"
                                                 "  inner: {type: rect, x: 4, y: 20, width: 10, height: 10, "
                                                 "fill: '#ff0000', bleed: true}\n"})
    assert problems == []
    scene, _ = draw(found["card"], Item("a", {}))
    band, inner = scene.items
    assert (band.x, band.y, band.w, band.h) == (-BLEED_ART, -BLEED_ART, 88 + 2 * BLEED_ART, 12 + BLEED_ART)
    assert (inner.x, inner.y, inner.w, inner.h) == (4, 20, 10, 10)
