"""Prose from templates: every number a player reads is a Jinja2 expression over the model.

Every template, a file under templates/ or a string held in content, renders in the one sandboxed,
bounded environment of `content.templating`; StrictUndefined makes a missing name an error, never an
empty string.
"""

from __future__ import annotations

from typing import Any

from .templating import file_macro, file_template, render_template

render_string = render_template
"""Render a template written in content (card text); raises TemplateProblem (a jinja2.TemplateError)."""


def render(name: str, **context: Any) -> str:
    """Render the template file `templates/<name>`."""
    return str(file_template(name).render(**context))


def phrase_of(name: str, macro: str, **context: Any) -> str:
    """A phrase printed on a sheet or board: the macro `macro` of the template file `templates/<name>`
    (one macro a phrase), called by keyword in the core's sandbox, its whitespace collapsed."""
    return " ".join(file_macro(name, macro, **context).split())


def render_line(name: str, **context: Any) -> str:
    """Render the template file `templates/<name>` as one line of prose, its whitespace collapsed
    (a note under a sheet's table, a caption): the words live in the template, not in the drawer."""
    return " ".join(render(name, **context).split())
