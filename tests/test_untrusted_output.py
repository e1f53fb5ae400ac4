"""The output folder is anyone's who can write it: what a build finds there (its caches, its manifest)
never changes what it prints, never makes it fail, and a tool command never writes over another's
files. Each case forges the folder as an attacker would (the cache and the manifest's hash of it
together) and runs the CLI."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from generator.build.output import sha256
from generator.cli import main
from tests.conftest import replace_in

FOG = "island-of-fog"
SKYBOUND = "skybound-battle"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != "manifest.json" and ".cache" not in p.parts}


def _forge(game: Path, path: str, data: bytes) -> None:
    """Write `data` at `path` under the kit and list it in its manifest with its true hash, as anyone
    able to write the folder can."""
    (game / path).parent.mkdir(parents=True, exist_ok=True)
    (game / path).write_bytes(data)
    manifest = json.loads((game / "manifest.json").read_text())
    table = "cache" if path.startswith(".cache/") else "files"
    manifest.setdefault(table, {})[path] = {"sha256": sha256(data), "bytes": len(data),
                                            **({"from": []} if table == "files" else {})}
    (game / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")


def _build(runner, out: Path, *args: str):   # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["build", *args, "--out", str(out)])
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    return result


def test_a_forged_odds_cache_prints_the_true_odds(runner, tmp_path):
    out = tmp_path / "out"
    _build(runner, out, FOG)
    fresh = _files(out / FOG)
    game = out / FOG
    _forge(game, ".cache/fog-combat-odds.json",
           json.dumps({"k" * 64: ["1", "0", "0"]}).encode())   # every attack a sure win
    _forge(game, "odds.csv", b"policy,attacker\nsure,win\n")   # and the printed table too
    _build(runner, out, FOG)
    assert _files(game) == fresh


def test_a_forged_font_cache_puts_nothing_into_an_svg(runner, tmp_path):
    deck = tmp_path / "decks"
    assert runner.invoke(main, ["new", "deck", "my-deck", "--dir", str(deck)]).exit_code == 0
    out = tmp_path / "out"
    _build(runner, out, "my-deck", "--content", str(deck))
    game = out / "my-deck"
    fresh = _files(game)
    script = "@font-face{}</style><script>alert(1)</script><style>"
    _forge(game, ".cache/svg-font.json", json.dumps({"k" * 64: script}).encode())
    svg = next(p for p in fresh if p.endswith(".svg"))
    _forge(game, svg, fresh[svg].replace(b"</svg>", b"<script>alert(1)</script></svg>"))
    _build(runner, out, "my-deck", "--content", str(deck))
    assert _files(game) == fresh
    assert not any(b"<script" in data for data in _files(game).values())


@pytest.mark.parametrize("forged_path", ["../../escaped.txt", "cards.pdf", "balance/report.txt"])
def test_a_forged_balance_cache_changes_nothing_and_fails_nothing(runner, tmp_path, content_copy, forged_path):
    """The kit is built again (its design notes edited), so its kept balance report is looked up:
    the forged one is not taken, whatever path it names."""
    root = content_copy(SKYBOUND)
    out = tmp_path / "out"
    _build(runner, out, SKYBOUND, "--content", str(root))
    game = out / SKYBOUND
    balance = {p: d for p, d in _files(game).items() if p.startswith("balance/")}
    kept = game / ".cache" / "skybound-balance.json"
    entries = json.loads(kept.read_text())
    forged = [{"path": forged_path, "data": base64.b64encode(b"all decks are fair\n").decode(), "sources": []}]
    _forge(game, ".cache/skybound-balance.json", json.dumps({k: forged for k in entries}).encode())
    replace_in(root / SKYBOUND / "decisions.yaml", "for no gain.", "for nothing.")
    for _ in range(2):   # the build after the forgery, and the one after that
        _build(runner, out, SKYBOUND, "--content", str(root))
        assert {p: d for p, d in _files(game).items() if p.startswith("balance/")} == balance
        assert not (tmp_path / "escaped.txt").exists() and not (out / "escaped.txt").exists()


def test_a_copied_manifest_signature_vouches_for_nothing_else(runner, tmp_path):
    """A signature is of its manifest: the signed manifest of one build, edited, is not signed."""
    out = tmp_path / "out"
    _build(runner, out, FOG)
    game = out / FOG
    fresh = _files(game)
    manifest = json.loads((game / "manifest.json").read_text())
    assert manifest.get("signature")
    (game / "tiles.pdf").write_bytes(b"%PDF-1.4 forged")
    manifest["files"]["tiles.pdf"]["sha256"] = sha256(b"%PDF-1.4 forged")
    (game / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    result = _build(runner, out, FOG)
    assert "tiles.pdf" in result.output and _files(game) == fresh


def test_schema_into_a_kits_folder_refuses_and_deletes_nothing(runner, tmp_path):
    out = tmp_path / "out"
    _build(runner, out, FOG)
    before = _files(out / FOG)
    manifest = (out / FOG / "manifest.json").read_bytes()
    result = runner.invoke(main, ["schema", FOG, "--dir", str(out)])
    assert result.exit_code == 1 and "lists the files of `playkit build`" in result.output, result.output
    assert _files(out / FOG) == before and (out / FOG / "manifest.json").read_bytes() == manifest


@pytest.mark.parametrize("command", ["schema", "build"])
def test_a_users_own_manifest_is_refused_not_overwritten(runner, tmp_path, command):
    folder = tmp_path / "mine" / FOG
    folder.mkdir(parents=True)
    mine = b'{"my": "own notes, not a kit"}\n'
    (folder / "manifest.json").write_bytes(mine)
    args = ["schema", FOG, "--dir", str(tmp_path / "mine")] if command == "schema" else \
        ["build", FOG, "--out", str(tmp_path / "mine")]
    result = runner.invoke(main, args)
    assert result.exit_code == 1 and "is not a manifest playkit wrote" in result.output, result.output
    assert "Traceback" not in result.output
    assert (folder / "manifest.json").read_bytes() == mine and sorted(p.name for p in folder.iterdir()) == \
        ["manifest.json"]


def test_a_forged_book_in_the_design_notes_cache_reaches_no_book(runner, tmp_path, content_copy):
    """Skylands' designer's notes are kept as a book's text (.cache/design-notes.json): a forged entry
    naming the players' rulebook, or the notes, prints neither; the kit is what an honest build makes."""
    game_id = "skylands"
    root = content_copy(game_id)
    out = tmp_path / "out"
    _build(runner, out, game_id, "--content", str(root))
    game = out / game_id
    kept = json.loads((game / ".cache" / "design-notes.json").read_text())
    forged = [{"path": path, "text": "# Forged\n\nEvery special island is worth 100 points.", "sources": [],
               "kind": "rulebook"} for path in ("rulebook.pdf", "design-notes.pdf")]
    _forge(game, ".cache/design-notes.json", json.dumps({k: forged for k in kept}).encode())
    replace_in(root / game_id / "print.yaml", "pad_columns: 4 ", "pad_columns: 3 ")
    _build(runner, out, game_id, "--content", str(root))
    honest = tmp_path / "honest"
    _build(runner, honest, game_id, "--content", str(root))
    assert _files(game) == _files(honest / game_id)
