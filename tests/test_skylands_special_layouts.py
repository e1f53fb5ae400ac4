"""Skylands' special islands are set by layout YAML (layouts/special.yaml, special-cap.yaml,
special-corner.yaml, special-back.yaml): places, sizes, fonts and colours of the words, badge and
cost are data; the flow (the body under the name) and the fit check read the same boxes (issue 11)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content import ContentError, paths
from generator.core import kit
from generator.draw import Circle, Scene, Text
from generator.games.skylands import build, draw_specials
from generator.games.skylands.special_layout import layout_of
from generator.kitchecks.fit import misfits
from tests.conftest import replace_in
from tests.inkcheck import ink_box

GAME = "skylands"
NAME = "name:   {type: text, x: 7.6mm, y: 6.4mm, width: 20.8mm"
BODY = "body:   {type: text, x: 6.2mm, y: 11.2mm, width: 27.6mm, height: 17.8mm"


@pytest.fixture(scope="module")
def model():
    return kit.load(GAME, paths.CONTENT).model


def layout(root: Path, name: str) -> Path:
    return root / GAME / "layouts" / f"{name}.yaml"


def line_of(path: Path, text: str) -> int:
    return next(n for n, t in enumerate(path.read_text().splitlines(), 1) if text in t)


def faces(root: Path) -> dict[str, object]:
    m = kit.load(GAME, root).model
    out: dict[str, object] = {}
    for s in m.specials.values():
        out[s.id] = draw_specials.special_front(m, s)
        out[f"{s.id} back"] = draw_specials.special_back(m, s)
    return out


def test_a_box_moved_in_a_special_layout_moves_on_the_islands_that_use_it_and_nowhere_else(content_copy):
    root = content_copy(GAME)
    model = kit.load(GAME, root).model
    whole = {s.id for s in model.specials.values() if layout_of(s) == "special"}
    assert whole and len(whole) < len(model.specials)
    before = faces(root)
    replace_in(layout(root, "special"), NAME, NAME.replace("x: 7.6mm", "x: 6.6mm"))   # one mm to the left
    after = faces(root)
    changed = {k for k in before if before[k] != after[k]}
    assert changed == whole
    sanctum = [t for t in after["sanctum"].items if isinstance(t, Text) and t.text == "Sanctum"]
    was = [t for t in before["sanctum"].items if isinstance(t, Text) and t.text == "Sanctum"]
    assert [t.x for t in sanctum] == [pytest.approx(t.x - 1.0) for t in was]   # centred in a box 1 mm left


def test_the_cost_discs_and_badge_follow_their_boxes(content_copy):
    root = content_copy(GAME)
    cap = layout(root, "special-cap")
    replace_in(cap, "cost:  {type: slot, x: 5.2mm, y: 31mm, width: 29.6mm, height: 4.6mm",
               "cost:  {type: slot, x: 5.2mm, y: 31mm, width: 29.6mm, height: 4mm")
    replace_in(cap, "badge: {type: circle, x: 29.2mm, y: 2mm", "badge: {type: circle, x: 28.2mm, y: 2mm")
    m = kit.load(GAME, root).model
    special = next(s for s in m.specials.values() if layout_of(s) == "special-cap")
    items = draw_specials.special_front(m, special).items
    discs = [c for c in items if isinstance(c, Circle) and c.r == pytest.approx(2.0)]
    assert len(discs) == len(special.spec.cost) and all(c.cy == pytest.approx(33.0) for c in discs)
    assert any(isinstance(c, Circle) and c.cx == pytest.approx(32.6) and c.r == pytest.approx(4.4) for c in items)


def test_a_body_box_too_small_for_an_effect_is_an_error_at_the_text_naming_the_box(content_copy):
    root = content_copy(GAME)
    path = layout(root, "special")
    replace_in(path, BODY, BODY.replace("height: 17.8mm", "height: 8mm"))
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    shown = [str(p) for p in err.value.problems]
    box = f"{path}:{line_of(path, 'body:   {')}:11"
    assert shown and all(re.match(rf".*/specials\.yaml:\d+:\d+: error: the text on '[\w-]+' takes \d+ lines at 6 pt, "
                                  rf"the tile has room for \d+ \(.*; box 'body' at {re.escape(box)}\)$", e)
                         for e in shown), shown


def test_a_name_box_too_narrow_is_an_error_at_the_name(content_copy):
    root = content_copy(GAME)
    path = layout(root, "special")
    replace_in(path, NAME, NAME.replace("width: 20.8mm", "width: 8mm"))
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    shown = [str(p) for p in err.value.problems]
    assert any(re.match(r".*/specials\.yaml:\d+:\d+: error: the name 'Academy of Creators' does not fit on the tile "
                        rf"in two lines at 6 pt \(box 'name' at {re.escape(str(path))}:\d+:\d+\)$", e)
               for e in shown), shown


def test_a_badge_off_the_tile_is_an_error_at_the_box(content_copy):
    root = content_copy(GAME)
    path = layout(root, "special-cap")
    replace_in(path, "badge: {type: circle, x: 29.2mm", "badge: {type: circle, x: 35mm")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    assert [str(p) for p in err.value.problems] == [
        f"{path}:{line_of(path, 'badge: {')}:10: error: box 'badge' (35, 2, 8.8 x 8.8 mm) is outside the 40 x 40 mm "
        "face"]


def test_a_layout_without_a_box_the_game_draws_into_is_an_error_at_the_layout(content_copy):
    root = content_copy(GAME)
    path = layout(root, "special-corner")
    replace_in(path, "  cost: {x: 5.2mm, width: 13.6mm}\n", "")
    replace_in(layout(root, "special-cap"), "  cost:  {type: slot", "  price: {type: slot")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    shown = [str(p) for p in err.value.problems]
    assert any(e.startswith(f"{layout(root, 'special-cap')}:") and "has no box 'cost'" in e for e in shown), shown


def test_a_group_name_too_long_for_the_back_is_an_error_at_the_box_naming_its_line(content_copy):
    root = content_copy(GAME)
    data = root / GAME / "specials.yaml"
    long = "No effect whatsoever for the whole of this long and winding game of many rounds"
    replace_in(data, "    name: No effect\n", f"    name: {long}\n")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    back = layout(root, "special-back")
    assert [str(p) for p in err.value.problems] == [   # one problem for the group's twelve islands
        f"{back}:{line_of(back, 'group:      {')}:86: error: box 'group': the back of the {long} islands: the text "
        f"does not fit its 22.4 x 11.2 mm box even at 6 pt (text from group at {data}:{line_of(data, long)}:11)"]


# ---- the Hostel: its spaces and its words each have their own room ----------------------------

def _meets(box: tuple[float, float, float, float], c: Circle) -> bool:
    """Whether a circle, its line included, reaches into the box."""
    x, y = min(max(c.cx, box[0]), box[2]), min(max(c.cy, box[1]), box[3])
    return (x - c.cx) ** 2 + (y - c.cy) ** 2 < (c.r + c.stroke_mm / 2) ** 2


def _spaces(scene: Scene) -> list[Circle]:
    return [c for c in scene.items if isinstance(c, Circle) and c.dash]


def _clashes(scene: Scene) -> list[str]:
    """A space of the face under a word, on a cost disc or the VP badge, or on another space."""
    spaces = _spaces(scene)
    discs = [c for c in scene.items if isinstance(c, Circle) and not c.dash and c.fill is not None and c.r > 1.0]
    out = [f"a space at ({c.cx:.1f}, {c.cy:.1f}) under {t.text!r}"
           for c in spaces for t in scene.items if isinstance(t, Text) and _meets(ink_box(t), c)]
    out += [f"a space at ({c.cx:.1f}, {c.cy:.1f}) on the disc at ({d.cx:.1f}, {d.cy:.1f})"
            for c in spaces for d in discs
            if (c.cx - d.cx) ** 2 + (c.cy - d.cy) ** 2 < (c.r + d.r) ** 2]
    out += [f"spaces at ({a.cx:.1f}, {a.cy:.1f}) and ({b.cx:.1f}, {b.cy:.1f}) overlap"
            for i, a in enumerate(spaces) for b in spaces[i + 1:]
            if (a.cx - b.cx) ** 2 + (a.cy - b.cy) ** 2 < (a.r + b.r) ** 2]
    return out


def test_the_hostels_words_and_spaces_do_not_overlap_and_it_shows_its_capacity(model):
    """The spaces are where a player puts inhabitants: each has its own room on the face, clear of the
    words, the cost and the badge, and an inhabitant standing on each clears its neighbours."""
    hostel = model.specials["hostel"]
    scene = draw_specials.special_front(model, hostel)
    assert len(_spaces(scene)) == hostel.effect.capacity
    words = " ".join(t.text for t in scene.items if isinstance(t, Text))
    assert "Hostel" in words and "no VPs" in words
    assert _clashes(scene) == []
    assert misfits(s for s in build.spaces(model) if s.face == hostel.spec.name) == []


def test_the_clash_check_sees_a_space_under_a_word():
    scene = Scene(40, 40, (Text(20, 20, "Its spaces score no VPs.", 7, anchor="middle"),
                           Circle(20, 19, 2.8, dash=(0.8, 0.6)), Circle(20, 30, 2.8, dash=(0.8, 0.6))))
    assert _clashes(scene) == ["a space at (20.0, 19.0) under 'Its spaces score no VPs.'"]


def test_the_hostel_draws_as_many_spaces_as_its_capacity_says(content_copy):
    root = content_copy(GAME)
    replace_in(root / GAME / "specials.yaml", "    capacity: 4\n", "    capacity: 3\n")
    replace_in(root / GAME / "scoring-example.yaml", "inhabitants: [blue, purple, green, blue]",
               "inhabitants: [blue, purple, green]")
    m = kit.load(GAME, root).model
    scene = draw_specials.special_front(m, m.specials["hostel"])
    assert len(_spaces(scene)) == 3 and _clashes(scene) == []


def test_a_hostel_text_that_leaves_its_spaces_no_room_is_an_error_at_the_text(content_copy):
    root = content_copy(GAME)
    path = root / GAME / "specials.yaml"
    replace_in(path, 'text: "Its spaces score no VPs."',
               'text: "Holds up to {{ e.capacity }} inhabitants from complete islands. Its spaces score no VPs."')
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    shown = [str(p) for p in err.value.problems]
    box = layout(root, "special")
    assert len(shown) == 1 and re.fullmatch(
        rf"{re.escape(str(path))}:{line_of(path, 'Holds up to')}:11: error: the 4 spaces of 'hostel' need "
        rf"(\d+\.\d) mm between its name and its text, the tile leaves (\d+\.\d) mm \(a shorter text, or fewer "
        rf"spaces; box 'spaces' at {re.escape(str(box))}:{line_of(box, 'spaces: {')}:11\)", shown[0]), shown
    need, room = map(float, re.findall(r"(\d+\.\d) mm", shown[0]))
    assert need > room
