"""Read the Town Assessor's certified abutter list from CSV, and say what is wrong where.

Nothing is saved here: the clerk sees every row with its problems, by line and column, and
imports only a list without any. The Assessor's exports name their columns in several ways,
so the header is matched against known aliases (the MassGIS names OWNER1, OWN_ADDR, ... too),
and the mailing address may come as one column ("12 Main Street, Stoneham, MA 02180"), as a
street beside one "City/State/Zip" column, or split into street, city, state and ZIP.

A list as the Assessor's office really sends it is read, and what was read and how is said
(`ParsedList.readings`): comma- or tab-separated, a byte-order mark and Windows line ends,
spaces doubled by a spreadsheet (read as one), ZIP codes a spreadsheet stripped of their leading
0 (4 digits: a New England ZIP, read with its 0), a co-owner's column (joined to the owner's
name with "&", never dropped), a second address line (joined to the street), a title line
or two above the header ("Certified abutters list" printouts), and an Excel workbook (.xlsx),
whose first sheet is read as the same rows (`read_upload`).
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError

from facilities.models import parcel_id_validator
from facilities.zip_codes import with_its_leading_0
from stoneham_boh.town.current import current_town

MAX_BYTES = 1024 * 1024
MAX_ROWS = 2000

ALIASES = {
    "owner_names": (
        "owner",
        "owners",
        "owner_name",
        "owner_names",
        "name",
        "owner1",
        "owner_1",
        "owner_name_1",
        "owner1_name",
        "current_owner",
    ),
    "co_owner": (
        "owner2",
        "owner_2",
        "co_owner",
        "co_owners",
        "coowner",
        "co_owner_name",
        "second_owner",
        "owner2_name",
        "owner_name_2",
    ),
    "mailing_address": ("mailing_address", "address", "mail_address", "owner_address"),
    "mailing_street": (
        "mailing_street",
        "street",
        "mail_street",
        "address_line_1",
        "mailing_address_1",
        "mailing_address_line_1",
        "address_1",
        "address1",
        "mailing_address1",
        "addr1",
        "own_addr",
        "owner_addr",
        "owner_mailing_address",
    ),
    # A second line (a unit, a care-of, a P.O. box): joined to the street, never dropped.
    "mailing_street_2": (
        "address_line_2",
        "mailing_address_2",
        "mailing_address_line_2",
        "address_2",
        "address2",
        "mailing_address2",
        "addr2",
        "own_addr2",
    ),
    "mailing_city": ("mailing_city", "city", "town", "mail_city", "own_city"),
    "mailing_state": ("mailing_state", "state", "st", "mail_state", "own_state"),
    "mailing_zip": (
        "mailing_zip",
        "zip",
        "zip_code",
        "zipcode",
        "postal_code",
        "mail_zip",
        "own_zip",
    ),
    "city_state_zip": ("city_state_zip", "city_st_zip", "csz", "city_state_zip_code"),
    "parcel_id": (
        "parcel_id",
        "parcel",
        "map_block_lot",
        "mbl",
        "parcel_number",
        "map_lot",
        "map_par_id",
        "pid",
        "parcel_no",
        "map_block_lot_unit",
        "map_lot_unit",
    ),
}
LABELS = {
    "owner_names": "the owner",
    "co_owner": "a co-owner (joined to the owner's name with “&”)",
    "mailing_address": "the mailing address",
    "mailing_street": "the street",
    "mailing_street_2": "the street's second line",
    "mailing_city": "the city",
    "mailing_state": "the state",
    "mailing_zip": "the ZIP code",
    "city_state_zip": "the city, state and ZIP code",
    "parcel_id": "the parcel id",
}
SPLIT_ADDRESS = ("mailing_street", "mailing_city", "mailing_state", "mailing_zip")
ZIP = re.compile(r"^\d{5}(-\d{4})?$")
STATE_ZIP = re.compile(r"^(?P<state>[A-Za-z]{2})\s+(?P<zip>\d{4,5}(-\d{4})?)$")
CITY_STATE_ZIP = re.compile(
    r"^(?P<city>.+?)[\s,]+(?P<state>[A-Za-z]{2})\s+(?P<zip>\d{4,5}(-\d{4})?)$"
)


@dataclass
class Row:
    line: int
    raw: dict[str, str]
    values: dict[str, str] = field(default_factory=dict)
    errors: list[tuple[str, str]] = field(default_factory=list)

    #: Its ZIP code came with 4 digits and was read with its leading 0.
    zip_padded: bool = False
    #: How its address compares with the town map's owner (facilities.abutter_map_check).
    map_check: object = None

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass
class ParsedList:
    rows: list[Row] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    #: What was read and how, for the clerk to check against the file.
    readings: list[str] = field(default_factory=list)

    @property
    def bad_rows(self) -> list[Row]:
        return [row for row in self.rows if not row.ok]

    @property
    def importable(self) -> bool:
        return not self.problems and bool(self.rows) and not self.bad_rows

    def values(self) -> list[dict[str, str]]:
        return [row.values for row in self.rows]


#: How many lines above the header a printout may carry (the title, the town, the date).
TITLE_LINES = 10
#: An .xlsx workbook is a zip archive; what it may inflate to before it is opened at all.
XLSX_SIGNATURE = b"PK\x03\x04"
MAX_XLSX_INFLATED = 20 * MAX_BYTES


def _normal(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")


def _columns(headers: list[str]) -> dict[str, str]:
    """Our field name -> the file's column header, for each column we recognise."""
    found = {}
    for header in headers:
        for name, aliases in ALIASES.items():
            if _normal(header) in aliases and name not in found:
                found[name] = header
    return found


def decode(data: bytes) -> str:
    # Spreadsheet exports are UTF-8 (often with a byte-order mark) or Windows-1252.
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_upload(data: bytes, name: str) -> tuple[str, ParsedList]:
    """An uploaded list as text (an .xlsx's first sheet as tab-separated rows, so that the
    preview's confirmation carries it back as text) and as read."""
    if not data.startswith(XLSX_SIGNATURE):
        text = decode(data)
        return text, parse(text)
    try:
        text, sheet = _text_of_workbook(data)
    except WorkbookError as error:
        return "", ParsedList(problems=[str(error)])
    parsed = parse(text)
    # Its rows were carried as tab-separated text: the clerk sent a sheet, not a tab file.
    parsed.readings = [r.replace("Tab-separated columns:", "Columns:", 1) for r in parsed.readings]
    parsed.readings.insert(0, f"Excel workbook: its first sheet, “{sheet}”, read.")
    return text, parsed


class WorkbookError(Exception):
    """The .xlsx cannot be read as a list (said to the clerk as it is)."""


def _text_of_workbook(data: bytes) -> tuple[str, str]:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            # Sizes from the zip's directory, before anything is inflated: a small workbook
            # can inflate to hundreds of megabytes.
            if sum(member.file_size for member in archive.infolist()) > MAX_XLSX_INFLATED:
                raise WorkbookError("The workbook is too large once opened; is it the list?")
    except zipfile.BadZipFile:
        raise WorkbookError(
            "The file is not an Excel workbook (.xlsx) that can be opened."
        ) from None
    # late: openpyxl takes about a second to import and only a workbook needs it
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises many kinds for a damaged workbook
        raise WorkbookError(
            "The Excel workbook cannot be opened; save it again, or as CSV."
        ) from None
    try:
        sheet = book.worksheets[0]
        lines = []
        for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):
            if number > MAX_ROWS + TITLE_LINES + 1:
                break
            lines.append("\t".join(_tab_field(_workbook_cell(value)) for value in row))
        return "\n".join(lines) + "\n", sheet.title
    finally:
        book.close()


def _tab_field(text: str) -> str:
    """A cell as the tab-separated reader reads it back: quoted when it holds a tab, a line end
    or a quote. (The sheet is read into text for the one parser; this writes no file.)"""
    if any(ch in text for ch in '\t\n\r"'):
        return '"' + text.replace('"', '""') + '"'
    return text


def _workbook_cell(value) -> str:
    """A cell as it shows: a ZIP or parcel number Excel keeps as a number, whole."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "isoformat"):
        return value.isoformat()[:10]
    return str(value)


def parse(text: str) -> ParsedList:
    parsed = ParsedList()
    doubled_spaces = False
    if len(text.encode("utf-8", errors="ignore")) > MAX_BYTES:
        parsed.problems.append("The file is larger than 1 MB; is it the abutter list?")
        return parsed
    delimiter = _delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    records = _records(reader, parsed)
    if records is None:
        return parsed
    header_at, titles = _header(records)
    if header_at is None:
        parsed.headers = list(records[0][1]) if records else []
        missing = _missing_columns(_columns(parsed.headers)) or ["owner"]
        parsed.problems.append(
            "The first line must name the columns. Missing: " + ", ".join(missing) + "."
        )
        return parsed
    header_line, parsed.headers = records[header_at]
    columns = _columns(parsed.headers)
    if titles:
        parsed.readings.append(
            "Read as a title, above the column names on line "
            f"{header_line}: " + "; ".join(f"“{title}”" for title in titles) + "."
        )
    parsed.readings.append(
        ("Tab-separated" if delimiter == "\t" else "Comma-separated")
        + " columns: "
        + "; ".join(f"“{header}” as {LABELS[name]}" for name, header in columns.items())
        + "."
    )
    ignored = [h for h in parsed.headers if h.strip() and h not in columns.values()]
    if ignored:
        parsed.readings.append("Not read: " + ", ".join(f"“{header}”" for header in ignored) + ".")
    for line, values in records[header_at + 1 :]:
        if len(parsed.rows) >= MAX_ROWS:
            parsed.problems.append(f"The list has more than {MAX_ROWS} rows.")
            break
        raw = dict(zip(parsed.headers, values, strict=False))
        cells = {k: _cell(v) for k, v in raw.items() if k}
        if any(" ".join(v.split()) != v.strip() for v in raw.values()):
            doubled_spaces = True
        if not any(cells.values()):
            continue
        parsed.rows.append(_row(line, cells, columns))
    if not parsed.rows and not parsed.problems:
        parsed.problems.append("The file has a header line but no abutters.")
    if doubled_spaces:
        parsed.readings.append("Spaces doubled in the file were read as one.")
    padded = [row.line for row in parsed.rows if row.zip_padded]
    if padded:
        parsed.readings.append(
            f"{len(padded)} ZIP code{'s' if len(padded) != 1 else ''} of 4 digits, which a "
            "spreadsheet stripped of the leading 0, read with it (line"
            f"{'s' if len(padded) != 1 else ''} {', '.join(str(n) for n in padded)})."
        )
    return parsed


def _records(reader, parsed: ParsedList) -> list[tuple[int, list[str]]] | None:
    """Every record with the line it starts on (the line the clerk's editor shows)."""
    records = []
    line = 1
    try:
        for values in reader:
            if len(records) > MAX_ROWS + TITLE_LINES:
                break
            records.append((line, values))
            line = reader.line_num + 1
    except csv.Error as error:
        parsed.problems.append(f"Line {reader.line_num} is not valid CSV ({error}).")
        return None
    return records


def _header(records: list[tuple[int, list[str]]]) -> tuple[int | None, list[str]]:
    """Where the column names are: the first line that names an owner and an address, within
    the first few; the lines above it are a printout's title."""
    titles = []
    for index, (_line, values) in enumerate(records[: TITLE_LINES + 1]):
        if not _missing_columns(_columns(values)):
            return index, titles
        title = " ".join(" ".join(value.split()) for value in values if value.strip())
        if title:
            titles.append(title)
    return None, []


def _cell(value: str | None) -> str:
    """A cell as read: spaces a spreadsheet doubled (or a line end inside it) read as one."""
    return " ".join((value or "").split())


def _delimiter(text: str) -> str:
    """Tab when the first lines are tab-separated (an export saved as .txt), else comma. The
    first few, not the first alone: a printout's title line may have neither."""
    head = "\n".join(text.splitlines()[: TITLE_LINES + 2])
    return "\t" if head.count("\t") > head.count(",") else ","


def _missing_columns(columns: dict[str, str]) -> list[str]:
    missing = []
    if "owner_names" not in columns:
        missing.append("owner")
    street = "mailing_address" in columns or "mailing_street" in columns
    has_split = street and all(name in columns for name in SPLIT_ADDRESS[1:])
    beside = street and "city_state_zip" in columns
    if not (has_split or beside or "mailing_address" in columns):
        missing.append("mailing address (or street, city, state and zip)")
    # The parcel id is optional, as it is when an abutter is entered by hand: one rule.
    return missing


def _row(line: int, cells: dict[str, str], columns: dict[str, str]) -> Row:
    row = Row(line=line, raw=cells)

    def cell(name: str) -> str:
        return cells.get(columns.get(name, ""), "")

    owner = cell("owner_names")
    if not owner:
        row.errors.append((columns["owner_names"], "The owner's name is empty."))
    elif len(owner) > 200:
        row.errors.append((columns["owner_names"], "The owner's name is over 200 characters."))
    co_owner = cell("co_owner")
    if co_owner and co_owner.lower() != owner.lower():
        owner = f"{owner} & {co_owner}" if owner else co_owner
        if len(owner) > 200:
            row.errors.append((columns["co_owner"], "The owners' names are over 200 characters."))
    row.values["owner_names"] = owner[:200]
    problem = ""
    street_column = columns.get("mailing_street") or columns.get("mailing_address", "")
    street = ", ".join(
        part for part in (cells.get(street_column, ""), cell("mailing_street_2")) if part
    )
    if street_column and all(name in columns for name in SPLIT_ADDRESS[1:]):
        # One "Mailing Address" column beside City, State and Zip holds the street alone.
        address = {"mailing_street": street, **{name: cell(name) for name in SPLIT_ADDRESS[1:]}}
        address_column = {
            "mailing_street": street_column,
            **{name: columns[name] for name in SPLIT_ADDRESS[1:]},
        }
    elif "city_state_zip" in columns and street_column:
        # "Mailing Address" beside "City/State/Zip": the street, then "STONEHAM MA 2180".
        address, problem = split_city_state_zip(street, cell("city_state_zip"))
        address_column = {
            "mailing_street": street_column,
            **dict.fromkeys(SPLIT_ADDRESS[1:], columns["city_state_zip"]),
        }
        if problem:
            row.errors.append((columns["city_state_zip"], problem))
    else:
        address, problem = split_address(cell("mailing_address"))
        address_column = dict.fromkeys(SPLIT_ADDRESS, columns["mailing_address"])
        if problem:
            row.errors.append((columns["mailing_address"], problem))
    address["mailing_state"] = address.get("mailing_state", "").upper()
    address["mailing_zip"], row.zip_padded = with_its_leading_0(address.get("mailing_zip", ""))
    row.values.update(address)
    if not problem:
        _check_address(row, address, address_column)
    parcel = cell("parcel_id").upper()
    if parcel:
        try:
            parcel_id_validator(parcel)
        except ValidationError as error:
            row.errors.append((columns["parcel_id"], error.messages[0]))
    row.values["parcel_id"] = parcel
    return row


def split_city_state_zip(street: str, text: str) -> tuple[dict[str, str], str]:
    """'12 Main Street' and 'Stoneham, MA 02180' (or 'STONEHAM MA 2180') -> the four parts."""
    match = CITY_STATE_ZIP.match(text.strip())
    if match is None:
        return {}, f"“{text}” is not a city, state and ZIP code, like Anytown MA 01234."
    return {
        "mailing_street": street,
        "mailing_city": match["city"].strip(" ,"),
        "mailing_state": match["state"],
        "mailing_zip": match["zip"],
    }, ""


def split_address(text: str) -> tuple[dict[str, str], str]:
    """'12 Main Street, Stoneham, MA 02180' -> street, city, state, zip (or a problem)."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if len(parts) < 3:
        return {}, "Write the address as: street, city, state ZIP."
    match = STATE_ZIP.match(parts[-1])
    if match is None:
        town = current_town()
        example = f"{town.state} {town.zip_code}" if town.zip_code else "MA 01234"
        return {}, f"“{parts[-1]}” is not a state and ZIP code, like {example}."
    return {
        "mailing_street": ", ".join(parts[:-2]),
        "mailing_city": parts[-2],
        "mailing_state": match["state"],
        "mailing_zip": match["zip"],
    }, ""


def _check_address(row: Row, address: dict[str, str], column: dict[str, str]) -> None:
    limits = {"mailing_street": 200, "mailing_city": 80}
    for name, label in (("mailing_street", "street"), ("mailing_city", "city")):
        if not address[name]:
            row.errors.append((column[name], f"The {label} is empty."))
        elif len(address[name]) > limits[name]:
            row.errors.append((column[name], f"The {label} is too long."))
    if not re.fullmatch(r"[A-Z]{2}", address["mailing_state"]):
        row.errors.append((column["mailing_state"], "The state must be two letters, like MA."))
    if not ZIP.match(address["mailing_zip"]):
        row.errors.append((column["mailing_zip"], "A ZIP code is 5 digits, or 5+4."))
