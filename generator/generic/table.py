"""A designer's data file (CSV, a spreadsheet or YAML) read into rows whose every cell knows its place:
FILE:LINE:COL, or FILE:SHEET!CELL in a spreadsheet (spreadsheet.py).

CSV positions are the cell's own line and column (a quoted cell may span lines), so a typo in a
spreadsheet is reported where the designer will find it. A CSV's delimiter is the one its first lines
use (comma, semicolon as European Excel writes, or tab; a first line `sep=;` says it outright), and
messages about its columns name it. A CSV's rows are read as they are taken, so a
deck of thousands is never held whole (its cells, each with its place, cost several times its text).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..content import ContentError, Problem
from ..content.contentset import load_noting, shown_path
from ..content.yamlload import decode, read_bytes
from .spreadsheet import NoSheet, open_sheet

MAX_ROWS = 10_000


@dataclass(frozen=True, slots=True)
class Cell:
    value: Any
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class Row:
    """One card (or tile, or token) as written: its cells by column, and where the row starts."""

    cells: dict[str, Cell]
    line: int
    col: int


@dataclass
class Table:
    """A data file's rows, taken once and in order (a CSV's are read as they are taken), and what is
    wrong with the file itself, which may be known only once every row is read (`finish`)."""

    file: str
    rows: Iterable[Row]
    header: dict[str, Cell]   # the column names as written (CSV); empty for YAML
    problems: list[Problem] = field(default_factory=list)   # the file's own (a column named twice, …)
    unreadable: Problem | None = None   # a quote never closed: no row of the file is what it seems
    sheet: str = ""        # a spreadsheet's sheet read (then a cell's line is its row, its col its column)
    delimiter: str = ""    # a CSV's, as read

    def at(self, cell: Cell | Row, message: str) -> Problem:
        return Problem(self.file, cell.line, cell.col, message, sheet=self.sheet)

    def place(self, cell: Cell) -> str:
        """Where a cell is written, for messages: 'cards.csv:3:5' or 'cards.xlsx:Cards!E3'."""
        return f"{self.file}:{self.at(cell, '').place}"

    def split(self, text: str | None = None) -> str:
        """How a CSV's columns were told apart, for a message about them: said when `text` (a column's
        name) holds another delimiter, or always when no text is given; '' for other files."""
        if not self.delimiter:
            return ""
        other = next((d for d in DELIMITERS if d != self.delimiter and d in (text or "")), None)
        if text is not None and other is None:
            return ""
        hint = f" (a first line `sep={other}` splits them at {DELIMITERS[other]})" if other else ""
        return f"; the columns are split at {DELIMITERS[self.delimiter]}{hint}"

    def finish(self, found: list[Problem]) -> list[Problem]:
        """Read what the rows taken left unread, then the problems to report: the file's own and
        `found` (those of its rows); or, for a file that cannot be read, only why."""
        if isinstance(self.rows, Iterator):
            for _ in self.rows:
                pass
        return [self.unreadable] if self.unreadable is not None else [*self.problems, *found]


def read_table(path: Path, folder: Path, problems: list[Problem], sheet: str | None = None) -> Table | None:
    """The rows of a .csv, .xlsx or .yaml data file of the game in `folder` (of a spreadsheet, its
    `sheet`, else its first); None (with problems) when it cannot be read. Read as content files are: a
    plain file inside the folder, of bounded size."""
    shown = shown_path(path)
    if not path.exists() and not path.is_symlink():
        problems.append(Problem(shown, 1, 1, "missing data file"))
        return None
    if path.suffix.lower() == ".csv":
        return _csv(path, folder, shown, problems)
    if path.suffix.lower() == ".xlsx":
        return _xlsx(path, folder, shown, problems, sheet)
    return _yaml(path, folder, shown, problems)


DELIMITERS = {",": "commas", ";": "semicolons", "\t": "tabs"}
_SNIFFED = 8 << 10   # the characters the delimiter is told from: a header and dozens of rows
# (csv.Sniffer's time grows faster than its sample: docs/speed.md)


def delimiter(text: str) -> tuple[str, int]:
    """The CSV's delimiter and the lines before its header: what a first line `sep=X` says (Excel's
    own way), else what csv.Sniffer finds in its first lines among DELIMITERS, else a comma."""
    first = text.split("\n", 1)[0].rstrip("\r")
    if first.lower().startswith("sep=") and first[4:] in DELIMITERS:
        return first[4:], 1
    sample = text[:_SNIFFED]
    if len(text) > _SNIFFED and "\n" in sample:
        sample = sample[:sample.rindex("\n")]
    try:
        found = csv.Sniffer().sniff(sample, delimiters="".join(DELIMITERS)).delimiter
    except csv.Error:   # one column, or no line like another
        return ",", 0
    return found, 0


def _csv(path: Path, folder: Path, shown: str, problems: list[Problem]) -> Table | None:
    try:
        text = decode(read_bytes(path, shown, folder=folder), shown).removeprefix("\ufeff")
    except ContentError as err:
        problems.extend(err.problems)
        return None
    sep, skipped = delimiter(text)
    reading = _Records(text, sep)
    records = (r for r in reading if r[0].line > skipped and any(str(c.value).strip() for c in r))  # blank: no row
    first = next(records, None)
    if first is None or not any(c.value for c in first):
        for _ in records:   # a quote never closed, further on, is the first thing to say
            pass
        unclosed = reading.unclosed
        problems.append(Problem(shown, unclosed.line, unclosed.col, _UNCLOSED) if unclosed is not None else
                        Problem(shown, 1, 1, "an empty CSV file (the first line names the columns)"))
        return None
    table = Table(shown, (), {}, delimiter=sep)
    for cell in first:
        name = str(cell.value).strip()
        if name in table.header:
            table.problems.append(Problem(shown, cell.line, cell.col, f"column {name!r} is named twice"))
        table.header[name] = cell
    table.rows = _rows(table, [str(c.value).strip() for c in first], records, reading)
    return table


_UNCLOSED = "a quoted cell is never closed (a \" missing)"


def _rows(table: Table, names: list[str], records: Iterator[list[Cell]], reading: _Records) -> Iterator[Row]:
    """The table's rows as the records come (at most MAX_ROWS); a quote never closed, which the last
    record shows, makes the table unreadable."""
    for n, rec in enumerate(records):
        if n == MAX_ROWS:
            table.problems.append(Problem(table.file, rec[0].line, 1, f"more than {MAX_ROWS:,} rows"))
            break
        if len(rec) > len(names):
            extra = rec[len(names)]
            table.problems.append(Problem(table.file, extra.line, extra.col,
                                          f"{len(rec)} cells where the header names {len(names)} columns"
                                          f"{table.split()}"))
        yield Row({name: rec[i] for i, name in enumerate(names) if i < len(rec)}, rec[0].line, rec[0].col)
    for _ in records:
        pass
    if reading.unclosed is not None:
        table.unreadable = Problem(table.file, reading.unclosed.line, reading.unclosed.col, _UNCLOSED)


class _Records:
    """RFC 4180 records with the line and column where each cell starts (1-based), a record at a
    time, and, once they are all read, the quoted cell that runs to the end of the file unclosed, if
    any. A cell is taken a run at a time (up to its next quote, comma or line end), not a character
    at a time: a deck of thousands of rows. Cells are split at `sep` (a comma unless told)."""

    def __init__(self, text: str, sep: str = ",") -> None:
        self.text = text
        self.sep = sep
        self.unclosed: Cell | None = None

    def __iter__(self) -> Iterator[list[Cell]]:
        text, sep = self.text, self.sep
        plain_cell = re.compile(f"[^{re.escape(sep)}\r\n]*")   # an unquoted cell, or what follows a quoted one
        row: list[Cell] = []
        i, line, col, n = 0, 1, 1, len(text)
        while i <= n:
            start_line, start_col = line, col
            parts: list[str] = []
            if i < n and text[i] == '"':
                i += 1
                col += 1
                closed = False
                while i < n:
                    j = text.find('"', i)
                    run = text[i:] if j < 0 else text[i:j]
                    parts.append(run)
                    line, col = _after(run, line, col)
                    if j < 0:
                        i = n
                    elif j + 1 < n and text[j + 1] == '"':   # a doubled quote is a quote
                        parts.append('"')
                        i, col = j + 2, col + 2
                    else:
                        i, col, closed = j + 1, col + 1, True
                        break
                if not closed and self.unclosed is None:
                    self.unclosed = Cell("", start_line, start_col)
            plain = plain_cell.match(text, i)
            assert plain is not None   # it matches the empty string
            parts.append(plain.group())
            col += plain.end() - i
            i = plain.end()
            row.append(Cell("".join(parts), start_line, start_col))
            if i < n and text[i] == sep:
                i += 1
                col += 1
                continue
            # end of a record
            if not (len(row) == 1 and row[0].value == "" and i >= n):
                yield row
            row = []
            if i < n and text[i] == "\r":
                i += 1
            if i < n and text[i] == "\n":
                i += 1
            line, col = line + 1, 1
            if i >= n:
                break


def _after(run: str, line: int, col: int) -> tuple[int, int]:
    """The line and column after `run` (inside quotes, where a line break is part of the cell)."""
    breaks = run.count("\n")
    if not breaks:
        return line, col + len(run)
    return line + breaks, len(run) - run.rfind("\n")


def _xlsx(path: Path, folder: Path, shown: str, problems: list[Problem], sheet: str | None) -> Table | None:
    """A spreadsheet's sheet: its first row with a value names the columns, and every cell is at
    SHEET!CELL (a Cell's line is its row, its col its column)."""
    try:
        chosen, rows = open_sheet(read_bytes(path, shown, folder=folder), sheet)
    except ContentError as err:
        problems.extend(err.problems)
        return None
    except NoSheet as err:
        problems.append(Problem(shown, 1, 1, str(err)))
        return None
    table = Table(shown, (), {}, sheet=chosen)
    first = next(((n, v) for n, v in rows if not all(_blank(x) for x in v)), None)
    if first is None:
        problems.append(Problem(shown, 1, 1, "an empty sheet (its first row names the columns)", sheet=chosen))
        return None
    row_number, values = first
    names = {col: str(v).strip() for col, v in enumerate(values, 1) if not _blank(v)}
    for col, name in names.items():
        cell = Cell(name, row_number, col)
        if name in table.header:
            table.problems.append(table.at(cell, f"column {name!r} is named twice"))
        table.header[name] = cell
    table.rows = _sheet_rows(table, names, rows)
    return table


def _sheet_rows(table: Table, names: dict[int, str], rows: Iterator[tuple[int, tuple[Any, ...]]]) -> Iterator[Row]:
    """The sheet's rows after its header, blank ones skipped (at most MAX_ROWS)."""
    taken = 0
    for row_number, values in rows:
        if all(_blank(v) for v in values):
            continue
        if taken == MAX_ROWS:
            table.problems.append(table.at(Cell("", row_number, 1), f"more than {MAX_ROWS:,} rows"))
            break
        taken += 1
        cells = {}
        for col, value in enumerate(values, 1):
            if col in names:
                cells[names[col]] = Cell(value, row_number, col)
            elif not _blank(value):
                table.problems.append(table.at(Cell(value, row_number, col),
                                               "a value in a column the header row does not name"))
        yield Row(cells, row_number, min(names))


def _blank(value: Any) -> bool:
    return isinstance(value, str) and not value.strip()


def _yaml(path: Path, folder: Path, shown: str, problems: list[Problem]) -> Table | None:
    source = load_noting(path, shown, folder, problems)
    if source is None:
        return None
    data = source.data
    if not isinstance(data, list):
        problems.append(source.problem((), "a YAML data file is a list of entries (`- name: …`)"))
        return None
    rows = []
    for k, entry in enumerate(data[:MAX_ROWS]):
        if not isinstance(entry, dict):
            problems.append(source.problem((k,), "each entry is a mapping of fields"))
            continue
        cells = {}
        for key, value in entry.items():
            node, _ = source.node_at((k, key))
            line, col = (node.start_mark.line + 1, node.start_mark.column + 1) if node is not None else (1, 1)
            cells[str(key)] = Cell(value, line, col)
        node, _ = source.node_at((k,))
        line, col = (node.start_mark.line + 1, node.start_mark.column + 1) if node is not None else (1, 1)
        rows.append(Row(cells, line, col))
    return Table(shown, rows, {})
