"""The one Jinja2 environment every template renders in: sandboxed, and bounded in the work it may do.

Card texts, decision texts and layout words are written in content, and content is untrusted. So a
template reaches no Python beyond what is listed here (jinja2's sandbox, with no attribute starting
with an underscore and no method that changes a list or dict), and a render has a budget: loop
steps, calls and characters produced are counted, every value is at most MAX_VALUE characters or
items, a number may not grow past MAX_INT_BITS, and a render stops after DEADLINE_S seconds whatever
it does. The counting is deterministic (the same template fails the same way on every machine); the
deadline is only the last guard.

Use `sandboxed_environment()` (or `render_template` for a template string): never a bare
`jinja2.Environment`. A template is rendered as itself when it is plain text (Verbatim), from its
parsed tree when it is text, expressions, ifs, fors and sets (direct.py: through this sandbox's own
methods and budget, without compiling), and compiled by jinja2 otherwise; `from_tree` decides.
Every failure, syntax, unknown name, refused access or exhausted budget, is
raised as `TemplateProblem` (a `jinja2.TemplateError`) with a one-line message; the caller places it
at the file and line that hold the template.
"""

from __future__ import annotations

import contextvars
import operator
import re
import time
import types
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.runtime import LoopContext, Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Cycler, Joiner, Namespace

from .simpletemplates import GLOBAL_NAMES
from .simpletemplates import MAX_SOURCE as MAX_SOURCE  # known without jinja2, and said here too
from .simpletemplates import MAX_VALUE as MAX_VALUE
from .simpletemplates import verbatim as verbatim

if TYPE_CHECKING:
    from .direct import Direct, Macros

MAX_STEPS = 200_000
"""Loop iterations, calls and filters one render may take (building the four kits takes under 1,000 in one render)."""
MAX_CHARS = 2_000_000
"""Characters one render may produce, counting every intermediate value (the longest rulebook makes ~62,000)."""
MAX_INT_BITS = 4_000
"""Bits of the largest integer a template may compute (about 1,200 digits)."""
MAX_MACRO_DEPTH = 50
"""How deep macros may call macros (recursion included)."""
DEADLINE_S = 2.0
"""Seconds one render may run, whatever it does."""

FILTERS = frozenset({
    "abs", "attr", "batch", "capitalize", "count", "default", "d", "dictsort", "e", "escape", "first",
    "float", "forceescape", "groupby", "int", "items", "join", "last", "length", "list", "lower", "map",
    "max", "min", "reject", "rejectattr", "replace", "reverse", "round", "safe", "select", "selectattr",
    "slice", "sort", "string", "striptags", "sum", "title", "trim", "truncate", "unique", "upper",
    "wordcount",
})
"""jinja2's filters a template may use. Left out: those whose output a small argument can make huge
(center, indent, format, wordwrap), those that print internals (pprint, tojson, xmlattr, urlize,
urlencode, filesizeformat) and `random` (a build must be deterministic)."""

_METHODS: dict[type, frozenset[str]] = {
    str: frozenset({"capitalize", "count", "endswith", "find", "isalnum", "isalpha", "isdigit", "islower",
                    "isspace", "istitle", "isupper", "lower", "lstrip", "replace", "rsplit", "rstrip",
                    "split", "splitlines", "startswith", "strip", "title", "upper"}),
    dict: frozenset({"get", "items", "keys", "values"}),
    list: frozenset({"count", "index"}),
    tuple: frozenset({"count", "index"}),
}
"""The methods of Python's own types a template may call; every other one is refused."""

_HERE = __name__.split(".")[0] + "."


class TemplateProblem(jinja2.TemplateError):
    """A template that cannot render: bad syntax, an unknown name, a refused access or too much work."""


class _Budget:
    """What one render has spent so far."""

    def __init__(self) -> None:
        self.steps = 0
        self.chars = 0
        self.depth = 0
        self.deadline = time.monotonic() + DEADLINE_S

    def step(self, chars: int = 0) -> None:
        self.steps += 1
        self.chars += chars
        if self.steps > MAX_STEPS:
            raise TemplateProblem(f"the template does too much work (more than {MAX_STEPS:,} loop steps "
                                  "and calls)")
        if self.chars > MAX_CHARS:
            raise TemplateProblem(f"the template makes too much text (more than {MAX_CHARS:,} characters)")
        if self.steps % 512 == 0 and time.monotonic() > self.deadline:
            raise TemplateProblem(f"the template ran longer than {DEADLINE_S:g} s")


_budget: contextvars.ContextVar[_Budget | None] = contextvars.ContextVar("template_budget", default=None)


def _charge(chars: int = 0) -> None:
    budget = _budget.get()
    if budget is not None:   # None only while jinja2 folds constants at compile time
        budget.step(chars)


def _size(value: Any) -> int:
    """Characters of a string, items of a list (0 for anything else)."""
    if isinstance(value, (str, list, tuple, dict, set, frozenset, bytes)):
        return len(value)
    return 0


def _checked(value: Any) -> Any:
    """`value` if it is small enough to keep, charged to the render's budget."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        raise TemplateProblem(f"a number in the template grows past {MAX_INT_BITS} bits")
    n = _size(value)
    if n > MAX_VALUE:
        raise TemplateProblem(f"a value in the template grows past {MAX_VALUE:,} characters or items")
    _charge(n)
    return value


def _check_args(args: Iterable[Any], numbers: bool = True) -> None:
    """Arguments small enough to pass; with `numbers`, an integer may not pass MAX_VALUE either (it
    could size something: a width, a batch, a count)."""
    for a in args:
        _checked(a)
        if numbers and isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_VALUE:
            raise TemplateProblem(f"a number given to a call is larger than {MAX_VALUE:,}")


def _check_str_replace(text: str, old: str, new: str, count: int = -1) -> None:
    times = len(text) + 1 if old == "" else text.count(old)
    if count is not None and count >= 0:
        times = min(times, count)
    if len(text) + times * len(new) > MAX_VALUE:
        raise TemplateProblem(f"a replace makes a text longer than {MAX_VALUE:,} characters")


_PRINTF = re.compile(r"%[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")


def _safe_modulo(left: Any, right: Any) -> Any:
    if isinstance(left, str):
        for width, precision in _PRINTF.findall(left):
            for n in (width, precision):
                if n == "*" or (n and int(n) > 1_000):
                    raise TemplateProblem("a % format in the template asks for a width above 1,000")
    return left % right


def _safe_mul(left: Any, right: Any) -> Any:
    for seq, n in ((left, right), (right, left)):
        if isinstance(n, int) and _size(seq) and _size(seq) * max(n, 0) > MAX_VALUE:
            raise TemplateProblem(f"a repetition in the template makes more than {MAX_VALUE:,} characters or items")
    if isinstance(left, int) and isinstance(right, int) and left.bit_length() + right.bit_length() > MAX_INT_BITS:
        raise TemplateProblem(f"a number in the template grows past {MAX_INT_BITS} bits")
    return left * right


def _safe_pow(left: Any, right: Any) -> Any:
    if isinstance(left, int) and isinstance(right, int) and right > 0 and abs(left) > 1 \
            and (abs(left).bit_length() - 1) * right > MAX_INT_BITS:
        raise TemplateProblem(f"a power in the template grows past {MAX_INT_BITS} bits")
    return left ** right


def _safe_add(left: Any, right: Any) -> Any:
    if _size(left) + _size(right) > MAX_VALUE:
        raise TemplateProblem(f"a value in the template grows past {MAX_VALUE:,} characters or items")
    return left + right


_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "*": _safe_mul, "**": _safe_pow, "%": _safe_modulo, "+": _safe_add,
    "/": operator.truediv, "//": operator.floordiv,
}


def _bounded_range(*args: int) -> range:
    rng = range(*args)
    if len(rng) > MAX_VALUE:
        raise TemplateProblem(f"range() is limited to {MAX_VALUE:,} numbers")
    return rng


def _join(value: Iterable[Any], d: str = "", attribute: str | int | None = None) -> str:
    """jinja2's `join`, stopping as soon as the text would pass MAX_VALUE."""
    env = sandboxed_environment()
    parts: list[str] = []
    total = 0
    for item in value:
        if attribute is not None:
            item = env.getitem(item, attribute)
        text = str(item)
        total += len(text) + (len(d) if parts else 0)
        if total > MAX_VALUE:
            raise TemplateProblem(f"a join makes a text longer than {MAX_VALUE:,} characters")
        parts.append(text)
    return d.join(parts)


def _replace(s: str, old: str, new: str, count: int | None = None) -> str:
    text = str(s)
    _check_str_replace(text, str(old), str(new), -1 if count is None else count)
    return text.replace(str(old), str(new), -1 if count is None else count)


_PASSED = (jinja2.runtime.Context, jinja2.Environment, nodes.EvalContext)


def _guarded_filter(func: Callable[..., Any]) -> Callable[..., Any]:
    """A filter whose arguments and result are checked and charged like any call's."""
    def guarded(*args: Any, **kwargs: Any) -> Any:
        _charge()
        plain = [a for a in args if not isinstance(a, _PASSED)]
        _check_args(plain[:1], numbers=False)   # the value filtered may be any number
        _check_args(plain[1:])
        _check_args(kwargs.values())
        return _checked(func(*args, **kwargs))

    guarded.__dict__.update(getattr(func, "__dict__", {}))   # keeps jinja2's pass_context / pass_environment marks
    guarded.__name__ = getattr(func, "__name__", "filter")
    return guarded


def _loop_bound(iterable: Any, body_chars: int) -> Iterator[Any]:
    """The items of a `for` loop, each iteration charged a step and the text its body holds."""
    for item in iterable:
        _charge(body_chars)
        yield item


def _finalize(value: Any) -> Any:
    """Every `{{ ... }}` output: charged by its length (StrictUndefined still raises on str())."""
    if isinstance(value, jinja2.Undefined):
        return value
    text = str(value)
    if len(text) > MAX_VALUE:
        raise TemplateProblem(f"an output of the template is longer than {MAX_VALUE:,} characters")
    _charge(len(text))
    return text


class _BoundedCodeGenerator(CodeGenerator):
    """jinja2's code generator with every loop and every `~` joined text counted against the budget."""

    def visit_Template(self, node: nodes.Template, frame: Frame | None = None) -> None:
        for loop in list(node.find_all(nodes.For)):
            body = sum(len(d.data) for part in loop.body for d in part.find_all(nodes.TemplateData))
            bound = nodes.Filter(loop.iter, "_loop_bound", [nodes.Const(body)], [], None, None,
                                 lineno=loop.lineno)
            bound.set_environment(self.environment)
            loop.iter = bound
        super().visit_Template(node, frame)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.bounded_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class BoundedTemplate(jinja2.Template):
    """A template whose render runs on a fresh budget (a template included by another shares its budget)."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        return _bounded_render(self.generate, args, kwargs)


def _bounded_render(generate: Callable[..., Iterator[str]], args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    """The chunks a template generates, joined, each charged to the render's budget; every failure
    a TemplateProblem."""
    token = _budget.set(_budget.get() or _Budget())
    try:
        parts = []
        for chunk in generate(*args, **kwargs):
            _charge(len(chunk))
            parts.append(chunk)
        return "".join(parts)
    except TemplateProblem:
        raise
    except jinja2.TemplateError as err:
        raise TemplateProblem(_one_line(err)) from None
    except RecursionError:
        raise TemplateProblem("the template nests too deep") from None
    except MemoryError:
        raise TemplateProblem("the template needs too much memory") from None
    except Exception as err:   # any failure of untrusted code is the template's problem
        raise TemplateProblem(f"{type(err).__name__}: {_one_line(err)}") from None
    finally:
        _budget.reset(token)


def _one_line(err: BaseException) -> str:
    text = err.message if isinstance(err, jinja2.TemplateError) and err.message else str(err)
    return " ".join(text.split())


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """jinja2's immutable sandbox, with the calls a template may make listed and its work counted."""

    code_generator_class = _BoundedCodeGenerator
    template_class = BoundedTemplate
    intercepted_binops = frozenset(_BINOPS)

    def call_binop(self, context: jinja2.runtime.Context, operator: str, left: Any, right: Any) -> Any:
        _charge()
        return _checked(_BINOPS[operator](left, right))

    def bounded_concat(self, parts: tuple[Any, ...]) -> str:
        total = 0
        texts = []
        for p in parts:
            text = str(p)
            total += len(text)
            if total > MAX_VALUE:
                raise TemplateProblem(f"a joined text in the template is longer than {MAX_VALUE:,} characters")
            texts.append(text)
        _charge(total)
        return "".join(texts)

    def is_safe_callable(self, obj: Any) -> bool:
        if not super().is_safe_callable(obj):
            return False
        if isinstance(obj, (Macro, LoopContext, Cycler, Joiner)) or any(obj is f for f in _GLOBALS.values()):
            return True
        owner = getattr(obj, "__self__", None)
        if isinstance(owner, (LoopContext, Cycler, Joiner)):   # loop.cycle(...), cycler.next()
            return True
        if isinstance(obj, types.BuiltinMethodType) and owner is not None:
            return any(isinstance(owner, t) and obj.__name__ in names for t, names in _METHODS.items())
        if isinstance(obj, (types.FunctionType, types.MethodType)):
            # the project's own functions and methods (card_text, a model's rule), never a library's
            # (pydantic's model_dump_json, model_copy, ...)
            return (getattr(obj, "__module__", None) or "").startswith(_HERE) \
                and not obj.__name__.startswith("model_")
        return False

    def call(__self, __context: jinja2.runtime.Context, __obj: Any, *args: Any,
             **kwargs: Any) -> Any:
        if not __self.is_safe_callable(__obj):
            name = getattr(__obj, "__name__", type(__obj).__name__)
            raise TemplateProblem(f"a template may not call {name!r}")
        budget = _budget.get()
        _charge()
        _check_args(args)
        _check_args(kwargs.values())
        owner = getattr(__obj, "__self__", None)
        if getattr(__obj, "__name__", None) == "replace" and isinstance(owner, str) and len(args) >= 2:
            _check_str_replace(owner, str(args[0]), str(args[1]), int(args[2]) if len(args) > 2 else -1)
        if isinstance(__obj, Macro) and budget is not None:
            budget.depth += 1
            try:
                if budget.depth > MAX_MACRO_DEPTH:
                    raise TemplateProblem(f"macros call each other more than {MAX_MACRO_DEPTH} deep")
                return _checked(super().call(__context, __obj, *args, **kwargs))
            finally:
                budget.depth -= 1
        return _checked(super().call(__context, __obj, *args, **kwargs))


def _signed(value: int | float) -> str:
    return f"+{value:g}" if value > 0 else f"{value:g}"


def _plural(n: int | float, word: str, many: str | None = None) -> str:
    return f"{n:g} {word if n == 1 else (many or word + 's')}"


def _md_table(rows: list[list[object]]) -> str:
    """Rows (the first is the header) as a pipe table for the rulebook."""
    lines = ["| " + " | ".join(str(c) for c in rows[0]) + " |", "|" + "---|" * len(rows[0])]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows[1:]]
    return "\n".join(lines)


class ContentUndefined(jinja2.StrictUndefined):
    """A missing name is an error that speaks the content's words: the field that is not there and
    the fields that are (never a Python class path such as 'generator.….CombatFile object')."""

    @property
    def _undefined_message(self) -> str:
        if self._undefined_hint:
            return self._undefined_hint
        name, obj = self._undefined_name, self._undefined_obj
        if obj is jinja2.utils.missing:
            return f"{name!r} is undefined"
        fields = _field_names(obj)
        if fields is None:
            return f"{type(obj).__name__} has no {'element' if not isinstance(name, str) else 'field'} {name!r}"
        shown = ", ".join(fields[:12]) + (", …" if len(fields) > 12 else "")
        return f"no field {name!r} here (it has: {shown})" if fields else f"no field {name!r} here"


def _field_names(obj: Any) -> list[str] | None:
    """The names a template may use on `obj`: a model's fields or a mapping's keys."""
    model_fields = getattr(type(obj), "model_fields", None)
    if isinstance(model_fields, dict):
        return list(model_fields)
    if isinstance(obj, dict):
        return [str(k) for k in list(obj)[:50]]
    return None


_GLOBALS: dict[str, Any] = dict(zip(GLOBAL_NAMES, (_bounded_range, dict, Namespace, Cycler, Joiner), strict=True))
"""jinja2's globals but `lipsum` (whose one number makes any amount of text)."""


@cache
def sandboxed_environment(templates: Path | None = None) -> BoundedSandbox:
    """THE environment for every template, content strings and template files alike: sandboxed,
    bounded, ContentUndefined (a missing name is an error, never an empty string). `templates` is the
    folder `{% include %}` and file templates load from (the repository's templates/ by default)."""
    from .. import paths

    env = BoundedSandbox(
        loader=jinja2.FileSystemLoader(str(templates or paths.TEMPLATES)),
        undefined=ContentUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=False,   # a block tag's line break stays: paragraphs keep their blank lines
        lstrip_blocks=True,
        finalize=_finalize,
    )
    env.globals = dict(_GLOBALS)
    filters = {name: f for name, f in env.filters.items() if name in FILTERS}
    filters.update(join=_join, replace=_replace, signed=_signed, plural=_plural, md_table=_md_table)
    env.filters = {name: _guarded_filter(f) for name, f in filters.items()}
    env.filters["_loop_bound"] = _loop_bound
    return env


class Verbatim:
    """A template string with no markup in it, which renders as itself: what jinja2 would make of it,
    without compiling it (half the texts in the shipped content are plain words, and compiling one
    costs as much as loading a content file)."""

    def __init__(self, source: str) -> None:
        self.source = source

    def render(self, *args: Any, **kwargs: Any) -> str:
        if self.source:   # a template's one chunk of text, charged as BoundedTemplate.render charges it
            _charge(len(self.source))
        return self.source


def from_tree(tree: nodes.Template, source: str) -> jinja2.Template | Direct:
    """A parsed template (`tree`, parsed from `source`) made renderable: Direct when it can be, else
    compiled by jinja2."""
    from .direct import Direct, Unwritable  # Direct is made of this module's sandbox

    env = sandboxed_environment()
    try:
        direct = Direct.of(tree)
    except Unwritable:   # jinja2 folded part of the tree by then: it compiles the template as parsed
        direct, tree = None, env.parse(source)
    if direct is not None:
        return direct
    return env.template_class.from_code(env, env.compile(tree), env.make_globals(None), None)


_FILES: dict[str, tuple[Direct | None, Callable[[], bool] | None]] = {}
"""The template files read so far: Direct, or None for one jinja2 compiles (and caches) itself, and
the loader's up-to-date check (an edited file is read again, as jinja2's auto_reload does)."""

_MACRO_FILES: dict[str, tuple[Macros | None, Callable[[], bool] | None]] = {}
"""The macro files read so far (Macros, or None for one jinja2 compiles), and the loader's
up-to-date check (an edited file is read again)."""

R = TypeVar("R")


def _read_once(name: str, read: dict[str, tuple[R | None, Callable[[], bool] | None]],
               of: Callable[[nodes.Template], R | None]) -> R | None:
    """What `of` makes of the parsed template file `templates/<name>` (None where it raises Unwritable:
    jinja2 compiles that file), made once a process and again when the file is edited."""
    from .direct import Unwritable

    known = read.get(name)
    if known is None or (known[1] is not None and not known[1]()):
        env = sandboxed_environment()
        assert env.loader is not None
        source, filename, uptodate = env.loader.get_source(env, name)
        try:
            made: R | None = of(env.parse(source, name, filename))
        except Unwritable:
            made = None
        known = read[name] = (made, uptodate)
    return known[0]


def file_template(name: str) -> jinja2.Template | Direct:
    """The template file `templates/<name>` made renderable, once a process: Direct when it can be
    (the rulebooks, the turn summary, the design notes: compiling one costs up to 35 ms), else jinja2's
    own get_template (macros, includes)."""
    from .direct import Direct

    direct = _read_once(name, _FILES, lambda tree: Direct.of(tree, name))
    return direct if direct is not None else sandboxed_environment().get_template(name)


def file_macros(name: str) -> Any:
    """The macros of the template file `templates/<name>` as attributes (`file_macros(n).title(game=
    'X')`): Direct's Macros when the file is macros Direct renders, else the module jinja2 makes of
    it (compiled once, made anew each call, as before)."""
    from .direct import Macros

    env = sandboxed_environment()
    macros = _read_once(name, _MACRO_FILES, lambda tree: Macros.of(tree, lambda: env.get_template(name).make_module(),
                                                                   name))
    return macros if macros is not None else env.get_template(name).make_module()


@lru_cache(maxsize=4096)
def compiled(source: str) -> jinja2.Template | Direct | Verbatim:
    """A template string made renderable once (a kit renders the same card text for many cards, and
    jinja2 compiles `from_string` anew each call); it keeps no state between renders. Plain text is
    not even parsed (see Verbatim), text with values only parsed (see Direct)."""
    if verbatim(source):
        return Verbatim(source)
    return from_tree(sandboxed_environment().parse(source), source)


def render_template(source: str, **context: Any) -> str:
    """Render a template string written in content; every failure raises TemplateProblem."""
    if len(source) > MAX_SOURCE:
        raise TemplateProblem(f"the template is longer than {MAX_SOURCE:,} characters")
    try:
        template = compiled(source)
    except jinja2.TemplateSyntaxError as err:
        raise TemplateProblem(f"line {err.lineno}: {_one_line(err)}" if "\n" in source.strip()
                              else _one_line(err)) from None
    except jinja2.TemplateError as err:
        raise TemplateProblem(_one_line(err)) from None
    except (RecursionError, MemoryError, SyntaxError, ValueError, OverflowError) as err:
        raise TemplateProblem(f"the template cannot be read ({type(err).__name__})") from None
    return template.render(**context)
