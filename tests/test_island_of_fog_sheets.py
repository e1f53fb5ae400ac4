"""Island of Fog's combat card and dice sheet are drawn from layout YAML (layouts/combat-card.yaml,
layouts/dice-sheet.yaml) with their sentences in templates (templates/island-of-fog/*.j2): a box
moved in the layout moves on that sheet and nowhere else; a box too small or off the sheet is an
error at a FILE:LINE:COL (issue 11)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content import ContentError, paths
from generator.core import kit
from generator.draw import Text
from generator.games.island_of_fog import draw_cards, draw_tokens
from generator.games.island_of_fog.odds import OddsRow, odds_table
from tests.conftest import replace_in

GAME = "island-of-fog"
ROOT = Path(__file__).resolve().parents[1]
RULES = "rules:    {type: text, x: 5mm, y: 15mm, width: 240mm, height: 20mm"


def layout(root: Path, name: str) -> Path:
    return root / GAME / "layouts" / f"{name}.yaml"


def line_of(path: Path, text: str) -> int:
    return next(n for n, t in enumerate(path.read_text().splitlines(), 1) if text in t)


def sheets(root: Path, rows: list[OddsRow]) -> dict[str, object]:
    m = kit.load(GAME, root).model
    out: dict[str, object] = {"combat": draw_cards.combat_card(m, rows), "dice": draw_tokens.dice_sheet(m),
                              "back": draw_cards.card_back(m)}
    out |= {f"summary-{c.id}": draw_cards.turn_summary(m, c.id) for c in m.game.colours}
    return out


@pytest.fixture(scope="module")
def rows() -> list[OddsRow]:
    m = kit.load(GAME, paths.CONTENT).model
    return odds_table(m, m.combat.reroll_policy)


def test_an_x_changed_in_the_combat_card_layout_moves_that_box_and_nothing_else(content_copy, rows):
    root = content_copy(GAME)
    before = sheets(root, rows)
    paragraph = [t for t in before["combat"].items if isinstance(t, Text) and t.text.startswith("Attack a unit")]
    assert [t.x for t in paragraph] == [5.0]
    replace_in(layout(root, "combat-card"), RULES, RULES.replace("x: 5mm", "x: 9mm").replace("240mm", "236mm"))
    after = sheets(root, rows)
    moved = [t for t in after["combat"].items if isinstance(t, Text) and t.text.startswith("Attack a unit")]
    assert [t.x for t in moved] == [9.0]
    assert after["combat"] != before["combat"]
    assert {k: v for k, v in after.items() if k != "combat"} == {k: v for k, v in before.items() if k != "combat"}


def test_a_dice_label_moved_in_the_layout_moves_on_the_dice_sheet_only(content_copy, rows):
    root = content_copy(GAME)
    before = sheets(root, rows)
    replace_in(layout(root, "dice-sheet"), "attacker:      {type: text, x: 0mm", "attacker:      {type: text, x: 12mm")
    replace_in(layout(root, "dice-sheet"), "width: 192mm, height: 4mm, text: \"{{ attacker }}\"",
               "width: 180mm, height: 4mm, text: \"{{ attacker }}\"")
    after = sheets(root, rows)
    labels = {t.text: t.x for t in after["dice"].items if isinstance(t, Text) and t.text.startswith("The ")}
    assert labels == {"The attacker's 3 dice": 12.0, "The defender's 3 dice": 12.0}   # the defender's extends it
    assert {k: v for k, v in after.items() if k != "dice"} == {k: v for k, v in before.items() if k != "dice"}


def test_a_rules_box_too_small_for_its_paragraph_is_an_error_naming_data_and_box(content_copy):
    root = content_copy(GAME)
    replace_in(layout(root, "combat-card"), RULES, RULES.replace("height: 20mm", "height: 5mm"))
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    shown = [str(p) for p in err.value.problems]
    box = f"{layout(root, 'combat-card')}:{line_of(layout(root, 'combat-card'), 'rules:    {')}:13"
    assert len(shown) == 1 and re.match(rf".*/combat\.yaml:\d+:\d+: error: the rules paragraph does not fit on the "
                                        rf"combat reference card even at 6 pt: shorten .* \(or give box 'rules' at "
                                        rf"{re.escape(box)} more room\)$", shown[0]), shown


def test_a_box_off_the_combat_card_is_an_error_at_the_box(content_copy):
    root = content_copy(GAME)
    path = layout(root, "combat-card")
    replace_in(path, "note:     {type: text, x: 5mm", "note:     {type: text, x: 50mm")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    assert [str(p) for p in err.value.problems] == [
        f"{path}:{line_of(path, 'note:')}:13: error: box 'note' (50, 165.5, 240 x 9.5 mm) is outside the 250 x 176 mm "
        "face"]


def test_a_dice_box_too_small_for_its_nets_is_an_error_at_the_box(content_copy):
    root = content_copy(GAME)
    path = layout(root, "dice-sheet")
    replace_in(path, "attacker-dice: {type: slot, x: 0mm, y: 16mm, width: 192mm, height: 85mm",
               "attacker-dice: {type: slot, x: 0mm, y: 16mm, width: 192mm, height: 60mm")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    assert [str(p) for p in err.value.problems] == [   # the defender's box extends the attacker's
        f"{path}:{line_of(path, f'{side}-dice:')}:18: error: box '{side}-dice': the dice sheet: the {side}'s 3 "
        "dice (nets of 20 mm faces) need 192 x 85 mm; the box is 192 x 60 mm" for side in ("attacker", "defender")]


def test_the_sheets_sentences_are_templates_not_python():
    """The words around the numbers live in templates/island-of-fog/; the drawers hold none of them."""
    code = "".join((ROOT / "generator/games/island_of_fog" / f).read_text()
                   for f in ("draw_cards.py", "draw_tokens.py"))
    for words in ("Attack a unit on a space", "cannot stand there", "Each cell: the attacker's chances",
                  "higher total wins", "Cut the solid lines"):
        assert words not in code
    assert "Cut the solid lines" in (paths.TEMPLATES / "island-of-fog/dice-sheet.j2").read_text()
