"""Safe YAML loading that keeps every value's position and refuses what could hurt.

Duplicate keys and Python tags are errors, aliases are capped at composition time (an alias
bomb never expands), and the composed node tree is kept so that any part of the data can be
traced back to its FILE:LINE:COL.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .problems import ContentError, Problem

MAX_ALIASES = 100
Loc = tuple[str | int, ...]


# libyaml's parser when PyYAML was built with it: the same nodes, marks and constructors, about
# eight times faster than the pure-Python one (a 55-line map file: 2.7 ms instead of 22 ms).
_Base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[misc, valid-type]
    """SafeLoader that reports duplicate keys instead of keeping the last."""

    def __init__(self, stream: str, file: str) -> None:
        super().__init__(stream)
        self.file = file
        self.problems: list[Problem] = []

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, Node] = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            if key in seen:
                first = seen[key].start_mark.line + 1
                self.problems.append(
                    _at(self.file, key_node, f"duplicate key {key!r} (first defined on line {first})")
                )
            else:
                seen[key] = key_node
        mapping: dict[Any, Any] = super().construct_mapping(node, deep=deep)
        return mapping


def _at(file: str, node: Node, message: str) -> Problem:
    return Problem(file, node.start_mark.line + 1, node.start_mark.column + 1, message)


@dataclass
class Source:
    """One loaded YAML file: its plain data and the node tree that knows where each value stood."""

    file: str
    data: Any
    root: Node | None
    problems: list[Problem] = field(default_factory=list)  # duplicate keys, when not raised

    def node_at(self, loc: Loc) -> tuple[Node | None, bool]:
        """The deepest node along `loc`; the flag says whether the whole path was found."""
        node = self.root
        for part in loc:
            if isinstance(node, MappingNode):
                found = None
                for key_node, value_node in node.value:
                    if isinstance(key_node, ScalarNode) and _same_key(key_node.value, part):
                        found = value_node
                        break
                if found is None:
                    return node, False
                node = found
            elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
                node = node.value[part]
            else:
                return node, False
        return node, True

    def key_node_at(self, loc: Loc) -> Node | None:
        """The key node of the last part of `loc` (where an unexpected field is best shown)."""
        parent, ok = self.node_at(loc[:-1])
        if ok and isinstance(parent, MappingNode):
            for key_node, _ in parent.value:
                if isinstance(key_node, ScalarNode) and _same_key(key_node.value, loc[-1]):
                    return key_node
        return None

    def problem(self, loc: Loc, message: str, *, on_key: bool = False) -> Problem:
        """A problem placed at the value (or key) that `loc` names, or the nearest node above it."""
        node = self.key_node_at(loc) if on_key and loc else None
        if node is None:
            node, _ = self.node_at(loc)
        if node is None:
            return Problem(self.file, 1, 1, message)
        return _at(self.file, node, message)


def _same_key(text: str, part: str | int) -> bool:
    return text == str(part)


def _count_aliases(text: str) -> None:
    """Refuse more than MAX_ALIASES aliases before anything is composed (an alias bomb never
    expands). The C composer cannot be hooked, so the events are read once on their own."""
    if "*" not in text:  # no alias can be written without one
        return
    loader = _Base(text)
    try:
        aliases = 0
        while loader.check_event():
            event = loader.get_event()  # type: ignore[no-untyped-call]
            if isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise yaml.MarkedYAMLError(
                        None, None, f"more than {MAX_ALIASES} aliases (refused: alias expansion is bounded)",
                        event.start_mark)  # type: ignore[arg-type]
    finally:
        loader.dispose()


def load_text(text: str, file: str, *, raise_duplicates: bool = True) -> Source:
    """Parse YAML text; raises ContentError on a syntax error. Duplicate keys raise too, unless
    `raise_duplicates` is False: then they are kept in `Source.problems` (the last value wins),
    so the rest of the file can still be checked."""
    loader = _Loader(text, file)
    try:
        _count_aliases(text)
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = " ".join(str(x) for x in (err.context, err.problem) if x)
        raise ContentError([Problem(file, line, col, f"YAML: {what}")]) from None
    except yaml.YAMLError as err:
        raise ContentError([Problem(file, 1, 1, f"YAML: {err}")]) from None
    finally:
        loader.dispose()
    if loader.problems and raise_duplicates:
        raise ContentError(loader.problems)
    return Source(file, data, root, loader.problems)


def load_file(path: Path, shown_as: str | None = None, *, raise_duplicates: bool = True) -> Source:
    """Load one YAML file; problems name it as `shown_as` (default: the path as given)."""
    file = shown_as or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise ContentError([Problem(file, 1, 1, f"not UTF-8 text ({err.reason})")]) from None
    except OSError as err:
        raise ContentError([Problem(file, 1, 1, f"cannot read: {err.strerror}")]) from None
    return load_text(text, file, raise_duplicates=raise_duplicates)
