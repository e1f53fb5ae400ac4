"""Box texts are Jinja2 templates over an item, compiled once and rendered sandboxed.

Content is untrusted: the sandbox blocks attribute escapes and StrictUndefined makes a name the item
does not have an error, never an empty string. (To be the core's one bounded sandbox once it lands.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import jinja2
from jinja2 import meta
from jinja2.sandbox import ImmutableSandboxedEnvironment


@cache
def _environment() -> jinja2.Environment:
    return ImmutableSandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False)


@dataclass(frozen=True)
class Template:
    """A compiled box template, its source, and the item fields it reads."""

    compiled: jinja2.Template
    source: str
    fields: tuple[str, ...]


def compile_template(source: str) -> Template:
    """The template of a box text; jinja2.TemplateSyntaxError for a malformed one."""
    env = _environment()
    names = tuple(sorted(meta.find_undeclared_variables(env.parse(source))))
    return Template(env.from_string(source), source, names)


def render(template: Template, fields: Mapping[str, Any]) -> str:
    """The text for one item; jinja2.UndefinedError names a field the item does not have."""
    return template.compiled.render(**fields)


def is_template(text: str) -> bool:
    return "{{" in text or "{%" in text
