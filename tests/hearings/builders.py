"""Hearing records built through the actions, as the clerk and the Board would build them."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import date, datetime, time, timedelta
from io import BytesIO

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from pypdf import PdfReader

from facilities import actions as facility_actions
from hearings import actions, notice_postings, notice_timing
from hearings.actions.decisions import Ruling
from hearings.models import BoardMember, Decision, DocketItem, Meeting
from permits.models import Application
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import recorded_at
from tests import factories
from tests.hearings import roll_call

HEARING = date(2030, 3, 26)  # a Tuesday
DEADLINE = HEARING - timedelta(days=14)


def new_hen_application(*, by, received_on=date(2030, 2, 1), setback_ft="60", **fields):
    """A complete, paid new application for six hens; the coop `setback_ft` from the line."""
    return factories.new_hen_application(
        by=by, received_on=received_on, paid=True, setback_ft=setback_ft, **fields
    )


def abutter_rows(count: int, prefix: str = "Owner") -> list[dict]:
    return [
        {
            "owner_names": f"{prefix} {n:03d}",
            "mailing_street": f"{n} Abutting Way",
            "mailing_city": "Melrose" if n % 5 == 0 else "Stoneham",
            "mailing_zip": "02176" if n % 5 == 0 else "02180",
        }
        for n in range(1, count + 1)
    ]


def certify_abutters(application, *, by, count=3, prefix="Owner"):
    return facility_actions.import_abutters(
        application=application,
        rows=abutter_rows(count, prefix),
        certified_on=date(2030, 1, 20),
        source_name="assessor.csv",
        by=by,
    )


def meeting(*, by, on=HEARING, today=date(2030, 2, 1), at=time(19, 0)):
    return actions.schedule_meeting(
        on=on, at=at, place="Stoneham Town Hall, 35 Central Street", by=by, today=today
    )


def docketed(
    *, by, on=HEARING, abutters=3, relief=(), setback_ft="60", the_meeting=None, application=None
):
    """A new application (or `application`) certified with `abutters` abutters, on the docket
    of `on`."""
    application = application or new_hen_application(by=by, setback_ft=setback_ft)
    if abutters:
        certify_abutters(application, by=by, count=abutters)
    the_meeting = the_meeting or meeting(by=by, on=on)
    return actions.schedule_hearing(
        application=application,
        meeting=the_meeting,
        relief_sought=list(relief),
        approvals_sought=["vermin_plan"],
        by=by,
        today=date(2030, 2, 1),
    )


def article(n: int) -> str:
    return f"RE{n:09d}US"


def mail_all(item, *, by, mailed_on=DEADLINE):
    count = len(notice_timing.abutters_in_letter_order(item))
    return actions.record_mailing_list(
        item=item,
        article_numbers=[article(item.pk * 1000 + n) for n in range(count)],
        mailed_on=mailed_on,
        by=by,
        today=mailed_on,
    )


def publish(the_meeting, *, by, published_on=DEADLINE, sent_on=None, online=True):
    """Draft, send and print the legal notice; with `online`, also record its postings on the
    newspaper's website and the statewide site the same day (c.4 §13: all three)."""
    sent_on = sent_on or published_on - timedelta(days=3)
    # Drafted by the day it was sent, even when the test's clock already stands later.
    with recorded_at(min(timezone.now(), factories.midday(sent_on))):
        actions.draft_legal_notice(meeting=the_meeting, by=by)
    actions.send_legal_notice(meeting=the_meeting, sent_on=sent_on, by=by, today=sent_on)
    notice = actions.record_publication(
        meeting=the_meeting, published_on=published_on, by=by, today=published_on
    )
    if online:
        notice = post_online(the_meeting, by=by, posted_on=published_on)
    return notice


def post_online(the_meeting, *, by, posted_on, sites=("website", "statewide")):
    """Record the legal notice's online postings (c.4 §13) with an address each."""
    notice = None
    for site in sites:
        notice = notice_postings.record_online_posting(
            meeting=the_meeting,
            site=site,
            posted_on=posted_on,
            address=f"https://{site}.example.org/notices/{the_meeting.pk}",
            by=by,
            today=posted_on,
        )
    return notice


def noticed(*, by, relief=(), setback_ft="60", abutters=3):
    """A docketed item with both notices given exactly 14 days before the hearing."""
    item = docketed(by=by, relief=relief, setback_ft=setback_ft, abutters=abutters)
    mail_all(item, by=by)
    publish(item.meeting, by=by)
    posted(item.meeting, by=by)
    return item


FINDING = "The coop cannot move farther from the line on this lot without harm to the keeping."


def unanimous(on) -> dict:
    """Every member in office on `on` votes yes."""
    return {m.user: "yes" for m in BoardMember.objects.in_office(on).select_related("user")}


def attend_as_voting(meeting, votes, *, by):
    """The meeting's attendance, unless recorded: the members who vote attended in person,
    the others were absent (the quorum is counted from it)."""
    from hearings.models import MeetingAttendance

    if MeetingAttendance.objects.filter(meeting=meeting).exists():
        return
    voting = {user.pk for user, vote in votes.items() if vote != "absent"}
    attendance = {
        member: "in_person" if member.user_id in voting else "absent"
        for member in BoardMember.objects.in_office(meeting.date)
    }
    if attendance:
        actions.record_attendance(meeting=meeting, attendance=attendance, by=by, today=meeting.date)


def term(user) -> BoardMember:
    """The Board member's one term, of a member appointed by `make_user`."""
    return user.board_terms.get()


def attend(meeting, modes: dict, *, by, today=HEARING):
    """Record the meeting's attendance through the action: `modes` maps each member's log-in to
    a mode, or to (mode, reason) for a remote member."""
    return actions.record_attendance(
        meeting=meeting,
        attendance={term(user): mode for user, mode in modes.items()},
        by=by,
        today=today,
    )


def later_meeting(clerk, on=date(2030, 4, 9)):
    """A meeting after the hearing, its notice posted in time: one at which minutes are
    approved, or one of the three that set their clock."""
    meeting = actions.schedule_meeting(
        on=on, at=time(19), place="Town Hall", by=clerk, today=date(2030, 3, 27)
    )
    roll_call.noticed(meeting, by=clerk)
    return meeting


def posted(meeting, *, by):
    """The meeting's notice posted in time with every item on its docket (c.30A §20(b)): the
    Board votes only at a meeting so noticed (hearings.open_meeting)."""
    from hearings.demo import post_the_docket

    post_the_docket(meeting, by)


def decide(item, *, by, result="approved", votes=None, pay_notice=True, **fields):
    """The Board's decision; an approval grants the vermin control plan sought with the
    application (§20-19), and a variance carries its finding of manifest injustice. After an
    approval the applicant pays the notice's cost (`pay_notice_cost`), unless `pay_notice`
    is False (a test of the fees)."""
    if fields.get("variance_rules"):
        fields.setdefault("variance_finding", FINDING)
    if result == "approved" and "vermin_plan" in (item.approvals_sought or []):
        fields.setdefault("approvals", ["vermin_plan"])
    votes = votes if votes is not None else unanimous(item.meeting.date)
    attend_as_voting(item.meeting, votes, by=by)
    posted(item.meeting, by=by)
    today = fields.pop("today", item.meeting.date)
    ruling = Ruling.from_fields(
        result=result, decided_on=fields.pop("decided_on", item.meeting.date), **fields
    )
    decision = actions.record_decision(item=item, ruling=ruling, votes=votes, by=by, today=today)
    if result == "approved" and pay_notice:
        pay_notice_cost(item.application, on=item.meeting.date, by=by)
    return decision


def pay_notice_cost(application, *, on, by=None):
    """The applicant pays what the notice of the hearing cost (§20-20(9): "at the applicant's
    expense"), recorded by the clerk: the balance of the fees now due (eligibility.fee_due)."""
    from permits import actions as permit_actions
    from permits import eligibility
    from permits.models import Payment

    balance = eligibility.fee_due(application) - eligibility.amount_paid(application)
    if balance > 0:
        permit_actions.record_payment(
            application=application,
            amount=balance,
            received_on=on,
            method=Payment.Method.CHECK,
            by=by,
        )


def refresh(application) -> Application:
    return Application.objects.with_facts().get(pk=application.pk)


@contextmanager
def at(day: date, client=None, user=None):
    """Travel to 10 a.m. on `day` in the Board's time zone, logged in there as `user`.

    The log-in happens after the travel: a session started on another day would have expired.
    """
    with time_machine.travel(timezone.make_aware(datetime.combine(day, time(10))), tick=False):
        if client is not None:
            client.force_login(user)
        yield


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def pdf_text(content: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(BytesIO(content)).pages)


def past_archive(clerk, items: int) -> None:
    """`items` past docket items across past meetings, decided (bulk: only volume matters)."""
    applications = [new_hen_application(by=clerk) for _ in range(5)]
    meetings = Meeting.objects.bulk_create(
        Meeting(date=date(2029, 1, 1) + timedelta(days=n), time=time(19))
        for n in range(items // 20)
    )
    rows = DocketItem.objects.bulk_create(
        DocketItem(
            meeting=meetings[n % len(meetings)],
            application=applications[n % 5],
            kind=DocketItem.Kind.NEW_APPLICATION,
            status=DocketItem.Status.DECIDED,
            position=n,
        )
        for n in range(items)
    )
    Decision.objects.bulk_create(
        Decision(docket_item=row, result="denied", decided_on=row.meeting.date) for row in rows
    )


def page_queries(client, user, url, day=date(2030, 3, 1)) -> tuple[int, str]:
    """The queries a page costs on `day`, and the page; it must answer 200."""
    with at(day, client, user), CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries), response.content.decode()
