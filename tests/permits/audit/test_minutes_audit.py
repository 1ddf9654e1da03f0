"""The audit states c.30A §22 (issue 37, the law's clocks in the audit): the minutes of every
meeting held are approved within the next three meetings or 30 days, whichever is later
(940 CMR 29.11), counting meetings held. Vectors worked by hand from the regulation."""

from __future__ import annotations

from datetime import date, time

import pytest

from hearings.models import Meeting, Minutes
from permits.audit import audit_register

pytestmark = pytest.mark.django_db


def _meetings(*days: date) -> list[Meeting]:
    return [Meeting.objects.create(date=day, time=time(19), place="Town Hall") for day in days]


def _approved(meeting: Meeting, at: Meeting) -> None:
    # The approval as a record; its vote is the votes family's to judge (test_votes_audit.py).
    Minutes.objects.create(
        meeting=meeting, drafted_on=meeting.date, approved_at=at, approved_on=at.date
    )


def _late(today: date) -> list[str]:
    return [
        f"{a.record}: {a.sentence}"
        for a in audit_register(today=today).anomalies
        if a.family == "law" and a.record.kind == "meeting"
    ]


def test_weekly_meetings_make_the_minutes_due_on_the_thirtieth_day():
    # Tuesday January 7, 2031; three Tuesdays after it held by the 28th; the 30th day is
    # February 6, later than the third meeting, so that is the day they were due.
    first, *_ = _meetings(date(2031, 1, 7), date(2031, 1, 14), date(2031, 1, 21), date(2031, 1, 28))
    assert _late(date(2031, 2, 6)) == []
    assert _late(date(2031, 2, 7)) == [
        "The meeting of January 7, 2031: Its minutes are not even drafted: they were due for "
        "approval by February 6, 2031 (the later of 30 days and the third meeting held after it)."
    ]
    Minutes.objects.create(meeting=first, drafted_on=date(2031, 1, 9))
    assert "drafted, not approved" in _late(date(2031, 2, 7))[0]


def test_a_board_that_meets_monthly_is_not_flagged_every_month():
    # Two later meetings held by April 1: whatever the days, the third is still to come.
    _meetings(date(2031, 1, 7), date(2031, 2, 4), date(2031, 3, 4), date(2031, 4, 1))
    assert _late(date(2031, 3, 31)) == []
    # The third later meeting, April 1, held: due that day (later than February 6).
    assert _late(date(2031, 4, 2))[0].startswith(
        "The meeting of January 7, 2031: Its minutes are not even drafted: they were due for "
        "approval by April 1, 2031"
    )


def test_minutes_approved_at_the_third_later_meeting_are_in_time_and_at_the_fourth_late():
    first, _feb, _mar, april, may = _meetings(
        date(2031, 1, 7), date(2031, 2, 4), date(2031, 3, 4), date(2031, 4, 1), date(2031, 5, 6)
    )
    _approved(first, at=april)
    assert [line for line in _late(date(2031, 6, 1)) if "January 7" in line] == []
    Minutes.objects.filter(meeting=first).update(approved_at=may, approved_on=may.date)
    assert [line for line in _late(date(2031, 6, 1)) if "January 7" in line] == [
        "The meeting of January 7, 2031: Its minutes were approved on May 6, 2031, after they "
        "were due (April 1, 2031: the later of 30 days and the third meeting held after it)."
    ]


def test_a_cancelled_meeting_neither_needs_minutes_nor_counts_as_held():
    first, cancelled, *_ = _meetings(
        date(2031, 1, 7), date(2031, 1, 14), date(2031, 1, 21), date(2031, 1, 28)
    )
    Meeting.objects.filter(pk=cancelled.pk).update(cancelled=True)
    # Two later meetings held, not three: nothing is due yet, and the cancelled one owes none.
    assert _late(date(2031, 3, 1)) == []


def test_the_register_checked_page_lists_late_minutes_with_a_link_to_the_meeting(
    client, board_member
):
    first, *_ = _meetings(date(2031, 1, 7), date(2031, 1, 14), date(2031, 1, 21), date(2031, 1, 28))
    import time_machine

    with time_machine.travel(date(2031, 3, 2)):
        client.force_login(board_member)
        client.post("/permits/register/checked/")
        page = " ".join(client.get("/permits/register/checked/").content.decode().split())
    assert "The law&#x27;s clocks (1)" in page
    assert f'href="/hearings/meetings/{first.pk}/"' in page
    assert "Its minutes are not even drafted" in page
