"""Skylands content: the seed's counts, and every content check fed a bad value (FILE:LINE:COL)."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.content import ContentError, paths
from generator.core import kit
from generator.games.skylands import components
from generator.games.skylands.geometry import face_problems, mirror_problems, shape_problems
from generator.games.skylands.schema import FragmentSpec, ShapeSpec
from generator.games.skylands.text import special_text
from generator.games.skylands.tiles import Face, Fragment
from tests.conftest import problems_after_edit, replace_in

GAME = "skylands"


@pytest.fixture(scope="module")
def model():
    return kit.load(GAME, paths.CONTENT).model


def problems_after(content_copy, file: str, old: str, new: str, count: int = 1) -> list[str]:
    return problems_after_edit(content_copy, GAME, file, old, new, count)


def line_of(file: str, text: str, nth: int = 1) -> int:
    lines = (paths.CONTENT / GAME / file).read_text().splitlines()
    hits = [i for i, line in enumerate(lines, 1) if text in line]
    return hits[nth - 1]


def only(msgs: list[str], expect: str) -> str:
    hits = [m for m in msgs if expect in m]
    assert hits, f"{expect!r} not in {msgs}"
    return hits[0]


# ---- the shipped content -----------------------------------------------------------------

def test_shipped_content_is_clean(content_copy):
    kit.load(GAME, content_copy(GAME))


def test_counts_88_island_tiles_from_the_recipe(model):
    assert len(model.island_tiles) == 88 == model.files.game.seed_counts["island_tiles"]
    assert len({t.face.id for t in model.island_tiles}) == 88


def test_counts_per_shape_follow_of_each_kind(model):
    per_shape = Counter(t.face.shape for t in model.island_tiles)
    assert per_shape == {"small": 16, "half": 16, "large": 4, "long": 4, "opposing": 24,
                         "neighbouring": 12, "neighbouring-mirror": 12}
    per_kind = Counter((t.face.shape, t.face.terrains) for t in model.island_tiles)
    assert per_kind[("small", ("woods",))] == 4 and per_kind[("large", ("city",))] == 1
    assert per_kind[("opposing", ("woods", "crystals"))] == 4
    assert per_kind[("neighbouring", ("mountains", "city"))] == 2
    assert per_kind[("neighbouring-mirror", ("mountains", "city"))] == 2


def test_counts_per_terrain_are_even(model):
    for players in (2, 3, 4):
        stack = model.tiles_for(players)
        per_terrain = Counter(t for tile in stack for t in tile.face.terrains)
        assert len(set(per_terrain.values())) == 1, (players, per_terrain)
    assert Counter(t for tile in model.island_tiles for t in tile.face.terrains)["woods"] == 34


def test_counts_per_player_count(model):
    assert [len(model.tiles_for(p)) for p in (2, 3, 4)] == [58, 78, 88]


def test_counts_special_islands_per_group(model):
    groups = Counter(s.spec.group for s in model.specials.values())
    assert groups == {"no-effect": 12, "one-time": 6, "ongoing": 6, "scoring": 8}
    intro = Counter(s.spec.group for s in model.specials.values() if s.spec.intro)
    assert set(intro.values()) == {4} and sum(intro.values()) == 16


def test_every_effect_the_seed_names_is_on_a_tile(model):
    names = {s.effect.name for s in model.specials.values()} | {s.spec.name for s in model.specials.values()}
    for seed_name in ("Worth-while Find", "Outpost", "Fruitful Terrain", "Profitable City", "Generator",
                      "Hostel", "Merchant District", "Mountain District", "Wood District", "Power Station",
                      "Sky Haven", "Sanctum", "Academy of Creators", "Villa"):
        assert seed_name in names
    assert sum(1 for s in model.specials.values() if s.effect.kind == "shrine") == 4


def test_special_texts_render_numbers_from_the_effect(model):
    assert special_text(model, model.specials["sanctum"]) .endswith("(at most 8 VPs).")
    assert "2 VPs for every completed wood island" in special_text(model, model.specials["shrine-of-the-woods"])
    assert special_text(model, model.specials["floating-garden"]) == ""


def test_components_list_what_the_seed_lists(model):
    got = components(model)
    assert sum(v for k, v in got.items() if k.startswith("island tiles")) == 88
    assert got["special islands"] == 32 and got["inhabitants"] == 60 and got["victory point markers"] == 24
    assert got["player boards (double-sided)"] == 4 and got["action boards"] == 4


def test_vp_supply_per_player_count(model):
    vm = model.files.tokens.vp_markers
    total = sum(d.value * d.count for d in vm.denominations)
    sums = {s.players: total - sum(v * n for v, n in s.leave_out.items()) for s in vm.supply}
    assert sums == {4: 48, 3: 42, 2: 32}


# ---- checks: geometry --------------------------------------------------------------------

def test_geometry_edge_covered_twice():
    shape = ShapeSpec(id="bad", name="Bad", fragments=[FragmentSpec(edges=["north"], spaces=1),
                                                       FragmentSpec(edges=["north", "east"], spaces=1)])
    assert any("north edge is covered by 2 fragments" in m for m in shape_problems(shape, {1: 2, 2: 3}))


def test_geometry_spaces_must_fit_the_fragment(content_copy):
    msgs = problems_after(content_copy, "tiles.yaml", "      - {edges: [north, south], spaces: 2}",
                          "      - {edges: [north, south], spaces: 5}")
    msg = only(msgs, "fragment 1 has 5 spaces, more than fit")
    assert f"{GAME}/tiles.yaml:{line_of('tiles.yaml', '  - id: long')}:" in msg


def test_geometry_island_fragment_needs_a_space(content_copy):
    msgs = problems_after(content_copy, "tiles.yaml", "      - {edges: [north], spaces: 1}\n  - id: half",
                          "      - {edges: [north], spaces: 0}\n  - id: half")
    only(msgs, "fragment 1 has no inhabitant space")


def test_geometry_island_fragment_must_reach_an_edge(content_copy):
    msgs = problems_after(content_copy, "tiles.yaml", "      - {edges: [south], spaces: 1}\n  - id: neighbouring\n",
                          "      - {edges: [], spaces: 1}\n  - id: neighbouring\n")
    only(msgs, "shape 'opposing': fragment 2 reaches no edge")


def test_geometry_mirror_must_be_a_mirror_image(content_copy):
    msgs = problems_after(content_copy, "tiles.yaml", "      - {edges: [west], spaces: 1}",
                          "      - {edges: [east], spaces: 1}")
    msg = only(msgs, "is 'neighbouring' turned, not a mirror image")
    assert f":{line_of('tiles.yaml', 'mirror_of: neighbouring')}:" in msg


def test_geometry_mirror_problems_unit():
    orig = ShapeSpec(id="n", name="N", fragments=[FragmentSpec(edges=["north"], spaces=1),
                                                  FragmentSpec(edges=["east"], spaces=1)])
    mirror = ShapeSpec(id="m", name="M", fragments=[FragmentSpec(edges=["north"], spaces=1),
                                                    FragmentSpec(edges=["west"], spaces=1)])
    assert mirror_problems(mirror, orig) == []
    wrong = ShapeSpec(id="w", name="W", fragments=[FragmentSpec(edges=["north"], spaces=1),
                                                   FragmentSpec(edges=["south"], spaces=1)])
    assert "not the mirror image" in mirror_problems(wrong, orig)[0]


def test_geometry_face_edges_agree_with_fragments():
    face = Face("odd", "island", "x", (Fragment("woods", frozenset({0}), 1), Fragment("woods", frozenset({1}), 1)))
    assert any("two fragments of woods" in m for m in face_problems(face))


def test_geometry_two_fragments_of_a_tile_differ(content_copy):
    msgs = problems_after(content_copy, "boards.yaml", "b: {shape: opposing, terrains: [woods, crystals]}",
                          "b: {shape: opposing, terrains: [woods, woods]}")
    msg = only(msgs, "two fragments of woods on one tile")
    assert f"boards.yaml:{line_of('boards.yaml', 'terrains: [woods, crystals]')}:" in msg


def test_geometry_layout_needs_one_terrain_per_fragment(content_copy):
    msgs = problems_after(content_copy, "boards.yaml", "{square: C2, shape: small, terrains: [mountains]",
                          "{square: C2, shape: small, terrains: [mountains, woods]")
    only(msgs, "shape 'small' has 1 fragment(s): give one terrain each (found 2)")


# ---- checks: counts ----------------------------------------------------------------------

def test_counts_must_add_up_to_the_seed_total(content_copy):
    msgs = problems_after(content_copy, "tiles.yaml", "    copies: 4\n    seed: \"Small",
                          "    copies: 3\n    seed: \"Small")
    msg = only(msgs, "island tiles: 84 made, the seed has 88")
    assert f"tiles.yaml:{line_of('tiles.yaml', '  - shape: small')}:" in msg


def test_counts_marks_keep_terrains_even(content_copy):
    msgs = problems_after(content_copy, "tiles.yaml", "    marks: {three-plus: 1}\n  - shape: large",
                          "    marks: {three-plus: 1}\n  - shape: large\n    marks: {four: 1}")
    only(msgs, "with 3 players no large tile of woods is left")


def test_counts_marked_copies_cannot_exceed_copies(content_copy):
    msgs = problems_after(content_copy, "tiles.yaml", "    marks: {three-plus: 1, four: 1}",
                          "    marks: {three-plus: 3, four: 2}")
    only(msgs, "5 marked copies of 4 copies")


def test_counts_unknown_mark(content_copy):
    msgs = problems_after(content_copy, "tiles.yaml", "    marks: {four: 1}", "    marks: {five: 1}")
    only(msgs, "unknown mark (found 'five', allowed: three-plus, four)")


def test_counts_per_pair_needs_two_fragments(content_copy):
    msgs = problems_after(content_copy, "tiles.yaml", "  - shape: long\n    per: terrain",
                          "  - shape: long\n    per: pair")
    only(msgs, "per: pair needs a shape of 2 fragments (shape 'long' has 1)")


def test_counts_special_group_as_the_seed_counts(content_copy):
    msgs = problems_after(content_copy, "specials.yaml", "    seed_count: 8", "    seed_count: 9")
    only(msgs, "group 'scoring': 8 special islands, the seed has 9")


def test_counts_intro_display_four_per_group(content_copy):
    msgs = problems_after(content_copy, "specials.yaml", "effect: villa}", "effect: villa, intro: true}")
    only(msgs, "group 'scoring': 5 intro tiles, the display takes 4")


def test_counts_inhabitants_sixty(content_copy):
    msgs = problems_after(content_copy, "game.yaml", 'colour: "#1e6fd9", count: 20', 'colour: "#1e6fd9", count: 19')
    only(msgs, "inhabitants: 59 made, the seed has 60")


def test_counts_printed_layout_worth_three_tiles(content_copy):
    msgs = problems_after(content_copy, "boards.yaml",
                          "      - {square: C2, shape: small, terrains: [crystals], rotation: 270}\n", "")
    only(msgs, "2 pre-printed squares")


def test_counts_vp_supply_adds_up(content_copy):
    msgs = problems_after(content_copy, "tokens.yaml", "leave_out: {5: 1, 1: 1}", "leave_out: {5: 1}")
    msg = only(msgs, "3 players: the markers add up to 43 VPs, the seed says 42")
    assert f"tokens.yaml:{line_of('tokens.yaml', 'players: 3')}:" in msg


def test_counts_vp_supply_leaves_out_existing_markers(content_copy):
    msgs = problems_after(content_copy, "tokens.yaml", "leave_out: {5: 1, 1: 1}", "leave_out: {10: 1, 5: 1}")
    only(msgs, "leaves out 1 markers of 10 VP (there are 0)")


def test_counts_unknown_seed_count_key(content_copy):
    msgs = problems_after(content_copy, "game.yaml", "  scoring_pads: 1", "  scoring_pads: 1\n  dice: 2")
    only(msgs, "unknown component 'dice'")


# ---- checks: specials --------------------------------------------------------------------

def test_specials_cost_uses_known_colours(content_copy):
    msgs = problems_after(content_copy, "specials.yaml", "cost: [blue, blue], effect: power-station",
                          "cost: [blue, red], effect: power-station")
    msg = only(msgs, "unknown inhabitant colour (found 'red', allowed: green, purple, blue, white)")
    line = line_of("specials.yaml", "effect: power-station}")
    assert f"specials.yaml:{line}:" in msg


def test_specials_question_mark_needs_a_scoring_effect(content_copy):
    msgs = problems_after(content_copy, "specials.yaml", "vp: 2, cost: [blue, blue, white], effect: generator",
                          "vp: \"?\", cost: [blue, blue, white], effect: generator")
    only(msgs, "'?' needs a scoring effect (found 'generator'")


def test_specials_scoring_effect_shows_question_mark(content_copy):
    msgs = problems_after(content_copy, "specials.yaml", 'vp: "?", cost: [green, blue, white], effect: villa',
                          "vp: 3, cost: [green, blue, white], effect: villa")
    only(msgs, "a scoring effect ('villa') shows '?'")


def test_specials_unknown_effect(content_copy):
    msgs = problems_after(content_copy, "specials.yaml", "effect: outpost, intro", "effect: lighthouse, intro")
    only(msgs, "unknown effect (found 'lighthouse'")


def test_specials_effect_on_no_tile(content_copy):
    msgs = problems_after(content_copy, "specials.yaml", "effect: outpost, intro", "effect: none, intro")
    only(msgs, "effect 'outpost' is on no special island")


def test_specials_shrine_needs_its_type(content_copy):
    msgs = problems_after(content_copy, "specials.yaml", "     depicts: woods, vp:", "     vp:")
    only(msgs, "effect 'shrine' needs 'depicts'")


def test_specials_template_error_points_at_the_text(content_copy):
    msgs = problems_after(content_copy, "specials.yaml", "{{ e.gain_vp }}", "{{ e.gain_vps }}")
    msg = only(msgs, "gain_vps")
    assert f"specials.yaml:{line_of('specials.yaml', 'e.gain_vp')}:" in msg


def test_specials_duplicate_id(content_copy):
    msgs = problems_after(content_copy, "specials.yaml", "{id: cloud-keep,", "{id: floating-garden,")
    only(msgs, "special island 'floating-garden' is defined twice")


# ---- checks: placeable, layouts, glyphs --------------------------------------------------

def test_placeable_every_tile_can_go_next_to_another(model, content_copy):
    from generator.content import load_content
    from generator.games.skylands.checks import placeable_problems

    content = load_content(content_copy(GAME) / GAME)
    assert placeable_problems(model, content) == []
    # a stack whose only city tile is large-city-1: its city edges can continue nowhere
    alone = [t for t in model.island_tiles if "city" not in t.face.terrains or t.face.id == "large-city-1"]
    stripped = type(model)(model.files, tuple(alone), {}, model.starting_faces, model.printed)
    msgs = [str(p) for p in placeable_problems(stripped, content)]
    assert any("large-city-1: no other tile has a city edge" in m for m in msgs)
    assert all("tiles.yaml:" in m for m in msgs)


def test_layout_squares_obey_the_placing_rules(content_copy):
    msgs = problems_after(content_copy, "boards.yaml",
                          "{square: C2, shape: small, terrains: [city], rotation: 270}",
                          "{square: C2, shape: small, terrains: [city], rotation: 90}")
    msg = only(msgs, "square C2, west edge: clouds meets city on the east edge of B2")
    assert f"boards.yaml:{line_of('boards.yaml', '{square: C2, shape: small')}:" in msg


def test_layout_square_must_be_on_the_board(content_copy):
    msgs = problems_after(content_copy, "boards.yaml", "{square: B2, shape: half, terrains: [woods]",
                          "{square: F3, shape: half, terrains: [woods]")
    only(msgs, "not a square of the 5x4 board (found 'F3', allowed A1 to E4)")


def test_glyphs_the_font_lacks_are_content_errors(content_copy):
    msgs = problems_after(content_copy, "scoring.yaml", "  total_label: Total", "  total_label: \"Σ\"")
    only(msgs, "the font has no glyph for 'Σ'")


def test_the_palette_holds_the_inks_the_drawers_need(content_copy):
    """Skylands' inks are its layout palette (layouts/palette.yaml), one colour system with the layouts."""
    msgs = problems_after(content_copy, "layouts/palette.yaml", '  back: "#3f6f9a"', "")
    assert any("palette.yaml:1:1: error: the palette lacks 'back'" in m for m in msgs), msgs


def test_tokens_take_places_sizes_and_colours_from_their_layouts(content_copy):
    """issue 11 s.3: a token's look is its layout's (layouts/token-*.yaml) and the palette's."""
    from generator.draw import Circle, Text
    from generator.games.skylands import draw_tokens

    root = content_copy(GAME)
    replace_in(root / GAME / "layouts" / "palette.yaml", 'vp: "#ffd966"', 'vp: "#aa3377"')
    replace_in(root / GAME / "layouts" / "token-vp.yaml", "size: 13.2,", "size: 10,")
    replace_in(root / GAME / "layouts" / "token-player.yaml", "head: {type: circle, x: 37%",
               "head: {type: circle, x: 47%")
    model = kit.load(GAME, root).model
    marker = draw_tokens.vp_marker(model, 5)
    assert any(isinstance(c, Circle) and c.fill == "#aa3377" for c in marker.items)
    assert [t.size_pt for t in marker.items if isinstance(t, Text) and t.text == "5"] == [10]
    token = draw_tokens.player_token(model, model.files.game.player_colours[0])
    s = model.files.print.player_token
    assert any(isinstance(c, Circle) and c.cx == pytest.approx(s * 0.6) and c.r == pytest.approx(s * 0.13)
               for c in token.items)


def test_a_token_text_too_wide_is_an_error_at_the_layout_and_the_data(content_copy):
    msgs = problems_after(content_copy, "tokens.yaml", "active_side: Active", "active_side: Active and awake all game")
    line = line_of("layouts/token-marker-active.yaml", "side: {type: text")
    assert any(f"token-marker-active.yaml:{line}:" in m and "does not fit" in m for m in msgs), msgs


def test_print_spaces_must_fit_the_tile(content_copy):
    msgs = problems_after(content_copy, "print.yaml", "space: 2.8mm", "space: 6mm")
    only(msgs, "spaces of 6 mm radius do not fit")


def test_print_special_island_text_fits_its_tile_at_six_points(content_copy):
    msgs = problems_after(content_copy, "specials.yaml",
                          'text: "{{ e.vp_per_space }} VP for every space in your',
                          'text: "{{ e.vp_per_space }} VP for every space, counted one by one and twice over, at '
                          'the very end of the game, whichever island it is and wherever it lies on the board, '
                          'with or without inhabitants on it, in your')
    msg = only(msgs, "the text on 'villa' takes")
    assert f"specials.yaml:{line_of('specials.yaml', 'kind: villa') + 3}:" in msg


def test_a_500_character_special_island_text_is_refused_at_its_line(content_copy, runner, tmp_path):
    """issue 10: a text that cannot fit its tile is an error at the line holding it, exit 1, nothing written."""
    from generator.cli import main

    root = content_copy("skylands")
    line = line_of("specials.yaml", "Immediately gain {{ e.gain_vp }} VPs")
    replace_in(root / "skylands" / "specials.yaml", "Immediately gain {{ e.gain_vp }} VPs from the supply.",
               "Immediately gain VPs. " * 23 + "Then rest.")
    out = tmp_path / "out"
    result = runner.invoke(main, ["--content", str(root), "--out", str(out), "build", "skylands"])
    assert result.exit_code == 1, result.output
    assert f"specials.yaml:{line}:11: error: the text on 'worth-while-find' takes 24 lines at 6 pt, the tile " \
           "has room for 7" in result.output
    # the text is quoted short, not 500 characters (besides the paths of the data and the layout's box)
    assert len(result.output.splitlines()[0].replace(str(root), "")) < 300
    assert not out.exists()


def test_print_special_island_name_fits_its_tile(content_copy):
    msgs = problems_after(content_copy, "specials.yaml", "name: Sky Haven, group: scoring",
                          "name: Sky Haven of the Everlasting Floating Mountains, group: scoring")
    msg = only(msgs, "does not fit on the tile in two lines at 6 pt")
    assert f"specials.yaml:{line_of('specials.yaml', 'id: sky-haven')}:" in msg


def test_specials_cost_shows_at_most_one_white_inhabitant(content_copy):
    """"The white inhabitant represents one inhabitant of any color": the active player's bonus waives it."""
    msgs = problems_after(content_copy, "specials.yaml", "cost: [purple, white], effect: outpost",
                          "cost: [white, white], effect: outpost")
    msg = only(msgs, "2 white inhabitants in the cost (at most 1: max_white_per_cost)")
    assert f"specials.yaml:{line_of('specials.yaml', 'cost: [purple, white], effect: outpost')}:" in msg


def test_tactical_start_keeps_no_more_than_it_draws(content_copy):
    msgs = problems_after(content_copy, "boards.yaml", "tactical_start: {draw: 3, keep: 2}",
                          "tactical_start: {draw: 3, keep: 4}")
    only(msgs, "keeps 4 of the 3 island tiles drawn")


def test_scoring_example_obeys_the_placing_rules_and_is_reported_with_the_rest(content_copy):
    root = content_copy(GAME)
    replace_in(root / GAME / "scoring-example.yaml", "C2: {tile: small-woods-1, rotation: 0}",
               "C2: {tile: small-woods-1, rotation: 90}")
    replace_in(root / GAME / "print.yaml", "edge_band: 4mm", "edge_band: 12mm")
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    msgs = [str(p) for p in err.value.problems]
    msg = only(msgs, "square C2, north edge: clouds meets woods on the south edge of C1")
    assert f"scoring-example.yaml:{line_of('scoring-example.yaml', '  C2: {tile: small-woods-1')}:" in msg
    only(msgs, "edge bands of 12 mm leave no room")  # the example does not hide the other problems


def test_scoring_example_file_is_required(content_copy):
    root = content_copy(GAME)
    (root / GAME / "scoring-example.yaml").unlink()
    with pytest.raises(ContentError) as err:
        kit.load(GAME, root)
    only([str(p) for p in err.value.problems], "scoring-example.yaml:1:1: error: missing content file")


def test_actions_give_the_rules_model_its_numbers(content_copy):
    msgs = problems_after(content_copy, "boards.yaml", "params: {reveal_extra: 1, take: 1, bonus_tiles: 1}",
                          "params: {reveal_extra: 1, bonus_tiles: 1}")
    msg = only(msgs, "discover-islands: missing number 'take'")
    assert f"boards.yaml:{line_of('boards.yaml', 'params: {reveal_extra: 1')}:" in msg


def test_actions_convert_energy_names_known_island_types(content_copy):
    msgs = problems_after(content_copy, "boards.yaml", "    source: crystals", "    source: lava")
    msg = only(msgs, "convert-energy: source must be one of woods, mountains, crystals, city (found 'lava')")
    assert f"boards.yaml:{line_of('boards.yaml', '    source: crystals')}:" in msg


# ---- player marks: a player token's letter never reads as an inhabitant's ------------------------

def test_player_tokens_print_their_colours_mark_which_no_inhabitant_prints(model):
    """A player token prints its colour's mark (game.yaml) under its pawn; the cost discs print an
    inhabitant colour's initial: the two never share a letter, nor do two players."""
    from generator.draw import Text
    from generator.games.skylands import draw_tokens
    from generator.games.skylands.model import cost_letter

    g = model.files.game
    letters = {cost_letter(c.name) for c in g.inhabitants.colours}
    marks = [c.mark for c in g.player_colours]
    for c in g.player_colours:
        assert [t.text for t in draw_tokens.player_token(model, c).items if isinstance(t, Text)] == [c.mark]
    assert not set(marks) & letters and len(set(marks)) == len(marks)


@pytest.mark.parametrize(("mark", "says"), [
    ("B", "black: the mark 'B' reads as the letter of the blue inhabitants (cost discs print G, P, B; "
          "a player's mark must be another)"),
    ("bk", "black: the mark 'bk' reads as the letter of the blue inhabitants"),
    ("R", "black: the mark 'R' is red's already"),
])
def test_a_player_mark_an_inhabitant_prints_or_another_player_has_is_refused_at_the_mark(
        content_copy, runner, tmp_path, mark, says):
    """Through the CLI: FILE:LINE:COL at the mark, exit 1, nothing written."""
    from generator.cli import main

    root = content_copy(GAME)
    line = line_of("game.yaml", "mark: K}")
    col = (paths.CONTENT / GAME / "game.yaml").read_text().splitlines()[line - 1].index("K}") + 1   # the value
    replace_in(root / GAME / "game.yaml", "mark: K}", f"mark: {mark}}}")
    out = tmp_path / "out"
    result = runner.invoke(main, ["--content", str(root), "--out", str(out), "build", GAME])
    assert result.exit_code == 1, result.output
    assert f"{root / GAME / 'game.yaml'}:{line}:{col}: error: {says}" in result.output, result.output
    assert "Traceback" not in result.output and not out.exists()
