"""Each row of the register checked on its own and against the others, before any is entered:
every cell parsed by its column, the lot found or findable, the scan found and of a kind we
keep. Every error names its row and its column."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from facilities.models import Lot
from facilities.parcels.models import Parcel
from stoneham_boh.lib.uploads import DOCUMENT_KINDS, validate_upload

from .columns import BY_KEY, COLUMNS, CellError, animals_in_words
from .documents import Documents


@dataclass
class RowReport:
    number: int  # the spreadsheet's row number (the header is row 1)
    cells: dict
    values: dict = field(default_factory=dict)
    errors: list[tuple[str, str]] = field(default_factory=list)  # (column label, message)
    # Filled when the row is entered (in a dry run too, then undone):
    permit_number: str = ""
    grandfathered: bool | None = None
    findings: list[dict] = field(default_factory=list)
    lot_on_record: bool = False
    issued_on_assumed: bool = False

    def error(self, key: str | None, message: str) -> None:
        label = BY_KEY[key].label if key in BY_KEY else "Row"
        self.errors.append((label, message))

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
            row.values[column.key] = column.parse(raw)
        except CellError as error:
            row.error(column.key, str(error))


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
    if not zip_given and not (parcel and parcel.owner_zip):
        row.error("zip", "Give the holder's ZIP code (the parcel map does not have it).")


def _check_document(row: RowReport, documents: Documents) -> None:
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
    content = documents.read(path)
    upload = SimpleUploadedFile(path.rsplit("/", 1)[-1], content)
    try:
        validate_upload(upload, DOCUMENT_KINDS)
    except ValidationError as error:
        row.error("document", " ".join(error.messages))
        return
    row.values["_document"] = (upload.name, content)


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
        _check_document(row, documents)
    _check_against_each_other(rows)
    return rows


def issued_on_for(values: dict) -> tuple[date, bool]:
    """The current paper permit's date of issue, and whether it was assumed (the register
    gives none): January 1 of its year, or the first permit's date when that is later."""
    if values.get("issued_on"):
        return values["issued_on"], False
    start = date(values["permit_year"], 1, 1)
    return max(start, values["first_permitted"]), True
