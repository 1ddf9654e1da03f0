"""The register's import is linear (issue 39, item 3): each row finds its lot, its parcel, its
holder and its paper number through an indexed key, never by scanning what is on file, so a
row costs the same beside ten records as beside ten thousand."""

from __future__ import annotations

import pytest
from django.db import connection

from facilities.addresses import lots_at_address, parcels_at_address
from facilities.models import Lot
from permits.models import Applicant, Permit
from tests.permits.register_import.builders import sample_register
from tests.permits.register_import.test_loading import run

pytestmark = pytest.mark.django_db

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
