"""Hostile input, tried as a careless or hostile user would: each case runs `playkit` in a fresh
process on a broken copy of the content (or a broken tool file) and is judged on what the user
sees: no traceback; refused with FILE:LINE:COL: error: lines (exit 1), a usage error (exit 2) or
done correctly (exit 0); the output folder untouched when refused; at most 5 s of CPU and 300 MB.

    python bench/bench_hostile_input.py        # prints one row a case, then the verdict
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
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


def _plan(tmp: Path, old: str, new: str) -> list[str]:
    sys.path.insert(0, str(ROOT))
    from generator import kit
    from generator.games.islands_and_bridges.commands import map_kit
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
        start, cpu_before = time.perf_counter(), _children_cpu()
        proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "--content", str(content), "--out", str(out),
                                 *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            stdout, stderr = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            return False, "still running after 30 s: killed"
        wall, seconds = time.perf_counter() - start, _children_cpu() - cpu_before
        mb = _peak_mb()
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


def _children_cpu() -> float:
    """CPU seconds of the children reaped so far: what a case costs, whatever else the machine runs
    (the wall time is printed too; on a shared machine it mostly measures the others)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _peak_mb() -> float:
    """The largest peak resident memory of any case run so far (ru_maxrss of children is a running
    maximum): a bound on this case's peak, exact whenever it is the largest yet."""
    import resource

    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> None:
    failed = 0
    for i, case in enumerate(CASES, 1):
        good, row = run(case)
        failed += not good
        print(f"{i:2} {'PASS' if good else 'FAIL'}  {case.name:<44} {row}", flush=True)
    print(f"{len(CASES) - failed} of {len(CASES)} hostile cases handled; {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
