"""Every CSV export of the site is offered as .xlsx beside it (issue 26, point 25): the same
columns and rows, through the one export helper (stoneham_boh.lib.csv_export), so that Excel
shows "José" whatever code page it guesses for a CSV."""

from __future__ import annotations

import csv
import io
from datetime import date, datetime
from decimal import Decimal

import openpyxl
import pytest
import time_machine
from django.urls import reverse

from facilities import actions as facility_actions
from facilities.models import Parcel
from stoneham_boh.lib.csv_export import XLSX_TYPE, xlsx_bytes
from tests import factories
from tests.facilities import parcel_layers as layer

JOSE = "José Ferreira"

# Each export: its CSV address and its .xlsx address (a URL name and the query), by name.
EXPORTS = {
    "applicants": ("permits:applicant-list", "permits:applicant-list", {"format": "{fmt}"}),
    "permits": ("permits:permit-list", "permits:permit-list", {"format": "{fmt}"}),
    "applications": ("permits:application-list", "permits:application-list", {"format": "{fmt}"}),
    "lots": ("facilities:lot-list", "facilities:lot-list", {"format": "{fmt}"}),
    "renewal mailing": ("permits:renewal-list", "permits:renewal-list", {"format": "{fmt}"}),
    "payments of the day": (
        "permits:payments-day",
        "permits:payments-day",
        {"format": "{fmt}", "on": "2027-01-10"},
    ),
    "animal census": ("inspections:census-csv", "inspections:census-xlsx", {"year": "2027"}),
    "abutter draft": ("permits:abutter-draft-csv", "permits:abutter-draft-xlsx", {}),
}


@pytest.fixture
def records(tmp_path, clerk):
    """José's permit of 2027 (paid January 10) on a lot named for him, and a drafted abutter
    list with him among the owners."""
    holder = factories.applicant(name=JOSE, mailing_street="4 Pond Street")
    facility_actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    lot = factories.lot(parcel_id=layer.MAP_IDS["N2"], street_address="4 José Way")
    facility_actions.link_lot_to_parcel(lot=lot, parcel=Parcel.objects.get(loc_id="L_N2"), by=clerk)
    permit = factories.issued_permit(by=clerk, applicant=holder, lot=lot)
    draft = facility_actions.draft_abutter_list(application=permit.application, by=clerk)
    # Test data: the tax list's owner of one abutting parcel is José.
    draft.entries.filter(pk=draft.entries.first().pk).update(owner_name=JOSE)
    return {"abutter draft": {"pk": permit.application_id}}


def _get(client, name, query, kwargs):
    return client.get(reverse(name, kwargs=kwargs), query)


def _csv_rows(content: bytes) -> list[list[str]]:
    assert content.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def _xlsx_rows(content: bytes) -> list[list]:
    sheet = openpyxl.load_workbook(io.BytesIO(content), read_only=True).active
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def _same(text: str, value) -> bool:
    """A workbook's cell against the CSV's text: a number or a date typed, the rest as text
    (the CSV's leading apostrophe against a formula is the workbook's text cell)."""
    if value is None:
        return text == ""
    if isinstance(value, datetime):
        return text in (value.date().isoformat(), value.isoformat(sep=" "))
    if isinstance(value, date):
        return text == value.isoformat()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Decimal(text) == Decimal(str(value))
    return text in (value, "'" + value)


@pytest.mark.parametrize("export", EXPORTS)
@pytest.mark.django_db
def test_each_csv_export_is_offered_as_xlsx_with_the_same_rows(export, client, clerk, records):
    csv_name, xlsx_name, query = EXPORTS[export]
    kwargs = records.get(export, {})
    with time_machine.travel(date(2027, 11, 15)):
        client.force_login(clerk)
        as_csv = _get(client, csv_name, {k: v.format(fmt="csv") for k, v in query.items()}, kwargs)
        as_xlsx = _get(
            client, xlsx_name, {k: v.format(fmt="xlsx") for k, v in query.items()}, kwargs
        )
    assert as_csv.status_code == as_xlsx.status_code == 200
    assert as_xlsx["Content-Type"] == XLSX_TYPE
    assert as_xlsx["Content-Disposition"].endswith('.xlsx"')
    csv_rows = _csv_rows(b"".join(as_csv.streaming_content) if as_csv.streaming else as_csv.content)
    xlsx_rows = _xlsx_rows(as_xlsx.content)
    assert len(csv_rows) >= 2, "the export holds José's row"
    assert xlsx_rows[0] == csv_rows[0]
    assert len(xlsx_rows) == len(csv_rows)
    for csv_row, xlsx_row in zip(csv_rows[1:], xlsx_rows[1:], strict=True):
        assert len(csv_row) == len(xlsx_row)
        assert all(_same(t, v) for t, v in zip(csv_row, xlsx_row, strict=True)), (
            csv_row,
            xlsx_row,
        )
    assert any(JOSE in str(v) or "José" in str(v) for row in xlsx_rows for v in row)


def test_a_cell_that_would_be_a_formula_stays_text_and_control_characters_go():
    content = xlsx_bytes(
        ["Name"], [['=HYPERLINK("http://x")'], ["bad\x07bell"], [date(2027, 1, 2)]]
    )
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    assert sheet["A2"].value == '=HYPERLINK("http://x")' and sheet["A2"].data_type == "s"
    assert sheet["A3"].value == "badbell"
    assert sheet["A4"].value == datetime(2027, 1, 2) and sheet["A1"].font.bold
