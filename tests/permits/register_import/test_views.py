"""The administrator's upload page and `manage.py import_register` (issue 25 point 3); each
region of the page named once."""

from __future__ import annotations

import re
from datetime import date
from html import unescape

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from permits.models import Permit
from tests.permits.register_import.builders import sample_register

pytestmark = pytest.mark.django_db

TODAY = date(2026, 3, 2)


@pytest.fixture
def admin_client(client, admin_user):
    client.force_login(admin_user)
    return client


def upload(client, sample, *, name="register.csv"):
    return client.post(
        reverse("permits:register-import"),
        {
            "register": SimpleUploadedFile(name, sample.csv_bytes()),
            "documents": SimpleUploadedFile("scans.zip", sample.zip_bytes()),
        },
    )


@time_machine.travel(TODAY, tick=False)
def test_the_dry_run_page_lists_each_error_by_row_and_column_and_offers_no_import(admin_client):
    sample = sample_register(count=40)
    page = upload(admin_client, sample).content.decode()
    assert "Nothing was written: correct the spreadsheet" in page
    # Row 15 of the sample has an unknown kind of animal: its row, column and reason together.
    assert re.search(
        r'<th scope="row">15</th><td>[^<]+</td><td>Animals</td><td>“6 chikens”: “chikens” is '
        "not a kind of animal we know",
        page,
    )
    assert "Permit number 13-076 is on row 78 too." not in page  # not in the first 40 rows
    assert 'name="token"' not in page
    assert not Permit.objects.exists()


@time_machine.travel(TODAY, tick=False)
def test_a_clean_dry_run_then_import_enters_the_rows_checked(admin_client):
    sample = sample_register(count=12).without_mistakes()
    page = upload(admin_client, sample).content.decode()
    assert f"the import will enter {len(sample.rows)} permits" in page
    assert not Permit.objects.exists()
    token = page.split('name="token" value="')[1].split('"')[0]
    response = admin_client.post(reverse("permits:register-import-run"), {"token": token})
    assert response["Location"] == reverse("hearings:register-acceptance")
    assert Permit.objects.filter(status=Permit.Status.PROVISIONAL).count() == len(sample.rows)
    # The same dry run cannot be imported twice.
    again = admin_client.post(reverse("permits:register-import-run"), {"token": token})
    assert again["Location"] == reverse("permits:register-import")
    assert Permit.objects.count() == len(sample.rows)


def test_another_administrators_dry_run_cannot_be_imported(admin_client, client):
    from stoneham_boh.accounts.roles import Role
    from tests.conftest import make_user

    sample = sample_register(count=3).without_mistakes()
    with time_machine.travel(TODAY, tick=False):
        page = upload(admin_client, sample).content.decode()
    token = page.split('name="token" value="')[1].split('"')[0]
    other = make_user("admin2", Role.ADMIN)
    client.force_login(other)
    response = client.post(reverse("permits:register-import-run"), {"token": token})
    assert response["Location"] == reverse("permits:register-import")
    assert not Permit.objects.exists()


def test_a_file_that_is_not_a_spreadsheet_is_refused_at_its_field(admin_client):
    response = admin_client.post(
        reverse("permits:register-import"),
        {"register": SimpleUploadedFile("register.docx", b"PK\x03\x04word")},
    )
    assert response.status_code == 400
    assert "is not a CSV or Excel (.xlsx) file" in response.content.decode()


def test_a_clerk_may_not_load_the_register(clerk_client):
    assert clerk_client.get(reverse("permits:register-import")).status_code == 403


def write(tmp_path, sample):
    register = tmp_path / "register.csv"
    register.write_bytes(sample.csv_bytes())
    scans = tmp_path / "scans"
    scans.mkdir()
    for name, content in sample.scans.items():
        (scans / name).write_bytes(content)
    return register, scans


@time_machine.travel(TODAY, tick=False)
def test_the_command_dry_run_prints_each_error_and_writes_nothing(admin_user, tmp_path, capsys):
    register, scans = write(tmp_path, sample_register(count=20))
    with pytest.raises(SystemExit) as exit_:
        call_command("import_register", str(register), documents=str(scans), dry_run=True)
    out = capsys.readouterr().out
    assert exit_.value.code == 1
    assert "Row 7, Holder: Holder is required and empty here." in out
    assert "Row 15, Animals:" in out
    assert "20 rows checked, 2 errors: nothing was imported." in out
    assert not Permit.objects.exists()


@time_machine.travel(TODAY, tick=False)
def test_the_command_imports_a_clean_register_from_a_folder(admin_user, tmp_path, capsys):
    sample = sample_register(count=10).without_mistakes()
    register, scans = write(tmp_path, sample)
    call_command("import_register", str(register), documents=str(scans), dry_run=True)
    assert "Nothing was written (dry run)." in capsys.readouterr().out
    assert not Permit.objects.exists()
    call_command("import_register", str(register), documents=str(scans), by=admin_user.username)
    assert f"{len(sample.rows)} permits entered" in capsys.readouterr().out
    assert Permit.objects.filter(legacy=True).count() == len(sample.rows)


@time_machine.travel(TODAY, tick=False)
def test_a_csv_with_a_stray_carriage_return_or_an_unreadable_cell_is_named_not_a_server_error(
    admin_client,
):
    # Kept from the form fuzzer (CI, seed 1723716289): a lone \r inside an unquoted cell made
    # the csv module raise, and the page answered 500.
    sample = sample_register(count=3).without_mistakes()
    lines = sample.csv_bytes().decode("utf-8-sig").splitlines()
    stray = "\r\n".join([lines[0], lines[1].replace(",", ",Jo\rnes ", 1), *lines[2:]]) + "\r\n"
    page = admin_client.post(
        reverse("permits:register-import"),
        {
            "register": SimpleUploadedFile("register.csv", stray.encode()),
            "documents": SimpleUploadedFile("scans.zip", sample.zip_bytes()),
        },
    )
    assert page.status_code == 200
    # A cell past the csv module's limit (128 KiB) is a file the page cannot read: it says so.
    huge = lines[0] + "\r\n" + "x" * 200_000 + "\r\n"
    refused = admin_client.post(
        reverse("permits:register-import"),
        {
            "register": SimpleUploadedFile("register.csv", huge.encode()),
            "documents": SimpleUploadedFile("scans.zip", sample.zip_bytes()),
        },
    )
    # Said at the upload's field, as every refusal of the file itself is (issue 38 L4).
    assert refused.status_code == 400
    assert 'id="error_1_id_register"' in refused.content.decode()
    assert "A cell is longer than 131,072 characters: is this file the register?" in (
        refused.content.decode()
    )
    assert not Permit.objects.exists()


# The register import page names each of its regions once
# (axe landmark-unique, issue 34.7): the section of the columns and the scrolling table inside it
# had one name.
def region_names(page: str) -> list[str]:
    names = [unescape(n) for n in re.findall(r'role="region" aria-label="([^"]+)"', page)]
    for heading_id in re.findall(r'<section[^>]*aria-labelledby="([^"]+)"', page):
        found = re.search(rf'id="{heading_id}"[^>]*>(.*?)</', page, re.S)
        names.append(unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip())
    return names


def test_every_region_of_the_register_import_page_has_its_own_name(client, admin_user):
    client.force_login(admin_user)
    names = region_names(client.get(reverse("permits:register-import")).content.decode())
    assert names and len(names) == len(set(names)), names
