"""The administrator loads the town's register and takes its records out (issue 25 points 3-4).

A spreadsheet with mistakes is checked: the dry run lists each by row and column and writes
nothing. The corrected spreadsheet's dry run offers Import, which enters every row as a
provisional paper-register entry and leads to the page that puts them before the Board. Then
every record is downloaded as a zip, the entries and their scans in it.
Screenshots at 1280 px of each step.
"""

from __future__ import annotations

import os
import zipfile
from datetime import datetime
from pathlib import Path

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import expect

from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from tests.browser.conftest import login
from tests.conftest import make_user
from tests.permits.register_import.builders import sample_register

SCREENS = Path(os.environ.get("ADMIN_SCREENS", "/work/notes/screens/register-records"))


def shot(page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_the_administrator_checks_the_register_imports_it_and_downloads_the_records(
    browser_page, live_server, tmp_path
):
    page = browser_page
    with_mistakes = sample_register(count=30)
    corrected = with_mistakes.without_mistakes()
    for name, sample in (("mistakes", with_mistakes), ("corrected", corrected)):
        (tmp_path / f"{name}.csv").write_bytes(sample.csv_bytes())
    (tmp_path / "scans.zip").write_bytes(with_mistakes.zip_bytes())
    with time_machine.travel(timezone.make_aware(datetime(2026, 3, 2, 10)), tick=True):
        admin = make_user("admin7", Role.ADMIN, first_name="Site", last_name="Administrator")
        login(page, live_server, admin.username)
        page.get_by_role("link", name="Load the register").first.click()
        expect(page.get_by_role("heading", name="Load the town's register")).to_be_visible()

        page.get_by_label("The register (CSV or Excel)").set_input_files(
            str(tmp_path / "mistakes.csv")
        )
        page.get_by_label("The scans (a zip)").set_input_files(str(tmp_path / "scans.zip"))
        page.get_by_role("button", name="Check the register").click()
        expect(page.get_by_role("status")).to_contain_text("30 rows checked")
        errors = page.locator("#import-errors")
        expect(errors.get_by_role("row").filter(has_text="Animals")).to_contain_text("chikens")
        expect(errors.get_by_role("row").filter(has_text="Holder is required")).to_contain_text("7")
        expect(page.get_by_role("button", name="Import")).to_have_count(0)
        shot(page, "import-dry-run-with-errors-1280")
        assert not Permit.objects.exists()

        page.get_by_label("The register (CSV or Excel)").set_input_files(
            str(tmp_path / "corrected.csv")
        )
        page.get_by_label("The scans (a zip)").set_input_files(str(tmp_path / "scans.zip"))
        page.get_by_role("button", name="Check the register").click()
        expect(page.get_by_role("status")).to_contain_text(
            f"{len(corrected.rows)} rows checked, no error"
        )
        shot(page, "import-dry-run-clean-1280")
        assert not Permit.objects.exists()
        page.get_by_role("button", name=f"Import {len(corrected.rows)} permits").click()
        expect(
            page.get_by_text(f"{len(corrected.rows)} permits of the register entered")
        ).to_be_visible()
        expect(page.get_by_role("heading", name="Entries of the paper register")).to_be_visible()
        shot(page, "import-done-1280")
        assert Permit.objects.filter(status=Permit.Status.PROVISIONAL).count() == len(
            corrected.rows
        )

        # Every record out: the records page, then the zip.
        page.goto(f"{live_server.url}/home/")
        page.get_by_role("link", name="The records, machine-readable").click()
        expect(page.get_by_role("heading", name="The records, machine-readable")).to_be_visible()
        expect(page.get_by_role("row").filter(has_text="permits")).to_contain_text(
            str(len(corrected.rows))
        )
        shot(page, "records-1280")
        with page.expect_download() as download_info:
            page.get_by_role("link", name="Download every record (zip)").click()
        download = download_info.value
        assert download.suggested_filename == "board-of-health-records-2026-03-02.zip"
        saved = tmp_path / download.suggested_filename
        download.save_as(saved)
    archive = zipfile.ZipFile(saved)
    permits = archive.read("permits.jsonl").decode().splitlines()
    assert len(permits) == len(corrected.rows)
    scans = [n for n in archive.namelist() if n.startswith("files/documents/")]
    assert len(scans) == len(corrected.rows)
