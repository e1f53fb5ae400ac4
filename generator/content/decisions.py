"""Decisions: where a seed contradicts itself or leaves a gap, settled once in content.

Every game keeps a `decisions.yaml` of this shape; its rulebook prints them as an appendix.
"""

from __future__ import annotations

from pydantic import Field

from .schema import Slug, Strict


class Decision(Strict):
    """The seed's words on each side, our choice, and why."""

    id: Slug
    topic: str
    seed: list[str] = Field(min_length=1)
    choice: str
    why: str


class DecisionsFile(Strict):
    decisions: list[Decision] = Field(min_length=1)


def appendix(decisions: list[Decision], title: str = "Appendix: Decisions") -> str:
    """The rulebook appendix (rulebook Markdown) listing every decision with the seed's quotes."""
    from ..text import render

    return render("decisions.md.j2", decisions=decisions, title=title)
