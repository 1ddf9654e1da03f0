"""Every register of tests/data/registers/ through the register import, as the administrator
loads it (issue 34: the corpus; issue 38 L4: nothing inflated before its size is known).

A file is found by the folder's glob: adding one is adding the file (with its scans as a zip of
the same name beside it). A name holding "refused" must be refused, each problem named at its
row and column, or at the upload's field, with nothing written; any other must be read, what
was read shown, and imported.
"""

from __future__ import annotations

import re
import zipfile
from datetime import date
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from facilities.models import Lot, Parcel, ParcelImport
from permits.eligibility import lot_refusals
from permits.models import Applicant, Permit
from permits.register_import.columns import COLUMNS

pytestmark = pytest.mark.django_db

FOLDER = Path(__file__).parent / "registers"
REGISTERS = sorted(p for p in FOLDER.iterdir() if p.suffix in (".csv", ".xlsx"))
LABELS = {column.label for column in COLUMNS} | {"Row"}
ERROR_ROW = re.compile(
    r'<tr><th scope="row">(\d+)</th><td>[^<]*</td><td>([^<]+)</td><td>([^<]+)</td></tr>'
)


def dry_run(client, register: Path):
    data = {"register": SimpleUploadedFile(register.name, register.read_bytes())}
    scans = register.with_suffix(".zip")
    if scans.exists():
        data["documents"] = SimpleUploadedFile(scans.name, scans.read_bytes())
    return client.post(reverse("permits:register-import"), data)


def nothing_written() -> bool:
    return not (Permit.objects.exists() or Applicant.objects.exists() or Lot.objects.exists())


def section(page: str, table_id: str) -> str:
    start = page.find(f'id="{table_id}"')
    return page[start : page.find("</table>", start)] if start >= 0 else ""


@pytest.mark.parametrize("register", REGISTERS, ids=lambda p: p.name)
def test_every_register_is_read_or_refused_at_its_row_and_column(admin_client, register):
    response = dry_run(admin_client, register)
    assert response.status_code < 500
    page = response.content.decode()
    if "refused" in register.stem:
        errors = ERROR_ROW.findall(section(page, "import-errors"))
        at_field = re.search(r'id="error_\d+_id_(register|documents)"', page)
        assert errors or at_field, page
        assert all(column in LABELS and message.strip() for _, column, message in errors)
        assert 'name="token"' not in page
        assert nothing_written()
        return
    assert response.status_code == 200, page
    assert "no error" in page and not section(page, "import-errors")
    token = re.search(r'name="token" value="([^"]+)"', page)[1]
    rows = section(page, "import-rows").count('<th scope="row">')
    assert rows and nothing_written()
    imported = admin_client.post(reverse("permits:register-import-run"), {"token": token})
    assert imported.status_code == 302
    assert Permit.objects.filter(legacy=True, status=Permit.Status.PROVISIONAL).count() == rows


@pytest.mark.parametrize("register", REGISTERS, ids=lambda p: p.name)
def test_every_register_through_the_commands_dry_run(admin_user, register, capsys):
    scans = register.with_suffix(".zip")
    options = {"documents": str(scans)} if scans.exists() else {}
    try:
        call_command(
            "import_register", str(register), dry_run=True, by=admin_user.username, **options
        )
    except (SystemExit, CommandError) as refusal:
        assert "refused" in register.stem, capsys.readouterr().out
        said = str(refusal) if isinstance(refusal, CommandError) else capsys.readouterr().out
        assert said.strip() and "Traceback" not in said
    else:
        assert "refused" not in register.stem
        assert "Nothing was written (dry run)." in capsys.readouterr().out
    assert nothing_written()


def test_the_commands_dry_run_says_an_entry_needs_its_parcel_before_the_meeting(admin_user, capsys):
    ParcelImport.objects.create(source_name="M284.zip", fiscal_year=2026, imported_by=admin_user)
    register = FOLDER / "no_parcel_id.csv"
    call_command(
        "import_register",
        str(register),
        documents=str(register.with_suffix(".zip")),
        dry_run=True,
        by=admin_user.username,
    )
    out = capsys.readouterr().out
    assert "Row 2, Parcel id: to do before the meeting:" in out and "not on the parcel map" in out


def test_what_an_office_types_is_read_and_the_reading_is_shown(admin_client):
    page = dry_run(admin_client, FOLDER / "typed_forms.csv").content.decode()
    readings = section(page, "import-readings")
    assert "“02-May-94” read as May 2, 1994." in readings
    assert "“1998” read as January 1, 1998: the register gives the year alone." in readings
    assert "“30 - 200 - 2” read as 30-200-2." in readings
    assert "No ZIP: the town&#x27;s, 02180, since the holder is written to at the lot." in readings
    assert "read as joint holders" in readings
    token = re.search(r'name="token" value="([^"]+)"', page)[1]
    admin_client.post(reverse("permits:register-import-run"), {"token": token})
    by_number = {p.register_number: p for p in Permit.objects.select_related("holder", "lot")}
    assert by_number["94-30"].first_permitted_on == date(1994, 5, 2)
    assert by_number["94-30"].animals.get().count == 4
    assert by_number["98-31"].first_permitted_on == date(1998, 1, 1)
    assert by_number["98-31"].lot.parcel_id == "30-200-2"
    assert by_number["98-31"].holder.mailing_zip == "02180"
    assert by_number["96-32"].holder.name == "John & Mary Sullivan"


def test_an_office_workbook_is_read_past_its_title_merged_cells_total_line_and_notes_sheet(
    admin_client,
):
    page = dry_run(admin_client, FOLDER / "office_workbook.xlsx").content.decode()
    assert "The sheet “Permits” was read; not read: “Notes”." in page
    assert "The header is row 2; the rows above it (a title) were not read." in page
    assert "Row 6 is a total line, not a permit: not read." in page
    assert "1 cell merged over several rows read on each row they cover." in page
    token = re.search(r'name="token" value="([^"]+)"', page)[1]
    admin_client.post(reverse("permits:register-import-run"), {"token": token})
    assert sorted(Permit.objects.values_list("holder__name", flat=True)) == [
        "Luis Ferreira",
        "Margaret Doyle",
        "Margaret Doyle",
    ]


def test_a_windows_csv_with_a_byte_order_mark_keeps_its_accents(admin_client):
    page = dry_run(admin_client, FOLDER / "windows_1252_bom.csv").content.decode()
    assert "Read as Windows text" in page
    token = re.search(r'name="token" value="([^"]+)"', page)[1]
    admin_client.post(reverse("permits:register-import-run"), {"token": token})
    assert set(Applicant.objects.values_list("name", flat=True)) == {
        "Renée Lévesque",
        "Siobhán O’Connell",
    }


def test_two_owners_in_one_cell_are_asked_at_the_row_and_column(admin_client):
    page = dry_run(admin_client, FOLDER / "two_owners_in_a_cell-refused.csv").content.decode()
    errors = ERROR_ROW.findall(section(page, "import-errors"))
    assert [(row, column) for row, column, _ in errors] == [("2", "Holder"), ("3", "Holder")]
    assert all("names two people" in message and "(joint)" in message for *_, message in errors)


def test_a_year_alone_in_the_grandfathering_dates_year_asks_for_the_day(admin_client):
    page = dry_run(
        admin_client, FOLDER / "year_alone_of_the_grandfathering_date-refused.csv"
    ).content.decode()
    [(row, column, message)] = ERROR_ROW.findall(section(page, "import-errors"))
    assert (row, column) == ("2", "First permitted")
    assert "August 1, 2002 (§20-20(8))" in message and "give the date" in message


def test_a_workbook_that_inflates_is_refused_from_its_directory_before_it_is_opened(
    admin_client, monkeypatch
):
    import openpyxl

    opened = []
    monkeypatch.setattr(openpyxl, "load_workbook", lambda *a, **k: opened.append(a))
    for name, member in (
        ("sheet_inflates-refused.xlsx", "sheet1.xml"),
        ("shared_strings_inflate-refused.xlsx", "sharedStrings.xml"),
    ):
        response = dry_run(admin_client, FOLDER / name)
        page = response.content.decode()
        assert response.status_code == 400
        assert f"member {member}:" in page and "bytes uncompressed" in page
    assert opened == []


def test_scans_that_inflate_are_refused_at_their_field_before_one_is_read(
    admin_client, monkeypatch
):
    read = []
    monkeypatch.setattr(zipfile.ZipFile, "read", lambda self, name, pwd=None: read.append(name))
    response = dry_run(admin_client, FOLDER / "scan_inflates-refused.csv")
    page = response.content.decode()
    assert response.status_code == 400
    assert re.search(r'id="error_\d+_id_documents"', page)
    assert "member 94-1.pdf:" in page and "bytes uncompressed" in page
    assert read == []


def test_a_register_of_more_rows_than_a_load_reads_is_refused_at_its_field(
    admin_client, admin_user, capsys
):
    response = dry_run(admin_client, FOLDER / "too_many_rows-refused.csv")
    assert response.status_code == 400
    page = response.content.decode()
    assert re.search(r'id="error_\d+_id_register"', page)
    assert "more than 500 rows, the most one check on this page reads" in page
    assert "or all at once with manage.py import_register." in page
    # The command reads more, but not without bound.
    with pytest.raises(SystemExit):
        call_command(
            "import_register",
            str(FOLDER / "too_many_rows-refused.csv"),
            dry_run=True,
            by=admin_user.username,
        )
    assert "more than 5,000 rows, the most one load reads" in capsys.readouterr().out


def test_one_scan_named_by_forty_rows_is_read_once(admin_client, monkeypatch):
    reads = []
    real = zipfile.ZipFile.read

    def counted(self, name, pwd=None):
        reads.append(getattr(name, "filename", name))
        return real(self, name, pwd)

    monkeypatch.setattr(zipfile.ZipFile, "read", counted)
    response = dry_run(admin_client, FOLDER / "one_scan_forty_rows.csv")
    assert response.status_code == 200 and "40 rows checked, no error" in response.content.decode()
    assert reads.count("scans/book-page-12.pdf") == 1


def _parcel_at(address: str, map_par_id: str) -> Parcel:
    x, y = 236_000.0, 912_000.0
    return Parcel.objects.create(
        loc_id=f"F_{map_par_id}",
        map_par_id=map_par_id,
        geometry_wkt=f"POLYGON(({x} {y}, {x + 40} {y}, {x + 40} {y + 40}, {x} {y + 40}, {x} {y}))",
        site_address=address,
        owner_name="Thomas Murphy",
        owner_street=address,
        owner_zip="02180",
        min_x=x,
        min_y=y,
        max_x=x + 40,
        max_y=y + 40,
    )


def test_an_entry_off_the_parcel_map_is_said_at_its_row_and_matched_by_the_clerk_before_the_vote(
    admin_client, admin_user, client, clerk
):
    ParcelImport.objects.create(source_name="M284.zip", fiscal_year=2026, imported_by=admin_user)
    _parcel_at("7 Hillside Avenue", "60-10-1")
    page = dry_run(admin_client, FOLDER / "no_parcel_id.csv").content.decode()
    readings = section(page, "import-readings")
    assert "To do before the meeting:" in readings and "is not on the parcel map" in readings
    assert "Parcel id" in readings and 'id="import-unmatched"' in page
    token = re.search(r'name="token" value="([^"]+)"', page)[1]
    admin_client.post(reverse("permits:register-import-run"), {"token": token})
    permit = Permit.objects.get()
    assert lot_refusals(permit.lot)

    client.force_login(clerk)
    url = reverse("permits:register-unmatched")
    listed = client.get(url).content.decode()
    assert "paper permit 95-40" in listed and "Choose <strong>60-10-1</strong>" in listed
    refused = client.post(url, {"permit": permit.pk, f"parcel-{permit.pk}-parcel_id": "nonsense"})
    assert refused.status_code == 400
    done = client.post(url, {"permit": permit.pk, f"parcel-{permit.pk}-parcel_id": "60-10-1"})
    assert done.status_code == 302
    permit.lot.refresh_from_db()
    assert permit.lot.parcel_id == "60-10-1" and lot_refusals(permit.lot) == []
    assert permit.lot.history.first().history_user == clerk
    assert "No entry waits for its parcel." in client.get(url).content.decode()
