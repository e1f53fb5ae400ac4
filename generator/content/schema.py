"""Typed content: pydantic models over loaded YAML, their errors placed at FILE:LINE:COL."""

from __future__ import annotations

import re
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, StringConstraints, ValidationError

from .problems import ContentError, Problem
from .yamlload import Loc, Source

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN, max_length=64)]
"""An id: lower-case words joined by hyphens, so that no output path can leave output/."""

_UNITS_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")


def to_mm(value: Any) -> float:
    """The one place units are converted: '63mm', '2.5cm', '0.125in', '9pt' (or a bare number of mm)."""
    if isinstance(value, bool):
        raise ValueError("a length, not a boolean")
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        m = _LENGTH.match(value)
        if m:
            return float(m.group(1)) * _UNITS_MM[m.group(2)]
    raise ValueError(f"a length such as '63mm', '2.5cm' or '0.125in', not {value!r}")


Mm = Annotated[float, BeforeValidator(to_mm)]
"""A length written with its unit in YAML, held in millimetres."""


class Strict(BaseModel):
    """Base for content models: unknown fields are errors and models do not change once read."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


M = TypeVar("M", bound=BaseModel)

_MESSAGE_FIXES = {
    "Extra inputs are not permitted": "unknown field",
    "Field required": "missing field",
}


def parse(model: type[M], source: Source, loc: Loc = ()) -> M:
    """Validate the part of `source` at `loc` as `model`; raises ContentError with every problem."""
    data: Any = source.data
    for part in loc:
        data = data[part]
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise ContentError(problems_from(err, source, loc)) from None


def problems_from(err: ValidationError, source: Source, base: Loc = ()) -> list[Problem]:
    """Place each pydantic error at the YAML node its `loc` leads to."""
    out = []
    for e in err.errors(include_url=False):
        loc = base + _data_loc(source, base, tuple(e["loc"]))
        msg = _MESSAGE_FIXES.get(e["msg"], e["msg"])
        where = ".".join(str(p) for p in loc) or "document"
        if e["type"] == "missing":
            out.append(source.problem(loc[:-1], f"{where}: missing field {loc[-1]!r}"))
        elif e["type"] == "extra_forbidden":
            out.append(source.problem(loc, f"{where}: unknown field", on_key=True))
        else:
            found = e.get("input")
            shown = "" if isinstance(found, (dict, list)) else f" (found {found!r})"
            out.append(source.problem(loc, f"{where}: {msg}{shown}"))
    return out


def _data_loc(source: Source, base: Loc, loc: tuple[Any, ...]) -> Loc:
    """Drop the parts of a pydantic loc that are not keys of the data (union tags, validator names)."""
    data: Any = source.data
    for part in base:
        data = data[part]
    kept: list[str | int] = []
    for part in loc:
        if _has(data, part):
            data = data[part]
            kept.append(part)
        elif isinstance(data, (dict, list)):
            # a key that should be there but is not (missing field), or a tag: keep names only
            if isinstance(part, str) and isinstance(data, dict) and not _looks_like_tag(part):
                kept.append(part)
                data = None
        else:
            break
    return tuple(kept)


def _has(data: Any, part: Any) -> bool:
    if isinstance(data, dict):
        return part in data
    return isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data)


def _looks_like_tag(part: str) -> bool:
    return "[" in part or "function-" in part or part.startswith(("union", "tagged"))
