"""Templates rendered from jinja2's own parsed tree, without compiling them: `Direct`.

jinja2 compiles a template to Python source and compiles that, which costs more than rendering the
template many times (loading the four games compiled 65 content templates, a third of the time it
took). A template made of text, expressions, ifs, fors and sets is instead evaluated here
from the tree jinja2 parsed, step for step as the code jinja2 would generate for it: jinja2's own
as_const and Optimizer fold what its code generator folds; every name, attribute, item, call, filter,
operator, `~` and loop goes through the sandboxed environment's own methods and budget (templating.py),
so what a template may reach and what its render may cost are the same; a test (`is none`) is
jinja2's own function, uncharged as in its code. Anything else (macros, blocks, includes, a loop with
else, a set read where jinja2's scoping differs from Direct's, *args, ...) is compiled by jinja2, whose
words its errors keep. tests/test_templating.py holds Direct to jinja2 over random templates (text
or problem, and the budget charged); templating.from_tree decides which path a template takes.
"""

from __future__ import annotations

import keyword
import math
import operator
from collections.abc import Callable, Iterator
from typing import Any, TypeAlias

import jinja2
from jinja2 import nodes
from jinja2.compiler import find_undeclared
from jinja2.optimizer import Optimizer
from jinja2.runtime import LoopContext
from jinja2.utils import _PassArg

from .templating import BoundedSandbox, _bounded_render, _loop_bound, sandboxed_environment

_MAX_NESTING = 30
"""How deep an expression Direct evaluates may nest (jinja2 compiles a deeper one: Python's own parser
refuses code nested past 200 brackets, so a deep template fails there, as it must here too)."""

_MAX_DICT = 15
"""The most pairs of a dict display Direct builds: Python builds a display of up to 15 pairs only after
evaluating all of them (a longer one pair by pair), which is the order Direct keeps."""

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


class Unwritable(Exception):
    """A constant jinja2 folded that its compiled code would not write back as itself (an infinite
    float is written `inf`, a name Python does not know; a list is made anew each render)."""


class _Run:
    """One render of a Direct template: its values, the names its `set`s and loops bound so far
    (`scope`, the innermost loop's variables over the outer ones'), and the jinja2 Context the compiled
    template would make for them (made only when a call, a filter or a `set` asks for it)."""

    __slots__ = ("_context", "env", "loop_vars", "scope", "values")

    def __init__(self, env: BoundedSandbox, values: dict[str, Any]) -> None:
        self.env = env
        self.values = values
        self.scope: dict[str, Any] = {}
        self.loop_vars: dict[str, Any] = {}
        """jinja2's `_loop_vars`: one variable of its render function, made a new dict at the start of
        every iteration of every loop (an inner loop's last one stays after it), holding the `set`s
        of the loop's body, handed to each call in a loop's body."""
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
    if isinstance(node, nodes.Test):   # `x is none`: jinja2's own test, uncharged as in its code
        if node.dyn_args is not None or node.dyn_kwargs is not None or node.name not in env.tests:
            return False
        keys = [str(k.key) for k in node.kwargs]
        if len(set(keys)) != len(keys) or any(not k.isidentifier() or keyword.iskeyword(k) for k in keys):
            return False
        return _evaluable(node.node, env, inner) and all(_evaluable(a, env, inner) for a in node.args) \
            and all(_evaluable(k.value, env, inner) for k in node.kwargs)
    if isinstance(node, nodes.Concat):   # `a ~ b`: the sandbox's bounded_concat, as _BoundedCodeGenerator writes it
        return all(_evaluable(n, env, inner) for n in node.nodes)
    if isinstance(node, nodes.Dict):   # a dict display Python builds after evaluating every value
        # keys written as constants only (jinja2's own folding fails on a key such as [1, 2])
        return len(node.items) <= _MAX_DICT and all(
            isinstance(p.key, nodes.Const) and isinstance(p.key.value, (str, int, float, type(None)))
            and _evaluable(p.value, env, inner) for p in node.items)
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
    """Whether the code jinja2 writes for a constant (its repr) gives back an equal value (a list or a
    dict made anew each time the code runs, as `_fresh` makes it; never a set, whose order could
    differ)."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, complex):
        return math.isfinite(value.real) and math.isfinite(value.imag)
    if isinstance(value, int):
        return value.bit_length() < 4 * 3_000   # str() of a longer int fails (Python's digit limit)
    if type(value) in (tuple, list) or isinstance(value, frozenset):
        return all(_written_back(v) for v in value)
    if type(value) is dict:
        return all(_written_back(k) and _written_back(v) for k, v in value.items())
    return isinstance(value, (str, range)) or value is None


def _holds_mutable(value: Any) -> bool:
    """Whether a constant holds a list or a dict (which jinja2's code makes anew each time it runs)."""
    if type(value) in (list, dict):
        return True
    return type(value) is tuple and any(_holds_mutable(v) for v in value)


def _fresh(value: Any) -> Any:
    """A constant as its repr, run again, makes it: each list and dict (and a tuple holding one) anew."""
    if type(value) is list:
        return [_fresh(v) for v in value]
    if type(value) is dict:
        return {_fresh(k): _fresh(v) for k, v in value.items()}
    if type(value) is tuple and _holds_mutable(value):
        return tuple([_fresh(v) for v in value])
    return value


def _value(node: nodes.Node, env: BoundedSandbox, in_loop: bool = False, name: str | None = None) -> Value:
    """`node` (folded as jinja2 folds it) made ready to evaluate, step for step as the code jinja2
    generates for it: every name, attribute, item, call, filter and operator through the sandbox."""
    if isinstance(node, nodes.Const):
        value = node.value
        if not _written_back(value):
            raise Unwritable
        if _holds_mutable(value):
            return lambda run: _fresh(value)
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
    if isinstance(node, nodes.Filter):
        return _applied(env.filters[node.name], node, env, in_loop, name)
    if isinstance(node, nodes.Test):
        return _applied(env.tests[node.name], node, env, in_loop, name)   # type: ignore[arg-type]
    if isinstance(node, nodes.Call):
        args = [_value(a, env, in_loop, name) for a in node.args]
        kwargs = [(str(k.key), _value(k.value, env, in_loop, name)) for k in node.kwargs]
        callee = _value(node.node, env, in_loop, name)

        if in_loop:   # jinja2 hands a call in a loop's body the loop's `set`s so far, and charges them
            def called_in_loop(run: _Run) -> Any:
                context, obj = run.context, callee(run)
                return run.env.call(context, obj, *[a(run) for a in args], **{k: v(run) for k, v in kwargs},
                                    _loop_vars=run.loop_vars)
            return called_in_loop

        def called(run: _Run) -> Any:
            context, obj = run.context, callee(run)
            return run.env.call(context, obj, *[a(run) for a in args], **{k: v(run) for k, v in kwargs})
        return called
    if isinstance(node, nodes.Concat):
        parts = [_value(n, env, in_loop, name) for n in node.nodes]
        return lambda run: run.env.bounded_concat(tuple([p(run) for p in parts]))
    if isinstance(node, nodes.Dict):
        pairs = [(_value(p.key, env, in_loop, name), _value(p.value, env, in_loop, name)) for p in node.items]

        def built(run: _Run) -> Any:
            return dict([(key(run), value(run)) for key, value in pairs])   # every pair, then the dict
        return built
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


def _applied(func: Callable[..., Any], node: nodes.Filter | nodes.Test, env: BoundedSandbox, in_loop: bool,
             name: str | None) -> Value:
    """A filter (`x | f(a)`) or a test (`x is t(a)`): jinja2's own function called as its code calls
    it, with what the function asks to be passed first (context, eval context or environment), then
    the value, then the arguments (a test uncharged, as in jinja2's code)."""
    passed = _PASS.get(_PassArg.from_obj(func))
    args = [_value(a, env, in_loop, name) for a in node.args]
    kwargs = [(str(k.key), _value(k.value, env, in_loop, name)) for k in node.kwargs]
    assert node.node is not None   # a filter block's, which _evaluable refuses
    of = _value(node.node, env, in_loop, name)

    def applied(run: _Run) -> Any:
        first = [passed(run)] if passed is not None else []
        value = of(run)
        return func(*first, value, *[a(run) for a in args], **{k: v(run) for k, v in kwargs})
    return applied


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
    """A `{% set name = value %}`: the name bound for what follows, and kept where jinja2's code keeps
    it: in a loop's body (`in_loop`) in the loop's `_loop_vars`, else in the render's Context
    (`context.vars`, `exported_vars`)."""

    __slots__ = ("in_loop", "name", "value")

    def __init__(self, name: str, value: Value, in_loop: bool) -> None:
        self.name, self.value, self.in_loop = name, value, in_loop


def _direct_body(body: list[nodes.Node], env: BoundedSandbox) -> bool:
    """Whether Direct renders these statements: runs of text and expressions, `if`s and `for`s of
    them, and `set`s of one name (where each may be read, `_sets_are_plain` says)."""
    for node in body:
        if isinstance(node, nodes.Output):
            if not all(isinstance(c, nodes.TemplateData) or _evaluable(c, env) for c in node.nodes):
                return False
        elif isinstance(node, nodes.If):
            if not (_evaluable(node.test, env) and _direct_body(node.body, env)
                    and _direct_body(node.else_, env)
                    and all(_evaluable(e.test, env) and _direct_body(e.body, env) for e in node.elif_)):
                return False
        elif isinstance(node, nodes.For):
            if node.recursive or node.else_ or not _loop_names(node.target) or not _evaluable(node.iter, env) \
                    or not _direct_body(node.body, env):
                return False
            if node.test is not None and (not _evaluable(node.test, env) or find_undeclared([node.test], ("loop",))):
                return False
        elif isinstance(node, nodes.Assign):
            if not isinstance(node.target, nodes.Name) or node.target.name in ("loop", "self") \
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


def _sets_are_plain(tree: nodes.Template) -> bool:
    """Whether each `set` is read only where, in jinja2's code, it is the value set: one at the
    template's top is named nowhere before it and set by no other `set` (a loop after it may bind
    the name for its body); one inside an `if` or a `for` is the name's only binding in the template,
    and read only in the statements after it in its own body. (jinja2 gives a name read before its
    `set` in a block, or after the block, values Direct's scopes do not.)"""
    loops = list(tree.find_all(nodes.For))
    loop_targets = {id(n) for loop in loops for n in (loop.target, *loop.target.find_all(nodes.Name))}
    stores: dict[str, int] = {}
    named: dict[str, int] = {}   # how often the template names each name, bound or read
    for name in tree.find_all(nodes.Name):
        named[name.name] = named.get(name.name, 0) + 1
        if name.ctx == "store" and id(name) not in loop_targets:
            stores[name.name] = stores.get(name.name, 0) + 1
    if not stores:
        return True
    if any(n != 1 for n in stores.values()) or not _block_sets_read_after(named, tree.body, top=True):
        return False
    sets = {node.target.name: node for node in tree.body if isinstance(node, nodes.Assign)
            and isinstance(node.target, nodes.Name)}
    if not sets:
        return True
    seen: set[str] = set()
    for statement in tree.body:
        read = statement.node if isinstance(statement, nodes.Assign) else statement
        names = {n.name for n in read.find_all(nodes.Name)} | ({read.name} if isinstance(read, nodes.Name) else set())
        if names & (set(sets) - seen):
            return False
        if isinstance(statement, nodes.Assign) and isinstance(statement.target, nodes.Name):
            seen.add(statement.target.name)
    return True


def _block_sets_read_after(named: dict[str, int], body: list[nodes.Node], top: bool) -> bool:
    """Whether each `set` in the blocks under `body` binds a name bound nowhere else in the template
    (no other `set`, no loop) and read only in the statements after it in its own body (`named`:
    how often the template names each name)."""
    for at, node in enumerate(body):
        if isinstance(node, nodes.Assign) and not top:
            assert isinstance(node.target, nodes.Name)
            name = node.target.name
            if named[name] != 1 + sum(1 for later in body[at + 1:] for n in later.find_all(nodes.Name)
                                      if n.name == name and n.ctx == "load"):
                return False
        bodies = [node.body] if isinstance(node, nodes.For) else \
            [node.body, node.else_, *(e.body for e in node.elif_)] if isinstance(node, nodes.If) else []
        if not all(_block_sets_read_after(named, b, False) for b in bodies):
            return False
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
            steps.append(_Set(node.target.name, _value(optimizer.visit(node.node, eval_ctx), env, in_loop, name),
                              in_loop))
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
    and compiling it, which costs as much as loading a content file. Anything else (a macro, a `set`
    read where jinja2 scopes it otherwise, `*args`, a name of Python's keywords) is compiled by jinja2."""

    def __init__(self, steps: list[Step]) -> None:
        self.steps = steps

    @classmethod
    def of(cls, tree: nodes.Template, name: str | None = None) -> Direct | None:
        """The Direct template of a parsed template, None when it holds anything else (then the tree
        is as parsed, for jinja2 to compile); Unwritable when jinja2 folded a part of it to a
        constant its code would not write back as itself (the tree is folded then)."""
        env = sandboxed_environment()
        if not tree.body or not _direct_body(tree.body, env) or not _sets_are_plain(tree):
            return None
        return cls(_steps(tree.body, env, nodes.EvalContext(env, name), Optimizer(env), False, name))

    def render(self, *args: Any, **kwargs: Any) -> str:
        return _bounded_render(self.generate, args, kwargs)

    def generate(self, *args: Any, **kwargs: Any) -> Iterator[str]:
        env = sandboxed_environment()
        return _generate(self.steps, _Run(env, dict(*args, **kwargs)))


_MACRO_NAMES = frozenset({"caller", "varargs", "kwargs", "loop", "self"})
"""Names jinja2 gives a macro's body a meaning of their own (or a loop's, or the template's)."""


class Macros:
    """A template file of macros and nothing else (the words of a card or a sheet, one phrase a
    macro: templates/island-of-fog/combat-card.j2), each called from Python by keyword (`macros.
    title(game=...)`) and rendered from its parsed tree as Direct renders a template, without
    compiling the file (7 ms for the combat card's, in every process that loads Island of Fog).

    A macro is taken when it has plain parameters (no defaults) and its body is Direct's, with no
    `set` (jinja2 keeps a macro's sets to itself) and no name of another macro or of `caller`,
    `varargs`, `kwargs` (which jinja2 resolves to its own objects). Its call does what jinja2's
    Macro does when given each parameter by keyword: the body's text, every output through the
    environment's finalize, every loop, call and filter charged to the budget of the render it is
    called in (none outside one, as jinja2's module's macros); its failures are jinja2's, raised
    as they are. A call with other arguments goes to jinja2's own macro (`fallback`), whose words
    its errors keep."""

    def __init__(self, macros: dict[str, tuple[tuple[str, ...], list[Step]]],
                 fallback: Callable[[], Any]) -> None:
        self._macros = macros
        self._fallback = fallback

    @classmethod
    def of(cls, tree: nodes.Template, fallback: Callable[[], Any], name: str | None = None) -> Macros | None:
        """The Macros of a parsed template file, None when it holds anything else (then jinja2's
        module is made instead; `fallback` makes it)."""
        env = sandboxed_environment()
        defined = [node for node in tree.body if isinstance(node, nodes.Macro)]
        names = {m.name for m in defined} | {"caller", "varargs", "kwargs"}
        for node in tree.body:
            if isinstance(node, nodes.Output):
                if not all(isinstance(c, nodes.TemplateData) and not c.data.strip() for c in node.nodes):
                    return None
            elif not isinstance(node, nodes.Macro) or node.defaults or not node.body \
                    or any(a.name in _MACRO_NAMES for a in node.args) \
                    or any(True for _ in node.find_all(nodes.Assign)) \
                    or any(n.name in names for n in node.find_all(nodes.Name) if n.ctx == "load") \
                    or not _direct_body(node.body, env):
                return None
        eval_ctx, optimizer = nodes.EvalContext(env, name), Optimizer(env)
        return cls({m.name: (tuple(a.name for a in m.args), _steps(m.body, env, eval_ctx, optimizer, False, name))
                    for m in defined}, fallback)

    def __getattr__(self, phrase: str) -> Callable[..., str]:
        if phrase.startswith("_") or phrase not in self._macros:
            return getattr(self._fallback(), phrase)   # type: ignore[no-any-return]
        params, steps = self._macros[phrase]

        def call(*args: Any, **kwargs: Any) -> Any:
            if args or set(kwargs) != set(params):
                return getattr(self._fallback(), phrase)(*args, **kwargs)
            return "".join(_generate(steps, _Run(sandboxed_environment(), kwargs)))
        return call


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
            if step.in_loop:
                run.loop_vars[step.name] = value
                continue
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
                run.loop_vars = {}
                yield from _generate(step.body, run)
                run.scope = outer
        else:
            for item in items:
                run.scope = outer | step.bind(item)
                run.loop_vars = {}
                yield from _generate(step.body, run)
                run.scope = outer
    finally:
        run.scope = outer
