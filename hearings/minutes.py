"""The minutes of a meeting drafted from its record (M.G.L. c.30A §22).

What the law lists is read from the record: the date, time and place; the members present
(in person or remotely, with the reason) and absent; for each item the applicant, what was
asked, the abutters noticed, the findings, the motion, the decision and each member's vote;
the documents used. The clerk adds a summary of the discussion, for the meeting and for each
item (who was heard); the Board approves them at a later meeting.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.template.defaultfilters import date as date_filter
from django.utils import timezone

from hearings import clocks
from hearings.meeting_notice import notice_items, topic
from hearings.models import (
    BoardMember,
    Decision,
    DocketItem,
    ExecutiveSession,
    Meeting,
    Minutes,
)
from inspections.models import Inspection
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import long_date, weekday_date
from stoneham_boh.lib.mass_calendar import Clock

MOTIONS = {
    Decision.Result.APPROVED: "to approve",
    Decision.Result.DENIED: "to deny",
    Decision.Result.CONTINUED: "to continue",
    Decision.Result.REVOKED: "to revoke the permit",
    Decision.Result.RESCINDED: "to rescind the variance",
    Decision.Result.DISMISSED: "to dismiss the proceeding",
}


@dataclass
class Attendee:
    name: str
    how: str  # "in person", "remotely", "absent"
    reason: str = ""


@dataclass
class MinutesItem:
    item: DocketItem
    topic: str
    abutters_noticed: int
    summary: str
    motion: str = ""
    result: str = ""
    findings: str = ""
    votes: list[tuple[str, str]] = field(default_factory=list)
    documents: list = field(default_factory=list)
    records_used: list[UsedRecord] = field(default_factory=list)

    @property
    def notice(self) -> str:
        """The notice that counts for the item: the holder's written notice of a revocation
        hearing (§20-20(5)), the abutters' registered letters of any other."""
        if self.item.kind == DocketItem.Kind.REVOCATION:
            proceeding = getattr(self.item, "revocation", None)
            mailed = proceeding.holder_notified_on if proceeding else None
            if mailed is None:
                return "The holder's written notice of the hearing is not recorded"
            return f"The holder was sent written notice of the hearing on {weekday_date(mailed)}"
        return f"Abutters notified by registered mail: {self.abutters_noticed}"


@dataclass(frozen=True)
class UsedRecord:
    """A record of the Board's own that an item used (c.30A §22(a) lists every document and
    exhibit used at the meeting): the notices, the plan as drawn, the inspection reports."""

    label: str
    url_name: str
    pk: int


def records_used(item: DocketItem, meeting: Meeting) -> list[UsedRecord]:
    used = []
    notice = getattr(meeting, "legal_notice", None)
    if notice is not None and notice.published_on:
        used.append(
            UsedRecord(
                f"Legal notice, {notice.newspaper}, {long_date(notice.published_on)}",
                "hearings:legal-notice",
                meeting.pk,
            )
        )
    mailed = [n for n in item.abutter_notices.all() if n.mailed_on]
    if mailed:
        used.append(
            UsedRecord(
                f"Registered letters to {len(mailed)} abutter{'s' if len(mailed) != 1 else ''}, "
                f"mailed {long_date(max(n.mailed_on for n in mailed))}",
                "hearings:item-notices",
                item.pk,
            )
        )
    application = item.application
    if application.structures.exists():
        used.append(
            UsedRecord(
                "The site plan as drawn, with its distances", "permits:site-plan", application.pk
            )
        )
    # The reports of the lot since the application came in, as the Board had them that night.
    inspections = Inspection.objects.filter(
        lot_id=application.lot_id, performed_at__date__lte=meeting.date
    ).order_by("performed_at")
    if application.received_on:
        inspections = inspections.filter(performed_at__date__gte=application.received_on)
    for inspection in inspections:
        used.append(
            UsedRecord(
                f"Inspection report of {long_date(timezone.localdate(inspection.performed_at))}",
                "inspections:inspection-report",
                inspection.pk,
            )
        )
    return used


@dataclass
class ClosedSession:
    """The open session's record of a vote to enter executive session."""

    session: ExecutiveSession
    votes: list[tuple[str, str]]

    @property
    def sentence(self) -> str:
        session = self.session
        back = (
            "The Board will reconvene in open session."
            if session.reconvenes
            else "The Board will not reconvene in open session."
        )
        return (
            f"Motion to enter executive session under M.G.L. {session.purpose_cited}: "
            f"{session.statement.rstrip('. ')}. {back}"
        )


@dataclass
class MinutesRecord:
    meeting: Meeting
    minutes: Minutes | None
    attendance: list[Attendee]
    attendance_recorded: bool
    items: list[MinutesItem]
    # The votes to enter executive session, as open-session minutes record them (c.30A §21(b));
    # the session's own minutes are apart, withheld until released (ExecutiveSession).
    executive_sessions: list[ClosedSession] = field(default_factory=list)

    @property
    def remote(self) -> list[Attendee]:
        return [a for a in self.attendance if a.how == "remotely"]

    @property
    def roll_call(self) -> bool:
        """With anyone remote, every vote is taken by roll call (940 CMR 29.10)."""
        return bool(self.remote)


def _attendance(meeting: Meeting) -> tuple[list[Attendee], bool]:
    rows = list(meeting.attendance.select_related("member").order_by("member__name"))
    if rows:
        return [
            Attendee(row.member.name, row.get_mode_display().lower(), row.remote_reason)
            for row in rows
        ], True
    members = BoardMember.objects.in_office(meeting.date).order_by("name")
    return [Attendee(member.name, "not recorded") for member in members], False


def record_of(meeting: Meeting, minutes: Minutes | None = None) -> MinutesRecord:
    summaries = minutes.item_summaries if minutes else {}
    names = {m.user_id: m.name for m in BoardMember.objects.in_office(meeting.date)}
    items = []
    for item in notice_items(meeting):
        decision = getattr(item, "decision", None)
        entry = MinutesItem(
            item=item,
            topic=topic(item),
            abutters_noticed=item.abutter_notices.filter(mailed_on__isnull=False).count(),
            summary=summaries.get(str(item.pk), ""),
            documents=list(item.application.documents.filter(voided=False)),
            records_used=records_used(item, meeting),
        )
        if decision is not None:
            entry.motion = f"Motion {MOTIONS.get(decision.result, decision.result)}"
            if decision.conditions:
                entry.motion += f", with the conditions: {decision.conditions.rstrip('. ')}"
            entry.result = decision.get_result_display()
            entry.findings = decision.reasons
            entry.votes = [
                (names.get(vote.member_id, str(vote.member)), vote.get_vote_display())
                for vote in decision.votes.select_related("member").order_by("id")
            ]
        items.append(entry)
    attendance, recorded = _attendance(meeting)
    closed = [
        ClosedSession(
            session,
            [
                (names.get(vote.member_id, str(vote.member)), vote.get_vote_display())
                for vote in session.roll.select_related("member").order_by("id")
            ],
        )
        for session in meeting.executive_sessions.order_by("id")
    ]
    return MinutesRecord(meeting, minutes, attendance, recorded, items, closed)


def minutes_text(record: MinutesRecord) -> str:
    """The minutes as plain text: what the approved minutes keep, and the public reads."""
    meeting = record.meeting
    minutes = record.minutes
    lines = [
        "STONEHAM BOARD OF HEALTH",
        "MINUTES OF THE MEETING",
        f"{weekday_date(meeting.date)} at {date_filter(meeting.time, 'g:i A')}, {meeting.place}",
        "",
        "Members:",
    ]
    for person in record.attendance:
        reason = f" ({person.reason})" if person.reason else ""
        lines.append(f"  {person.name}: {person.how}{reason}")
    if record.roll_call:
        lines.append("A member took part remotely: every vote was taken by roll call.")
    if minutes and minutes.discussion:
        lines += ["", "Summary of the discussion:", minutes.discussion]
    for number, entry in enumerate(record.items, start=1):
        lines += ["", f"{number}. {entry.topic}"]
        lines.append(f"   {entry.notice}.")
        if entry.summary:
            lines.append(f"   Discussion: {entry.summary}")
        if entry.findings:
            lines.append(f"   Findings: {entry.findings}")
        if entry.motion:
            lines.append(f"   {entry.motion}. Decision: {entry.result}.")
            votes = "; ".join(f"{name} {vote.lower()}" for name, vote in entry.votes)
            lines.append(f"   Votes{' (roll call)' if record.roll_call else ''}: {votes}.")
        else:
            lines.append("   No decision was recorded.")
        if entry.documents or entry.records_used:
            used = "; ".join(
                [f"{d.get_kind_display()} ({d.original_name})" for d in entry.documents]
                + [record.label for record in entry.records_used]
            )
            lines.append(f"   Documents and exhibits used: {used}.")
    for closed in record.executive_sessions:
        votes = "; ".join(f"{name} {vote.lower()}" for name, vote in closed.votes)
        lines += ["", closed.sentence, f"   Votes (roll call): {votes}."]
    if minutes and minutes.approved:
        votes = "; ".join(f"{name} {vote}" for name, vote in minutes.approval_votes.items())
        lines += [
            "",
            "Approved by the Board at its meeting of "
            f"{weekday_date(minutes.approved_at.date)} ({votes}).",
        ]
    return "\n".join(lines)


@dataclass(frozen=True)
class ApprovalState:
    clock: Clock
    overdue: bool


def approval_state(minutes: Minutes | None, meeting: Meeting, today: date) -> ApprovalState:
    clock = clocks.minutes_approval_deadline(meeting)
    approved = minutes is not None and minutes.approved
    return ApprovalState(
        clock, overdue=not approved and clocks.minutes_approval_overdue(meeting, today)
    )


CITATION = law.MINUTES_CITATION
