"""The compliance panel names each "notices due" day for what it is (issue 34.7): the office's
last business day to send them, and the regulation's last day where a closure moves it."""

from __future__ import annotations

from datetime import date

import pytest

from hearings.notice_timing import pending_schedule
from permits.facts_from_records import evaluate_application
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db

# Fourteen days before is July 4, 2030 (a legal holiday): the office sends them by July 3.
HEARING = date(2030, 7, 18)


def test_the_office_day_and_the_regulations_last_day_are_each_named(clerk):
    item = b.docketed(by=clerk, on=HEARING)
    schedule = pending_schedule(item.application)
    assert schedule["deadline"] == "Wednesday, July 3, 2030"
    assert schedule["legal_last_day"] == "Thursday, July 4, 2030"
    said = " ".join(f["message"] for f in evaluate_application(item.application)["findings"])
    assert "the regulation's last day to give it is 2030-07-04" in said


def test_the_application_page_says_which_day_is_which(clerk_client, clerk):
    item = b.docketed(by=clerk, on=HEARING)
    page = clerk_client.get(f"/permits/applications/{item.application_id}/").content.decode()
    assert (
        "Notices are due by Wednesday, July 3, 2030, the office&#x27;s last business day" in page
        or "Notices are due by Wednesday, July 3, 2030, the office's last business day" in page
    )
    assert "the regulation's last day, Thursday, July 4, 2030, falls when the office" in page
