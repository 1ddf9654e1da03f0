"""Template helpers of the hearings: notice badges and the application page's hearing summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django import template
from django.utils import timezone

from hearings import clocks
from hearings.docket import outcome_badge
from hearings.models import BoardApproval, DocketItem
from hearings.notice_content import changes_since_notice
from hearings.notice_timing import NoticeTiming, pending_schedule, timing_for
from hearings.wording import Relief, reliefs
from permits.facts_from_records import approvals_granted
from stoneham_boh.lib.badges import status_badge

register = template.Library()


# Badges come from the remembered status badge: a docket shows a hundred past outcomes.
@register.simple_tag
def notice_badge(timing: NoticeTiming, today: date | None = None):
    today = today or timezone.localdate()
    return status_badge(timing.status(today), timing.status_label(today))


@register.simple_tag
def decision_badge(item: DocketItem):
    decision = getattr(item, "decision", None)
    return outcome_badge(item.status, decision.result if decision is not None else None)


@register.simple_tag
def pending_hearing(application):
    """The hearing an undecided application is docketed for, with its notices' timing."""
    return pending_schedule(application)


@register.filter
def all_noticed_in_time(entries) -> bool:
    """Every item on the docket had both notices in time: a passed last day is then no alarm."""
    return bool(entries) and all(entry.timing.both_in_time for entry in entries)


@register.filter
def relief_list(rule_ids) -> list[Relief]:
    return reliefs(rule_ids)


@register.filter
def approval_labels(subjects) -> list[str]:
    """The Board's approvals asked for, as the docket and decision page name them."""
    return [
        BoardApproval.Subject(s).label for s in subjects or () if s in BoardApproval.Subject.values
    ]


@dataclass
class HearingRow:
    item: DocketItem
    timing: NoticeTiming | None
    decision: object | None
    # For a hearing still to be decided: how the request changed since the abutters' letters.
    changes: object | None = None


@dataclass
class HearingSummary:
    rows: list[HearingRow] = field(default_factory=list)
    variances: list = field(default_factory=list)
    approvals: list = field(default_factory=list)
    open_item: DocketItem | None = None
    can_schedule: bool = False


@register.simple_tag
def application_hearing(application) -> HearingSummary:
    """The application's hearings and variances, read from the relations `with_facts()`
    prefetches (a handful of queries otherwise, however many hearings)."""
    from permits.models import Application

    items = sorted(
        application.docket_items.all(), key=lambda i: (i.meeting.date, i.pk), reverse=True
    )
    rows = []
    open_item = None
    for item in items:
        scheduled = item.status == DocketItem.Status.SCHEDULED
        if scheduled and item.is_public_hearing:
            open_item = item
        noticed = item.is_public_hearing and (scheduled or hasattr(item, "decision"))
        rows.append(
            HearingRow(
                item=item,
                timing=timing_for(item, application=application) if noticed else None,
                decision=getattr(item, "decision", None),
                changes=changes_since_notice(item, application=application) if scheduled else None,
            )
        )
    return HearingSummary(
        rows=rows,
        variances=[(v, reliefs(v.rules)) for v in application.variances.all()],
        approvals=approvals_granted(application),
        open_item=open_item,
        # A renewal may be docketed too, for a variance request (§20-21).
        can_schedule=open_item is None and application.status == Application.Status.RECEIVED,
    )


@register.filter
def meeting_day_warning(meeting) -> str:
    """Why the meeting's day needs a second look (a weekend, a legal holiday, a closure)."""
    return clocks.meeting_day_warning(meeting.date)
