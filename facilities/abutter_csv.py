"""Read the Town Assessor's certified abutter list from CSV, and say what is wrong where.

Nothing is saved here: the clerk sees every row with its problems, by line and column, and
imports only a list without any. The Assessor's exports name their columns in several ways,
so the header is matched against known aliases, and the mailing address may come as one
column ("12 Main Street, Stoneham, MA 02180") or split into street, city, state and ZIP.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError

from facilities.models import parcel_id_validator

MAX_BYTES = 1024 * 1024
MAX_ROWS = 2000

ALIASES = {
    "owner_names": ("owner", "owners", "owner_name", "owner_names", "name"),
    "mailing_address": ("mailing_address", "address", "mail_address", "owner_address"),
    "mailing_street": ("mailing_street", "street", "mail_street", "address_line_1"),
    "mailing_city": ("mailing_city", "city", "town", "mail_city"),
    "mailing_state": ("mailing_state", "state", "st", "mail_state"),
    "mailing_zip": ("mailing_zip", "zip", "zip_code", "zipcode", "postal_code", "mail_zip"),
    "parcel_id": ("parcel_id", "parcel", "map_block_lot", "mbl", "parcel_number", "map_lot"),
}
SPLIT_ADDRESS = ("mailing_street", "mailing_city", "mailing_state", "mailing_zip")
ZIP = re.compile(r"^\d{5}(-\d{4})?$")
STATE_ZIP = re.compile(r"^(?P<state>[A-Za-z]{2})\s+(?P<zip>\d{5}(-\d{4})?)$")


@dataclass
class Row:
    line: int
    raw: dict[str, str]
    values: dict[str, str] = field(default_factory=dict)
    errors: list[tuple[str, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass
class ParsedList:
    rows: list[Row] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)

    @property
    def bad_rows(self) -> list[Row]:
        return [row for row in self.rows if not row.ok]

    @property
    def importable(self) -> bool:
        return not self.problems and bool(self.rows) and not self.bad_rows

    def values(self) -> list[dict[str, str]]:
        return [row.values for row in self.rows]


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


def parse(text: str) -> ParsedList:
    parsed = ParsedList()
    if len(text.encode("utf-8", errors="ignore")) > MAX_BYTES:
        parsed.problems.append("The file is larger than 1 MB; is it the abutter list?")
        return parsed
    try:
        reader = csv.DictReader(io.StringIO(text, newline=""))
        parsed.headers = [h for h in (reader.fieldnames or []) if h is not None]
    except csv.Error as error:
        parsed.problems.append(f"The file is not readable as CSV ({error}).")
        return parsed
    columns = _columns(parsed.headers)
    missing = _missing_columns(columns)
    if missing:
        parsed.problems.append(
            "The first line must name the columns. Missing: " + ", ".join(missing) + "."
        )
        return parsed
    try:
        for raw in reader:
            if len(parsed.rows) >= MAX_ROWS:
                parsed.problems.append(f"The list has more than {MAX_ROWS} rows.")
                break
            cells = {k: (v or "").strip() for k, v in raw.items() if isinstance(v, str) and k}
            if not any(cells.values()):
                continue
            parsed.rows.append(_row(reader.line_num, cells, columns))
    except csv.Error as error:
        parsed.problems.append(f"Line {reader.line_num} is not valid CSV ({error}).")
    if not parsed.rows and not parsed.problems:
        parsed.problems.append("The file has a header line but no abutters.")
    return parsed


def _missing_columns(columns: dict[str, str]) -> list[str]:
    missing = []
    if "owner_names" not in columns:
        missing.append("owner")
    has_split = all(name in columns for name in SPLIT_ADDRESS)
    if "mailing_address" not in columns and not has_split:
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
    row.values["owner_names"] = owner[:200]
    problem = ""
    if all(name in columns for name in SPLIT_ADDRESS):
        address = {name: cell(name) for name in SPLIT_ADDRESS}
        address_column = {name: columns[name] for name in SPLIT_ADDRESS}
    else:
        address, problem = split_address(cell("mailing_address"))
        address_column = dict.fromkeys(SPLIT_ADDRESS, columns["mailing_address"])
        if problem:
            row.errors.append((columns["mailing_address"], problem))
    address["mailing_state"] = address.get("mailing_state", "").upper()
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


def split_address(text: str) -> tuple[dict[str, str], str]:
    """'12 Main Street, Stoneham, MA 02180' -> street, city, state, zip (or a problem)."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if len(parts) < 3:
        return {}, "Write the address as: street, city, state ZIP."
    match = STATE_ZIP.match(parts[-1])
    if match is None:
        return {}, f"“{parts[-1]}” is not a state and ZIP code, like MA 02180."
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
