"""The clerk proves the legal notice (print, the newspaper's website, the statewide site) and
keeps the publisher's affidavit; answers a public records request with the permit's file,
the complainant withheld under counsel's exemption; and the Town Clerk fills a retention
period and confirms a destruction. Screenshots at 1280 px for the record."""

from __future__ import annotations

import os
from datetime import date, datetime
from pathlib import Path

import pytest
import time_machine
from django.contrib.auth.models import Permission
from django.utils import timezone
from playwright.sync_api import expect

from inspections import actions as inspection_actions
from inspections.models import Complaint
from records import complainants
from records.models import Exemption, RecordSeries
from records.series import ship
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib import history
from tests import factories
from tests.browser.conftest import login
from tests.browser.test_hearings_journey import log_out, pdf_pages
from tests.conftest import make_user
from tests.hearings import builders as b

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
SCREENS = Path(os.environ.get("RECORDS_SCREENS", "/tmp/var_meet/screens"))


def shot(page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


def draft_review_and_sign(page, provided: str, pages: str = "") -> str:
    """The written response of c.66 §10(b) on the request's page: drafted, its PDF read for
    review (the letter's words are returned), signed and sent."""
    page.get_by_label("Records provided with this response").fill(provided)
    if pages:
        page.get_by_label("Pages copied").fill(pages)
    page.get_by_role("button", name="Save the draft").click()
    expect(page.get_by_text("The draft of the written response is saved.")).to_be_visible()
    letter = " ".join(" ".join(pdf_pages(page, "Review the draft (PDF)")).split())
    page.get_by_role("button", name="Sign and send the response").click()
    return letter


def at(text: str):
    return timezone.make_aware(datetime.fromisoformat(text))


@pytest.mark.django_db(transaction=True)
def test_the_clerk_records_the_notice_in_print_online_and_statewide(
    browser_page, live_server, tmp_path
):
    page = browser_page
    with time_machine.travel(at("2030-03-12 10:00"), tick=True):
        clerk = make_user("clerk8", Role.CLERK)
        # Docketed, mailed and published as the records say, before this morning.
        with history.recorded_at(at("2030-02-20 10:00")):
            item = b.docketed(by=clerk)
            b.mail_all(item, by=clerk)
            b.publish(item.meeting, by=clerk, online=False)
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/hearings/meetings/{item.meeting.pk}/legal-notice/")
        expect(page.locator("#appearance-verdict")).to_contain_text("Not yet noticed")
        page.locator("#id_website-address").fill("https://paper.example.org/notices/77")
        page.locator("form[action$='/online/website/'] button").click()
        expect(
            page.get_by_text("The posting on the newspaper's website is recorded.")
        ).to_be_visible()
        page.locator("#id_statewide-address").fill("https://notices.example.org/ma/9911")
        page.locator("form[action$='/online/statewide/'] button").click()
        expect(page.locator("#appearance-verdict")).to_contain_text(
            "All three recorded: the notice counts from March 12, 2030."
        )
        affidavit = tmp_path / "affidavit.pdf"
        affidavit.write_bytes(b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")
        page.get_by_label("What it proves").select_option("affidavit")
        page.get_by_label("File").set_input_files(str(affidavit))
        page.get_by_role("button", name="Keep the file").click()
        expect(page.locator("#notice-proofs")).to_contain_text(
            "Publisher's affidavit: affidavit.pdf"
        )
        shot(page, "legal-notice-all-three-1280")
        page.goto(f"{live_server.url}/hearings/items/{item.pk}/")
        expect(page.locator("#online-postings")).to_contain_text(
            "https://notices.example.org/ma/9911"
        )


@pytest.mark.django_db(transaction=True)
def test_a_records_request_answered_and_a_record_destroyed_by_the_town_clerk(
    browser_page, live_server
):
    page = browser_page
    with time_machine.travel(at("2026-11-25 10:00"), tick=True) as traveller:
        # The browser's clock on the office's day too: the session it is given ends at a moment
        # of the server's clock (stoneham_boh/accounts/phone_session.py).
        page.clock.set_system_time(at("2026-11-25 10:00"))
        clerk = make_user("clerk9", Role.CLERK)
        town_clerk = make_user("townclerk9", Role.CLERK)
        town_clerk.user_permissions.add(Permission.objects.get(codename="act_as_town_clerk"))
        ship(RecordSeries)
        Exemption.objects.create(
            citation="Exemption (f)", name="Open investigation", wording="Counsel's text here."
        )
        permit = factories.issued_permit(by=clerk)
        complaint = inspection_actions.record_complaint(
            lot=permit.lot,
            nature="odour",
            description="Smell from the coop.",
            complainant_name="Pat Neighbour",
            by=clerk,
            received_on=date(2026, 11, 2),
        )

        login(page, live_server, clerk.username)
        page.get_by_role("link", name="Records requests and retention").click()
        page.get_by_role("link", name="Log a request").click()
        page.get_by_label("Requested by").fill("A. Reporter")
        page.get_by_label("Records asked for").fill("The file of the hen permit.")
        page.get_by_label("Permit whose file answers it").select_option(str(permit.pk))
        page.get_by_role("button", name="Log the request").click()
        expect(page.locator("#response-due")).to_contain_text("Thursday, December 10, 2026")
        # The complainant is withheld by default, under the exemption the product ships.
        expect(page.locator("#package-complainants")).to_contain_text("Identity withheld")
        expect(page.locator("#package-complainants")).to_contain_text("by default")
        text = " ".join(" ".join(pdf_pages(page, "Package (PDF)")).split())
        assert f"Withheld under {complainants.CITATION}" in text
        assert "Pat Neighbour" not in text
        shot(page, "records-request-1280")
        # The written response of c.66 §10(b): drafted, reviewed as a PDF, signed and sent.
        letter = draft_review_and_sign(
            page, "The permit's file, as a PDF, the complainant withheld.", pages="12"
        )
        assert "Supervisor of Records" in letter and "$0.60" in letter
        expect(page.locator("#responded")).to_contain_text("November 25, 2026")
        page.goto(f"{live_server.url}/home/")
        expect(
            page.get_by_text("No public records request is waiting for its response.")
        ).to_be_visible()
        log_out(page)

        # Three years on, the complaint closed: the Town Clerk fills the period and destroys it.
        Complaint.objects.filter(pk=complaint.pk).update(
            status="closed", closed_on=date(2026, 11, 20)
        )
        traveller.move_to(at("2029-12-03 10:00"))
        login(page, live_server, town_clerk.username)
        page.goto(f"{live_server.url}/records/requests/")
        page.get_by_role("link", name="Retention of records").click()
        page.locator("#period-complaint").fill("3")
        page.locator("#item-complaint").fill("Schedule item (as the Town Clerk reads it)")
        page.locator("#retention-schedule tr", has_text="Complaints").get_by_role(
            "button", name="Save"
        ).click()
        expect(page.get_by_text("The period of Complaints is recorded.")).to_be_visible()
        shot(page, "retention-schedule-1280")
        page.locator("#retention-schedule").get_by_role("link", name="Complaints").click()
        page.get_by_label("I confirm, as the Town Clerk").check()
        page.get_by_role("button", name="Destroy").click()
        expect(
            page.get_by_text("Destroyed: Complaint of November 2, 2026 (odour).")
        ).to_be_visible()
        shot(page, "retention-series-1280")
        page.goto(f"{live_server.url}/records/retention/log/")
        expect(page.locator("#destruction-log")).to_contain_text("Complaint of November 2, 2026")
    assert Complaint.objects.get(pk=complaint.pk).complainant_name == ""


@pytest.mark.django_db(transaction=True)
def test_a_resident_asks_on_the_public_page_and_the_clerk_signs_the_response(
    browser_page, live_server
):
    """From the public site's "Ask for public records" to the signed written response. Sent on
    Saturday, November 21, 2026: received the next business day, Monday the 23rd, and the ten
    business days count from the 24th, Thanksgiving (the 26th) not counted and the day after,
    no legal holiday, counted (950 CMR 32.06(2)(e)): due Tuesday, December 8, 2026, by a count
    made from the law by hand."""
    page = browser_page
    with time_machine.travel(at("2026-11-21 09:30"), tick=True) as traveller:
        page.clock.set_system_time(at("2026-11-21 09:30"))
        clerk = make_user("clerk10", Role.CLERK)
        page.goto(f"{live_server.url}/")
        page.get_by_role("link", name="Ask for public records").click()
        expect(page.locator("#records-officer")).to_be_visible()
        page.get_by_label("Your name").fill("Jordan Abutter")
        page.get_by_label("The records you ask for").fill(
            "The hen permit at 12 Pond Street and its site plan, 2025 and 2026."
        )
        page.get_by_role("button", name="Send the request").click()
        # The contact left out: said at its field, and nothing typed is lost.
        expect(page.locator("#id_contact")).to_have_attribute("aria-invalid", "true")
        expect(page.get_by_label("Your name")).to_have_value("Jordan Abutter")
        expect(page.get_by_label("The records you ask for")).to_have_value(
            "The hen permit at 12 Pond Street and its site plan, 2025 and 2026."
        )
        page.get_by_label("E-mail or postal address").fill("jordan@example.org")
        page.get_by_role("button", name="Send the request").click()
        expect(page.get_by_role("heading", name="Your records request is received")).to_be_visible()
        expect(page.locator("#response-due")).to_have_text("Tuesday, December 8, 2026")
        shot(page, "records-ask-sent-1280")

        # The Monday after: the clerk finds it on the office's list and answers it.
        traveller.move_to(at("2026-11-23 09:00"))
        page.clock.set_system_time(at("2026-11-23 09:00"))
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/records/requests/")
        page.get_by_role("link", name="Jordan Abutter").click()
        expect(page.locator("#response-due")).to_contain_text("Tuesday, December 8, 2026")
        letter = draft_review_and_sign(
            page, "No permit is on file at 12 Pond Street; the Board holds no such plan."
        )
        assert "Jordan Abutter" in letter and "Supervisor of Records" in letter
        expect(page.locator("#responded")).to_contain_text("November 23, 2026")
        # Who signed (the officer, in the letter) and who recorded it (the clerk), each so named.
        expect(page.locator("#written-signed")).to_contain_text(
            "in the records access officer's name"
        )
        expect(page.locator("#written-signed")).to_contain_text("recorded by Clerk10")
        shot(page, "records-ask-answered-1280")
