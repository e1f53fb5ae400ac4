"""Fuzzing: random YAML-like text into the loader and the four tool-file readers lets only the
documented problem type out (ContentError, or a list of Problems for the deck checker).

Bounded here so that CI stays fast; run it long with PLAYKIT_FUZZ_EXAMPLES=20000.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content import ContentError, Problem, load_text, paths
from generator.core import kit
from generator.games.island_of_fog.mapfile import read_map, to_yaml
from generator.games.island_of_fog.mapgen import generate as fog_generate
from generator.games.islands_and_bridges.cli import map_kit
from generator.games.islands_and_bridges.mapgen import default_params
from generator.games.islands_and_bridges.mapgen import generate as plan_generate
from generator.games.islands_and_bridges.plan_file import notes, plan_yaml, read_plan
from generator.games.skybound_battle.deckfile import check_deck_source
from generator.games.skybound_battle.decks import DeckLimits
from generator.games.skylands.boardfile import read_board

EXAMPLES = int(os.environ.get("PLAYKIT_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))


@cache
def loaded(game: str) -> kit.Loaded:
    return kit.load(game, paths.CONTENT)


# ---- the text: words the readers know, YAML's own punctuation, values YAML 1.1 reads otherwise ----
WORDS = ["game", "seed", "players", "difficulty", "table", "width", "height", "budget", "allowed", "spent",
         "islands", "number", "at", "bridge", "starts", "enemies", "traps", "chests", "stage_end", "north",
         "side", "marker", "active", "vp_markers", "bracketed_vp", "squares", "tile", "rotation", "inhabitants",
         "A1", "B2", "C4", "Z99", "board-1", "empty", "green", "name", "cards", "size", "attempt", "seats",
         "colour", "corner", "tiles", "square", "arrow", "left_over", "report", "islands-and-bridges",
         "skylands", "island-of-fog", "easy", "hard", "120cm", "3mm", "nan", "-1"]
SPECIAL = ["yes", "no", "on", "off", "~", "null", "true", "false", ".nan", ".inf", "-.inf", "0400", "0x1F",
           "0o17", "1:30", "2026-11-23", "1_000", "1e999", "9" * 30, "-0", "''", '""', "!!int one",
           "!!float x", "!!bool maybe", "!!timestamp x", "!!set [a]", "!!map [a]", "!!binary x", "!foo x",
           "&a [1, 2]", "*a", "&b {x: *b}", "? [a, b]", "<<: *a", "\t", "\x00", "\ufeff", "é", "\u2028"]
PUNCT = [*list("-:[]{},&*!|>'\"#%@?\n "), "\n  ", "\n- ", ": ", "- "]

scalar = st.one_of(st.integers(-(10**6), 10**6), st.integers(), st.floats(), st.booleans(), st.none(),
                   st.sampled_from(WORDS), st.text(max_size=12))
structured = st.recursive(
    scalar, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                    st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=6), inner,
                                                    max_size=6)),
    max_leaves=30)
tokens = st.lists(st.sampled_from(WORDS + SPECIAL + PUNCT) | st.text(max_size=4), max_size=60).map("".join)


@st.composite
def dumped(draw: st.DrawFn) -> str:
    data = draw(structured)
    return yaml.safe_dump(data, default_flow_style=draw(st.sampled_from([None, True, False])), allow_unicode=True)


@st.composite
def mutated(draw: st.DrawFn, base: str) -> str:
    """A valid file with a few of its lines cut, doubled, or given a hostile value."""
    lines = base.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["value", "value", "line", "cut", "double", "indent"]))
        if how == "value":
            head, sep, _ = lines[i].partition(": ")
            lines[i] = head + (sep or ": ") + draw(st.sampled_from(SPECIAL + WORDS) | tokens | dumped())
        elif how == "line":
            lines[i] = draw(tokens)
        elif how == "cut":
            lines.pop(i)
            lines = lines or [""]
        elif how == "double":
            lines.insert(i, lines[i])
        else:
            lines[i] = " " * draw(st.integers(0, 6)) + lines[i].lstrip()
    return "\n".join(lines)


def texts(base: str) -> st.SearchStrategy[str]:
    return st.one_of(tokens, dumped(), mutated(base))


def only_problems(call: Any) -> None:
    """Run `call`; it may return anything or raise ContentError (with at least one problem)."""
    try:
        result = call()
    except ContentError as err:
        assert err.problems
        for p in err.problems:
            assert isinstance(p, Problem) and "\n" not in str(p), repr(p)
        return
    if isinstance(result, list):
        assert all(isinstance(p, Problem) for p in result)


# ---- the bases the mutations start from: what each tool writes, or a shipped example ----
@cache
def plan_text() -> str:
    k = map_kit(loaded("islands-and-bridges"))
    return plan_yaml(k, plan_generate(k, default_params(k), 7))


@cache
def fog_text() -> str:
    m = loaded("island-of-fog").model
    plan, report = fog_generate(m, m.board.default_size, m.game.players.max, 3)
    return to_yaml(m, plan, report)


SKYLANDS_BOARD = (paths.CONTENT / "skylands" / "scoring-example.yaml").read_text()
DECK = (Path(__file__).resolve().parent.parent / "examples" / "skybound-battle" / "ember-gale-rush.yaml").read_text()


@FUZZ
@given(st.data())
def test_loader_lets_only_content_errors_out(data):
    text = data.draw(texts(data.draw(st.sampled_from([SKYLANDS_BOARD, DECK]))))
    only_problems(lambda: load_text(text, "f.yaml"))


@FUZZ
@given(st.data())
def test_plan_reader_lets_only_content_errors_out(data):
    text = data.draw(texts(plan_text()))
    k = map_kit(loaded("islands-and-bridges"))

    def read() -> None:
        source = load_text(text, "plan.yaml")
        assert all(": note: " in n and "\n" not in n for n in notes(k, read_plan(k, source), source, source.text))

    only_problems(read)


@FUZZ
@given(st.data())
def test_board_reader_lets_only_content_errors_out(data):
    text = data.draw(texts(SKYLANDS_BOARD))
    only_problems(lambda: read_board(loaded("skylands").model, load_text(text, "board.yaml")))


@FUZZ
@given(st.data())
def test_deck_reader_gives_only_problems(data):
    text = data.draw(texts(DECK))
    model = loaded("skybound-battle").model
    limits = DeckLimits.from_rules(model.rules.deck)
    only_problems(lambda: check_deck_source(load_text(text, "deck.yaml"), model, limits))


@FUZZ
@given(st.data())
def test_fog_map_reader_lets_only_content_errors_out(data):
    text = data.draw(texts(fog_text()))
    only_problems(lambda: read_map(loaded("island-of-fog").model, load_text(text, "map.yaml")))


# ---- pictures: whatever the readers accept is drawn, in PDF and SVG, without a traceback -----------
HOSTILE_NUMBERS = ["0", "-0", "1", "-1", "10", "0.5", "1e-300", "1e300", "1e999", "-1e999", "nan", "inf", "1e9",
                   "9e8", "1e-3", "2.5e2", ".5", "-.5", "", "x", "1,2", "1 2 3"]
number = st.sampled_from(HOSTILE_NUMBERS) | st.floats(allow_nan=False, width=32).map(lambda v: f"{v:g}")


@st.composite
def svg_transform(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["translate", "scale", "matrix", "rotate", "skewX"]))
        args = " ".join(draw(st.lists(number, max_size=7)))
        parts.append(f"{kind}({args})")
    return draw(st.sampled_from([" ", ",", ""])).join(parts)


@st.composite
def svg_shape(draw: st.DrawFn) -> str:
    tag = draw(st.sampled_from(["rect", "circle", "ellipse", "line", "polygon", "polyline", "path", "text"]))
    attrs = {name: draw(number) for name in draw(st.lists(st.sampled_from(
        ["x", "y", "width", "height", "rx", "r", "cx", "cy", "ry", "x1", "y1", "x2", "y2", "stroke-width"]),
        max_size=6))}
    if tag in ("polygon", "polyline"):
        attrs["points"] = " ".join(draw(st.lists(number, max_size=8)))
    if tag == "path":
        cmds = draw(st.lists(st.sampled_from(list("MmLlHhVvCcSsQqZzA")) | number, max_size=20))
        attrs["d"] = " ".join(cmds)
    attrs["fill"] = draw(st.sampled_from(["#ff0000", "#abc", "red", "none", "url(#x)", "#12345"]))
    if draw(st.booleans()):
        attrs["transform"] = draw(svg_transform())
    return f"<{tag} " + " ".join(f'{k}="{v}"' for k, v in attrs.items()) + "/>"


@st.composite
def svg_document(draw: st.DrawFn) -> bytes:
    body = draw(st.lists(svg_shape(), max_size=6))
    for _ in range(draw(st.integers(0, 3))):   # groups around some of it
        cut = draw(st.integers(0, len(body)))
        body = [*body[:cut], f'<g transform="{draw(svg_transform())}">', *body[cut:], "</g>"]
    view = " ".join(draw(st.lists(number, min_size=0, max_size=5)))
    size = draw(st.sampled_from(["", 'width="10" height="20"', 'width="0" height="5"', 'width="1e999" height="1"']))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}" {size}>' + "".join(body) + "</svg>").encode()


def drawn_everywhere(picture) -> None:
    """The picture fitted into a box every way, drawn by both backends: PDF bytes and well-formed SVG."""
    import io
    import xml.dom.minidom

    from reportlab.pdfgen.canvas import Canvas

    from generator.draw import pdf
    from generator.draw.scene import Scene
    from generator.draw.svg import to_svg
    from generator.layout.picturefit import fitted

    items = tuple(fitted(picture, 2.0, 3.0, 30.0, 20.0, fit) for fit in ("contain", "cover", "stretch"))
    scene = Scene(63.0, 88.0, items)
    xml.dom.minidom.parseString(to_svg(scene))
    canvas = Canvas(io.BytesIO(), invariant=1)
    pdf.draw(canvas, scene, 10.0, 10.0, 297.0, bleed=3.0)
    canvas.showPage()
    assert canvas.getpdfdata().startswith(b"%PDF")


@FUZZ
@given(svg_document())
def test_an_svg_picture_the_reader_accepts_is_drawn(data):
    from generator.layout.svgimage import read_svg

    try:
        picture = read_svg(data, "fuzz.svg")
    except ValueError:
        return
    drawn_everywhere(picture)


@st.composite
def png_bytes(draw: st.DrawFn) -> bytes:
    """A real PNG or JPEG of some mode and size, then perhaps cut short or with bytes changed."""
    import io

    from PIL import Image

    mode = draw(st.sampled_from(["1", "L", "LA", "P", "RGB", "RGBA", "I;16", "CMYK"]))
    w, h = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    kind = "JPEG" if mode in ("L", "RGB", "CMYK") and draw(st.booleans()) else "PNG"
    if kind == "PNG" and mode == "CMYK":
        mode = "RGB"
    im = Image.frombytes("L", (w, h), bytes(draw(st.integers(0, 255)) for _ in range(w * h))).convert(mode)
    out = io.BytesIO()
    im.save(out, kind)
    data = bytearray(out.getvalue())
    how = draw(st.sampled_from(["as is", "as is", "cut", "flip", "tail"]))
    if how == "cut":
        data = data[:draw(st.integers(0, len(data)))]
    elif how == "flip":
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(data) - 1))
            data[i] = draw(st.integers(0, 255))
    elif how == "tail":
        data += draw(st.binary(max_size=20))
    return bytes(data)


@FUZZ
@given(png_bytes())
def test_a_raster_picture_the_reader_accepts_is_drawn(data):
    from generator.layout.pictures import raster

    try:
        picture = raster(data, "fuzz.png")
    except ValueError:
        return
    drawn_everywhere(picture)
