"""The clerk's and the Board's second round (issue 26, points 22 to 27), each as the clerk meets
it in the browser at 1280 px; a screenshot of each screen goes to CLERK_SCREENS when set."""

from __future__ import annotations

import io
import os
from datetime import date, time, timedelta
from pathlib import Path
from urllib.parse import urljoin

import pytest
import time_machine
from django.core import mail
from playwright.sync_api import expect
from pypdf import PdfReader

from hearings import actions as hearing_actions
from stoneham_boh.town.models import Town
from tests import factories
from tests.browser.conftest import login
from tests.hearings import board_builders as rb
from tests.hearings import builders as b

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = os.environ.get("CLERK_SCREENS")


def shot(page, name: str, part=None) -> None:
    """The whole page, or the `part` of it (a locator) that the step is about."""
    if SCREENS:
        Path(SCREENS).mkdir(parents=True, exist_ok=True)
        path = str(Path(SCREENS) / f"{name}.png")
        if part is not None:
            part.screenshot(path=path)
        else:
            page.screenshot(path=path, full_page=True)


def pdf_text(page, link_name: str) -> str:
    """The text of the PDF a link on the page serves, fetched with the page's session."""
    href = page.get_by_role("link", name=link_name).get_attribute("href")
    response = page.request.get(urljoin(page.url, href), timeout=0)
    assert response.ok and response.headers["content-type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
    return text.replace("-\n", "-")  # a long address wrapped at its hyphen reads as one


# --- 22: the legal notice as a PDF, and e-mailed to the newspaper ---------------------------


def test_the_legal_notice_prints_and_goes_to_the_newspaper_by_email(
    browser_page, live_server, clerk, settings
):
    Town.objects.filter(is_current=True).update(
        newspaper_email="legals@stoneham-independent.example"
    )
    page = browser_page
    with time_machine.travel(factories.midday(b.DEADLINE - timedelta(days=10)), tick=False):
        item = b.docketed(by=clerk)
        hearing_actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    applicant = item.application.applicant.name
    with time_machine.travel(factories.midday(b.DEADLINE - timedelta(days=8)), tick=True):
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/hearings/meetings/{item.meeting.pk}/legal-notice/")
        # The draft prints as the newspaper will receive it, with the file's record under it.
        draft = pdf_text(page, "Print the draft (PDF)")
        assert applicant in draft
        assert "Not yet sent (a draft)" in draft
        shot(page, "22-legal-notice-draft-1280")

        page.get_by_role("button", name="E-mail it to Stoneham Independent").click()
        expect(
            page.get_by_text(
                "E-mailed to Stoneham Independent (legals@stoneham-independent.example)"
            )
        ).to_be_visible()
        expect(page.locator("#sent-how")).to_contain_text(
            "E-mailed to legals@stoneham-independent.example on March 4, 2030"
        )
        message = mail.outbox[-1]
        assert message.to == ["legals@stoneham-independent.example"]
        assert applicant in message.body
        ((name, content, kind),) = message.attachments
        assert kind == "application/pdf" and name == "legal-notice-2030-03-26.pdf"
        assert applicant in PdfReader(io.BytesIO(content)).pages[0].extract_text()
        sent = pdf_text(page, "Print the notice for the file (PDF)")
        assert "March 4, 2030, by e-mail to legals@stoneham-independent.example" in sent
        shot(page, "22-legal-notice-sent-1280")

        # The hearing's own notices page keeps the day and the address.
        page.goto(f"{live_server.url}/hearings/items/{item.pk}/")
        expect(page.get_by_text("by e-mail to legals@stoneham-independent.example")).to_be_visible()


# --- 23: payments asked about, corrected, and turned over to the Treasurer -------------------


def test_a_payment_unlike_the_fee_is_asked_about_corrected_and_on_the_treasurers_sheet(
    browser_page, live_server, clerk
):
    page = browser_page
    today = date(2027, 1, 12)
    with time_machine.travel(factories.midday(today), tick=False):
        application = factories.hen_renewal(by=clerk, received_on=today, paid=False)
    with time_machine.travel(factories.midday(today), tick=True):
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/permits/applications/{application.pk}/#fees")
        fees = page.locator("#fees")
        # Ten times the fee, dated ten days ahead: each field asks, nothing typed is lost.
        fees.locator("#id_pay-amount").fill("400.00")
        fees.locator("#id_pay-received_on").fill("2027-01-22")
        fees.locator("#id_pay-reference").fill("1021")
        fees.get_by_role("button", name="Record the payment").click()
        # Each question at its field (the error summary at the top repeats it as a link there).
        expect(fees.locator("#error_1_id_pay-amount")).to_contain_text(
            "$40.00 is outstanding, not $400.00."
        )
        expect(fees.locator("#error_1_id_pay-received_on")).to_contain_text(
            "January 22, 2027 is after today."
        )
        expect(page.locator("#id_pay-amount")).to_have_value("400.00")
        expect(page.locator("#id_pay-reference")).to_have_value("1021")
        shot(page, "23-payment-questions-1280", page.locator("#fees"))
        # The clerk meant $400 (as the check reads), dated today after all.
        page.get_by_label("Yes, $400.00 was paid").check()
        page.locator("#id_pay-received_on").fill("2027-01-12")
        page.locator("#fees").get_by_role("button", name="Record the payment").click()
        expect(page.get_by_text("Payment of $400.00 recorded.")).to_be_visible()

        # The check was for $40: correct the payment, with the reason.
        payment = application.payments.get()
        row = page.locator(f"#payment-{payment.pk}")
        row.get_by_text("Void or correct this payment").click()
        row.locator(f"#id_fix{payment.pk}-amount").fill("40.00")
        row.locator(f"#id_fix{payment.pk}-reason").fill("typed $400 for the $40 check")
        row.get_by_role("button", name="Record the correction").click()
        expect(
            page.get_by_text("$400.00 is void; $40.00 is recorded in its place.")
        ).to_be_visible()
        expect(page.locator(f"#payment-{payment.pk}")).to_contain_text(
            "Corrected: typed $400 for the $40 check"
        )
        expect(page.locator("#payments")).to_contain_text("Corrects the $400.00 recorded")
        expect(page.locator("#fees")).to_contain_text("paid in full")
        shot(page, "23-payment-corrected-1280", page.locator("#fees"))

        # The day's sheet for the Treasurer: the void one struck through, $40 to turn over.
        page.get_by_role("link", name="Today's payments for the Treasurer").click()
        sheet = page.locator("#payments-of-the-day")
        expect(sheet.get_by_role("row", name="Total to turn over $40.00")).to_be_visible()
        expect(sheet).to_contain_text("void")
        printed = pdf_text(page, "Print the sheet for the Treasurer (PDF)")
        assert "Total to turn over $40.00" in printed
        href = page.get_by_role("link", name="Download CSV").get_attribute("href")
        csv = page.request.get(urljoin(page.url, href)).body().decode("utf-8")
        assert csv.startswith("\ufeffReceived on,")
        assert csv.count("\r\n") == 3  # the header, the void payment and its correction
        shot(page, "23-payments-of-the-day-1280")


# --- 27: revocation -------------------------------------------------------------------------


def test_bringing_a_permit_before_the_board_says_why_no_meeting_and_states_the_violation(
    browser_page, live_server, clerk, agent
):
    page = browser_page
    with time_machine.travel(factories.midday(rb.OPENED), tick=False):
        permit = factories.issued_permit(by=clerk)
        # An evening visit: 8:30 p.m. in Stoneham is already the next day in UTC.
        finding = rb.violation(permit, agent=agent, clerk=clerk, at=time(20, 30))
    with time_machine.travel(factories.midday(rb.OPENED), tick=True):
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/hearings/permits/{permit.pk}/revocation/")
        # No meeting ahead: the page says so and where to schedule one.
        expect(page.locator("#no-meeting")).to_contain_text(
            "No meeting of the Board is scheduled ahead"
        )
        expect(
            page.locator("#no-meeting").get_by_role("link", name="Schedule a meeting")
        ).to_be_visible()
        shot(page, "27-revocation-no-meeting-1280")

        rb.hearing(by=clerk)
        page.reload()
        expect(page.locator("#no-meeting")).to_have_count(0)
        # The inspection is listed on the day it was made, not the UTC day after.
        expect(page.get_by_label(finding.question, exact=False)).to_be_visible()
        expect(page.get_by_text("(inspection of May 20, 2027)")).to_be_visible()
        # A refusal is printed once with the form, and listed once in the error summary that
        # leads every page sent back (no third copy as a flash message).
        page.get_by_label("Grounds").fill("Rat burrows under the coop, not abated.")
        page.get_by_role("button", name="Put the revocation on the docket").click()
        refusal = "Cite the violations behind the proceeding: an inspection finding"
        expect(page.get_by_text(refusal)).to_have_count(2)
        expect(page.locator("[data-error-summary]").get_by_text(refusal)).to_have_count(1)
        expect(page.locator("form.section-card").get_by_text(refusal)).to_have_count(1)
        shot(page, "27-revocation-refused-1280")

        page.get_by_label(finding.question, exact=False).check()
        page.get_by_role("button", name="Put the revocation on the docket").click()
        expect(page.get_by_text("Not mailed")).to_be_visible()
        notice = pdf_text(page, "Notice of hearing (PDF)")
        # The holder reads what was found, on the day it was found; not the agent's question.
        assert "On May 20, 2027 the Board's agent inspected the property and found a violation" in (
            " ".join(notice.split())
        )
        assert finding.question not in notice
        assert "Rat burrows by the coop." in notice


def test_a_meeting_set_on_christmas_day_is_asked_about_before_it_is_set(
    browser_page, live_server, clerk
):
    page = browser_page
    with time_machine.travel(factories.midday(date(2026, 11, 2)), tick=True):
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/hearings/meetings/new/")
        page.get_by_label("Date").fill("2026-12-25")
        page.get_by_label("Notes").fill("Annual review of the fee schedule.")
        page.get_by_role("button", name="Schedule the meeting").click()
        expect(page.locator("#error_1_id_date")).to_contain_text(
            "Friday, December 25, 2026 is Christmas Day"
        )
        expect(page.get_by_label("Notes")).to_have_value("Annual review of the fee schedule.")
        shot(page, "27-meeting-on-christmas-1280")
        from hearings.models import Meeting

        assert not Meeting.objects.exists()
        page.get_by_label("Date").fill("2026-12-22")
        page.get_by_role("button", name="Schedule the meeting").click()
        expect(page.get_by_text("Meeting scheduled.")).to_be_visible()


# --- 25: finding things, and the administrator's backups -----------------------------------


def test_the_administrator_sees_when_the_last_backup_ran(
    browser_page, live_server, admin_user, settings, tmp_path
):
    from django.core.management import call_command

    settings.VAR_DIR = tmp_path / "var"
    page = browser_page
    with time_machine.travel(factories.midday(date(2026, 11, 30)), tick=True) as traveller:
        login(page, live_server, admin_user.username)
        backups = page.get_by_role("region", name="Backups")
        expect(backups).to_contain_text("No backup has been recorded on this server.")
        expect(backups).to_contain_text("manage.py backup_data")
        call_command("backup_data", str(tmp_path / "boh-2026-11-30.tar.gz"), stdout=io.StringIO())
        page.reload()
        expect(backups.locator("#last-backup")).to_contain_text(
            "Last backup: Monday, November 30, 2026, 12:00 PM recent"
        )
        expect(backups).to_contain_text("boh-2026-11-30.tar.gz")
        # Two days later, it says the backup is old.
        traveller.move_to(factories.midday(date(2026, 12, 2)))
        page.context.clear_cookies()
        login(page, live_server, admin_user.username)
        expect(backups).to_contain_text("older than 26 hours")
        shot(page, "25-backup-status-1280", backups)


def test_a_name_typed_last_name_first_is_found_from_the_menu_of_any_page(
    browser_page, live_server, clerk
):
    page = browser_page
    applicant = factories.applicant(by=clerk, name="José Núñez")
    permit = factories.issued_permit(by=clerk, applicant=applicant)
    login(page, live_server, clerk.username)
    page.goto(f"{live_server.url}/inspections/census/")
    search = page.get_by_role("searchbox", name="Search the records")
    search.fill("Núñez, José")
    search.press("Enter")
    expect(page.get_by_role("heading", name="Applicants")).to_be_visible()
    expect(page.get_by_role("link", name="José Núñez")).to_be_visible()
    expect(page.get_by_role("link", name=f"Permit {permit.number}")).to_be_visible()
    shot(page, "25-search-1280")
    # A permit number and a parcel id find the permit too, from the search page's own box.
    box = page.get_by_label("A name, an address, a parcel id or a permit number")
    for text in (permit.number, permit.lot.parcel_id):
        box.fill(text)
        box.press("Enter")
        expect(page.get_by_role("link", name=f"Permit {permit.number}")).to_be_visible()
    box.fill("Zebulon Quarry")
    box.press("Enter")
    expect(page.get_by_text("Nothing on file matches “Zebulon Quarry”.")).to_be_visible()


def test_the_days_changes_across_records_by_user(browser_page, live_server, clerk):
    from decimal import Decimal

    from permits import actions as permit_actions
    from stoneham_boh.accounts.roles import Role
    from tests.conftest import make_user

    other = make_user("clerk2", Role.CLERK, first_name="Dana", last_name="Reilly")
    page = browser_page
    today = date(2027, 1, 12)
    with time_machine.travel(factories.midday(today), tick=False):
        application = factories.hen_renewal(by=clerk, received_on=today, paid=False)
        payment = permit_actions.record_payment(
            application=application,
            amount=Decimal("400"),
            received_on=today,
            method="check",
            by=other,
        )
        permit_actions.void_payment(payment=payment, reason="typed $400 for $40", by=other)
    with time_machine.travel(factories.midday(today), tick=True):
        login(page, live_server, clerk.username)
        page.get_by_role("button", name=f"Account of {clerk}").click()
        page.get_by_role("link", name="The day's changes to the records").click()
        expect(page.get_by_role("heading", name="Dana Reilly")).to_be_visible()
        expect(page.get_by_role("heading", name="Clerk1")).to_be_visible()
        dana = page.get_by_role("region", name="Dana Reilly")
        expect(dana).to_contain_text("Recorded payment of $400.00")
        expect(dana).to_contain_text("Voided: no → yes")
        shot(page, "25-day-changes-1280")
        page.get_by_label("User").select_option(label="Dana Reilly")
        page.get_by_role("button", name="Show").click()
        expect(page.get_by_role("heading", name="Clerk1")).to_have_count(0)
        expect(page.get_by_role("heading", name="Dana Reilly")).to_be_visible()


# --- 24: a permit issued on December 31 -----------------------------------------------------


def test_issuing_on_december_31_says_the_permit_is_valid_for_that_day_only(
    browser_page, live_server, clerk
):
    page = browser_page
    new_years_eve = date(2027, 12, 31)
    with time_machine.travel(factories.midday(new_years_eve), tick=False):
        application = factories.hen_renewal(by=clerk, received_on=new_years_eve, paid=True)
    with time_machine.travel(factories.midday(new_years_eve), tick=True):
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/permits/applications/{application.pk}/")
        warning = page.locator("#valid-today-only")
        expect(warning).to_contain_text(
            "valid for today only: it expires tonight, December 31, 2027"
        )
        expect(warning).to_contain_text("issue it tomorrow, January 1, 2028")
        shot(page, "24-december-31-1280", page.locator("#valid-today-only").locator(".."))
    with time_machine.travel(factories.midday(date(2027, 12, 30)), tick=True):
        page.reload()
        expect(page.locator("#valid-today-only")).to_have_count(0)


def test_the_renewals_page_exports_the_holders_mailing_addresses_for_a_mail_merge(
    browser_page, live_server, clerk
):
    page = browser_page
    holder = factories.applicant(
        by=clerk, name="José Núñez", mailing_street="14 Pond Street", mailing_zip="02180"
    )
    with time_machine.travel(factories.midday(date(2027, 1, 14)), tick=False):
        permit = factories.issued_permit(by=clerk, applicant=holder)
    with time_machine.travel(factories.midday(date(2027, 11, 2)), tick=True):
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/permits/renewals/")
        link = page.get_by_role("link", name="Download the holders' mailing addresses")
        response = page.request.get(urljoin(page.url, link.get_attribute("href")))
        text = response.body().decode("utf-8")
        assert text.startswith("\ufeffPermit,Holder,Contact person,Mailing street,City,State,ZIP")
        assert f"{permit.number},José Núñez,,14 Pond Street,Stoneham,MA,02180" in text


def test_the_permit_list_sorts_by_a_column_header_both_ways(browser_page, live_server, clerk):
    page = browser_page
    for name in ("Carla Brennan", "Aaron Ames", "Bea Quinlan"):
        factories.issued_permit(by=clerk, applicant=factories.applicant(by=clerk, name=name))
    login(page, live_server, clerk.username)
    page.goto(f"{live_server.url}/permits/")
    holders = page.locator("td[data-label='Holder']")
    header = page.locator("th", has_text="Holder")
    header.get_by_role("link").click()
    expect(header).to_have_attribute("aria-sort", "ascending")
    expect(holders).to_have_text(["Aaron Ames", "Bea Quinlan", "Carla Brennan"])
    expect(header.get_by_role("link")).to_contain_text("sort by it in reverse")
    header.get_by_role("link").click()
    expect(holders).to_have_text(["Carla Brennan", "Bea Quinlan", "Aaron Ames"])
    expect(header).to_have_attribute("aria-sort", "descending")
    shot(page, "25-sorted-permits-1280")
    # The CSV of the list follows the same order.
    href = page.get_by_role("link", name="Download CSV").get_attribute("href")
    csv = page.request.get(urljoin(page.url, href)).body().decode("utf-8-sig")
    assert [line.split(",")[1] for line in csv.splitlines()[1:]] == [
        "Carla Brennan",
        "Bea Quinlan",
        "Aaron Ames",
    ]
