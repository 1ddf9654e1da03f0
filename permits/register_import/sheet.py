"""The rows of a register spreadsheet, CSV or Excel, as cells keyed by their column's name.

A header row names the columns; names are matched loosely (case, spaces, hyphens) against
`columns.COLUMNS` and their aliases. Rows are numbered as the spreadsheet program shows them
(the header is row 1), so that an error names the row the administrator sees.

A register as an office keeps it has a title above its header (the header is the first row,
among the first few, that names the register's columns), cells merged over the rows of one
holder (read on each row they cover), a TOTAL line at its foot and other sheets beside it (not
read, and said). The file is from outside: an Excel workbook's sizes are checked from its zip
directory before any sheet is inflated, and no more than MAX_ROWS rows are read.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime

from stoneham_boh.lib.inflation import Limits, TooLarge, open_zip

# An .xlsx file is a zip archive: it starts with the zip signature.
XLSX_SIGNATURE = b"PK\x03\x04"

# Bounds on a register (not figures of the regulation). Stoneham's register is a few hundred
# permits; a workbook of 5,000 rows is under a megabyte of sheet once inflated.
MAX_ROWS = 5_000
# What one check on the page reads: every row goes through the rules, a few a second, and a
# request must end within the server's timeout. A larger register is loaded by the command.
PAGE_MAX_ROWS = 500
# What the command reads from disk at most (the page is held to the request's own limit).
MAX_REGISTER_BYTES = 16 * 1024 * 1024
MAX_COLUMNS = 60
HEADER_SEARCH_ROWS = 10
MAX_MERGES = 10_000
WORKBOOK_LIMITS = Limits(member_bytes=8 * 1024 * 1024, total_bytes=24 * 1024 * 1024, ratio=100)
TOTAL_LINE = re.compile(r"^(grand\s+)?totals?\b", re.I)
MERGE = re.compile(rb'<(?:\w+:)?mergeCell\s+ref="([A-Z]+)(\d+):([A-Z]+)(\d+)"')


class SheetError(Exception):
    """The file cannot be read as a register at all (not one row can be checked)."""


class TooLargeError(SheetError):
    """The file is larger than a register may be: refused before it is read."""


@dataclass
class Sheet:
    headers: list[str]  # the column names as the file wrote them
    rows: list[tuple[int, dict]] = field(default_factory=list)  # (row number, {key: cell})
    unread_columns: list[str] = field(default_factory=list)
    missing_columns: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)  # how the file was read, said to the reader
    header_row: int = 1  # the spreadsheet's number of the header row


@dataclass
class _Raw:
    """The rows of the sheet read, numbered as the spreadsheet numbers them, and what was said
    of the reading (the sheet chosen, merged cells)."""

    rows: list[tuple[int, list]]
    readings: list[str] = field(default_factory=list)


def header_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", str(text or "").strip().lower()).strip("_")


def _cell_text(value) -> object:
    """Dates stay dates (Excel's date cells); numbers that are whole stay whole; text is
    stripped."""
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _too_many_rows(limit: int) -> TooLargeError:
    return TooLargeError(
        f"The register has more than {limit:,} rows, the most "
        + ("one check on this page reads" if limit < MAX_ROWS else "one load reads")
        + f": load it in parts of at most {limit:,} rows (the header row on each)"
        + (", or all at once with manage.py import_register." if limit < MAX_ROWS else ".")
    )


def _rows_of_csv(content: bytes, max_rows: int) -> _Raw:
    readings = []
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Excel on Windows saves "CSV" in its own code page; an editor may have put UTF-8's
        # byte-order mark before it all the same.
        text = content.removeprefix(codecs.BOM_UTF8).decode("cp1252", errors="replace")
        readings.append("Read as Windows text (Excel's “CSV” on Windows), not UTF-8.")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    # newline="" lets the reader itself tell a line's end (\r, \n or both) from a new line
    # inside a quoted cell, as the csv module asks of its files.
    rows = []
    try:
        for number, row in enumerate(csv.reader(io.StringIO(text, newline=""), dialect), 1):
            if number > max_rows:
                raise _too_many_rows(max_rows)
            rows.append((number, row[:MAX_COLUMNS]))
    except csv.Error as error:
        if "field larger than field limit" in str(error):
            raise SheetError(
                f"A cell is longer than {csv.field_size_limit():,} characters: "
                "is this file the register?"
            ) from None
        raise SheetError(f"The CSV file cannot be read ({error}).") from None
    return _Raw(rows, readings)


def _column_index(letters: bytes) -> int:
    index = 0
    for letter in letters.decode("ascii"):
        index = index * 26 + ord(letter) - 64
    return index - 1


def _merged_down(archive: zipfile.ZipFile, sheet) -> list[tuple[int, int, int]]:
    """The merged ranges of `sheet` that run down several rows, as (column, first row, last
    row): the read-only reader gives their value to the first row alone."""
    path = getattr(sheet, "_worksheet_path", "").lstrip("/")
    try:
        xml = archive.read(path)  # its size was checked with the workbook's
    except (KeyError, zipfile.BadZipFile, OSError, ValueError):
        return []
    ranges = []
    for found, match in enumerate(MERGE.finditer(xml)):
        if found >= MAX_MERGES:  # a sheet of more merges than cells read is no register
            break
        first_col, first_row, last_col, last_row = match.groups()
        first, last = int(first_row), int(last_row)
        if last > first:
            columns = range(_column_index(first_col), _column_index(last_col) + 1)
            ranges.extend((column, first, last) for column in columns if column < MAX_COLUMNS)
    return ranges


def _sheet_rows(sheet, limit: int, refuse_more: bool = True) -> list[tuple[int, list]]:
    """The sheet's first `limit` rows; more of them is refused (unless `refuse_more` is false:
    only the first rows were wanted)."""
    rows = []
    for number, row in enumerate(
        sheet.iter_rows(min_row=1, max_row=limit + 1, max_col=MAX_COLUMNS, values_only=True), 1
    ):
        if number > limit:
            if refuse_more and any(_cell_text(c) != "" for c in row):
                raise _too_many_rows(limit)
            break
        rows.append((number, list(row)))
    return rows


def _rows_of_xlsx(content: bytes, keys: dict[str, str], max_rows: int) -> _Raw:
    # late: openpyxl takes about a second to import; only an Excel file needs it
    from openpyxl import load_workbook

    try:
        archive = open_zip(content, "The workbook", WORKBOOK_LIMITS, "a register workbook")
    except TooLarge as refused:
        raise TooLargeError(" ".join(refused.problems)) from None
    except zipfile.BadZipFile as error:
        raise SheetError(f"The Excel file cannot be opened: {error}.") from None
    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise SheetError(f"The Excel file cannot be opened: {error}.") from None
    try:
        return _register_sheet(archive, book, keys, max_rows)
    except SheetError:
        raise
    except Exception as error:  # a damaged sheet: openpyxl's parser raises many kinds
        raise SheetError(f"The Excel file cannot be read: {error}.") from None
    finally:
        book.close()


def _register_sheet(archive, book, keys: dict[str, str], max_rows: int) -> _Raw:
    """The one sheet that holds the register (the first whose header names its columns; the
    first sheet when none does), with its vertically merged cells filled down."""
    sheets = list(book.worksheets)
    if not sheets:
        raise SheetError("The workbook has no sheet of cells.")
    found = [
        sheet
        for sheet in sheets
        if _header_at(_sheet_rows(sheet, HEADER_SEARCH_ROWS, refuse_more=False), keys) is not None
    ]
    if len(found) > 1:
        names = ", ".join(f"“{sheet.title}”" for sheet in found)
        raise SheetError(
            f"The sheets {names} each have the register's columns: put every permit on one "
            "sheet, or load each sheet as its own file."
        )
    sheet = found[0] if found else sheets[0]
    rows = _sheet_rows(sheet, max_rows)
    readings = []
    if len(sheets) > 1:
        others = ", ".join(f"“{other.title}”" for other in sheets if other is not sheet)
        readings.append(f"The sheet “{sheet.title}” was read; not read: {others}.")
    by_number = dict(rows)
    filled = 0
    for column, first, last in _merged_down(archive, sheet):
        if first > max_rows:
            continue
        top = by_number.get(first)
        if top is None or column >= len(top) or _cell_text(top[column]) == "":
            continue
        for number in range(first + 1, min(last, max_rows) + 1):
            row = by_number.get(number)
            if row is not None and column < len(row):
                row[column] = top[column]
                filled += 1
    if filled:
        readings.append(
            f"{filled} cell{'s' if filled != 1 else ''} merged over several rows read on each "
            "row they cover."
        )
    return _Raw(rows, readings)


def _header_at(rows: list[tuple[int, list]], keys: dict[str, str]) -> int | None:
    """The index among `rows` of the header: the first of the first few rows naming at least
    two of the register's columns."""
    for index, (_, row) in enumerate(rows[:HEADER_SEARCH_ROWS]):
        named = {keys.get(header_key(str(c or ""))) for c in row} - {None}
        if len(named) >= 2:
            return index
    return None


def _is_total_line(row: list) -> bool:
    first = next((str(_cell_text(c)) for c in row if _cell_text(c) != ""), "")
    return bool(TOTAL_LINE.match(first))


def read_sheet(
    content: bytes,
    name: str,
    keys: dict[str, str],
    required: set[str],
    max_rows: int = MAX_ROWS,
) -> Sheet:
    """Read `content` (the file called `name`). `keys` maps every accepted header (normalised)
    to its column's key; `required` are the keys that must have a column; more than
    `max_rows` rows (at most MAX_ROWS) are refused unread."""
    max_rows = min(max_rows, MAX_ROWS)
    if not content:
        raise SheetError("The file is empty.")
    if content.startswith(XLSX_SIGNATURE):
        raw = _rows_of_xlsx(content, keys, max_rows)
    elif name.lower().endswith((".xlsx", ".xlsm")):
        raise SheetError(f"“{name}” is not an Excel workbook (.xlsx).")
    elif name.lower().endswith(".xls"):
        raise SheetError("Save the workbook as .xlsx or .csv: the old .xls format is not read.")
    else:
        raw = _rows_of_csv(content, max_rows)
    if not any(_cell_text(c) != "" for _, row in raw.rows for c in row):
        raise SheetError("The file has no rows.")
    start = _header_at(raw.rows, keys) or 0
    header_number, header_row = raw.rows[start]
    header = [str(c or "").strip() for c in header_row]
    sheet = Sheet(headers=header, readings=list(raw.readings), header_row=header_number)
    if start:
        sheet.readings.append(
            f"The header is row {header_number}; the rows above it (a title) were not read."
        )
    positions = {}
    for index, text in enumerate(header):
        key = keys.get(header_key(text))
        if key is None:
            if text:
                sheet.unread_columns.append(text)
        elif key not in positions:
            positions[key] = index
    sheet.missing_columns = sorted(required - set(positions))
    for number, row in raw.rows[start + 1 :]:
        cells = {key: _cell_text(row[i]) if i < len(row) else "" for key, i in positions.items()}
        if not any(value != "" for value in cells.values()):
            continue
        if _is_total_line(row):
            sheet.readings.append(f"Row {number} is a total line, not a permit: not read.")
            continue
        sheet.rows.append((number, cells))
    return sheet
