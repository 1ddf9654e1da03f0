"""The Board's executive sessions (M.G.L. c.30A §§21, 22(f)-(g); issue 37, item 1).

- `enter_executive_session`: the vote to go into executive session, taken by roll call in
  open session at a meeting noticed in time, a quorum present, for one of the purposes of
  §21(a) that the chair states (as particularly as the purpose allows) with whether the Board
  will reconvene in open session. The roll call goes through the one mechanism
  (hearings.actions.votes).
- `record_executive_minutes`: the clerk keeps the session's minutes; they are withheld from
  the public while publishing them would defeat the purpose (§22(f)).
- `release_executive_minutes`: the Board reviews them and determines, at a later meeting
  noticed in time, that the purpose no longer needs them withheld (§22(g)(1)); the chair (or
  the member presiding) records the determination, and the minutes become public.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import refuse_if
from hearings.actions.votes import call_roll, record_roll_call, recorder_refusals
from hearings.models import ExecutiveSession, Meeting
from hearings.open_meeting import motion_refusals
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import save_as

# A statement of the purpose shorter than this names nothing the public could follow.
SHORTEST_STATEMENT = 15


def _held_refusals(meeting: Meeting, today: date) -> list[str]:
    reasons = []
    if meeting.cancelled:
        reasons.append("That meeting was cancelled: the Board met in no session at it.")
    if meeting.date > today:
        reasons.append("That meeting has not yet been held.")
    return reasons


@transaction.atomic
def enter_executive_session(
    *,
    meeting: Meeting,
    purpose: str,
    statement: str,
    reconvenes: bool,
    votes: Mapping,
    by,
    today: date | None = None,
) -> ExecutiveSession:
    """The Board's roll-call vote in open session to enter executive session (§21(b))."""
    today = today or timezone.localdate()
    statement = statement.strip()
    reasons = _held_refusals(meeting, today)
    if purpose not in ExecutiveSession.Purpose.values:
        reasons.append(
            "Choose the purpose of c.30A §21(a) the session is for: no other purpose allows it."
        )
    if len(statement) < SHORTEST_STATEMENT:
        reasons.append(
            "State the purpose as the chair stated it in open session, as particularly as can "
            "be done without defeating it (c.30A §21(b)(3))."
        )
    approved = getattr(meeting, "minutes", None)
    if approved is not None and approved.approved:
        reasons.append(
            f"The minutes of that meeting were approved on {long_date(approved.approved_on)} "
            "without it: the Board's approved record is not added to afterwards."
        )
    reasons += motion_refusals(meeting, "an executive session")
    the_tally, roll_reasons = call_roll(votes, meeting=meeting, by=by)
    reasons += roll_reasons
    refuse_if(reasons, "The executive session is not recorded.")
    session = save_as(
        ExecutiveSession(
            meeting=meeting,
            purpose=purpose,
            statement=statement[:2000],
            reconvenes=reconvenes,
            recorded_by=by,
        ),
        by,
    )
    record_roll_call(session, the_tally, by=by)
    return session


@transaction.atomic
def record_executive_minutes(*, session: ExecutiveSession, text: str, by) -> ExecutiveSession:
    """The minutes of the session, kept and withheld until the Board releases them."""
    session = ExecutiveSession.objects.select_for_update().get(pk=session.pk)
    reasons = []
    if session.released:
        reasons.append(
            f"The minutes were released on {long_date(session.released_on)}: the public record "
            "is kept as released."
        )
    if not text.strip():
        reasons.append("Write the minutes: what was discussed, and by whom.")
    refuse_if(reasons, "The minutes are not saved.")
    session.minutes = text.strip()
    return save_as(session, by)


@transaction.atomic
def release_executive_minutes(
    *,
    session: ExecutiveSession,
    at_meeting: Meeting,
    determination: str,
    by,
    today: date | None = None,
) -> ExecutiveSession:
    """The Board determines at `at_meeting` that withholding the minutes no longer serves the
    purpose (§22(g)(1)); they become public, as kept."""
    today = today or timezone.localdate()
    session = (
        ExecutiveSession.objects.select_for_update().select_related("meeting").get(pk=session.pk)
    )
    reasons = _held_refusals(at_meeting, today)
    if session.released:
        reasons.append(f"The minutes were released on {long_date(session.released_on)}.")
    if not session.minutes.strip():
        reasons.append("No minutes of the session are kept yet: the clerk writes them first.")
    if at_meeting.date <= session.meeting.date:
        reasons.append("The Board reviews the minutes at a later meeting than the session's.")
    if not determination.strip():
        reasons.append("Say what the Board determined: why the minutes no longer need withholding.")
    reasons += motion_refusals(at_meeting, "the review of executive session minutes")
    reasons += recorder_refusals(at_meeting, by)
    refuse_if(reasons, "The minutes are not released.")
    session.released_at = at_meeting
    session.released_on = at_meeting.date
    session.release_note = determination.strip()[:2000]
    return save_as(session, by)
