"""Every clock of the hearings counts on the Massachusetts calendar and says which rule it
applied: the last day to give notice moves earlier off a weekend, a holiday or a town closure;
a meeting set on a holiday is warned of; a revocation hearing gives its holder the minimum
notice."""

from __future__ import annotations

import re
from datetime import date, datetime, time

import pytest
from django.test import override_settings
from django.urls import reverse

from hearings import actions, clocks
from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from stoneham_boh.town.current import current_town
from stoneham_boh.town.models import NewspaperHolidayIssue, TownClosure
from tests.conftest import make_user
from tests.hearings import board_builders as rb
from tests.hearings import builders as b
from tests.hearings.builders import at, refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(db):
    return [make_user(f"member{n}", Role.BOARD) for n in range(3)]


def _meeting(clerk, on: date):
    return actions.schedule_meeting(
        on=on, at=time(19), place="Town Hall", by=clerk, today=date(2026, 10, 1)
    )


def test_the_last_day_to_give_notice_moves_earlier_off_a_sunday_and_says_why(clerk):
    meeting = _meeting(clerk, date(2026, 12, 6))  # 14 days before is Sunday, November 22
    assert meeting.notice_counts_until == date(2026, 11, 22)
    assert meeting.last_notice_day == date(2026, 11, 20)
    assert "Sunday, November 22, 2026 is a Sunday" in meeting.notice_clock.rule


def test_a_town_closure_moves_the_last_day_to_give_notice_earlier(clerk):
    meeting = _meeting(clerk, date(2026, 12, 15))
    assert meeting.last_notice_day == date(2026, 12, 1)
    TownClosure.objects.create(date=date(2026, 12, 1), reason="Snow emergency")
    assert meeting.last_notice_day == date(2026, 11, 30)
    assert "a town closure (Snow emergency)" in meeting.notice_clock.rule


def test_the_meeting_page_shows_the_rule_its_notice_day_was_counted_by(clerk, client):
    meeting = _meeting(clerk, date(2026, 12, 6))
    with at(date(2026, 11, 1), client, clerk):
        page = client.get(reverse("hearings:meeting-detail", args=[meeting.pk])).content.decode()
    assert "Friday, November 20, 2026" in page
    assert "never moves later" in page


def test_a_meeting_set_on_christmas_day_is_warned_of(clerk, client):
    with at(date(2026, 11, 2), client, clerk):
        response = client.post(
            reverse("hearings:meeting-create"),
            {"date": "2026-12-25", "time": "19:00", "place": "Town Hall", "notes": ""},
            follow=True,
        )
    page = response.content.decode()
    assert "Friday, December 25, 2026 is Christmas Day, a legal holiday" in page


def test_a_meeting_on_a_weekday_gets_no_such_warning(clerk, client):
    with at(date(2026, 11, 2), client, clerk):
        response = client.post(
            reverse("hearings:meeting-create"),
            {"date": "2026-12-15", "time": "19:00", "place": "Town Hall", "notes": ""},
            follow=True,
        )
    assert "a legal holiday" not in response.content.decode()
    assert "offices are closed" not in response.content.decode()


def test_a_revocation_noticed_one_day_ahead_cannot_revoke(clerk, agent, board):
    proceeding = rb.proceeding(clerk=clerk, agent=agent, notified=False)
    actions.record_holder_notice(
        proceeding=proceeding, mailed_on=date(2027, 6, 21), by=clerk, today=date(2027, 6, 21)
    )
    message = refused(
        lambda: b.decide(
            proceeding.docket_item,
            by=board[0],
            result="revoked",
            votes=dict.fromkeys(board, "yes"),
            removal_by=rb.REMOVE_BY,
        )
    )
    assert "1 days before the hearing" in message and "at least 10 days" in message
    assert Permit.objects.get(pk=proceeding.permit.pk).status == Permit.Status.ACTIVE


@override_settings(REVOCATION_NOTICE_DAYS=21)
def test_the_holders_minimum_notice_is_a_setting(clerk, agent, board):
    proceeding = rb.proceeding(clerk=clerk, agent=agent)  # mailed June 5 for June 22: 17 days
    assert "at least 21 days" in refused(
        lambda: b.decide(
            proceeding.docket_item,
            by=board[0],
            result="revoked",
            votes=dict.fromkeys(board, "yes"),
            removal_by=rb.REMOVE_BY,
        )
    )


def test_the_revocation_page_says_by_when_to_mail_the_holder(clerk, agent, client):
    proceeding = rb.proceeding(clerk=clerk, agent=agent, notified=False)
    with at(rb.OPENED, client, clerk):
        page = client.get(
            reverse("hearings:revocation-detail", args=[proceeding.pk])
        ).content.decode()
    # June 22, 2027 less 10 days is Saturday, June 12: the business day before
    assert "Mail it by <strong>Friday, June 11, 2027</strong>" in page


def test_the_legal_notice_page_names_the_weekly_issue_and_the_copy_deadline(clerk, client):
    meeting = _meeting(clerk, date(2026, 12, 15))  # 14 days before: Tuesday, December 1
    with at(date(2026, 11, 2), client, clerk):
        page = client.get(reverse("hearings:legal-notice", args=[meeting.pk])).content.decode()
    # The Thursday paper on or before December 1 is November 26, Thanksgiving Day: with no
    # holiday schedule saying it prints, the page says so and offers the issue before it.
    assert "November 26, 2026 is Thanksgiving Day" in page
    assert "Thursday, November 19, 2026" in page
    # its copy 6 days before: Friday, November 13
    assert "Friday, November 13, 2026" in page
    # The paper announces it prints on Thanksgiving as usual: that issue, its copy by the 20th.
    NewspaperHolidayIssue.objects.create(
        town=current_town(), usual_on=date(2026, 11, 26), prints_on=date(2026, 11, 26)
    )
    with at(date(2026, 11, 2), client, clerk):
        page = client.get(reverse("hearings:legal-notice", args=[meeting.pk])).content.decode()
    assert "Thursday, November 26, 2026" in page and "Friday, November 20, 2026" in page


def test_a_meeting_on_christmas_day_is_set_only_once_the_clerk_ticks_that_the_board_meets(
    clerk, client
):
    from hearings.models import Meeting

    post = {"date": "2026-12-25", "time": "19:00", "place": "Town Hall", "notes": ""}
    with at(date(2026, 11, 2), client, clerk):
        asked = client.post(reverse("hearings:meeting-create"), post)
        assert asked.status_code == 400 and not Meeting.objects.exists()
        client.post(reverse("hearings:meeting-create"), {**post, "confirm_date": "on"})
    assert Meeting.objects.get().date == date(2026, 12, 25)


# --- the newspaper's holiday issue -------------------------------------------------------------
# The Stoneham paper prints on Thursdays; Thanksgiving 2026 is Thursday, November 26. Counted by
# hand: a hearing on Friday, December 11 needs publication by Friday, November 27 (14 days, that
# day excluded), and the Thursday on or before it is Thanksgiving Day.


def test_an_issue_on_a_legal_holiday_is_passed_over_for_the_one_before():
    clock = clocks.newspaper_notice_deadline(date(2026, 12, 11))
    assert clock.when == date(2026, 11, 19)
    assert "Thursday, November 26, 2026 is Thanksgiving Day" in clock.rule
    assert "the issue of Thursday, November 19, 2026" in clock.rule


def test_the_papers_holiday_schedule_moves_the_issue():
    town = current_town()
    entry = NewspaperHolidayIssue.objects.create(
        town=town, usual_on=date(2026, 11, 26), prints_on=date(2026, 11, 25)
    )
    clock = clocks.newspaper_notice_deadline(date(2026, 12, 11))
    assert clock.when == date(2026, 11, 25)
    assert "prints on Wednesday, November 25, 2026" in clock.rule
    # Printed the Friday after instead: still in time for a hearing on December 11 ...
    entry.prints_on = date(2026, 11, 27)
    entry.save()
    assert clocks.newspaper_notice_deadline(date(2026, 12, 11)).when == date(2026, 11, 27)
    # ... but not for one on Thursday, December 10 (published by November 26).
    assert clocks.newspaper_notice_deadline(date(2026, 12, 10)).when == date(2026, 11, 19)


def test_an_issue_the_paper_skips_is_passed_over_even_on_an_ordinary_day():
    NewspaperHolidayIssue.objects.create(
        town=current_town(), usual_on=date(2026, 12, 31), prints_on=None, note="Year's end"
    )
    # A hearing on Friday, January 15, 2027: published by Friday, January 1 (a holiday is no
    # matter for the reader); the Thursday before is December 31, which the paper skips.
    clock = clocks.newspaper_notice_deadline(date(2027, 1, 15))
    assert clock.when == date(2026, 12, 24)
    assert "no issue on Thursday, December 31, 2026" in clock.rule


def test_the_filing_deadlines_sentence_says_its_moments_in_words():
    rule = clocks.clerk_filing_deadline(datetime(2030, 3, 26, 19, 0)).rule
    # No ISO date, and no 24-hour clock ("19:00"); "12:00 p.m." is the town's way of writing it.
    assert not re.search(r"\d{4}-\d\d-\d\d|\d\d:\d\d(?! [ap]\.m\.)", rule), rule
    assert "p.m." in rule or "a.m." in rule
