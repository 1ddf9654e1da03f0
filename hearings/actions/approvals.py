"""What the regulation calls the Board's approval, put before the Board at a meeting."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import board_matter, docketing_refusals, refuse_if
from hearings.models import BoardApproval, DocketItem, Meeting
from permits.models import Application
from stoneham_boh.lib.history import save_as


@transaction.atomic
def request_board_approval(
    *,
    application: Application,
    meeting: Meeting,
    subjects: Iterable[str],
    by,
    today: date | None = None,
) -> DocketItem:
    """Put what the regulation calls the Board's approval (a wild animal, composting, the
    vermin control plan, construction plans) before the Board at a meeting.

    An application heard at that meeting carries the request on its own item; otherwise it is
    an item of its own on the docket.
    """
    today = today or timezone.localdate()
    application = Application.objects.select_for_update().get(pk=application.pk)
    subjects = list(dict.fromkeys(subjects))
    reasons = docketing_refusals(meeting, today, public=False, kind=DocketItem.Kind.BOARD_APPROVAL)
    if not subjects:
        reasons.append("Choose what the Board is asked to approve.")
    unknown = [s for s in subjects if s not in BoardApproval.Subject.values]
    if unknown:
        reasons.append(f"Not something the Board approves: {', '.join(unknown)}.")
    if not application.is_editable:
        reasons.append(
            f"The application is {application.get_status_display().lower()}: what the Board "
            "approves is decided before the permit."
        )
    granted = set(application.board_approvals.values_list("subject", flat=True))
    already = [BoardApproval.Subject(s).label for s in subjects if s in granted]
    if already:
        reasons.append(f"Already approved by the Board: {'; '.join(already)}.")
    refuse_if(reasons, "The approval cannot be put before the Board.")
    item = (
        application.docket_items.filter(
            meeting=meeting,
            status=DocketItem.Status.SCHEDULED,
            kind__in=[*DocketItem.PUBLIC_HEARING_KINDS, DocketItem.Kind.BOARD_APPROVAL],
        )
        .select_for_update()
        .first()
    )
    if item is None:
        return board_matter(
            application,
            meeting,
            DocketItem.Kind.BOARD_APPROVAL,
            today,
            by,
            approvals_sought=subjects,
        )
    item.approvals_sought = list(dict.fromkeys([*item.approvals_sought, *subjects]))
    return save_as(item, by)
