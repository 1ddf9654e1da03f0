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
name with "&", never dropped).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError

from facilities.models import parcel_id_validator
from stoneham_boh.town.current import current_town

MAX_BYTES = 1024 * 1024
MAX_ROWS = 2000

ALIASES = {
    "owner_names": ("owner", "owners", "owner_name", "owner_names", "name", "owner1", "owner_1"),
    "co_owner": ("owner2", "owner_2", "co_owner", "co_owners", "second_owner", "owner2_name"),
    "mailing_address": ("mailing_address", "address", "mail_address", "owner_address"),
    "mailing_street": (
        "mailing_street",
        "street",
        "mail_street",
        "address_line_1",
        "own_addr",
        "owner_addr",
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
    ),
}
LABELS = {
    "owner_names": "the owner",
    "co_owner": "a co-owner (joined to the owner's name with “&”)",
    "mailing_address": "the mailing address",
    "mailing_street": "the street",
    "mailing_city": "the city",
    "mailing_state": "the state",
    "mailing_zip": "the ZIP code",
    "city_state_zip": "the city, state and ZIP code",
    "parcel_id": "the parcel id",
}
SPLIT_ADDRESS = ("mailing_street", "mailing_city", "mailing_state", "mailing_zip")
ZIP = re.compile(r"^\d{5}(-\d{4})?$")
# A ZIP code a spreadsheet read as a number: its leading 0 gone (New England's begin with 0).
ZIP_WITHOUT_ITS_0 = re.compile(r"^\d{4}(-\d{4})?$")
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
    doubled_spaces = False
    if len(text.encode("utf-8", errors="ignore")) > MAX_BYTES:
        parsed.problems.append("The file is larger than 1 MB; is it the abutter list?")
        return parsed
    delimiter = _delimiter(text)
    try:
        reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
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
    parsed.readings.append(
        ("Tab-separated" if delimiter == "\t" else "Comma-separated")
        + " columns: "
        + "; ".join(f"“{header}” as {LABELS[name]}" for name, header in columns.items())
        + "."
    )
    ignored = [h for h in parsed.headers if h and h not in columns.values()]
    if ignored:
        parsed.readings.append("Not read: " + ", ".join(f"“{header}”" for header in ignored) + ".")
    try:
        for raw in reader:
            if len(parsed.rows) >= MAX_ROWS:
                parsed.problems.append(f"The list has more than {MAX_ROWS} rows.")
                break
            cells = {k: _cell(v) for k, v in raw.items() if isinstance(v, str) and k}
            if any(" ".join(v.split()) != v.strip() for v in raw.values() if isinstance(v, str)):
                doubled_spaces = True
            if not any(cells.values()):
                continue
            parsed.rows.append(_row(reader.line_num, cells, columns))
    except csv.Error as error:
        parsed.problems.append(f"Line {reader.line_num} is not valid CSV ({error}).")
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


def _cell(value: str | None) -> str:
    """A cell as read: spaces a spreadsheet doubled (or a line end inside it) read as one."""
    return " ".join((value or "").split())


def _delimiter(text: str) -> str:
    """Tab when the header line is tab-separated (an export saved as .txt), else comma."""
    header = text.split("\n", 1)[0]
    return "\t" if header.count("\t") > header.count(",") else ","


def _missing_columns(columns: dict[str, str]) -> list[str]:
    missing = []
    if "owner_names" not in columns:
        missing.append("owner")
    has_split = all(name in columns for name in SPLIT_ADDRESS)
    street = "mailing_address" in columns or "mailing_street" in columns
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
    if all(name in columns for name in SPLIT_ADDRESS):
        address = {name: cell(name) for name in SPLIT_ADDRESS}
        address_column = {name: columns[name] for name in SPLIT_ADDRESS}
    elif "city_state_zip" in columns and street_column:
        # "Mailing Address" beside "City/State/Zip": the street, then "STONEHAM MA 2180".
        address, problem = split_city_state_zip(
            cells.get(street_column, ""), cell("city_state_zip")
        )
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
    if ZIP_WITHOUT_ITS_0.match(address.get("mailing_zip", "")):
        address["mailing_zip"] = "0" + address["mailing_zip"]
        row.zip_padded = True
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
