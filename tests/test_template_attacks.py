"""Issue 26, class 2: a template in content cannot take unbounded memory or time.

Each attack is put into a copy of a content folder (a box text of examples/decks/market-day, or a
`choice` of a shipped game's decisions.yaml) and `playkit validate` or `playkit build` is run on it
in a fresh process, held to 1.5 GB of address space and 60 CPU seconds (so an attack that gets
through fails the test instead of the machine): it must exit 1 with the problem at the template's
FILE:LINE:COL, no traceback, nothing written. Nothing here reads a clock: the guards are limits on
the process, and what the sandbox counts are steps.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.content import paths

from .conftest import replace_in

ROOT = Path(__file__).resolve().parent.parent
BOX = '"{{ kind | upper }}"'
"""The box text of market-day's card layout the attacks replace (layouts/card.yaml, box 'kind')."""
MEMORY = 1_500_000_000
CPU_SECONDS = 60

BIG = "{% set s = 'x' * 99999 %}"
"""A text just under the size a value may have."""
WORDS = "{% set w = range(15000) | map('string') | list %}"
"""A list of 15,000 short texts (its deep size just under the bound)."""

ATTACKS = {
    # widths and precisions of a % format, wherever CPython reads them
    "% width after a key": "{{ '%(a)1200000000d' % {'a': 1} }}",
    "% key in nested parentheses": "{{ '%(a(b))1200000000d' % {'a(b)': 1} }}",
    "% flags then width": "{{ '%-0 #+1200000000d' % 1 }}",
    "% precision": "{{ '%.1200000000f' % 1.5 }}",
    "% with a length letter": "{{ '%1200000000ld' % 1 }}",
    "% width from a value": "{{ '%*d' % (99999, 1) }}",
    "format filter width": "{{ '%(a)1200000000s' | format(a=1) }}",
    "% repeats a long value": BIG + "{{ ('%(a)s' * 20000) % {'a': s} }}",
    "% of a repeated value": BIG + "{{ ('%s' * 20) % ((s,) * 20) }}",
    # the deep size of what a template makes, measured before its text is
    "nested repetition printed": BIG + "{{ [[s] * 300] * 300 }}",
    "nested list literals printed": BIG + "{% set l = [s, s, s, s, s, s, s, s, s, s] %}"
                                   "{{ [l, l, l, l, l, l, l, l, l, l] }}",
    "nested lists joined with ~": BIG + "{% set l = [s, s, s, s, s, s, s, s, s, s] %}{{ 'a' ~ [l, l, l, l, l] }}",
    "nested list as text": BIG + "{{ ([[s] * 10] * 10) | string }}",
    "a dict of long texts": BIG + "{{ {'a': s, 'b': s, 'c': s} }}",
    # filters that do work out of proportion to what they are given
    "sort lower-cases every item": BIG + "{{ ([s] * 100000) | sort | length }}",
    "unique four times": WORDS + "{{ w | unique | list | unique | list | unique | list | unique | list | length }}",
    "unique in a loop": WORDS + "{% for i in range(5000) %}{{ w | unique | list | length }}{% endfor %}",
    "max lower-cases every item": WORDS + "{% for i in range(5000) %}{{ w | max }}{% endfor %}",
    "dictsort in a loop": "{% set d = dict(a='x' * 99000) %}{% for i in range(9999) %}{{ d | dictsort }}{% endfor %}",
    "join in a loop": WORDS + "{% for i in range(9999) %}{% set j = w | join %}{% endfor %}",
    "sum of lists": "{{ range(20000) | map('string') | map('list') | list | sum(start=[]) | length }}",
    "replace fills a text": BIG + "{{ s | replace('x', 'yy') }}",
    "center": "{{ 'x' | center(99999) }}{{ 'x' | center(99999) ~ 'x' | center(99999) }}",
    "indent every line": "{{ ('x\n' * 40000) | indent(99999) }}",
    "batch filler": "{{ [1] | batch(99999, 'x' * 99999) | list }}",
    "slice filler": "{{ range(99999) | slice(99999, 'x' * 99999) | list }}",
    "map chains": "{{ range(99999) | map('string') | map('upper') | map('lower') | map('trim') | list | length }}",
    "select chains": "{% for i in range(99999) %}{{ range(99999) | select | select | select | list | length }}"
                     "{% endfor %}",
    # comparisons, slices and keys whose work grows with the values
    "comparing long lists in a loop": WORDS + "{% set v = w | list %}{% for i in range(99999) %}"
                                      "{% if w == v %}{% endif %}{% endfor %}",
    "searching a long list in a loop": WORDS + "{% for i in range(99999) %}{% if 'z' in w %}{% endif %}{% endfor %}",
    "slicing in a loop": "{% set l = range(99999) | list %}{% for i in range(99999) %}{% set m = l[1:] %}{% endfor %}",
    "a long key in a loop": "{% set k = (1,) * 99999 %}{% set d = {} %}{% for i in range(99999) %}"
                            "{{ d[k] is defined }}{% endfor %}",
    # loops and calls that hide their work
    "a loop whose filter skips everything": "{% for a in range(99999) %}{% for b in range(99999) if false %}"
                                            "{% endfor %}{% endfor %}",
    "a recursive loop": "{% for a in range(300) recursive %}{% if loop.depth < 4 %}{{ loop(range(300)) }}"
                        "{% endif %}{% endfor %}",
    "a loop with a big body": "{% for a in range(99999) %}" + "{% if a %}{% endif %}" * 300 + "{% endfor %}",
    "a macro with a big body": "{% macro m() %}" + "{% if true %}{% endif %}" * 300 + "{% endmacro %}"
                               "{% for a in range(99999) %}{{ m() }}{% endfor %}",
    # the source, before it is compiled
    "5,000 sets in an if": "{% if kind %}" + "".join(f"{{% set a{i} = 1 %}}" for i in range(5000)) + "{% endif %}",
    "many tokens": "{{ kind" + " ~ kind" * 15000 + " }}",
}


BOUND = re.compile(r"more than [\d,]+ steps:|handles more than [\d,]+|characters and items|width or precision"
                   r"|sum adds numbers only|more than [\d,]+ (tags and expressions|tokens)")
"""What the sandbox says when a template passes one of its counted bounds (never that it ran out of
memory, or out of time)."""
MAX_RSS_KB = 400_000
"""The most memory a refusing run may hold (a run of validate holds under 100 MB)."""


# Starts `python -m generator ARGS` held to the limits and writes the most memory it held to RSS_FILE.
# A process forked from this test's (which may have grown large, numba compiling in it) would count
# this one's memory as its own (Linux carries the high-water mark over fork and exec): so the playkit
# process is forked from this small launcher instead, whose memory is its own.
_LAUNCH = """
import os, resource, sys
memory, cpu, rss_file, *args = sys.argv[1:]
pid = os.fork()
if pid == 0:
    resource.setrlimit(resource.RLIMIT_AS, (int(memory), int(memory)))
    resource.setrlimit(resource.RLIMIT_CPU, (int(cpu), int(cpu)))
    os.execv(sys.executable, [sys.executable, "-m", "generator", *args])
_, status, usage = os.wait4(pid, 0)
with open(rss_file, "w") as f:
    f.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
"""


@dataclass
class Run:
    returncode: int
    output: str
    max_rss_kb: int


def playkit(*args: str, cwd: Path) -> Run:
    """`playkit ARGS` in a fresh process held to MEMORY and CPU_SECONDS, with the most memory it held."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rss = cwd / "playkit.rss"
    with open(cwd / "playkit.log", "w+") as log:
        done = subprocess.run([sys.executable, "-c", _LAUNCH, str(MEMORY), str(CPU_SECONDS), str(rss), *args],
                              cwd=cwd, env=env, text=True, stdout=log, stderr=subprocess.STDOUT)
        log.seek(0)
        return Run(done.returncode, log.read(), int(rss.read_text()))


def market_day(tmp_path: Path, template: str) -> Path:
    root = tmp_path / "decks"
    shutil.copytree(paths.EXAMPLES / "decks" / "market-day", root / "market-day")
    replace_in(root / "market-day" / "layouts" / "card.yaml", BOX, json.dumps(template))
    return root


def refused_at(result: Run, where: str) -> str:
    """The one problem line at `where` (FILE:LINE:COL), the run having refused cleanly, by a counted
    bound, in little memory."""
    output = result.output
    assert result.returncode == 1, output[-2000:]
    assert "Traceback" not in output, output[-2000:]
    lines = [line for line in output.splitlines() if re.search(rf"{re.escape(where)}: error: ", line)]
    assert len(lines) == 1, output[-2000:]
    assert BOUND.search(lines[0]), lines[0]
    assert result.max_rss_kb < MAX_RSS_KB, result.max_rss_kb
    return lines[0]


@pytest.mark.parametrize("template", ATTACKS.values(), ids=ATTACKS.keys())
def test_a_hostile_box_template_is_refused_at_its_place_by_validate(template: str, tmp_path: Path) -> None:
    root = market_day(tmp_path, template)
    result = playkit("--content", str(root), "--out", str(tmp_path / "out"), "validate", "market-day",
                     cwd=tmp_path)
    line = refused_at(result, "market-day/layouts/card.yaml:33:11")
    assert "box 'kind'" in line and "template" in line, line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["% width after a key", "nested repetition printed", "sort lower-cases every item",
                                  "unique four times", "5,000 sets in an if"])
def test_a_hostile_box_template_builds_nothing(name: str, tmp_path: Path) -> None:
    root = market_day(tmp_path, ATTACKS[name])
    result = playkit("--content", str(root), "--out", str(tmp_path / "out"), "build", "market-day", cwd=tmp_path)
    refused_at(result, "market-day/layouts/card.yaml:33:11")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["% width after a key", "nested list literals printed", "sort lower-cases every item",
                                  "unique four times", "comparing long lists in a loop", "% key in nested parentheses"])
def test_a_hostile_decision_of_a_shipped_game_is_refused_at_its_line(name: str, tmp_path: Path) -> None:
    """decisions.yaml's texts are templates over the game's model: the same bounds hold there."""
    root = tmp_path / "content"
    shutil.copytree(paths.CONTENT / "skylands", root / "skylands")
    decisions = root / "skylands" / "decisions.yaml"
    lines = decisions.read_text().splitlines()
    line = lines.index("    choice: >-") + 1   # the first decision's choice, a folded block
    rest = lines[line:]
    while rest and rest[0].startswith("      "):
        rest.pop(0)
    decisions.write_text("\n".join([*lines[:line - 1], f"    choice: {json.dumps(ATTACKS[name])}", *rest]) + "\n")
    result = playkit("--content", str(root), "--out", str(tmp_path / "out"), "validate", "skylands", cwd=tmp_path)
    refused_at(result, f"skylands/decisions.yaml:{line}:13")
    assert not (tmp_path / "out").exists()
