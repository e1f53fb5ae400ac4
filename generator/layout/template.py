"""Box texts are Jinja2 templates over an item, compiled once and rendered in the core's bounded sandbox.

Content is untrusted: every box template renders in `content.templating`'s one environment (sandboxed,
its work budgeted, StrictUndefined), the same one card texts, decisions and rulebooks use.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import jinja2
from jinja2 import meta

from ..content.templating import (
    MAX_SOURCE,
    MAX_VALUE,
    TemplateProblem,
    Verbatim,
    compiled,
    sandboxed_environment,
    verbatim,
)


@dataclass(frozen=True)
class Template:
    """A compiled box template, its source, and the item fields it reads."""

    compiled: jinja2.Template | Verbatim
    source: str
    fields: tuple[str, ...]
    field: str | None = None   # the one field a template of `{{ field }}` alone prints


@lru_cache(maxsize=4096)
def compile_template(source: str) -> Template:
    """The template of a box text, made once a process; TemplateProblem (a jinja2.TemplateError) for
    a malformed one. Parsed once: the fields it reads and its code come from the same tree."""
    if len(source) > MAX_SOURCE:
        raise TemplateProblem(f"the template is longer than {MAX_SOURCE:,} characters")
    env = sandboxed_environment()
    if verbatim(source):   # plain words: nothing to parse, no field read
        return Template(compiled(source), source, ())
    try:
        tree = env.parse(source)
        names = meta.find_undeclared_variables(tree)
        template = env.template_class.from_code(env, env.compile(tree), env.make_globals(None), None)
    except jinja2.TemplateSyntaxError as err:
        raise TemplateProblem(" ".join(str(err.message or err).split())) from None
    except (RecursionError, MemoryError, SyntaxError, ValueError, OverflowError) as err:
        raise TemplateProblem(f"the template cannot be read ({type(err).__name__})") from None
    one = _ONE_FIELD.match(source)
    fields = tuple(sorted(names - set(env.globals)))
    return Template(template, source, fields, one.group(1) if one and one.group(1) in fields else None)


def missing_fields(template: Template, fields: Mapping[str, Any]) -> list[str]:
    """The names the template reads that the item does not have."""
    return [name for name in template.fields if name not in fields]


_ONE_FIELD = re.compile(r"^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$")


def render(template: Template, fields: Mapping[str, Any]) -> str:
    """The text for one item; TemplateProblem for a name it lacks, a refused access or too much work.

    A template that is one field and nothing else (`{{ name }}`, most of a deck's) is that field's
    text, as the sandbox would print it, without a render: a deck of 540 cards has thousands."""
    if template.field is not None and template.field in fields:
        value = fields[template.field]
        text = value if isinstance(value, str) else str(value)
        if len(text) <= MAX_VALUE:
            return text
    return template.compiled.render(**fields)


def is_template(text: str) -> bool:
    return "{{" in text or "{%" in text
