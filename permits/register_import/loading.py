"""The register entered, all or nothing, through the paper register's own action.

Each row that passes its checks is entered as `permits.actions.enter_register_permit` enters
a single paper permit: the holder, the lot and a draft of the keeping first, then the entry,
provisional until the Board accepts it, with the rules run on it and every failure kept for
the Board. A row the action refuses has its reasons named. A dry run does exactly the same in
a transaction it then rolls back (and removes the scans it stored), so that what it reports
is what the import will do; the import keeps everything only when no row has an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, transaction
from django.utils import timezone

from facilities import actions as lot_actions
from facilities.addresses import typed_alike
from facilities.models import Lot
from permits import actions
from permits.eligibility import lot_refusals
from permits.models import Applicant, Permit
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town.current import town_scope

from .columns import BY_KEY, REQUIRED, header_keys
from .documents import Documents, DocumentsError
from .rows import RowReport, check_rows, issued_on_for
from .sheet import MAX_ROWS, SheetError, TooLargeError, read_sheet

# Which column an action's reason concerns, by the words of the reason (the action speaks
# of the paper permit; the spreadsheet of its columns). A reason not listed names its row.
REASON_COLUMNS = (
    ("List the animals", "animals"),
    ("number", "permit_number"),
    ("already entered", "permit_number"),
    ("scan", "document"),
    ("original permit", "first_permitted"),
    ("cannot be dated in the future", "issued_on"),
    ("older than the keeping's first permit", "issued_on"),
    ("runs for a year", "permit_year"),
    ("description", "notes"),
)


@dataclass
class ImportReport:
    file_name: str
    dry_run: bool
    rows: list[RowReport] = field(default_factory=list)
    file_errors: list[str] = field(default_factory=list)
    unread_columns: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)  # how the file was read (sheet, merges)
    too_large: bool = False  # refused before it was read: the upload's field says so
    imported: bool = False

    @property
    def error_count(self) -> int:
        return len(self.file_errors) + sum(len(r.errors) for r in self.rows)

    @property
    def rows_with_errors(self) -> list[RowReport]:
        return [r for r in self.rows if r.errors]

    @property
    def ok(self) -> bool:
        return bool(self.rows) and not self.error_count

    @property
    def rows_with_notices(self) -> list[RowReport]:
        return [r for r in self.rows if r.ok and (r.notices or r.readings)]

    @property
    def unmatched(self) -> list[RowReport]:
        """Entries the Board cannot accept until the clerk matches them to their parcel."""
        return [r for r in self.rows if r.ok and r.notices]

    @property
    def with_findings(self) -> list[RowReport]:
        return [r for r in self.rows if r.ok and r.findings]

    @property
    def grandfathered_count(self) -> int:
        return sum(1 for r in self.rows if r.ok and r.grandfathered)


def _column_of(reason: str) -> str | None:
    return next((key for words, key in REASON_COLUMNS if words in reason), None)


def _lot_for(values: dict, by) -> Lot:
    parcel_id = values.get("parcel_id")
    if parcel_id:
        lot = Lot.objects.filter(parcel_id=parcel_id).first()
        if lot is not None:
            return lot
    address = values.get("address") or values["_parcel"].site_address
    if not parcel_id:
        existing = typed_alike(Lot.objects.current(), address)
        if existing:
            return existing[0]
    fields = {"street_address": address, "parcel_id": parcel_id or None}
    if values.get("lot_acres"):
        fields["area_acres"] = values["lot_acres"]
    return lot_actions.create_lot(by=by, **fields)


def _holder_for(values: dict, lot: Lot, by) -> Applicant:
    """The holder on record with the same name and mailing address, or recorded now."""
    parcel = values.get("_parcel")
    address = {
        "mailing_street": values.get("mailing_street") or lot.street_address,
        "mailing_zip": values.get("zip") or parcel.owner_zip,
    }
    for key in ("mailing_city", "mailing_state"):
        if values.get(key):
            address[key] = values[key]
    # By the name's index, whatever its case; then the mailing address among those few.
    street = address["mailing_street"].casefold()
    named = Applicant.objects.named(values["holder"]).filter(mailing_zip=address["mailing_zip"])
    same = next((a for a in named if a.mailing_street.casefold() == street), None)
    return same or actions.create_applicant(by=by, name=values["holder"], **address)


def _enter(row: RowReport, by, today: date, documents: Documents) -> Permit:
    values = row.values
    lot = _lot_for(values, by)
    application = actions.create_application(applicant=_holder_for(values, lot, by), lot=lot, by=by)
    actions.update_application(
        application=application, by=by, changes={}, animals=values["animals"]
    )
    issued_on, assumed = issued_on_for(values)
    row.issued_on_assumed = assumed
    basis = values.get("notes", "")
    if assumed:
        basis = " ".join(filter(None, [basis, "(The register gives no date of issue.)"]))
    name, path = values["_document"]
    content = documents.read(path)  # checked, and kept when other rows name it too
    return actions.enter_register_permit(
        application=application,
        register_number=values["permit_number"],
        first_permitted_on=values["first_permitted"],
        issued_on=issued_on,
        valid_for_year=values["permit_year"],
        document=SimpleUploadedFile(name, content),
        basis=basis,
        by=by,
        today=today,
    )


def _enter_each(rows: list[RowReport], by, today: date, documents: Documents) -> list[str]:
    """Enter every row that passed its checks, each in its own savepoint so that one refusal
    does not hide the next row's; the names of the scans stored."""
    stored = []
    for row in rows:
        if not row.ok:
            continue
        try:
            with transaction.atomic():
                permit = _enter(row, by, today, documents)
        except ActionRefused as refusal:
            for reason in refusal.reasons or [refusal.message]:
                row.error(_column_of(reason), reason)
            continue
        except (ValidationError, IntegrityError) as error:
            row.error(None, f"The entry could not be recorded: {error}")
            continue
        except DocumentsError as error:  # the scan changed on disk since it was checked
            row.error("document", str(error))
            continue
        stored.append(permit.register_document.file.name)
        for reason in lot_refusals(permit.lot):
            # What the Board's acceptance would refuse (eligibility.lot_refusals), said now.
            row.notice(
                "parcel_id",
                f"{reason} Until then the Board cannot accept this entry: after the import, "
                "match it to its parcel on “Register entries to match to the parcel map”.",
            )
        row.permit_number = permit.number
        row.grandfathered = permit.grandfathered
        row.findings = permit.register_findings
    return stored


# The town read once for the whole import, as a request reads it (issue 39: each row's rules
# read it again, 357 times for 150 rows, outside a request).
@town_scope()
def import_register(
    *,
    content: bytes,
    name: str,
    documents: Documents,
    by,
    dry_run: bool = True,
    today: date | None = None,
    max_rows: int = MAX_ROWS,
) -> ImportReport:
    """Check every row and enter it; keep the entries only when this is not a dry run and no
    row, nor the file, has an error."""
    today = today or timezone.localdate()
    report = ImportReport(file_name=name, dry_run=dry_run)
    try:
        sheet = read_sheet(content, name, header_keys(), REQUIRED, max_rows=max_rows)
    except SheetError as error:
        report.file_errors.append(str(error))
        report.too_large = isinstance(error, TooLargeError)
        return report
    report.unread_columns = sheet.unread_columns
    report.readings = sheet.readings
    for key in sheet.missing_columns:
        report.file_errors.append(
            f"Row {sheet.header_row}: the column “{BY_KEY[key].label}” is missing "
            f"({BY_KEY[key].description})"
        )
    if report.file_errors:
        return report
    if not sheet.rows:
        report.file_errors.append("The spreadsheet has its header row but no permits.")
        return report
    report.rows = check_rows(sheet.rows, documents)
    stored: list[str] = []
    try:
        with transaction.atomic():
            stored = _enter_each(report.rows, by, today, documents)
            keep = not dry_run and report.ok
            if not keep:
                transaction.set_rollback(True)
    except BaseException:
        _remove(stored)
        raise
    if keep:
        report.imported = True
    else:
        _remove(stored)
    return report


def _remove(stored: list[str]) -> None:
    """The scans of entries that were undone: their records are gone, so are they."""
    for path in stored:
        default_storage.delete(path)
