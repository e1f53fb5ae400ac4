"""The work a template may do, counted in steps, and the size of every value it may make.

A render runs on a Budget: every loop turn, call, filter, test and operator is a step (a loop turn
and a macro call are charged the nodes of their body besides), and every character or item a step
handles, reads or makes is charged as work. A value is measured by its deep size (the characters of
its strings and the items of its lists, tuples, sets and dicts, nested ones included) without
building its text, and a walk that measures it stops as soon as the size passes its bound. An
operation that could make more than it is given (`*`, `+`, `%`, a filler, a replace, a join) is
sized before it runs; every other one is charged the size of what it is given before it runs, and
what it makes is measured after. Counting is deterministic: the same template fails the same way on
every machine, under any load.
"""

from __future__ import annotations

import contextvars
import math
from collections.abc import Iterable, Iterator
from typing import Any

import jinja2
from markupsafe import Markup

MAX_STEPS = 50_000
"""Steps one render may take: loop turns, calls, filters, tests and operators, and the nodes of each
loop body and macro body run (the most one render of the shipped kits takes is about 3,500)."""
MAX_WORK = 2_000_000
"""Characters and items one render may handle: read by a filter, a call, an operator or a comparison,
made, or printed (the most one render of the shipped kits handles is about 32,000)."""
MAX_VALUE = 100_000
"""The deep size of one value a template makes or hands to a call: characters of its strings plus
items of its containers, nested ones included."""
MAX_INT_BITS = 4_000
"""Bits of the largest integer a template may compute (about 1,200 digits)."""
MAX_FIELD = 1_000
"""The largest width or precision of a `%` conversion."""
MAX_MACRO_DEPTH = 50
"""How deep macros may call macros (recursion included)."""


class TemplateProblem(jinja2.TemplateError):
    """A template that cannot render: bad syntax, an unknown name, a refused access or too much work."""


class Budget:
    """What one render has spent so far."""

    def __init__(self) -> None:
        self.steps = 0
        self.work = 0
        self.depth = 0

    def spend(self, steps: int, work: int) -> None:
        if steps < 0 or work < 0:
            raise TemplateProblem("a template may not give work back")
        self.steps += steps
        self.work += work
        if self.steps > MAX_STEPS:
            raise TemplateProblem(f"the template does too much work (more than {MAX_STEPS:,} steps: loop turns, "
                                  "calls and filters)")
        if self.work > MAX_WORK:
            raise TemplateProblem(f"the template does too much work (it handles more than {MAX_WORK:,} "
                                  "characters and items)")


BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("template_budget", default=None)
"""The budget of the render running in this context (None outside a render)."""


class OutsideARender(TemplateProblem):
    """Template code run with no budget: jinja2 folding constants while it compiles, which then leaves
    the expression to run in the render (jinja2 turns any failure there into 'not constant')."""


def charge(steps: int = 1, work: int = 0) -> None:
    budget = BUDGET.get()
    if budget is None:
        raise OutsideARender("template code runs only inside a render")
    budget.spend(steps, work)


_EMPTY: dict[Any, Any] = {}
_DICT_VIEWS = (type(_EMPTY.keys()), type(_EMPTY.values()), type(_EMPTY.items()))
_CONTAINERS = (list, tuple, set, frozenset, *_DICT_VIEWS)


def deep_size(value: Any) -> int:
    """Characters of the strings and items of the containers in `value`, nested ones included (a range
    counts its numbers; any other object 1), or TemplateProblem once that passes MAX_VALUE. The walk
    visits at most MAX_VALUE + 1 things, however the value shares its parts (`[[s] * 300] * 300`)."""
    if isinstance(value, (str, bytes)):
        if len(value) > MAX_VALUE:
            raise TemplateProblem(f"a value in the template grows past {MAX_VALUE:,} characters and items")
        return len(value)
    if isinstance(value, (int, float)) or value is None:
        return 1
    total = 0
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, (str, bytes, range)):
            total += len(item)
        elif isinstance(item, dict):
            total += len(item)
            if total <= MAX_VALUE:
                todo.extend(item.keys())
                todo.extend(item.values())
        elif isinstance(item, _CONTAINERS):
            total += len(item)
            if total <= MAX_VALUE:
                todo.extend(item)
        else:
            total += 1
        if total > MAX_VALUE:
            raise TemplateProblem(f"a value in the template grows past {MAX_VALUE:,} characters and items")
    return total


def handled(*values: Any) -> int:
    """The deep size of `values` together, each at most MAX_VALUE, charged to the render as work (one
    step for them all); that size."""
    size = sum(deep_size(v) for v in values)
    charge(1, size)
    return size


def checked(value: Any) -> Any:
    """`value` if it is small enough to keep (its deep size, and the bits of a number), charged to the
    render as the work of making it."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        raise TemplateProblem(f"a number in the template grows past {MAX_INT_BITS} bits")
    charge(0, deep_size(value))
    return value


def check_numbers(values: Iterable[Any]) -> None:
    """No integer among `values` passes MAX_VALUE: it could size something (a width, a batch, a count)."""
    for v in values:
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_VALUE:
            raise TemplateProblem(f"a number given to a call is larger than {MAX_VALUE:,}")


def within(size: int, what: str) -> None:
    """Refuse an operation that would make a value of `size` before it is made."""
    if size > MAX_VALUE:
        raise TemplateProblem(f"{what} makes a value larger than {MAX_VALUE:,} characters and items")


def charged_iter(items: Iterable[Any]) -> Iterator[Any]:
    """The items of `items`, each charged a step."""
    for item in items:
        charge()
        yield item


# ---- operators ----------------------------------------------------------------------------------------

def times(left: Any, right: Any) -> Any:
    """`left * right`, sized first."""
    for seq, n in ((left, right), (right, left)):
        if isinstance(n, int) and isinstance(seq, (str, list, tuple)) and n > 0:
            within(deep_size(seq) * n, "a repetition in the template")
    if isinstance(left, int) and isinstance(right, int) and left.bit_length() + right.bit_length() > MAX_INT_BITS:
        raise TemplateProblem(f"a number in the template grows past {MAX_INT_BITS} bits")
    return left * right


def power(left: Any, right: Any) -> Any:
    """`left ** right`, sized first."""
    if isinstance(left, int) and isinstance(right, int) and right > 0 and abs(left) > 1 \
            and (abs(left).bit_length() - 1) * right > MAX_INT_BITS:
        raise TemplateProblem(f"a power in the template grows past {MAX_INT_BITS} bits")
    return left ** right


def plus(left: Any, right: Any) -> Any:
    """`left + right`, sized first."""
    if not isinstance(left, (int, float)) or not isinstance(right, (int, float)):
        within(deep_size(left) + deep_size(right), "an addition in the template")
    return left + right


def modulo(left: Any, right: Any) -> Any:
    """`left % right`; for a text, the `printf` formatting it asks for, sized first."""
    if isinstance(left, str):
        within(printf_size(left, right), "a % format in the template")
    return left % right


_NUMERIC = frozenset("diouxXeEfFgG")
_NUMBER_DIGITS = 1_300
"""More than the characters of any number a template may format without width or precision: an
integer of MAX_INT_BITS (1,205 digits) or a float as `%f` (309 digits)."""


def printf_size(fmt: str, args: Any) -> int:
    """At most how long `fmt % args` is, read as CPython reads a format (a key in balanced parentheses,
    flags, an ASCII width and precision, a length letter, the conversion); TemplateProblem for a width
    or precision past MAX_FIELD or given as `*`. A conversion that Python refuses ends the count: the
    format fails there."""
    escaped = 5 if isinstance(fmt, Markup) else 1   # Markup escapes what it formats: `"` → `&#34;`
    positional = iter(args if isinstance(args, tuple) else (args,))
    seen: dict[tuple[int, str], int] = {}
    total = 0
    i, n = 0, len(fmt)
    while (start := fmt.find("%", i)) >= 0:
        total += start - i
        i = start + 1
        key = None
        if i < n and fmt[i] == "(":
            depth, j = 1, i + 1
            while j < n and depth:
                depth += {"(": 1, ")": -1}.get(fmt[j], 0)
                j += 1
            key, i = fmt[i + 1:j - 1], j
        while i < n and fmt[i] in "-+ #0":
            i += 1
        width, i = _number(fmt, i)
        precision = None
        if i < n and fmt[i] == ".":
            precision, i = _number(fmt, i + 1)
            precision = precision or 0
        if i < n and fmt[i] in "hlL":
            i += 1
        conversion = fmt[i] if i < n else ""
        i += 1
        if conversion == "%":
            total += max(1, width or 0)
            continue
        try:
            value = args[key] if key is not None else next(positional)
        except (KeyError, IndexError, TypeError, StopIteration):
            return total
        total += max(width or 0, _converted_size(value, conversion, precision, seen) * escaped)
    return total + max(0, n - i)


def _number(fmt: str, i: int) -> tuple[int | None, int]:
    """The ASCII digits at `i` as a number (None if there are none) and where they end."""
    if i < len(fmt) and fmt[i] == "*":
        raise TemplateProblem("a % format in the template takes its width or precision from a value ('*')")
    j = i
    while j < len(fmt) and "0" <= fmt[j] <= "9":
        j += 1
        if j - i > 4:
            break
    if j == i:
        return None, i
    number = int(fmt[i:j])
    if number > MAX_FIELD:
        raise TemplateProblem(f"a % format in the template asks for a width or precision above {MAX_FIELD:,}")
    return number, j


def _converted_size(value: Any, conversion: str, precision: int | None, seen: dict[tuple[int, str], int]) -> int:
    if conversion in _NUMERIC:
        return _NUMBER_DIGITS + (precision or 0)
    if conversion == "c":
        return 1
    known = seen.get((id(value), conversion))
    if known is None:
        deep_size(value)
        text = repr(value) if conversion == "r" else ascii(value) if conversion == "a" else str(value)
        known = seen[(id(value), conversion)] = len(text)
    return known if precision is None else min(known, precision)


def filler_size(value: Any, slots: int, fill: Any) -> int:
    """The size of `value`'s items cut into `slots`-wide rows, the last padded with `fill`."""
    return deep_size(value) + max(slots, 0) * (deep_size(fill) + 1)


def replace_size(text: str, old: str, new: str, count: int | None = None) -> int:
    times_ = len(text) + 1 if old == "" else text.count(old)
    if count is not None and count >= 0:
        times_ = min(times_, count)
    return len(text) + times_ * len(new)


def sort_work(value: Any) -> int:
    """The work of sorting `value`: its size times the comparisons an item takes."""
    size = deep_size(value)
    items = len(value) if isinstance(value, (str, *_CONTAINERS, dict, range)) else size
    return size * max(1, math.ceil(math.log2(items + 1)))


def text_of(value: Any) -> str:
    """`str(value)`, measured first (a value's text is at most a few times its deep size)."""
    deep_size(value)
    text = value if isinstance(value, str) else str(value)
    within(len(text), "a text in the template")
    return text
