"""Skybound Battle's card face and back come from layout YAML: a designer's edits are YAML only, and
each gives a correct card or a positioned error, never a broken card."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.content import ContentError
from generator.core import kit
from generator.core.game import BuildOptions
from generator.core.kitspec import PrintFile
from generator.draw import Circle, Text
from generator.draw.fonts import PT_MM
from generator.games.skybound_battle import draw_cards
from tests import pdfcheck
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
    replace_in(card_yaml(root), "name:        {type: text, x: 17.25mm, y: 6.05mm, width: 32.5mm",
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
    # said once for the layout's box, not once a card: the faces it was found on are counted
    [problem] = [str(p) for p in err.value.problems if "drawn over" in str(p)]
    assert re.fullmatch(rf".*card\.yaml:{line}:16: error: box 'cost' is drawn over the text of box 'name'; move "
                        r"one of them or draw the text later \(on \d+ faces: card '[^']+', .* and \d+ more\)", problem)


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


def build_cards(root, out) -> Path:
    """cards.pdf and its SVGs built by the core from a copy of the content (the rest of the kit,
    balance simulation included, is not what these tests look at); OUT/GAME is returned."""
    loaded = kit.load(GAME, root)
    options = BuildOptions()
    spec = loaded.game.kit(loaded.model, loaded.content, options)
    cards = next(f for f in spec.files if isinstance(f, PrintFile) and f.path == "cards.pdf")
    one = dataclasses.replace(loaded.game, kit=lambda *_: dataclasses.replace(spec, files=(cards,)))
    kit.build(kit.Loaded(one, loaded.content, loaded.model), out, options)
    return out / GAME


def card_svg(folder: Path, card_id: str = "frost-oracle") -> str:
    return (folder / "svg" / "cards" / f"{card_id}.svg").read_text()


def circles(svg: str) -> list[tuple[float, float, float]]:
    return [(float(x), float(y), float(r)) for x, y, r in
            re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"[^>]* r="([\d.]+)"', svg)]


def test_each_of_the_four_edits_builds_a_card_that_shows_it(content_copy, tmp_path):
    """issue 11: moving the cost circle, enlarging the rules text, changing a colour, mini-euro:
    each is a YAML edit in a copy of the content, each builds, and the built face shows it."""
    shipped = content_copy(GAME)   # tmp_path/content, copied again for each edit
    before = build_cards(shipped, tmp_path / "before")
    cost = next(c for c in circles(card_svg(before)) if c[1] == pytest.approx(10.5))
    assert cost[0] == pytest.approx(10.5)

    moved = tmp_path / "moved"
    shutil.copytree(shipped, moved)
    replace_in(card_yaml(moved), "cost:        {type: circle, x: 3.9mm", "cost:        {type: circle, x: 45.9mm")
    replace_in(card_yaml(moved), "cost-text:   {type: text, x: 3.9mm", "cost-text:   {type: text, x: 45.9mm")
    replace_in(card_yaml(moved), "symbol:      {type: slot, x: 51mm", "symbol:      {type: slot, x: 5mm")
    replace_in(card_yaml(moved), "name:        {type: text, x: 17.25mm, y: 6.05mm, width: 32.5mm",
               "name:        {type: text, x: 14mm, y: 6.05mm, width: 31mm")
    svg = card_svg(build_cards(moved, tmp_path / "out-moved"))
    assert next(c for c in circles(svg) if c[1] == pytest.approx(10.5))[0] == pytest.approx(52.5)
    assert cost not in circles(svg)

    larger = tmp_path / "larger"
    shutil.copytree(shipped, larger)
    replace_in(card_yaml(larger), "height: 19.2mm, size: 7.6", "height: 19.2mm, size: 9")
    sizes = set(re.findall(r'font-size="([\d.]+)"[^>]*>[^<]*weakest', card_svg(build_cards(larger, tmp_path / "o2"))))
    was = set(re.findall(r'font-size="([\d.]+)"[^>]*>[^<]*weakest', card_svg(before)))
    assert was and sizes and min(map(float, sizes)) > max(map(float, was))

    recoloured = tmp_path / "recoloured"
    shutil.copytree(shipped, recoloured)
    replace_in(recoloured / GAME / "layouts" / "palette.yaml", 'text: "#1f2328"', 'text: "#6a1b9a"')
    assert "#6a1b9a" not in card_svg(before)
    assert re.search(r'<text fill="#6a1b9a"[^>]*>2<', card_svg(build_cards(recoloured, tmp_path / "o3")))


def mini_euro(root: Path) -> None:
    replace_in(root / GAME / "kit.yaml", "width: 63mm ", "width: 44mm ")
    replace_in(root / GAME / "kit.yaml", "height: 88mm", "height: 68mm")


def test_a_mini_euro_card_is_the_layout_scaled(content_copy, tmp_path):
    """The layout is written for a poker card (size: poker): on kit.yaml's mini-euro card every box
    scales with the card, texts shrink within their sizes (never below 6 pt), the art is sized from
    its box; a text that fits the poker card but not the mini-euro one is an error at the card's line
    in cards.yaml. The shipped cards all fit both."""
    root = content_copy(GAME)
    mini_euro(root)
    kit.load(GAME, root)   # every shipped card fits the mini-euro card
    replace_in(root / GAME / "cards.yaml", "She marks the weakest first.",
               "She marks the weakest before the battle starts.")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    flavour = next(n for n, t in enumerate((root / GAME / "cards.yaml").read_text().splitlines(), 1)
                   if "She marks the weakest" in t)
    assert [str(p) for p in err.value.problems] == [
        f"{root / GAME / 'cards.yaml'}:{flavour}:14: error: card 'gale-ranger': its rules text and flavour do not "
        "fit the 34.1 x 14.8 mm rules box of layouts/card.yaml even at 6 pt (131 characters): shorten it"]
    replace_in(root / GAME / "cards.yaml", "She marks the weakest before the battle starts.",
               "She marks the weakest first.")
    folder = build_cards(root, tmp_path / "out")
    svg = card_svg(folder, "explosive-sora")
    assert re.search(r'<svg [^>]*height="68mm"[^>]*width="44mm"', svg)
    sizes = [float(mm) / PT_MM for mm in re.findall(r'font-size="([\d.]+)"', svg)]
    assert sizes and min(sizes) >= 6 - 0.01
    for cx, cy, r in circles(svg):   # every disc on the card
        assert cx - r >= 0 and cx + r <= 44 and cy - r >= 0 and cy + r <= 68
    pdfcheck.assert_print_ready((folder / "cards.pdf").read_bytes(), "cards.pdf")
    model = kit.load(GAME, root).model
    front = draw_cards.front(model, model.card("explosive-sora"))
    assert (front.w, front.h) == (44, 68)
    words = [t.text for t in front.items if isinstance(t, Text)]
    assert "End of" in words and "round" in words   # a badge's words take two lines, not less than 6 pt
    token = (folder / "svg" / "tokens" / "first-player.svg").read_text()   # card-sized, on the card's layout
    assert re.search(r'<svg [^>]*height="68mm"[^>]*width="44mm"', token) and "Pass this" in token
    assert min(float(mm) / PT_MM for mm in re.findall(r'font-size="([\d.]+)"', token)) >= 6 - 0.01


def test_a_flavour_too_long_for_the_rules_box_is_refused_at_its_line(content_copy, runner, tmp_path):
    """issue 10: 500 characters of flavour do not fit the rules box at 6 pt: an error at the flavour's
    line and column in cards.yaml, exit 1, nothing written."""
    root = content_copy(GAME)
    replace_in(root / GAME / "cards.yaml", "She marks the weakest first.", "Long " * 100)
    out = tmp_path / "out"
    result = runner.invoke(main, ["--content", str(root), "--out", str(out), "build", GAME])
    line = next(n for n, t in enumerate((root / GAME / "cards.yaml").read_text().splitlines(), 1) if "Long Long" in t)
    assert result.exit_code == 1
    assert re.search(rf"cards\.yaml:{line}:14: error: card 'gale-ranger': its rules text and flavour do not fit "
                     r"the 48\.8 x 19\.2 mm rules box", result.output)
    assert not out.exists() or not any(out.rglob("*"))


def test_an_unknown_colour_in_the_layout_is_reported_at_its_place(content_copy):
    root = content_copy(GAME)
    replace_in(card_yaml(root), "color: white, align: center", "color: whit, align: center")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    assert any("card.yaml" in str(p) and "unknown colour 'whit'" in str(p) for p in err.value.problems)
