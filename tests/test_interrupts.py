"""A build stopped or raced, through real processes: an interrupt (to the build alone, or Ctrl-C to its
whole process group) exits 130 and leaves OUT as it was; two builds into one OUT take turns; what a
killed build leaves is removed by the next. Each test waits on files and processes (generous
bounds), never on a clock."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.build.output import TEMP_SUFFIX, Previous
from generator.content.paths import CONTENT
from tests.conftest import replace_in

GAMES = ("island-of-fog", "skybound-battle")
"""Made side by side: the first is built in the fixture and edited, so that its rebuild stages its files
within seconds, while the second is built from nothing, its balance simulated, for seconds more."""
BOUND_S = 300.0


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The content of GAMES and the first one's kit, built once: each test copies them."""
    base = tmp_path_factory.mktemp("built")
    for game in GAMES:
        shutil.copytree(CONTENT / game, base / "content" / game)
    done = _playkit(base, "build", GAMES[0])
    _, err = done.communicate(timeout=BOUND_S)
    assert done.returncode == 0, err
    return base


def _copy(built: Path, here: Path) -> tuple[Path, Path]:
    shutil.copytree(built / "content", here / "content")
    shutil.copytree(built / "out", here / "out")
    return here / "content", here / "out"


def _playkit(base: Path, *args: str, group: bool = False) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "generator", *args, "--content", str(base / "content"),
                             "--out", str(base / "out")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=group)


def _edit(content: Path) -> None:
    """An edit that rebuilds the first kit (its design notes)."""
    replace_in(content / "island-of-fog" / "decisions.yaml", "the contents list is the slip.",
               "the contents list is a slip.")


def _state(out: Path) -> dict[str, bytes | None]:
    """Every file and folder under OUT, with its bytes."""
    return {str(p.relative_to(out)): (p.read_bytes() if p.is_file() else None) for p in sorted(out.rglob("*"))}


def _temporary(out: Path) -> list[Path]:
    return [p for p in out.rglob(f"*{TEMP_SUFFIX}")]


def _wait_for(what: Callable[[], object], proc: subprocess.Popen[str]) -> None:
    """Poll until `what()` holds (the build must still be running), within BOUND_S."""
    for _ in range(int(BOUND_S / 0.01)):
        if what():
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.01)
    raise AssertionError("the build never got there")


@pytest.mark.parametrize("to_group", [False, True], ids=["sigint-to-the-build", "ctrl-c-to-its-group"])
def test_an_interrupted_build_exits_130_and_leaves_out_as_it_was(built, tmp_path, to_group):
    content, out = _copy(built, tmp_path)
    before = _state(out)
    _edit(content)
    proc = _playkit(tmp_path, "build", *GAMES, group=to_group)
    _wait_for(lambda: _temporary(out / GAMES[0]), proc)   # the first kit is staged, the second being made
    if to_group:
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=BOUND_S)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert _state(out) == before


def test_two_builds_into_one_out_take_turns(built, tmp_path):
    content, out = _copy(built, tmp_path)
    _edit(content)
    first = _playkit(tmp_path, "build", *GAMES)
    _wait_for(lambda: _temporary(out / GAMES[0]), first)   # it holds OUT, the second kit being made
    second = _playkit(tmp_path, "build", *GAMES)
    _, err2 = second.communicate(timeout=BOUND_S)
    _, err1 = first.communicate(timeout=BOUND_S)
    assert first.returncode == 0 and second.returncode == 0, (err1, err2)
    assert "another playkit build is writing into" in err2
    assert _temporary(out) == []
    for game in GAMES:
        assert Previous(out / game).intact()


def test_a_killed_builds_temporary_files_are_removed_by_the_next_build(built, tmp_path):
    content, out = _copy(built, tmp_path)
    before = _state(out)
    shutil.copytree(content, tmp_path / "unedited")
    _edit(content)
    proc = _playkit(tmp_path, "build", *GAMES, group=True)
    _wait_for(lambda: _temporary(out / GAMES[0]), proc)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=BOUND_S)
    assert _temporary(out), "the killed build left temporary files"
    shutil.rmtree(content)
    shutil.copytree(tmp_path / "unedited", content)   # the kit's content as built: nothing to rebuild
    again = _playkit(tmp_path, "build", GAMES[0])
    said, err = again.communicate(timeout=BOUND_S)
    assert again.returncode == 0 and "0 changed" in said, err   # left alone, yet swept
    assert _temporary(out) == []
    assert {k: v for k, v in _state(out).items() if v is not None} == \
        {k: v for k, v in before.items() if v is not None}
