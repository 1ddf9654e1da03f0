"""One way of writing a day: "July 5, 2027", in Python's text and in templates alike."""

from __future__ import annotations

from datetime import date

import pytest
from django.template import Context, Template
from django.urls import reverse

from stoneham_boh.lib.dates import long_date, weekday_date
from tests.hearings import builders as b

FIFTH = date(2027, 7, 5)


def test_a_day_is_written_without_a_leading_zero():
    assert long_date(FIFTH) == "July 5, 2027"
    assert weekday_date(FIFTH) == "Monday, July 5, 2027"


def test_a_template_date_with_no_format_is_written_the_same_way():
    assert Template("{{ day|date }}").render(Context({"day": FIFTH})) == "July 5, 2027"


@pytest.mark.django_db
def test_the_hearing_items_history_names_its_meeting_day_without_a_leading_zero(client, clerk):
    item = b.docketed(by=clerk, the_meeting=b.meeting(by=clerk, on=date(2030, 3, 5)))
    client.force_login(clerk)
    page = client.get(reverse("hearings:item-history", args=[item.pk])).content.decode()
    assert "meeting of March 5, 2030" in page  # was "March 05, 2030"
