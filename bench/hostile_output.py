"""Hostile content of issue 10's output classes, fed to `playkit build`: templates, manifests and output
folders, sizes and counts, text that cannot fit. Prints one row per case: what came out, seconds, MB.

Each case copies one shipped game, makes one edit, builds it in a fresh process, and passes if the
build is refused with FILE:LINE:COL (exit 1, nothing written) or builds, with no traceback. Run:
    python3 bench/hostile_output.py [substring of case names]
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
POSITIONED = re.compile(r"^\S+\.yaml:\d+:\d+: error: ", re.M)
LONG = "word " * 20_000

# (name, game, file, old text, new text)
EDITS = [
    ("template: globals through joiner", "islands-and-bridges", "elements.yaml",
     "Deal {{ action.damage }}", "Deal {{ joiner.__call__.__globals__ }}"),
    ("template: pydantic method", "islands-and-bridges", "elements.yaml",
     "Deal {{ action.damage }}", "Deal {{ action.model_dump_json(indent=50) }}"),
    ("template: loop of long texts", "skylands", "boards.yaml",
     "plus {{ p.reveal_extra }}", "plus {% for i in range(99999) %}{{ 'ab' * 50000 }}{% endfor %}"),
    ("template: list text repeated", "island-of-fog", "decisions.yaml",
     "choice: >-\n", "choice: >-\n      {{ (range(99999)|list|string) * 3 }}\n"),
    ("template: doubling macro", "skybound-battle", "decisions.yaml",
     "is at most {{ rules.deck.max_cost }}",
     "{% macro m(n) %}{{ m(n) ~ m(n) }}{% endmacro %}{{ m(1) }}"),
    ("template: printf filter", "skylands", "boards.yaml",
     "plus {{ p.reveal_extra }}", "plus {{ '%.99999999f'|format(1) }}"),
    ("template: str.format width", "islands-and-bridges", "elements.yaml",
     "Deal {{ action.damage }}", "Deal {{ '{:>99999999}'.format(1) }}"),
    ("size: token size inf", "island-of-fog", "tokens.yaml", "size: 18mm", "size: .inf"),
    ("size: space 299mm", "island-of-fog", "board.yaml", "space_size: 20mm", "space_size: 299mm"),
    ("size: card width 199mm", "skybound-battle", "kit.yaml", "width: 63mm", "width: 199mm"),
    ("size: token diameter -16mm", "skybound-battle", "kit.yaml", "diameter: 16mm", "diameter: -16mm"),
    ("size: skylands tile 290mm", "skylands", "print.yaml", "tile: 40mm", "tile: 290mm"),
    ("size: I&B cell 0.01mm", "islands-and-bridges", "game.yaml", "cell: 22mm", "cell: 0.01mm"),
    ("size: I&B cell 299mm", "islands-and-bridges", "game.yaml", "cell: 22mm", "cell: 299mm"),
    ("count: token copies 10^6", "skybound-battle", "kit.yaml", "copies: 40", "copies: 1000000"),
    ("count: 20-digit count", "island-of-fog", "tokens.yaml", "count: 40", "count: 99999999999999999999"),
    ("count: negative copies", "skybound-battle", "kit.yaml", "copies: 40", "copies: -3"),
    ("count: NaN value", "island-of-fog", "tokens.yaml", "value: 1,", "value: .nan,"),
    ("text: 100,000-character card text", "islands-and-bridges", "elements.yaml",
     "Deal {{ action.damage }}", "Deal " + LONG + "{{ action.damage }}"),
    ("text: long effect text", "skylands", "boards.yaml", "plus {{ p.reveal_extra }}",
     "plus " + "word " * 2000 + "{{ p.reveal_extra }}"),
    ("text: long card name", "skybound-battle", "cards.yaml", "name: ", "name: " + "Longname" * 300 + " "),
    ("text: long unit name", "island-of-fog", "units.yaml", "name: ", "name: " + "Longname " * 300),
]


def _tables(case: str, game: str, out: Path) -> None:
    """Set up the output folder for the folder cases."""
    kit = out / game
    kit.mkdir(parents=True)
    victim = out.parent / "victim.txt"
    victim.write_text("mine")
    if case == "manifest: foreign paths":
        (kit / "manifest.json").write_text(json.dumps({"files": {
            "../../victim.txt": {"sha256": "0" * 64}, str(victim): {"sha256": "0" * 64}}}))
    elif case == "manifest: garbage":
        (kit / "manifest.json").write_bytes(b"\x00{[" * 1000)
    elif case == "folder: svg is a link out":
        (kit / "svg").symlink_to(out.parent)
    elif case == "folder: leftover temporary file":
        (kit / ".cards.pdf.abcd_123.playkit-tmp").write_text("half")


FOLDERS = [("manifest: foreign paths", "skybound-battle"), ("manifest: garbage", "skybound-battle"),
           ("folder: svg is a link out", "skybound-battle"), ("folder: leftover temporary file", "skybound-battle")]


def run(case: str, game: str, edit: tuple[str, str, str] | None) -> tuple[str, float, float, str]:
    work = Path(tempfile.mkdtemp(prefix="hostile-"))
    content, out = work / "content", work / "out"
    shutil.copytree(ROOT / "content" / game, content / game)
    if edit:
        file, old, new = edit
        text = (content / game / file).read_text()
        assert old in text, (case, old)
        (content / game / file).write_text(text.replace(old, new, 1))
    else:
        _tables(case, game, out)
    before = sorted(str(p) for p in out.rglob("*")) if out.exists() else []
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "generator.cli", "--content", str(content), "--out", str(out),
                           "build", game], capture_output=True, text=True, cwd=ROOT, timeout=120)
    took = time.monotonic() - start
    mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    text = proc.stdout + proc.stderr
    first = next((ln for ln in proc.stderr.splitlines() if "error" in ln), text.strip().splitlines()[-1])
    if "Traceback" in text:
        verdict = "TRACEBACK"
    elif proc.returncode == 1 and POSITIONED.search(proc.stderr):
        after = sorted(str(p) for p in out.rglob("*")) if out.exists() else []
        verdict = "refused, positioned" if after == before else "refused but WROTE"
    elif proc.returncode == 0:
        verdict = "built"
    else:
        verdict = f"exit {proc.returncode}"
    if ((work / "victim.txt").exists() and (work / "victim.txt").read_text() != "mine") or \
            any(p.name != "victim.txt" for p in work.iterdir() if p.name not in ("content", "out")):
        verdict += ", TOUCHED OUTSIDE"
    shutil.rmtree(work)
    return verdict, took, mb, first.replace(str(work), "…")[:150]


def main() -> None:
    pick = sys.argv[1] if len(sys.argv) > 1 else ""
    cases = [(n, g, (f, o, w)) for n, g, f, o, w in EDITS] + [(n, g, None) for n, g in FOLDERS]
    print(f"{'case':38} {'verdict':22} {'s':>5} {'MB':>5}  first line")
    for name, game, edit in cases:
        if pick in name:
            verdict, took, mb, line = run(name, game, edit)
            print(f"{name:38} {verdict:22} {took:5.1f} {mb:5.0f}  {line}", flush=True)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
