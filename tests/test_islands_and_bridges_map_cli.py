"""End to end: `playkit map islands-and-bridges` and `playkit validate-plan` as a Game Master runs
them, with the files opened and checked the way a GM and a printer would."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.dom.minidom
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner

from generator.cli import main
from tests import pdfcheck
from tests.conftest import replace_in

GAME = "islands-and-bridges"
FILES = ["gm.pdf", "map.svg", "plan.yaml"]
ROOT = Path(__file__).resolve().parents[1]


def run(out: Path, *args: str, content: Path | None = None):
    opts = ["--content", str(content)] if content else []
    return CliRunner().invoke(main, [*opts, "--out", str(out), *args])


@pytest.fixture(scope="module")
def seven(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("maps")
    result = run(out, "map", GAME, "--seed", "7")
    assert result.exit_code == 0, result.output
    return out / GAME / "maps" / "seed-7"


def plan_hash(folder: Path) -> str:
    return json.loads((folder / "manifest.json").read_text())["plan"]


def players_pdf(gm_folder: Path) -> Path:
    """The players' pages of the map whose GM files are in `gm_folder` (its manifest says where)."""
    return (gm_folder / json.loads((gm_folder / "manifest.json").read_text())["players_file"]).resolve()


def gm_folders(out: Path) -> list[Path]:
    return [p for p in (out / GAME / "maps").iterdir() if not p.name.startswith("players-")]


def test_the_four_files_are_written(seven):
    assert sorted(p.name for p in seven.iterdir() if p.name != "manifest.json") == FILES
    handed = players_pdf(seven)
    assert sorted(p.name for p in handed.parent.iterdir()) == ["manifest.json", "players.pdf"]


@pytest.mark.parametrize("seed", ["7", "123456789", None])
def test_nothing_a_player_is_handed_names_the_seed_or_the_plan(tmp_path, seed):
    """The players' pages are in a folder of their own, whose path, files and manifest name neither the
    seed nor the plan's digest (either would let a player make the secret map again): a zip, a shared
    folder or a print dialog shows only that. The GM's folder names the seed."""
    result = run(tmp_path, "map", GAME, *(["--seed", seed] if seed else []))
    assert result.exit_code == 0, result.output
    (gm,) = gm_folders(tmp_path)
    meta = json.loads((gm / "manifest.json").read_text())
    secrets = (str(meta["seed"]), meta["plan"])
    assert gm.name.startswith(f"seed-{meta['seed']}")
    handed = players_pdf(gm).parent
    assert handed.parent == gm.parent
    assert sorted(p.name for p in handed.iterdir()) == ["manifest.json", "players.pdf"]
    theirs = json.loads((handed / "manifest.json").read_text())
    told = [*handed.relative_to(tmp_path).parts, *(str(v) for v in theirs.values() if not isinstance(v, dict))]
    assert "seed" not in theirs and "plan" not in theirs
    for secret in secrets:
        assert not any(re.search(rf"(?<![0-9a-f]){secret}(?![0-9a-f])", part) for part in told), (secret, told)
    pages = " ".join(pdfcheck.texts((handed / "players.pdf").read_bytes()))
    assert meta["plan"] not in pages and "seed" not in pages.lower()
    if len(secrets[0]) >= 6:   # a short seed's digits are on any page (island numbers)
        assert secrets[0] not in pages and secrets[0].encode() not in (handed / "players.pdf").read_bytes()


@pytest.mark.parametrize("name", ["gm.pdf", "players.pdf"])
def test_pdfs_open_and_embed_their_fonts(seven, name):
    data = (seven / name if name != "players.pdf" else players_pdf(seven)).read_bytes()
    fonts = pdfcheck.fonts(data)
    assert fonts and all(fonts.values()), fonts
    doc = pypdfium2.PdfDocument(data)
    assert len(doc) == len(pdfcheck.reader(data).pages)
    for page in doc:
        page.render(scale=0.2)


def test_gm_pdf_overview_checklist_and_a_trapboard_per_island(seven):
    pages = pdfcheck.texts((seven / "gm.pdf").read_bytes())
    islands = (seven / "plan.yaml").read_text().count("  - number: ")
    assert len(pages) == 2 + islands
    assert "Map overview" in pages[0] and "Legend" in pages[0] and "20 cm" in pages[0]
    assert "Setup checklist" in pages[1] and "In the box" in pages[1]
    for n, page in enumerate(pages[2:], 1):
        assert "Trapboard" in page and f"Island no. {n}" in page
    digest = plan_hash(seven)
    for page in pages:  # the seed, the parameters and the plan hash on every page
        assert "seed 7" in page and digest in page and "4 islands · 4 players · normal" in page


def test_checklist_never_asks_for_more_than_the_box(seven):
    lines = pdfcheck.texts((seven / "gm.pdf").read_bytes())[1].splitlines()
    names = ["Island", "Bridge", "Weak enemy", "Strong enemy", "Boss", "Loot-Chest", "Stage end"]
    rows = {name: (int(lines[lines.index(name) + 1]), int(lines[lines.index(name) + 2])) for name in names}
    assert rows["Island"][0] == (seven / "plan.yaml").read_text().count("  - number: ")
    assert all(need <= have for need, have in rows.values()), rows


def test_players_pdf_holds_nothing_secret(seven):
    data = players_pdf(seven).read_bytes()
    text = " ".join(pdfcheck.texts(data)).lower()
    for secret in ("seed", "weak", "strong", "boss", "trap", "chest", "stage end", "enemy", "start"):
        assert secret not in text, secret
    islands = (seven / "plan.yaml").read_text().count("  - number: ")
    for n in range(1, islands + 1):
        assert f"island {n}" in text


def test_players_pdf_derives_nothing_from_the_secret_plan(seven, tmp_path):
    # another seed, the same parameters: the players' pages show the same things, so they are the same bytes
    assert run(tmp_path, "map", GAME, "--seed", "8").exit_code == 0
    eight = tmp_path / GAME / "maps" / "seed-8"
    assert plan_hash(eight) != plan_hash(seven)
    assert players_pdf(eight).read_bytes() == players_pdf(seven).read_bytes()
    assert plan_hash(seven) not in " ".join(pdfcheck.texts(players_pdf(seven).read_bytes()))


def test_a_drawn_seed_comes_from_64_bits():
    from generator.games.islands_and_bridges.cli import new_seed

    # 20 draws all below 2**40 would happen once in 2**480 runs with 64 bits, every time with 6 digits
    assert max(new_seed() for _ in range(20)) >= 2**40


def test_map_svg_is_the_overview(seven):
    svg = (seven / "map.svg").read_text()
    xml.dom.minidom.parseString(svg)
    assert "Map overview" in svg and plan_hash(seven) in svg


def test_plan_yaml_is_readable_and_validates(seven, tmp_path):
    text = (seven / "plan.yaml").read_text()
    assert text.startswith("# Islands & Bridges: the Game Master's map plan.")
    assert "playkit map islands-and-bridges --seed 7 --islands 4 --players 4 --difficulty normal" in text
    result = run(tmp_path, "validate-plan", str(seven / "plan.yaml"))
    assert result.exit_code == 0, result.output
    assert f"plan {plan_hash(seven)}" in result.output and not (tmp_path / GAME).exists()


def test_validate_plan_reports_file_line_col(seven, tmp_path):
    broken = tmp_path / "plan.yaml"
    text = (seven / "plan.yaml").read_text()
    broken.write_text(text.replace("players: 4", "players: 9"))
    result = run(tmp_path, "validate-plan", str(broken))
    assert result.exit_code == 1
    line = next(n for n, s in enumerate(broken.read_text().splitlines(), 1) if s.startswith("players:"))
    assert f"{broken}:{line}:10: error: 9 players (allowed: 1 to 4)" in result.output
    assert "Traceback" not in result.output


def test_validate_plan_of_a_missing_file_is_a_usage_error(tmp_path):
    assert run(tmp_path, "validate-plan", str(tmp_path / "nope.yaml")).exit_code == 2


def test_from_plan_renders_an_unedited_plan_byte_for_byte(seven, tmp_path):
    result = run(tmp_path, "map", GAME, "--from-plan", str(seven / "plan.yaml"))
    assert result.exit_code == 0, result.output
    again = tmp_path / GAME / "maps" / f"plan-{plan_hash(seven)}"
    for name in FILES:
        assert (again / name).read_bytes() == (seven / name).read_bytes(), name
    assert players_pdf(again).read_bytes() == players_pdf(seven).read_bytes()


def test_from_plan_renders_an_edited_plan(seven, tmp_path):
    edited = tmp_path / "edited.yaml"
    text = (seven / "plan.yaml").read_text()
    edited.write_text(text.replace("seed: 7", "seed: null"))
    result = run(tmp_path, "map", GAME, "--from-plan", str(edited))
    assert result.exit_code == 0, result.output
    (folder,) = gm_folders(tmp_path)
    assert folder.name.startswith("plan-") and folder.name != f"plan-{plan_hash(seven)}"
    assert "edited plan" in pdfcheck.texts((folder / "gm.pdf").read_bytes())[0]


def _drop_island_1_traps(text: str) -> str:
    """An edit that keeps any plan valid: island 1 loses its traps."""
    head, rest = text.split("  - number: 2", 1)
    lines = [("    traps: []" if s.startswith("    traps: ") else s) for s in head.splitlines()]
    return "\n".join(lines) + "\n  - number: 2" + rest


def test_an_edited_plan_is_told_apart_from_its_seed(seven, tmp_path):
    """A plan edited after it was made keeps `seed: 7`, but seed 7 no longer makes it: the pages say
    'edited from seed 7', validate-plan notes the stale hash of its header, and the plan.yaml that
    --from-plan writes has a fresh header."""
    original = (seven / "plan.yaml").read_text()
    edited = tmp_path / "plan.yaml"
    edited.write_text(_drop_island_1_traps(original))
    assert edited.read_text() != original
    result = run(tmp_path, "validate-plan", str(edited))
    assert result.exit_code == 0, result.output
    old = plan_hash(seven)
    assert f"{edited}:3:3: note: the header names plan {old}, but the plan now stands as plan " in result.output
    assert "edited from seed 7" in result.output
    result = run(tmp_path, "map", GAME, "--from-plan", str(edited))
    assert result.exit_code == 0, result.output
    (folder,) = gm_folders(tmp_path)
    new = folder.name.removeprefix("plan-")
    assert new != old
    for page in pdfcheck.texts((folder / "gm.pdf").read_bytes()):
        assert "edited from seed 7" in page and new in page
    fresh = (folder / "plan.yaml").read_text()
    assert "# Edited from the plan of: playkit map islands-and-bridges --seed 7" in fresh
    assert f"# Plan {new}:" in fresh
    again = run(tmp_path, "validate-plan", str(folder / "plan.yaml"))
    assert again.exit_code == 0 and "note:" not in again.output, again.output


def test_an_unedited_plan_has_no_notes(seven, tmp_path):
    result = run(tmp_path, "validate-plan", str(seven / "plan.yaml"))
    assert result.exit_code == 0 and "note:" not in result.output
    assert f"plan {plan_hash(seven)}, seed 7:" in result.output


def test_from_plan_with_problems_writes_nothing(seven, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text((seven / "plan.yaml").read_text().replace("stage_end:", "stage_end: Z9 #"))
    result = run(tmp_path / "out", "map", GAME, "--from-plan", str(bad))
    assert result.exit_code == 1 and ": error: " in result.output
    assert not (tmp_path / "out").exists()


def test_from_plan_takes_no_other_parameters(seven, tmp_path):
    result = run(tmp_path, "map", GAME, "--from-plan", str(seven / "plan.yaml"), "--seed", "3")
    assert result.exit_code == 2 and "--seed" in result.output


def test_without_a_seed_one_is_picked_and_printed(tmp_path):
    result = run(tmp_path, "map", GAME)
    assert result.exit_code == 0, result.output
    seed = re.search(r"^seed: (\d+)$", result.output, re.M)
    assert seed, result.output
    gm = (tmp_path / GAME / "maps" / f"seed-{seed.group(1)}" / "gm.pdf").read_bytes()
    assert f"seed {seed.group(1)}" in " ".join(pdfcheck.texts(gm)), "the GM's copy says how to make the map again"


def test_parameters_other_than_the_defaults_name_the_folder(tmp_path):
    result = run(tmp_path, "map", GAME, "--seed", "3", "--islands", "5", "--players", "2", "--difficulty", "hard",
                 "--table", "150x90", "--paper", "letter")
    assert result.exit_code == 0, result.output
    folder = tmp_path / GAME / "maps" / "seed-3-islands-5-players-2-hard-table-150cmx90cm-letter"
    assert sorted(p.name for p in folder.iterdir() if p.name != "manifest.json") == FILES
    assert players_pdf(folder).parent.name.endswith("-letter")
    width, height = pdfcheck.size_mm(pdfcheck.reader((folder / "gm.pdf").read_bytes()).pages[1].mediabox)
    assert (width, height) == (215.9, 279.4)


@pytest.mark.parametrize(("args", "message"), [
    (["--islands", "0"], "--islands 0: a path has 2 to 6 islands"),
    (["--players", "9"], "--players 9: the game is for 1 to 4 players"),
    (["--difficulty", "brutal"], "--difficulty brutal: levels are easy, normal, hard"),
    (["--table", "60x40", "--islands", "4"], "a 60 x 40 cm table holds a path of at most 2 islands"),
    (["--table", "big"], "write the table as WIDTHxHEIGHT"),
])
def test_unmeetable_parameters_are_usage_errors_and_write_nothing(tmp_path, args, message):
    result = run(tmp_path / "out", "map", GAME, "--seed", "1", *args)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "out").exists()


def test_a_maps_yaml_problem_is_placed_and_writes_nothing(content_copy, tmp_path):
    root = content_copy(GAME)
    replace_in(root / GAME / "maps.yaml", "enemy: boss", "enemy: dragon")
    result = run(tmp_path / "out", "map", GAME, "--seed", "1", content=root)
    assert result.exit_code == 1
    line = next(n for n, s in enumerate((root / GAME / "maps.yaml").read_text().splitlines(), 1) if "dragon" in s)
    assert re.search(rf"maps\.yaml:{line}:\d+: error: unknown enemy type 'dragon'", result.output), result.output
    assert not (tmp_path / "out").exists()


def test_a_budget_the_box_cannot_spend_is_a_content_error(content_copy, tmp_path):
    root = content_copy(GAME)
    replace_in(root / GAME / "components.yaml", "enemy: weak, quantity: 12", "enemy: weak, quantity: 2")
    result = run(tmp_path / "out", "map", GAME, "--seed", "1", content=root)
    assert result.exit_code == 1 and "the box's enemies make at most" in result.output


def test_same_seed_byte_identical_in_separate_processes(tmp_path):
    """Two fresh interpreters (different hash seeds) make the same four files, byte for byte."""
    runs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"run{hash_seed}"
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hash_seed}
        runs.append((out, subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()",
                                            "--out", str(out), "map", GAME, "--seed", "42"],
                                           cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)))
    for _, proc in runs:
        assert proc.wait(timeout=60) == 0, proc.stderr.read() if proc.stderr else ""
    first, second = (out / GAME / "maps" / "seed-42" for out, _ in runs)
    for name in FILES:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    assert players_pdf(first).read_bytes() == players_pdf(second).read_bytes()


def test_the_overview_letters_its_marks_where_they_read_and_says_so_where_they_do_not(seven, tmp_path):
    """gm.pdf page 1 draws the table to scale: on the default table a cell is about 3.6 mm, too small for
    a mark's letters at 6 pt, so the marks carry none and the legend says where the tokens are named; on
    a small table they carry their letters (the legend's own P1 is the only one on a large table)."""
    def overview_words(gm: Path) -> list[str]:
        return pdfcheck.texts(gm.read_bytes())[0].split()

    big = overview_words(seven / "gm.pdf")
    assert "trapboard" in big and big.count("P1") == 1 and "P2" not in big
    result = run(tmp_path, "map", GAME, "--seed", "3", "--islands", "2", "--table", "60x40")
    assert result.exit_code == 0, result.output
    small = overview_words(gm_folders(tmp_path)[0] / "gm.pdf")
    assert "trapboard" not in small and {"P1", "P2", "P3", "P4"} <= set(small) and small.count("P1") == 2
