"""Issue 23 point 4 and issue 22 finding 4, in a real browser: a resident's application sent
online for a parcel already on file waits with its lot unmatched; the clerk, marking it
received, is offered the lot on file, chooses it, and the application joins that lot (no
second lot), the resident's description kept on the application as their proposal."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from playwright.sync_api import expect

from facilities.models import Lot
from permits.models import Application
from permits.online import actions as online
from tests import factories
from tests.browser.conftest import login

pytestmark = pytest.mark.django_db(transaction=True)

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
SCREENS = Path(os.environ.get("LOT_SCREENS", "/work/notes/screens/lot-matching"))


def shot(page, name: str) -> None:
    if SCREENS.parent.exists():
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


def test_the_clerk_matches_an_online_application_to_the_lot_on_file_on_receipt(
    browser_page, live_server, clerk
):
    factories.fee_schedule()
    lot = factories.lot(
        by=clerk, parcel_id="7-1-2", street_address="12 Pond Street", area_acres=Decimal("0.44")
    )
    owner = factories.hen_renewal(by=clerk, lot=lot)
    resident = factories.applicant_account(by=clerk, name="Jane Resident")
    application = online.start_online_application(
        by=resident.user,
        details={},
        address={"street_address": "12 pond st", "parcel_id": "7-1-2"},
    )
    online.save_online_application(
        application=application,
        by=resident.user,
        lot_changes={"area_acres": Decimal("3")},
        animals=[{"species": "goat", "count": 2, "name": "", "pk": None}],
    )
    online.add_online_document(
        application=application,
        by=resident.user,
        kind="site_plan",
        upload=SimpleUploadedFile("plan.pdf", PDF, content_type="application/pdf"),
    )
    online.submit_online_application(application=application, by=resident.user)

    page = browser_page
    login(page, live_server, clerk.username)
    page.get_by_role("link", name="Jane Resident").first.click()
    expect(
        page.get_by_role("heading", name=f"Online application #{application.pk}")
    ).to_be_visible()
    expect(page.get_by_text("(lot not yet matched)")).to_be_visible()
    expect(page.get_by_text("3 acres typed")).to_be_visible()
    choice = page.get_by_label(f"On file: {lot}")
    expect(choice).to_be_checked()
    shot(page, "01-review-with-the-lot-on-file")
    page.get_by_role("button", name="Mark received").click()
    expect(page.get_by_text(f"marked received, on the lot {lot}")).to_be_visible()
    shot(page, "02-received-on-the-lot")

    application.refresh_from_db()
    lot.refresh_from_db()
    assert application.status == Application.Status.RECEIVED and application.lot == lot
    assert Lot.objects.count() == 1
    assert sorted(lot.applications.values_list("pk", flat=True)) == sorted(
        [owner.pk, application.pk]
    )
    # The owner's lot kept its own figures; the resident's stay on their application.
    assert (lot.street_address, lot.area_acres) == ("12 Pond Street", Decimal("0.440"))
    assert application.lot_proposal["area_acres"] == "3"
