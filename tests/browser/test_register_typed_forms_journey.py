"""The register as an office types it, in Chromium (issue 34 points 4 and 8): the administrator
checks the corpus's typed register and sees how each cell was read; an entry with no parcel id
is said at its row before the import; the clerk then matches it to its parcel on its own
screen, before the meeting. axe-core finds nothing serious on either page.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import expect

from facilities.models import ParcelImport
from permits.eligibility import lot_refusals
from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from tests.browser.conftest import login
from tests.browser.test_clerk_corrections import no_serious_faults
from tests.conftest import make_user
from tests.data.test_corpus_registers import _parcel_at

REGISTERS = Path(__file__).parent.parent / "data" / "registers"
# Where to keep screenshots of each step, when asked (a folder), for a person to look at.
SCREENS = os.environ.get("REGISTER_SCREENS", "")


@pytest.mark.django_db(transaction=True)
def test_typed_dates_are_read_as_said_and_an_entry_off_the_map_is_matched_before_the_vote(
    browser_page, live_server, chromium
):
    page = browser_page
    with time_machine.travel(timezone.make_aware(datetime(2026, 3, 2, 10)), tick=True):
        admin = make_user("admin8", Role.ADMIN, first_name="Site", last_name="Administrator")
        ParcelImport.objects.create(source_name="M284.zip", fiscal_year=2026, imported_by=admin)
        _parcel_at("7 Hillside Avenue", "60-10-1")
        login(page, live_server, admin.username)
        page.goto(f"{live_server.url}/permits/register/import/")

        def check(name: str) -> None:
            page.get_by_label("The register (CSV or Excel)").set_input_files(
                str(REGISTERS / f"{name}.csv")
            )
            page.get_by_label("The scans (a zip)").set_input_files(str(REGISTERS / f"{name}.zip"))
            page.get_by_role("button", name="Check the register").click()

        check("typed_forms")
        readings = page.locator("#import-readings")
        expect(readings).to_contain_text("“02-May-94” read as May 2, 1994.")
        expect(readings).to_contain_text("“1998” read as January 1, 1998")
        expect(readings).to_contain_text("“30 - 200 - 2” read as 30-200-2.")
        no_serious_faults(page)
        if SCREENS:
            page.screenshot(path=f"{SCREENS}/import-typed-forms.png", full_page=True)

        check("no_parcel_id")
        expect(page.locator("#import-unmatched")).to_contain_text("not on the parcel map")
        expect(page.locator("#import-readings")).to_contain_text("To do before the meeting:")
        no_serious_faults(page)
        if SCREENS:
            page.screenshot(path=f"{SCREENS}/import-off-the-map.png", full_page=True)
        page.get_by_role("button", name="Import 1 permit").click()
        expect(page.get_by_text("are not on the parcel map: match them")).to_be_visible()
        permit = Permit.objects.get()
        assert lot_refusals(permit.lot)

        clerk = make_user("clerk8", Role.CLERK)
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
        clerk_page = context.new_page()
        login(clerk_page, live_server, clerk.username)
        clerk_page.goto(f"{live_server.url}/hearings/register/")
        clerk_page.get_by_role("link", name="match the entries to their parcels").click()
        expect(
            clerk_page.get_by_role("heading", name="Register entries to match to the parcel map")
        ).to_be_visible()
        expect(clerk_page.get_by_text("On the map at 7 Hillside Avenue")).to_be_visible()
        no_serious_faults(clerk_page)
        if SCREENS:
            clerk_page.screenshot(path=f"{SCREENS}/entries-to-match.png", full_page=True)
        clerk_page.get_by_role("button", name="Choose 60-10-1").click()
        expect(clerk_page.get_by_text("the lot is on the parcel map")).to_be_visible()
        expect(clerk_page.get_by_text("No entry waits for its parcel.")).to_be_visible()
        context.close()
    permit.lot.refresh_from_db()
    assert lot_refusals(permit.lot) == []
