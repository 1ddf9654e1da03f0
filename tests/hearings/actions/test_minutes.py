"""The minutes' actions (hearings.actions.minutes, c.30A §22): drafted once the meeting is held,
the clerk's summaries edited until the Board approves them by its vote at a later meeting, a
draft released on request. What the minutes read from the record is tests/hearings/test_minutes.py.
(The meeting held, `held`, and the Board, `board`, are tests/hearings/conftest.py's.)"""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from hearings import actions
from hearings.models import Minutes
from tests.hearings import builders as b
from tests.hearings.builders import at, refused

pytestmark = pytest.mark.django_db


def test_minutes_are_not_drafted_before_the_meeting(clerk, held):
    assert "has not been held yet" in refused(
        lambda: actions.draft_minutes(meeting=held.meeting, by=clerk, today=date(2030, 3, 25))
    )


def _approve(client, board, held, later, *, votes):
    """The chair's approval of the minutes of `held` at `later`, each member's vote in turn."""
    cast = {f"vote_{member.pk}": vote for member, vote in zip(board, votes, strict=True)}
    with at(date(2030, 4, 9), client, board[0]):
        return client.post(
            reverse("hearings:minutes-approve", args=[held.meeting.pk]),
            {"at_meeting": later.pk, **cast},
            follow=True,
        )


def test_the_clerk_writes_the_summary_and_the_board_approves_at_a_later_meeting(
    clerk, board, held, client
):
    later = b.later_meeting(clerk)
    with at(date(2030, 3, 27), client, clerk):
        client.post(reverse("hearings:minutes-draft", args=[held.meeting.pk]))
        response = client.post(
            reverse("hearings:minutes-edit", args=[held.meeting.pk]),
            {"discussion": "The chair opened the hearing.", f"summary_{held.pk}": "Pat spoke."},
            follow=True,
        )
    page = response.content.decode()
    assert "The minutes are saved." in page and "Pat spoke." in page
    assert "(roll call)" in page and "Linda Member: remotely (travel for work)" in page
    minutes = Minutes.objects.get()
    b.attend_as_voting(later, dict.fromkeys(board, "yes"), by=clerk)
    assert "at a later meeting" in refused(
        lambda: actions.approve_minutes(
            minutes=minutes,
            at_meeting=held.meeting,
            votes=dict.fromkeys(board, "yes"),
            by=board[0],
            today=date(2030, 4, 9),
        )
    )
    response = _approve(client, board, held, later, votes=("yes", "yes", "abstain"))
    assert "The minutes are approved and published." in response.content.decode()
    minutes.refresh_from_db()
    assert minutes.approved_on == date(2030, 4, 9)
    assert minutes.approval_votes["Linda Member"] == "abstain"
    assert "Pat spoke." in minutes.approved_text
    assert "Approved by the Board at its meeting of Tuesday, April 9, 2030" in (
        minutes.approved_text
    )
    assert "are no longer edited" in refused(
        lambda: actions.edit_minutes(minutes=minutes, discussion="x", item_summaries={}, by=clerk)
    )
    client.logout()
    public = client.get(reverse("hearings:public-minutes-detail", args=[held.meeting.pk]))
    assert public.status_code == 200 and "Pat spoke." in public.content.decode()
    listing = client.get(reverse("hearings:public-minutes")).content.decode()
    assert "Meeting of Tuesday, March 26, 2030" in listing


def test_a_member_left_blank_on_the_approval_is_asked_for(clerk, board, held, client):
    # Kept from the form fuzzer: a blank member's field reached the action as an unknown
    # argument, a server error. A member present at the later meeting must be recorded.
    later = b.later_meeting(clerk)
    actions.draft_minutes(meeting=held.meeting, by=clerk, today=date(2030, 3, 27))
    b.attend_as_voting(later, dict.fromkeys(board, "yes"), by=clerk)
    response = _approve(client, board, held, later, votes=("yes", "yes", ""))
    assert response.status_code == 400
    assert "Record each member&#x27;s vote: Linda Member was present at the meeting" in (
        response.content.decode()
    )
    assert Minutes.objects.get().approved_on is None


def test_a_draft_released_on_request_is_recorded(clerk, held, client):
    actions.draft_minutes(meeting=held.meeting, by=clerk, today=date(2030, 3, 27))
    with at(date(2030, 3, 29), client, clerk):
        response = client.post(
            reverse("hearings:minutes-release", args=[held.meeting.pk]),
            {"requested_by": "A. Reporter", "requested_on": "2030-03-28"},
            follow=True,
        )
        bad = client.post(
            reverse("hearings:minutes-release", args=[held.meeting.pk]),
            {"requested_by": "", "requested_on": "2030-13-45"},
        )
    assert "A. Reporter: asked Mar 28, 2030, released Mar 29, 2030" in response.content.decode()
    assert bad.status_code == 400
    release = Minutes.objects.get().releases.get()
    assert release.history.first().history_user == clerk
