"""The `preview` profile: OUT/GAME/preview/index.html shows every face of the kit (front and back) with
its name and copies, grouped as the kit is, and works offline from its folder. Checked for every
game found (the shipped four and a designer's own), in the page's HTML and in a real headless browser
(Debian's chromium): every image loads, every face is on the page, nothing is fetched from elsewhere.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from generator.cli import main
from generator.content import paths
from generator.core import kit
from generator.core.game import BuildOptions
from generator.core.kitspec import Board, PrintFile, Section, Sheet
from generator.draw.scene import Scene
from generator.draw.svg import SvgFonts, to_svg

GAMES = [(gid, root) for root in (paths.CONTENT, paths.EXAMPLES / "decks") for gid in kit.games_in(root)]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# a browser that touches no network and leaves nothing behind (its profile is the test's own folder)
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync")


@pytest.fixture(scope="module", params=GAMES, ids=[gid for gid, _ in GAMES])
def preview(request, tmp_path_factory) -> tuple[str, Path, Path]:
    """(game, content root, its preview folder), built once by the command a designer runs."""
    from click.testing import CliRunner

    gid, root = request.param
    out = tmp_path_factory.mktemp(f"preview-{gid}")
    result = CliRunner().invoke(main, ["--content", str(root), "--out", str(out), "build", gid,
                                       "--profile", "preview"])
    assert result.exit_code == 0, result.output
    return gid, root, out / gid / "preview"


class _Page(HTMLParser):
    """The images of the page (with their side) and the text of every figure's caption."""

    def __init__(self) -> None:
        super().__init__()
        self.images: list[dict[str, str]] = []
        self.captions: list[str] = []
        self._caption: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.images.append({k: v or "" for k, v in attrs})
        elif tag == "figcaption":
            self._caption = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "figcaption" and self._caption is not None:
            self.captions.append("".join(self._caption))
            self._caption = None

    def handle_data(self, data: str) -> None:
        if self._caption is not None:
            self._caption.append(data)


def page_of(folder: Path) -> _Page:
    page = _Page()
    page.feed((folder / "index.html").read_text(encoding="utf-8"))
    return page


def drawings(gid: str, root: Path, *, round_only: bool = False) -> tuple[set[bytes], list[tuple[str, int]]]:
    """Every drawing of the kit spec (fronts, backs, sheets, boards) as SVG with the font subsets of them
    all (or those of round faces only: `shape: circle`), and each face's name and copies, from the spec."""
    loaded = kit.load(gid, root)
    spec = loaded.game.kit(loaded.model, loaded.content, BuildOptions())
    scenes: list[Scene] = []
    named: list[tuple[str, int]] = []
    for f in spec.files:
        if not isinstance(f, PrintFile):
            continue
        for part in f.parts:
            if isinstance(part, Section):
                for face in part.faces:
                    scenes.append(face.front)
                    if face.back is not None:
                        scenes.append(face.back)
                    named.append((face.called, face.copies))
            else:
                assert isinstance(part, (Sheet, Board))
                scenes.append(part.scene)
                named.append((part.label, 1))
    kit_fonts = SvgFonts(scenes)
    return {to_svg(scene, kit_fonts) for scene in scenes if scene.shape == "circle" or not round_only}, named


def test_the_page_shows_every_drawing_of_the_kit_with_names_and_copies(preview) -> None:
    gid, root, folder = preview
    page = page_of(folder)
    sources = [img["src"] for img in page.images]
    for src in sources:
        parts = urlsplit(src)
        assert not parts.scheme and not parts.netloc and not src.startswith("/") and ".." not in src, src
    shown = {(folder / unquote(src)).read_bytes() for src in sources}
    expected, named = drawings(gid, root)
    assert shown == expected   # every face, front and back, and nothing else
    text = html.unescape((folder / "index.html").read_text(encoding="utf-8"))
    for name, copies in named:
        assert f"{name} × {copies}" in page.captions or not name, (name, copies)
    assert all(img["alt"] for img in page.images)
    assert not re.search(r"<script|https?:|@import|url\(", text)   # nothing runs, nothing is fetched


def test_a_round_piece_is_shown_round_and_no_other(preview) -> None:
    """A token whose layout says `shape: circle` is cut round: the page shows it so, not on a square."""
    gid, root, folder = preview
    round_faces, _ = drawings(gid, root, round_only=True)
    shown = {img["src"]: "border-radius:50%" in img["style"] for img in page_of(folder).images}
    assert shown == {src: (folder / unquote(src)).read_bytes() in round_faces for src in shown}
    if gid in ("market-day", "skylands"):
        assert any(shown.values())


def test_the_preview_is_a_profile_of_its_own_beside_the_home_kit(preview) -> None:
    _, _, folder = preview
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["profile"] == "preview"
    listed = set(manifest["files"])
    on_disk = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()} - {"manifest.json"}
    on_disk = {p for p in on_disk if not p.startswith(".")}   # the build's own caches (.cache/)
    assert listed == on_disk and "index.html" in listed
    assert not (folder.parent / "manifest.json").exists()   # the home kit was not built, nor touched


_CHECK = """<script>
addEventListener('load', () => {
  const images = [...document.images];
  const broken = images.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src'));
  const hidden = images.filter(i => {
    const r = i.getBoundingClientRect();
    return r.width < 1 || r.height < 1 || getComputedStyle(i).visibility !== 'visible';
  }).map(i => i.getAttribute('src'));
  const out = document.createElement('pre');
  out.id = 'playkit-check';
  out.textContent = JSON.stringify({images: images.length, broken, hidden, loaded: images.map(i => i.currentSrc)});
  document.body.append(out);
});
</script>"""


def test_every_image_loads_and_shows_in_a_headless_browser(preview, tmp_path: Path) -> None:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing in CI: .ci/run installs it (apt-get install chromium)")
        pytest.skip("no chromium on this machine (apt-get install chromium); CI installs it")
    _, _, folder = preview
    page = (folder / "index.html").read_text(encoding="utf-8")
    checked = folder / "index-checked.html"   # the page as it is, with a script that reports what it sees
    checked.write_text(page.replace("</body>", _CHECK + "\n</body>"), encoding="utf-8")
    try:
        run = subprocess.run([CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                              "--window-size=1280,900", "--virtual-time-budget=20000", "--dump-dom",
                              checked.as_uri()], capture_output=True, text=True, timeout=240)
    finally:
        checked.unlink()
    found = re.search(r'<pre id="playkit-check">(.*?)</pre>', run.stdout, re.S)
    assert found, f"chromium gave no report (exit {run.returncode}): {run.stderr[-2000:]}"
    report = json.loads(html.unescape(found.group(1)))
    assert report["images"] == len(page_of(folder).images) > 0
    assert report["broken"] == [] and report["hidden"] == []
    inside = folder.resolve().as_uri() + "/"
    assert all(url.startswith(inside) for url in report["loaded"]), report["loaded"][:5]   # from the folder only
