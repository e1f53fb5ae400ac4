"""The SVG writer writes, byte for byte, what svgwrite (through ElementTree) wrote for the same scene:
every SVG of the four kits and random scenes with the characters XML escapes. svgwrite is kept among
the test dependencies as the reference; the old writer is copied here whole."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import svgwrite
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import kit
from generator.draw import fonts
from generator.draw.scene import Circle, Group, Image, Item, Line, Rect, Scene, Text
from generator.draw.scene import Path as PathItem
from generator.draw.svg import SvgFonts, _num, to_svg
from generator.game import BuildOptions
from generator.games.skybound_battle import build as skybound_build
from generator.kitspec import PrintFile
from generator.paths import CONTENT
from generator.press.assemble import _svgs

GAMES = ["island-of-fog", "islands-and-bridges", "skybound-battle", "skylands"]


def reference(scene: Scene, kit_fonts: SvgFonts | None = None) -> bytes:
    """svgwrite's SVG of the scene: playkit's writer before it wrote the text itself."""
    d = svgwrite.Drawing(size=(f"{_num(scene.w)}mm", f"{_num(scene.h)}mm"), profile="full", debug=False)
    d.viewbox(0, 0, scene.w, scene.h)
    if scene.title:
        d.set_desc(title=scene.title)
    css = (kit_fonts or SvgFonts([scene])).css(scene)
    if css:
        d.defs.add(d.style(css + f"text{{font-family:'{fonts.FAMILY}';}}"))
    if scene.background:
        d.add(d.rect((0, 0), (_num(scene.w), _num(scene.h)), fill=scene.background))
    parent = d.g()
    _ref_items(d, parent, scene.items)
    d.add(parent)
    text: str = d.tostring()
    return text.encode("utf-8")


def _ref_style(fill: str | None, stroke: str | None, stroke_mm: float, dash: tuple[float, ...]) -> dict[str, str]:
    a = {"fill": fill or "none"}
    if stroke:
        a["stroke"] = stroke
        a["stroke_width"] = _num(stroke_mm)
        if dash:
            a["stroke_dasharray"] = ",".join(_num(v) for v in dash)
    return a


def _ref_items(d: svgwrite.Drawing, parent: svgwrite.container.Group, items: tuple[Item, ...]) -> None:
    import base64

    for it in items:
        if isinstance(it, Rect):
            extra = {"rx": _num(it.radius)} if it.radius else {}
            parent.add(d.rect((_num(it.x), _num(it.y)), (_num(it.w), _num(it.h)),
                              **extra, **_ref_style(it.fill, it.stroke, it.stroke_mm, it.dash)))
        elif isinstance(it, Circle):
            parent.add(d.circle((_num(it.cx), _num(it.cy)), _num(it.r),
                                **_ref_style(it.fill, it.stroke, it.stroke_mm, it.dash)))
        elif isinstance(it, Line):
            parent.add(d.line((_num(it.x1), _num(it.y1)), (_num(it.x2), _num(it.y2)),
                              **_ref_style(None, it.stroke, it.stroke_mm, it.dash)))
        elif isinstance(it, PathItem):
            parts = []
            for op in it.ops:
                parts.append(op[0] + " ".join(_num(float(v)) for v in op[1:]))
            parent.add(d.path(d=" ".join(parts), **_ref_style(it.fill, it.stroke, it.stroke_mm, it.dash)))
        elif isinstance(it, Text):
            weight = {"font_weight": "bold"} if it.style == "bold" and not it.font else {}
            slant = {"font_style": "italic"} if it.style == "italic" and not it.font else {}
            if it.font:
                weight["style"] = f"font-family:'{fonts.family(it.font)}'"
            parent.add(d.text(it.text, insert=(_num(it.x), _num(it.y)),
                              font_size=_num(it.size_pt * fonts.PT_MM), fill=it.color or "#000000",
                              text_anchor=it.anchor, **weight, **slant))
        elif isinstance(it, Image):
            data = Path(it.path).read_bytes()
            kind = "jpeg" if data[:3] == b"\xff\xd8\xff" else "png"
            uri = f"data:image/{kind};base64," + base64.b64encode(data).decode()
            parent.add(d.image(uri, insert=(_num(it.x), _num(it.y)), size=(_num(it.w), _num(it.h)),
                               preserveAspectRatio="none"))
        elif isinstance(it, Group):
            transform = f"translate({_num(it.dx)} {_num(it.dy)})"
            if it.rotate:
                transform += f" rotate({_num(it.rotate)})"
            g = d.g(transform=transform)
            _ref_items(d, g, it.items)
            parent.add(g)


def fake_face(style: str, chars: str, font: str) -> str:
    """A stand-in @font-face rule (the real subsets are the same text in both writers; making them
    costs tens of milliseconds each)."""
    return f"@font-face{{font-family:'{fonts.family(font)}';font-weight:{style};src:{chars!r}}}"


def kit_svgs(game: str, monkeypatch: pytest.MonkeyPatch) -> list[Scene]:
    monkeypatch.setattr(skybound_build, "_balance", lambda *a: list)   # no simulation: it draws no SVG
    loaded = kit.load(game, CONTENT)
    spec = loaded.game.kit(loaded.model, loaded.content, BuildOptions())
    return [scene for f in spec.files if isinstance(f, PrintFile) for scene, _ in _svgs(f).values()]


@pytest.mark.parametrize("game", GAMES)
def test_every_svg_of_the_kit_is_the_bytes_svgwrite_wrote(game, monkeypatch):
    scenes = kit_svgs(game, monkeypatch)
    assert len(scenes) > 10
    kit_fonts = SvgFonts(scenes, fake_face)
    for scene in scenes:
        assert to_svg(scene, kit_fonts) == reference(scene, kit_fonts), scene.title


# what XML escapes, what it does not, and characters past ASCII
TEXT = st.text(alphabet="aZ 0.&<>\"'\r\n\t]]>é€→★;#", max_size=12)
NUM = st.floats(-50, 200, allow_nan=False)
COLOR = st.sampled_from([None, "", "#000000", "red", "#a&b<c>\"d\re\nf\tg"])   # the last: what attributes escape
DASH = st.sampled_from([(), (1.0,), (0.5, 1.25)])


def items(depth: int = 2) -> st.SearchStrategy[Item]:
    leaves: list[st.SearchStrategy[Item]] = [
        st.builds(Rect, NUM, NUM, NUM, NUM, COLOR, COLOR, NUM, st.sampled_from([0.0, 1.5]), DASH),
        st.builds(Circle, NUM, NUM, NUM, COLOR, COLOR, NUM, DASH),
        st.builds(Line, NUM, NUM, NUM, NUM, COLOR, NUM, DASH),
        st.builds(PathItem, st.lists(st.one_of(st.tuples(st.just("M"), NUM, NUM), st.tuples(st.just("L"), NUM, NUM),
                                               st.tuples(st.just("C"), NUM, NUM, NUM, NUM, NUM, NUM),
                                               st.tuples(st.just("Z"))), max_size=4).map(tuple),
                  COLOR, COLOR, NUM, DASH),
        st.builds(Text, NUM, NUM, TEXT, st.sampled_from([6.0, 9.5]), COLOR,
                  st.sampled_from(["regular", "bold", "italic"]), st.sampled_from(["start", "middle", "end"]),
                  st.sampled_from(["", "/fonts/own font&.ttf"])),
    ]
    if depth:
        leaves.append(st.builds(Group, st.lists(st.deferred(lambda: items(depth - 1)), max_size=3).map(tuple),
                                NUM, NUM, st.sampled_from([0.0, 90.0])))
    return st.one_of(leaves)


@settings(max_examples=150, deadline=None)
@given(st.builds(Scene, st.floats(1, 300), st.floats(1, 300), st.lists(items(), max_size=5).map(tuple),
                 COLOR, TEXT))
def test_a_random_scene_is_the_bytes_svgwrite_wrote(scene):
    face: Callable[[str, str, str], str] = fake_face
    kit_fonts = SvgFonts([scene], face)   # type: ignore[arg-type]
    assert to_svg(scene, kit_fonts) == reference(scene, kit_fonts)


def test_a_picture_is_embedded_as_svgwrite_embedded_it():
    png = next(CONTENT.rglob("*.png"), None) or next(Path(fonts.__file__).parents[2].rglob("*.png"))
    scene = Scene(40, 30, (Image(1, 2, 30, 20, str(png)), Text(2, 3, "x & y", 8.0)), "#ffffff", "a <picture>")
    assert to_svg(scene) == reference(scene)
