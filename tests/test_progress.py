"""Long commands show progress: one line on a terminal, rewritten as a pool's jobs finish; nothing
when stderr is not a terminal (a pipe, a file, a test's runner)."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys

from generator.build.pool import Pool
from generator.cliutil import Progress


def _square(x: int) -> int:
    return x * x


def test_a_pools_map_tells_its_progress_from_none_to_all_its_jobs_in_order_of_results():
    for workers in (1, 2):
        heard: list[tuple[int, int]] = []
        with Pool(workers, progress=lambda done, total, heard=heard: heard.append((done, total))) as pool:
            assert pool.map(_square, list(range(6))) == [0, 1, 4, 9, 16, 25]
        assert heard == [(k, 6) for k in range(7)], workers


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_line_is_written_over_on_a_terminal_and_cleared_when_done():
    screen = _Terminal()
    bar = Progress("playkit simulate skylands", "jobs", stream=screen)
    for done in range(5):
        bar(done, 4)
    assert "\rplaykit simulate skylands: 2/4 jobs (50%)" in screen.getvalue()
    assert "4/4 jobs (100%)" in screen.getvalue() and "\n" not in screen.getvalue()
    bar.done()
    assert screen.getvalue().endswith("\r") and bar.shown == 0

    files = _Terminal()
    made = Progress("playkit build", "files", stream=files)
    for k in range(1, 4):
        made(k, note=f"skylands: tiles-{k}.svg")
    assert "\rplaykit build: 3 files … skylands: tiles-3.svg" in files.getvalue()

    piped = io.StringIO()
    quiet = Progress("survey", "maps", 10, stream=piped)
    quiet(5)
    quiet.done()
    assert piped.getvalue() == ""


def test_a_simulation_on_a_terminal_shows_its_jobs_and_piped_shows_nothing(tmp_path):
    """`playkit simulate skylands` run with its stderr on a pseudo-terminal prints its progress there;
    with stderr piped, none."""
    command = [sys.executable, "-m", "generator", "--out", str(tmp_path), "simulate", "skylands",
               "--games", "12", "--players", "2"]
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=follower, timeout=300)
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:   # the terminal's other end is closed: all was read
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(leader)
    assert done.returncode == 0
    assert b"playkit simulate skylands: 2/2 jobs (100%)" in seen
    assert b"jobs" not in done.stdout

    piped = subprocess.run(command, capture_output=True, timeout=300)
    assert piped.returncode == 0 and b"jobs (" not in piped.stderr
