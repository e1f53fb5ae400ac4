"""The one Jinja2 environment every template renders in: sandboxed, and bounded in the work it may do.

Card texts, decision texts and layout words are written in content, and content is untrusted. So a
template reaches no Python beyond what is listed here (jinja2's sandbox, with no attribute starting
with an underscore and no method that changes a list or dict), and a render has a budget: loop
steps, calls and characters produced are counted, every value is at most MAX_VALUE characters or
items, a number may not grow past MAX_INT_BITS, and a render stops after DEADLINE_S seconds whatever
it does. The counting is deterministic (the same template fails the same way on every machine); the
deadline is only the last guard.

Use `sandboxed_environment()` (or `render_template` for a template string): never a bare
`jinja2.Environment`. Every failure, syntax, unknown name, refused access or exhausted budget, is
raised as `TemplateProblem` (a `jinja2.TemplateError`) with a one-line message; the caller places it
at the file and line that hold the template.
"""

from __future__ import annotations

import contextvars
import keyword
import math
import operator
import re
import time
import types
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypeAlias

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame, find_undeclared
from jinja2.optimizer import Optimizer
from jinja2.runtime import LoopContext, Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Cycler, Joiner, Namespace, _PassArg

from .simpletemplates import GLOBAL_NAMES
from .simpletemplates import MAX_SOURCE as MAX_SOURCE  # known without jinja2, and said here too
from .simpletemplates import MAX_VALUE as MAX_VALUE
from .simpletemplates import verbatim as verbatim

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


_MAX_NESTING = 30
"""How deep an expression Direct evaluates may nest (jinja2 compiles a deeper one: Python's own parser
refuses code nested past 200 brackets, so a deep template fails there, as it must here too)."""

_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "eq": operator.eq, "ne": operator.ne, "gt": operator.gt, "gteq": operator.ge, "lt": operator.lt,
    "lteq": operator.le, "in": lambda a, b: a in b, "notin": lambda a, b: a not in b,
}
"""What jinja2 writes for each comparison (`a == b`, `a in b`, ...), as Python does it."""
_BINARY: dict[type[nodes.BinExpr], str] = {
    nodes.Add: "+", nodes.Sub: "-", nodes.Mul: "*", nodes.Div: "/", nodes.FloorDiv: "//", nodes.Mod: "%",
    nodes.Pow: "**",
}
_PYTHON_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "//": operator.floordiv,
    "%": operator.mod, "**": operator.pow,
}
_UNARY: dict[type[nodes.UnaryExpr], tuple[str, Callable[[Any], Any]]] = {
    nodes.Not: ("not ", operator.not_), nodes.Neg: ("-", operator.neg), nodes.Pos: ("+", operator.pos),
}
_PASS: dict[Any, Callable[[_Run], Any]] = {}   # filled below, once _Run is defined


class _Unwritable(Exception):
    """A constant jinja2 folded that its compiled code would not write back as itself (an infinite
    float is written `inf`, a name Python does not know; a list is made anew each render)."""


class _Run:
    """One render of a Direct template: its values, the names its `set`s and loops bound so far
    (`scope`, the innermost loop's variables over the outer ones'), and the jinja2 Context the compiled
    template would make for them (made only when a call, a filter or a `set` asks for it)."""

    __slots__ = ("_context", "env", "scope", "values")

    def __init__(self, env: BoundedSandbox, values: dict[str, Any]) -> None:
        self.env = env
        self.values = values
        self.scope: dict[str, Any] = {}
        self._context: jinja2.runtime.Context | None = None

    @property
    def context(self) -> jinja2.runtime.Context:
        if self._context is None:
            self._context = jinja2.runtime.new_context(self.env, None, {}, self.values, False,
                                                       self.env.make_globals(None), None)
        return self._context

    def name(self, name: str) -> Any:
        if name in self.scope:
            return self.scope[name]
        env = self.env
        return self.values[name] if name in self.values else env.globals[name] if name in env.globals else \
            env.undefined(name=name)


_PASS.update({
    _PassArg.context: lambda run: run.context,
    _PassArg.eval_context: lambda run: run.context.eval_ctx,
    _PassArg.environment: lambda run: run.env,
})

Value = Callable[[_Run], Any]
"""An expression made ready to evaluate: what jinja2's generated code for it computes, for one render."""


def _evaluable(node: nodes.Node, env: BoundedSandbox, depth: int = 0) -> bool:
    """Whether Direct evaluates the expression `node` (checked before jinja2 folds any of it, so that a
    template Direct refuses is compiled from the tree as parsed)."""
    if depth > _MAX_NESTING:
        return False
    inner = depth + 1
    if isinstance(node, nodes.Name):
        return node.ctx == "load" and node.name != "self"   # `self` is the template itself
    if isinstance(node, nodes.Const):
        return True
    if isinstance(node, nodes.Getattr):
        return _evaluable(node.node, env, inner)
    if isinstance(node, nodes.Getitem):
        if isinstance(node.arg, nodes.Slice):
            parts = (node.arg.start, node.arg.stop, node.arg.step)
            return _evaluable(node.node, env, inner) and all(p is None or _evaluable(p, env, inner) for p in parts)
        return _evaluable(node.node, env, inner) and _evaluable(node.arg, env, inner)
    if isinstance(node, (nodes.Filter, nodes.Call)):
        if node.dyn_args is not None or node.dyn_kwargs is not None or node.node is None:
            return False
        if isinstance(node, nodes.Filter) and node.name not in env.filters:
            return False   # jinja2 fails at compile time (or at run time, in an `if`): its words
        keys = [str(k.key) for k in node.kwargs]
        if len(set(keys)) != len(keys) or any(not k.isidentifier() or keyword.iskeyword(k) for k in keys):
            return False   # jinja2 writes these otherwise, or Python refuses its code
        return _evaluable(node.node, env, inner) and all(_evaluable(a, env, inner) for a in node.args) \
            and all(_evaluable(k.value, env, inner) for k in node.kwargs)
    if isinstance(node, nodes.CondExpr):
        return all(n is None or _evaluable(n, env, inner) for n in (node.test, node.expr1, node.expr2))
    if isinstance(node, nodes.Compare):
        return _evaluable(node.expr, env, inner) and all(op.op in _COMPARE and _evaluable(op.expr, env, inner)
                                                         for op in node.ops)
    if isinstance(node, (nodes.And, nodes.Or)) or (isinstance(node, nodes.BinExpr) and type(node) in _BINARY):
        return _evaluable(node.left, env, inner) and _evaluable(node.right, env, inner)
    if isinstance(node, nodes.UnaryExpr) and type(node) in _UNARY:
        return _UNARY[type(node)][0] not in env.intercepted_unops and _evaluable(node.node, env, inner)
    if isinstance(node, (nodes.Tuple, nodes.List)):
        return getattr(node, "ctx", "load") == "load" and all(_evaluable(n, env, inner) for n in node.items)
    return False


def _written_back(value: Any) -> bool:
    """Whether the code jinja2 writes for a constant (its repr) gives back an equal value, anew each
    render only where that cannot matter (never a list, a dict or a set)."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, complex):
        return math.isfinite(value.real) and math.isfinite(value.imag)
    if isinstance(value, int):
        return value.bit_length() < 4 * 3_000   # str() of a longer int fails (Python's digit limit)
    if isinstance(value, (tuple, frozenset)):
        return all(_written_back(v) for v in value)
    return isinstance(value, (str, range)) or value is None


def _value(node: nodes.Node, env: BoundedSandbox, in_loop: bool = False, name: str | None = None) -> Value:
    """`node` (folded as jinja2 folds it) made ready to evaluate, step for step as the code jinja2
    generates for it: every name, attribute, item, call, filter and operator through the sandbox."""
    if isinstance(node, nodes.Const):
        value = node.value
        if not _written_back(value):
            raise _Unwritable
        return lambda run: value
    if isinstance(node, nodes.Name):
        name = node.name
        return lambda run: run.name(name)
    if isinstance(node, nodes.Getattr):
        of, attr = _value(node.node, env, in_loop, name), node.attr
        return lambda run: run.env.getattr(of(run), attr)
    if isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Slice):   # jinja2 writes obj[a:b:c]
        of = _value(node.node, env, in_loop, name)
        start, stop, step = (None if n is None else _value(n, env, in_loop, name)
                             for n in (node.arg.start, node.arg.stop, node.arg.step))
        return lambda run: of(run)[slice(start(run) if start else None, stop(run) if stop else None,
                                          step(run) if step else None)]
    if isinstance(node, nodes.Getitem):
        of, key = _value(node.node, env, in_loop, name), _value(node.arg, env, in_loop, name)
        return lambda run: run.env.getitem(of(run), key(run))
    if isinstance(node, (nodes.Filter, nodes.Call)):
        args = [_value(a, env, in_loop, name) for a in node.args]
        kwargs = [(str(k.key), _value(k.value, env, in_loop, name)) for k in node.kwargs]
        if isinstance(node, nodes.Filter):
            func = env.filters[node.name]
            passed = _PASS.get(_PassArg.from_obj(func))
            assert node.node is not None   # a filter block's, which _evaluable refuses
            of = _value(node.node, env, in_loop, name)

            def filtered(run: _Run) -> Any:
                first = [passed(run)] if passed is not None else []
                value = of(run)
                return func(*first, value, *[a(run) for a in args], **{k: v(run) for k, v in kwargs})
            return filtered
        callee = _value(node.node, env, in_loop, name)

        if in_loop:   # jinja2 hands a call in a loop's body the loop's `set`s (none here), and charges it
            def called_in_loop(run: _Run) -> Any:
                context, obj = run.context, callee(run)
                return run.env.call(context, obj, *[a(run) for a in args], **{k: v(run) for k, v in kwargs},
                                    _loop_vars={})
            return called_in_loop

        def called(run: _Run) -> Any:
            context, obj = run.context, callee(run)
            return run.env.call(context, obj, *[a(run) for a in args], **{k: v(run) for k, v in kwargs})
        return called
    if isinstance(node, nodes.CondExpr):
        test, expr1 = _value(node.test, env, in_loop, name), _value(node.expr1, env, in_loop, name)
        if node.expr2 is None:   # jinja2's plain Undefined, saying where
            where = f"line {node.lineno}" + (f" in {name!r}" if name is not None else "")
            hint = f"the inline if-expression on {where} evaluated to false and no else section was defined."
            return lambda run: expr1(run) if test(run) else jinja2.runtime.Undefined(hint)
        expr2 = _value(node.expr2, env, in_loop, name)
        return lambda run: expr1(run) if test(run) else expr2(run)
    if isinstance(node, nodes.Compare):
        first = _value(node.expr, env, in_loop, name)
        ops = [(_COMPARE[op.op], _value(op.expr, env, in_loop, name)) for op in node.ops]

        last_compare, last = ops[-1]

        def compared(run: _Run) -> Any:   # Python's chained comparison: each operand once, stop at False
            left = first(run)
            for compare, operand in ops[:-1]:
                right = operand(run)
                result = compare(left, right)
                if not result:
                    return result
                left = right
            return last_compare(left, last(run))
        return compared
    if isinstance(node, nodes.And):
        left, right = _value(node.left, env, in_loop, name), _value(node.right, env, in_loop, name)
        return lambda run: left(run) and right(run)
    if isinstance(node, nodes.Or):
        left, right = _value(node.left, env, in_loop, name), _value(node.right, env, in_loop, name)
        return lambda run: left(run) or right(run)
    if type(node) in _BINARY:
        assert isinstance(node, nodes.BinExpr)
        op = _BINARY[type(node)]
        left, right = _value(node.left, env, in_loop, name), _value(node.right, env, in_loop, name)
        if op in env.intercepted_binops:
            return lambda run: run.env.call_binop(run.context, op, left(run), right(run))
        python = _PYTHON_BINARY[op]
        return lambda run: python(left(run), right(run))
    if type(node) in _UNARY:
        assert isinstance(node, nodes.UnaryExpr)
        unary, of = _UNARY[type(node)][1], _value(node.node, env, in_loop, name)
        return lambda run: unary(of(run))
    if isinstance(node, (nodes.Tuple, nodes.List)):
        items = [_value(n, env, in_loop, name) for n in node.items]
        if isinstance(node, nodes.Tuple):
            return lambda run: tuple([i(run) for i in items])
        return lambda run: [i(run) for i in items]
    raise AssertionError(f"not an expression Direct evaluates: {type(node).__name__}")


Step: TypeAlias = "str | Value | _Branch | _Loop | _Set"
"""One thing a Direct template does: a chunk of text, an expression printed, an `if`, a `for` or a
`set`."""


class _Branch:
    """An `{% if %}` (with its `elif`s and `else`): each test in turn, the steps of the first that
    holds (the `else`'s, test None, when none does)."""

    __slots__ = ("arms",)

    def __init__(self, arms: list[tuple[Value | None, list[Step]]]) -> None:
        self.arms = arms


def _unpack2(v: Any) -> tuple[Any, ...]:
    a, b = v
    return a, b


def _unpack3(v: Any) -> tuple[Any, ...]:
    a, b, c = v
    return a, b, c


def _unpack4(v: Any) -> tuple[Any, ...]:
    a, b, c, d = v
    return a, b, c, d


_UNPACK = {2: _unpack2, 3: _unpack3, 4: _unpack4}
"""Python's own unpacking of a loop's item into 2, 3 or 4 names (its errors word for word)."""


class _Loop:
    """A `{% for %}` as jinja2's generated code runs it: the iterable through the environment's
    `_loop_bound` (each item charged the text the body holds, as _BoundedCodeGenerator writes it),
    the loop's `if` (a generator over the items, as jinja2 writes it), jinja2's own LoopContext when
    the body reads `loop`, and the body's steps with the loop's names bound over the outer ones."""

    __slots__ = ("body", "body_chars", "extended", "items", "names", "test")

    def __init__(self, names: tuple[str, ...], items: Value, body_chars: int, test: Value | None,
                 extended: bool, body: list[Step]) -> None:
        self.names, self.items, self.body_chars, self.test = names, items, body_chars, test
        self.extended, self.body = extended, body

    def bind(self, item: Any) -> dict[str, Any]:
        if len(self.names) == 1:
            return {self.names[0]: item}
        return dict(zip(self.names, _UNPACK[len(self.names)](item), strict=True))

    def filtered(self, run: _Run, items: Iterator[Any], outer: dict[str, Any]) -> Iterator[Any]:
        """`for x in xs if test`: the items whose test holds (a tuple of the names, for several)."""
        test = self.test
        assert test is not None
        for item in items:
            bound = self.bind(item)
            within = run.scope   # the body's, when the body asks for the next item (loop.last)
            run.scope = outer | bound
            try:
                holds = test(run)
            finally:
                run.scope = within
            if holds:
                yield item if len(self.names) == 1 else tuple(bound.values())


class _Set:
    """A `{% set name = value %}` at the template's top: the name bound for what follows, and set in
    the render's Context as jinja2's code sets it (`context.vars`, `exported_vars`)."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: Value) -> None:
        self.name, self.value = name, value


def _direct_body(body: list[nodes.Node], env: BoundedSandbox, top: bool = True) -> bool:
    """Whether Direct renders these statements: runs of text and expressions, `if`s and `for`s of
    them, and (at the template's top, `top`) `set`s of one name read nowhere before."""
    for node in body:
        if isinstance(node, nodes.Output):
            if not all(isinstance(c, nodes.TemplateData) or _evaluable(c, env) for c in node.nodes):
                return False
        elif isinstance(node, nodes.If):
            if not (_evaluable(node.test, env) and _direct_body(node.body, env, False)
                    and _direct_body(node.else_, env, False)
                    and all(_evaluable(e.test, env) and _direct_body(e.body, env, False) for e in node.elif_)):
                return False
        elif isinstance(node, nodes.For):
            if node.recursive or node.else_ or not _loop_names(node.target) or not _evaluable(node.iter, env) \
                    or not _direct_body(node.body, env, False):
                return False
            if node.test is not None and (not _evaluable(node.test, env) or find_undeclared([node.test], ("loop",))):
                return False
        elif isinstance(node, nodes.Assign):
            if not top or not isinstance(node.target, nodes.Name) or node.target.name in ("loop", "self") \
                    or not _evaluable(node.node, env):
                return False
        else:
            return False
    return True


def _loop_names(target: nodes.Node) -> tuple[str, ...]:
    """The names a loop binds: one name, or a tuple of 2 to 4 names (() for anything else)."""
    if isinstance(target, nodes.Name):
        names: tuple[str, ...] = (target.name,)
    elif isinstance(target, nodes.Tuple) and len(target.items) in _UNPACK \
            and all(isinstance(n, nodes.Name) for n in target.items):
        names = tuple(n.name for n in target.items if isinstance(n, nodes.Name))
    else:
        return ()
    return names if "loop" not in names and len(set(names)) == len(names) else ()


def _sets_come_first(tree: nodes.Template) -> bool:
    """Whether each `set` name is named nowhere before its `set`, set once, and bound by no loop
    (so that, as in jinja2's code, it is the value set wherever it is read)."""
    sets = {node.target.name: node for node in tree.body if isinstance(node, nodes.Assign)
            and isinstance(node.target, nodes.Name)}
    if not sets:
        return True
    counts: dict[str, int] = {}
    for name in tree.find_all(nodes.Name):
        if name.name in sets and name.ctx == "store":
            counts[name.name] = counts.get(name.name, 0) + 1
    if any(n != 1 for n in counts.values()):
        return False
    seen: set[str] = set()
    for statement in tree.body:
        read = statement.node if isinstance(statement, nodes.Assign) else statement
        names = {n.name for n in read.find_all(nodes.Name)} | ({read.name} if isinstance(read, nodes.Name) else set())
        if names & (set(sets) - seen):
            return False
        if isinstance(statement, nodes.Assign) and isinstance(statement.target, nodes.Name):
            seen.add(statement.target.name)
    return True


def _steps(body: list[nodes.Node], env: BoundedSandbox, eval_ctx: nodes.EvalContext,
           optimizer: Optimizer, in_loop: bool = False, name: str | None = None) -> list[Step]:
    """The statements made ready to render, as jinja2's code generator writes them: each Output's
    constant runs joined into one chunk (CodeGenerator.visit_Output, with finalize.const), every
    expression folded by jinja2's Optimizer (optimizeconst) before it is made ready; `in_loop`, in a
    loop's body (jinja2 passes its calls the loop's variables)."""
    steps: list[Step] = []
    for node in body:
        if isinstance(node, nodes.If):
            arms: list[tuple[Value | None, list[Step]]] = [
                (_value(optimizer.visit(branch.test, eval_ctx), env, in_loop, name),
                 _steps(branch.body, env, eval_ctx, optimizer, in_loop, name))
                for branch in (node, *node.elif_)]
            if node.else_:
                arms.append((None, _steps(node.else_, env, eval_ctx, optimizer, in_loop, name)))
            steps.append(_Branch(arms))
            continue
        if isinstance(node, nodes.For):
            body_chars = sum(len(d.data) for part in node.body for d in part.find_all(nodes.TemplateData))
            extended = bool(find_undeclared(node.iter_child_nodes(only=("body",)), ("loop",)))
            test = _value(optimizer.visit(node.test, eval_ctx), env, False, name) if node.test is not None else None
            items = _value(optimizer.visit(node.iter, eval_ctx), env, in_loop, name)
            steps.append(_Loop(_loop_names(node.target), items, body_chars, test, extended,
                               _steps(node.body, env, eval_ctx, optimizer, True, name)))
            continue
        if isinstance(node, nodes.Assign):
            assert isinstance(node.target, nodes.Name)
            steps.append(_Set(node.target.name, _value(optimizer.visit(node.node, eval_ctx), env, in_loop, name)))
            continue
        assert isinstance(node, nodes.Output)
        constants: list[str] = []
        for child in node.nodes:
            try:
                if isinstance(child, nodes.TemplateData):
                    constants.append(str(child.as_const(eval_ctx)))
                else:
                    constants.append(str(env.finalize(child.as_const(eval_ctx))))   # type: ignore[misc]
                continue
            except Exception:
                pass
            if constants:
                steps.append("".join(constants))
                constants = []
            steps.append(_value(optimizer.visit(child, eval_ctx), env, in_loop, name))
        if constants:
            steps.append("".join(constants))
    return steps


class Direct:
    """A template of runs of text and expressions (`{{ unit.cost }}`, `{{ n | plural('round') }}`,
    `{{ 'A' if kind == 'x' else 'B' }}`) and `{% if %}`s of them: nearly every card and decision text
    in the shipped content. It renders by doing what the code jinja2 generates for it does, step for
    step. jinja2's own compiler decides what is constant: each expression is first folded by jinja2
    (`as_const`, its Optimizer) as its code generator folds it, and constant runs of text become one
    chunk. The rest is evaluated in jinja2's order: each name resolved from the render's values then
    the globals (undefined when neither has it), every attribute, item, call, filter and operator
    through the sandboxed environment's own getattr, getitem, call, call_binop and filters (given the
    render's Context when they ask for it), each value through the environment's finalize and str.
    The same text, the same budget charged, the same errors; what it saves is generating that code
    and compiling it, which costs as much as loading a content file. Anything else (a `for`, a `set`,
    a slice, `*args`, a name of Python's keywords) is compiled by jinja2."""

    def __init__(self, steps: list[Step]) -> None:
        self.steps = steps

    @classmethod
    def of(cls, tree: nodes.Template, name: str | None = None) -> Direct | None:
        """The Direct template of a parsed template, None when it holds anything else (then the tree
        is as parsed, for jinja2 to compile); _Unwritable when jinja2 folded a part of it to a
        constant its code would not write back as itself (the tree is folded then)."""
        env = sandboxed_environment()
        if not tree.body or not _direct_body(tree.body, env) or not _sets_come_first(tree):
            return None
        return cls(_steps(tree.body, env, nodes.EvalContext(env, name), Optimizer(env), False, name))

    def render(self, *args: Any, **kwargs: Any) -> str:
        return _bounded_render(self.generate, args, kwargs)

    def generate(self, *args: Any, **kwargs: Any) -> Iterator[str]:
        env = sandboxed_environment()
        return _generate(self.steps, _Run(env, dict(*args, **kwargs)))


def _generate(steps: list[Step], run: _Run) -> Iterator[str]:
    finalize = run.env.finalize
    for step in steps:
        if isinstance(step, str):
            yield step
        elif isinstance(step, _Branch):
            for test, body in step.arms:
                if test is None or test(run):
                    yield from _generate(body, run)
                    break
        elif isinstance(step, _Loop):
            yield from _loop(step, run)
        elif isinstance(step, _Set):
            value = step.value(run)
            run.scope = run.scope | {step.name: value}
            context = run.context
            context.vars[step.name] = value
            if not step.name.startswith("_"):
                context.exported_vars.add(step.name)
        else:
            yield str(finalize(step(run)))   # type: ignore[misc]


def _loop(step: _Loop, run: _Run) -> Iterator[str]:
    outer = run.scope
    items: Iterator[Any] = _loop_bound(step.items(run), step.body_chars)
    if step.test is not None:
        items = step.filtered(run, items, outer)
    try:
        if step.extended:
            for item, loop in LoopContext(items, run.env.undefined):
                run.scope = outer | step.bind(item) | {"loop": loop}
                yield from _generate(step.body, run)
                run.scope = outer
        else:
            for item in items:
                run.scope = outer | step.bind(item)
                yield from _generate(step.body, run)
                run.scope = outer
    finally:
        run.scope = outer


def from_tree(tree: nodes.Template, source: str) -> jinja2.Template | Direct:
    """A parsed template (`tree`, parsed from `source`) made renderable: Direct when it can be, else
    compiled by jinja2."""
    env = sandboxed_environment()
    try:
        direct = Direct.of(tree)
    except _Unwritable:   # jinja2 folded part of the tree by then: it compiles the template as parsed
        direct, tree = None, env.parse(source)
    if direct is not None:
        return direct
    return env.template_class.from_code(env, env.compile(tree), env.make_globals(None), None)


_FILES: dict[str, tuple[Direct | None, Callable[[], bool] | None]] = {}
"""The template files read so far: Direct, or None for one jinja2 compiles (and caches) itself, and
the loader's up-to-date check (an edited file is read again, as jinja2's auto_reload does)."""


def file_template(name: str) -> jinja2.Template | Direct:
    """The template file `templates/<name>` made renderable, once a process: Direct when it can be
    (the rulebooks, the turn summary, the design notes: compiling one costs up to 35 ms), else jinja2's
    own get_template (macros, includes)."""
    env = sandboxed_environment()
    known = _FILES.get(name)
    if known is None or (known[1] is not None and not known[1]()):
        assert env.loader is not None
        source, filename, uptodate = env.loader.get_source(env, name)
        try:
            direct = Direct.of(env.parse(source, name, filename), name)
        except _Unwritable:
            direct = None
        known = _FILES[name] = (direct, uptodate)
    return known[0] if known[0] is not None else env.get_template(name)


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
