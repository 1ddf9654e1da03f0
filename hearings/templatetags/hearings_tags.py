"""Template helpers of the hearings: notice badges and the application page's hearing summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django import template
from django.utils import timezone

from hearings.models import DocketItem
from hearings.notices import NoticeTiming, timing_for
from hearings.wording import Relief, reliefs
from stoneham_boh.lib.badges import status_badge

register = template.Library()

DECISION_CLASSES = {"approved": "pass", "denied": "fail", "continued": "pending"}


# Badges come from the remembered status badge: a docket shows a hundred past outcomes.
@register.simple_tag
def notice_badge(timing: NoticeTiming, today: date | None = None):
    today = today or timezone.localdate()
    return status_badge(timing.status(today), timing.status_label(today))


@register.simple_tag
def decision_badge(item: DocketItem):
    decision = getattr(item, "decision", None)
    if item.status == DocketItem.Status.WITHDRAWN:
        return status_badge("not_applicable", "Withdrawn")
    if decision is None:
        return status_badge("pending", "Not yet decided")
    return status_badge(
        DECISION_CLASSES.get(decision.result, "not_applicable"), decision.get_result_display()
    )


@register.filter
def relief_list(rule_ids) -> list[Relief]:
    return reliefs(rule_ids)


@dataclass
class HearingRow:
    item: DocketItem
    timing: NoticeTiming | None
    decision: object | None


@dataclass
class HearingSummary:
    rows: list[HearingRow] = field(default_factory=list)
    variances: list = field(default_factory=list)
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
        if scheduled:
            open_item = item
        rows.append(
            HearingRow(
                item=item,
                timing=timing_for(item) if scheduled or hasattr(item, "decision") else None,
                decision=getattr(item, "decision", None),
            )
        )
    return HearingSummary(
        rows=rows,
        variances=[(v, reliefs(v.rules)) for v in application.variances.all()],
        open_item=open_item,
        # A renewal may be docketed too, for a variance request (§20-21).
        can_schedule=open_item is None and application.status == Application.Status.RECEIVED,
    )
