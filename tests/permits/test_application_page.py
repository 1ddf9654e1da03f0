"""The application page, composed in its view (permits.application_page): its parts are read
there and the templates only format them; one screen names each "notices due" day for what it
is (docs/adr/0009)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from permits.application_page import application_context, load_application
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db

# Fourteen days before is Monday, September 2, 2030, Labor Day (the was September 6,
# 2027, which the tests' clock has passed): the office mails by Friday, August 30.
HEARING = date(2030, 9, 16)


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())


def test_the_hearing_card_names_the_regulations_day_and_the_offices_day(clerk_client, clerk):
    item = b.docketed(by=clerk, on=HEARING)
    page = _text(clerk_client.get(f"/permits/applications/{item.application_id}/").content.decode())
    assert (
        "The regulation's last day to give notice ( §20-20(9) , 14 days before the hearing): "
        "Monday, September 2, 2030" in page
    )
    assert (
        "the office's day to mail them by, its last working day before it: "
        "Friday, August 30, 2030" in page
    )
    # The panel says the same days, each with the same name.
    assert "Notices are due by Friday, August 30, 2030, the office's last business day" in page
    assert "the regulation's last day, Monday, September 2, 2030, falls when the office" in page


def test_the_page_reads_its_hearings_and_plan_in_the_view(clerk):
    item = b.docketed(by=clerk, on=HEARING)
    context = application_context(load_application(item.application_id))
    (row,) = context["hearing"].rows
    assert (row.legal_last_day, row.office_day) == (date(2030, 9, 2), date(2030, 8, 30))
    assert context["panel"]["hearing"]["deadline"] == "Friday, August 30, 2030"
    assert "plan_drawing" in context


def test_the_meeting_header_calls_the_offices_day_due_never_the_regulations_last_day(
    clerk_client, clerk
):
    # docs/adr/0009: the docket and the meeting page plan by the office's day; the regulation's
    # name (§20-20(9)'s last day) never labels it.
    item = b.docketed(by=clerk, on=HEARING)
    for url in (f"/hearings/meetings/{item.meeting_id}/", "/hearings/docket/"):
        page = _text(clerk_client.get(url).content.decode())
        assert "Notices due by (the office's day to mail them" in page, url
        assert "Friday, August 30, 2030" in page, url
        assert "Last day to give notice" not in page, url
