"""The print-shop and Tabletop Simulator profiles, for every game the registry finds (the four, the
data-only example deck, and any `--kit-content` folder): no game has a test of its own here.

Pixel sizes are the shops' published ones (poker: The Game Crafter 825 x 1125, MakePlayingCards
822 x 1122; any other size: trim in inches x 300 plus the shop's bleed in pixels, rounded half up),
checked for every deck of every game, and rendered for the first face of each; DriveThruCards' PDFs
hold every copy of every card, back then front, a page each at trim plus 1/8 in; the TTS saved object
parses and holds every card, tile and token of the kit. Whole builds (and their determinism, across
processes) run on the small example deck, so the suite stays quick.
"""

from __future__ import annotations

import io
import json
import math
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pypdfium2
import pytest

from generator import export
from generator.content import paths
from generator.core import kit
from generator.core.game import BuildOptions
from generator.core.kitspec import Face, PrintFile, Section
from generator.draw.scene import Rect, Scene
from generator.export import Job, raster, shop, tts
from generator.export.decks import Deck, decks
from generator.press.faces import face_pages
from tests import pdfcheck

ROOT = Path(__file__).resolve().parent.parent
DECKS = paths.EXAMPLES / "decks"
INCH = 25.4
SHOP_BLEED_PX = {"tgc": 37.5, "mpc": 36.0}     # the shops' own words: 1/8 in at 300 dpi, and 36 px
POKER_PX = {"tgc": (825, 1125), "mpc": (822, 1122)}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" not in metafunc.fixturenames:
        return
    roots = [paths.CONTENT, DECKS, *metafunc.config.getoption("kit_content")]
    games = [(gid, root) for root in roots for gid in kit.games_in(root)]
    metafunc.parametrize("game", games, ids=[g for g, _ in games], scope="module")


@pytest.fixture
def spec(game) -> tuple[str, str, tuple[Any, ...]]:
    """The game's id, title and kit spec."""
    return _spec(*game)


@cache
def _spec(gid: str, root: Path) -> tuple[str, str, tuple[Any, ...]]:
    """Made once a test process, whatever order the tests run in."""
    loaded = kit.load(gid, root)
    made = loaded.game.kit(loaded.model, loaded.content, BuildOptions())
    return gid, made.title, tuple(made.files)


def settings(name: str) -> Any:
    return export.profile(name).settings


def _png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        return image.size


def shop_px(trim_mm: float, profile: str) -> int:
    return math.floor(trim_mm / INCH * 300 + 2 * SHOP_BLEED_PX[profile] + 0.5)


@pytest.mark.parametrize("profile", ["tgc", "mpc"])
def test_every_face_has_the_shops_pixel_size(spec, profile):
    """Every deck's frame in pixels, and the first face of each rendered to exactly that size with its
    bleed painted (a face with a background shows it in the image's corners, not white paper)."""
    _, title, files = spec
    s = settings(profile)
    products = {p.name: p.trim for p in s.products}
    for deck in decks(files, s.parts):
        fr = shop.frame(*deck.size, s, s.dpi)
        if deck.size == (63.0, 88.0):
            assert fr.product == "poker" and fr.px == POKER_PX[profile], deck.key
        trim = products.get(fr.product, deck.size)
        assert fr.px == (shop_px(trim[0], profile), shop_px(trim[1], profile)), deck.key
        if deck.kind != "sections":
            continue   # sheets and boards follow the same rule; drawing them all here would be slow
        face = deck.cards[0].front
        data = next(raster.pngs(face_pages(title, "", [fr.page(face)]), [fr.px], s.dpi))
        assert _png_size(data) == fr.px, deck.key
        if face.background and face.background.lower() != "#ffffff":   # the bleed is the face's art, not paper
            assert _corner(data) != (255, 255, 255), deck.key


def test_dtc_holds_every_copy_back_then_front_a_page_each_at_trim_plus_an_eighth_inch(spec):
    gid, title, files = spec
    s = settings("dtc")
    job = Job(gid, title, files, BuildOptions())
    out = {a.path: a.data for a in export.profile("dtc").export(job)}
    found = decks(files, s.parts)
    assert sorted(out) == sorted(f"{d.key}.pdf" for d in found)
    for deck in found:
        fr = shop.frame(*deck.size, s)
        data = out[f"{deck.key}.pdf"]
        if pdfcheck.fonts(data):   # a deck of tokens without a word uses no font at all
            pdfcheck.assert_print_ready(data, deck.key)
        assert all("/TrimBox" in p and "/BleedBox" in p for p in pdfcheck.reader(data).pages), deck.key
        pages = pdfcheck.reader(data).pages
        for page in pages:
            w, h = pdfcheck.size_mm(page.mediabox)
            assert abs(w - fr.w) < 0.1 and abs(h - fr.h) < 0.1, deck.key
        trim_w, trim_h = pdfcheck.size_mm(pages[0].trimbox)
        assert abs(fr.w - trim_w - 6.35) < 0.1 and abs(fr.h - trim_h - 6.35) < 0.1, deck.key   # 1/8 in a side
        expected = [scene for card in deck.cards for _ in range(card.copies)
                    for scene in ((card.back, card.front) if card.back is not None else (card.front,))]
        streams = pdfcheck.content_streams(data)
        first_page: dict[Scene, int] = {}   # each drawing's first page (a title is not drawn)
        for i, scene in enumerate(expected):
            first_page.setdefault(replace(scene, title=""), i)
        first_stream: dict[bytes, int] = {}
        assert [first_stream.setdefault(st, i) for i, st in enumerate(streams)] == \
            [first_page[replace(scene, title="")] for scene in expected], deck.key
        doc = pypdfium2.PdfDocument(data)
        for scene, i in first_page.items():   # and that page shows what the face alone on its page shows
            assert _pixels(doc, i) == _pixels(pypdfium2.PdfDocument(face_pages(title, "", [fr.page(scene)])), 0)


def test_the_tts_saved_object_holds_every_card_tile_and_token_of_the_kit(spec):
    """At a low resolution (the structure does not depend on it): every card of every deck by CardID
    in DeckIDs, deck key x 100 + slot, on sheets of at most 10 x 7; every other face a tile, each copy."""
    gid, title, files = spec
    s = settings("tts").model_copy(update={"dpi": 12})
    out = {a.path: a.data for a in tts.make(Job(gid, title, files, BuildOptions(), Path("/kits/x/tts")), s)}
    save = json.loads(out[f"{gid}.json"])
    kit_bag = save["ObjectStates"][0]
    assert kit_bag["Name"] == "Bag" and save["SaveName"] == title
    objects = kit_bag["ContainedObjects"]
    found = decks(files, s.parts)
    assert len(objects) == len(found)
    for deck, obj in zip(found, objects, strict=True):
        if obj["Name"] in ("Deck", "Card"):
            _check_deck(deck, obj, out)
        else:
            tiles = obj["ContainedObjects"] if obj["Name"] == "Bag" else [obj]
            assert len(tiles) == deck.count and {t["Name"] for t in tiles} == {"Custom_Tile"}, deck.key
            for t in tiles:
                for url in (t["CustomImage"]["ImageURL"], t["CustomImage"]["ImageSecondaryURL"]):
                    assert url.removeprefix("file:///kits/x/tts/") in out, url
    guids = [o["GUID"] for o in _walk(kit_bag)]
    assert len(set(guids)) == len(guids)


def _check_deck(deck: Deck, obj: dict[str, Any], out: dict[str, bytes]) -> None:
    cards = obj.get("ContainedObjects", [obj])
    ids = obj.get("DeckIDs", [obj.get("CardID")])
    assert len(ids) == len(cards) == deck.count, deck.key
    assert [c["CardID"] for c in cards] == ids
    expected = [slot for slot, card in enumerate(deck.cards) for _ in range(card.copies)]
    assert [i // 100 * 70 - min(ids) // 100 * 70 + i % 100 for i in ids] == expected, deck.key
    for key, entry in obj["CustomDeck"].items():
        assert entry["NumWidth"] <= 10 and entry["NumHeight"] <= 7 and entry["BackIsHidden"] is True
        assert all(i // 100 != int(key) or i % 100 < entry["NumWidth"] * entry["NumHeight"] for i in ids)
        for url in (entry["FaceURL"], entry["BackURL"]):
            w, h = _png_size(out[url.removeprefix("file:///kits/x/tts/")])
            assert w <= 4096 and h <= 4096


def _walk(obj: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield obj
    for inner in obj.get("ContainedObjects", []):
        yield from _walk(inner)


def test_a_deck_of_more_than_seventy_faces_takes_several_sheets_of_at_most_4096_px():
    faces = [Face(Scene(63, 88, (Rect(5, 5, 10 + i % 40, 10, fill="#cc0000"),), background="#ffffff",
                        title=f"card {i}"), Scene(63, 88, background="#003366"), copies=1 + i % 2, group="big")
             for i in range(75)]
    files = (PrintFile("cards.pdf", "cards", (Section("cards", faces),), ("cards.csv",)),)
    s = settings("tts")
    out = {a.path: a.data for a in tts.make(Job("big", "Big", files, BuildOptions(), Path("/k")), s)}
    deck = json.loads(out["big.json"])["ObjectStates"][0]["ContainedObjects"][0]
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    assert [(e["NumWidth"], e["NumHeight"]) for e in deck["CustomDeck"].values()] == [(10, 7), (5, 1)]
    assert len(deck["DeckIDs"]) == sum(f.copies for f in faces) and deck["DeckIDs"][-1] == 204
    assert _png_size(out["cards-big-1.png"]) == (4090, 3997)   # 409 x 571 a face: 10 x 7 in 4096
    assert _png_size(out["cards-big-back.png"]) == (409, 571)


@pytest.mark.parametrize("profile", ["tgc", "mpc", "dtc", "tts"])
def test_a_whole_profile_builds_the_same_bytes_in_another_process(profile, tmp_path, runner):
    """The example deck, through the CLI, twice: in this process and in another with another hash
    seed, into another folder (the TTS saved object differs only by the folder its URLs name)."""
    from generator.cli import main

    def build(out: Path, other: bool) -> dict[str, bytes]:
        args = ["--content", str(DECKS), "--out", str(out), "build", "market-day", "--profile", profile]
        if other:
            env = {**os.environ, "PYTHONHASHSEED": "4321", "PYTHONPATH": str(ROOT)}
            subprocess.run([sys.executable, "-m", "generator.cli", *args], check=True, env=env, capture_output=True)
        else:
            result = runner.invoke(main, args)
            assert result.exit_code == 0, result.output
        folder = out / "market-day" / profile
        files = {str(p.relative_to(folder)): p.read_bytes().replace(str(folder).encode(), b"FOLDER")
                 for p in folder.rglob("*") if p.is_file()}
        if profile == "tts":   # the saved object names its folder, so its hash in the manifest differs too
            del files["manifest.json"]
        return files

    ours, theirs = build(tmp_path / "a", False), build(tmp_path / "b", True)
    assert ours == theirs and len(ours) > 2
    assert not (tmp_path / "a" / "market-day" / "cards.pdf").exists()   # the home kit is another build
    assert all(_png_size(data) for name, data in ours.items() if name.endswith(".png"))


def test_a_png_is_rgb_with_its_resolution_and_no_other_metadata():
    from PIL import Image

    picture = Image.frombytes("RGB", (2, 1), bytes([255, 0, 0, 0, 0, 255]))
    data = raster.png(picture, dpi=300)
    assert _png_size(data) == (2, 1) and data == raster.png(picture.copy(), dpi=300)
    with Image.open(io.BytesIO(data)) as read:
        assert read.mode == "RGB" and [read.getpixel((0, 0)), read.getpixel((1, 0))] == [(255, 0, 0), (0, 0, 255)]
        assert [round(d) for d in read.info["dpi"]] == [300, 300]
    chunks, at = [], 8
    while at < len(data):   # what the file holds: no time, no text, no software name
        size = int.from_bytes(data[at:at + 4], "big")
        chunks.append(data[at + 4:at + 8])
        at += size + 12
    assert set(chunks) == {b"IHDR", b"pHYs", b"IDAT", b"IEND"}


def _corner(data: bytes) -> tuple[int, int, int]:
    """The top-left pixel of a PNG."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        r, g, b = image.convert("RGB").getpixel((0, 0))   # type: ignore[misc]
    return r, g, b


def _pixels(doc: pypdfium2.PdfDocument, page: int) -> bytes:
    """A page rendered small: what it shows, whatever the PDF names its resources."""
    return bytes(doc[page].render(scale=0.25).buffer)
