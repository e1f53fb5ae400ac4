"""A stat change reaches the rulebook's figures and examples that show it.

Each test edits one or two numbers in a copy of a game's content, builds the players' rulebook, reads
its text back from the PDF (pypdfium2) and finds the new numbers in the figure's printed words and the
example's sentence, where the shipped content's build had the old ones.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pypdfium2

from generator.content import paths
from generator.core import kit
from generator.core.game import BuildOptions
from generator.core.kitspec import Rulebook
from generator.press.rulebook import rulebook_pdf

from .conftest import replace_in


def rulebook_text(game_id: str, root: Path = paths.CONTENT) -> str:
    """The players' rulebook of the game in `root`, as one line of text (figures' words included)."""
    loaded = kit.load(game_id, root)
    spec = loaded.game.kit(loaded.model, loaded.content, BuildOptions())
    book = next(f for f in spec.files if isinstance(f, Rulebook) and f.path == "rulebook.pdf")
    doc = pypdfium2.PdfDocument(rulebook_pdf(spec.title, book.text, "a4", book.figures))
    try:
        return re.sub(r"\s+", " ", " ".join(page.get_textpage().get_text_range() for page in doc))
    finally:
        doc.close()


def between(text: str, start: str, end: str) -> str:
    """The text from `start` up to `end` (a figure's printed words run up to its caption)."""
    i = text.index(start)
    return text[i:text.index(end, i)]


def test_islands_and_bridges_enemy_health_and_attack_damage_reach_the_damage_example(content_copy):
    game = "islands-and-bridges"
    before = rulebook_text(game)
    assert "STRONG 70 HP" in before
    assert between(before, "Round 3 P1", "Figure") == "Round 3 P1 P2 P3 P4 Trap Total W1 10 10 5 25 S1 10 20 30 "
    assert "S1 (Strong, 70 health) takes 30 and has 40 health left" in before

    root = content_copy(game)
    replace_in(root / game / "elements.yaml", "    health: 70", "    health: 77")
    primary = "    damage: 10\n    target: single"
    replace_in(root / game / "elements.yaml", primary, primary.replace("10", "12"))
    after = rulebook_text(game, root)
    assert "STRONG 77 HP" in after and "STRONG 70 HP" not in after  # the token in the components figure
    # the Damage Matrix figure: player 1's strike, player 3's boosted strike and the totals follow
    assert between(after, "Round 3 P1", "Figure") == "Round 3 P1 P2 P3 P4 Trap Total W1 12 10 5 27 S1 10 24 34 "
    assert "S1 (Strong, 77 health) takes 34 and has 43 health left" in after
    assert "Deal 12 damage to a single enemy" in after  # the card in the components figure


def test_islands_and_bridges_ability_duration_reaches_the_timeline_example(content_copy):
    game = "islands-and-bridges"
    root = content_copy(game)
    replace_in(root / game / "elements.yaml", "    duration: 5\n    cooldown: 50", "    duration: 3\n    cooldown: 50")
    after = rulebook_text(game, root)
    assert "marker goes on space 3" in after and "moves one space to the left: 2, 1. After round 3" in after
    assert between(after, "Round 1, played", "Figure").count("after the update") == 3


def figure_numbers(text: str, caption: str) -> set[str]:
    """The numbers a figure of a large face prints: every run of five or more bare numbers between the
    previous figure's caption and this one (a detail of a board carries its words in runs among the
    board's names; prose does not run five numbers together)."""
    head = text[:text.index(caption)]
    head = head[:head.rindex("Figure")]
    head = head[head.rindex("Figure") if "Figure" in head else 0:]
    return {n for run in re.findall(r"(?:\b\d+ ){5,}", head) for n in run.split()}


def test_island_of_fog_unit_bonus_and_ring_values_reach_the_combat_example_and_the_board(content_copy):
    from generator.games.island_of_fog.odds import matchup, percent
    from generator.games.island_of_fog.rules import Force

    game = "island-of-fog"
    ring_caption = "The top-left quarter of the 5x5 board"
    before = rulebook_text(game)
    assert "elite unit on forest, +2" in before and "(forest +1, elite unit +1)" in before
    assert "2" in figure_numbers(before, ring_caption)

    root = content_copy(game)
    replace_in(root / game / "units.yaml", "    combat_extra: 1 ", "    combat_extra: 2 ")
    five = "  - size: 5\n    ring_values: [1, 2]"
    replace_in(root / game / "board.yaml", five, five.replace("[1, 2]", "[1, 4]"))
    after = rulebook_text(game, root)
    # the combat figure's label and the example's sentence follow the elite's bonus ...
    assert "elite unit on forest, +3" in after and "(forest +1, elite unit +2)" in after
    # ... and its odds are the odds engine's for the changed model, not the shipped one's
    m = kit.load(game, root).model
    policy = m.combat.reroll_policy
    stack = Force("basic", m.units.stacking.max_size)
    new, old = (matchup(model, stack, Force("elite"), "forest", policy).odds
                for model in (m, kit.load(game, paths.CONTENT).model))
    assert new.win < old.win
    for o in (new, old):
        said = (f"The stack wins {percent(o.win)} of such fights, draws {percent(o.draw)} and loses "
                f"{percent(o.lose)}")
        assert (said in after) == (o is new) and (said in before) == (o is old)
    # the board figure prints the new inner ring's value where it printed the old one
    shown = figure_numbers(after, ring_caption)
    assert "4" in shown and "2" not in shown


def test_skybound_card_stats_reach_the_card_anatomy_figure(content_copy):
    game = "skybound-battle"
    caption = "A character card. Every card shows"
    m = kit.load(game, paths.CONTENT).model
    card = next(c for c in m.cards if c.mana and c.effects)  # the card the anatomy figure shows
    before = rulebook_text(game)
    assert f" {card.attack} {card.life} " in between(before, f"{card.name} ", caption)

    root = content_copy(game)
    cards = root / game / "cards.yaml"
    text = cards.read_text()
    at = text.index(f"name: {card.name}\n")
    block_end = text.index("flavour:", at)
    block = text[at:block_end]
    # +1 attack, not more: a stronger edit makes it dominate a card of its colour (Flame Dancer 3/2),
    # which the content checks rightly refuse
    edited = block.replace(f"attack: {card.attack}\n", f"attack: {card.attack + 1}\n", 1)
    edited = edited.replace(f"life: {card.life}\n", f"life: {card.life + 5}\n", 1)
    assert edited != block
    cards.write_text(text[:at] + edited + text[block_end:])
    shown = between(rulebook_text(game, root), f"{card.name} ", caption)
    assert f" {card.attack + 1} {card.life + 5} " in shown and f" {card.attack} {card.life} " not in shown


def test_the_skylands_tile_anatomy_points_clear_of_the_words_it_explains():
    """A callout's dot lies on what it names, not on the letter or number printed there (round 2: the
    north edge's dot sat on its 'W' and the mark's dot on its '4'), and the fragment's dot on its
    fragment, not on the sky-blue middle of the tile."""
    import math

    from generator.core import kit
    from generator.draw.scene import Group, Text
    from generator.games.skylands import draw_tiles
    from generator.games.skylands.figures import anatomy_face, anatomy_notes

    model = kit.load("skylands", paths.CONTENT).model
    face = anatomy_face(model)
    scene = draw_tiles.island_tile(model, face)

    def texts(items, dx=0.0, dy=0.0):
        for it in items:
            if isinstance(it, Group):
                yield from texts(it.items, dx + it.dx, dy + it.dy)
            elif isinstance(it, Text) and it.text.strip():
                yield dx + it.x, dy + it.y - it.size_pt * 0.35278 / 3, it.text   # the glyphs' middle

    words = list(texts(scene.items))
    assert any(w == "W" for *_, w in words) and any(w == face.mark or w.isdigit() or "+" in w for *_, w in words)
    notes = anatomy_notes(model, face)
    for x, y, said in notes:
        for tx, ty, w in words:
            assert math.dist((x, y), (tx, ty)) > 2.0, f"the dot of {said!r} lies on the printed {w!r}"
    t = model.files.print.tile
    (fx, fy), = [(x, y) for x, y, said in notes if said.endswith("fragment")]
    assert math.dist((fx, fy), (t / 2, t / 2)) > t / 4, "the fragment's dot is in the middle of the tile"


def test_skybound_card_anatomy_callouts_follow_the_card_layout(content_copy):
    """Every callout of the card anatomy is placed from the card layout's own boxes: the colour's
    symbol moved 2 mm down in card.yaml takes the 'colour' dot with it, and no other."""
    from generator.games.skybound_battle.figures import _anatomy_card, _anatomy_notes

    game = "skybound-battle"

    def notes(root: Path) -> dict[str, tuple[float, float]]:
        m = kit.load(game, root).model
        return {words: (x, y) for x, y, words in _anatomy_notes(m, _anatomy_card(m))}

    before = notes(paths.CONTENT)
    assert set(before) == {"name", "colour", "keyword badges", "effects", "cost (deck building)", "attack",
                           "life", "mana"}
    root = content_copy(game)
    replace_in(root / game / "layouts" / "card.yaml", "symbol:      {type: slot, x: 51mm, y: 5mm,",
               "symbol:      {type: slot, x: 51mm, y: 7mm,")
    after = notes(root)
    assert after["colour"] == (before["colour"][0], before["colour"][1] + 2.0)
    assert {k: v for k, v in after.items() if k != "colour"} == {k: v for k, v in before.items() if k != "colour"}


def test_the_islands_and_bridges_duration_marker_leaves_its_fields_number_readable():
    """In the Ability Duration Timeline figure the marker lies in its field clear of the field's number
    (the QA pass found it drawn over the 5, the 4 and the 1), and inside the field."""
    from generator.draw import Circle, Rect, Text
    from generator.games.islands_and_bridges.figures import figures
    from tests.inkcheck import ink_box

    model = kit.load("islands-and-bridges", paths.CONTENT).model
    scene = figures(model)["duration-round"].scenes[0]
    paper = model.color("paper")
    markers = [c for c in scene.items if isinstance(c, Circle) and c.fill != paper]
    numbers = [t for t in scene.items if isinstance(t, Text) and t.text.isdigit()]
    fields = [r for r in scene.items if isinstance(r, Rect)]
    assert len(markers) == 3 and numbers
    for m in markers:
        for t in numbers:
            x0, y0, x1, y1 = ink_box(t)
            nearest = (min(max(m.cx, x0), x1), min(max(m.cy, y0), y1))
            assert math.dist(nearest, (m.cx, m.cy)) > m.r + 0.3, f"the marker lies on the number {t.text}"
        assert any(f.x <= m.cx - m.r and m.cx + m.r <= f.x + f.w and f.y <= m.cy - m.r and m.cy + m.r <= f.y + f.h
                   for f in fields), "the marker stands out of its field"


def test_the_islands_and_bridges_socket_callouts_stand_clear_of_the_island():
    """The island figure's callout words lie off the island's picture (its art reached past the tile's
    edge, into the bleed, under 'north socket' and 'west socket'), and no callout line crosses them."""
    from generator.draw import Group, Line, Text
    from generator.draw.scene import Clipped
    from generator.games.islands_and_bridges.figures import figures
    from generator.press.figures import arrange, legible
    from generator.press.rulebook import text_width
    from tests.inkcheck import ink_box

    model = kit.load("islands-and-bridges", paths.CONTENT).model
    fig = figures(model)["island"]
    scale, _ = arrange(fig, (), text_width("a4"))
    scene = legible(fig.scenes[0], scale)   # as the book prints it
    face = next(it for it in scene.items if isinstance(it, Group))

    def drawn(items, dx=0.0, dy=0.0, clip=None):
        """The boxes (x0, y0, x1, y1) the face paints, cut to any clip on the way."""
        for it in items:
            if isinstance(it, Group):
                c = (dx + it.dx + it.clip[0], dy + it.dy + it.clip[1], dx + it.dx + it.clip[0] + it.clip[2],
                     dy + it.dy + it.clip[1] + it.clip[3]) if isinstance(it, Clipped) else clip
                if clip and c is not clip:
                    c = (max(c[0], clip[0]), max(c[1], clip[1]), min(c[2], clip[2]), min(c[3], clip[3]))
                yield from drawn(it.items, dx + it.dx, dy + it.dy, c)
            elif hasattr(it, "w"):
                box = (dx + it.x, dy + it.y, dx + it.x + it.w, dy + it.y + it.h)
                if clip:
                    box = (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))
                if box[0] < box[2] and box[1] < box[3]:
                    yield box

    painted = list(drawn((face,)))
    words = [t for t in scene.items if isinstance(t, Text)]
    lines = [ln for ln in scene.items if isinstance(ln, Line)]
    assert {t.text for t in words} == {"north socket", "east socket", "south socket", "west socket"}
    for t in words:
        x0, y0, x1, y1 = ink_box(t)
        for b in painted:
            assert x1 <= b[0] or b[2] <= x0 or y1 <= b[1] or b[3] <= y0, f"{t.text!r} lies on the island"
        for ln in lines:   # a line's ends lie left or right of every word's ink
            assert all(x <= x0 or x >= x1 for x in (ln.x1, ln.x2)) and \
                (min(ln.x1, ln.x2) >= x1 or max(ln.x1, ln.x2) <= x0), f"a callout line crosses {t.text!r}"


def test_island_of_fog_figures_show_whole_squares_and_whole_stacks():
    """The set-up figure's corner of the board ends on a square's edge (it cut the third row and
    column, a sliver of the lighthouse tile with them), and the combat figure's fanned stack lies whole
    on its space (the figure's edge cut its first token)."""
    from generator.draw import Circle, Group
    from generator.games.island_of_fog import draw_board
    from generator.games.island_of_fog.board import squares
    from generator.games.island_of_fog.figures import figures

    m = kit.load("island-of-fog", paths.CONTENT).model
    shown = figures(m, [c.id for c in m.game.colours])
    corner = shown["setup"].scenes[0]
    pitch, edge = draw_board.square_pitch_mm(m), draw_board.GRID_MM / 2
    for r, c in squares(m.board.default_size):
        x, y = draw_board.MARGIN + c * pitch, draw_board.MARGIN + r * pitch
        seen_w = max(0.0, min(x + pitch, corner.w) - x)
        seen_h = max(0.0, min(y + pitch, corner.h) - y)
        assert seen_w <= edge + 1e-9 or seen_h <= edge + 1e-9 or (seen_w, seen_h) == (pitch, pitch), (r, c)
    assert corner.w > 2 * pitch   # the start square and its neighbours

    s = m.board.space_size
    for space in shown["combat"].scenes:
        discs = [(g.dx + d.cx, g.dy + d.cy, d.r + d.stroke_mm / 2) for g in space.items if isinstance(g, Group)
                 for d in g.items if isinstance(d, Circle)]
        assert discs
        for cx, cy, r in discs:
            assert cx - r >= 0 and cx + r <= s and cy - r >= 0 and cy + r <= s, "a token stands off its space"
