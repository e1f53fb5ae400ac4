"""Content problems: one `FILE:LINE:COL: error: …` line each, all of a run at once."""

from __future__ import annotations

import re
from dataclasses import dataclass

# A newline or another control character in a file name or message (from the content itself)
# would break the one-line-per-problem promise, or drive the terminal: shown escaped instead.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """`text` with every control character escaped, so that it prints on one line."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


@dataclass(frozen=True, order=True)
class Problem:
    """A problem a user can fix, at a 1-based line and column of a file."""

    file: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{one_line(self.file)}:{self.line}:{self.col}: error: {one_line(self.message)}"


class ContentError(Exception):
    """Raised with every problem found; the CLI prints them and exits 1."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))
