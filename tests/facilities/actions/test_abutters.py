"""The certified abutter list: by hand, or the Assessor's CSV previewed before it is saved."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from facilities import abutter_csv
from facilities.models import Abutter, AbutterList
from tests import factories

GOOD_CSV = (
    "Owner,Mailing Address,Parcel ID\n"
    '"Murphy, John & Mary","22 Spring Street, Stoneham, MA 02180",1-102-3\n'
    '"Lombardi Family Trust","400 Main Street, Unit 2, Melrose, MA 02176-1234",1-103-4\n'
)
BAD_CSV = (
    "owner,mailing_street,mailing_city,mailing_state,mailing_zip,parcel_id\n"
    "Ellen Burke,14 Spring Street,Stoneham,MA,02180,1-104-5\n"
    ",16 Spring Street,Stoneham,MA,2180,1-105-6\n"
    "Kevin Walsh,18 Spring Street,Stoneham,Mass,02180,lot six\n"
)


def test_a_single_address_column_is_split_into_street_city_state_and_zip():
    parsed = abutter_csv.parse(GOOD_CSV)
    assert parsed.importable
    assert parsed.values()[1] == {
        "owner_names": "Lombardi Family Trust",
        "mailing_street": "400 Main Street, Unit 2",
        "mailing_city": "Melrose",
        "mailing_state": "MA",
        "mailing_zip": "02176-1234",
        "parcel_id": "1-103-4",
    }


def test_bad_rows_are_flagged_by_line_and_column():
    parsed = abutter_csv.parse(BAD_CSV)
    assert not parsed.importable
    problems = {(row.line, column) for row in parsed.bad_rows for column, _ in row.errors}
    assert problems == {
        (3, "owner"),
        (4, "mailing_state"),
        (4, "parcel_id"),
    }
    # A ZIP code of 4 digits lost its leading 0 in a spreadsheet: read with it, and said so.
    assert parsed.rows[1].values["mailing_zip"] == "02180"
    assert "read with it (line 3)" in " ".join(parsed.readings)


# The list as the Assessor's office sends it: a byte-order mark, Windows line ends, spaces a
# spreadsheet doubled, the street beside one "City/State/Zip" column, ZIP codes stripped of
# their leading 0, tab-separated; or the MassGIS names with a co-owner's column.
ASSESSOR_EXPORT = (
    "\ufeffOwner\tCo-owner\tMailing Address\tCity/State/Zip\tParcel ID\r\n"
    "BURKE  ELLEN\t\t14  Spring Street\tSTONEHAM  MA 2180\t1-104-5\r\n"
    "WALSH KEVIN\tWALSH  MARY\t18 Spring Street\tStoneham, MA 02180\t1-104-6\r\n"
    "NOLAN ROBERT\t\t2 Harbor Way\tPORTLAND ME 4101\t1-104-7\r\n"
)
MASSGIS_EXPORT = (
    "OWNER1,OWNER2,OWN_ADDR,OWN_CITY,OWN_STATE,OWN_ZIP,MAP_PAR_ID\r\n"
    "BURKE ELLEN,,14 SPRING ST,STONEHAM,MA,2180,1-104-5\r\n"
    "WALSH KEVIN,WALSH MARY,18 SPRING ST,STONEHAM,MA,02180,1-104-6\r\n"
)


def test_the_list_as_the_assessor_sends_it_is_read_and_what_was_read_is_said():
    parsed = abutter_csv.parse(abutter_csv.decode(ASSESSOR_EXPORT.encode("utf-8-sig")))
    assert parsed.importable, [row.errors for row in parsed.bad_rows]
    assert parsed.values()[0] == {
        "owner_names": "BURKE ELLEN",
        "mailing_street": "14 Spring Street",
        "mailing_city": "STONEHAM",
        "mailing_state": "MA",
        "mailing_zip": "02180",
        "parcel_id": "1-104-5",
    }
    assert parsed.values()[1]["owner_names"] == "WALSH KEVIN & WALSH MARY"
    assert parsed.values()[2]["mailing_zip"] == "04101"
    readings = " ".join(parsed.readings)
    assert "Tab-separated columns" in readings
    assert "“City/State/Zip” as the city, state and ZIP code" in readings
    assert "“Co-owner” as a co-owner" in readings
    assert "Spaces doubled in the file were read as one." in readings
    assert "2 ZIP codes of 4 digits" in readings


def test_the_massgis_column_names_are_read_with_the_co_owner():
    parsed = abutter_csv.parse(MASSGIS_EXPORT)
    assert parsed.importable, [row.errors for row in parsed.bad_rows]
    assert [row["owner_names"] for row in parsed.values()] == [
        "BURKE ELLEN",
        "WALSH KEVIN & WALSH MARY",
    ]
    assert parsed.values()[0]["mailing_zip"] == "02180"
    assert parsed.values()[1]["parcel_id"] == "1-104-6"


def test_a_file_without_the_needed_columns_is_refused_whole():
    parsed = abutter_csv.parse("name,town\nJohn,Stoneham\n")
    assert parsed.problems == [
        "The first line must name the columns. Missing: mailing address "
        "(or street, city, state and zip)."
    ]


def test_the_parcel_id_is_optional_in_a_file_as_it_is_by_hand():
    without_column = abutter_csv.parse(
        'Owner,Mailing Address\n"Ellen Burke","14 Spring Street, Stoneham, MA 02180"\n'
    )
    assert without_column.importable
    assert without_column.values()[0]["parcel_id"] == ""
    blank_cell = abutter_csv.parse(
        'Owner,Mailing Address,Parcel ID\n"Ellen Burke","14 Spring Street, Stoneham, MA 02180",\n'
    )
    assert blank_cell.importable


def test_a_spreadsheet_export_in_windows_1252_is_read():
    text = abutter_csv.decode(
        'owner,address,parcel\nJosé Ferreira,"3 Elm St, Stoneham, MA 02180",2-1-1\n'.encode(
            "cp1252"
        )
    )
    assert abutter_csv.parse(text).values()[0]["owner_names"] == "José Ferreira"


def preview(client, application, text, certified_on="2026-02-01"):
    return client.post(
        reverse("permits:abutter-import", args=[application.pk]),
        {
            "import-file": SimpleUploadedFile("abutters.csv", text.encode()),
            "import-certified_on": certified_on,
        },
    )


@pytest.mark.django_db
def test_the_preview_saves_nothing_and_flags_the_bad_rows(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk)
    response = preview(clerk_client, application, BAD_CSV)
    page = response.content.decode()
    assert response.status_code == 400
    assert "Line 3, column “owner”: The owner&#x27;s name is empty." in page
    assert "Line 4, column “parcel_id”" in page
    assert "Nothing has been saved" in page
    assert not Abutter.objects.exists()


@pytest.mark.django_db
def test_a_good_list_is_imported_on_confirmation_with_its_certification_date(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk)
    response = preview(clerk_client, application, GOOD_CSV)
    assert response.status_code == 200
    assert not Abutter.objects.exists()
    confirm = response.context["confirm_form"]
    data = {name: confirm.initial[name] for name in ("csv_text", "source_name", "certified_on")}
    clerk_client.post(
        reverse("permits:abutter-import", args=[application.pk]), {**data, "confirm": ""}
    )
    clerk_client.post(  # sent again: nothing added twice
        reverse("permits:abutter-import", args=[application.pk]), {**data, "confirm": ""}
    )
    abutter_list = AbutterList.objects.get(application=application)
    assert abutter_list.certified_on == date(2026, 2, 1)
    assert abutter_list.source_name == "abutters.csv"
    assert sorted(a.owner_names for a in abutter_list.abutters.all()) == [
        "Lombardi Family Trust",
        "Murphy, John & Mary",
    ]


@pytest.mark.django_db
def test_a_tampered_confirmation_is_checked_again(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk)
    response = clerk_client.post(
        reverse("permits:abutter-import", args=[application.pk]),
        {"csv_text": BAD_CSV, "source_name": "x.csv", "certified_on": "2027-02-01", "confirm": ""},
    )
    assert response.status_code == 400
    assert not Abutter.objects.exists()


@pytest.mark.django_db
def test_an_abutter_is_entered_by_hand_and_struck_without_deleting(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk)
    clerk_client.post(
        reverse("permits:abutter-add", args=[application.pk]),
        {
            "abutter-owner_names": "Susan Kelly",
            "abutter-mailing_street": "5 Gerry Street",
            "abutter-mailing_city": "Stoneham",
            "abutter-mailing_state": "ma",
            "abutter-mailing_zip": "02180",
            "abutter-parcel_id": "2-300-1",
        },
    )
    abutter = Abutter.objects.get()
    assert abutter.mailing_state == "MA"
    clerk_client.post(
        reverse("permits:abutter-void", args=[abutter.pk]),
        {"ground": "sold", "reason": "Sold to R. Doyle."},
    )
    abutter.refresh_from_db()
    assert abutter.voided


@pytest.mark.django_db
def test_a_certification_date_in_the_future_is_refused(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk)
    response = preview(clerk_client, application, GOOD_CSV, certified_on="2999-01-01")
    assert response.status_code == 400
    assert "cannot be in the future" in response.content.decode()


@pytest.mark.django_db
def test_lots_sort_by_street_then_house_number_as_a_number(clerk):
    from facilities import actions as lot_actions
    from facilities.models import Lot

    for n, address in enumerate(
        ("13 Warren Street", "109 Summer Street", "9 Summer Street", "12 Summer Street")
    ):
        lot_actions.create_lot(by=clerk, parcel_id=f"5-50-{n + 1}", street_address=address)
    listed = [lot.street_address for lot in Lot.objects.in_street_order()]
    assert listed == [
        "9 Summer Street",
        "12 Summer Street",
        "109 Summer Street",
        "13 Warren Street",
    ]
