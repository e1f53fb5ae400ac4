"""Typed content: pydantic models over loaded YAML, their errors placed at FILE:LINE:COL."""

from __future__ import annotations

import math
import types
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, ClassVar, TypeVar, Union, get_args, get_origin

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    GetJsonSchemaHandler,
    StringConstraints,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core.core_schema import CoreSchema

from .lengths import LENGTH_PATTERN, MAX_LENGTH_MM, MAX_LONG_MM, UNITS_MM, to_mm
from .nearby import did_you_mean
from .paths import SLUG_PATTERN
from .problems import ContentError, Problem
from .yamlload import Loc, Source, short

Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN, max_length=64)]
"""An id: lower-case words joined by hyphens, so that no output path can leave output/."""

MAX_TEXT = 5_000
"""The longest text a content field may hold: no box in a kit holds more at 6 pt (a poker card holds
about 1,500 characters; the longest text shipped, a decision, is 829). Each game checks its boxes
more closely where it draws content text."""
MAX_NUMBER = 1_000_000
"""The largest number, count or size any content field may hold (the kits' largest is 12,800)."""

def _to_long_mm(value: Any) -> float:
    return to_mm(value, MAX_LONG_MM)


@dataclass(frozen=True)
class _LengthJsonSchema:
    """What an editor is told a length is (`playkit schema`): a text with its unit, or a bare number
    of mm within the field's own bounds."""

    most: float

    def __get_pydantic_json_schema__(self, core: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        number = {k: v for k, v in handler(core).items() if k not in ("title", "description")}
        number["minimum"] = max(number.get("minimum", 0), 0)
        number["maximum"] = min(number.get("maximum", self.most), self.most)
        bounds = f"more than {number['exclusiveMinimum']:g} mm and at most {number['maximum']:g} mm" \
            if "exclusiveMinimum" in number else f"from {number['minimum']:g} to {number['maximum']:g} mm"
        # patternErrorMessage: the YAML language server's keyword, said instead of the bare pattern
        text = {"type": "string", "pattern": LENGTH_PATTERN,
                "patternErrorMessage": f"a length with its unit ({', '.join(UNITS_MM)}), such as '63mm'"}
        return {"anyOf": [text, number],
                "description": f"A length with its unit ({', '.join(UNITS_MM)}) such as '63mm', '2.5cm' or "
                               f"'0.125in', or a bare number of mm; {bounds}.",
                "examples": ["63mm", "2.5cm", "0.125in"]}


Mm = Annotated[float, BeforeValidator(to_mm), _LengthJsonSchema(MAX_LENGTH_MM)]
"""A length written with its unit in YAML, held in millimetres, from 0 to MAX_LENGTH_MM."""
LongMm = Annotated[float, BeforeValidator(_to_long_mm), _LengthJsonSchema(MAX_LONG_MM)]
"""A length longer than a sheet (a table), from 0 to MAX_LONG_MM."""


class Strict(BaseModel):
    """Base for content models: unknown fields are errors, models do not change once read, and
    values are never converted behind the writer's back (strict: `true` is no count, '3' no number).
    A field's docstring is its description in the editors' JSON Schema (`playkit schema`)."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True, strict=True)

    @model_validator(mode="before")
    @classmethod
    def _lists_as_tuples(cls, data: Any) -> Any:
        """YAML has lists, not tuples, and strict mode takes only a tuple where a field says tuple."""
        names = _tuple_fields(cls)
        if isinstance(data, dict) and names:
            return {k: tuple(v) if k in names and isinstance(v, list) else v for k, v in data.items()}
        return data

    LARGE_NUMBERS: ClassVar[frozenset[str]] = frozenset()
    """Fields whose numbers may pass MAX_NUMBER (a seed: it costs nothing however large); they state
    their own bounds."""

    @field_validator("*", mode="after")
    @classmethod
    def _bounded_values(cls, value: Any, info: ValidationInfo) -> Any:
        """Every number in content is finite and at most MAX_NUMBER in size, every text at most
        MAX_TEXT long, whatever field holds it: whatever validate accepts, build makes in bounded time
        (a field's own bounds are tighter)."""
        if info.field_name not in cls.LARGE_NUMBERS:
            _check_values(value)
        return value


@cache
def _tuple_fields(model: type[BaseModel]) -> frozenset[str]:
    """The fields of `model` typed as a tuple (or a tuple or None)."""
    def is_tuple(annotation: Any) -> bool:
        origin = get_origin(annotation)
        if origin in (Union, types.UnionType):
            return any(is_tuple(a) for a in get_args(annotation))
        return origin is tuple or annotation is tuple

    return frozenset(name for name, f in model.model_fields.items() if is_tuple(f.annotation))


def _check_values(value: Any) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise ValueError(f"a text of {len(value):,} characters: no box of the kit holds more than "
                             f"{MAX_TEXT:,}")
        return
    if isinstance(value, (int, float)):
        if not math.isfinite(value):
            raise ValueError("a finite number, not NaN or infinity")
        if abs(value) > MAX_NUMBER:
            raise ValueError(f"a number from -{MAX_NUMBER:,} to {MAX_NUMBER:,}")
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            _check_values(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_values(k)
            _check_values(v)


M = TypeVar("M", bound=BaseModel)

_MESSAGE_FIXES = {  # pydantic's words -> ours
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
        raise ContentError(problems_from(err, source, loc, model)) from None


def problems_from(err: ValidationError, source: Source, base: Loc = (),
                  model: type[BaseModel] | None = None) -> list[Problem]:
    """Place each pydantic error at the YAML node its `loc` leads to (an unknown field with the
    `model`'s field it is closest to, when one is)."""
    out = []
    found = err.errors(include_url=False)
    inner = {tuple(e["loc"][:n]) for e in found for n in range(len(e["loc"]))}
    for e in found:
        if e["type"] == "too_short" and tuple(e["loc"]) in inner:
            continue   # a list whose bad items pydantic dropped is not too short: its items' errors say why
        loc = base + _data_loc(source, base, tuple(e["loc"]))
        msg = _MESSAGE_FIXES.get(e["msg"], e["msg"]).removeprefix("Value error, ")
        where = ".".join(str(p) for p in loc) or "document"
        if e["type"] == "missing":
            out.append(source.problem(loc[:-1], f"{where}: missing field {loc[-1]!r}"))
        elif e["type"] == "extra_forbidden":
            hint = did_you_mean(loc[-1], fields_at(model, tuple(e["loc"])[:-1])) if model and loc else ""
            out.append(source.problem(loc, f"{where}: unknown field{hint}", on_key=True))
        else:
            found = e.get("input")
            shown = "" if isinstance(found, (dict, list, tuple)) else f" (found {short(found)}{_hint(found)})"
            out.append(source.problem(loc, f"{where}: {msg}{shown}"))
    return out


# YAML 1.1 read these as true or false; playkit reads YAML 1.2, where they are words.
_YAML11_BOOLS = {"yes", "no", "on", "off", "y", "n"}


def _hint(found: Any) -> str:
    """Why a value a YAML 1.1 reader would take differently is refused here."""
    if isinstance(found, bool):
        return "; true and false are not numbers or words: write the value itself"
    if isinstance(found, str) and found.lower() in _YAML11_BOOLS:
        return "; write true or false for a yes-or-no value (playkit reads YAML 1.2, where this is a word)"
    return ""


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


def fields_at(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The field names a mapping at pydantic's `loc` (keys, indexes and union tags) may hold: those of
    every model the annotations along the way allow there (a tag naming one of them narrows to it)."""
    models = [model]
    for part in loc:
        if isinstance(part, str):
            named = [m for m in models if m.__name__ == part]
            if named:
                models = named
                continue
            inner = [m for m in models if part in m.model_fields]
            if inner:
                models = [found for m in inner for found in _models_in(m.model_fields[part].annotation)]
    return [name for m in models for name in m.model_fields]


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The models an annotation holds (in a union, a list, a tuple or a dict's values)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in get_args(annotation) for m in _models_in(arg)]
