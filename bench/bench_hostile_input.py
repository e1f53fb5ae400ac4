"""Hostile input, tried as a careless or hostile user would: each case runs `playkit` in a fresh
process on a broken copy of the content (or a broken tool file) and is judged on what the user
sees: no traceback; refused with FILE:LINE:COL: error: lines (exit 1), a usage error (exit 2) or
done correctly (exit 0); the output folder untouched when refused; at most 5 s of CPU and 300 MB
(each case's own, read when it is reaped).

    python bench/bench_hostile_input.py          # prints one row a case, then the verdict
    python bench/bench_hostile_input.py --fresh  # only the newest set (layouts, data-only games, pictures)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
EXAMPLES = ROOT / "examples"
LINE = re.compile(r"^\S.*:\d+:\d+: error: \S.*$")
MAX_SECONDS, MAX_MB = 5.0, 300


@dataclass
class Case:
    name: str
    make: Callable[[Path], list[str]]   # builds the case under a temp folder, returns playkit's arguments
    expect: str = "refused"             # refused (exit 1) | usage (exit 2) | ok (exit 0)


def game(tmp: Path, gid: str) -> Path:
    shutil.copytree(CONTENT / gid, tmp / "content" / gid)
    return tmp / "content" / gid


def edit(gid: str, file: str, old: str, new: str, command: str = "validate") -> Callable[[Path], list[str]]:
    def make(tmp: Path) -> list[str]:
        path = game(tmp, gid) / file
        text = path.read_text()
        assert old in text, (file, old)
        path.write_text(text.replace(old, new, 1))
        return [command, gid]
    return make


def append(gid: str, file: str, extra: str | bytes) -> Callable[[Path], list[str]]:
    def make(tmp: Path) -> list[str]:
        path = game(tmp, gid) / file
        path.write_bytes(path.read_bytes() + (extra if isinstance(extra, bytes) else extra.encode()))
        return ["validate", gid]
    return make


def replace_file(gid: str, file: str, how: Callable[[Path], None]) -> Callable[[Path], list[str]]:
    def make(tmp: Path) -> list[str]:
        path = game(tmp, gid) / file
        path.unlink()
        how(path)
        return ["validate", gid]
    return make


def tool_file(command: list[str], text: str | bytes | None = None,
              how: Callable[[Path], None] | None = None) -> Callable[[Path], list[str]]:
    def make(tmp: Path) -> list[str]:
        path = tmp / "tool.yaml"
        if how is not None:
            how(path)
        elif isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text or "")
        game(tmp, {"deck": "skybound-battle", "score": "skylands", "validate-plan": "islands-and-bridges",
                   "map": "island-of-fog"}[command[0]])
        return [*command, str(path)]
    return make


def bomb(levels: int, width: int, mapping: bool = False) -> str:
    """A billion-laughs chain: each level holds `width` aliases of the one before."""
    def holder(items: list[str]) -> str:
        return "{" + ", ".join(f"k{i}: {v}" for i, v in enumerate(items)) + "}" if mapping else \
            "[" + ", ".join(items) + "]"
    out = [f"l0: &l0 {holder(['lol'] * width)}"]
    out += [f"l{n}: &l{n} {holder([f'*l{n - 1}'] * width)}" for n in range(1, levels)]
    return "\n".join(out) + "\n"


FOG_MAP = (EXAMPLES / "island-of-fog" / "scenario-5x5-seed42.yaml").read_text()
DECK = (EXAMPLES / "skybound-battle" / "ember-gale-rush.yaml").read_text()
BOARD = (EXAMPLES / "skylands" / "board-1-midgame.yaml").read_text()

CASES = [
    # -- YAML that used to crash
    Case("mapping as a key, deep in a file", append("skylands", "tiles.yaml", "extra:\n  x:\n    ? {a: 1}\n    : 2\n")),
    Case("!!omap on a list", append("skylands", "game.yaml", "x: !!omap [a, b]\n")),
    Case("!!str on a mapping", append("skylands", "game.yaml", "x: !!str {a: 1}\n")),
    Case("!!int 0b101 (YAML 1.1 binary)", edit("skybound-battle", "cards.yaml", "cost: 2", "cost: !!int 0b101")),
    Case("!!float 1_000.5", edit("skybound-battle", "cards.yaml", "attack: 3", "attack: !!float 1_000.5")),
    Case("!!null on a number", edit("skybound-battle", "cards.yaml", "attack: 3", "attack: !!null 5")),
    Case("!!bool yes", edit("skybound-battle", "cards.yaml", "attack: 3", "attack: !!bool yes")),
    Case("!!binary value", edit("skybound-battle", "cards.yaml", "attack: 3", "attack: !!binary aGk=")),
    Case("a 100-digit negative integer", edit("skybound-battle", "cards.yaml", "attack: 3", "attack: -" + "9" * 100)),
    Case("a 0x integer of 5000 hex digits", edit("skybound-battle", "cards.yaml", "attack: 3",
                                                 "attack: 0x" + "f" * 5000)),
    Case("100 nested flow mappings", append("island-of-fog", "units.yaml",
                                            "x: " + "{a: " * 100 + "1" + "}" * 100 + "\n")),
    Case("60 levels of block lists", append("island-of-fog", "units.yaml",
                                            "x:\n" + "".join("  " * i + "-\n" for i in range(1, 60))
                                            + "  " * 60 + "- 1\n")),
    Case("an alias key inside its own anchor", append("skylands", "scoring.yaml", "x: &a {*a : 1}\n")),
    Case("mapping alias bomb (7^8 values)", append("skylands", "scoring.yaml", bomb(8, 7, mapping=True))),
    Case("wide bomb: 90 aliases of a 2000-item list", append(
        "skylands", "scoring.yaml", "big: &big [" + ", ".join(["x"] * 2000) + "]\nmany: [" +
        ", ".join(["*big"] * 90) + "]\n")),
    Case("alias bomb in a deck file", tool_file(["deck", "check"], DECK + bomb(9, 9))),
    Case("alias bomb in an unknown extra file", lambda tmp: (game(tmp, "skylands").joinpath("notes.yaml")
                                                             .write_text(bomb(12, 9)), ["build", "skylands"])[1]),
    # -- YAML 1.1 values
    Case("cost: on", edit("skybound-battle", "cards.yaml", "cost: 2", "cost: on")),
    Case("life: 0o12 (YAML 1.2 octal, read as 10)", edit("skybound-battle", "cards.yaml", "life: 1", "life: 0o12"),
         "ok"),
    Case("quantity: 1:00 (sexagesimal)", edit("islands-and-bridges", "components.yaml", "quantity: 6",
                                              "quantity: 1:00")),
    Case("quantity: 0x6 (hex, read as 6)", edit("islands-and-bridges", "components.yaml", "quantity: 6",
                                                "quantity: 0x6"), "ok"),
    Case("quantity: 6.0 (a float for a count)", edit("islands-and-bridges", "components.yaml", "quantity: 6",
                                                     "quantity: 6.0")),
    Case("plan file players: yes", lambda tmp: _plan(tmp, "players: 4", "players: yes")),
    Case("plan file seed: 2026-11-23", lambda tmp: _plan(tmp, "seed: ", "seed: 2026-11-23 #")),
    Case("fog map size: 5.0", tool_file(["map", "island-of-fog", "--check"], FOG_MAP.replace("size: 5", "size: 5.0"))),
    Case("fog map game: island-of-fog-2", tool_file(["map", "island-of-fog", "--check"],
                                                    FOG_MAP.replace("game: island-of-fog", "game: island-of-fog-2"))),
    Case("board file vp_markers: [yes, off]", tool_file(["score", "skylands"], BOARD + "\nvp_markers: [yes, off]\n")),
    # -- bytes
    Case("NUL on line 30 of decisions.yaml", lambda tmp: _bytes_at(tmp, "skylands", "decisions.yaml", 30, b"\x00")),
    Case("Latin-1 byte on line 40 of cards.yaml", lambda tmp: _bytes_at(tmp, "skybound-battle", "cards.yaml", 40,
                                                                       b"caf\xe9")),
    Case("UTF-16 file", lambda tmp: _transcode(tmp, "skylands", "tokens.yaml", "utf-16")),
    Case("UTF-8 BOM (fine)", lambda tmp: _transcode(tmp, "skylands", "tokens.yaml", "utf-8-sig"), "ok"),
    Case("CR-only line ends (fine)", lambda tmp: _crlf(tmp, "skylands", "tokens.yaml", "\r"), "ok"),
    Case("DEL and ESC in a name", edit("skybound-battle", "cards.yaml", "name: Explosive Sora",
                                       "name: Explosive\x7f Sora\x1b[2J")),
    Case("U+2028 in a name", edit("skybound-battle", "cards.yaml", "name: Explosive Sora",
                                  "name: Explosive\u2028Sora")),
    Case("binary junk as a deck file", tool_file(["deck", "check"], bytes(range(256)) * 40)),
    # -- files
    Case("content file links to /proc/self/mem", replace_file("skylands", "tokens.yaml",
                                                              lambda p: p.symlink_to("/proc/self/mem"))),
    Case("content file links to another game's file", replace_file(
        "skylands", "tokens.yaml", lambda p: p.symlink_to(CONTENT / "island-of-fog" / "tokens.yaml"))),
    Case("a folder named game.yaml", replace_file("skylands", "game.yaml", lambda p: p.mkdir())),
    Case("a dangling link as a content file", replace_file("skylands", "print.yaml",
                                                           lambda p: p.symlink_to(p.parent / "gone.yaml"))),
    Case("a 2 MiB content file (comments)", append("skylands", "tokens.yaml", ("# " + "x" * 98 + "\n") * 21_000)),
    Case("a fifo as a fog map file", tool_file(["map", "island-of-fog", "--check"], how=lambda p: os.mkfifo(p))),
    Case("/dev/zero as a fog map file", lambda tmp: ["map", "island-of-fog", "--check", "/dev/zero"]),
    Case("a game folder of hidden files only", lambda tmp: (
        (tmp / "content" / "skylands").mkdir(parents=True),
        (tmp / "content" / "skylands" / ".game.yaml").write_text("a: 1\n"), ["validate", "skylands"])[2]),
    Case("--bleed NAN", lambda tmp: (game(tmp, "skylands"), ["build", "--bleed", "NAN", "skylands"])[1], "usage"),
    Case("--bleed +inf", lambda tmp: (game(tmp, "skylands"), ["build", "--bleed", "+inf", "skylands"])[1], "usage"),
    Case("--bleed -0.5", lambda tmp: (game(tmp, "skylands"), ["build", "--bleed", "-0.5", "skylands"])[1], "usage"),
    # -- shapes the tool files do not expect
    Case("deck file that is a list", tool_file(["deck", "check"], "- cinder-pup\n- spark-imp\n")),
    Case("board file with number keys", tool_file(["score", "skylands"], "side: empty\nsquares:\n  1: {tile: x}\n")),
    Case("plan with 3,000 islands", lambda tmp: _plan_islands(tmp, 3000)),
]


# -- a fresh set (session 3): the surfaces that came with layouts and data-only games
DECKS = EXAMPLES / "decks"


def deck(tmp: Path) -> Path:
    shutil.copytree(DECKS / "market-day", tmp / "content" / "market-day")
    return tmp / "content" / "market-day"


def deck_edit(file: str, old: str, new: str, command: str = "validate") -> Callable[[Path], list[str]]:
    def make(tmp: Path) -> list[str]:
        path = deck(tmp) / file
        text = path.read_text()
        assert old in text, (file, old)
        path.write_text(text.replace(old, new, 1))
        return [command, "market-day"]
    return make


def deck_file(file: str, data: bytes | Callable[[Path], None], old: str = "images/coin.svg",
              command: str = "validate") -> Callable[[Path], list[str]]:
    """Put a file in the deck's folder (bytes, or made by a function) and point the card's icon at it."""
    def make(tmp: Path) -> list[str]:
        folder = deck(tmp)
        target = folder / file
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            target.write_bytes(data)
        else:
            data(target)
        layout = folder / "layouts" / "card.yaml"
        layout.write_text(layout.read_text().replace(old, file, 1))
        return [command, "market-day"]
    return make


def _png(w: int, h: int) -> bytes:
    """A valid PNG of w x h black pixels, written small (rows compress to almost nothing)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = zlib.compressobj(9)
    body = b"".join(raw.compress(b"\0" + bytes(w)) for _ in range(h)) + raw.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))


SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
FRESH = [
    Case("layout picture ../../ out of the folder", deck_edit("layouts/card.yaml", "images/coin.svg",
                                                              "../../../../etc/hosts.svg")),
    Case("layout picture at an absolute path", deck_edit("layouts/card.yaml", "images/coin.svg", "/etc/x.svg")),
    Case("layout picture: a fifo named .svg", deck_file("images/pipe.svg", lambda p: os.mkfifo(p))),
    Case("layout picture: a link to /dev/zero", deck_file("images/zero.png", lambda p: p.symlink_to("/dev/zero"))),
    Case("SVG with an external entity (XXE)", deck_file("images/xxe.svg", (
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        + SVG_HEAD + '<title>&x;</title><rect width="5" height="5"/></svg>').encode())),
    Case("SVG entity bomb", deck_file("images/lol.svg", (
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lollollollollollollollollol">'
        + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
        + ']>' + SVG_HEAD + '<title>&i;</title></svg>').encode())),
    Case("SVG of 3 MiB (200,000 rects)", deck_file("images/big.svg", (
        SVG_HEAD + '<rect x="1" y="1" width="1" height="1"/>' * 200_000 + "</svg>").encode())),
    Case("SVG nested 100,000 groups deep", deck_file("images/deep.svg", (
        SVG_HEAD + "<g>" * 100_000 + "</g>" * 100_000 + "</svg>").encode())),
    Case("PNG of 20,000 x 20,000 pixels (decompression bomb)", deck_file("images/bomb.png", _png(20_000, 20_000),
                                                                         command="build")),
    Case("a text file named .png", deck_file("images/fake.png", b"not a picture at all\n")),
    Case("font: a text file named .ttf", deck_edit("layouts/card.yaml", "font: bold\n    size: 11",
                                                   "font: cards.csv.ttf\n    size: 11")),
    Case("layout extends itself in a loop", deck_edit("layouts/card.yaml", "cost-text: {extends: cost,",
                                                      "cost: {extends: cost-text}\n  cost-text: {extends: cost,")),
    Case("layout x: 1e308mm", deck_edit("layouts/card.yaml", "x: 17mm", "x: 1e308mm")),
    Case("layout width: -5mm", deck_edit("layouts/card.yaml", "width: 41mm", "width: -5mm")),
    Case("layout x: banana", deck_edit("layouts/card.yaml", "x: 17mm", "x: banana")),
    Case("layout size 0 x 0", deck_edit("layouts/coin.yaml", "size: {width: 20mm, height: 20mm}",
                                        "size: {width: 0mm, height: 0mm}")),
    Case("layout text size 2 pt", deck_edit("layouts/card.yaml", "size: 9.5", "size: 2")),
    Case("layout polygon of 200,000 points", deck_edit(
        "layouts/card.yaml", "points: [[50%, 0%], [100%, 35%], [85%, 100%], [15%, 100%], [0%, 35%]]",
        "points: [" + ", ".join("[1%, 2%]" for _ in range(200_000)) + "]")),
    Case("layout template reaches a dunder", deck_edit("layouts/card.yaml", '"{{ name }}"',
                                                       '"{{ name.__class__.__mro__ }}"')),
    Case("layout template multiplies a string by 10^9", deck_edit("layouts/card.yaml", '"{{ name }}"',
                                                                 '"{{ name * 1000000000 }}"', "build")),
    Case("layout template loops 10^9 times", deck_edit("layouts/card.yaml", '"{{ name }}"',
                                                      '"{% for i in range(10**9) %}x{% endfor %}"', "build")),
    Case("a CSV cell that looks like a template (printed as is)",
         deck_edit("cards.csv", "Fresh Bread,", "{{ 7 * 7 }} Bread,", "build"), "ok"),
    Case("CSV quantity 999999", deck_edit("cards.csv", "Fresh Bread,1,goods,Gain 1 :coin: when you sell it.,1,3",
                                          "Fresh Bread,1,goods,Gain 1 :coin: when you sell it.,1,999999")),
    Case("CSV number nan", deck_edit("cards.csv", "Fresh Bread,1,", "Fresh Bread,nan,")),
    Case("CSV number 1e400", deck_edit("cards.csv", "Fresh Bread,1,", "Fresh Bread,1e400,")),
    Case("CSV kind not in its list", deck_edit("cards.csv", "Fresh Bread,1,goods,", "Fresh Bread,1,gods,")),
    Case("CSV row of 5,000 cells", deck_edit("cards.csv", "Gain 1 :coin: when you sell it.,1,3",
                                             "Gain 1 :coin: when you sell it.,1,3" + ",x" * 5000)),
    Case("CSV unterminated quote", deck_edit("cards.csv", "Fresh Bread,", '"Fresh Bread,')),
    Case("CSV with a NUL in a cell", deck_edit("cards.csv", "Fresh Bread,", "Fresh\x00Bread,")),
    Case("CSV of 40,000 blank lines", lambda tmp: ((deck(tmp) / "cards.csv").write_text(
        (DECKS / "market-day" / "cards.csv").read_text() + "\n" * 40_000), ["build", "market-day"])[1], "ok"),
    Case("CSV text that overflows its box", deck_edit("cards.csv", "Gain 1 :coin: when you sell it.",
                                                      "Gain " + "a lot of coins " * 80)),
    Case("data file ../ out of the folder", deck_edit("game.yaml", "data: cards.csv",
                                                      "data: ../../../content/skylands/tiles.csv")),
    Case("game.yaml kind: python", deck_edit("game.yaml", "kind: generic", "kind: python")),
    Case("new deck named ../escape", lambda tmp: ["new", "deck", "../escape", "--dir", str(tmp / "d")], "usage"),
    Case("new deck over an existing folder", lambda tmp: (deck(tmp), ["new", "deck", "market-day", "--dir",
                                                                      str(tmp / "content")])[1], "usage"),
    Case("build a game id with a slash", lambda tmp: (deck(tmp), ["build", "../market-day"])[1], "usage"),
]
CASES += FRESH


def _plan(tmp: Path, old: str, new: str) -> list[str]:
    sys.path.insert(0, str(ROOT))
    from generator.core import kit
    from generator.games.islands_and_bridges.cli import map_kit
    from generator.games.islands_and_bridges.mapgen import default_params, generate
    from generator.games.islands_and_bridges.plan_file import plan_yaml

    k = map_kit(kit.load("islands-and-bridges", CONTENT))
    text = plan_yaml(k, generate(k, default_params(k), 11))
    assert old in text
    (tmp / "plan.yaml").write_text(text.replace(old, new, 1))
    game(tmp, "islands-and-bridges")
    return ["validate-plan", str(tmp / "plan.yaml")]


def _plan_islands(tmp: Path, n: int) -> list[str]:
    args = _plan(tmp, "islands:\n", "islands:\n")
    text = (tmp / "plan.yaml").read_text()
    head, _, islands = text.partition("islands:\n")
    first = islands.split("  - number:")[1]
    (tmp / "plan.yaml").write_text(head + "islands:\n" + "".join(f"  - number:{first}" for _ in range(n)))
    return args


def _bytes_at(tmp: Path, gid: str, file: str, line: int, junk: bytes) -> list[str]:
    path = game(tmp, gid) / file
    lines = path.read_bytes().split(b"\n")
    lines[line - 1] += b" # " + junk
    path.write_bytes(b"\n".join(lines))
    return ["validate", gid]


def _transcode(tmp: Path, gid: str, file: str, encoding: str) -> list[str]:
    path = game(tmp, gid) / file
    path.write_bytes(path.read_text().encode(encoding))
    return ["validate", gid]


def _crlf(tmp: Path, gid: str, file: str, end: str) -> list[str]:
    path = game(tmp, gid) / file
    path.write_bytes(path.read_text().replace("\n", end).encode())
    return ["validate", gid]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def run(case: Case) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory(prefix="playkit-hostile-") as name:
        tmp = Path(name)
        args = case.make(tmp)
        out = tmp / "out"
        (out / "mine").mkdir(parents=True)
        (out / "mine" / "keep.txt").write_text("not playkit's")
        before = snapshot(out)
        content = tmp / "content" if (tmp / "content").exists() else CONTENT
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "--content", str(content), "--out", str(out),
                                 *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        killer = threading.Timer(30, proc.kill)
        killer.start()
        # read both pipes, then reap the process ourselves: wait4 gives this case's own CPU and peak memory
        outputs: dict[str, bytes] = {}
        readers = [threading.Thread(target=lambda k=k, f=f: outputs.__setitem__(k, f.read()))
                   for k, f in (("out", proc.stdout), ("err", proc.stderr))]
        for t in readers:
            t.start()
        for t in readers:
            t.join()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        killer.cancel()
        if proc.returncode == -9:
            return False, "still running after 30 s: killed"
        wall = time.perf_counter() - start
        seconds, mb = usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
        stdout, stderr = outputs["out"], outputs["err"]
        text = stdout.decode(errors="replace") + stderr.decode(errors="replace")
        errors = [line for line in text.splitlines() if ": error: " in line]
        want = {"refused": 1, "usage": 2, "ok": 0}[case.expect]
        faults = []
        if "Traceback" in text:
            faults.append("traceback")
        if proc.returncode != want:
            faults.append(f"exit {proc.returncode}, wanted {want}")
        if want == 1 and (not errors or not all(LINE.match(line) for line in errors)):
            faults.append("not FILE:LINE:COL")
        if want != 0 and snapshot(out) != before:
            faults.append("output changed")
        if seconds > MAX_SECONDS:
            faults.append(f"{seconds:.1f} s")
        if mb > MAX_MB:
            faults.append(f"{mb:.0f} MB")
        said = errors[0] if errors else (text.strip().splitlines() or [""])[-1]
        said = said.replace(str(tmp) + "/", "")
        return not faults, (f"{proc.returncode}  {seconds:4.1f}s cpu {wall:4.1f}s wall {mb:4.0f}MB  "
                            f"{'; '.join(faults) or 'ok'}  | {said[:100]}")


def main() -> None:
    cases = FRESH if "--fresh" in sys.argv[1:] else CASES
    failed = 0
    for i, case in enumerate(cases, 1):
        good, row = run(case)
        failed += not good
        print(f"{i:2} {'PASS' if good else 'FAIL'}  {case.name:<44} {row}", flush=True)
    print(f"{len(cases) - failed} of {len(cases)} hostile cases handled; {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
