"""A clerk and the Board take a new application through its public hearing to a permit.

The clerk schedules the meeting and the hearing, prints the abutters' letters and labels,
records the mailing and the newspaper's publication; the Board member reads the docket and
records the approval with a variance; the clerk issues the permit.
"""

from __future__ import annotations

import io
import os
import re
from collections import Counter
from datetime import datetime
from urllib.parse import urljoin

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import expect
from pypdf import PdfReader

from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from stoneham_boh.town.models import Town
from tests.browser.conftest import login
from tests.conftest import make_user
from tests.hearings import builders as b

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ABUTTERS = 32  # more than one sheet of 30 labels


def moment(text: str):
    return timezone.make_aware(datetime.fromisoformat(text))


def pdf_pages(page, link_name: str) -> list[str]:
    """The text of each page of the PDF a link on the page serves, fetched with the session."""
    href = page.get_by_role("link", name=link_name).get_attribute("href")
    # No time limit: the answer is the state waited for, and rendering 32 letters on a busy
    # machine took longer than a minute (the suite's own timeout still ends a real hang).
    response = page.request.get(urljoin(page.url, href), timeout=0)
    assert response.ok and response.headers["content-type"] == "application/pdf"
    return [p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages]


def log_out(page):
    page.context.clear_cookies()


def record_attendance(page, live_server, meeting, modes: dict, reasons: dict | None = None):
    """Record on the meeting's attendance page how each member (a user) attended."""
    from hearings.models import BoardMember

    page.goto(f"{live_server.url}/hearings/meetings/{meeting.pk}/attendance/")
    for user, mode in modes.items():
        pk = BoardMember.objects.get(user=user).pk
        page.locator(f"input[name='mode_{pk}'][value='{mode}']").check()
        if (reasons or {}).get(user):
            page.locator(f"input[name='reason_{pk}']").fill(reasons[user])
    page.get_by_role("button", name="Record the attendance").click()
    expect(page.get_by_text("The attendance is recorded.")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_from_a_new_application_through_the_hearing_to_an_issued_permit(browser_page, live_server):
    page = browser_page
    with time_machine.travel(moment("2030-03-05 09:00"), tick=True) as traveller:
        clerk = make_user("clerk9", Role.CLERK, first_name="Maureen", last_name="Doherty")
        chair = make_user("chair9", Role.BOARD, first_name="Anne", last_name="Whitcomb")
        member = make_user("member9", Role.BOARD, first_name="Robert", last_name="Nolan")
        application = b.new_hen_application(by=clerk, setback_ft="38")
        b.certify_abutters(application, by=clerk, count=ABUTTERS, prefix="Abutter")
        applicant = application.applicant.name

        # The clerk schedules the Board's meeting and puts the application on its docket.
        login(page, live_server, clerk.username)
        page.get_by_role("link", name="Docket").first.click()
        page.get_by_role("link", name="Schedule a meeting").click()
        page.get_by_label("Date").fill("2030-03-26")
        page.get_by_label("Time").fill("19:00")
        page.get_by_role("button", name="Schedule the meeting").click()
        expect(page.get_by_text("must go out by March 12, 2030")).to_be_visible()
        page.get_by_role("link", name="Schedule a hearing").click()
        page.get_by_label("Application", exact=False).and_(page.locator("select")).select_option(
            value=str(application.pk)
        )
        page.get_by_label("§20-15(4)(a) Setback from the abutting property line").check()
        page.get_by_label("Vermin control plan (§20-19)").check()
        page.get_by_role("button", name="Put on the docket").click()
        expect(page.get_by_role("heading", name=f"Notices for {applicant}")).to_be_visible()

        # Letters and labels: each abutter once, 30 labels to a sheet.
        letters = pdf_pages(page, "Letters (PDF)")
        assert len(letters) == ABUTTERS
        text = "\n".join(letters)
        for n in range(1, ABUTTERS + 1):
            assert text.count(f"Abutter {n:03d}") == 1
            assert text.count(f"\n{n} Abutting Way\n") == 1
        assert all("§20-15(4)(a)" in letter and applicant in letter for letter in letters)
        labels = pdf_pages(page, "Labels, Avery 5160 (PDF)")
        per_sheet = [Counter(line.split()[0] for line in sheet.splitlines()) for sheet in labels]
        assert [sheet["Abutter"] for sheet in per_sheet] == [30, 2]

        # The clerk records the registered mailing, pasted from the post office's list.
        numbers = "\n".join(f"RE {n:03d} 456 789 US" for n in range(1, ABUTTERS + 1))
        page.get_by_label("Article numbers, one per line").fill(numbers)
        page.locator("#id_mailed_on").fill("2030-03-05")
        page.get_by_role("button", name=f"Record {ABUTTERS} mailings").click()
        expect(page.get_by_text(f"{ABUTTERS} mailings recorded.")).to_be_visible()

        # The legal notice: drafted from the docket, edited, sent, published.
        page.get_by_role("link", name="Legal notice of the meeting").click()
        page.get_by_role("button", name="Draft the legal notice").click()
        expect(page.get_by_text("The legal notice was drafted from the docket.")).to_be_visible()
        notice = page.get_by_label("Text")
        expect(notice).to_have_value(re.compile(re.escape(applicant)))
        notice.fill(notice.input_value() + "\nAdvertise: March 5, 2030.")
        page.get_by_role("button", name="Save the text").click()
        expect(page.get_by_text("The legal notice is saved.")).to_be_visible()
        page.get_by_label("Sent to the newspaper on").fill("2030-03-05")
        page.get_by_role("button", name="Mark as sent").click()
        # Sent after the paper's ad cut-off for the issue: the message says so (issue 34.7).
        expect(
            page.get_by_text(
                re.compile(r"Marked as sent to the newspaper on March 5, 2030, after its cut-off")
            )
        ).to_be_visible()
        page.get_by_label("Published on").fill("2030-03-05")
        page.get_by_role("button", name="Record the publication").click()
        expect(page.get_by_text("in time")).to_be_visible()
        # It counts once it is also on the newspaper's website and the statewide site (c.4 §13).
        for site, address in (
            ("website", "https://stonehamindependent.example/legals/2030-03-05"),
            ("statewide", "https://www.masspublicnotices.example/notice/2030-03-05"),
        ):
            page.locator(f"#id_{site}-posted_on").fill("2030-03-05")
            page.locator(f"#id_{site}-address").fill(address)
            page.locator(f"#id_{site}-address").locator("xpath=ancestor::form").get_by_role(
                "button", name="Record the posting"
            ).click()
        expect(page.locator("#appearance-verdict")).to_have_text(
            "All three recorded: the notice counts from March 5, 2030."
        )

        # The Town Clerk posts the meeting's notice in time (c.30A §20(b)).
        b.posted(application.docket_items.get().meeting, by=clerk)

        # The evening of the hearing: the Board member reads the docket and decides.
        traveller.move_to(moment("2030-03-26 20:30"))
        log_out(page)
        login(page, live_server, chair.username)
        record_attendance(
            page,
            live_server,
            application.docket_items.get().meeting,
            {chair: "in_person", member: "in_person"},
        )
        page.get_by_role("link", name="Docket").first.click()
        entry = page.locator(".docket-entry").first
        expect(entry.get_by_text("relief needed from §20-15(4)(a)")).to_be_visible()
        expect(entry.get_by_text("Notices given in time")).to_be_visible()
        expect(entry.get_by_text(f"{ABUTTERS} on the certified list")).to_be_visible()
        entry.get_by_role("link", name="Record the decision").click()
        page.get_by_label("Approved").check()
        page.get_by_label("Anne Whitcomb", exact=True).select_option("yes")
        page.get_by_label("Robert Nolan", exact=True).select_option("yes")
        page.get_by_label("Conditions", exact=True).fill("No roosters.")
        page.get_by_label("Vermin control plan (§20-19)").check()
        page.get_by_label("§20-15(4)(a) Setback from the abutting property line").check()
        page.get_by_label("Finding of manifest injustice").fill(
            "The lot is too narrow to move the coop farther from the line."
        )
        page.get_by_label("Conditions of the variance").fill("A solid 6-ft fence on the line.")
        page.get_by_label("Variance expires on").fill("2032-12-31")
        page.get_by_role("button", name="Record the decision").click()
        expect(page.get_by_text("Decision recorded: approved.")).to_be_visible()
        decision = " ".join(pdf_pages(page, "Written decision (PDF)"))
        assert "DECISION AND VARIANCE" in decision and "A solid 6-ft fence" in decision

        # The clerk issues the permit the decision made possible.
        log_out(page)
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/permits/applications/{application.pk}/")
        expect(page.get_by_text("Approved on March 26, 2030").first).to_be_visible()
        # The fee due now includes the notice of the hearing (§20-20(9), the applicant's
        # expense): the applicant pays the balance before the permit issues.
        balance = ABUTTERS * Town.objects.get(is_current=True).registered_mail_postage
        fees = page.locator("#fees")
        expect(fees).to_contain_text(f"${balance:,.2f} outstanding")
        fees.locator("#id_pay-amount").fill(f"{balance:.2f}")
        fees.locator("#id_pay-received_on").fill("2030-03-26")
        fees.locator("#id_pay-reference").fill("2044")
        fees.get_by_role("button", name="Record the payment").click()
        expect(page.get_by_text(f"Payment of ${balance:,.2f} recorded.")).to_be_visible()
        page.get_by_role("button", name="Issue the permit").click()
        expect(page.get_by_text(re.compile(r"Permit 2030-\d{4} issued"))).to_be_visible()
        permit = Permit.objects.get(application=application)
        assert (
            "Variance of §20-15(4)(a) (setback from the abutting property line) "
            "until December 31, 2032"
        ) in permit.variances_text
