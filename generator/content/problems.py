"""Content problems: one `FILE:LINE:COL: error: …` line each, all of a run at once."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

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
    on: str = ""   # the face it was found drawing, when the same words may be found on many (`folded`)
    sheet: str = ""   # a spreadsheet's sheet: the place is then SHEET!CELL (line = row, col = column)

    def __str__(self) -> str:
        on = f" (on {self.on})" if self.on else ""
        return f"{one_line(self.file)}:{self.place}: error: {one_line(self.message)}{one_line(on)}"

    @property
    def place(self) -> str:
        """'LINE:COL' in a text file; 'SHEET!B3' in a spreadsheet, as the spreadsheet names its cells."""
        return cell_name(self.sheet, self.line, self.col) if self.sheet else f"{self.line}:{self.col}"


def cell_name(sheet: str, row: int, col: int) -> str:
    """'Cards!B3', or "'My cards'!B3" for a sheet whose name is not one word (as a formula writes it)."""
    from openpyxl.utils.cell import get_column_letter  # imported by the spreadsheet read anyway

    shown = one_line(sheet)
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", sheet):
        shown = "'" + shown.replace("'", "''") + "'"
    return f"{shown}!{get_column_letter(col)}{row}"


SHOWN = 3   # the faces a folded problem names


def folded(problems: Iterable[Problem]) -> list[Problem]:
    """Every problem once, in file order, and one found in the same words on many faces (a box moved
    over a text, a field misspelled in a layout) said once, naming the first faces and counting the rest."""
    faces: dict[tuple[str, int, int, str, str], list[str]] = {}
    for p in sorted(set(problems)):
        faces.setdefault((p.file, p.line, p.col, p.message, p.sheet), []).append(p.on)
    out = []
    for (file, line, col, message, sheet), ons in faces.items():
        named = [on for on in ons if on]
        if len(named) > 1:
            more = len(named) - SHOWN
            listed = ", ".join(named[:SHOWN]) + (f" and {more} more" if more > 0 else "")
            out.append(Problem(file, line, col, message, f"{len(named)} faces: {listed}", sheet))
        else:
            out.append(Problem(file, line, col, message, named[0] if named else "", sheet))
    return out


def on(problem: Problem, face: str) -> Problem:
    """The problem as found drawing `face`."""
    return replace(problem, on=face)


class ContentError(Exception):
    """Raised with every problem found; the CLI prints them and exits 1."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = folded(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
