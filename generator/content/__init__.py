"""Loading game content: positioned YAML, typed models, problems at FILE:LINE:COL.

Every `playkit` process imports this package (a problem is a `Problem` everywhere), most without
loading any content: its parts that need PyYAML, pydantic or jinja2 are imported when first named
(`from generator.content import ContentSet`), not with the package.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .problems import ContentError, Problem

if TYPE_CHECKING:
    from . import decisions
    from .contentset import ContentSet, load_content
    from .lengths import to_mm
    from .schema import LongMm, Mm, Slug, Strict, parse
    from .yamlload import Loc, Source, load_file, load_text

_LAZY = {
    "ContentSet": "contentset", "load_content": "contentset",
    "LongMm": "schema", "Mm": "schema", "Slug": "schema", "Strict": "schema", "parse": "schema", "to_mm": "lengths",
    "Loc": "yamlload", "Source": "yamlload", "load_file": "yamlload", "load_text": "yamlload",
}
"""The names this package gives from its heavier modules, each imported when first asked for."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "ContentError",
    "ContentSet",
    "Loc",
    "LongMm",
    "Mm",
    "Problem",
    "Slug",
    "Source",
    "Strict",
    "decisions",
    "load_content",
    "load_file",
    "load_text",
    "parse",
    "to_mm",
]
