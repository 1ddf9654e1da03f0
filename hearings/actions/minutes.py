"""The minutes of a meeting (c.30A §22): drafted from its record, summarised, approved at a
later meeting, released as a draft on request.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import refuse_if
from hearings.actions.votes import call_roll, record_roll_call
from hearings.minutes import minutes_text, record_of
from hearings.models import Meeting, Minutes, MinutesRelease, Vote
from hearings.open_meeting import motion_refusals
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import save_as


@transaction.atomic
def draft_minutes(*, meeting: Meeting, by, today: date | None = None) -> Minutes:
    """Open the minutes of a meeting held: drafted from its record, the summaries to write."""
    today = today or timezone.localdate()
    meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
    reasons = []
    if meeting.date > today:
        reasons.append("The meeting has not been held yet: its minutes are drafted after it.")
    if meeting.cancelled:
        reasons.append("The meeting was cancelled: it has no minutes.")
    if Minutes.objects.filter(meeting=meeting).exists():
        reasons.append("The minutes of this meeting are drafted already.")
    refuse_if(reasons, "The minutes cannot be drafted.")
    return save_as(Minutes(meeting=meeting, drafted_on=today), by)


def _summaries_refusals(minutes: Minutes, item_summaries: Mapping) -> list[str]:
    on_docket = {str(pk) for pk in minutes.meeting.items.values_list("pk", flat=True)}
    return [
        f"Item {key} is not on the docket of this meeting."
        for key in item_summaries
        if str(key) not in on_docket
    ]


@transaction.atomic
def edit_minutes(*, minutes: Minutes, discussion: str, item_summaries: Mapping, by) -> Minutes:
    """The clerk's summary of the discussion, for the meeting and each item (who was heard)."""
    minutes = Minutes.objects.select_for_update().get(pk=minutes.pk)
    reasons = _summaries_refusals(minutes, item_summaries)
    if minutes.approved:
        reasons.append("The minutes are approved: they are no longer edited.")
    refuse_if(reasons, "The minutes cannot be saved.")
    minutes.discussion = discussion.strip()
    minutes.item_summaries = {
        str(key): text.strip() for key, text in item_summaries.items() if text.strip()
    }
    return save_as(minutes, by)


@transaction.atomic
def approve_minutes(
    *, minutes: Minutes, at_meeting: Meeting, votes: Mapping, by, today: date | None = None
) -> Minutes:
    """The Board approves the minutes by a vote at a later meeting; the text is kept as
    approved, and the minutes become public, unless a member disputes their vote and the
    dispute could change the result (hearings.motions): then they wait for the settlement."""
    today = today or timezone.localdate()
    minutes = Minutes.objects.select_for_update().select_related("meeting").get(pk=minutes.pk)
    reasons = []
    if minutes.approved:
        reasons.append(f"The minutes were approved on {long_date(minutes.approved_on)}.")
    if at_meeting.date <= minutes.meeting.date:
        reasons.append("Minutes are approved at a later meeting than the one they record.")
    if at_meeting.date > today:
        reasons.append("The approving meeting has not been held yet.")
    if at_meeting.cancelled:
        reasons.append("The approving meeting was cancelled.")
    reasons += motion_refusals(at_meeting, "the approval of minutes")
    # The members' own votes, through the one mechanism: recorded by the chair (or a member
    # presiding), each member told and able to dispute it (issue 38 M3).
    result, vote_reasons = call_roll(votes, meeting=at_meeting, by=by)
    reasons += vote_reasons
    refuse_if(reasons, "The minutes cannot be approved.")
    names = {member.user_id: member.name for member in result.in_office}
    minutes.approved_at = at_meeting
    minutes.approved_on = at_meeting.date
    minutes.approval_votes = {
        names[pk]: Vote.Choice(choice).label.lower() for pk, choice in result.votes.items()
    }
    minutes.approved_text = minutes_text(record_of(minutes.meeting, minutes))
    save_as(minutes, by)
    record_roll_call(minutes, result, by=by)
    return minutes


@transaction.atomic
def release_draft_minutes(
    *, minutes: Minutes, requested_by: str, requested_on: date, by, today: date | None = None
) -> MinutesRelease:
    """Draft minutes released on request before approval: the request is recorded."""
    today = today or timezone.localdate()
    reasons = []
    if not requested_by.strip():
        reasons.append("Say who asked for the draft minutes.")
    if requested_on > today:
        reasons.append("The request cannot be dated in the future.")
    if requested_on < minutes.meeting.date:
        reasons.append("The request cannot predate the meeting.")
    if minutes.approved:
        reasons.append("The minutes are approved and public: no draft is released.")
    refuse_if(reasons, "The release cannot be recorded.")
    release = MinutesRelease(
        minutes=minutes,
        requested_by=requested_by.strip(),
        requested_on=requested_on,
        released_on=today,
        recorded_by=by,
    )
    return save_as(release, by)
