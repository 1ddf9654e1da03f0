"""A permit with a violation on its lot, brought before the Board, built through the actions."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import time_machine

from hearings import actions
from inspections import actions as inspection_actions
from inspections.models import ChecklistFinding, Inspection
from tests import factories
from tests.hearings.builders import posted

OPENED = date(2027, 6, 1)
HEARING = date(2027, 6, 22)  # a Tuesday
NOTICE_MAILED = date(2027, 6, 5)
REMOVE_BY = date(2027, 7, 22)


def violation(permit, *, agent, clerk, on=date(2027, 5, 20), at=time(10)) -> ChecklistFinding:
    """An inspection of the permit's lot on `on` at `at` (Stoneham's time) that found one
    violation."""
    from inspections.actions import Answer
    from inspections.checklist import items_for
    from inspections.keeping import keeping_for

    inspection = inspection_actions.schedule_inspection(
        lot=permit.lot,
        kind=Inspection.Kind.ROUTINE,
        scheduled_for=on,
        by=clerk,
        agent=agent,
        permit=permit,
        today=on,
    )
    keeping = keeping_for(inspection.lot, inspection.scheduled_for, inspection.application)
    items = items_for(inspection, keeping)
    answers = {item.id: Answer(ChecklistFinding.Result.COMPLIES) for item in items}
    answers[items[0].id] = Answer(ChecklistFinding.Result.VIOLATION, "Rat burrows by the coop.")
    performed = datetime.combine(on, at, tzinfo=ZoneInfo("America/New_York"))
    # Recorded at noon, or just after an evening visit.
    recorded = max(factories.midday(on), performed + timedelta(minutes=30))
    with time_machine.travel(recorded, tick=False):
        inspection_actions.record_inspection(
            inspection=inspection,
            by=agent,
            answers=answers,
            performed_at=performed,
            summary="Rats.",
        )
    return inspection.findings.get(result=ChecklistFinding.Result.VIOLATION)


def order(finding, *, agent):
    day = finding.inspection.scheduled_for
    return inspection_actions.issue_order(
        finding=finding,
        by=agent,
        requirement="Abate the rats.",
        deadline=day + timedelta(days=7),
        issued_on=day,
    )


def hearing(*, by, on=HEARING):
    return actions.schedule_meeting(
        on=on, at=time(19), place="Stoneham Town Hall, 35 Central Street", by=by, today=OPENED
    )


def proceeding(*, clerk, agent, permit=None, notified=True):
    """A revocation proceeding on a hen permit, citing an inspection's violation."""
    permit = permit or factories.issued_permit(by=clerk)
    finding = violation(permit, agent=agent, clerk=clerk)
    opened = actions.open_revocation(
        permit=permit,
        meeting=hearing(by=clerk),
        grounds="Rats under the coop (§20-16(6)), not abated by the order's deadline.",
        findings=[finding],
        by=clerk,
        today=OPENED,
    )
    posted(opened.docket_item.meeting, by=clerk)
    if notified:
        actions.record_holder_notice(
            proceeding=opened, mailed_on=NOTICE_MAILED, by=clerk, today=NOTICE_MAILED
        )
    return opened
