"""The one Jinja2 environment every template renders in: jinja2's immutable sandbox, bounded in the
work it may do and the size of what it may make.

Card texts, decision texts, layout words and rulebooks are templates, and content is untrusted. A
template reaches no Python beyond what is listed here (jinja2's sandbox: no attribute starting with
an underscore, no method that changes a list or dict), its source is bounded before it is compiled
(its length, and its tags and tokens as jinja2's lexer reads them), and its render is counted in
steps and in characters and items handled (content/templatebounds.py): no clock, so the same
template fails the same way on any machine.

Use `sandboxed_environment()` (`render_template` for a template string, `compiled` for one rendered
many times, `file_template` and `file_macro` for the files under templates/): never a bare
`jinja2.Environment`. A template, a string or a file, is compiled once a machine: jinja2 keeps its
compiled code in its bytecode cache (a folder private to the user, in the system's temporary folder),
and a process keeps what it loaded (an LRU by source). Every failure, syntax, unknown name, refused
access or exhausted budget, is raised as `TemplateProblem` (a `jinja2.TemplateError`) with a one-line
message; the caller places it at the file and line that hold the template.
"""

from __future__ import annotations

import contextlib
import hashlib
import operator
import types
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypeVar, cast

import jinja2
from jinja2 import meta, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.runtime import LoopContext, Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Cycler, Joiner, Namespace
from jinja2.visitor import NodeTransformer

from . import templatebounds as bounds
from .templatebounds import MAX_VALUE, TemplateProblem

__all__ = ["MAX_SOURCE", "MAX_TAGS", "MAX_TOKENS", "MAX_VALUE", "BoundedSandbox", "TemplateProblem", "compiled",
           "file_macro", "file_template", "render_template", "sandboxed_environment", "template_names"]

R = TypeVar("R")

MAX_SOURCE = 200_000
"""Characters of one template's text."""
MAX_TAGS = 1_000
"""Tags and expressions (`{% … %}`, `{{ … }}`) in one template: compiling costs grow with them, and
more where they nest (the longest rulebook has 191)."""
MAX_TOKENS = 20_000
"""Tokens of one template as jinja2's lexer reads it (names, operators, numbers, texts; the longest
rulebook has 2,296)."""

FILTERS = frozenset({
    "abs", "attr", "batch", "capitalize", "center", "count", "default", "d", "dictsort", "e", "escape", "first",
    "float", "forceescape", "format", "groupby", "indent", "int", "items", "join", "last", "length", "list",
    "lower", "map", "max", "min", "reject", "rejectattr", "replace", "reverse", "round", "safe", "select",
    "selectattr", "slice", "sort", "string", "striptags", "sum", "title", "trim", "truncate", "unique", "upper",
    "wordcount",
})
"""jinja2's filters a template may use, each sized before it runs. Left out: wordwrap (Python's
textwrap breaks a long word in time quadratic in its length), those that print internals (pprint,
tojson, xmlattr, urlize, urlencode, filesizeformat) and `random` (a build must be deterministic)."""

_METHODS: dict[type, frozenset[str]] = {
    str: frozenset({"capitalize", "count", "endswith", "find", "isalnum", "isalpha", "isdigit", "islower",
                    "isspace", "istitle", "isupper", "lower", "lstrip", "replace", "rsplit", "rstrip",
                    "split", "splitlines", "startswith", "strip", "title", "upper"}),
    dict: frozenset({"get", "items", "keys", "values"}),
    list: frozenset({"count", "index"}),
    tuple: frozenset({"count", "index"}),
}
"""The methods of Python's own types a template may call; every other one (str.format and its
unbounded widths among them) is refused."""

_HERE = __name__.split(".")[0] + "."


# ---- what each filter may be given, sized before it runs ------------------------------------------------

def _sized_batch(value: Any, linecount: int, fill_with: Any = None) -> int:
    if fill_with is not None:
        bounds.within(bounds.filler_size(value, linecount, fill_with), "a batch in the template")
    return bounds.deep_size(value)


def _sized_slice(value: Any, slices: int, fill_with: Any = None) -> int:
    if fill_with is not None:
        bounds.within(bounds.filler_size(value, slices, fill_with), "a slice in the template")
    return bounds.deep_size(value)


def _sized_replace(s: Any, old: Any, new: Any, count: int | None = None) -> int:
    text = bounds.text_of(s)
    bounds.within(bounds.replace_size(text, bounds.text_of(old), bounds.text_of(new), count),
                  "a replace in the template")
    return len(text)


def _sized_indent(s: Any, width: int | str = 4, first: bool = False, blank: bool = False) -> int:
    text = bounds.text_of(s)
    pad = len(width) if isinstance(width, str) else max(width, 0)
    bounds.within(len(text) + (text.count("\n") + 1) * pad, "an indent in the template")
    return len(text)


def _sized_center(value: Any, width: int = 80) -> int:
    text = bounds.text_of(value)
    bounds.within(max(len(text), width), "a center in the template")
    return len(text)


def _sized_format(value: Any, *args: Any, **kwargs: Any) -> int:
    text = bounds.text_of(value)
    bounds.within(bounds.printf_size(text, kwargs or args), "a format in the template")
    return len(text) + bounds.deep_size(args) + bounds.deep_size(kwargs)


def _sized_sum(iterable: Any, attribute: Any = None, start: Any = 0) -> int:
    if not isinstance(start, (int, float)):   # adding lists or texts one by one takes quadratic time
        raise TemplateProblem("sum adds numbers only")
    return bounds.deep_size(iterable)


def _sorted(value: Any, *args: Any, **kwargs: Any) -> int:
    return bounds.sort_work(value)


_SIZED: dict[str, Callable[..., int]] = {
    "batch": _sized_batch, "slice": _sized_slice, "replace": _sized_replace, "indent": _sized_indent,
    "center": _sized_center, "format": _sized_format, "sum": _sized_sum,
    "sort": _sorted, "dictsort": _sorted, "unique": _sorted, "groupby": _sorted, "min": _sorted, "max": _sorted,
}
"""The work of a filter that is more than the size of what it is given, and the refusal of one whose
result would grow past MAX_VALUE (a filler, a width), both found before the filter runs."""


def _linear(value: Any, *args: Any, **kwargs: Any) -> int:
    size = bounds.deep_size(value)
    return size + sum(bounds.deep_size(v) for v in (*args, *kwargs.values())) if args or kwargs else size


_PASSED = (jinja2.runtime.Context, jinja2.Environment, nodes.EvalContext)


def _sized_filter(name: str, func: Callable[..., Any], test: bool = False) -> Callable[..., Any]:
    """A filter (or test) charged its work before it runs, its arguments and result sized; a lazy
    result charged a step an item as it is read. Outside a render (jinja2 folding constants as it
    compiles) it refuses to run, so every filter runs in a render's budget."""
    sized: Callable[..., int] = _SIZED.get(name) or _linear

    def bounded(*args: Any, **kwargs: Any) -> Any:
        plain = [a for a in args if not isinstance(a, _PASSED)]
        if not test:   # a number given to a filter may size what it makes (a width, a batch, a count)
            bounds.check_numbers(plain[1:])
            bounds.check_numbers(kwargs.values())
        bounds.charge(1, sized(*plain, **kwargs))
        result = func(*args, **kwargs)
        if test:
            return result
        if isinstance(result, Iterator) and not isinstance(result, (str, list, tuple, dict)):
            return bounds.charged_iter(result)
        return bounds.checked(result)

    bounded.__dict__.update(getattr(func, "__dict__", {}))   # keeps jinja2's pass_context / pass_environment marks
    bounded.__name__ = getattr(func, "__name__", name)
    return bounded


def _join(value: Iterable[Any], d: str = "", attribute: str | int | None = None) -> str:
    """jinja2's `join`, each item measured before its text is made, stopping once the text would pass
    MAX_VALUE."""
    env = sandboxed_environment()
    parts: list[str] = []
    total = 0
    for item in value:
        if attribute is not None:
            item = env.getitem(item, attribute)
        text = bounds.text_of(item)
        total += len(text) + (len(d) if parts else 0)
        bounds.within(total, "a join in the template")
        parts.append(text)
    return str(d).join(parts)


def _signed(value: int | float) -> str:
    return f"+{value:g}" if value > 0 else f"{value:g}"


def _plural(n: int | float, word: str, many: str | None = None) -> str:
    return f"{n:g} {word if n == 1 else (many or word + 's')}"


def _md_table(rows: list[list[object]]) -> str:
    """Rows (the first is the header) as a pipe table for the rulebook, each cell measured before its
    text is made."""
    cells = [[bounds.text_of(c) for c in row] for row in rows]
    bounds.within(sum(len(c) + 3 for row in cells for c in row) + 4 * len(cells), "a table in the template")
    lines = ["| " + " | ".join(cells[0]) + " |", "|" + "---|" * len(cells[0])]
    lines += ["| " + " | ".join(r) + " |" for r in cells[1:]]
    return "\n".join(lines)


def _bounded_range(*args: int) -> range:
    rng = range(*args)
    bounds.within(len(rng), "range() in the template")
    return rng


def _finalize(value: Any) -> Any:
    """Every `{{ ... }}` output: measured before its text is made, then charged by its length
    (StrictUndefined still raises on str())."""
    if isinstance(value, jinja2.Undefined):
        return value
    text = bounds.text_of(value)
    bounds.charge(1, len(text))
    return text


@jinja2.pass_context
def _turn(context: jinja2.runtime.Context, _value: str, nodes_run: int, text: int) -> str:
    """A loop turn or a macro call: its body's nodes and text, charged as it starts."""
    bounds.charge(1 + max(nodes_run, 0), max(text, 0))
    return ""


@jinja2.pass_context
def _items(context: jinja2.runtime.Context, iterable: Any) -> Iterator[Any]:
    """The items a loop reads, each charged a step (those its `if` skips too)."""
    bounds.charge()
    return bounds.charged_iter(iterable)


@jinja2.pass_context
def _measured(context: jinja2.runtime.Context, value: Any) -> Any:
    """A value compared or searched (`==`, `<`, `in`): its size charged as the work of comparing it."""
    if not isinstance(value, jinja2.Undefined):
        bounds.handled(value)
    return value


@jinja2.pass_context
def _made(context: jinja2.runtime.Context, value: Any) -> Any:
    """A list, tuple or dict written in the template, sized like any value it makes."""
    bounds.charge()
    return bounds.checked(value)


_INTERNAL = {"_turn": _turn, "_items": _items, "_measured": _measured, "_made": _made}
"""Filters the code generator adds (their names start with an underscore: a template naming one, in its
text or to `map`, is refused)."""


class _Bounded(NodeTransformer):
    """The tree of a template made to charge its work: each loop's items and body, each macro's body,
    each comparison's operands, each list, tuple and dict it writes."""

    def __init__(self, environment: jinja2.Environment) -> None:
        self.environment = environment

    def _filter(self, node: nodes.Expr, name: str, *args: int) -> nodes.Filter:
        made = nodes.Filter(node, name, [nodes.Const(a) for a in args], [], None, None, lineno=node.lineno)
        made.set_environment(self.environment)
        return made

    def _charge_body(self, body: list[nodes.Node], lineno: int) -> None:
        count = sum(1 + sum(1 for _ in n.find_all(nodes.Node)) for n in body)
        text = sum(len(d.data) for n in body for d in n.find_all(nodes.TemplateData))
        charge = nodes.ExprStmt(self._filter(nodes.Const("", lineno=lineno), "_turn", count, text), lineno=lineno)
        charge.set_environment(self.environment)
        body.insert(0, charge)

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        node.iter = self._filter(node.iter, "_items")   # type: ignore[arg-type]   # an Expr, as parsed
        self._charge_body(node.body, node.lineno)
        return node

    def visit_Macro(self, node: nodes.Macro | nodes.CallBlock) -> nodes.Node:
        self.generic_visit(node)
        self._charge_body(node.body, node.lineno)
        return node

    visit_CallBlock = visit_Macro

    def visit_Compare(self, node: nodes.Compare) -> nodes.Node:
        self.generic_visit(node)
        node.expr = self._filter(node.expr, "_measured")
        for op in node.ops:
            op.expr = self._filter(op.expr, "_measured")
        return node

    def _literal(self, node: nodes.Expr) -> nodes.Node:
        self.generic_visit(node)
        return self._filter(node, "_made")

    visit_List = visit_Dict = _literal

    def visit_Tuple(self, node: nodes.Tuple) -> nodes.Node:
        if node.ctx != "load":   # a target: `for a, b in …`, `set a, b = …`
            self.generic_visit(node)
            return node
        return self._literal(node)


class _BoundedCodeGenerator(CodeGenerator):
    """jinja2's code generator over the tree `_Bounded` makes, with every `~` joined text sized."""

    def visit_Template(self, node: nodes.Template, frame: Frame | None = None) -> None:
        for named in node.find_all((nodes.Filter, nodes.Test)):
            if named.name.startswith("_"):   # the filters _Bounded adds charge the budget: never the template's
                raise TemplateProblem(f"no filter or test named {named.name!r}")
        _Bounded(self.environment).visit(node)
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
        return str(_bounded(lambda: "".join(self.generate(*args, **kwargs))))


def _bounded(run: Callable[[], Any]) -> Any:
    """What `run` returns, run on the render's budget (a fresh one outside a render); every failure a
    TemplateProblem."""
    token = bounds.BUDGET.set(bounds.BUDGET.get() or bounds.Budget())
    try:
        return run()
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
        bounds.BUDGET.reset(token)


def _one_line(err: BaseException) -> str:
    text = err.message if isinstance(err, jinja2.TemplateError) and err.message else str(err)
    return " ".join(text.split())


_ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "*": bounds.times, "**": bounds.power, "%": bounds.modulo, "+": bounds.plus,
    "/": operator.truediv, "//": operator.floordiv,
}


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """jinja2's immutable sandbox, with the calls a template may make listed and its work counted."""

    code_generator_class = _BoundedCodeGenerator
    template_class = BoundedTemplate
    intercepted_binops = frozenset(_ARITHMETIC)

    def compile(self, source: Any, name: str | None = None, filename: str | None = None, raw: bool = False,
                defer_init: bool = False) -> Any:
        """jinja2's compile, of a source within MAX_SOURCE, MAX_TAGS and MAX_TOKENS only."""
        if isinstance(source, str):
            check_source(source)
        return super().compile(source, name, filename, raw, defer_init)  # type: ignore[call-overload]

    def call_filter(self, name: str, value: Any, args: Any = None, kwargs: Any = None,
                    context: jinja2.runtime.Context | None = None, eval_ctx: nodes.EvalContext | None = None) -> Any:
        """A filter named at render time (`map('upper')`): never one of the code generator's own."""
        if name.startswith("_"):
            raise TemplateProblem(f"no filter named {name!r}")
        return super().call_filter(name, value, args, kwargs, context, eval_ctx)

    def call_binop(self, context: jinja2.runtime.Context, operator: str, left: Any, right: Any) -> Any:
        bounds.charge(1, bounds.deep_size(left) + bounds.deep_size(right))
        return bounds.checked(_ARITHMETIC[operator](left, right))

    def getitem(self, obj: Any, argument: Any) -> Any:
        """An item or a slice, charged the size of the key and of the slice it copies."""
        if isinstance(argument, slice):
            length = len(obj) if isinstance(obj, (str, list, tuple, range)) else 1
            bounds.charge(1, len(range(*argument.indices(length))))
        else:
            bounds.charge(1, bounds.deep_size(argument))
        return super().getitem(obj, argument)

    def bounded_concat(self, parts: tuple[Any, ...]) -> str:
        total = 0
        texts = []
        for p in parts:
            text = bounds.text_of(p)
            total += len(text)
            bounds.within(total, "a joined text (~) in the template")
            texts.append(text)
        bounds.charge(1, total)
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
        owner = getattr(__obj, "__self__", None)
        bounds.check_numbers(args)
        bounds.check_numbers(kwargs.values())
        bounds.handled(owner if isinstance(owner, (str, list, tuple, dict)) else None, args, kwargs)
        if getattr(__obj, "__name__", None) == "replace" and isinstance(owner, str) and len(args) >= 2:
            bounds.within(bounds.replace_size(owner, str(args[0]), str(args[1]), int(args[2]) if len(args) > 2
                                              else -1), "a replace in the template")
        if isinstance(__obj, LoopContext) and args:   # a recursive loop's `loop(items)`: each item charged
            args = (bounds.charged_iter(args[0]), *args[1:])
        budget = bounds.BUDGET.get()
        if isinstance(__obj, Macro) and budget is not None:
            budget.depth += 1
            try:
                if budget.depth > bounds.MAX_MACRO_DEPTH:
                    raise TemplateProblem(f"macros call each other more than {bounds.MAX_MACRO_DEPTH} deep")
                return bounds.checked(super().call(__context, __obj, *args, **kwargs))
            finally:
                budget.depth -= 1
        return bounds.checked(super().call(__context, __obj, *args, **kwargs))


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


_GLOBALS: dict[str, Any] = {"range": _bounded_range, "dict": dict, "namespace": Namespace, "cycler": Cycler,
                            "joiner": Joiner}
"""jinja2's globals but `lipsum` (whose one number makes any amount of text)."""


class _Compiled(jinja2.FileSystemBytecodeCache):
    """jinja2's own cache of compiled templates, in the folder jinja2 keeps private to this user (in the
    system's temporary folder), so that a template compiles once a machine rather than once a process.
    Its files are named by the code that compiles and runs them (this module, the bounds it charges, and
    jinja2's version): code cached by another version is never run. A file that cannot be written is
    simply not kept."""

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """The cache of compiled templates, or None where jinja2 finds no folder of this user's to keep it."""
    code = hashlib.sha256(Path(__file__).read_bytes() + Path(bounds.__file__).read_bytes() +
                          jinja2.__version__.encode()).hexdigest()[:16]
    try:
        return _Compiled(pattern=f"playkit-{code}-%s.cache")
    except (OSError, RuntimeError):   # no temporary folder, or one another user made (jinja2 refuses it)
        return None


@cache
def sandboxed_environment() -> BoundedSandbox:
    """THE environment for every template, content strings and template files alike: sandboxed,
    bounded, ContentUndefined (a missing name is an error, never an empty string). `{% include %}` and
    file templates load from the repository's templates/."""
    from . import paths

    env = BoundedSandbox(
        loader=jinja2.FileSystemLoader(str(paths.TEMPLATES)),
        bytecode_cache=_bytecode_cache(),
        undefined=ContentUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=False,   # a block tag's line break stays: paragraphs keep their blank lines
        lstrip_blocks=True,
        finalize=_finalize,
    )
    env.globals = dict(_GLOBALS)
    filters: dict[str, Callable[..., Any]] = {name: f for name, f in env.filters.items() if name in FILTERS}
    filters.update(join=_join, signed=_signed, plural=_plural, md_table=_md_table)
    env.filters = {name: _sized_filter(name, f) for name, f in filters.items()}
    env.filters.update(_INTERNAL)
    tests = cast("dict[str, Callable[..., Any]]", env.tests)
    env.tests = {name: _sized_filter(name, f, test=True) for name, f in tests.items()}
    return env


def check_source(source: str) -> None:
    """TemplateProblem for a source too long, or with too many tags or tokens, found by jinja2's lexer
    before any compiling (it stops reading at the bound)."""
    if len(source) > MAX_SOURCE:
        raise TemplateProblem(f"the template is longer than {MAX_SOURCE:,} characters")
    tags = 0
    for tokens, (_, kind, _) in enumerate(sandboxed_environment().lex(source), 1):
        tags += kind in ("block_begin", "variable_begin")
        if tags > MAX_TAGS:
            raise TemplateProblem(f"the template has more than {MAX_TAGS:,} tags and expressions")
        if tokens > MAX_TOKENS:
            raise TemplateProblem(f"the template has more than {MAX_TOKENS:,} tokens (names, operators, texts)")


@lru_cache(maxsize=4096)
def _compiled(source: str) -> jinja2.Template:
    """The template of a text held in content, through jinja2's bytecode cache as a file's is (by the
    hash of the text: jinja2's loaders key a template by its name, which a text has not)."""
    env = sandboxed_environment()
    if env.bytecode_cache is None:
        return env.from_string(source)
    bucket = env.bytecode_cache.get_bucket(env, "text", hashlib.sha256(source.encode()).hexdigest(), source)
    if bucket.code is None:
        bucket.code = env.compile(source)
        env.bytecode_cache.set_bucket(bucket)
    return env.template_class.from_code(env, bucket.code, env.make_globals(None))


@lru_cache(maxsize=4096)
def _names(source: str) -> frozenset[str]:
    """The names the template reads (asked only of a layout's box texts, so worked out apart)."""
    env = sandboxed_environment()
    _compiled(source)   # a template that cannot be compiled says why
    return frozenset(meta.find_undeclared_variables(env.parse(source))) - set(env.globals)


def _read(made: Callable[[str], R], source: str) -> R:
    """What `made` makes of a template string (once a process: an LRU by source); TemplateProblem if
    the template cannot be compiled."""
    try:
        return made(source)
    except TemplateProblem:
        raise
    except jinja2.TemplateSyntaxError as err:
        raise TemplateProblem(f"line {err.lineno}: {_one_line(err)}" if "\n" in source.strip()
                              else _one_line(err)) from None
    except jinja2.TemplateError as err:
        raise TemplateProblem(_one_line(err)) from None
    except (RecursionError, MemoryError, SyntaxError, ValueError, OverflowError, TypeError) as err:
        raise TemplateProblem(f"the template cannot be read ({type(err).__name__})") from None


def compiled(source: str) -> jinja2.Template:
    """A template string, loaded once a process (a kit renders the same card text for many cards) and
    compiled once a machine (`_compiled`); it keeps no state between renders."""
    return _read(_compiled, source)


def _plain(source: str) -> bool:
    """A text with no tag, expression or comment, which jinja2 would print as it is: half of a kit's
    texts, each of which would otherwise cost jinja2 a compile (docs/speed.md)."""
    if len(source) > MAX_SOURCE:
        raise TemplateProblem(f"the template is longer than {MAX_SOURCE:,} characters")
    return "{" not in source


def template_names(source: str) -> frozenset[str]:
    """The names a template string reads from what it is given (not the sandbox's globals)."""
    return frozenset() if _plain(source) else _read(_names, source)


def render_template(source: str, **context: Any) -> str:
    """Render a template string written in content; every failure raises TemplateProblem."""
    return source if _plain(source) else str(compiled(source).render(**context))


def file_template(name: str) -> jinja2.Template:
    """The template file `templates/<name>`, compiled once by jinja2's own cache (and again when edited)."""
    try:
        return sandboxed_environment().get_template(name)
    except TemplateProblem:
        raise
    except jinja2.TemplateError as err:
        raise TemplateProblem(_one_line(err)) from None


def file_macro(name: str, macro: str, **context: Any) -> str:
    """The text of the macro `macro` of the template file `templates/<name>`, called by keyword in a
    render's budget."""
    template = file_template(name)
    return str(_bounded(lambda: getattr(template.make_module(), macro)(**context)))
