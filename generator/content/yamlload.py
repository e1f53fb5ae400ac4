"""Safe YAML loading that keeps every value's position and refuses what could hurt.

Content is untrusted, so a file is read in bounded memory and time before anything walks it:
- only a regular file of at most MAX_FILE_BYTES is read (never a fifo or a device);
- bytes that are not UTF-8, and characters YAML does not allow (NUL…), are reported at their
  own line and column;
- one pass over the parser's events (libyaml's parser keeps no recursion) refuses, at the node's
  position, nesting deeper than MAX_DEPTH, more than MAX_NODES values once every alias is
  expanded (an alias bomb never expands), more than MAX_ALIASES aliases, an alias inside its own
  anchor (a cycle), a list or mapping used as a key, a tag that is not one of YAML's plain ones or
  sits on the wrong kind of node, a tagged value that is not of its tag, and integers too long to
  be meant;
- values are read by the YAML 1.2 core schema, not PyYAML's YAML 1.1: `yes`, `no`, `on`, `off`
  stay words, `0400` is 400, `1:30` and `2026-11-23` stay text;
- duplicate keys are errors, and the composed node tree is kept so that any part of the data can
  be traced back to its FILE:LINE:COL.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .opener import MAX_FILE_BYTES as MAX_FILE_BYTES
from .opener import read_bytes as read_bytes
from .problems import ContentError, Problem

MAX_DEPTH = 50             # levels of nesting (shipped content uses under 10)
MAX_NODES = 100_000        # values in a file with every alias expanded (shipped: a few thousand)
MAX_ALIASES = 100
MAX_INT_DIGITS = 20        # a 64-bit seed has 20; no count or size needs more
MAX_BAD_CHARACTERS = 10    # undecodable bytes or forbidden characters reported one by one, per file
Loc = tuple[str | int, ...]

_TAG = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL, _SEQ, _MAP = (_TAG + t for t in ("str", "int", "float", "bool", "null",
                                                                 "seq", "map"))

# The YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#1032-tag-resolution), plain scalars only.
_CORE_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_CORE_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_CORE_INT = re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
_CORE_FLOAT = re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                         r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$")
_SCALAR_FORMS = {_NULL: _CORE_NULL, _BOOL: _CORE_BOOL, _INT: _CORE_INT, _FLOAT: _CORE_FLOAT}
_PLAIN_TAGS = {"!", _STR, _INT, _FLOAT, _BOOL, _NULL}
_ALLOWED_TAGS = "!!str, !!int, !!float, !!bool or !!null on a value, !!seq on a list, !!map on a mapping"
# YAML's printable characters (YAML 1.1 and 1.2, section 5.1); everything else is refused.
_NOT_PRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


_NOT_TEXT_STARTS = frozenset("~nNtTfF0123456789+-.\n")
"""The characters a null, a boolean or a number can start with (an empty value is a null too, and so
is a line break alone: `$` matches before it)."""


def core_tag(value: str) -> str:
    """The tag of a plain (unquoted, untagged) scalar under the YAML 1.2 core schema."""
    if value and value[0] not in _NOT_TEXT_STARTS:   # most values and keys: words, at a glance
        return _STR
    return _core_tag(value)


@lru_cache(maxsize=1024)
def _core_tag(value: str) -> str:
    """core_tag of a value that may not be text (keys such as `name` or `faces` repeat in every file)."""
    for tag in (_NULL, _BOOL, _INT, _FLOAT):
        if _SCALAR_FORMS[tag].match(value):
            return tag
    return _STR


def _core_int(text: str) -> int:
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)  # "0400" is 400: YAML 1.2 has no octal without 0o


def _core_float(text: str) -> float:
    lowered = text.lower()
    if lowered.endswith((".inf", ".nan")):
        return float(lowered.replace(".", ""))  # "-.inf" -> "-inf"
    return float(text)


# libyaml's parser when PyYAML was built with it: the same nodes, marks and constructors, several
# times faster than the pure-Python one.
_Base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[misc, valid-type]
    """SafeLoader with YAML 1.2 core-schema values that reports duplicate keys instead of keeping
    the last. It only ever sees text that `_scan` passed."""

    def __init__(self, stream: str, file: str) -> None:
        super().__init__(stream)
        self.file = file
        self.problems: list[Problem] = []

    def resolve(self, kind: type[Node], value: Any, implicit: tuple[bool, bool]) -> str:
        if kind is ScalarNode:
            return core_tag(value) if implicit[0] else _STR
        return _SEQ if kind is SequenceNode else _MAP

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, Node] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            if key in seen:
                first = seen[key].start_mark.line + 1
                self.problems.append(
                    _at(self.file, key_node, f"duplicate key {short(key)} (first defined on line {first})")
                )
            else:
                seen[key] = key_node
        mapping: dict[Any, Any] = super().construct_mapping(node, deep=deep)
        return mapping


_Loader.add_constructor(_INT, lambda loader, node: _core_int(node.value))
_Loader.add_constructor(_FLOAT, lambda loader, node: _core_float(node.value))


def _at(file: str, node: Node, message: str) -> Problem:
    return Problem(file, node.start_mark.line + 1, node.start_mark.column + 1, message)


def _mark_problem(file: str, mark: Any, message: str) -> Problem:
    return Problem(file, mark.line + 1, mark.column + 1, message) if mark else Problem(file, 1, 1, message)


def short(value: Any, limit: int = 60) -> str:
    """A value as messages show it: its repr, cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


@dataclass
class Source:
    """One loaded YAML file: its plain data and the node tree that knows where each value stood."""

    file: str
    data: Any
    root: Node | None
    problems: list[Problem] = field(default_factory=list)  # duplicate keys, when not raised
    text: str = ""

    def node_at(self, loc: Loc) -> tuple[Node | None, bool]:
        """The deepest node along `loc`; the flag says whether the whole path was found."""
        node = self.root
        for part in loc:
            if isinstance(node, MappingNode):
                found = next((value for key, value in node.value
                              if isinstance(key, ScalarNode) and key.value == str(part)), None)
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
        if not ok or not isinstance(parent, MappingNode):
            return None
        return next((key for key, _ in parent.value if isinstance(key, ScalarNode) and key.value == str(loc[-1])),
                    None)

    def problem(self, loc: Loc, message: str, *, on_key: bool = False) -> Problem:
        """A problem placed at the value (or key) that `loc` names, or the nearest node above it."""
        node = self.key_node_at(loc) if on_key and loc else None
        if node is None:
            node, _ = self.node_at(loc)
        if node is None:
            return Problem(self.file, 1, 1, message)
        return _at(self.file, node, message)


@dataclass
class _Open:
    """A sequence or mapping the scan is inside of."""

    anchor: str | None
    is_map: bool
    size: int = 1          # its values so far, aliases expanded, itself included
    next_is_key: bool = True


def _scalar_problem(event: yaml.ScalarEvent) -> str | None:
    """What is wrong with one scalar: a tag that is not plain, a value not of its tag, a huge integer."""
    tag, value = event.tag, event.value
    if tag is not None and tag not in _PLAIN_TAGS:
        return _tag_problem(tag, "a value")
    if tag is None and event.implicit[0]:
        tag = core_tag(value)
    form = _SCALAR_FORMS.get(tag or "")
    if form is not None and not form.match(value):
        return f"{short(value)} is not {_TAG_NAMES[tag or '']} (a value tagged !!{(tag or '')[len(_TAG):]})"
    digits = len(value.lstrip("+-"))
    if tag == _INT and digits > MAX_INT_DIGITS:
        return f"an integer of {digits} digits (at most {MAX_INT_DIGITS})"
    return None


_TAG_NAMES = {_NULL: "null", _BOOL: "true or false", _INT: "a whole number", _FLOAT: "a number"}


def _tag_problem(tag: str, what: str) -> str:
    shown = "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag
    return f"the tag {short(shown, 40)} is not allowed on {what} (allowed: {_ALLOWED_TAGS})"


def _scan(text: str, file: str, base: type[yaml.SafeLoader] = _Base) -> None:
    """Walk the parser's events once, before anything is composed; raise ContentError with the
    first limit crossed (the scan stops there) or with every bad tag and key found."""
    loader = base(text)
    problems: list[Problem] = []
    stack: list[_Open] = []
    anchors: dict[str, tuple[int, bool]] = {}  # name -> (expanded size, is a list or mapping)
    total = aliases = 0

    def stop(event: Any, message: str) -> ContentError:
        return ContentError([*problems, _mark_problem(file, event.start_mark, message)])

    def node(event: Any, size: int, collection: bool) -> None:
        """A whole value of `size` (aliases expanded) was read: count it into its parent."""
        if stack:
            parent = stack[-1]
            if parent.is_map:
                if parent.next_is_key and collection:
                    problems.append(_mark_problem(file, event.start_mark, "a list or mapping used as a key "
                                                  "(a key is a plain value such as a name or a number)"))
                parent.next_is_key = not parent.next_is_key
            parent.size += size

    try:
        while loader.check_event():
            event = loader.get_event()  # type: ignore[no-untyped-call]
            if isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.CollectionStartEvent)):
                total += 1 if not isinstance(event, yaml.AliasEvent) else 0
            if isinstance(event, yaml.ScalarEvent):
                # only a tagged value or a long plain one can be wrong (a plain value is read as the
                # form it matches; a quoted one is text): most values need no closer look
                if event.tag is not None or (event.implicit[0] and len(event.value) > MAX_INT_DIGITS):
                    bad = _scalar_problem(event)
                    if bad:
                        problems.append(_mark_problem(file, event.start_mark, bad))
                if event.anchor is not None:
                    anchors[event.anchor] = (1, False)
                if stack:   # node(event, 1, False), the commonest call, written out
                    parent = stack[-1]
                    if parent.is_map:
                        parent.next_is_key = not parent.next_is_key
                    parent.size += 1
            elif isinstance(event, yaml.CollectionStartEvent):
                is_map = isinstance(event, yaml.MappingStartEvent)
                plain = _MAP if is_map else _SEQ
                if event.tag is not None and event.tag not in ("!", plain):
                    problems.append(_mark_problem(file, event.start_mark,
                                                  _tag_problem(event.tag, "a mapping" if is_map else "a list")))
                if stack and stack[-1].is_map and stack[-1].next_is_key:
                    problems.append(_mark_problem(file, event.start_mark, "a list or mapping used as a key "
                                                  "(a key is a plain value such as a name or a number)"))
                stack.append(_Open(event.anchor, is_map))
                if len(stack) > MAX_DEPTH:
                    raise stop(event, f"nested more than {MAX_DEPTH} levels deep (refused: content is at most "
                                      f"{MAX_DEPTH} levels of lists and mappings)")
            elif isinstance(event, yaml.CollectionEndEvent):
                done = stack.pop()
                if done.anchor is not None:
                    anchors[done.anchor] = (done.size, True)
                if stack:
                    stack[-1].size += done.size
                    if stack[-1].is_map:
                        stack[-1].next_is_key = not stack[-1].next_is_key
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise stop(event, f"more than {MAX_ALIASES} aliases (refused: alias expansion is bounded)")
                if any(o.anchor == event.anchor for o in stack):
                    raise stop(event, f"the alias *{event.anchor} is inside its own anchor &{event.anchor} "
                                      "(a value cannot contain itself)")
                if event.anchor not in anchors:
                    raise stop(event, f"the alias *{event.anchor} names no anchor before it")
                size, collection = anchors[event.anchor]
                total += size
                node(event, size, collection)
            if total > MAX_NODES:
                raise stop(event, f"more than {MAX_NODES} values once its aliases are expanded (refused: "
                                  "a file's expanded size is bounded)")
    except yaml.MarkedYAMLError as err:
        if base is not yaml.SafeLoader and "nesting depth" in str(err.problem):
            # libyaml (PyYAML 6.0.4 on) stops at 1,000 levels while it looks ahead for a key, before
            # the events reach MAX_DEPTH here: the pure-Python parser, which has no such stop, says
            # where the content crossed our own bound (a hostile file only ever takes this way)
            loader.dispose()
            return _scan(text, file, yaml.SafeLoader)
        mark = err.problem_mark or err.context_mark
        what = " ".join(str(x) for x in (err.context, err.problem) if x)
        raise ContentError([*problems, _mark_problem(file, mark, f"YAML: {what}")]) from None
    except yaml.YAMLError as err:  # a reader error: the text was checked, so this is a last resort
        raise ContentError([*problems, Problem(file, 1, 1, f"YAML: {err}")]) from None
    finally:
        loader.dispose()
    if problems:
        raise ContentError(problems)


def _text_problems(text: str, file: str) -> list[Problem]:
    """Every character YAML does not allow (NUL, other control characters), at its line and column;
    the first MAX_BAD_CHARACTERS, then how many more."""
    found = list(_positions(_NOT_PRINTABLE.finditer(text), text))
    out = [Problem(file, line, col, f"a character YAML does not allow (U+{ord(ch):04X}); remove it")
           for line, col, ch in found[:MAX_BAD_CHARACTERS]]
    if len(found) > MAX_BAD_CHARACTERS:
        line, col, _ = found[MAX_BAD_CHARACTERS]
        out.append(Problem(file, line, col, f"and {len(found) - MAX_BAD_CHARACTERS} more characters YAML "
                                            "does not allow"))
    return out


def _positions(matches: Any, text: str) -> Any:
    """(line, column, character) of each match, 1-based, in one pass over the text."""
    line, line_start, counted = 1, 0, 0
    for m in matches:
        newlines = text.count("\n", counted, m.start())
        if newlines:
            line += newlines
            line_start = text.rfind("\n", 0, m.start()) + 1
        counted = m.start()
        yield line, m.start() - line_start + 1, m.group()


def decode(data: bytes, file: str) -> str:
    """The text of a file's bytes; ContentError naming the line and column of every byte that is not
    UTF-8 (the first MAX_BAD_CHARACTERS)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    bad: list[tuple[int, int]] = []  # (start, end) byte offsets of undecodable sequences
    at = 0
    while at < len(data) and len(bad) <= MAX_BAD_CHARACTERS:
        try:
            data[at:].decode("utf-8")
            break
        except UnicodeDecodeError as err:
            bad.append((at + err.start, at + err.end))
            at += err.end
    out = []
    for start, end in bad[:MAX_BAD_CHARACTERS]:
        line = data.count(b"\n", 0, start) + 1
        line_start = data.rfind(b"\n", 0, start) + 1
        col = len(data[line_start:start].decode("utf-8", errors="replace")) + 1
        out.append(Problem(file, line, col, f"not UTF-8 text (the byte {data[start:end].hex(' ')} cannot be "
                                            "read; save the file as UTF-8)"))
    if len(bad) > MAX_BAD_CHARACTERS:
        out.append(Problem(file, out[-1].line, out[-1].col, "and more bytes that are not UTF-8"))
    raise ContentError(out)


def load_text(text: str, file: str, *, raise_duplicates: bool = True) -> Source:
    """Parse YAML text; raises ContentError on a syntax error or anything refused. Duplicate keys
    raise too, unless `raise_duplicates` is False: then they are kept in `Source.problems` (the
    last value wins), so the rest of the file can still be checked."""
    bad_characters = _text_problems(text, file)
    if bad_characters:
        raise ContentError(bad_characters)
    _scan(text, file)
    loader = _Loader(text, file)
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        what = " ".join(str(x) for x in (err.context, err.problem) if x)
        raise ContentError([_mark_problem(file, mark, f"YAML: {what}")]) from None
    except yaml.YAMLError as err:
        raise ContentError([Problem(file, 1, 1, f"YAML: {err}")]) from None
    finally:
        loader.dispose()
    if loader.problems and raise_duplicates:
        raise ContentError(loader.problems)
    return Source(file, data, root, loader.problems, text)


def load_file(path: Path, shown_as: str | None = None, *, raise_duplicates: bool = True,
              folder: Path | None = None) -> Source:
    """Load one YAML file; problems name it as `shown_as` (default: the path as given). With `folder`
    (the game's), the path below it is walked through no link (opener.py)."""
    file = shown_as or str(path)
    text = decode(read_bytes(path, file, folder=folder), file)
    return load_text(text.removeprefix("\ufeff"), file, raise_duplicates=raise_duplicates)
