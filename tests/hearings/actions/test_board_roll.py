"""The Board's authority is the Board's (issue 22 finding 2, issue 23 point 6, issue 24 point 3).

The roll is the administrator's, from appointments, never back-dated, each change e-mailed to
the members; a quorum is a majority of the Board's full membership (its seats), counted from
the meeting's attendance; the chair records the roll call, each member is told and may dispute
it; the administrator does not pass as a member.
"""

from __future__ import annotations

from datetime import date, timedelta
from io import BytesIO

import pytest
from django.core import mail
from django.urls import reverse
from pypdf import PdfReader

from hearings import actions
from hearings.actions.decisions import Ruling
from hearings.models import (
    BoardMember,
    Decision,
    DocketItem,
    MeetingAttendance,
    Vote,
)
from hearings.printing import decision_pdf
from stoneham_boh.accounts.roles import Role
from stoneham_boh.town.models import Town
from tests.conftest import make_user
from tests.hearings import builders as b
from tests.hearings.builders import at, attend, refused, term

pytestmark = pytest.mark.django_db

BEFORE = date(2030, 3, 2)  # the roll is changed this day, before the hearing of March 26


def unseated_board_login():
    """A log-in with the Board role that no appointment has seated yet."""
    from django.contrib.auth.models import Group

    user = make_user("newcomer", None, first_name="Nora", last_name="New")
    user.groups.add(Group.objects.get(name=Role.BOARD.value))
    return user


# --- The roll is the administrator's (issue 22 finding 2) ---------------------------------------


def test_a_clerk_cannot_end_a_board_members_term(clerk, board):
    message = refused(
        lambda: actions.end_board_term(
            member=term(board[1]), term_end=BEFORE, reason="Resigned.", by=clerk, today=BEFORE
        )
    )
    assert "Only the administrator ends a Board member's term" in message
    assert "Only the administrator appoints" in refused(
        lambda: actions.appoint_board_member(
            user=unseated_board_login(),
            name="New Member",
            appointed_on=BEFORE,
            term_start=BEFORE,
            appointing_document="Select Board vote",
            by=clerk,
            today=BEFORE,
        )
    )
    assert "Only the administrator records the Board's number of seats" in refused(
        lambda: actions.set_board_seats(
            seats=1, effective_on=BEFORE, authority="By-law", by=clerk, today=BEFORE
        )
    )
    assert term(board[1]).term_end is None


def test_a_clerk_cannot_end_a_term_from_the_board_members_page(clerk, board, client):
    with at(BEFORE, client, clerk):
        page = client.get(reverse("hearings:board-members")).content.decode()
        assert "End the term" not in page and "Record an appointment" not in page
        response = client.post(
            reverse("hearings:board-member-end", args=[term(board[1]).pk]),
            {"term_end": "2030-03-02", "reason": "Resigned."},
        )
    assert response.status_code == 403
    assert term(board[1]).term_end is None


def test_a_term_cannot_be_ended_retroactively_nor_without_a_reason(admin_user, board):
    message = refused(
        lambda: actions.end_board_term(
            member=term(board[1]),
            term_end=BEFORE - timedelta(days=1),
            reason="",
            by=admin_user,
            today=BEFORE,
        )
    )
    assert "cannot be back-dated before today (March 2, 2030)" in message
    assert "Say why the term ends" in message
    assert term(board[1]).term_end is None


def test_the_administrator_cannot_back_date_the_end_of_a_term_on_the_page(
    admin_user, board, client
):
    with at(BEFORE, client, admin_user):
        client.post(
            reverse("hearings:board-member-end", args=[term(board[1]).pk]),
            {"term_end": "2030-02-01", "reason": "Resigned."},
        )
        page = client.get(reverse("hearings:board-members")).content.decode()
    assert "cannot be back-dated" in page
    assert term(board[1]).term_end is None


def test_an_appointment_cannot_start_before_today(admin_user, board):
    newcomer = unseated_board_login()
    message = refused(
        lambda: actions.appoint_board_member(
            user=newcomer,
            name="Nora New",
            appointed_on=date(2029, 12, 1),
            term_start=date(2030, 1, 1),
            appointing_document="Select Board vote of December 1, 2029",
            by=admin_user,
            today=BEFORE,
        )
    )
    assert "A term cannot be back-dated before today" in message


def test_the_administrator_appoints_a_member_on_the_page_and_the_members_are_told(
    admin_user, board, client, django_capture_on_commit_callbacks
):
    for user in board:
        user.email = f"{user.username}@example.org"
        user.save()
    actions.set_board_seats(
        seats=5, effective_on=BEFORE, authority="By-law", by=admin_user, today=BEFORE
    )
    newcomer = unseated_board_login()
    mail.outbox.clear()
    with at(BEFORE, client, admin_user), django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("hearings:board-member-add"),
            {
                "user": newcomer.pk,
                "name": "Nora New",
                "appointed_on": "2030-03-02",
                "appointing_document": "Select Board vote of March 2, 2030",
                "term_start": "2030-03-02",
                "term_end": "2033-03-01",
            },
        )
    assert response.status_code == 302
    member = newcomer.board_terms.get()
    assert member.appointing_document == "Select Board vote of March 2, 2030"
    assert member.history.first().history_user == admin_user
    told = {address for message in mail.outbox for address in message.to}
    assert {"member0@example.org", "member1@example.org", "member2@example.org"} <= told
    assert "Nora New is appointed to the Board" in mail.outbox[0].body


def test_each_change_of_the_roll_is_emailed_and_kept_in_history(
    admin_user, board, django_capture_on_commit_callbacks
):
    for user in board:
        user.email = f"{user.username}@example.org"
        user.save()
    with django_capture_on_commit_callbacks(execute=True):
        actions.end_board_term(
            member=term(board[2]),
            term_end=BEFORE,
            reason="Moved away.",
            by=admin_user,
            today=BEFORE,
        )
    assert (
        "Linda Member's term on the Board ends on March 2, 2030: Moved away." in mail.outbox[0].body
    )
    assert "member2@example.org" in mail.outbox[0].to
    history = term(board[2]).history.first()
    assert (history.term_end, history.term_end_reason, history.history_user) == (
        BEFORE,
        "Moved away.",
        admin_user,
    )


# --- The quorum is a majority of the full membership --------------------------------------------


def test_ending_two_terms_does_not_let_one_member_approve_alone(clerk, admin_user, board):
    """The review's steps: two terms ended, one member left in office, approving alone."""
    for user in board[1:]:
        actions.end_board_term(
            member=term(user), term_end=BEFORE, reason="Resigned.", by=admin_user, today=BEFORE
        )
    item = b.noticed(by=clerk)
    message = refused(lambda: b.decide(item, by=board[0], votes={board[0]: "yes"}))
    assert "There is no quorum: 1 of the Board's 3 members was present, and 2 are needed" in message
    assert not Decision.objects.exists()


def test_ending_two_terms_does_not_let_one_member_approve_alone_on_the_decision_page(
    clerk, admin_user, board, client
):
    for user in board[1:]:
        actions.end_board_term(
            member=term(user), term_end=BEFORE, reason="Resigned.", by=admin_user, today=BEFORE
        )
    item = b.noticed(by=clerk)
    attend(item.meeting, {board[0]: "in_person"}, by=clerk)
    with at(b.HEARING, client, board[0]):
        response = client.post(
            reverse("hearings:decide", args=[item.pk]),
            {"result": "approved", "decided_on": "2030-03-26", f"vote_{board[0].pk}": "yes"},
        )
    assert response.status_code == 400
    assert "There is no quorum: 1 of the Board&#x27;s 3 members was present" in (
        response.content.decode()
    )
    assert not Decision.objects.exists()


def test_the_decision_states_its_quorum_of_the_full_membership(clerk, board):
    item = b.noticed(by=clerk)
    decision = b.decide(item, by=board[0], votes={board[0]: "yes", board[1]: "yes"})
    assert (decision.full_membership, decision.quorum, decision.present) == (3, 2, 2)
    text = " ".join(
        p.extract_text()
        for p in PdfReader(BytesIO(decision_pdf(DocketItem.objects.get(pk=item.pk)))).pages
    )
    assert "2 of the Board's 3 members present; a quorum is 2" in " ".join(text.split())


# --- The administrator is not a member (issue 23 point 6) ---------------------------------------


def test_the_administrator_cannot_record_the_boards_decision(clerk, admin_user, board):
    item = b.noticed(by=clerk)
    attend(item.meeting, dict.fromkeys(board, "in_person"), by=clerk)
    message = refused(
        lambda: actions.record_decision(
            item=item,
            ruling=Ruling(result="approved", decided_on=b.HEARING),
            votes=dict.fromkeys(board, "yes"),
            by=admin_user,
            today=b.HEARING,
        )
    )
    assert "Only a member of the Board in office on the day of the meeting" in message
    assert "An administrator's log-in cannot sit on the Board" in refused(
        lambda: actions.appoint_board_member(
            user=admin_user,
            name="Site Administrator",
            appointed_on=BEFORE,
            term_start=BEFORE,
            appointing_document="None",
            by=admin_user,
            today=BEFORE,
        )
    )


def test_the_administrator_cannot_open_the_decision_page(clerk, admin_user, board, client):
    item = b.noticed(by=clerk)
    with at(b.HEARING, client, admin_user):
        assert client.get(reverse("hearings:decide", args=[item.pk])).status_code == 403
        page = client.get(reverse("hearings:meeting-detail", args=[item.meeting.pk]))
    assert "Record the decision" not in page.content.decode()


# --- The chair records the roll call; each member is told and may dispute it ---------------------


def test_only_the_chair_records_the_roll_call_while_present(clerk, admin_user, board):
    BoardMember.objects.filter(pk=term(board[0]).pk).update(chair=True)
    item = b.noticed(by=clerk)
    attend(item.meeting, dict.fromkeys(board, "in_person"), by=clerk)
    assert "The chair (Anne Member) records the roll call" in refused(
        lambda: b.decide(item, by=board[1], votes=dict.fromkeys(board, "yes"))
    )
    b.decide(item, by=board[0], votes=dict.fromkeys(board, "yes"))


def test_each_member_is_told_their_recorded_vote_and_disputes_it_from_their_log_in(
    clerk, board, client, django_capture_on_commit_callbacks
):
    for user in board:
        user.email = f"{user.username}@example.org"
        user.save()
    item = b.noticed(by=clerk)
    with django_capture_on_commit_callbacks(execute=True):
        b.decide(item, by=board[0], votes={board[0]: "yes", board[1]: "yes", board[2]: "no"})
    to_robert = [m for m in mail.outbox if m.to == ["member1@example.org"]]
    assert "with your vote: Yes" in to_robert[0].body
    vote = Vote.objects.get(member=board[1])
    assert "Only the member whose vote it is" in refused(
        lambda: actions.dispute_vote(vote=vote, statement="He voted no.", by=board[0])
    )
    with at(b.HEARING, client, board[1]):
        assert "Dispute this vote" in client.get(reverse("hearings:my-votes")).content.decode()
        response = client.post(
            reverse("hearings:vote-dispute", args=[vote.pk]), {"statement": "I voted no."}
        )
    assert response.status_code == 302
    vote.refresh_from_db()
    assert vote.dispute == "I voted no." and vote.disputed_at is not None
    assert vote.history.first().history_user == board[1]
    with at(b.HEARING, client, board[0]):
        # Anne cannot reach Robert's vote to dispute it.
        other = client.post(reverse("hearings:vote-dispute", args=[vote.pk]), {"statement": "x"})
        assert other.status_code == 404
        page = client.get(reverse("hearings:meeting-detail", args=[item.meeting.pk]))
    assert "disputed by the member: I voted no." in page.content.decode()


# --- Attendance, remote members and roll calls (issue 24 point 3) -------------------------------


def test_the_quorum_reads_the_attendance_not_the_forms_defaults(clerk, board):
    item = b.noticed(by=clerk)
    attend(item.meeting, {board[0]: "in_person", board[1]: "absent", board[2]: "absent"}, by=clerk)
    message = refused(lambda: b.decide(item, by=board[0], votes=dict.fromkeys(board, "yes")))
    assert "Robert Member was absent from the meeting and cannot vote" in message
    assert "There is no quorum: 1 of the Board's 3 members was present" in message


def test_a_decision_waits_for_the_attendance(clerk, board):
    item = b.noticed(by=clerk)
    message = refused(
        lambda: actions.record_decision(
            item=item,
            ruling=Ruling(result="approved", decided_on=b.HEARING),
            votes=dict.fromkeys(board, "yes"),
            by=board[0],
            today=b.HEARING,
        )
    )
    assert "Record who of the Board attended the meeting" in message


def test_the_clerk_records_a_remote_member_on_the_attendance_page(clerk, board, client):
    item = b.noticed(by=clerk)
    url = reverse("hearings:meeting-attendance", args=[item.meeting.pk])
    ids = [term(user).pk for user in board]
    with at(b.HEARING, client, clerk):
        assert "Linda Member" in client.get(url).content.decode()
        missing = client.post(
            url,
            {
                f"mode_{ids[0]}": "in_person",
                f"mode_{ids[1]}": "in_person",
                f"mode_{ids[2]}": "remote",
            },
        )
        assert missing.status_code == 400
        assert "Give the reason Linda Member took part remotely" in missing.content.decode()
        response = client.post(
            url,
            {
                f"mode_{ids[0]}": "in_person",
                f"mode_{ids[1]}": "absent",
                f"mode_{ids[2]}": "remote",
                f"reason_{ids[2]}": "Caring for a sick child",
            },
        )
        assert response.status_code == 302
        page = client.get(
            reverse("hearings:meeting-detail", args=[item.meeting.pk])
        ).content.decode()
    assert "Linda Member: remotely (Caring for a sick child)" in page
    assert MeetingAttendance.objects.get(member__user=board[1]).mode == "absent"


def _after_the_relief(item, board, clerk, modes):
    Town.objects.filter(is_current=True).update(remote_relief_ends=date(2027, 6, 30))
    actions.record_attendance(
        meeting=item.meeting,
        attendance={
            term(member): (mode if mode != "remote" else ("remote", "Out of town"))
            for member, mode in zip(board, modes, strict=True)
        },
        by=clerk,
        today=b.HEARING,
    )


def test_after_the_relief_a_quorum_must_be_in_the_room(clerk, board):
    item = b.noticed(by=clerk)
    _after_the_relief(item, board, clerk, ("in_person", "remote", "absent"))
    message = refused(lambda: b.decide(item, by=board[0], votes={board[0]: "yes", board[1]: "yes"}))
    assert "Since the remote-meeting relief ended on June 30, 2027" in message
    assert "1 of the 2 needed were in the room (940 CMR 29.10(4)(b))" in message


def test_after_the_relief_the_chair_must_be_in_the_room(clerk, board):
    BoardMember.objects.filter(pk=term(board[2]).pk).update(chair=True)
    item = b.noticed(by=clerk)
    _after_the_relief(item, board, clerk, ("in_person", "in_person", "remote"))
    message = refused(lambda: b.decide(item, by=board[0], votes=dict.fromkeys(board, "yes")))
    assert "the chair must be physically present: Linda Member took part remotely" in message


def test_after_the_relief_a_quorum_in_the_room_decides_with_a_member_remote(clerk, board):
    item = b.noticed(by=clerk)
    _after_the_relief(item, board, clerk, ("in_person", "in_person", "remote"))
    decision = b.decide(item, by=board[0], votes=dict.fromkeys(board, "yes"))
    assert decision.roll_call and decision.result == "approved"


def test_a_member_is_recorded_only_with_a_board_login_and_a_term(admin_user):
    user = make_user("newcomer", Role.CLERK)
    message = refused(
        lambda: actions.appoint_board_member(
            user=user,
            name="",
            appointed_on=date(2029, 1, 1),
            term_start=date(2030, 1, 1),
            term_end=date(2029, 1, 1),
            appointing_document="",
            by=admin_user,
            today=date(2029, 6, 1),
        )
    )
    assert "has no Board log-in" in message
    assert "cannot end before it begins" in message
    assert "Give the member's name" in message
    assert "Name the appointing document" in message
