"""The rulebooks' inline emphasis (Markdown's `**bold**` and `*italic*`) as reportlab's paragraph markup."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<!\*)\*(?!\*)(.+?)(?<!\*)\*(?!\*)")


def inline(text: str) -> str:
    """Markdown emphasis to reportlab's paragraph markup, everything else escaped."""
    out = escape(text).replace("\\*", "\x00")  # \* is a literal star
    out = _BOLD.sub(r"<b>\1</b>", out)
    return _ITALIC.sub(r"<i>\1</i>", out).replace("\x00", "*")
