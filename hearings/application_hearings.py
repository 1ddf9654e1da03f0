"""An application's hearings, variances and the Board's approvals, as its page shows them: read
from the relations `with_facts()` prefetches (a handful of queries otherwise, however many
hearings). The application page (permits.application_page) gathers this reading; its template
formats it.

Each undecided hearing names its two "notices due" days for what each is (docs/adr/0009): the
regulation's last day, which the rules compute (§20-20(9): the notice period before the
hearing), and the office's day to mail by, its last working day on or before it
(hearings.clocks.abutter_notice_deadline), which is earlier when the office is closed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from hearings.models import DocketItem
from hearings.notice_content import changes_since_notice
from hearings.notice_timing import NoticeTiming, timing_for
from hearings.wording import reliefs
from permits.facts_from_records import approvals_granted
from permits.models import Application


@dataclass
class HearingRow:
    item: DocketItem
    timing: NoticeTiming | None
    decision: object | None
    # For a hearing still to be decided: how the request changed since the abutters' letters.
    changes: object | None = None

    @property
    def legal_last_day(self) -> date | None:
        """The regulation's last day to give the notices (§20-20(9), the rules' reading)."""
        return self.timing.deadline if self.timing is not None else None

    @property
    def office_day(self) -> date | None:
        """The office's day to mail the notices by, when it is earlier than the regulation's
        last day (a weekend, a legal holiday, a closure); None when they are the same day."""
        if self.timing is None or self.timing.due_by in (None, self.timing.deadline):
            return None
        return self.timing.due_by


@dataclass
class HearingSummary:
    rows: list[HearingRow] = field(default_factory=list)
    variances: list = field(default_factory=list)
    approvals: list = field(default_factory=list)
    open_item: DocketItem | None = None
    can_schedule: bool = False


def application_hearing(application) -> HearingSummary:
    """The application's hearings and variances, newest first, with each hearing's notices."""
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
