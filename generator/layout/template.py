"""Box texts are Jinja2 templates over an item, compiled once and rendered in the core's bounded sandbox.

Content is untrusted: every box template renders in `content.templating`'s one environment (sandboxed,
its work budgeted, StrictUndefined), the same one card texts, decisions and rulebooks use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import jinja2
from jinja2 import meta

from ..content.templating import MAX_SOURCE, TemplateProblem, compiled, sandboxed_environment


@dataclass(frozen=True)
class Template:
    """A compiled box template, its source, and the item fields it reads."""

    compiled: jinja2.Template
    source: str
    fields: tuple[str, ...]


def compile_template(source: str) -> Template:
    """The template of a box text; TemplateProblem (a jinja2.TemplateError) for a malformed one."""
    if len(source) > MAX_SOURCE:
        raise TemplateProblem(f"the template is longer than {MAX_SOURCE:,} characters")
    env = sandboxed_environment()
    try:
        names = meta.find_undeclared_variables(env.parse(source))
        template = compiled(source)
    except jinja2.TemplateSyntaxError as err:
        raise TemplateProblem(" ".join(str(err.message or err).split())) from None
    except (RecursionError, MemoryError, SyntaxError, ValueError, OverflowError) as err:
        raise TemplateProblem(f"the template cannot be read ({type(err).__name__})") from None
    return Template(template, source, tuple(sorted(names - set(env.globals))))


def missing_fields(template: Template, fields: Mapping[str, Any]) -> list[str]:
    """The names the template reads that the item does not have."""
    return [name for name in template.fields if name not in fields]


def render(template: Template, fields: Mapping[str, Any]) -> str:
    """The text for one item; TemplateProblem for a name it lacks, a refused access or too much work."""
    return template.compiled.render(**fields)


def is_template(text: str) -> bool:
    return "{{" in text or "{%" in text
