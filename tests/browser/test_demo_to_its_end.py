"""The demo, loaded as `make run` loads it, carried to its end in the browser.

On the day it was loaded the clerk sends the legal notice of the coming hearing; on the
hearing's evening the Board decides it and the clerk issues the permit; a renewal waiting for
the clerk is issued; the demo's applicant applies online and the clerk receives it. Nothing the
demo's own records hold may refuse any of it: a refusal here is the demo's data, made wrong.
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import time_machine
from playwright.sync_api import expect

from hearings.models import DocketItem
from permits.models import Application, Permit
from stoneham_boh.ops.demo import DEMO_PASSWORD, load_demo
from tests.browser.conftest import login

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

BOSTON = ZoneInfo("America/New_York")
LOADED = datetime(2026, 12, 3, 9, 0, tzinfo=BOSTON)
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def as_user(page, live_server, username: str) -> None:
    page.context.clear_cookies()
    login(page, live_server, username, DEMO_PASSWORD)


def no_refusal(page) -> None:
    """The page says nothing was refused (the messages the product gives when it refuses)."""
    expect(page.locator(".alert-danger, .alert-warning")).to_have_count(0)


@pytest.fixture
def demo(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    settings.MEDIA_ROOT = tmp_path / "uploads"
    with time_machine.travel(LOADED, tick=False):
        load_demo(today=LOADED.date())


@pytest.mark.django_db(transaction=True)
def test_the_demo_is_carried_to_its_end(demo, browser_page, live_server):
    page = browser_page
    item = DocketItem.objects.select_related("meeting", "application__applicant").get(
        application__lot__street_address="9 Collincote Street",
        status=DocketItem.Status.SCHEDULED,
    )
    meeting, application = item.meeting, item.application
    with time_machine.travel(LOADED, tick=True) as traveller:
        # The day the demo was loaded: the clerk sends the drafted legal notice in time.
        as_user(page, live_server, "clerk")
        page.goto(f"{live_server.url}/hearings/meetings/{meeting.pk}/legal-notice/")
        day = LOADED.date().isoformat()
        page.get_by_label("Sent to the newspaper on").fill(day)
        page.get_by_role("button", name="Mark as sent").click()
        expect(page.get_by_text("Marked as sent to the newspaper.")).to_be_visible()
        page.get_by_label("Published on").fill(day)
        page.get_by_role("button", name="Record the publication").click()
        for site, address in (
            ("website", "https://stonehamindependent.example/legals/demo"),
            ("statewide", "https://www.masspublicnotices.example/notice/demo"),
        ):
            page.locator(f"#id_{site}-posted_on").fill(day)
            page.locator(f"#id_{site}-address").fill(address)
            page.locator(f"#id_{site}-address").locator("xpath=ancestor::form").get_by_role(
                "button", name="Record the posting"
            ).click()
        expect(page.locator("#appearance-verdict")).to_contain_text("All three recorded")

        # The hearing's evening: the chair records who attended and the Board's decision.
        traveller.move_to(datetime.combine(meeting.date, meeting.time or LOADED.time(), BOSTON))
        traveller.shift(90 * 60)
        as_user(page, live_server, "board")
        page.goto(f"{live_server.url}/hearings/meetings/{meeting.pk}/attendance/")
        for radio in page.locator("input[type=radio][value=in_person]").all():
            radio.check()
        page.get_by_role("button", name="Record the attendance").click()
        expect(page.get_by_text("The attendance is recorded.")).to_be_visible()
        page.goto(f"{live_server.url}/hearings/items/{item.pk}/decision/")
        no_refusal(page)
        page.get_by_label("Approved").check()
        for vote in page.locator("select[name^=vote]").all():
            vote.select_option("yes")
        page.get_by_label("Vermin control plan (§20-19)").check()
        page.get_by_role("button", name="Record the decision").click()
        expect(page.get_by_text("Decision recorded: approved.")).to_be_visible()

        # The clerk collects the balance (the registered letters) and issues the permit.
        as_user(page, live_server, "clerk")
        page.goto(f"{live_server.url}/permits/applications/{application.pk}/")
        fees = page.locator("#fees")
        balance = fees.get_by_text(re.compile(r"\$[\d,.]+ outstanding"))
        if balance.count():
            amount = re.search(r"\$([\d,.]+) outstanding", balance.first.inner_text())[1]
            fees.locator("#id_pay-amount").fill(amount.replace(",", ""))
            fees.locator("#id_pay-received_on").fill(meeting.date.isoformat())
            fees.locator("#id_pay-reference").fill("#3100")
            fees.get_by_role("button", name="Record the payment").click()
            expect(page.get_by_text("recorded.").first).to_be_visible()
        page.get_by_role("button", name="Issue the permit").click()
        expect(page.get_by_text(re.compile(r"Permit \d{4}-\d{4} issued"))).to_be_visible()
        assert Permit.objects.filter(application=application).exists()

        # A renewal the demo left waiting for the clerk: reviewed and issued.
        renewal = (
            Application.objects.filter(kind="renewal", status="received").order_by("pk").first()
        )
        page.goto(f"{live_server.url}/permits/applications/{renewal.pk}/")
        no_refusal(page)
        page.get_by_role("button", name="Issue the permit").click()
        expect(page.get_by_text(re.compile(r"Permit \d{4}-\d{4} issued"))).to_be_visible()
        assert Permit.objects.filter(application=renewal).exists()

        # The demo's applicant applies online for a second lot; the clerk receives it.
        as_user(page, live_server, "applicant")
        page.goto(f"{live_server.url}/my/")
        page.get_by_role("link", name="Apply online for a new permit").click()
        page.get_by_label("Street address where the animals will be kept").fill("31 Spring Street")
        page.get_by_role("button", name="Open my application").click()
        page.locator("[name=animals-0-species]").select_option("chicken")
        page.locator("[name=animals-0-count]").fill("4")
        page.locator("[name=structures-0-label]").fill("C1")
        page.locator("[name=structures-0-kind]").select_option("coop")
        page.locator("[name=structures-0-area_sqft]").fill("40")
        page.locator("[name=structures-0-distance_property_line_ft]").fill("60")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.get_by_text("Draft saved")).to_be_visible()
        page.locator("[name=doc-kind]").select_option("site_plan")
        page.locator("[name=doc-file]").set_input_files(
            {"name": "plan.pdf", "mimeType": "application/pdf", "buffer": PDF}
        )
        page.get_by_role("button", name="Upload").click()
        expect(page.get_by_text("Site plan uploaded.")).to_be_visible()
        page.get_by_role("button", name="Save and send to the Board").click()
        expect(page.get_by_text("Your application was sent")).to_be_visible()
        online = Application.objects.get(channel=Application.Channel.ONLINE)

        as_user(page, live_server, "clerk")
        page.get_by_role("region", name="Submitted online").get_by_role(
            "link", name=online.applicant.name
        ).click()
        no_refusal(page)
        page.get_by_role("button", name="Mark received").click()
        expect(page.get_by_role("alert").get_by_text("marked received")).to_be_visible()
        online.refresh_from_db()
        assert online.status == Application.Status.RECEIVED
