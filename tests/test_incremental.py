"""A build reuses what the last one made from the same inputs, and writes exactly what a build from
nothing would: every file's bytes compared, the kept results (.cache/) and the manifest too."""

from __future__ import annotations

import base64
import io
import os
import re
import shutil
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from generator.content.paths import CONTENT
from generator.core import kit
from generator.core.game import BuildOptions
from generator.draw import fonts
from generator.games.skybound_battle import build as skybound_build
from generator.games.skylands import build as skylands_build
from generator.press import assemble
from tests.conftest import replace_in

FOG = "island-of-fog"
SVG_NS = "{http://www.w3.org/2000/svg}"
FACE = re.compile(r"@font-face\{font-family:'([^']+)';font-weight:(\w+);font-style:(\w+);"
                  r"src:url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\)")


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def build(root: Path, game: str, out: Path, workers: int | None = None) -> kit.WriteReport:
    """The game's kit built in OUT; `workers` 1: its costly results computed in this process."""
    return kit.make(kit.load(game, root), out, BuildOptions(), workers=workers).write()


def test_each_svg_opens_on_its_own_with_every_glyph_it_draws_and_the_kit_shares_one_subset(tmp_path):
    build(CONTENT, FOG, tmp_path)
    subsets: dict[tuple[str, str, str], set[str]] = {}
    svgs = sorted((tmp_path / FOG).rglob("*.svg"))
    assert len(svgs) > 20
    for svg in svgs:
        root = ET.fromstring(svg.read_bytes())
        style = "".join(el.text or "" for el in root.iter(f"{SVG_NS}style"))
        faces = {(fam, weight, slant): data for fam, weight, slant, data in FACE.findall(style)}
        drawn: dict[tuple[str, str, str], set[str]] = {}
        for text in root.iter(f"{SVG_NS}text"):
            weight = "bold" if text.get("font-weight") == "bold" else "normal"
            slant = "italic" if text.get("font-style") == "italic" else "normal"
            drawn.setdefault(("Bitstream Vera Sans", weight, slant), set()).update(text.text or "")
        assert set(drawn) <= set(faces), svg   # each font it draws in travels inside it
        for face, chars in drawn.items():
            font = TTFont(io.BytesIO(base64.b64decode(faces[face])))
            cmap = font.getBestCmap()
            assert {ch for ch in chars if ord(ch) not in cmap} == set(), (svg, face)
        for face, data in faces.items():
            subsets.setdefault(face, set()).add(data)
    assert subsets and all(len(datas) == 1 for datas in subsets.values()), "one subset a style for the kit"


def test_the_balance_report_is_kept_and_a_cached_build_is_byte_identical(tmp_path, monkeypatch):
    game = "skybound-battle"
    build(CONTENT, game, tmp_path / "a")
    first = files_of(tmp_path / "a" / game)

    def no_simulation(*args: object) -> None:
        raise AssertionError("the balance was simulated again")

    monkeypatch.setattr(skybound_build, "simulate", no_simulation)
    monkeypatch.setattr(skybound_build, "run", no_simulation)
    monkeypatch.setattr(skybound_build, "_search", no_simulation)
    build(CONTENT, game, tmp_path / "a")
    assert files_of(tmp_path / "a" / game) == first
    assert ".cache/skybound-balance.json" in first


def test_after_one_stat_change_only_what_shows_it_is_drawn_and_every_byte_is_a_full_builds(
        tmp_path, content_copy, monkeypatch):
    root = content_copy(FOG)
    build(root, FOG, tmp_path / "incremental")
    replace_in(root / FOG / "units.yaml", "    cost: 6", "    cost: 7")   # the elite unit's price

    drawn: list[str] = []
    real_svg = assemble.to_svg

    def counted_svg(scene, kit_fonts=None):   # type: ignore[no-untyped-def]
        drawn.append(scene.title)
        return real_svg(scene, kit_fonts)

    subsets_made = fonts.svg_font_face.cache_info().misses
    monkeypatch.setattr(assemble, "to_svg", counted_svg)
    report = build(root, FOG, tmp_path / "incremental")
    assert fonts.svg_font_face.cache_info().misses == subsets_made, \
        "a font subset was made again: the kit draws the same characters"
    changed_svgs = [p for p in report.changed if p.endswith(".svg")]
    assert changed_svgs and len(drawn) == len(changed_svgs), "only the SVGs that show the price are drawn"
    assert "tiles.pdf" not in report.changed and "board.pdf" not in report.changed
    monkeypatch.undo()

    build(root, FOG, tmp_path / "full")
    assert files_of(tmp_path / "incremental" / FOG) == files_of(tmp_path / "full" / FOG)


@pytest.mark.parametrize("name", [".cache/x.json", ".cache"])
def test_only_the_build_cache_goes_under_cache(tmp_path, name):
    from generator.build.output import write_artifacts
    from generator.core.game import Artifact

    with pytest.raises(ValueError, match="cache"):
        write_artifacts(tmp_path / "g", [Artifact(name + "/a" if name == ".cache" else name, b"x")], {})


def test_kits_made_on_two_cores_are_the_bytes_of_kits_made_in_one(tmp_path):
    from generator.build import builds

    two = ["islands-and-bridges", FOG]
    builds.build_games(two, CONTENT, tmp_path / "parallel", BuildOptions(), workers=2)
    builds.build_games(two, CONTENT, tmp_path / "serial", BuildOptions(), workers=1)
    for game in two:
        assert files_of(tmp_path / "parallel" / game) == files_of(tmp_path / "serial" / game)


def test_a_kit_whose_inputs_did_not_change_is_not_even_loaded(tmp_path, content_copy, monkeypatch):
    from generator.build import builds

    root = content_copy(FOG)
    builds.build_games([FOG], root, tmp_path, BuildOptions())
    first = files_of(tmp_path / FOG)
    real_load = kit.load
    monkeypatch.setattr(kit, "load", lambda *a: pytest.fail("an unchanged kit was loaded"))
    [again] = builds.build_games([FOG], root, tmp_path, BuildOptions())
    assert again.unchanged and again.report.changed == [] and files_of(tmp_path / FOG) == first

    (tmp_path / FOG / "tiles.pdf").write_bytes(b"edited")   # an output edited: the kit is made again
    monkeypatch.setattr(kit, "load", real_load)
    [fixed] = builds.build_games([FOG], root, tmp_path, BuildOptions())
    assert not fixed.unchanged and fixed.report.changed == ["tiles.pdf"] and files_of(tmp_path / FOG) == first

    replace_in(root / FOG / "units.yaml", "    cost: 6", "    cost: 7")   # an input changed: made again
    [edited] = builds.build_games([FOG], root, tmp_path, BuildOptions())
    assert not edited.unchanged and "cards.pdf" in edited.report.changed


def test_a_file_changed_since_the_build_is_seen_whatever_its_times_say(tmp_path, content_copy):
    """Every file the manifest lists is hashed: an edit with its times set back (as `touch -d` or a
    copy that keeps times does) is still an edit, and the next build writes the file again."""
    from generator.build import builds
    from generator.build.output import Previous

    root = content_copy(FOG)
    builds.build_games([FOG], root, tmp_path, BuildOptions())
    folder = tmp_path / FOG
    tiles = folder / "tiles.pdf"
    kept = tiles.read_bytes()
    st = tiles.stat()
    tiles.write_bytes(kept[:-1] + b"%")
    os.utime(tiles, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert not Previous(folder).intact()
    [again] = builds.build_games([FOG], root, tmp_path, BuildOptions())
    assert not again.unchanged and again.report.changed == ["tiles.pdf"] and tiles.read_bytes() == kept


def test_a_problem_in_one_game_builds_no_game(tmp_path, content_copy):
    from generator.build import builds
    from generator.content import ContentError

    root = content_copy(FOG)
    shutil.copytree(CONTENT / "islands-and-bridges", root / "islands-and-bridges")
    replace_in(root / FOG / "units.yaml", "    cost: 6", "    cost: six")
    with pytest.raises(ContentError) as err:
        builds.build_games(["islands-and-bridges", FOG], root, tmp_path, BuildOptions(), workers=2)
    assert any("units.yaml" in str(p) for p in err.value.problems)
    assert not (tmp_path / "islands-and-bridges").exists() and not (tmp_path / FOG).exists()


@pytest.mark.parametrize("how", ["raises", "dies"])
def test_a_kit_that_fails_after_others_were_written_leaves_nothing_of_any(tmp_path, monkeypatch, how):
    """Each kit is written beside its place by the process that made it, as soon as it is made; one
    that fails after that (an error, or its process gone) takes every kit's files back: nothing is
    in place, nothing is left over."""
    from generator.build import builds

    real = kit.make

    def fails_for_fog(loaded, *args, **kwargs):   # type: ignore[no-untyped-def]
        if loaded.game.id == FOG:
            time.sleep(1)   # the other kit is made and staged by then
            if how == "dies":
                os._exit(3)
            raise RuntimeError("the press jammed")
        return real(loaded, *args, **kwargs)

    monkeypatch.setattr(kit, "make", fails_for_fog)   # the pool's workers, forked, inherit it
    with pytest.raises(RuntimeError, match="the press jammed" if how == "raises" else "terminated abruptly"):
        builds.build_games(["islands-and-bridges", FOG], CONTENT, tmp_path, BuildOptions(), workers=2)
    assert list(tmp_path.iterdir()) == []


def test_the_code_version_changes_with_a_library_as_installed(monkeypatch):
    """Keys are made with the installed metadata of the libraries a kit is written with (read, not
    parsed): another version of one is another code version."""
    from importlib import metadata

    from generator.build import keys as buildcache

    real = metadata.distribution

    class Other:
        version = "0.0"

        def read_text(self, name: str) -> str | None:
            return "Metadata-Version: 2.1\nName: reportlab\nVersion: 0.0\n" if name == "METADATA" else None

    before = buildcache.code_version()
    buildcache.code_version.cache_clear()
    monkeypatch.setattr(metadata, "distribution", lambda lib: Other() if lib == "reportlab" else real(lib))
    try:
        assert buildcache.code_version() != before
    finally:
        buildcache.code_version.cache_clear()


def test_skylands_design_notes_keep_their_self_play_until_what_the_engine_reads_changes(
        tmp_path, content_copy, monkeypatch):
    """The designer's notes' self-play table is a costly result (a kitspec.Computed): print.yaml's sizes
    edited, the games are not played again and the notes are the same bytes; the seed of the table
    edited in game.yaml, they are played again. Every byte is what a build from nothing writes."""
    game = "skylands"
    root = content_copy(game)
    out = tmp_path / "incremental"
    build(root, game, out)
    notes = (out / game / "design-notes.pdf").read_bytes()
    assert ".cache/design-notes.json" in files_of(out / game)

    played: list[object] = []
    real = skylands_build.play_chunk

    def counted(job):   # type: ignore[no-untyped-def]
        played.append(job)
        return real(job)

    monkeypatch.setattr(skylands_build, "play_chunk", counted)
    replace_in(root / game / "print.yaml", "pad_columns: 4 ", "pad_columns: 3 ")
    report = build(root, game, out, workers=1)
    assert not played, "the self-play was played again: print.yaml is not among what the engine reads"
    assert "scoring-pad.pdf" in report.changed and "design-notes.pdf" not in report.changed
    assert (out / game / "design-notes.pdf").read_bytes() == notes

    replace_in(root / game / "game.yaml", "self_play: {games: 6, seed: 1,", "self_play: {games: 6, seed: 2,")
    report = build(root, game, out, workers=1)
    assert played and "design-notes.pdf" in report.changed
    monkeypatch.undo()
    build(root, game, tmp_path / "full")
    assert files_of(out / game) == files_of(tmp_path / "full" / game)
