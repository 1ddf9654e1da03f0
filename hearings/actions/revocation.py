"""A permit brought before the Board for revocation (§20-20(5)), and the holder's notice of
the hearing.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import board_matter, docketing_refusals, refuse_if, require_scheduled
from hearings.models import DocketItem, Meeting, RevocationProceeding
from permits.models import Permit
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import save_as


@transaction.atomic
def open_revocation(
    *,
    permit,
    meeting: Meeting,
    grounds: str,
    by,
    findings: Iterable = (),
    orders: Iterable = (),
    today: date | None = None,
) -> RevocationProceeding:
    """The clerk brings a holder's violations before the Board (§20-20(5)): a proceeding on the
    docket of `meeting`, citing the inspection findings or unabated orders behind it."""
    today = today or timezone.localdate()
    permit = Permit.objects.select_for_update().select_related("application").get(pk=permit.pk)
    findings, orders = list(findings), list(orders)
    reasons = docketing_refusals(meeting, today, public=False, kind=DocketItem.Kind.REVOCATION)
    if permit.status_on(today) != Permit.Status.ACTIVE:
        reasons.append(
            f"Permit {permit.number} is {permit.Status(permit.status_on(today)).label.lower()}: "
            "only a permit in force is revoked."
        )
    if not grounds.strip():
        reasons.append("State the grounds: the provisions violated, and how.")
    if not findings and not orders:
        reasons.append(
            "Cite the violations behind the proceeding: an inspection finding or an order."
        )
    reasons += [
        f"The finding “{f.question}” is not a violation on this permit's lot."
        for f in findings
        if f.result != "violation" or f.inspection.lot_id != permit.lot_id
    ]
    reasons += [
        f"Order #{o.pk} is not an order on this permit's lot."
        for o in orders
        if o.lot_id != permit.lot_id
    ]
    open_already = RevocationProceeding.objects.filter(
        permit=permit, docket_item__status=DocketItem.Status.SCHEDULED
    ).first()
    if open_already is not None:
        reasons.append(
            "A revocation proceeding on this permit is already on the docket of "
            f"{long_date(open_already.docket_item.meeting.date)}."
        )
    refuse_if(reasons, "The revocation proceeding cannot be opened.")
    item = board_matter(permit.application, meeting, DocketItem.Kind.REVOCATION, today, by)
    proceeding = save_as(
        RevocationProceeding(
            permit=permit, docket_item=item, grounds=grounds.strip(), opened_on=today
        ),
        by,
    )
    proceeding.findings.set(findings)
    proceeding.orders.set(orders)
    return proceeding


@transaction.atomic
def record_holder_notice(
    *, proceeding: RevocationProceeding, mailed_on: date, by, today: date | None = None
) -> RevocationProceeding:
    """The holder's written notice of the revocation hearing went out on `mailed_on`."""
    today = today or timezone.localdate()
    proceeding = (
        RevocationProceeding.objects.select_for_update(of=("self",))
        .select_related("docket_item__meeting")
        .get(pk=proceeding.pk)
    )
    item = proceeding.docket_item
    require_scheduled(item, "The notice cannot be recorded")
    reasons = []
    if mailed_on > today:
        reasons.append("The mailing date cannot be in the future.")
    if mailed_on >= item.meeting.date:
        reasons.append("A notice mailed on or after the hearing gives no notice of it.")
    if mailed_on < proceeding.opened_on:
        reasons.append("The notice cannot predate the proceeding.")
    refuse_if(reasons, "The notice to the holder cannot be recorded.")
    proceeding.holder_notified_on = mailed_on
    return save_as(proceeding, by)
