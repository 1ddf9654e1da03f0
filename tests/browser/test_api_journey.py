"""Anyone reads the public records API in a browser (issue 25 point 4): the documentation page
lists each endpoint with its fields, its link opens the permits in force as JSON, the permit on
file is there with its verification page, and nothing private of its holder is."""

from __future__ import annotations

import json
from datetime import date, datetime

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import expect

from tests import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_visitor_reads_the_permits_in_force_from_the_documented_api(
    browser_page, live_server, clerk
):
    page = browser_page
    with time_machine.travel(timezone.make_aware(datetime(2027, 3, 2, 10)), tick=True):
        holder = factories.applicant(
            by=clerk, name="Ana Whitcomb", email="ana@example.org", phone="781-555-0142"
        )
        permit = factories.issued_permit(by=clerk, applicant=holder, on=date(2027, 1, 14))

        page.goto(f"{live_server.url}/api/")
        expect(page.get_by_role("heading", name="Public records API")).to_be_visible()
        permits = page.get_by_role("region", name="Permits in force")
        expect(permits.get_by_role("rowheader", name="verify_url")).to_be_visible()
        permits.get_by_role("link", name="/api/permits/").click()

        body = json.loads(page.locator("body").inner_text())
        assert body["count"] == 1
        (item,) = body["results"]
        assert item["number"] == permit.number
        assert item["issued_to"] == "Ana Whitcomb"
        assert item["expires_on"] == "2027-12-31"
        page.goto(item["verify_url"])
        expect(page.get_by_text(permit.number).first).to_be_visible()
        raw = json.dumps(body)
        assert "ana@example.org" not in raw and "555-0142" not in raw
