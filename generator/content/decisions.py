"""Decisions: where a seed contradicts itself or leaves a gap, settled once in content.

Every game keeps a `decisions.yaml` of this shape. The seed's words are quoted as they stand;
our choice and its reason are templates over the game's model, so a number they state is read
from the content, never typed twice. They are printed for designers in each kit's design-notes.pdf;
the players' rulebook only follows them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import Field

from .contentset import ContentSet
from .problems import Problem
from .schema import Slug, Strict


class Decision(Strict):
    """The seed's words on each side, our choice, and why."""

    id: Slug
    """Its id, which the model's code and notes cite."""
    topic: str
    """What is decided, in a few words."""
    seed: list[str] = Field(min_length=1)
    """The seed's own words on each side of the question, quoted."""
    choice: str
    """What the game does."""
    why: str
    """Why, for the designer's notes (never printed for players)."""


class DecisionsFile(Strict):
    """decisions.yaml: where the seed contradicts itself or leaves a gap, settled once."""

    decisions: list[Decision] = Field(min_length=1)


def rendered(decisions: Sequence[Decision], context: Mapping[str, Any]) -> list[Decision]:
    """The decisions with their choice and reason rendered over `context` (jinja2 errors raise)."""
    from .prose import render_string

    return [d.model_copy(update={"choice": render_string(d.choice, **context).strip(),
                                 "why": render_string(d.why, **context).strip()}) for d in decisions]


def template_problems(content: ContentSet, decisions: Sequence[Decision], context: Mapping[str, Any],
                      stem: str = "decisions") -> list[Problem]:
    """A name a decision's text uses that the model does not have, at its line."""
    import jinja2  # here, not above: a data-only deck has no decisions and is drawn without jinja2

    from .prose import render_string

    out = []
    for i, d in enumerate(decisions):
        for field in ("choice", "why"):
            try:
                render_string(getattr(d, field), **context)
            except jinja2.TemplateError as err:
                out.append(content.problem(stem, ("decisions", i, field), f"{d.id}: {field} template: {err}"))
    return out


def notes(decisions: Sequence[Decision]) -> str:
    """The designer's notes (rulebook Markdown): every decision with its id, the seed's quotes, our
    choice and why; pass decisions already `rendered`."""
    from .prose import render

    return render("design-notes.md.j2", decisions=decisions)
