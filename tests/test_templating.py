"""Templates written in content run in the one sandbox, and their work is bounded."""

from __future__ import annotations

import re
from pathlib import Path

import jinja2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content import direct, templating
from generator.content.templating import TemplateProblem, render_template

from .conftest import problems_after_edit

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
    from generator import text

    assert text.environment() is templating.sandboxed_environment()
    assert isinstance(text.environment(), templating.BoundedSandbox)


def test_a_card_text_that_runs_a_command_is_an_error_at_its_line(content_copy, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    problems = problems_after_edit(content_copy, "islands-and-bridges", "elements.yaml",
                                   "Deal {{ action.damage }} damage to a single enemy",
                                   "Deal {{ cycler.__init__.__globals__.os.system('touch x') }} damage")
    assert any("elements.yaml:50:" in p and "unsafe" in p for p in problems), problems
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


# ---- plain text is not compiled, and renders exactly as jinja2 would render it ----------------------------

PLAIN = st.lists(st.sampled_from([*"ab {}%#-\n\t\r\u2028é✓", "%}", "}}", "#}", "\n\n"]), max_size=40)
"""Texts of plain words and of the characters markup is made of (joined, some open a tag: those are
compiled, and `verbatim` must say so)."""


@settings(max_examples=300, deadline=None)
@given(PLAIN.map("".join))
def test_a_text_without_markup_renders_as_jinja2_renders_it(text):
    try:
        jinja = templating.sandboxed_environment().from_string(text).render()
    except jinja2.TemplateError:
        assert not templating.verbatim(text)
        return
    assert render_template(text) == jinja
    assert templating.compiled(text).render(name="unused") == jinja
    assert isinstance(templating.compiled(text), templating.Verbatim) == templating.verbatim(text)


@pytest.mark.parametrize("text", ["{{ x }}", "a {% if true %}b{% endif %}", "{# note #}", "line\r\nbreak", "a\rb"])
def test_markup_or_a_carriage_return_is_compiled(text):
    assert not templating.verbatim(text)
    assert not isinstance(templating.compiled(text), templating.Verbatim)


def test_plain_text_inside_a_render_is_charged_as_a_render_charges_it():
    budget = templating._Budget()
    token = templating._budget.set(budget)
    try:
        assert render_template("plain words") == "plain words"
    finally:
        templating._budget.reset(token)
    assert (budget.steps, budget.chars) == (1, len("plain words"))


# ---- a template of text and values renders without jinja2 compiling it, exactly as jinja2 renders it -------

class _Unit:
    """An item with fields, a method and a private attribute, as a model hands templates."""

    def __init__(self) -> None:
        self.name = "Knight"
        self.cost = 6
        self.tags = ["elite", "slow"]
        self._secret = "hidden"

    def upper(self) -> str:
        return "KNIGHT"


_VALUES = {"unit": _Unit(), "seats": {2: ["north", "south"], "x": "why"}, "words": ["one", "two", "three"],
           "n": 7, "text": "abc", "nothing": None, "long": "x" * 60_000}
_NAMES = st.sampled_from([*_VALUES, "range", "dict", "nobody", "self", "loop", "x", "y"])
_STEPS = st.lists(st.sampled_from([".name", ".cost", ".tags", "._secret", ".upper", ".__class__", ".x", ".items",
                                   "[0]", "[1]", "[2]", "[-1]", "['x']", "[9]", ".0"]), max_size=3)
_PARTS = st.lists(st.one_of(st.sampled_from(["", "a ", " and ", "\n", "é✓", "%"]),
                            st.builds(lambda n, s: "{{ " + n + "".join(s) + " }}", _NAMES, _STEPS),
                            st.builds(lambda n: "{{-" + n + "-}}", _NAMES)), max_size=8)


def _rendered(template, context):
    """What a render gives (its text, or its problem) and what it charged to an outer budget."""
    budget = templating._Budget()
    token = templating._budget.set(budget)
    try:
        out = template.render(**context)
    except TemplateProblem as err:
        out = ("problem", str(err))
    finally:
        templating._budget.reset(token)
    return out, budget.steps, budget.chars


@settings(max_examples=400, deadline=None)
@given(_PARTS.map("".join), st.sets(st.sampled_from(list(_VALUES))))
def test_a_template_of_text_and_values_renders_as_jinja2_renders_it(text, given_names):
    env = templating.sandboxed_environment()
    tree = env.parse(text)
    made = direct.Direct.of(tree)
    if made is None:   # the template itself, a negative index or no output at all: jinja2 compiles it
        assert "self" in text or "[-1]" in text or not tree.body
        return
    context = {name: _VALUES[name] for name in given_names}
    assert _rendered(made, context) == _rendered(env.from_string(text), context)


_ATOMS = st.one_of(
    st.builds(lambda n, s: n + "".join(s), _NAMES, _STEPS),
    st.sampled_from(["'x'", "3", "2.5", "-1", "0", "true", "none", "1e999", "'%g'", "''", "'field'", "[1, 2]",
                     "(1, 'a')", "{'a': 1}", "1000000000", "'9' * 5"]))
_EXPRESSIONS = st.recursive(_ATOMS, lambda inner: st.one_of(
    st.builds(lambda a, f: f"({a}) | {f}", inner, st.sampled_from(
        ["upper", "length", "plural('field')", "signed", "join(', ')", "default('d')", "int", "round", "first",
         "list", "map(attribute='name') | list", "selectattr('name') | list", "sort", "max", "string", "title",
         "replace('a', 'bb')", "batch(2) | list", "sum", "nosuch", "truncate(5)", "unique | list"])),
    st.builds(lambda a, b, op: f"({a}) {op} ({b})", inner, inner, st.sampled_from(
        ["+", "-", "*", "/", "//", "%", "**", "and", "or", "==", "!=", "<", ">=", "in", "not in", "~"])),
    st.builds(lambda a, b, c: f"({a}) < ({b}) <= ({c})", inner, inner, inner),
    st.builds(lambda a: f"not ({a})", inner),
    st.builds(lambda a: f"-({a})", inner),
    st.builds(lambda a, b, c: f"({a}) if ({b}) else ({c})", inner, inner, inner),
    st.builds(lambda a, b: f"({a}) if ({b})", inner, inner),
    st.builds(lambda a, b, c: f"({a})[{b}:{c}]", inner, st.sampled_from(["", "1", "-1", "n"]),
              st.sampled_from(["", "2", "n:2", ":-1"])),
    st.sampled_from(["loop.first", "loop.last", "loop.index", "loop.revindex", "loop.length",
                     "loop.cycle('a', 'b')", "loop.previtem", "loop.changed(x)"]),
    st.builds(lambda a, b: f"[{a}, {b}]", inner, inner),
    st.builds(lambda a, b: f"({a}, {b})", inner, inner),
    st.builds(lambda a: f"range({a})", inner),
    st.builds(lambda a: f"({a}).upper()", inner),
    st.builds(lambda a: f"dict(a={a})", inner),
    st.builds(lambda a: f"({a}) is defined", inner),
    st.builds(lambda a, t: f"({a}) is {t}", inner, st.sampled_from(
        ["none", "not none", "divisibleby(2)", "sameas(n)", "string", "in(words)", "nosuch", "test('none')",
         "filter('nosuch')", "odd", "lower", "mapping", "iterable"])),
    st.builds(lambda a, b: "{'k': " + a + ", 'j': " + b + "}", inner, inner),
    st.builds(lambda a, b: "{" + a + ": " + b + "}", inner, inner),
), max_leaves=5)
_OUTPUTS = st.lists(st.one_of(st.sampled_from(["", "a ", "\n", "é✓"]),
                              _EXPRESSIONS.map(lambda e: "{{ " + e + " }}")), max_size=4).map("".join)
_EXPRESSION_TEXTS = st.lists(st.one_of(
    _OUTPUTS,
    st.builds(lambda test, body: "{% if " + test + " %}" + body + "{% endif %}", _EXPRESSIONS, _OUTPUTS),
    st.builds(lambda t1, b1, t2, b2, b3: "{% if " + t1 + " %}" + b1 + "{% elif " + t2 + " %}" + b2
              + "{% else %}" + b3 + "{% endif %}", _EXPRESSIONS, _OUTPUTS, _EXPRESSIONS, _OUTPUTS, _OUTPUTS),
    st.builds(lambda t1, t2, b: "{% if " + t1 + " %}{% if " + t2 + " %}" + b + "{% endif %}\n{% endif %}",
              _EXPRESSIONS, _EXPRESSIONS, _OUTPUTS),
    st.builds(lambda target, items, test, body: "{% for " + target + " in " + items + test + " %}" + body
              + "{% endfor %}", st.sampled_from(["x", "x, y", "x, y, z", "loop"]),
              st.one_of(_EXPRESSIONS, st.sampled_from(["words", "seats.items()", "unit.tags", "range(n)"])),
              st.one_of(st.just(""), _EXPRESSIONS.map(lambda e: " if " + e)), _OUTPUTS),
    st.builds(lambda target, items, inner, body: "{% for " + target + " in " + items + " %}{% for y in " + inner
              + " %}" + body + "{% endfor %}{% endfor %}", st.sampled_from(["x", "x, z"]),
              st.sampled_from(["words", "seats.items()", "[[1, 2], [3]]"]), _EXPRESSIONS, _OUTPUTS),
    st.builds(lambda name, value: "{% set " + name + " = " + value + " %}", st.sampled_from(["x", "y", "_z", "n"]),
              _EXPRESSIONS),
    st.builds(lambda test, name, value, body, after: "{% if " + test + " %}{% set " + name + " = " + value + " %}"
              + body + "{% endif %}" + after, _EXPRESSIONS, st.sampled_from(["v", "_w", "n"]), _EXPRESSIONS,
              st.sampled_from(["", "{{ v }}", "{{ _w ~ v }}", "{% if n %}{{ v }}{% endif %}"]),
              st.sampled_from(["", "{{ v }}"])),
), max_size=3)


@pytest.mark.filterwarnings("ignore::SyntaxWarning")   # jinja2 writes `true[1:]` as `True[1:]`
@settings(max_examples=600, deadline=None)
@given(_EXPRESSION_TEXTS.map("".join), st.sets(st.sampled_from(list(_VALUES))))
def test_a_template_of_text_and_expressions_renders_as_jinja2_renders_it(text, given_names):
    """Filters, calls, operators, comparisons, conditions and `if`s: Direct gives jinja2's text or its
    problem, charging the same budget, for every template it takes; jinja2 compiles the others."""
    env = templating.sandboxed_environment()
    try:
        tree = env.parse(text)
    except jinja2.TemplateSyntaxError:
        return
    context = {name: _VALUES[name] for name in given_names}
    try:
        jinja = env.from_string(text)
    except jinja2.TemplateError as err:   # compiling fails: so must making it renderable
        with pytest.raises(jinja2.TemplateError, match=re.escape(str(err))):
            templating.from_tree(tree, text).render(**context)
        return
    except (SyntaxError, ValueError, RecursionError, TypeError):   # TypeError: jinja2 folding {[1]: 2}
        return
    made = templating.from_tree(tree, text)
    assert _rendered(made, context) == _rendered(jinja, context)


_LOOPS = st.sampled_from([("x", "words"), ("x", "unit.tags"), ("a, b", "seats.items()"), ("x", "range(n)"),
                          ("x", "seats[2]"), ("x", "text"), ("a, b", "((1, 2), (3, 4), 'ab')"), ("x", "s"),
                          ("a, b, c", "((1, 2, 3), (4, 5))"), ("x", "nobody"), ("x", "n")])
_LOOP_TESTS = st.sampled_from(["", " if x != 'two'", " if x", " if a", " if loop.index", " if words(x)"])
_LOOP_BODY = st.lists(st.sampled_from([
    "{{ x }}", "{{ a }}-{{ b }}", "{{ loop.index }}", "{{ ', ' if not loop.last }}", "{{ loop.revindex }}",
    "{{ loop.length }}", "{{ loop.cycle('a', 'b') }}", "{{ loop.previtem }}", "{{ words | join(x) }}",
    "{% if loop.first %}F{% endif %}", "{% for y in words %}{{ y }}{{ loop.index }}{% endfor %}", "{{ x[1:] }}",
    "{{ x | upper }}", "{{ range(2) | list }}", "{{ s | length }}", " and ", "{{ 'first' if loop.first }}",
    "{{ loop.changed(x) }}", "{{ x.upper() }}", "{{ n }}",
]), max_size=4).map("".join)


_LOOP_SETS = st.sampled_from([
    "", "{% set v = x ~ '!' %}{{ v }}", "{% set v = words | length %}{{ v + 1 }}{{ x.upper() }}",
    "{% if x %}{% set v = 2 %}{{ v }}{{ x.upper() }}{% endif %}", "{% set v = {'k': x} %}{{ v.k }}{{ v }}",
    "{% for y in words %}{% set v = y %}{{ y.upper() }}{% endfor %}{{ x.upper() }}",   # the inner _loop_vars stay
    "{% for y in words %}{% endfor %}{% set v = 1 %}{{ x.upper() }}", "{% set s = 1 %}",
])
"""`set`s in a loop's body, read after them (a call charges the loop's sets so far: jinja2's `_loop_vars`)."""


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["", "{% set s = words | list %}", "{% set s = 'xyz' %}{% set _t = 1 %}"]), _LOOPS,
       _LOOP_TESTS, _LOOP_BODY, _LOOP_SETS, _LOOP_BODY, st.sampled_from(["", "{{ x }}", "{{ s }}", " end."]),
       st.sets(st.sampled_from(["nobody", "x", "a", "b", "c", "s", "n", "words"])))
def test_a_loop_renders_as_jinja2_renders_it(before, loop, test, body, sets, more, after, missing):
    """`for` and `set` (loop variables, loop.*, loop filters, nested loops, unpacking, sets in the
    body): Direct gives jinja2's text or problem, charging the same budget."""
    text = before + "{% for " + loop[0] + " in " + loop[1] + test + " %}" + body + sets + more + "{% endfor %}" \
        + after
    env = templating.sandboxed_environment()
    values = {**_VALUES, "x": "X", "a": "A", "b": 2, "c": None, "s": "S"}   # outer names a loop may shadow
    context = {name: value for name, value in values.items() if name not in missing}
    made = templating.compiled(text)
    # a `set s` in the body is Direct's only when it is the one binding of s, read nowhere else
    s_elsewhere = bool(before) or after == "{{ s }}" or "{{ s" in body or loop[1] == "s"
    assert isinstance(made, direct.Direct) == ("loop" not in test and not ("set s" in sets and s_elsewhere)), text
    assert _rendered(made, context) == _rendered(env.from_string(text), context)


def _called(module, phrase, kwargs):
    """What a macro call gives (its text, or its failure) and what it charged to an outer budget."""
    budget = templating._Budget()
    token = templating._budget.set(budget)
    try:
        out = getattr(module, phrase)(**kwargs)
    except Exception as err:
        out = ("failure", type(err).__name__, str(err))
    finally:
        templating._budget.reset(token)
    return out, budget.steps, budget.chars


@pytest.mark.filterwarnings("ignore::SyntaxWarning")
@settings(max_examples=300, deadline=None)
@given(_EXPRESSION_TEXTS.map("".join), st.sampled_from(["x", "x, n", "words, x, n", "n"]),
       st.sampled_from(["", "{% macro other() %}b{% endmacro %}", "\n", "{{ 1 }}"]),
       st.sets(st.sampled_from(["x", "n", "words"])))
def test_a_file_of_macros_renders_as_jinja2_renders_it(body, params, other, given):
    """A macro called by keyword from Python (a sheet's phrases): Direct's Macros give the text or the
    failure of jinja2's module, charging the same budget; a call with other arguments is jinja2's."""
    text = "{% macro m(" + params + ") %}" + body + "{% endmacro %}" + other
    env = templating.sandboxed_environment()
    try:
        tree = env.parse(text)
        jinja = env.from_string(text).make_module()
    except (jinja2.TemplateError, SyntaxError, ValueError, RecursionError, TypeError):
        return
    try:
        made = direct.Macros.of(tree, lambda: jinja)
    except direct.Unwritable:   # file_macros then has jinja2 compile the file
        return
    if made is None:
        return
    values = {"x": "X", "n": 3, "words": ["one", "two"]}
    kwargs = {name: values[name] for name in given}
    assert _called(made, "m", kwargs) == _called(jinja, "m", kwargs), text


def test_the_sheets_phrases_are_not_compiled():
    for name in ("island-of-fog/combat-card.j2", "island-of-fog/dice-sheet.j2", "skylands/boards.j2"):
        assert isinstance(templating.file_macros(name), direct.Macros), name
    env = templating.sandboxed_environment()
    assert direct.Macros.of(env.parse("{% macro a(x) %}{% set y = x %}{{ y }}{% endmacro %}"), dict) is None
    assert direct.Macros.of(env.parse("{% macro a() %}{{ b() }}{% endmacro %}{% macro b() %}{% endmacro %}"),
                            dict) is None
    assert direct.Macros.of(env.parse("{% macro a(x=1) %}{{ x }}{% endmacro %}"), dict) is None
    assert direct.Macros.of(env.parse("{% macro a() %}{{ caller() }}{% endmacro %}"), dict) is None
    assert direct.Macros.of(env.parse("{% set z = 1 %}{% macro a() %}{{ z }}{% endmacro %}"), dict) is None


def test_a_template_file_renders_as_jinja2_renders_it():
    """The template files Direct takes (the Skylands rulebook, the turn summary) give jinja2's text
    and charge its budget; one with macros is compiled by jinja2."""
    from generator import kit, paths
    from generator.games.island_of_fog.text import context as fog_context
    from generator.games.skylands import boardfile
    from generator.games.skylands.rulebook import context as skylands_context

    loaded = kit.load("skylands", paths.CONTENT)
    skylands, fog = loaded.model, kit.load("island-of-fog", paths.CONTENT).model
    example = boardfile.scoring_example(skylands, loaded.content)
    env = templating.sandboxed_environment()
    for name, context in (("skylands/rulebook.md.j2", skylands_context(skylands, example)),
                          ("island-of-fog/turn-summary.md.j2", fog_context(fog))):
        assert isinstance(templating.file_template(name), direct.Direct), name
        assert _rendered(templating.file_template(name), context) == _rendered(env.get_template(name), context)
    assert isinstance(templating.file_template("island-of-fog/combat-card.j2"), jinja2.Template)


def test_the_rulebooks_render_as_jinja2_renders_them(monkeypatch: pytest.MonkeyPatch):
    """The three rulebooks that hold sets in loops and ifs, `is none` and `~` (Island of Fog, Islands &
    Bridges, Skybound Battle) are Direct's, and give jinja2's text and charge its budget."""
    from generator import kit, paths, text
    from generator.games.island_of_fog import rulebook as fog_rulebook
    from generator.games.island_of_fog.text import table
    from generator.games.islands_and_bridges import rulebook as bridges_rulebook
    from generator.games.skybound_battle import rulebook as skybound_rulebook

    env = templating.sandboxed_environment()
    rendered: list[str] = []

    class Both:
        def __init__(self, name: str) -> None:
            self.name = name

        def render(self, **context) -> str:
            made = templating.file_template(self.name)
            assert isinstance(made, direct.Direct), self.name
            ours = _rendered(made, context)
            assert ours == _rendered(env.get_template(self.name), context), self.name
            rendered.append(self.name)
            return ours[0]

    monkeypatch.setattr(text, "file_template", Both)
    fog = kit.load("island-of-fog", paths.CONTENT).model
    fog_rulebook.text(fog, {"tiles": 40, "tokens": 90, "cards": 5}, table(fog))
    bridges_rulebook.text(kit.load("islands-and-bridges", paths.CONTENT).model)
    skybound_rulebook.text(kit.load("skybound-battle", paths.CONTENT).model)
    assert {"island-of-fog/rulebook.md.j2", "islands-and-bridges/rulebook.md.j2",
            "skybound-battle/rulebook.md.j2"} <= set(rendered)


def test_templates_of_text_and_expressions_are_not_compiled_and_others_are():
    for text in ("{{ unit.name }} costs {{ unit.cost }} ({{ seats[2][0] }})", "{{ unit.name | upper }}",
                 "{{ words(3) }}", "{{ n + 1 }}", "{{ seats[n] }}", "{{ 'a' if n > 2 else 'b' }}",
                 "{{ words | join(', ') }} and {{ n | plural('round') }}", "{% if n %}x{% endif %}",
                 "{% if n > 3 %}{{ n }}{% elif text %}{% if words %}y{% endif %}{% else %}z{% endif %}.",
                 "{% for w in words if w != 'two' %}{{ w }}{{ ', ' if not loop.last }}{% endfor %}",
                 "{% set x = words | list %}{% for a, b in seats.items() %}{{ a }}{{ x[1:] }}{% endfor %}",
                 "{{ n ~ 'x' }}", "{{ n is odd }}", "{{ n is not none }}", "{{ x + ([1] | list) }}",
                 "{% set d = {'N': 'up', 'E': n} %}{{ d.N }}", "{% for w in words %}{% set v = w ~ '!' %}{{ v }}"
                 "{% endfor %}", "{% if n %}{% set v = n %}{{ v }}{% endif %}",
                 "{% set w = 1 %}{% for w in words %}{{ w }}{% endfor %}{{ w }}"):
        assert isinstance(templating.compiled(text), direct.Direct), text
    for text in ("{{ self }}", "{% for w in words %}{% else %}none{% endfor %}", "{{ x }}{% set x = 1 %}",
                 "{% set x = 1 %}{% set x = 2 %}", "{% for w in words recursive %}{% endfor %}",
                 "{% if n %}{{ n | nosuch }}{% endif %}", "{% if n %}{{ n is nosuch }}{% endif %}",
                 "{{ f(*words) }}", "{% if n %}{% set v = 1 %}{% endif %}{{ v }}",
                 "{% for w in words %}{{ v }}{% set v = w %}{% endfor %}",
                 "{% for w in words %}{% set w = 1 %}{% endfor %}", "{% for v in words %}{% endfor %}{% if n %}"
                 "{% set v = 1 %}{{ v }}{% endif %}", "{{ {" + ", ".join(f"'{i}': {i}" for i in range(16)) + "} }}"):
        assert isinstance(templating.compiled(text), jinja2.Template), text
    for text in ("{{ n | nosuch }}", "{{ n is nosuch }}", "{{ f(a=1, a=2) }}"):   # jinja2 refuses them, or Python
        with pytest.raises(TemplateProblem):
            render_template(text)
