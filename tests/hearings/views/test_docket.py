"""The docket, meeting and public hearing screens say what is so (issue 17, items 7 and 8)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from tests.hearings import builders as b
from tests.hearings.builders import at

pytestmark = pytest.mark.django_db


def test_the_docket_lists_every_later_meeting_with_its_time_and_items(clerk, client):
    first = b.meeting(by=clerk, on=b.HEARING)
    b.docketed(by=clerk, the_meeting=first)
    for weeks in range(1, 7):
        b.meeting(by=clerk, on=b.HEARING + timedelta(weeks=weeks))
    b.meeting(by=clerk, on=b.HEARING + timedelta(weeks=2), at=time(9, 30))
    with at(date(2030, 2, 1), client, clerk):
        page = client.get(reverse("hearings:docket")).content.decode()
    later = page.split('class="list-unstyled later-meetings"')[1].split("</ul>")[0]
    assert later.count("<li") == 7
    # Two meetings on one day read apart by their times.
    assert "Tuesday, April 9, 2030, 9:30 AM" in later
    assert "Tuesday, April 9, 2030, 7:00 PM" in later
    assert "0 items" in later


def test_the_hearing_form_offers_no_meeting_whose_legal_notice_has_gone(clerk, client):
    item = b.noticed(by=clerk)
    later = b.meeting(by=clerk, on=b.HEARING + timedelta(weeks=4))
    with at(b.DEADLINE, client, clerk):
        page = client.get(reverse("hearings:schedule")).content.decode()
    assert f'value="{later.pk}"' in page
    assert f'value="{item.meeting.pk}"' not in page


def test_a_meeting_whose_notices_all_went_in_time_raises_no_alarm(clerk, client):
    item = b.noticed(by=clerk)
    with at(b.HEARING - timedelta(days=3), client, clerk):
        page = client.get(reverse("hearings:meeting-detail", args=[item.meeting.pk])).content
    page = page.decode()
    assert "every notice went out in time" in page
    assert ", passed." not in page


def test_the_public_page_counts_decided_hearings_and_drops_a_meeting_held_earlier_today(
    clerk, client, board_member
):
    item = b.noticed(by=clerk)
    b.decide(item, by=board_member)
    with at(b.HEARING, client, clerk):
        # 10 a.m. on the day of the 7 p.m. meeting: still coming, its decided hearing counted.
        page = client.get(reverse("hearings:public-hearings")).content.decode()
    assert "· 1 hearing</p>" in page
    late = timezone.make_aware(datetime.combine(b.HEARING, time(21, 30)))
    with time_machine.travel(late, tick=False):
        page = client.get(reverse("hearings:public-hearings")).content.decode()
    assert "No public hearing is scheduled" in page
