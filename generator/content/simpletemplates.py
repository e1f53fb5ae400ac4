"""What is known of a template without jinja2: its bounds, the names the sandbox defines, and whether
it is plain words or one field alone, which print without being compiled.

content/templating.py is the sandbox itself (it imports jinja2, some 0.03 s a process); a deck whose
box texts are words and `{{ field }}`s (most of a data-only deck's) is printed without it.
"""

from __future__ import annotations

import re

MAX_VALUE = 100_000
"""Characters of one string, or items of one list, a template may make or pass to a call."""
MAX_SOURCE = 200_000
"""Characters of one template's text."""

GLOBAL_NAMES = ("range", "dict", "namespace", "cycler", "joiner")
"""The names the sandbox defines: jinja2's globals but `lipsum` (whose one number makes any amount of
text); templating.py gives each its value."""
OPENERS = ("{%", "{{", "{#")
"""What opens a tag, an expression and a comment (jinja2's own, which the sandbox keeps)."""
_NOT_FIELDS = frozenset({*GLOBAL_NAMES, "true", "false", "none", "True", "False", "None", "not", "self"})
"""Names that `{{ name }}` does not read from the item: the globals, jinja2's constants, and the words
its parser takes for something else."""
_ONE_NAME = re.compile(r"^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$")


def verbatim(source: str) -> bool:
    """Whether `source` renders as itself: no tag, expression or comment opens in it, and no carriage
    return (jinja2 turns each into a line break; every other character of plain text it keeps, the
    trailing line break too, `keep_trailing_newline`)."""
    return "\r" not in source and not any(mark in source for mark in OPENERS)


def one_field(source: str) -> str | None:
    """The field a template of one name alone (`{{ name }}`) prints, which it reads from the item;
    None for any other template."""
    one = _ONE_NAME.match(source)
    return one.group(1) if one and one.group(1) not in _NOT_FIELDS else None
