"""The Board's executive sessions (M.G.L. c.30A §§21, 22(f)-(g); issue 37 item 1): entered by
the Board's roll call in open session at a meeting noticed in time, for a purpose of §21(a)
stated there; the minutes withheld until the Board releases them at a later meeting."""

from __future__ import annotations

from datetime import date, time, timedelta

import pytest
from django.urls import reverse

from hearings import actions
from hearings.minutes import minutes_text, record_of
from hearings.models import ExecutiveSession, Meeting
from permits.audit import audit_register
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from tests.hearings.builders import at
from tests.hearings.roll_call import noticed, roll_call

pytestmark = pytest.mark.django_db

DAY = date(2030, 4, 9)
STATEMENT = "To discuss strategy in Doe v. Board of Health, as an open meeting may harm it."


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def _meeting(on=DAY, notice=True) -> Meeting:
    meeting = Meeting.objects.create(date=on, time=time(19), place="Town Hall")
    if notice:
        noticed(meeting, by=None)
    return meeting


def _enter(meeting, votes, chair, **fields):
    arguments = {
        "meeting": meeting,
        "purpose": "3",
        "statement": STATEMENT,
        "reconvenes": True,
        "votes": votes,
        "by": chair,
        "today": meeting.date,
        **fields,
    }
    return actions.enter_executive_session(**arguments)


def _release(session, later, chair):
    """The Board's determination at the later meeting, recorded by its chair."""
    actions.release_executive_minutes(
        session=session,
        at_meeting=later,
        determination="The appeal is settled: the minutes no longer need withholding.",
        by=chair,
        today=later.date,
    )


def _audit(on):
    return [a for a in audit_register(today=on).anomalies if a.family == "votes"]


def test_the_board_enters_executive_session_by_roll_call_and_the_minutes_record_it():
    meeting = _meeting()
    votes, chair = roll_call(meeting)
    session = _enter(meeting, votes, chair)
    assert session.roll.count() == 3 and all(v.vote == "yes" for v in session.roll.all())
    text = minutes_text(record_of(meeting))
    assert "Motion to enter executive session under M.G.L. c.30A §21(a)(3): " in text
    assert STATEMENT.rstrip(".") in text and "The Board will reconvene in open session." in text
    assert "Votes (roll call): Member0 Roll yes" in text
    assert _audit(DAY) == []


@pytest.mark.parametrize(
    "how, said",
    [
        ("not noticed", "never posted"),
        ("no purpose stated", "State the purpose"),
        ("no quorum", "quorum"),
        ("a purpose the law does not list", "§21(a)"),
        ("not yet held", "not yet been held"),
    ],
)
def test_an_executive_session_is_refused_unless_lawfully_entered(how, said):
    meeting = _meeting(notice=how != "not noticed")
    if how == "no quorum":
        from tests.hearings.roll_call import board_in_office

        members = board_in_office(DAY)
        votes, chair = roll_call(meeting, absent=[m.user for m in members[1:]])
    else:
        votes, chair = roll_call(meeting, notice=how != "not noticed")
    fields = {}
    if how == "no purpose stated":
        fields["statement"] = "Litigation."
    if how == "a purpose the law does not list":
        fields["purpose"] = "12"
    if how == "not yet held":
        fields["today"] = DAY - timedelta(days=1)
    assert said in refused(lambda: _enter(meeting, votes, chair, **fields))
    assert not ExecutiveSession.objects.exists()


def test_the_minutes_are_withheld_until_the_board_releases_them_at_a_later_meeting(client):
    meeting = _meeting()
    votes, chair = roll_call(meeting)
    session = _enter(meeting, votes, chair)
    assert "No minutes of the session are kept yet" in refused(
        lambda: actions.release_executive_minutes(
            session=session,
            at_meeting=meeting,
            determination="Settled.",
            by=chair,
            today=DAY,
        )
    )
    actions.record_executive_minutes(
        session=session, text="Town counsel reported on the appeal.", by=chair
    )
    assert "later meeting" in refused(
        lambda: actions.release_executive_minutes(
            session=session, at_meeting=meeting, determination="Settled.", by=chair, today=DAY
        )
    )
    later = _meeting(on=DAY + timedelta(days=14))
    later_votes, later_chair = roll_call(later)
    # Approved and public, the open session's minutes do not carry the closed session's.
    minutes = actions.draft_minutes(meeting=meeting, by=chair, today=DAY + timedelta(days=1))
    actions.approve_minutes(
        minutes=minutes, at_meeting=later, votes=later_votes, by=later_chair, today=later.date
    )
    page = client.get(reverse("hearings:public-minutes-detail", args=[meeting.pk]))
    assert "executive session under M.G.L. c.30A §21(a)(3)" in page.content.decode()
    assert "Town counsel reported" not in page.content.decode()
    _release(session, later, later_chair)
    session.refresh_from_db()
    assert session.released_on == later.date
    assert "were released on" in refused(
        lambda: actions.record_executive_minutes(session=session, text="Rewritten.", by=chair)
    )
    page = client.get(reverse("hearings:public-minutes-detail", args=[meeting.pk]))
    assert "Town counsel reported on the appeal." in page.content.decode()
    assert _audit(later.date) == []


def test_the_audit_reports_a_session_entered_past_the_action():
    """Records written past the action (an import, a path without the refusal)."""
    meeting = _meeting(notice=False)
    roll_call(meeting, notice=False)
    session = save_as(ExecutiveSession(meeting=meeting, purpose="3", statement=""), None)
    found = [a.sentence for a in _audit(DAY) if a.record.pk == session.pk]
    assert any("No member's own vote is recorded" in s for s in found), found
    assert any("not stated in open session" in s for s in found), found
    session.released_on = DAY
    session.released_at = meeting
    save_as(session, None)
    found = [a.sentence for a in _audit(DAY) if a.record.pk == session.pk]
    assert any("released at a meeting before the session's" in s for s in found), found


def test_the_chair_records_the_vote_on_the_page_and_only_the_board_and_clerk_read_it(
    client, clerk, agent
):
    meeting = _meeting()
    votes, chair = roll_call(meeting)
    data = {
        "executive-purpose": "3",
        "executive-statement": "Litigation.",
        "executive-reconvenes": "on",
    }
    data.update({f"executive-vote_{user.pk}": vote for user, vote in votes.items()})
    with at(DAY, client, chair):
        response = client.post(reverse("hearings:executive-session-enter", args=[meeting.pk]), data)
        assert response.status_code == 400
        page = response.content.decode()
        assert "State the purpose as the chair stated it" in page and "Litigation." in page
        data["executive-statement"] = STATEMENT
        response = client.post(reverse("hearings:executive-session-enter", args=[meeting.pk]), data)
    session = ExecutiveSession.objects.get()
    assert response.status_code == 302 and response.url.endswith(f"/{session.pk}/")
    with at(DAY, client, clerk):
        client.post(
            reverse("hearings:executive-session-minutes", args=[session.pk]),
            {"text": "Town counsel reported on the appeal."},
        )
        page = client.get(reverse("hearings:executive-session", args=[session.pk])).content
        assert b"Withheld" in page
    session.refresh_from_db()
    assert session.minutes == "Town counsel reported on the appeal."
    with at(DAY, client, agent):
        assert (
            client.get(reverse("hearings:executive-session", args=[session.pk])).status_code == 403
        )


def test_a_session_is_not_added_to_a_meeting_whose_minutes_are_approved():
    meeting = _meeting()
    votes, chair = roll_call(meeting)
    later = _meeting(on=DAY + timedelta(days=14))
    later_votes, later_chair = roll_call(later)
    minutes = actions.draft_minutes(meeting=meeting, by=chair, today=DAY + timedelta(days=1))
    actions.approve_minutes(
        minutes=minutes, at_meeting=later, votes=later_votes, by=later_chair, today=later.date
    )
    assert "approved record is not added to" in refused(lambda: _enter(meeting, votes, chair))
    # Written past the action, the audit says the approved minutes do not show it.
    from hearings.actions.votes import record_roll_call
    from hearings.quorum import tally

    session = save_as(ExecutiveSession(meeting=meeting, purpose="3", statement=STATEMENT), chair)
    record_roll_call(session, tally(votes, meeting=meeting)[0], by=chair)
    found = [a.sentence for a in _audit(later.date) if a.record.pk == session.pk]
    assert any("after the meeting's minutes were approved" in s for s in found), found


def test_a_later_meetings_minutes_page_lists_the_sessions_still_withheld_for_review(client, clerk):
    """§22(g)(1): the Board reviews withheld minutes at later meetings; each later meeting's
    page lists those still withheld, until the Board releases them."""
    meeting = _meeting()
    votes, chair = roll_call(meeting)
    session = _enter(meeting, votes, chair)
    actions.record_executive_minutes(session=session, text="Counsel reported.", by=chair)
    later = _meeting(on=DAY + timedelta(days=14))
    listed = "April 9, 2030: executive session under c.30A §21(a)(3)"
    with at(later.date, client, clerk):
        page = client.get(reverse("hearings:minutes", args=[later.pk])).content.decode()
        assert "Withheld from earlier meetings, for the Board's review" in page
        assert listed in page
        # Not on the session's own meeting: the review is at a later one.
        own = client.get(reverse("hearings:minutes", args=[meeting.pk])).content.decode()
        assert listed not in own
    _, later_chair = roll_call(later)
    _release(session, later, later_chair)
    with at(later.date, client, clerk):
        page = client.get(reverse("hearings:minutes", args=[later.pk])).content.decode()
        assert listed not in page
