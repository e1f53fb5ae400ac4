"""Loading game content: positioned YAML, typed models, problems at FILE:LINE:COL."""

from . import decisions
from .contentset import ContentSet, load_content
from .problems import ContentError, Problem
from .schema import LongMm, Mm, Slug, Strict, parse, to_mm
from .yamlload import Loc, Source, load_file, load_text

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
