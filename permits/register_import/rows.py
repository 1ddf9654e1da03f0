"""Each row of the register checked on its own and against the others, before any is entered:
every cell parsed by its column, the lot found or findable, the scan found and of a kind we
keep. Every error names its row and its column."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from facilities.models import Lot
from facilities.parcels.models import Parcel
from hearings.ruleset_in_force import ruleset_on
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.uploads import DOCUMENT_KINDS, validate_upload
from stoneham_boh.town.current import current_town

from .columns import BY_KEY, COLUMNS, CellError, Read, YearAlone, animals_in_words
from .documents import Documents, DocumentsError


def _label(key: str | None) -> str:
    return BY_KEY[key].label if key in BY_KEY else "Row"


@dataclass
class RowReport:
    number: int  # the spreadsheet's row number (the header is row 1)
    cells: dict
    values: dict = field(default_factory=dict)
    errors: list[tuple[str, str]] = field(default_factory=list)  # (column label, message)
    # How cells were read where the reading is not the cell's own text ("1998" read as
    # January 1, 1998), and what the row still needs before the Board's vote: shown, not errors.
    readings: list[tuple[str, str]] = field(default_factory=list)
    notices: list[tuple[str, str]] = field(default_factory=list)
    # Filled when the row is entered (in a dry run too, then undone):
    permit_number: str = ""
    grandfathered: bool | None = None
    findings: list[dict] = field(default_factory=list)
    lot_on_record: bool = False
    issued_on_assumed: bool = False

    def error(self, key: str | None, message: str) -> None:
        self.errors.append((_label(key), message))

    def read_as(self, key: str | None, message: str) -> None:
        self.readings.append((_label(key), message))

    def notice(self, key: str | None, message: str) -> None:
        self.notices.append((_label(key), message))

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def holder(self) -> str:
        return str(self.cells.get("holder", ""))

    @property
    def finding_citations(self) -> list[str]:
        """The provisions the entry does not meet, each once, in the rules' order."""
        return list(dict.fromkeys(f["citation"] or "facts incomplete" for f in self.findings))

    @property
    def animals_text(self) -> str:
        animals = self.values.get("animals")
        return animals_in_words(animals) if animals else ""


def _parse_cells(row: RowReport) -> None:
    for column in COLUMNS:
        raw = row.cells.get(column.key, "")
        if raw == "":
            if column.required:
                row.error(column.key, f"{column.label} is required and empty here.")
            continue
        try:
            value = column.parse(raw)
        except CellError as error:
            row.error(column.key, str(error))
            continue
        if isinstance(value, Read):
            row.read_as(column.key, value.note)
            value = value.value
        row.values[column.key] = value
    _check_year_alone(row)


def _check_year_alone(row: RowReport) -> None:
    """A first permit known by its year alone is read as January 1 of it, which decides
    nothing differently unless the regulation's grandfathering date falls inside that year
    (§20-20(8)): then the day decides, and the administrator must give it."""
    first = row.values.get("first_permitted")
    if not isinstance(first, YearAlone):
        return
    # The date the entry's action judges by (`enter_register_permit`: the ruleset in force).
    cutoff = ruleset_on(timezone.localdate()).interpretations.grandfathering_cutoff
    if first.year == cutoff.year and cutoff != date(cutoff.year, 1, 1):
        row.errors.append(
            (
                BY_KEY["first_permitted"].label,
                f"“{first.year}” alone: the regulation's grandfathering date, "
                f"{long_date(cutoff)} (§20-20(8)), falls in that year, so "
                "the day decides whether the keeping is grandfathered: give the date.",
            )
        )
        row.readings = [r for r in row.readings if r[0] != BY_KEY["first_permitted"].label]
        del row.values["first_permitted"]


def _check_lot(row: RowReport) -> None:
    """The lot is on record by its parcel id, or can be recorded from the address (or the
    parcel map's address for that parcel id); the holder's ZIP is given or on the map."""
    parcel_id, address = row.values.get("parcel_id"), row.values.get("address")
    if "parcel_id" in row.cells and row.cells["parcel_id"] != "" and not parcel_id:
        return  # the parcel id's own error is already named
    lot = Lot.objects.filter(parcel_id=parcel_id).first() if parcel_id else None
    parcel = (
        Parcel.objects.filter(map_par_id=parcel_id).exclude(site_address="").first()
        if parcel_id and lot is None
        else None
    )
    row.lot_on_record = lot is not None
    row.values["_parcel"] = parcel
    if not address and lot is None and parcel is None:
        row.error(
            "address",
            f"Parcel {parcel_id} is neither on record nor on the parcel map: give the lot's "
            "address."
            if parcel_id
            else "Give the lot's address or its parcel id.",
        )
    zip_given = row.cells.get("zip", "") != ""
    if zip_given or (parcel and parcel.owner_zip):
        return
    town = current_town()
    mailed_to_the_lot = not row.values.get("mailing_street") and (
        (row.values.get("mailing_city") or town.name or "").lower() == (town.name or "").lower()
    )
    if mailed_to_the_lot and town.zip_code:
        # The holder is written to at the lot, in town: the town's ZIP is theirs.
        row.values["zip"] = town.zip_code
        row.read_as(
            "zip",
            f"No ZIP: the town's, {town.zip_code}, since the holder is written to at the lot.",
        )
        return
    row.error(
        "zip",
        "Give the holder's ZIP code (the parcel map does not have it"
        + (
            ", and the town's settings give no ZIP)."
            if mailed_to_the_lot
            else ", and the mailing address is not the lot's)."
        ),
    )


def _check_document(row: RowReport, documents: Documents, checked: dict) -> None:
    """The scan found and of a kind we keep. Each file is read and checked once, however many
    rows name it (`checked`: its path -> the error, or None)."""
    name = row.values.get("document")
    if not name:
        return
    if not len(documents):
        row.error("document", f"“{name}”: give the folder or zip of scans with the spreadsheet.")
        return
    path = documents.find(name)
    if path is None:
        row.error("document", f"“{name}” is not in {documents.label}.")
        return
    if path not in checked:
        checked[path] = _scan_problem(documents, path)
    if checked[path]:
        row.error("document", checked[path])
        return
    row.values["_document"] = (path.rsplit("/", 1)[-1], path)


def _scan_problem(documents: Documents, path: str) -> str | None:
    try:
        content = documents.read(path)
    except DocumentsError as error:
        return str(error)
    try:
        validate_upload(SimpleUploadedFile(path.rsplit("/", 1)[-1], content), DOCUMENT_KINDS)
    except ValidationError as error:
        return " ".join(error.messages)
    return None


def _check_against_each_other(rows: list[RowReport]) -> None:
    """A paper permit's number once, a parcel once: the second row of a pair is named."""
    seen_numbers: dict[str, int] = {}
    seen_parcels: dict[str, int] = {}
    for row in rows:
        number = (row.values.get("permit_number") or "").lower()
        if number and number in seen_numbers:
            row.error(
                "permit_number",
                f"Permit number {row.values['permit_number']} is on row "
                f"{seen_numbers[number]} too.",
            )
        elif number:
            seen_numbers[number] = row.number
        parcel = row.values.get("parcel_id")
        if parcel and parcel in seen_parcels:
            row.error("parcel_id", f"Parcel {parcel} is on row {seen_parcels[parcel]} too.")
        elif parcel:
            seen_parcels[parcel] = row.number


def check_rows(cells_by_row: list[tuple[int, dict]], documents: Documents) -> list[RowReport]:
    rows = [RowReport(number=number, cells=cells) for number, cells in cells_by_row]
    for row in rows:
        _parse_cells(row)
        _check_lot(row)
    named = Counter(
        documents.find(row.values["document"]) for row in rows if row.values.get("document")
    )
    documents.share(path for path, count in named.items() if path and count > 1)
    checked: dict[str, str | None] = {}
    for row in rows:
        _check_document(row, documents, checked)
    _check_against_each_other(rows)
    return rows


def issued_on_for(values: dict) -> tuple[date, bool]:
    """The current paper permit's date of issue, and whether it was assumed (the register
    gives none, or its year alone): January 1 of that year (of the permit's year when none is
    given), or the first permit's date when that is later."""
    issued = values.get("issued_on")
    if issued and not isinstance(issued, YearAlone):
        return issued, False
    start = date(issued.year if issued else values["permit_year"], 1, 1)
    return max(start, values["first_permitted"]), True
