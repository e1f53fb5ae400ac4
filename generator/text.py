"""Prose from templates: every number a player reads is a Jinja2 expression over the model.

StrictUndefined makes a missing name an error, never an empty string.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jinja2

from . import paths


def _signed(value: int | float) -> str:
    return f"+{value:g}" if value > 0 else f"{value:g}"


def _plural(n: int | float, word: str, many: str | None = None) -> str:
    return f"{n:g} {word if n == 1 else (many or word + 's')}"


def _md_table(rows: list[list[object]]) -> str:
    """Rows (the first is the header) as a pipe table for the rulebook."""
    lines = ["| " + " | ".join(str(c) for c in rows[0]) + " |", "|" + "---|" * len(rows[0])]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows[1:]]
    return "\n".join(lines)


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(paths.TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=False,   # a block tag's line break stays: paragraphs keep their blank lines
        lstrip_blocks=True,
    )
    env.filters["signed"] = _signed
    env.filters["plural"] = _plural
    env.filters["md_table"] = _md_table
    return env


def render(name: str, **context: Any) -> str:
    """Render the template file `templates/<name>`."""
    return environment().get_template(name).render(**context)


def render_string(source: str, **context: Any) -> str:
    """Render a template written in content (card text); raise jinja2 errors to the caller."""
    return environment().from_string(source).render(**context)
