"""Content problems: one `FILE:LINE:COL: error: …` line each, all of a run at once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """A problem a user can fix, at a 1-based line and column of a file."""

    file: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: error: {self.message}"


class ContentError(Exception):
    """Raised with every problem found; the CLI prints them and exits 1."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))
