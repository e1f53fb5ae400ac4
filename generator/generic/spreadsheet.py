"""A designer's spreadsheet (.xlsx) opened and read a row of values at a time (table.py makes its rows).

openpyxl reads it (pure Python, the reader pandas uses for .xlsx; docs/spreadsheets.md says why). The
bytes come bounded from the content reader, and the parts they unpack to are bounded too before
openpyxl sees them: a small zip may unpack to gigabytes. Values are the ones the spreadsheet last
computed (a formula's result, not its text).
"""

from __future__ import annotations

import datetime
import io
import zipfile
from collections.abc import Iterator
from typing import Any

from ..content.nearby import did_you_mean

MAX_UNPACKED_BYTES = 64 << 20   # a 10,000-row sheet of long texts unpacks to a few MB
MAX_COLUMNS = 200               # no card has more fields; a row's cells past it are not read


class NoSheet(ValueError):
    """The bytes are no spreadsheet playkit reads, or have no such sheet: the message says why."""


def open_sheet(data: bytes, sheet: str | None) -> tuple[str, Iterator[tuple[int, tuple[Any, ...]]]]:
    """The name of the `sheet` read (else the first) and its rows as (row number, plain values) from
    row 1, each row's first MAX_COLUMNS values; NoSheet when there is none to read."""
    _check_zip(data)
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as err:   # openpyxl raises what its parts raise (KeyError, XML errors, …)
        raise NoSheet(f"cannot read the spreadsheet: {type(err).__name__}: {err}") from None
    names = book.sheetnames
    if sheet is not None and sheet not in names:
        raise NoSheet(f"no sheet {sheet!r} (sheets: {', '.join(names)}){did_you_mean(sheet, names)}")
    chosen = sheet if sheet is not None else names[0]
    rows = book[chosen].iter_rows(min_row=1, min_col=1, max_col=MAX_COLUMNS, values_only=True)
    return chosen, ((n, tuple(_plain(v) for v in values)) for n, values in enumerate(rows, 1))


def _plain(value: Any) -> Any:
    """A cell's value as a CSV's would be read: text and numbers; a whole float is an int (a spreadsheet
    stores 3 as 3.0), a date or a time is its ISO text, an empty cell is ''."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return str(value)
    return value


def _check_zip(data: bytes) -> None:
    """NoSheet for bytes that are not a zip, or a zip that unpacks past MAX_UNPACKED_BYTES."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            unpacked = sum(info.file_size for info in z.infolist())
    except zipfile.BadZipFile:
        raise NoSheet("not an .xlsx spreadsheet (an .xlsx is a zip file; an old .xls, or a CSV named .xlsx?): "
                      "save it from the spreadsheet as .xlsx") from None
    if unpacked > MAX_UNPACKED_BYTES:
        raise NoSheet(f"the spreadsheet unpacks to {unpacked:,} bytes; at most {MAX_UNPACKED_BYTES:,} are read "
                      "(a deck's sheet is far smaller)")
