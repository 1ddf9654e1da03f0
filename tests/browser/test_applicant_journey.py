"""An applicant follows the invitation e-mail to their pages and downloads their permit."""

from __future__ import annotations

import io
import re
from datetime import date

import pytest
from django.core import mail
from playwright.sync_api import expect
from pypdf import PdfReader

from permits.portal import actions
from tests import factories

PASSWORD = "Granite-Quarry-Road-19"


@pytest.mark.django_db(transaction=True)
def test_an_applicant_goes_from_the_invitation_email_to_the_downloaded_permit(
    browser_page, live_server, clerk
):
    joan = factories.applicant(name="Joan Fitzgerald", email="joan@example.org")
    permit = factories.issued_permit(
        by=clerk,
        applicant=joan,
        on=date(2027, 1, 14),
        lot=factories.lot(street_address="9 Collincote Street"),
    )
    actions.invite_applicant(applicant=joan, by=clerk)

    # Joan was also told of her permit when it was issued; the invitation is the last e-mail.
    [message] = [m for m in mail.outbox if "/invitation/" in m.body]
    assert message.to == ["joan@example.org"]
    link = re.search(r"https?://\S+/invitation/\S+/", message.body).group(0)
    page = browser_page
    page.goto(live_server.url + re.sub(r"^https?://[^/]+", "", link))
    expect(page.get_by_role("heading", name="Choose your password")).to_be_visible()
    expect(page.get_by_text("joan@example.org").first).to_be_visible()
    page.get_by_label("New password").first.fill(PASSWORD)
    page.get_by_label("New password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Set my password").click()

    page.wait_for_url(f"{live_server.url}/my/")
    expect(page.get_by_role("heading", name="Your applications and permits")).to_be_visible()
    expect(page.get_by_text("9 Collincote Street").first).to_be_visible()

    page.get_by_role("link", name=re.compile("Renewal application · 9 Collincote Street")).click()
    expect(page.get_by_text(f"Permit {permit.number} issued")).to_be_visible()

    with page.expect_download() as download_info:
        page.get_by_role("link", name=f"Download permit {permit.number} (PDF)").click()
    download = download_info.value
    assert download.suggested_filename == f"permit-{permit.number}.pdf"
    with open(download.path(), "rb") as pdf:
        text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.read())).pages)
    assert permit.number in text
    assert "Joan Fitzgerald" in text

    # The link was used: following it again says so.
    page.goto(live_server.url + re.sub(r"^https?://[^/]+", "", link))
    expect(page.get_by_text("already been used")).to_be_visible()
