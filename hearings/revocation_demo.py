"""Demo records: a hen permit whose rats were not abated, before the Board for revocation.

The agent found rat burrows at a routine visit a month ago and ordered them abated in two
weeks; the order was found unabated; the clerk put the revocation on the docket of the
coming meeting and mailed the holder notice of the hearing (§20-20(5)). The Board has not
yet voted. `stoneham_boh.demo.load_demo` calls `load` after the inspections exist.
"""

from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta

from django.utils import timezone

from hearings import actions
from hearings.models import Meeting
from inspections import actions as inspection_actions
from inspections.actions import Answer
from inspections.checklist import items_for
from inspections.clocks import default_order_deadline
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, Inspection
from permits.models import Permit
from stoneham_boh.lib.dates import long_date

VERMIN = "20-16.6.no-vermin"


def _quiet_hen_permit(today: date) -> Permit | None:
    """A hen permit in force on a lot nobody has inspected."""
    inspected = Inspection.objects.values("lot_id")
    return (
        Permit.objects.filter(
            status=Permit.Status.ACTIVE,
            issued_on__lte=today - timedelta(days=40),
            expires_on__gte=today,
            animals__species="chicken",
        )
        .exclude(lot__in=inspected)
        .select_related("lot")
        .order_by("number")
        .first()
    )


def _unabated_rats(permit: Permit, today: date, agent):
    visit = today - timedelta(days=30)
    inspection = inspection_actions.schedule_inspection(
        lot=permit.lot,
        kind=Inspection.Kind.ROUTINE,
        scheduled_for=visit,
        agent=agent,
        by=agent,
        permit=permit,
        today=visit,
    )
    keeping = keeping_for(inspection.lot, visit, inspection.application)
    problem = Answer(
        ChecklistFinding.Result.VIOLATION,
        "Rat burrows under the coop floor and droppings in the feed store.",
    )
    answers = {
        item.id: problem if item.id == VERMIN else Answer(ChecklistFinding.Result.COMPLIES)
        for item in items_for(inspection, keeping)
    }
    inspection_actions.record_inspection(
        inspection=inspection,
        by=agent,
        answers=answers,
        performed_at=timezone.make_aware(datetime.combine(visit, time(11))),
        summary="Rats under the coop; the owner was told an order would follow.",
    )
    finding = inspection.findings.get(item_id=VERMIN)
    order = inspection_actions.issue_order(
        finding=finding,
        by=agent,
        requirement="Have a licensed pest control operator abate the rats and send the Board "
        "the operator's report.",
        # Fourteen days, counted on the Town's calendar (a last day it closes rolls forward).
        deadline=default_order_deadline(visit, 14).when,
        issued_on=visit,
    )
    inspection_actions.mark_order_unabated(
        order=order,
        by=agent,
        note="Fresh burrows at the re-inspection; no pest control report received.",
        on=order.runs_until + timedelta(days=2),
    )
    return finding, order


def load(*, today: date, users: dict, rng: random.Random) -> None:
    permit = _quiet_hen_permit(today)
    meeting = Meeting.objects.upcoming(today).first()
    if permit is None or meeting is None:
        return
    finding, order = _unabated_rats(permit, today, users["agent"])
    opened = today - timedelta(days=3)
    proceeding = actions.open_revocation(
        permit=permit,
        meeting=meeting,
        grounds="Rats infest the coop (§20-16(6)); the order of "
        f"{long_date(order.issued_on)} to abate them by {long_date(order.deadline)} was not "
        "obeyed.",
        findings=[finding],
        orders=[order],
        by=users["clerk"],
        today=opened,
    )
    actions.record_holder_notice(
        proceeding=proceeding, mailed_on=opened, by=users["clerk"], today=opened
    )
