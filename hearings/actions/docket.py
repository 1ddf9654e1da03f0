"""A public hearing put on a meeting's docket, changed while it is open, or withdrawn."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import (
    docketing_refusals,
    next_position,
    refuse_if,
    relief_refusals,
    require_scheduled,
)
from hearings.models import BoardApproval, DocketItem, LegalNotice, Meeting
from hearings.notifications import notify_hearing_scheduled
from permits.models import Application
from permits.renewals import renewal_enlargements, unabated_order_refusals
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import save_as


def _open_item(application: Application) -> DocketItem | None:
    """The application's public hearing still to be decided, if any."""
    return (
        application.docket_items.filter(
            status=DocketItem.Status.SCHEDULED, kind__in=DocketItem.PUBLIC_HEARING_KINDS
        )
        .select_related("meeting")
        .first()
    )


@transaction.atomic
def schedule_hearing(
    *,
    application: Application,
    meeting: Meeting,
    by,
    relief_sought: Iterable[str] = (),
    approvals_sought: Iterable[str] = (),
    staff_recommendation: str = "",
    today: date | None = None,
) -> DocketItem:
    """Put a new application, or a renewal's variance request, on a meeting's docket, with
    what the Board is asked to approve at the hearing (BoardApproval subjects).

    §20-20(9): new applications and variance requests are decided only after a public
    hearing. The caller warns when the meeting is too close to notice it in time
    (`notice_timing.scheduling_warning`); that is a warning, not a refusal, because the Board may
    open the hearing and continue it.
    """
    today = today or timezone.localdate()
    application = Application.objects.select_for_update().get(pk=application.pk)
    relief_sought = list(dict.fromkeys(relief_sought))
    reasons = docketing_refusals(meeting, today)
    if application.status not in (
        Application.Status.RECEIVED,
        Application.Status.AWAITING_HEARING,
    ):
        reasons.append(
            "Only a received application can be put on the docket; this one is "
            f"{application.get_status_display().lower()}."
        )
    open_item = _open_item(application)
    if open_item is not None:
        reasons.append(
            f"It is already on the docket of the meeting of {long_date(open_item.meeting.date)}."
        )
    heard_as_new = application.kind == Application.Kind.NEW or bool(
        renewal_enlargements(application)
    )
    if (
        not heard_as_new
        and not relief_sought
        and not unabated_order_refusals(application.lot, today)
    ):
        reasons.append(
            "A renewal goes to a hearing only when it enlarges the keeping, carries an order "
            "not abated, or asks for a variance: name the rules to vary."
        )
    reasons += relief_refusals(relief_sought)
    approvals_sought = list(dict.fromkeys(approvals_sought))
    reasons += [
        f"Not something the Board approves: {s}."
        for s in approvals_sought
        if s not in BoardApproval.Subject.values
    ]
    refuse_if(reasons, "The hearing cannot be scheduled.")
    item = DocketItem(
        meeting=meeting,
        application=application,
        kind=(
            DocketItem.Kind.NEW_APPLICATION
            if heard_as_new or not relief_sought
            else DocketItem.Kind.VARIANCE_REQUEST
        ),
        position=next_position(meeting),
        relief_sought=relief_sought,
        approvals_sought=approvals_sought,
        staff_recommendation=staff_recommendation.strip(),
    )
    save_as(item, by)
    application.status = Application.Status.AWAITING_HEARING
    save_as(application, by)
    notify_hearing_scheduled(item)
    return item


@transaction.atomic
def update_docket_item(
    *,
    item: DocketItem,
    by,
    relief_sought: Iterable[str] | None = None,
    staff_recommendation: str | None = None,
) -> DocketItem:
    """Change the relief sought (until a letter is mailed) or the staff recommendation."""
    item = DocketItem.objects.select_for_update().get(pk=item.pk)
    require_scheduled(item, "The item cannot be changed")
    reasons = []
    if relief_sought is not None:
        relief_sought = list(dict.fromkeys(relief_sought))
        if relief_sought != item.relief_sought:
            if item.abutter_notices.filter(mailed_on__isnull=False).exists():
                reasons.append(
                    "Letters naming the relief sought have been mailed to abutters; a change "
                    "of relief needs a new hearing."
                )
            if LegalNotice.objects.filter(meeting=item.meeting_id, sent_on__isnull=False).exists():
                reasons.append(
                    "The legal notice naming the relief sought has gone to the newspaper."
                )
            reasons += relief_refusals(relief_sought)
            item.relief_sought = relief_sought
    refuse_if(reasons, "The relief sought cannot be changed.")
    if staff_recommendation is not None:
        item.staff_recommendation = staff_recommendation.strip()
    return save_as(item, by)


@transaction.atomic
def withdraw_docket_item(*, item: DocketItem, by) -> DocketItem:
    """Take an item off the docket (the applicant withdrew or the clerk erred); kept on record."""
    item = DocketItem.objects.select_for_update().select_related("application").get(pk=item.pk)
    require_scheduled(item, "The item cannot be withdrawn")
    item.status = DocketItem.Status.WITHDRAWN
    save_as(item, by)
    application = item.application
    if application.status == Application.Status.AWAITING_HEARING:
        application.status = Application.Status.RECEIVED
        save_as(application, by)
    return item
