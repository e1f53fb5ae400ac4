"""What every game's kit promises, checked for every game the registry finds: a fifth game, or a
designer's data-only game (`pytest --kit-content DIR`), is held to it with no test of its own.

Print-ready PDFs (TrimBox and BleedBox on every page of an imposed print file), one well-formed SVG
per named face, a manifest of every file with its hash and sources, byte-identical builds in another
process, a second build that changes nothing, and broken content that writes nothing. What a game's
kit holds (which files, which faces, which numbers) is its own test file's business.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.content import paths
from generator.core import kit
from generator.core.kitspec import Board, PrintFile, Rulebook, Section, Sheet
from tests import pdfcheck
from tests.conftest import BuiltKit

ROOT = Path(__file__).resolve().parent.parent


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """One set of tests per game in the shipped content and in every --kit-content folder."""
    if "game" not in metafunc.fixturenames:
        return
    roots = [paths.CONTENT, *metafunc.config.getoption("kit_content")]
    games = [(gid, root) for root in roots for gid in kit.games_in(root)]
    ids = [gid if root == paths.CONTENT else f"{root.name}/{gid}" for gid, root in games]
    metafunc.parametrize("game", games, ids=ids, scope="module")


@pytest.fixture(scope="module")
def built(game, built_kit) -> BuiltKit:
    gid, root = game
    return built_kit(gid, root)


def named_svgs(f: PrintFile) -> set[str]:
    """The SVG names a print file's spec gives its faces, sheets and boards."""
    names = {x.name for x in f.svgs}
    for part in f.parts:
        if isinstance(part, Section):
            names |= {n for face in part.faces for n in (face.svg, face.back_svg)}
        elif isinstance(part, Sheet | Board):
            names.add(part.svg)
    return {f"svg/{n}.svg" for n in names if n}


def test_the_kit_is_every_file_its_spec_names_and_nothing_else(built):
    expected = {f.path for f in built.files} | {s for f in built.files if isinstance(f, PrintFile)
                                                for s in named_svgs(f)}
    written = {str(p.relative_to(built.folder)) for p in built.folder.rglob("*") if p.is_file()}
    assert {p for p in written if not p.startswith(".cache/")} - {"manifest.json"} == expected
    assert any(isinstance(f, PrintFile) for f in built.files) and any(isinstance(f, Rulebook) for f in built.files)


def test_every_pdf_is_print_ready_and_print_files_carry_trim_and_bleed_boxes(built):
    """qpdf's syntax check, strict pypdf, pdfium renders it, every font embedded; TrimBox and
    BleedBox on every page of an imposed print file (a rulebook or a chart has no trim)."""
    pdfs = sorted(p for p in built.folder.rglob("*.pdf"))
    imposed = {f.path for f in built.files if isinstance(f, PrintFile)}
    assert pdfs and imposed <= {str(p.relative_to(built.folder)) for p in pdfs}
    for pdf in pdfs:
        name = str(pdf.relative_to(built.folder))
        pdfcheck.assert_print_ready(pdf.read_bytes(), name, trim_box=name in imposed)


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed (pikepdf runs its check anyway)")
def test_every_pdf_passes_the_qpdf_tool(built):
    for pdf in sorted(built.folder.rglob("*.pdf")):
        subprocess.run(["qpdf", "--check", str(pdf)], check=True, capture_output=True)


def test_every_svg_is_one_well_formed_drawing_in_mm(built):
    svgs = sorted(built.folder.rglob("*.svg"))
    assert svgs
    for svg in svgs:
        root = ET.fromstring(svg.read_bytes())
        assert root.tag.endswith("svg"), svg
        assert root.get("width", "").endswith("mm") and root.get("height", "").endswith("mm"), svg


def test_the_manifest_lists_every_file_with_its_hash_and_sources(built):
    manifest = json.loads((built.folder / "manifest.json").read_text())
    assert manifest["game"] == built.game
    files = [p for p in built.folder.rglob("*") if p.is_file() and p.name != "manifest.json"]
    listed = {**manifest["files"], **manifest.get("cache", {})}
    assert sorted(listed) == sorted(str(p.relative_to(built.folder)) for p in files)
    assert all(p.startswith(".cache/") for p in manifest.get("cache", {}))
    for p in files:
        entry = listed[str(p.relative_to(built.folder))]
        assert entry["sha256"] == hashlib.sha256(p.read_bytes()).hexdigest(), p
        assert entry.get("from") or ".cache" in p.parts, p


def test_a_build_in_another_process_gives_the_same_bytes_and_a_second_build_changes_nothing(built, tmp_path):
    """Another process with another hash seed (no set or dict order leaks into a file), through
    the CLI; then the same build again over it."""
    args = ["--content", str(built.content), "--out", str(tmp_path), "build", built.game]
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "generator.cli", *args], check=True, env=env, capture_output=True)
    other = tmp_path / built.game

    def kit_files(folder: Path) -> list[Path]:   # the build's cache (.cache/) is test_incremental.py's
        return sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file() and ".cache" not in p.parts)

    ours = kit_files(built.folder)
    assert ours == kit_files(other)
    for rel in ours:
        if rel.name != "manifest.json":   # the fixture's build kept no cache, so its manifest lists none
            assert (other / rel).read_bytes() == (built.folder / rel).read_bytes(), rel
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 0, again.output
    assert f"{built.game}: {len(ours) - 1} files in" in again.output
    assert "0 changed since the last build" in again.output and "removed" not in again.output


def test_broken_content_is_reported_at_its_line_and_writes_nothing(built, tmp_path):
    """Two problems in two files, both reported with FILE:LINE:COL, exit 1; the kit already in OUT
    keeps every byte."""
    content = tmp_path / "content"
    shutil.copytree(built.content / built.game, content / built.game)
    broken = sorted((content / built.game).rglob("*.yaml"))[:2]
    assert broken
    for f in broken:
        f.write_text(f.read_text() + "\nbroken: [\n")
    out = tmp_path / "out"
    shutil.copytree(built.folder, out / built.game)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    result = CliRunner().invoke(main, ["--content", str(content), "--out", str(out), "build", built.game])
    assert result.exit_code == 1
    errors = [ln for ln in result.output.splitlines() if re.search(r"^\S+\.yaml:\d+:\d+: error: ", ln)]
    assert {Path(ln.split(":")[0]).name for ln in errors} == {f.name for f in broken}, result.output
    assert "Traceback" not in result.output and "nothing was written" in result.output
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
