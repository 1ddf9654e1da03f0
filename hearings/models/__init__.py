"""Public hearings (§20-20(9)), their notices, the Board's decisions and variances (§20-21).

Each noun has its own module (the Board's roll, meetings, the docket, notices, minutes,
decisions, votes, variances, revocations, executive sessions; the Town's closures are the
town app's, stoneham_boh/town/models.py). This package imports every model, so Django finds
them, and re-exports every public name, so that `from hearings.models import Meeting` keeps working.
"""

from __future__ import annotations

from hearings.models.board import BoardMember, BoardMemberQuerySet, BoardSeats, BoardSeatsQuerySet
from hearings.models.decisions import Decision, DecisionCorrection
from hearings.models.docket import DocketItem
from hearings.models.executive_sessions import ExecutiveSession
from hearings.models.meetings import (
    Meeting,
    MeetingAttendance,
    MeetingPosting,
    MeetingQuerySet,
    notice_days,
)
from hearings.models.minutes import Minutes, MinutesQuerySet, MinutesRelease
from hearings.models.notices import AbutterNotice, LegalNotice, LegalNoticeProof, NoticeCharge
from hearings.models.revocation import RevocationProceeding
from hearings.models.variances import (
    APPROVAL_RULES,
    BoardApproval,
    SetbackEnlargement,
    Variance,
    VarianceQuerySet,
)
from hearings.models.votes import Vote, VoteSettlement

__all__ = [
    "APPROVAL_RULES",
    "AbutterNotice",
    "BoardApproval",
    "BoardMember",
    "BoardMemberQuerySet",
    "BoardSeats",
    "BoardSeatsQuerySet",
    "Decision",
    "DecisionCorrection",
    "DocketItem",
    "ExecutiveSession",
    "LegalNotice",
    "LegalNoticeProof",
    "Meeting",
    "MeetingAttendance",
    "MeetingPosting",
    "MeetingQuerySet",
    "Minutes",
    "MinutesQuerySet",
    "MinutesRelease",
    "NoticeCharge",
    "RevocationProceeding",
    "SetbackEnlargement",
    "Variance",
    "VarianceQuerySet",
    "Vote",
    "VoteSettlement",
    "notice_days",
]
