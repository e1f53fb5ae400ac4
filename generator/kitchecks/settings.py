"""Rules text that follows the model: every rule the model has a setting for is stated in the rulebook
from that setting, never typed into a template. A game names where its rule settings live in its model
(`Game.settings`: attribute paths such as "rules" or "game.turn"); each setting there (a number, a yes or
no, a choice of a few words) is changed in turn, the players' rulebook is written again from the
changed model, and it must read differently. A setting whose change leaves the rulebook as it was is a
rule the rulebook does not take from the model: typed in, or missing."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Literal

from pydantic import BaseModel

from ..core.kitspec import KitFile, LaterFiles, Rulebook

Step = str | int
Leaf = tuple[tuple[Step, ...], Any]   # a path below the model, and the value changed to


def changes(model: Any, roots: tuple[str, ...]) -> Iterator[tuple[str, Any]]:
    """Each setting under the model's `roots`, named by its dotted path, with the model it makes when
    that setting alone is changed to another allowed value (a number one more, the other yes or no, the
    next of its choices)."""
    for root in roots:
        steps: tuple[Step, ...] = tuple(root.split("."))
        for path, other in _leaves(_get(model, steps), steps, None):
            yield ".".join(str(s) for s in path), _set(model, path, other)


def unstated(model: Any, roots: tuple[str, ...], rulebook: Callable[[Any], str]) -> list[str]:
    """The settings under `roots` whose change leaves `rulebook(model)` (the players' rulebook text) as
    it was."""
    before = rulebook(model)
    return [name for name, changed in changes(model, roots) if rulebook(changed) == before]


def _leaves(value: Any, path: tuple[Step, ...], annotation: Any) -> Iterator[Leaf]:
    other = _other(value, annotation)
    if other is not None:
        yield path, other
    elif isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            yield from _leaves(getattr(value, name), (*path, name), info.annotation)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        hints = typing.get_type_hints(type(value))
        for f in dataclasses.fields(value):
            yield from _leaves(getattr(value, f.name), (*path, f.name), hints.get(f.name))
    elif isinstance(value, dict):
        args = typing.get_args(annotation)
        for k, v in value.items():
            yield from _leaves(v, (*path, k), args[1] if len(args) == 2 else None)
    elif isinstance(value, list | tuple):
        args = typing.get_args(annotation)
        for k, v in enumerate(value):
            yield from _leaves(v, (*path, k), args[0] if args else None)


def _choices(annotation: Any) -> tuple[Any, ...]:
    if typing.get_origin(annotation) is Literal:
        return typing.get_args(annotation)
    return tuple(c for arg in typing.get_args(annotation) for c in _choices(arg))   # Optional, unions


def _other(value: Any, annotation: Any) -> Any:
    """Another value the setting may take, or None when `value` is no setting (a name, a text, a part)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 1.0
    if isinstance(value, str):
        choices = [c for c in _choices(annotation) if isinstance(c, str)]
        if value in choices and len(choices) > 1:
            return choices[(choices.index(value) + 1) % len(choices)]
    return None


def _get(value: Any, path: tuple[Step, ...]) -> Any:
    for step in path:
        if isinstance(value, dict):
            value = value[step]
        elif isinstance(value, list | tuple):
            value = value[int(step)]
        else:
            value = getattr(value, str(step))
    return value


def _set(value: Any, path: tuple[Step, ...], new: Any) -> Any:
    if not path:
        return new
    step, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, step: _set(value[step], rest, new)}
    if isinstance(value, list | tuple):
        assert isinstance(step, int)
        items = list(value)
        items[step] = _set(items[step], rest, new)
        return type(value)(items)
    inner = _set(getattr(value, str(step)), rest, new)
    if isinstance(value, BaseModel):
        return value.model_copy(update={str(step): inner})
    return dataclasses.replace(value, **{str(step): inner})


def players_rulebook(files: Iterable[KitFile]) -> str:
    """The text of the kit's players' rulebook(s) (not the designer's notes), read from its files in order
    up to the last book: files the kit makes later (a simulation's report) are not asked for."""
    out = []
    for f in files:
        if isinstance(f, LaterFiles):
            break
        if isinstance(f, Rulebook) and f.kind == "rulebook":
            out.append(f.text)
    return "\n".join(out)
