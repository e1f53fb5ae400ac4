"""Box texts are Jinja2 templates over an item, compiled once and rendered in the core's bounded sandbox.

Content is untrusted: every box template renders in `content.templating`'s one environment (sandboxed,
its work budgeted, StrictUndefined), the same one card texts, decisions and rulebooks use. Most of a
deck's box texts are plain words or one field alone (`{{ name }}`): those print what the sandbox would
print without being compiled, and jinja2 is imported for the first template that needs it (a deck of
such texts builds without it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from ..content.simpletemplates import MAX_SOURCE, MAX_VALUE, one_field, verbatim


class TemplateFails(Exception):
    """A box template that cannot be read, or cannot print an item (a name it lacks, a refused access,
    too much work), with the sandbox's one-line message."""


@dataclass(frozen=True)
class Template:
    """A box template, its source, and the item fields it reads."""

    source: str
    fields: tuple[str, ...]
    field: str | None = None   # the one field a template of `{{ field }}` alone prints
    plain: bool = False        # words with no markup, which print as themselves

    @cached_property
    def compiled(self) -> Any:
        """The template compiled in the sandbox (for a template that is no field alone, made with it)."""
        from ..content.templating import compiled

        return compiled(self.source)


@lru_cache(maxsize=4096)
def compile_template(source: str) -> Template:
    """The template of a box text, made once a process; TemplateFails for a malformed one. Parsed once:
    the fields it reads and its code come from the same tree."""
    if len(source) > MAX_SOURCE:
        raise TemplateFails(f"the template is longer than {MAX_SOURCE:,} characters")
    if verbatim(source):   # plain words: nothing to parse, no field read
        return Template(source, (), plain=True)
    field = one_field(source)
    if field is not None:
        return Template(source, (field,), field)
    return _parsed(source)


def _parsed(source: str) -> Template:
    import jinja2
    from jinja2 import meta

    from ..content.templating import from_tree, sandboxed_environment

    env = sandboxed_environment()
    try:
        tree = env.parse(source)
        names = meta.find_undeclared_variables(tree)
        compiled = from_tree(tree, source)
    except jinja2.TemplateSyntaxError as err:
        raise TemplateFails(" ".join(str(err.message or err).split())) from None
    except (RecursionError, MemoryError, SyntaxError, ValueError, OverflowError) as err:
        raise TemplateFails(f"the template cannot be read ({type(err).__name__})") from None
    template = Template(source, tuple(sorted(names - set(env.globals))))
    template.__dict__["compiled"] = compiled   # the cached_property, made from the tree parsed here
    return template


def missing_fields(template: Template, fields: Mapping[str, Any]) -> list[str]:
    """The names the template reads that the item does not have."""
    return [name for name in template.fields if name not in fields]


def render(template: Template, fields: Mapping[str, Any]) -> str:
    """The text for one item; TemplateFails for a name it lacks, a refused access or too much work.

    Plain words are themselves; a template that is one field and nothing else (`{{ name }}`, most of a
    deck's) is that field's text, as the sandbox would print it, without a render: a deck of 540 cards
    has thousands."""
    if template.plain:
        return template.source
    if template.field is not None and template.field in fields:
        value = fields[template.field]
        text = value if isinstance(value, str) else str(value)
        if len(text) <= MAX_VALUE:
            return text
    import jinja2

    try:
        return str(template.compiled.render(**fields))
    except jinja2.TemplateError as err:
        raise TemplateFails(str(err)) from None


def is_template(text: str) -> bool:
    return "{{" in text or "{%" in text
