"""Skybound Battle's card face and back come from layout YAML: a designer's edits are YAML only, and
each gives a correct card or a positioned error, never a broken card."""

from __future__ import annotations

import re

import pytest

from generator import kit
from generator.content import ContentError
from generator.draw import Circle, Text
from generator.games.skybound_battle import draw_cards
from tests.conftest import replace_in

GAME = "skybound-battle"


def card_yaml(root):
    return root / GAME / "layouts" / "card.yaml"


def face(root, card_id: str = "frost-oracle"):
    model = kit.load(GAME, root).model
    return draw_cards.front(model, model.card(card_id))


def test_moving_the_cost_circle_moves_it_on_every_card(content_copy):
    root = content_copy(GAME)
    replace_in(card_yaml(root), "cost:        {type: circle, x: 3.9mm", "cost:        {type: circle, x: 45.9mm")
    replace_in(card_yaml(root), "cost-text:   {type: text, x: 3.9mm", "cost-text:   {type: text, x: 45.9mm")
    replace_in(card_yaml(root), "symbol:      {type: slot, x: 51mm", "symbol:      {type: slot, x: 5mm")
    replace_in(card_yaml(root), "name:        {type: text, x: 17.5mm, y: 6.05mm, width: 32mm",
               "name:        {type: text, x: 14mm, y: 6.05mm, width: 31mm")
    scene = face(root)
    [cost] = [c for c in scene.items if isinstance(c, Circle) and c.cy == pytest.approx(10.5)]
    assert cost.cx == pytest.approx(52.5)
    [number] = [t for t in scene.items if isinstance(t, Text) and t.size_pt == 14]
    assert number.x == pytest.approx(52.5) and number.text == "2"


def test_moving_the_cost_circle_over_the_name_is_an_error_at_the_box(content_copy):
    root = content_copy(GAME)
    replace_in(card_yaml(root), "cost:        {type: circle, x: 3.9mm", "cost:        {type: circle, x: 40mm")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    line = next(n for n, t in enumerate(card_yaml(root).read_text().splitlines(), 1) if t.startswith("  cost: "))
    assert any(re.match(rf".*card\.yaml:{line}:16: error: box 'cost' is drawn over the text of box 'name' "
                        r"\(card '.+'", str(p)) for p in err.value.problems)


def test_enlarging_the_rules_text_is_one_number(content_copy):
    root = content_copy(GAME)
    before = {t.size_pt for t in face(root, "cinder-pup").items if isinstance(t, Text) and "fire" in t.text}
    replace_in(card_yaml(root), "height: 19.2mm, size: 7.6", "height: 19.2mm, size: 9")
    after = {t.size_pt for t in face(root, "cinder-pup").items if isinstance(t, Text) and "fire" in t.text}
    assert before == {7.6} and after == {9}


def test_changing_a_colour_of_the_palette_changes_the_numbers(content_copy):
    root = content_copy(GAME)
    replace_in(root / GAME / "layouts" / "palette.yaml", 'text: "#1f2328"', 'text: "#6a1b9a"')
    numbers = [t for t in face(root).items if isinstance(t, Text) and t.size_pt == 14]
    assert [t.color for t in numbers] == ["#6a1b9a"]


def test_mini_euro_cards_are_positioned_errors_not_broken_cards(content_copy):
    root = content_copy(GAME)
    replace_in(root / GAME / "kit.yaml", "width: 63mm ", "width: 44mm ")
    replace_in(root / GAME / "kit.yaml", "height: 88mm", "height: 68mm")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    shown = [str(p) for p in err.value.problems]
    assert any(re.search(r"card\.yaml:\d+:\d+: error: box 'frame' \(3, 3, 57 x 82 mm\) is outside the 44 x 68 mm "
                         "face", p) for p in shown)
    assert any("card-back.yaml" in p and "is outside the 44 x 68 mm face" in p for p in shown)


def test_an_unknown_colour_in_the_layout_is_reported_at_its_place(content_copy):
    root = content_copy(GAME)
    replace_in(card_yaml(root), "color: white, align: center", "color: whit, align: center")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    assert any("card.yaml" in str(p) and "unknown colour 'whit'" in str(p) for p in err.value.problems)
