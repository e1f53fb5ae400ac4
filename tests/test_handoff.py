"""A `playkit build` or `validate` typed while a `playkit watch` serves the same output folder is run by
that watch (handoff.py): the same output on the same terminal, the same exit status, the same files
as a build of its own, and nothing handed to a watch of another folder."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator import buildcache, builds, handoff
from generator.cli import main
from generator.game import BuildOptions
from tests.conftest import replace_in
from tests.test_watch import files_of

ROOT = Path(__file__).resolve().parents[1]
WATCHED = "island-of-fog"
DECK = "my-deck"

pytestmark = pytest.mark.skipif(not handoff.supported(), reason="the hand-off is Linux's (abstract sockets)")


class Watch:
    """A `playkit watch` process, its output read line by line as it comes."""

    def __init__(self, content: Path, out: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-u", "-m", "generator.cli", "--content", str(content), "--out", str(out),
             "watch", WATCHED], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def said(self, words: str, timeout_s: float = 60) -> str:
        while True:
            line = self.lines.get(timeout=timeout_s)
            if words in line:
                return line


@pytest.fixture
def watched(content_copy, tmp_path: Path, runner) -> Iterator[tuple[Path, Watch]]:
    """A content folder of Island of Fog and a small deck of one's own, Island of Fog watched into tmp/out."""
    content = content_copy(WATCHED)
    assert runner.invoke(main, ["new", "deck", DECK, "--dir", str(content)]).exit_code == 0
    watch = Watch(content, tmp_path / "out")
    try:
        watch.said("watching island-of-fog for changes")
        yield content, watch
    finally:
        watch.proc.terminate()
        watch.proc.wait(timeout=30)


def playkit(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The `playkit` command (python -m generator runs what the console script runs)."""
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)


def test_a_build_of_the_same_folder_is_run_by_the_watch_in_the_asking_terminal_and_folder(watched, tmp_path):
    content, watch = watched
    # relative paths, from another folder than the watch's: the watch's copy works where the command was typed
    done = playkit(tmp_path, "--content", str(content.relative_to(tmp_path)), "--out", "out", "build", DECK)
    assert done.returncode == 0, done.stderr
    assert f"{DECK}: " in done.stdout and "files in out/my-deck/ (the first build there)" in done.stdout
    assert "(exit 0)" in watch.said(f"build {DECK}` for another terminal")

    builds.build_games([DECK], content, tmp_path / "alone", BuildOptions())
    assert files_of(tmp_path / "out" / DECK) == files_of(tmp_path / "alone" / DECK)


def test_a_validate_with_a_problem_is_said_at_its_place_with_its_exit_status(watched, tmp_path):
    content, watch = watched
    replace_in(content / DECK / "cards.csv", "Fresh Bread,1,", "Fresh Bread,one,")
    done = playkit(tmp_path, "--content", str(content), "--out", str(tmp_path / "out"), "validate", DECK)
    assert done.returncode == 1
    assert f"{DECK}/cards.csv:" in done.stderr and ": error: " in done.stderr and "1 problem found" in done.stderr
    assert done.stdout == ""
    assert "(exit 1)" in watch.said(f"validate {DECK}` for another terminal")


def test_a_build_of_another_folder_is_not_handed_to_the_watch(watched, tmp_path):
    content, watch = watched
    done = playkit(tmp_path, "--content", str(content), "--out", str(tmp_path / "elsewhere"), "build", DECK)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "elsewhere" / DECK / "cards.pdf").is_file()
    with pytest.raises(queue.Empty):
        watch.said("for another terminal", timeout_s=1)


def test_no_watch_means_the_command_runs_where_it_was_typed(tmp_path):
    assert handoff.address(tmp_path / "a") != handoff.address(tmp_path / "b")
    assert handoff._ask(handoff.address(tmp_path / "a"), ["build"]) is None


@pytest.mark.parametrize(("args", "command", "out"), [
    (["build"], "build", "output"),
    (["--out", "x", "build", "skylands", "--paper", "letter"], "build", "x"),
    (["validate", "--out=y/z"], "validate", "y/z"),
    (["--content", "c", "validate", "--out", "o"], "validate", "o"),
    (["build", "--help"], None, "output"),
    (["--version"], None, "output"),
    (["map", "island-of-fog", "--out", "m"], "map", "m"),
    (["--out"], None, "output"),
])
def test_the_command_and_its_output_folder_are_read_as_click_reads_them(args, command, out):
    assert handoff.command_and_out(args) == (command, Path(out))


def test_a_watch_whose_playkit_changed_since_it_started_runs_nothing_for_others(tmp_path, monkeypatch):
    said: list[str] = []
    server = handoff.Server(tmp_path / "out", lambda args: 0, said.append)
    try:
        assert server._current() and not said
        monkeypatch.setattr(buildcache.code_version, "__wrapped__", lambda: "another playkit")
        assert not server._current()
        assert not server._current() and len(said) == 1 and "restart it" in said[0]
    finally:
        server.close()


SERVE_ONCE = """
import sys, time
from pathlib import Path
from generator import handoff

MARK = Path(sys.argv[2])   # the copy takes the asker's argv

def run(args):
    MARK.write_text("started")   # the copy runs the command
    time.sleep(1.0)
    return 3

server = handoff.Server(Path(sys.argv[1]), run, print)
print("listening", flush=True)
server.serve_one()
"""


def test_the_asker_hears_its_status_from_the_copy_though_the_watch_is_stopped_meanwhile(tmp_path):
    started = tmp_path / "started"
    watch = subprocess.Popen([sys.executable, "-c", SERVE_ONCE, str(tmp_path / "out"), str(started)], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert watch.stdout is not None and watch.stdout.readline().strip() == "listening"

        def stop_the_watch_once_its_copy_runs() -> None:
            for _ in range(600):
                if started.exists():
                    watch.kill()
                    return
                threading.Event().wait(0.05)

        stopper = threading.Thread(target=stop_the_watch_once_its_copy_runs)
        stopper.start()
        status = handoff._ask(handoff.address(tmp_path / "out"), ["build"])
        stopper.join()
        assert watch.wait(timeout=30) != 0, "the watch was stopped while its copy ran"
        assert status == 3
    finally:
        watch.kill()
        watch.wait(timeout=30)
