"""The Board's executive sessions (M.G.L. c.30A §§21, 22(f)-(g); issue 37, item 1).

Stated from the records only (the sessions, their roll calls, the meetings and postings):

- every executive session was entered by the Board's own roll-call vote in open session, at
  a meeting held and noticed in time, a quorum of its seats present, carried (the motion's
  faults are those of every motion: permits.audit.votes.motion_faults);
- for a purpose of §21(a), stated as the chair stated it, and on the record before the
  meeting's minutes were approved (the approved minutes show the vote to enter it);
- minutes released only by the Board's determination at a later meeting held, dated that
  meeting's day; until then they are not public (hearings.models.ExecutiveSession).
"""

from __future__ import annotations

from django.utils import timezone

from hearings.models import ExecutiveSession, Minutes
from stoneham_boh.lib.dates import long_date

from .anomaly import BREACH, Anomaly, RecordRef
from .votes import Votes, motion_faults

SECTION = "M.G.L. c.30A §21"
RELEASE = "M.G.L. c.30A §22(g)"
MINUTES = "M.G.L. c.30A §22(a)"
# §21(a) lists ten purposes: none other allows the Board to close its meeting.
PURPOSES = {str(n) for n in range(1, 11)}


def _ref(session) -> RecordRef:
    return RecordRef(
        "executive session",
        session.pk,
        f"Executive session of the meeting of {long_date(session.meeting.date)}",
        "hearings:executive-session",
    )


def _release_faults(session) -> list[tuple[str, str]]:
    if session.released_on is None and session.released_at_id is None:
        return []
    at = session.released_at
    if at is None or at.cancelled:
        return [(RELEASE, "Its minutes are released at no meeting the Board held.")]
    faults = []
    if at.date <= session.meeting.date:
        faults.append((RELEASE, "Its minutes are released at a meeting before the session's."))
    if session.released_on != at.date:
        faults.append(
            (
                RELEASE,
                f"Its minutes are dated released {long_date(session.released_on)}; the Board "
                f"determined it at its meeting of {long_date(at.date)}.",
            )
        )
    return faults


def check_executive_sessions(register) -> list[Anomaly]:
    sessions = list(ExecutiveSession.objects.select_related("meeting", "released_at"))
    if not sessions:
        return []
    votes = Votes()
    recorded = dict(
        ExecutiveSession.history.filter(history_type="+").values_list("id", "history_date")
    )
    # When each meeting's minutes were first approved: the approved record is the Board's.
    approved: dict = {}
    for meeting_id, when in (
        Minutes.history.filter(approved_on__isnull=False)
        .order_by("history_date")
        .values_list("meeting_id", "history_date")
    ):
        approved.setdefault(meeting_id, when)
    found = []
    for session in sessions:
        faults = [
            (provision, f"The vote to enter it: {sentence}")
            for provision, sentence in motion_faults(
                register,
                votes,
                "executive_session",
                session.pk,
                session.meeting,
                recorded.get(session.pk) or timezone.now(),
            )
        ]
        if session.purpose not in PURPOSES:
            faults.append((SECTION, "It names no purpose of §21(a) that allows a closed session."))
        entered = recorded.get(session.pk)
        closed = approved.get(session.meeting_id)
        if entered is not None and closed is not None and entered > closed:
            faults.append(
                (
                    MINUTES,
                    "It was recorded after the meeting's minutes were approved without it: the "
                    "approved record does not show the vote to enter it.",
                )
            )
        if not session.statement.strip():
            faults.append((SECTION, "The purpose was not stated in open session."))
        faults += _release_faults(session)
        found += [
            Anomaly("votes", provision, _ref(session), sentence, BREACH)
            for provision, sentence in faults
        ]
    return found
