"""Pictures and font files of a designer's deck, attacked through the CLI: read once through the checked
opener and drawn from those bytes (a swap after loading cannot reach the output), kept by content in a
long-running watch, refused at FILE:LINE:COL when they cannot be drawn, bounded in what they cost."""

from __future__ import annotations

import base64
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image

from generator.build import builds, watch
from generator.cli import main
from generator.content import paths
from generator.core.game import BuildOptions
from tests.conftest import replace_in

GAME = "market-day"
ROOT = Path(__file__).resolve().parents[1]
ICON = "icon:      {type: image, file: images/coin.svg, x: 24mm, y: 22mm, width: 15mm, height: 22mm}"
RED, GREEN = (230, 20, 20), (20, 200, 20)


@pytest.fixture
def deck(tmp_path) -> Path:
    """A copy of examples/decks/market-day; the content root is its parent."""
    root = tmp_path / "designs"
    shutil.copytree(paths.EXAMPLES / "decks" / GAME, root / GAME)
    return root


def png(colour: tuple[int, int, int], size: tuple[int, int] = (40, 60), mode: str = "RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, colour if mode == "RGB" else colour[0]).save(out, "PNG")
    return out.getvalue()


def cli(runner, root: Path, out: Path, *args: str):
    result = runner.invoke(main, ["--content", str(root), "--out", str(out), *args])
    assert "Traceback" not in result.output, result.output
    return result


def set_icon(root: Path, file: str, extra: str = "") -> None:
    replace_in(root / GAME / "layouts" / "card.yaml", ICON, ICON.replace("images/coin.svg", file)[:-1] + extra + "}")


def data_uris(svg: bytes) -> list[bytes]:
    return [base64.b64decode(m) for m in re.findall(rb"data:image/(?:png|jpeg);base64,([A-Za-z0-9+/=]+)", svg)]


def colours_of(picture: bytes) -> set[tuple[int, int, int]]:
    with Image.open(io.BytesIO(picture)) as im:
        return {c for _, c in im.convert("RGB").getcolors(1 << 20)}


def page_colours(pdf: bytes, page: int = 0) -> set[tuple[int, int, int]]:
    bitmap = pypdfium2.PdfDocument(pdf)[page].render(scale=0.5).to_pil().convert("RGB")
    return {c for _, c in bitmap.getcolors(1 << 22)}


def near(colours: set[tuple[int, int, int]], colour: tuple[int, int, int], tol: int = 6) -> bool:
    return any(all(abs(a - b) <= tol for a, b in zip(c, colour, strict=True)) for c in colours)


# ---- class 1: read once, drawn from those bytes -----------------------------------------------
def test_a_picture_swapped_for_a_link_after_loading_cannot_reach_the_output(runner, deck, tmp_path, monkeypatch):
    """The picture is checked and read at load; swapped for a link to another file right after, the
    build still draws the bytes it read: the linked file's pixels are in no SVG and on no page."""
    from generator.layout import pictures

    art = deck / GAME / "images" / "art.png"
    art.write_bytes(png(RED))
    secret = tmp_path / "secret.png"
    secret.write_bytes(png(GREEN))
    set_icon(deck, "images/art.png")
    real = pictures.raster
    swapped: list[str] = []

    def read_then_swap(data: bytes, name: str):
        picture = real(data, name)
        art.unlink()
        art.symlink_to(secret)   # every later open() of the path reads the secret
        swapped.append(name)
        return picture

    monkeypatch.setattr(pictures, "raster", read_then_swap)
    for profile in ("home", "preview"):
        result = cli(runner, deck, tmp_path / "out", "build", GAME, "--profile", profile)
        assert result.exit_code == 0, result.output
        art.unlink()
        art.write_bytes(png(RED))
    assert swapped, "the picture was read"
    svgs = [p.read_bytes() for p in (tmp_path / "out").rglob("*.svg")]
    pictures_in_svgs = [d for s in svgs for d in data_uris(s)]
    assert len(pictures_in_svgs) >= 12 and all(colours_of(d) == {RED} for d in pictures_in_svgs)
    page = page_colours((tmp_path / "out" / GAME / "cards.pdf").read_bytes())
    assert near(page, RED) and not near(page, GREEN)


@pytest.mark.parametrize("linked", ["images", "images/coin.svg", "cards.csv", "layouts/card.yaml", "layouts"])
def test_a_link_on_a_content_path_is_refused_wherever_it_leads(runner, deck, tmp_path, linked):
    """No link on the path inside the game's folder is followed, not even one to a file of the folder."""
    folder = deck / GAME
    moved = folder / "elsewhere" / linked
    moved.parent.mkdir(parents=True, exist_ok=True)
    (folder / linked).rename(moved)
    (folder / linked).symlink_to(moved)
    result = cli(runner, deck, tmp_path / "out", "validate", GAME)
    assert result.exit_code == 1
    assert re.search(rf"{re.escape(linked)} is a link \(refused", result.output), result.output
    assert all(re.match(r"^\S+:\d+:\d+: error: ", line) for line in result.output.splitlines()[:-1]), result.output


@pytest.mark.parametrize("broken", ["images", "layouts", "cards.csv", "images/coin.svg"])
def test_a_content_path_that_cannot_be_read_is_said_at_file_line_col(runner, deck, tmp_path, broken):
    """A folder where a file is wanted, a file where a folder is: every line a FILE:LINE:COL, exit 1."""
    target = deck / GAME / broken
    if target.is_dir():
        shutil.rmtree(target)
        target.write_text("not a folder\n")
    else:
        target.unlink()
        target.mkdir()
    result = cli(runner, deck, tmp_path / "out", "validate", GAME)
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert len(lines) >= 2 and re.match(r"^\d+ problems? found", lines[-1]), lines
    assert all(re.match(r"^\S+:\d+:\d+: error: ", line) for line in lines[:-1]), result.output
    assert not (tmp_path / "out").exists()


def _as_another_user() -> list[str] | None:
    """How to run playkit as a user the files' modes apply to (root reads everything): as it is when
    not root, through setpriv as nobody when root; None when neither can."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    probe = subprocess.run([*prefix, sys.executable, "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
                            "import generator.cli"], capture_output=True, cwd="/", timeout=60)
    return prefix if probe.returncode == 0 else None


@pytest.mark.parametrize("unreadable", ["layouts", "images", "layouts/card.yaml", "images/coin.svg", "cards.csv"])
def test_a_content_file_or_folder_without_read_permission_is_said_at_file_line_col(unreadable):
    prefix = _as_another_user()
    if prefix is None:
        pytest.skip("no other user to run as")
    import tempfile

    top = Path(tempfile.mkdtemp(prefix="playkit-perm-"))
    try:
        top.chmod(0o755)
        shutil.copytree(paths.EXAMPLES / "decks" / GAME, top / "designs" / GAME)
        for here, dirs, files in os.walk(top):
            for name in dirs:
                os.chmod(os.path.join(here, name), 0o777)
            for name in files:
                os.chmod(os.path.join(here, name), 0o666)
        (top / "designs" / GAME / unreadable).chmod(0)
        done = subprocess.run([*prefix, sys.executable, "-m", "generator", "--content", str(top / "designs"),
                               "--out", str(top / "out"), "validate", GAME], capture_output=True, text=True,
                              cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
        lines = (done.stdout + done.stderr).splitlines()
        assert done.returncode == 1, lines
        assert len(lines) >= 2 and re.match(r"^\d+ problems? found", lines[-1]), lines
        assert all(re.match(r"^\S+:\d+:\d+: error: ", line) for line in lines[:-1]), lines
        assert "Traceback" not in done.stderr and any("Permission denied" in line for line in lines), lines
    finally:
        for here, dirs, _ in os.walk(top):
            for name in dirs:
                os.chmod(os.path.join(here, name), 0o755)
        shutil.rmtree(top, ignore_errors=True)


# ---- class 4: kept by content in a long-running process -----------------------------------------
def test_the_watch_draws_an_edited_svg_picture_and_says_its_faces_changed(deck, tmp_path):
    coin = deck / GAME / "images" / "coin.svg"
    colours = set(re.findall(r"#[0-9a-fA-F]{6}", coin.read_text()))
    assert colours, "the shipped coin has colours to change"
    old = sorted(colours)[0]
    said: list[str] = []

    def edit(n: int) -> None:
        if n == 1:
            coin.write_text(coin.read_text().replace(old, "#123456"))

    watch.watch([GAME], deck, tmp_path / "out", BuildOptions(), "home", said.append, said.append,
                interval_s=0.01, rounds=2, after_round=edit)
    rebuilt = next(line for line in said if line.startswith(f"{GAME}: rebuilt in "))
    faces = int(re.search(r"and (\d+) faces changed", rebuilt).group(1))
    assert faces >= 12, said   # every card front shows the coin, and the back
    front = (tmp_path / "out" / GAME / "svg" / "cards" / "01-fresh-bread.svg").read_text()
    assert "#123456" in front
    builds.build_games([GAME], deck, tmp_path / "full", BuildOptions())
    for path in (tmp_path / "full" / GAME).rglob("*"):
        if path.is_file():
            assert path.read_bytes() == (tmp_path / "out" / GAME / path.relative_to(tmp_path / "full" / GAME)
                                         ).read_bytes(), path


# ---- class 5: what validate accepts, build builds; what it cannot, it says where --------------
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}">{body}</svg>'


def _short_png() -> bytes:
    """A PNG whose chunks all have valid checksums but whose pixel data stops short."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = zlib.compress(b"\0" + b"\xff\0\0" * 100)   # one row of a hundred
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100, 100, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", rows) + chunk(b"IEND", b""))


@pytest.mark.parametrize(("name", "data", "words"), [
    ("flat.svg", SVG.format(view="0 0 0 10", body='<rect width="1" height="1"/>'), "a viewBox"),
    ("tiny.svg", SVG.format(view="0 0 1e-300 1e-300", body='<rect width="1" height="1"/>'), "a viewBox"),
    ("empty-translate.svg", SVG.format(view="0 0 10 10", body='<g transform="translate()"><rect width="1" '
                                                             'height="1"/></g>'), "translate() takes 1 or 2"),
    ("far-path.svg", SVG.format(view="0 0 10 10", body='<path d="M 0 0 L 1e999 5 Z"/>'), "a number past"),
    ("creeping.svg", SVG.format(view="0 0 10 10", body='<path d="M0 0' + " l 9e8 0" * 5 + '"/>'), "a shape past"),
    ("nested-scale.svg", SVG.format(view="0 0 10 10", body='<g transform="scale(1e9)">' * 3 + '<rect width="1" '
                                    'height="1"/>' + "</g>" * 3), "a shape past"),
])
def test_a_picture_validate_cannot_draw_is_refused_at_its_layout_cell(runner, deck, tmp_path, name, data, words):
    (deck / GAME / "images" / name).write_bytes(data.encode() if isinstance(data, str) else data)
    set_icon(deck, f"images/{name}")
    result = cli(runner, deck, tmp_path / "out", "build", GAME)
    assert result.exit_code == 1 and words in result.output, result.output
    assert re.search(r"card\.yaml:\d+:\d+: error: box 'icon'", result.output), result.output
    assert not (tmp_path / "out").exists()


def test_a_png_with_valid_checksums_but_short_pixel_data_builds_on_every_profile(runner, deck, tmp_path):
    """Its missing rows decode as empty, in validate as in build: what validate accepts, build builds."""
    (deck / GAME / "images" / "short.png").write_bytes(_short_png())
    set_icon(deck, "images/short.png")
    for profile in ("home", "tgc", "dtc", "tts", "preview"):
        result = cli(runner, deck, tmp_path / "out", "build", GAME, "--profile", profile)
        assert result.exit_code == 0, (profile, result.output)


def test_an_svg_picture_with_a_transform_list_builds(runner, deck, tmp_path):
    body = '<g transform="translate(5 5) scale(0.5)"><rect width="10" height="10" fill="#123456"/></g>'
    (deck / GAME / "images" / "pic.svg").write_text(SVG.format(view="0 0 10 10", body=body))
    set_icon(deck, "images/pic.svg")
    result = cli(runner, deck, tmp_path / "out", "build", GAME)
    assert result.exit_code == 0, result.output
    assert "#123456" in (tmp_path / "out" / GAME / "svg" / "cards" / "01-fresh-bread.svg").read_text()


def _with_ids(root: Path, ids: list[str]) -> None:
    csv = root / GAME / "cards.csv"
    lines = csv.read_text().splitlines()
    csv.write_text("\n".join(["id," + lines[0], *(f"{i},{line}" for i, line in zip(ids, lines[1:], strict=False))])
                   + "\n")
    replace_in(root / GAME / "game.yaml", "      name: text\n", "      id: text\n      name: text\n")


def test_two_ids_that_slug_to_one_file_name_are_refused_at_the_second(runner, deck, tmp_path):
    ids = [f"card-{n}" for n in range(12)]
    ids[4], ids[5] = "Fire Bolt", "fire-bolt"
    _with_ids(deck, ids)
    result = cli(runner, deck, tmp_path / "out", "validate", GAME)
    assert result.exit_code == 1
    assert "cards.csv:7:1: error: its file would be svg/cards/fire-bolt.svg, as the face of line 6's" \
           in result.output, result.output


def test_a_card_name_too_long_for_a_file_name_builds_on_every_profile(runner, deck, tmp_path):
    ids = [f"card-{n}" for n in range(12)]
    ids[3] = "w" * 301
    _with_ids(deck, ids)
    for profile in ("home", "tgc", "dtc", "tts", "preview"):
        result = cli(runner, deck, tmp_path / "out", "build", GAME, "--profile", profile)
        assert result.exit_code == 0, (profile, result.output)
    names = [p.name for p in (tmp_path / "out").rglob("*")]
    assert any(n.startswith("w" * 80) for n in names) and max(len(n.encode()) for n in names) < 255


# ---- class 6: bounded reading, bounded memory ------------------------------------------------------
def test_a_font_file_past_its_cap_is_refused_before_it_is_read(runner, deck, tmp_path):
    from generator.layout.pictures import MAX_FONT_BYTES

    font = deck / GAME / "huge.ttf"
    with font.open("wb") as fh:   # sparse: a gigabyte that costs nothing on disk
        fh.truncate(1 << 30)
    replace_in(deck / GAME / "layouts" / "card.yaml", 'text: "{{ text }}"', 'text: "{{ text }}"\n    font: huge.ttf')
    result = cli(runner, deck, tmp_path / "out", "validate", GAME)
    assert result.exit_code == 1
    assert re.search(rf"card\.yaml:\d+:\d+: error: box 'rules': font: 'huge.ttf': the file is larger than "
                     rf"{MAX_FONT_BYTES >> 20} MiB", result.output), result.output


def test_a_large_picture_on_48_cards_is_embedded_once_a_pdf_and_bounded_in_each_svg(deck, tmp_path):
    """A 12 MB picture (noise does not compress) on 48 cards: the PDF holds it once; each SVG holds at most
    the pixels its 15 x 22 mm box shows at 300 dpi; the build's peak memory (counted by the kernel) stays
    far below 48 copies of it."""
    big = Image.frombytes("RGB", (2000, 2000), os.urandom(2000 * 2000 * 3))
    big.save(deck / GAME / "images" / "big.png", compress_level=1)
    size = (deck / GAME / "images" / "big.png").stat().st_size
    assert size > 11e6
    set_icon(deck, "images/big.png", ", fit: stretch")
    csv = deck / GAME / "cards.csv"
    head = csv.read_text().splitlines()[0]
    csv.write_text("\n".join([head, *(f"Card {n},1,goods,Text.,1,1" for n in range(48))]) + "\n")
    script = ("import resource, subprocess, sys\n"
              "code = subprocess.run(sys.argv[1:]).returncode\n"
              "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
              "sys.exit(code)\n")
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-c", script, sys.executable, "-m", "generator", "--content", str(deck),
                           "--out", str(out), "build", GAME], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=600)
    assert done.returncode == 0, done.stderr
    peak_kib = int(done.stdout.split()[-1])
    svgs = list((out / GAME / "svg" / "cards").glob("card-*.svg")) or \
        [p for p in (out / GAME / "svg" / "cards").glob("*.svg") if p.name != "back.svg"]
    assert len(svgs) == 48
    box_px = (15 / 25.4 * 300 + 1) * (22 / 25.4 * 300 + 1)
    assert max(p.stat().st_size for p in svgs) < box_px * 3 * 4 / 3 + 200_000   # raw RGB in base64, and the rest
    assert (out / GAME / "cards.pdf").stat().st_size < 1.5 * size   # once, not 48 times
    assert peak_kib * 1024 < 24 * size, f"peak RSS {peak_kib} KiB for a {size} byte picture"


# ---- every problem at once: a deck file ---------------------------------------------------------
def test_a_deck_with_an_unknown_card_and_a_bad_count_reports_both(runner, tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: x\ncards:\n  not-a-card: 2\n  magma-brute: 0\n  sapling: 3\n")
    result = runner.invoke(main, ["deck", "check", str(deck)])
    assert result.exit_code == 1
    assert f"{deck}:3:3: error: unknown card 'not-a-card'" in result.output
    assert f"{deck}:4:16: error: cards.magma-brute: Input should be greater than or equal to 1" in result.output
    assert re.search(r"deck\.yaml:5:3: error: 3 copies of .*allowed: at most 2", result.output), result.output
    assert "the deck has" not in result.output, "its size is not known while a count is wrong"


# ---- issue 27: a picture a card, fitted; art into the bleed ----------------------------------------
def _per_card_art(root: Path, fit: str) -> list[tuple[int, int, int]]:
    """A column `art` naming each card's own picture (a colour of its own, wide or tall), drawn by a
    template over the row, into the card's art box."""
    csv = root / GAME / "cards.csv"
    head, *rows = csv.read_text().splitlines()
    colours = [(20 * n + 10, 200 - 15 * n, 40 + 10 * n) for n in range(len(rows))]
    for n, colour in enumerate(colours):
        (root / GAME / "images" / f"art-{n}.png").write_bytes(png(colour, (90, 30) if n % 2 else (30, 90)))
    csv.write_text("\n".join([head + ",art", *(f"{r},art-{n}.png" for n, r in enumerate(rows))]) + "\n")
    replace_in(root / GAME / "game.yaml", "      copies: number\n", "      copies: number\n      art: text\n")
    replace_in(root / GAME / "layouts" / "card.yaml", ICON,
               'icon: {type: image, file: "images/{{ art }}", fit: ' + fit + ", x: 8mm, y: 20mm, width: 47mm, "
               "height: 26mm}")
    return colours


@pytest.mark.parametrize("fit", ["cover", "contain"])
def test_every_card_has_its_own_picture_from_a_csv_column(runner, deck, tmp_path, fit):
    colours = _per_card_art(deck, fit)
    result = cli(runner, deck, tmp_path / "out", "build", GAME)
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / GAME / "svg" / "cards"
    fronts = sorted(p for p in folder.glob("*.svg") if p.name != "back.svg")
    box = (47.0, 26.0)
    for n, front in enumerate(fronts):
        svg = front.read_text()
        (picture,) = data_uris(svg.encode())
        assert colours_of(picture) == {colours[n]}
        w, h = (float(v) for v in re.search(r'<image[^>]* height="([\d.]+)"[^>]* width="([\d.]+)"', svg).groups()[::-1])
        covered = w >= box[0] - 0.01 and h >= box[1] - 0.01
        contained = w <= box[0] + 0.01 and h <= box[1] + 0.01
        assert abs(w / h - (3.0 if n % 2 else 1 / 3)) < 0.01, "its proportions kept"
        assert (covered and "<svg" in svg.split("<image")[0].rsplit("<g", 1)[-1]) if fit == "cover" else contained
    pdf = (tmp_path / "out" / GAME / "cards.pdf").read_bytes()
    pages = set().union(*(page_colours(pdf, n) for n in range(len(pypdfium2.PdfDocument(pdf)))))
    assert all(near(pages, c, 8) for c in colours), "every card its own picture in the PDF"


def test_a_missing_picture_named_by_a_row_is_an_error_at_its_data_cell(runner, deck, tmp_path):
    _per_card_art(deck, "cover")
    (deck / GAME / "images" / "art-6.png").unlink()
    result = cli(runner, deck, tmp_path / "out", "validate", GAME)
    assert result.exit_code == 1
    column = deck.joinpath(GAME, "cards.csv").read_text().splitlines()[7].index("art-6.png") + 1
    line = next(line for line in result.output.splitlines() if "art-6.png" in line)
    assert re.match(rf"^\S*cards\.csv:8:{column}: error: box 'icon': .*no picture file 'images/art-6.png'", line), line


FULL_ART = "size: poker\nboxes:\n  art: {type: image, file: images/full.png, fit: cover, bleed: true, x: 0mm, " \
           "y: 0mm, width: 100%, height: 100%}\n"


def test_a_full_art_back_runs_into_the_bleed_on_every_profile(runner, deck, tmp_path):
    """A back whose picture fills the card and its bleed: in the home PDF's bleed, at a TGC PNG's edge
    and a DTC page's edge the picture's colour is printed, not a background."""
    (deck / GAME / "images" / "full.png").write_bytes(png(GREEN, (300, 420)))
    (deck / GAME / "layouts" / "back.yaml").write_text(FULL_ART)
    out = tmp_path / "out"
    for profile in ("home", "tgc", "dtc", "tts", "preview"):
        result = cli(runner, deck, out, "build", GAME, "--profile", profile)
        assert result.exit_code == 0, (profile, result.output)
    tgc = Image.open(out / GAME / "tgc" / "cards" / "000-back.png").convert("RGB")
    w, h = tgc.size
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, 2)):
        assert tgc.getpixel((x, y)) == GREEN, (x, y)
    dtc = pypdfium2.PdfDocument((out / GAME / "dtc" / "cards.pdf").read_bytes())
    back = dtc[0].render(scale=1).to_pil().convert("RGB")   # DriveThruCards: back then front
    bw, bh = back.size
    assert back.getpixel((1, 1)) == GREEN and back.getpixel((bw - 2, bh - 2)) == GREEN
    home = (out / GAME / "cards.pdf").read_bytes()
    from tests import pdfcheck

    reader = pdfcheck.reader(home)
    backs_page = reader.pages[1]
    bleed = [float(v) for v in backs_page.bleedbox]
    trim = [float(v) for v in backs_page.trimbox]
    scale = 2.0
    image = pypdfium2.PdfDocument(home)[1].render(scale=scale).to_pil().convert("RGB")
    page_h = float(backs_page.mediabox[3])
    # a point in the bleed, outside the trim: half way between the bleed box's corner and the trim box's
    x = (bleed[0] + trim[0]) / 2 * scale
    y = (page_h - (bleed[3] + trim[3]) / 2) * scale
    assert bleed[0] < trim[0] and image.getpixel((int(x), int(y))) == GREEN
    assert json.loads((out / GAME / "manifest.json").read_text())["files"]
