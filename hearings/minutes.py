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

from hearings import clocks
from hearings.meeting_notice import notice_items, topic
from hearings.models import BoardMember, Decision, DocketItem, Meeting, Minutes
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import weekday_date
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


@dataclass
class MinutesRecord:
    meeting: Meeting
    minutes: Minutes | None
    attendance: list[Attendee]
    attendance_recorded: bool
    items: list[MinutesItem]

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
    return MinutesRecord(meeting, minutes, attendance, recorded, items)


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
        lines.append(f"   Abutters notified by registered mail: {entry.abutters_noticed}.")
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
        if entry.documents:
            used = "; ".join(f"{d.get_kind_display()} ({d.original_name})" for d in entry.documents)
            lines.append(f"   Documents used: {used}.")
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
    return ApprovalState(clock, overdue=not approved and today > clock.when)


CITATION = law.MINUTES_CITATION
