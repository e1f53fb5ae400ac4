"""Box texts are Jinja2 templates over an item, compiled once and rendered in the core's bounded sandbox.

Content is untrusted: every box template renders in `content.templating`'s one environment (sandboxed,
its work budgeted, StrictUndefined), the same one card texts, decisions and rulebooks use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import jinja2

from ..content import templating


class TemplateFails(Exception):
    """A box template that cannot be read, or cannot print an item (a name it lacks, a refused access,
    too much work), with the sandbox's one-line message."""


@dataclass(frozen=True)
class Template:
    """A box template, its source, the item fields it reads, and its compiled code."""

    source: str
    fields: tuple[str, ...]
    compiled: jinja2.Template = field(compare=False, repr=False)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Sent to another process (a Dask worker) as its source and compiled again there: jinja2's
        compiled code does not unpickle outside the process that made it."""
        return compile_template, (self.source,)


@lru_cache(maxsize=4096)
def compile_template(source: str) -> Template:
    """The template of a box text, made once a process; TemplateFails for a malformed one."""
    try:
        return Template(source, tuple(sorted(templating.template_names(source))), templating.compiled(source))
    except templating.TemplateProblem as err:
        raise TemplateFails(str(err)) from None


def missing_fields(template: Template, fields: Mapping[str, Any]) -> list[str]:
    """The names the template reads that the item does not have."""
    return [name for name in template.fields if name not in fields]


def render(template: Template, fields: Mapping[str, Any]) -> str:
    """The text for one item; TemplateFails for a name it lacks, a refused access or too much work."""
    try:
        return str(template.compiled.render(**fields))
    except jinja2.TemplateError as err:
        raise TemplateFails(str(err)) from None


def is_template(text: str) -> bool:
    return "{{" in text or "{%" in text
