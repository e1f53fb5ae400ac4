"""Templates written in content run in the one sandbox, and their work is bounded."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from generator.content import templatebounds, templating
from generator.content.templating import TemplateProblem, render_template

from .conftest import problems_after_edit

_LONG_LOOP = "{% for i in range(99999) %}{% endfor %}"
HOSTILE = {
    "escape to os": "{{ cycler.__init__.__globals__.os.system('touch x') }}",
    "huge range": "{% for i in range(10**9) %}x{% endfor %}",
    "nested loops": "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "loops over a long text": "{% for a in 'x'*50000 %}{% for b in 'x'*50000 %}{% endfor %}{% endfor %}",
    "string multiplication": "{{ 'a'*10**9 }}",
    "huge power": "{{ 2**(10**9) }}",
    "huge printf width": "{{ '%999999999d' % 1 }}",
    "str.format width": "{{ '{:>999999999}'.format(1) }}",
    "padding method": "{{ 'a'.ljust(10**8) }}",
    "widening filter": "{{ 'x'|center(999999999) }}",
    "lorem ipsum": "{{ lipsum(n=10**6) }}",
    "deep macro recursion": "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}",
    "doubling macro": "{% macro f(s) %}{{ f(s ~ s) }}{% endmacro %}{{ f('ab') }}",
    "doubling sets": "{% set s = 'abcdefgh' %}" + "{% set s = s ~ s %}" * 40,
    "doubling namespace": "{% set ns = namespace(s='ab') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}"
                          "{% endfor %}",
    "text kept in a block": "{% set x %}{% for i in range(100000) %}{% for j in range(1000) %}" + "y" * 1000
                            + "{% endfor %}{% endfor %}{% endset %}",
    "batch filling": "{{ [1]|batch(10**9, 'x')|list }}",
    "replace explosion": "{{ 'ab'|replace('', 'x' * 99999) }}",
    "join explosion": "{{ (['x' * 99999] * 100000)|join }}",
    "pydantic method": "{{ m.model_dump_json(indent=99) }}",
    "mutation": "{% set l = [1] %}{{ l.append(2) }}",
    "division by zero": "{{ 1 / 0 }}",
    "deep nesting": "{{ " + "(" * 5000 + "1" + ")" * 5000 + " }}",
    "giving steps back": "{{ ''|_turn(-10**7, -10**7) }}" + _LONG_LOOP,
    "giving steps back by map": "{{ ['']|map('_turn', -10**7, 0)|list }}" + _LONG_LOOP,
    "giving steps back in a block": "{% filter _turn(-10**7, 0) %}{% endfilter %}" + _LONG_LOOP,
    "an internal test": "{{ 1 is _turn }}",
}


@pytest.mark.parametrize("source", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_template_is_refused_with_one_line(source: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.games.skybound_battle.model import Rules

    monkeypatch.chdir(tmp_path)
    with pytest.raises(TemplateProblem) as err:
        render_template(source, m=Rules.model_construct())
    assert "\n" not in str(err.value)
    assert not (tmp_path / "x").exists()


def test_an_ordinary_template_renders() -> None:
    assert render_template("{% for i in range(3) %}{{ loop.cycle('a', 'b') }}{{ i|signed }} {% endfor %}"
                           "{{ range(3)|map('string')|join(',') }} {{ {'k': 2}.items()|list }}") \
        == "a0 b+1 a+2 0,1,2 [('k', 2)]"


def test_one_environment_for_every_template() -> None:
    assert templating.sandboxed_environment() is templating.sandboxed_environment()
    assert isinstance(templating.sandboxed_environment(), templating.BoundedSandbox)


def test_a_card_text_that_runs_a_command_is_an_error_at_its_line(content_copy, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    problems = problems_after_edit(content_copy, "islands-and-bridges", "elements.yaml",
                                   "Deal {{ action.damage }} damage to a single enemy",
                                   "Deal {{ cycler.__init__.__globals__.os.system('touch x') }} damage")
    assert any("elements.yaml:58:" in p and "unsafe" in p for p in problems), problems
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("game", ["skybound-battle", "skylands", "island-of-fog", "islands-and-bridges"])
def test_a_decision_that_loops_forever_is_an_error_at_its_line(content_copy, game: str) -> None:
    text = (Path(__file__).parents[1] / "content" / game / "decisions.yaml").read_text()
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.strip().startswith("choice:"))
    loop = "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}"
    old = text.splitlines()[line - 1]
    new = f"{old}\n      {loop}" if old.endswith(">-") else f'    choice: "{loop}"'
    problems = problems_after_edit(content_copy, game, "decisions.yaml", old, new)
    assert any(f"decisions.yaml:{line}:" in p and "too much work" in p for p in problems), problems


def test_a_missing_field_is_named_with_the_fields_there_are_never_a_python_path():
    from generator.content.schema import Strict

    class Combat(Strict):
        dice: int
        die_sides: int

    with pytest.raises(TemplateProblem) as err:
        render_template("{{ combat.nope }}", combat=Combat(dice=3, die_sides=6))
    assert "no field 'nope' here (it has: dice, die_sides)" in str(err.value)
    assert "generator." not in str(err.value) and "object" not in str(err.value)
    with pytest.raises(TemplateProblem, match="'nobody' is undefined"):
        render_template("{{ nobody }}")
    with pytest.raises(TemplateProblem, match=r"no field 'c' here \(it has: a, b\)"):
        render_template("{{ d.c }}", d={"a": 1, "b": 2})


def test_a_budget_is_counted_in_steps_never_in_seconds() -> None:
    """The same template is within its budget or past it on any machine under any load: a loop turn
    of an empty body is two steps (its item and its turn), so a loop of half MAX_STEPS turns renders and
    one a few turns longer is refused, by its count."""
    steps = templatebounds.MAX_STEPS
    assert render_template("{% for i in range(n) %}{% endfor %}x", n=steps // 2 - 5) == "x"
    with pytest.raises(TemplateProblem, match=f"more than {steps:,} steps"):
        render_template("{% for i in range(n) %}{% endfor %}x", n=steps // 2 + 5)


_PRINTF = st.lists(st.one_of(
    st.sampled_from(["a", " ", "é", "%%", "\n"]),
    st.builds(lambda key, flags, width, prec, length, conv: f"%{key}{flags}{width}{prec}{length}{conv}",
              st.sampled_from(["", "(a)", "(b)", "(a(b))", "()"]), st.sampled_from(["", "-", "0", "+ #", "-0"]),
              st.sampled_from(["", "1", "7", "40"]), st.sampled_from(["", ".", ".0", ".3", ".40"]),
              st.sampled_from(["", "l", "h"]), st.sampled_from(list("sdrafeEgxXoci%")))), max_size=6).map("".join)
_PRINTF_ARGS = st.one_of(
    st.fixed_dictionaries({"a": st.one_of(st.integers(-10**30, 10**30), st.floats(allow_nan=False), st.text(max_size=9),
                                          st.lists(st.text(max_size=3), max_size=3)),
                           "b": st.just("é\x00"), "a(b)": st.just(1e300), "": st.just(-7)}),
    st.tuples(st.integers(), st.floats(), st.text(max_size=5)), st.integers(0, 99), st.text(max_size=5))


@settings(max_examples=500, deadline=None)
@given(_PRINTF, _PRINTF_ARGS)
def test_the_size_of_a_percent_format_is_known_before_it_is_made(fmt: str, args: object) -> None:
    """Read as CPython reads it, a format's size is at least what `%` makes of it (and Markup's too)."""
    for text in (fmt, Markup(fmt)):
        try:
            made = text % args
        except (TypeError, ValueError, KeyError, OverflowError):
            continue
        assert len(made) <= templatebounds.printf_size(text, args), (text, args, made)


def test_the_filters_that_could_grow_a_value_give_jinja2s_text_within_the_bound() -> None:
    assert render_template("{{ 'ab'|center(6) }}|{{ 'a\nb'|indent(2, true) }}|{{ '%s-%03d'|format('x', 7) }}|"
                           "{{ '%(n)5.1f'|format(n=2.25) }}|{{ [1, 2, 3]|batch(2, 0)|list }}|{{ [1, 2]|sum }}") \
        == "  ab  |  a\n  b|x-007|  2.2|[[1, 2], [3, 0]]|3"
    with pytest.raises(TemplateProblem, match="sum adds numbers only"):
        render_template("{{ [[1], [2]]|sum(start=[]) }}")


def test_a_phrase_of_a_template_file_is_said_in_a_budget() -> None:
    """A macro of templates/ called from Python runs on a budget like any render."""
    from generator.content import prose as text

    with pytest.raises(TemplateProblem, match="too much work"):
        text.phrase_of("island-of-fog/combat-card.j2", "on_row", row="x", bonuses={f"u{i}": 1 for i in range(9_000)})
    assert text.phrase_of("island-of-fog/combat-card.j2", "on_row", row="a row", bonuses={"Scout x": 1}) \
        == "on a row (scout +1)"


_COUNT_COMPILES = """
import sys
from pathlib import Path
from generator.content import templating
from generator.core import kit
compiles = []
compile = templating.BoundedSandbox.compile
templating.BoundedSandbox.compile = lambda self, source, *a, **k: compiles.append(1) or compile(self, source, *a, **k)
kit.load("island-of-fog", Path(sys.argv[1]))
rulebook = templating.file_template("island-of-fog/rulebook.md.j2")
print(templating.render_template("{{ a ~ b }}", a="x", b="y"), rulebook.name, len(compiles))
"""


def _compiles(tmp: Path) -> list[str]:
    """What a fresh process says after loading Island of Fog and rendering a text and a file, with the
    system's temporary folder at `tmp`: the text, the file's name and how many templates it compiled."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", _COUNT_COMPILES, str(root / "content")], capture_output=True,
                          text=True, env={"PATH": "/usr/bin:/bin", "TMPDIR": str(tmp), "PYTHONPATH": str(root)},
                          cwd=root, check=True)
    return done.stdout.split()


def test_a_template_is_compiled_once_a_machine_not_once_a_process(tmp_path: Path) -> None:
    """jinja2's bytecode cache keeps every compiled template, texts held in content and files alike, in
    its folder of this user's: a second process compiles none of them and renders the same."""
    first = _compiles(tmp_path)
    assert first[:2] == ["xy", "island-of-fog/rulebook.md.j2"] and int(first[2]) > 40
    kept = list(tmp_path.glob("_jinja2-cache-*/playkit-*.cache"))
    assert len(kept) >= int(first[2])
    assert _compiles(tmp_path) == [*first[:2], "0"]


def test_without_a_folder_of_its_own_for_the_cache_every_process_compiles(tmp_path: Path) -> None:
    """A cache folder jinja2 cannot make private (here a file where it would be) is not used: templates
    are compiled in each process, and nothing else changes."""
    import os

    (tmp_path / f"_jinja2-cache-{os.getuid()}").write_text("not a folder")
    first = _compiles(tmp_path)
    assert first[:2] == ["xy", "island-of-fog/rulebook.md.j2"] and int(first[2]) > 40
    assert _compiles(tmp_path) == first


def test_a_cache_that_cannot_be_written_is_not_kept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A compiled template that cannot be saved (a full disk, a folder removed) still renders."""
    import tempfile

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "NamedTemporaryFile", full)
    monkeypatch.setattr(templating.sandboxed_environment(), "bytecode_cache", templating._Compiled(str(tmp_path)))
    text = "{{ n * 3 }} (a text no other test renders)"
    templating._compiled.cache_clear()
    assert render_template(text, n=14) == "42 (a text no other test renders)"
    assert list(tmp_path.iterdir()) == []
