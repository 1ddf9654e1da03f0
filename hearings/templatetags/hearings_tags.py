"""Template helpers of the hearings: badges and labels that format what a view read (the
application page's hearings are read in hearings.application_hearings, by its view)."""

from __future__ import annotations

from datetime import date

from django import template
from django.utils import timezone

from hearings import clocks
from hearings.docket import outcome_badge
from hearings.models import BoardApproval, DocketItem
from hearings.notice_timing import NoticeTiming
from hearings.wording import Relief, reliefs
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


@register.filter
def meeting_day_warning(meeting) -> str:
    """Why the meeting's day needs a second look (a weekend, a legal holiday, a closure)."""
    return clocks.meeting_day_warning(meeting.date)
