"""Every spreadsheet the site serves, as CSV or as an Excel workbook (.xlsx), from the same
headers and rows: one export, two formats, offered side by side.

CSV is UTF-8 with a byte-order mark, so that Excel on Windows reads "José" and not "JosÃ©"
(without the mark it guesses the system's code page); the workbook needs no guess at all.
Cells that a spreadsheet would run as a formula are quoted with a leading apostrophe in the
CSV (CSV injection) and written as text in the workbook. Every CSV the product writes, served
or saved to disk (the records export), is written by `safe_writer`, and a test
(tests/trust/test_csv_escaping.py) fails on a CSV or workbook writer anywhere else."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal

from django.http import HttpResponse, StreamingHttpResponse

BOM = "\ufeff"
# Cells a spreadsheet would run as a formula if they began so.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

#: The formats every export offers, as the `format` parameter of its address names them.
FORMATS = ("csv", "xlsx")
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def safe_cell(value):
    """The cell as text, quoted with an apostrophe if a spreadsheet would run it; a number stays
    a number (-5 is not a formula, and the quote would make Excel read it as text)."""
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        return value
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


class SafeWriter:
    """csv.writer's writerow, with every cell through `safe_cell`: what a stranger typed (a
    sign-up's name or e-mail address) reaches any CSV only as text."""

    def __init__(self, stream, **options):
        self._writer = csv.writer(stream, **options)

    def writerow(self, row: Iterable):
        return self._writer.writerow([safe_cell(value) for value in row])


def safe_writer(stream, **options) -> SafeWriter:
    return SafeWriter(stream, **options)


class _Echo:
    def write(self, value):
        return value


def csv_lines(headers: Iterable, rows: Iterable[Iterable]) -> Iterable[str]:
    """The lines of the file, the mark first; `rows` is read lazily (a long archive streams)."""
    writer = safe_writer(_Echo())
    yield BOM + writer.writerow(list(headers))
    for row in rows:
        yield writer.writerow(row)


def csv_download(headers: Iterable, rows: Iterable[Iterable], filename: str):
    response = StreamingHttpResponse(
        csv_lines(headers, rows), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _xlsx_cell(sheet, value):
    """A number or a date as one (Excel sums and sorts them); anything else as text, never a
    formula, with the characters a workbook cannot hold (control characters) left out."""
    # late: openpyxl takes about a second to import; only a workbook download needs it
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool):
        return WriteOnlyCell(sheet, value)
    if isinstance(value, (date, datetime)):
        cell = WriteOnlyCell(sheet, value)
        cell.number_format = "yyyy-mm-dd hh:mm" if isinstance(value, datetime) else "yyyy-mm-dd"
        return cell
    text = "" if value is None else ILLEGAL_CHARACTERS_RE.sub("", str(value))
    cell = WriteOnlyCell(sheet, text)
    cell.data_type = "s"  # openpyxl would make "=..." a formula
    return cell


def xlsx_bytes(headers: Iterable, rows: Iterable[Iterable], *, title: str = "Export") -> bytes:
    """The rows as a workbook of one sheet, the headers in bold and kept in view."""
    # late: openpyxl takes about a second to import; only a workbook download needs it
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    book = Workbook(write_only=True)
    sheet = book.create_sheet(title=title[:31])  # Excel's limit on a sheet's name
    sheet.freeze_panes = "A2"
    bold = Font(bold=True)
    header_cells = []
    for header in headers:
        cell = WriteOnlyCell(sheet, str(header))
        cell.font = bold
        header_cells.append(cell)
    sheet.append(header_cells)
    for row in rows:
        sheet.append([_xlsx_cell(sheet, value) for value in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def requested_format(request) -> str | None:
    """The spreadsheet format a request asks for (`?format=csv` or `xlsx`), else None."""
    wanted = request.GET.get("format")
    return wanted if wanted in FORMATS else None


def spreadsheet_download(headers: Iterable, rows: Iterable[Iterable], stem: str, fmt: str):
    """The export as `stem`.csv or `stem`.xlsx: the same headers and rows either way."""
    if fmt == "csv":
        return csv_download(headers, rows, f"{stem}.csv")
    if fmt != "xlsx":
        raise ValueError(f"not a spreadsheet format: {fmt}")
    response = HttpResponse(xlsx_bytes(headers, rows, title=stem), content_type=XLSX_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{stem}.xlsx"'
    return response
