"""The rows of a register spreadsheet, CSV or Excel, as cells keyed by their column's name.

A header row names the columns; names are matched loosely (case, spaces, hyphens) against
`columns.COLUMNS` and their aliases. Rows are numbered as the spreadsheet program shows them
(the header is row 1), so that an error names the row the administrator sees.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from datetime import date, datetime

# An .xlsx file is a zip archive: it starts with the zip signature.
XLSX_SIGNATURE = b"PK\x03\x04"


class SheetError(Exception):
    """The file cannot be read as a register at all (not one row can be checked)."""


@dataclass
class Sheet:
    headers: list[str]  # the column names as the file wrote them
    rows: list[tuple[int, dict]] = field(default_factory=list)  # (row number, {key: cell})
    unread_columns: list[str] = field(default_factory=list)
    missing_columns: list[str] = field(default_factory=list)


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


def _rows_of_csv(content: bytes) -> list[list]:
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Excel on Windows saves "CSV" in its own code page.
        text = content.decode("cp1252", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    # newline="" lets the reader itself tell a line's end (\r, \n or both) from a new line
    # inside a quoted cell, as the csv module asks of its files.
    try:
        return list(csv.reader(io.StringIO(text, newline=""), dialect))
    except csv.Error as error:
        if "field larger than field limit" in str(error):
            raise SheetError(
                f"A cell is longer than {csv.field_size_limit():,} characters: "
                "is this file the register?"
            ) from None
        raise SheetError(f"The CSV file cannot be read ({error}).") from None


def _rows_of_xlsx(content: bytes) -> list[list]:
    from openpyxl import load_workbook  # only an Excel file needs it

    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise SheetError(f"The Excel file cannot be opened: {error}.") from None
    try:
        return [list(row) for row in book.worksheets[0].iter_rows(values_only=True)]
    finally:
        book.close()


def read_sheet(content: bytes, name: str, keys: dict[str, str], required: set[str]) -> Sheet:
    """Read `content` (the file called `name`). `keys` maps every accepted header (normalised)
    to its column's key; `required` are the keys that must have a column."""
    if not content:
        raise SheetError("The file is empty.")
    if content.startswith(XLSX_SIGNATURE):
        raw = _rows_of_xlsx(content)
    elif name.lower().endswith((".xlsx", ".xlsm")):
        raise SheetError(f"“{name}” is not an Excel workbook (.xlsx).")
    elif name.lower().endswith(".xls"):
        raise SheetError("Save the workbook as .xlsx or .csv: the old .xls format is not read.")
    else:
        raw = _rows_of_csv(content)
    if not any(_cell_text(c) != "" for row in raw for c in row):
        raise SheetError("The file has no rows.")
    header = [str(c or "").strip() for c in raw[0]]
    sheet = Sheet(headers=header)
    positions = {}
    for index, text in enumerate(header):
        key = keys.get(header_key(text))
        if key is None:
            if text:
                sheet.unread_columns.append(text)
        elif key not in positions:
            positions[key] = index
    sheet.missing_columns = sorted(required - set(positions))
    for number, row in enumerate(raw[1:], start=2):
        cells = {key: _cell_text(row[i]) if i < len(row) else "" for key, i in positions.items()}
        if any(value != "" for value in cells.values()):
            sheet.rows.append((number, cells))
    return sheet
