"""`playkit watch`: a save rebuilds and says which files and faces changed; a content problem is said
at its FILE:LINE:COL and the watch goes on; the kit it leaves is a full build's, byte for byte."""

from __future__ import annotations

import re
from pathlib import Path

from generator.build import builds, watch
from generator.cli import main
from generator.core.game import BuildOptions
from tests.conftest import replace_in

GAME = "island-of-fog"


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_an_edit_an_error_and_a_fix_are_each_built_or_said_and_the_watch_goes_on(content_copy, tmp_path):
    root = content_copy(GAME)
    units = root / GAME / "units.yaml"
    edits = {1: lambda: replace_in(units, "    cost: 6", "    cost: 7"),
             2: lambda: replace_in(units, "    cost: 7", "    cost: seven"),
             3: lambda: replace_in(units, "    cost: seven", "    cost: 8")}
    said: list[tuple[int, str]] = []
    rounds = [0]

    def after(n: int) -> None:
        rounds[0] = n
        if n in edits:
            edits[n]()

    watch.watch([GAME], root, tmp_path / "out", BuildOptions(), "home",
                lambda line: said.append((rounds[0], line)), lambda line: said.append((rounds[0], "!" + line)),
                interval_s=0.01, rounds=4, after_round=after)
    by_round = {n: [line for r, line in said if r == n] for n in range(5)}
    assert any("watching island-of-fog" in line for line in by_round[0])
    edit = by_round[1]
    assert edit[0].startswith(f"{GAME}: rebuilt in ") and "  changed  cards.pdf" in edit
    assert any(line.startswith("  face     cards/turn-summary-") for line in edit)
    assert not any("tiles" in line for line in edit), "a tile does not show a unit's price"
    error = by_round[2]
    assert any(re.match(rf"!.*{GAME}/units\.yaml:\d+:\d+: error: ", line) for line in error), error
    assert error[-1].startswith("!1 problem found; nothing was written; watching")
    assert by_round[3][0].startswith(f"{GAME}: rebuilt in "), "the fix builds"

    builds.build_games([GAME], root, tmp_path / "full", BuildOptions())
    assert files_of(tmp_path / "out" / GAME) == files_of(tmp_path / "full" / GAME)


def test_ctrl_c_stops_the_watch_cleanly(content_copy, tmp_path):
    root = content_copy(GAME)
    said: list[str] = []

    def interrupt(n: int) -> None:
        raise KeyboardInterrupt

    watch.watch([GAME], root, tmp_path, BuildOptions(), "home", said.append, said.append,
                interval_s=0.01, after_round=interrupt)
    assert said[-1] == "stopped watching"


def test_the_command_builds_and_watches(content_copy, tmp_path, runner):
    root = content_copy(GAME)
    result = runner.invoke(main, ["--content", str(root), "--out", str(tmp_path), "watch", GAME, "--rounds", "1"])
    assert result.exit_code == 0, result.output
    assert "watching island-of-fog for changes" in result.output and (tmp_path / GAME / "cards.pdf").is_file()


def test_a_save_caught_half_written_is_built_once_it_is_done(content_copy, tmp_path, monkeypatch):
    """An editor saving in place empties the file, then writes it: a poll in between sees the change
    first, and the watch waits for the save to settle before it builds, once, from the whole file."""
    root = content_copy(GAME)
    units = root / GAME / "units.yaml"
    whole = units.read_text().replace("    cost: 6", "    cost: 7")
    real = watch.snapshot
    polls = [0]

    def snapshot(folders):   # type: ignore[no-untyped-def]
        polls[0] += 1
        if polls[0] == 2:   # the first poll after the build: the save has emptied the file ...
            units.write_text("")
            caught = real(folders)
            units.write_text(whole)   # ... and writes it just after
            return caught
        return real(folders)

    monkeypatch.setattr(watch, "snapshot", snapshot)
    built: list[str] = []
    monkeypatch.setattr(watch, "_build", lambda *a, **k: built.append(units.read_text()) or [])
    watch.watch([GAME], root, tmp_path / "out", BuildOptions(), "home", lambda line: None, lambda line: None,
                interval_s=0.01, rounds=3)
    assert built[1:] == [whole], "one build after the save, of the whole file"
