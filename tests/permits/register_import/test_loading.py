"""The register loaded from a spreadsheet (issue 25 point 3): a dry run that names every error
by row and column and writes nothing; an import that enters every row or none, through the
paper register's own action (provisional, the rules run on each entry); each row's look-ups
through an index (issue 39, item 3)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from django.db import connection

from facilities.addresses import lots_at_address, parcels_at_address
from facilities.models import Lot
from permits import rules
from permits.models import Applicant, Application, Document, Permit
from permits.register_import.columns import CellError, parse_animals
from permits.register_import.documents import Documents
from permits.register_import.loading import import_register
from tests.permits.register_import.builders import HEADER, sample_register

pytestmark = pytest.mark.django_db

TODAY = date(2026, 3, 2)


def run(sample, by, *, dry_run=True, xlsx=False, documents=None):
    return import_register(
        content=sample.xlsx_bytes() if xlsx else sample.csv_bytes(),
        name="register.xlsx" if xlsx else "register.csv",
        documents=documents or Documents.from_zip_bytes(sample.zip_bytes(), label="scans.zip"),
        by=by,
        dry_run=dry_run,
        today=TODAY,
    )


def nothing_written(settings) -> bool:
    uploads = Path(settings.MEDIA_ROOT)
    files = [p for p in uploads.rglob("*") if p.is_file()] if uploads.exists() else []
    return not (
        Permit.objects.exists()
        or Application.objects.exists()
        or Applicant.objects.exists()
        or Lot.objects.exists()
        or Document.objects.exists()
        or files
    )


def test_the_dry_run_of_150_rows_names_each_mistake_by_row_and_column_and_writes_nothing(
    admin_user, settings
):
    sample = sample_register()
    report = run(sample, admin_user)
    assert len(report.rows) == 150
    found = {row.number: {column for column, _ in row.errors} for row in report.rows_with_errors}
    assert set(found) == set(sample.mistakes)
    for number, column in sample.mistakes.items():
        assert column.lower() in {c.lower() for c in found[number]}, (number, found[number])
    # The rows without a mistake were entered, and undone: each has its number and findings.
    passed = [row for row in report.rows if row.ok]
    assert len(passed) == 150 - len(sample.mistakes)
    assert all(row.permit_number.startswith("L2026-") for row in passed)
    assert not report.imported
    assert nothing_written(settings)


def test_an_import_with_one_bad_row_enters_none(admin_user, settings):
    sample = sample_register(count=30)
    report = run(sample, admin_user, dry_run=False)
    assert report.error_count and not report.imported
    assert nothing_written(settings)


def test_the_import_enters_every_row_as_a_provisional_paper_register_entry(admin_user):
    sample = sample_register(count=40).without_mistakes()
    report = run(sample, admin_user, dry_run=False)
    assert report.imported and not report.error_count
    permits = Permit.objects.order_by("pk")
    assert permits.count() == len(sample.rows)
    assert {p.status for p in permits} == {Permit.Status.PROVISIONAL}
    assert all(
        p.legacy and p.register_document.original_name.startswith("permit-") for p in permits
    )
    cutoff = rules.ruleset_in_force(TODAY).interpretations.grandfathering_cutoff
    for permit, row in zip(permits, sample.rows, strict=True):
        assert permit.register_number == row[HEADER.index("Permit number")]
        assert permit.holder.name == row[0]
        assert permit.grandfathered == (permit.first_permitted_on < cutoff)
        # The paper permits do not show fencing: every entry lists it for the Board.
        assert any(f["citation"] == "§20-15(7)" for f in permit.register_findings)
    goats = permits.filter(animals__species="goat", animals__count=2).first()
    assert goats.lot.area_acres is not None
    guinea_pigs = Permit.objects.filter(animals__name="guinea pig", animals__count=2)
    assert guinea_pigs.exists()


def test_the_register_as_excel_reads_as_the_csv_does(admin_user):
    sample = sample_register(count=25)
    from_csv = run(sample, admin_user)
    from_xlsx = run(sample, admin_user, xlsx=True)
    errors = [(r.number, r.errors) for r in from_csv.rows_with_errors]
    assert errors and errors == [(r.number, r.errors) for r in from_xlsx.rows_with_errors]


def test_excel_date_cells_and_numbers_are_read_as_dates_and_years(admin_user):
    from openpyxl import Workbook

    sample = sample_register(count=1)
    book = Workbook()
    book.active.append(HEADER)
    row = list(sample.rows[0])
    row[HEADER.index("First permitted")] = date(1995, 6, 30)
    row[HEADER.index("Permit year")] = 2026
    book.active.append(row)
    import io

    out = io.BytesIO()
    book.save(out)
    report = import_register(
        content=out.getvalue(),
        name="register.xlsx",
        documents=Documents.from_zip_bytes(sample.zip_bytes()),
        by=admin_user,
        dry_run=False,
        today=TODAY,
    )
    assert report.imported, report.rows[0].errors
    assert Permit.objects.get().first_permitted_on == date(1995, 6, 30)


def test_a_missing_column_is_named_before_any_row(admin_user, settings):
    sample = sample_register(count=3)
    content = sample.csv_bytes().replace(b"Permit number,", b"Ref,")
    report = import_register(
        content=content, name="r.csv", documents=Documents.none(), by=admin_user, today=TODAY
    )
    assert report.file_errors == [
        "Row 1: the column “Permit number” is missing (The number printed on the current "
        "paper permit.)"
    ]
    assert report.unread_columns == ["Ref"]
    assert nothing_written(settings)


def test_an_old_excel_file_is_refused_with_what_to_do(admin_user):
    report = import_register(
        content=b"\xd0\xcf\x11\xe0old", name="r.xls", documents=Documents.none(), by=admin_user
    )
    assert report.file_errors == [
        "Save the workbook as .xlsx or .csv: the old .xls format is not read."
    ]


def test_a_scan_that_is_not_a_pdf_or_an_image_is_named_at_its_row(admin_user):
    sample = sample_register(count=2)
    sample.scans["permit-001.pdf"] = b"MZ this is a program"
    report = run(sample, admin_user)
    assert [(r.number, [c for c, _ in r.errors]) for r in report.rows_with_errors] == [
        (3, ["Document"])
    ]


def test_a_permit_number_already_entered_is_named_at_its_row(admin_user):
    sample = sample_register(count=3).without_mistakes()
    run(sample, admin_user, dry_run=False)
    again = run(sample_register(count=3).without_mistakes(), admin_user)
    assert [r.errors for r in again.rows_with_errors][0] == [
        ("Permit number", f"Paper permit {sample.rows[0][7]} is already entered.")
    ]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("6 hens", [("chicken", "", 6)]),
        ("4 Hens; 2 ducks", [("chicken", "", 4), ("duck", "", 2)]),
        ("2 geese and 1 pony", [("goose", "", 2), ("pony", "", 1)]),
        ("goats: 3", [("goat", "", 3)]),
        ("2 other: guinea pig, 1 rabbit", [("other_domestic", "guinea pig", 2), ("rabbit", "", 1)]),
        ("3 pot-bellied pigs", [("pot_bellied_pig", "", 3)]),
    ],
)
def test_the_animals_are_read_by_kind_and_number(text, read):
    assert [(a["species"], a["name"], a["count"]) for a in parse_animals(text)] == read


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("6 chikens", "“chikens” is not a kind of animal we know"),
        ("hens", "give the number and the kind"),
        ("0 goats", "at least 1"),
        ("2 hens; 3 hens", "listed twice"),
    ],
)
def test_animals_not_understood_are_refused_not_guessed(text, says):
    with pytest.raises(CellError) as caught:
        parse_animals(text)
    assert says in str(caught.value)


def test_the_import_reads_the_towns_settings_once_however_many_rows(admin_user):
    """Issue 39: outside a request, each row's rules read the town again (357 reads for 150
    rows); the import reads it once, as a request does."""
    town_reads = []

    def counted(execute, sql, params, many, context):
        if '"town_town"' in sql:
            town_reads.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        report = run(sample_register(), admin_user)
    assert len(report.rows) == 150
    assert len(town_reads) == 1


# The register's import is linear (issue 39, item 3): each row finds
# its lot, its parcel, its holder and its paper number through an indexed key, never by scanning
# what is on file, so a row costs the same beside ten records as beside ten thousand.
LOOKED_UP = ('"facilities_lot"', '"facilities_parcel"', '"permits_applicant"', '"permits_permit"')


def _lots_on_file(count: int) -> None:
    lots = [Lot(street_address=f"{n} Quarry Lane", parcel_id=f"40-{n}-1") for n in range(count)]
    for lot in lots:
        lot.set_lookup_words()  # as save() does; a bulk insert does not call it
    Lot.objects.bulk_create(lots)


def test_no_row_of_the_import_scans_the_lots_holders_or_paper_numbers(admin_user):
    _lots_on_file(300)
    scans = []

    def watched(execute, sql, params, many, context):
        if sql.startswith("SELECT") and any(t in sql for t in LOOKED_UP) and " LIKE " in sql:
            scans.append(sql)
        return execute(sql, params, many, context)

    sample = sample_register(count=60).without_mistakes()
    with connection.execute_wrapper(watched):
        report = run(sample, admin_user, dry_run=False)
    assert report.imported and not report.error_count, [r.errors for r in report.rows_with_errors]
    assert Permit.objects.filter(legacy=True).count() == len(sample.rows)
    assert scans == []
    # Entered again, every paper number is found on file through its index, whatever its case.
    again = run(sample, admin_user, dry_run=False)
    assert not again.imported
    errors = [error for row in again.rows for _, error in row.errors]
    assert any("already entered" in error for error in errors), errors[:3]


def _plan(queryset) -> str:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # A small table is read whole whatever its indexes: ask whether the index serves.
            cursor.execute("SET LOCAL enable_seqscan = off")
        return queryset.explain()


@pytest.mark.parametrize(
    "queryset, index",
    [
        (lambda: Applicant.objects.named("margaret DOYLE"), "applicant_name_upper"),
        (lambda: Permit.objects.paper_numbered("p-1994-12"), "permit_register_number_upper"),
        (lambda: Lot.objects.filter(address_number="12"), "address_number"),
    ],
)
def test_each_look_up_is_served_by_its_index(queryset, index):
    assert index in _plan(queryset())


def test_the_look_ups_find_what_they_found_before_whatever_the_case_and_suffix(clerk):
    from tests import factories

    lot = factories.lot(street_address="204 Marble Street")
    assert lots_at_address("204 MARBLE ST.") == [lot]
    assert lots_at_address("204 marble") == [lot]  # the only Marble: its suffix completed
    assert lots_at_address("2040 Marble Street") == []
    lot.street_address = "12 Elm Street"
    lot.save(update_fields=["street_address"])  # the look-up words follow the address
    assert lots_at_address("12 elm st") == [lot]
    assert lots_at_address("204 Marble Street") == []
    holder = Applicant.objects.create(name="Siobhán O'Connell", mailing_zip="02180")
    assert list(Applicant.objects.named("siobhán o'connell".title())) == [holder]
    assert list(Applicant.objects.named("SIOBHáN O'CONNELL")) == [holder]
    assert parcels_at_address("12 Elm Street") == []
