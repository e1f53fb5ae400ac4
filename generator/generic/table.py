"""A designer's data file (CSV or YAML) read into rows whose every cell knows its FILE:LINE:COL.

CSV positions are the cell's own line and column (a quoted cell may span lines), so a typo in a
spreadsheet is reported where the designer will find it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..content import ContentError, Problem, load_file
from ..content.contentset import inside, shown_path
from ..content.yamlload import decode, read_bytes

MAX_ROWS = 10_000


@dataclass(frozen=True)
class Cell:
    value: Any
    line: int
    col: int


@dataclass(frozen=True)
class Row:
    """One card (or tile, or token) as written: its cells by column, and where the row starts."""

    cells: dict[str, Cell]
    line: int
    col: int


@dataclass(frozen=True)
class Table:
    file: str
    rows: list[Row]
    header: dict[str, Cell]   # the column names as written (CSV); empty for YAML

    def at(self, cell: Cell | Row, message: str) -> Problem:
        return Problem(self.file, cell.line, cell.col, message)


def read_table(path: Path, folder: Path, problems: list[Problem]) -> Table | None:
    """The rows of a .csv or .yaml data file of the game in `folder`; None (with problems) when it
    cannot be read. Read as content files are: a plain file inside the folder, of bounded size."""
    shown = shown_path(path)
    if not path.exists() and not path.is_symlink():
        problems.append(Problem(shown, 1, 1, "missing data file"))
        return None
    if not inside(path, folder):
        problems.append(Problem(shown, 1, 1, "the file leads out of the game's folder (a link?): "
                                             "data is read from the game's own folder only"))
        return None
    if path.suffix.lower() == ".csv":
        return _csv(path, shown, problems)
    return _yaml(path, shown, problems)


def _csv(path: Path, shown: str, problems: list[Problem]) -> Table | None:
    try:
        text = decode(read_bytes(path, shown), shown).removeprefix("\ufeff")
    except ContentError as err:
        problems.extend(err.problems)
        return None
    records, unclosed = _records(text)
    if unclosed is not None:
        problems.append(Problem(shown, unclosed.line, unclosed.col, "a quoted cell is never closed (a \" missing)"))
        return None
    records = [r for r in records if any(str(c.value).strip() for c in r)]   # blank lines are no rows
    if not records or not any(c.value for c in records[0]):
        problems.append(Problem(shown, 1, 1, "an empty CSV file (the first line names the columns)"))
        return None
    header: dict[str, Cell] = {}
    for cell in records[0]:
        name = str(cell.value).strip()
        if name in header:
            problems.append(Problem(shown, cell.line, cell.col, f"column {name!r} is named twice"))
        header[name] = cell
    names = [str(c.value).strip() for c in records[0]]
    rows = []
    for rec in records[1:MAX_ROWS + 1]:
        if len(rec) > len(names):
            extra = rec[len(names)]
            problems.append(Problem(shown, extra.line, extra.col,
                                    f"{len(rec)} cells where the header names {len(names)} columns"))
        cells = {name: rec[i] for i, name in enumerate(names) if i < len(rec)}
        rows.append(Row(cells, rec[0].line, rec[0].col))
    if len(records) > MAX_ROWS + 1:
        problems.append(Problem(shown, records[MAX_ROWS + 1][0].line, 1, f"more than {MAX_ROWS:,} rows"))
    return Table(shown, rows, header)


_PLAIN = re.compile(r"[^,\r\n]*")   # an unquoted cell, or what follows a quoted one up to its end


def _records(text: str) -> tuple[list[list[Cell]], Cell | None]:
    """RFC 4180 records with the line and column where each cell starts (1-based), and the quoted
    cell that runs to the end of the file unclosed, if any. A cell is taken a run at a time (up to
    its next quote, comma or line end), not a character at a time: a deck of thousands of rows."""
    records: list[list[Cell]] = []
    unclosed: Cell | None = None
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
            if not closed and unclosed is None:
                unclosed = Cell("", start_line, start_col)
        plain = _PLAIN.match(text, i)
        assert plain is not None   # it matches the empty string
        parts.append(plain.group())
        col += plain.end() - i
        i = plain.end()
        row.append(Cell("".join(parts), start_line, start_col))
        if i < n and text[i] == ",":
            i += 1
            col += 1
            continue
        # end of a record
        if not (len(row) == 1 and row[0].value == "" and i >= n):
            records.append(row)
        row = []
        if i < n and text[i] == "\r":
            i += 1
        if i < n and text[i] == "\n":
            i += 1
        line, col = line + 1, 1
        if i >= n:
            break
    return records, unclosed


def _after(run: str, line: int, col: int) -> tuple[int, int]:
    """The line and column after `run` (inside quotes, where a line break is part of the cell)."""
    breaks = run.count("\n")
    if not breaks:
        return line, col + len(run)
    return line + breaks, len(run) - run.rfind("\n")


def _yaml(path: Path, shown: str, problems: list[Problem]) -> Table | None:
    try:
        source = load_file(path, shown, raise_duplicates=False)
    except ContentError as err:
        problems.extend(err.problems)
        return None
    problems.extend(source.problems)
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
