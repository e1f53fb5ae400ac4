"""The markup of a layout's text boxes: bold, italic and inline icons, read into styled paragraphs.

    Deal <b>2</b> :fire: damage. <i>Once a turn.</i>

- `<b>…</b>` bold, `<i>…</i>` italic (both at once: bold italic), nested as HTML nests them. The tags
  are Squib's (Pango) and nanDECK's (HTML), and unlike `**`/`_` they mean nothing to YAML (a plain
  scalar may not start with `*`) and never appear in ordinary card text ("x*2", "snake_case").
- `:name:` an icon from the layout's `icons:` table, drawn at the text's size.
- `\\<`, `\\:` and `\\\\` print `<`, `:` and `\\` (any other backslash prints as itself). A `<` or `:`
  that starts no tag or icon name prints as itself too ("cost < 3", "Deployed: 2").

Anything else that looks like markup (`<bold>`, `</i>` with no `<i>`, `:fier:`) is a MarkupError, with
"did you mean" when a tag or icon is close.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping

from ..draw.scene import FontStyle
from ..draw.text import Icon, Para, Piece

TAGS = {"b": "bold", "i": "italic"}
_TOKEN = re.compile(r"\\[\\<:]|<(/?)([A-Za-z][A-Za-z0-9]*)>|:([a-z][a-z0-9_-]*):")
_MAYBE = re.compile(r"[<:\\]")


class MarkupError(ValueError):
    """Markup that cannot be read; `token` is the text as written (to find which field wrote it)."""

    def __init__(self, message: str, token: str) -> None:
        super().__init__(message)
        self.token = token


def _tag_meant(name: str) -> str | None:
    """The tag a designer most likely meant by an unknown one (<bold>, <strong>, <em>, <I>)."""
    word = name.lower()
    if word in ("bold", "strong") or word.startswith("b"):
        return "b"
    if word in ("italic", "em", "it") or word.startswith("i") or word.startswith("e"):
        return "i"
    return None


def _style(base: FontStyle, open_tags: list[str]) -> FontStyle:
    bold = base in ("bold", "bolditalic") or "b" in open_tags
    italic = base in ("italic", "bolditalic") or "i" in open_tags
    return "bolditalic" if bold and italic else "bold" if bold else "italic" if italic else "regular"


def parse(text: str, icons: Mapping[str, float], base: FontStyle = "regular") -> tuple[Para, ...]:
    """The text's paragraphs (one a line) as pieces of one style and icons; `icons` names each icon the
    layout has, with its aspect (width / height). A text with no markup is its lines in `base`."""
    if not _MAYBE.search(text):
        return tuple((Piece(line, base),) for line in text.split("\n"))
    paras: list[Para] = []
    for_line: list[Piece | Icon] = []
    open_tags: list[str] = []
    buf: list[str] = []

    def flush() -> None:
        if buf:
            style = _style(base, open_tags)
            piece = "".join(buf)
            buf.clear()
            last = for_line[-1] if for_line else None
            if isinstance(last, Piece) and last.style == style:
                for_line[-1] = Piece(last.text + piece, style)
            else:
                for_line.append(Piece(piece, style))

    def end_line() -> None:
        flush()
        paras.append(tuple(for_line) or (Piece("", _style(base, open_tags)),))
        for_line.clear()

    pos = 0
    for m in _TOKEN.finditer(text):
        _plain(text[pos:m.start()], buf, end_line)
        pos = m.end()
        token = m.group(0)
        if token.startswith("\\"):
            buf.append(token[1])
        elif m.group(2) is not None:
            name = m.group(2)
            if name not in TAGS:
                guess = _tag_meant(name)
                meant = f"did you mean <{m.group(1)}{guess}>? " if guess else ""
                raise MarkupError(f"unknown markup {token} ({meant}the tags are <b>…</b> for bold and <i>…</i> "
                                  "for italic; write \\< for a literal <)", token)
            flush()
            if not m.group(1):
                open_tags.append(name)
            elif not open_tags or open_tags[-1] != name:
                inner = f" inside <{open_tags[-1]}>: close that first" if open_tags else ""
                raise MarkupError(f"{token} closes no <{name}>{inner}", token)
            else:
                open_tags.pop()
        else:
            name = m.group(3)
            if name not in icons:
                known = sorted(icons)
                close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
                meant = f"did you mean :{close[0]}:? " if close else ""
                listed = f"icons: {', '.join(known)}" if known else "the layout has no `icons:` table"
                raise MarkupError(f"unknown icon {token} ({meant}{listed}; write \\: for a literal colon)", token)
            flush()
            for_line.append(Icon(name, icons[name]))
    _plain(text[pos:], buf, end_line)
    if open_tags:
        raise MarkupError(f"<{open_tags[-1]}> is never closed (close it with </{open_tags[-1]}>)", f"<{open_tags[-1]}>")
    end_line()
    return tuple(paras)


def _plain(text: str, buf: list[str], end_line: Callable[[], None]) -> None:
    """Text with no markup into the buffer, a newline ending the paragraph."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if i:
            end_line()
        if line:
            buf.append(line)
