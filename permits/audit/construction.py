"""Construction (§20-20(2)(a)): a permit for a facility to be built or remodelled issues only
after the Board approved the plans, the building inspector approved, and a completion
inspection found the work done; a remodel declared at renewal needs its own approval.
"""

from __future__ import annotations

from datetime import date

from django.utils import timezone

from permits.rules.checklist import CONSTRUCTION_COMPLETE

from .anomaly import BREACH, Anomaly, permit_ref

CITATION = "§20-20(2)(a)"


def building_inspector_approval(application, on: date):
    """The day the building inspector's approval is recorded as given, on or before `on`, with
    its document on file (not voided): None when the records do not show it by then."""
    day = application.building_inspector_approved_on
    document = application.building_inspector_document
    if day is None or day > on or document is None or document.voided:
        return None
    return day


def completed_on(application, on: date, since: date | None = None):
    """The day of the last final inspection of construction made for `application` that found
    the work complete, on or before `on` (and not before the Board approved the plans)."""
    inspections = getattr(application, "final_inspections", None)
    if inspections is None:  # an application the register did not load with its relations
        inspections = application.inspections.filter(kind="final_construction")
    days = [
        timezone.localtime(i.performed_at).date()
        for i in inspections
        if i.status == "completed"
        and i.performed_at
        and any(
            f.item_id == CONSTRUCTION_COMPLETE and f.result == "complies" for f in i.findings.all()
        )
    ]
    days = [d for d in days if d <= on and (since is None or d >= since)]
    return max(days, default=None)


def plans_approved_on(application, on: date):
    return min(
        (
            a.granted_on
            for a in application.board_approvals.all()
            if a.subject == "construction" and a.granted_on <= on
        ),
        default=None,
    )


def approved_and_complete(application, on: date) -> bool:
    """The rules' ``construction_approved.building_inspector``: the inspector's approval of
    the completed work, both on record by `on`."""
    since = plans_approved_on(application, on)
    return (
        building_inspector_approval(application, on) is not None
        and completed_on(application, on, since) is not None
    )


def check_construction(register) -> list[Anomaly]:
    found = []
    for permit in register.permits:
        application = register.application(permit)
        if application.construction == "none" or permit.legacy:
            continue
        ref = permit_ref(permit)
        what = "remodelling" if application.construction == "remodel" else "new construction"

        def add(sentence, kind=BREACH, ref=ref):
            found.append(Anomaly("construction", CITATION, ref, sentence, kind))

        since = plans_approved_on(application, permit.issued_on)
        if since is None:
            add(
                f"Issued for {what} with no approval of its plans by the Board on this application."
            )
        if building_inspector_approval(application, permit.issued_on) is None:
            add(
                f"Issued for {what} without the building inspector's approval on record (its "
                "date and document) by the day it issued."
            )
        if completed_on(application, permit.issued_on, since) is None:
            add(f"Issued for {what} with no completion inspection of the work before the permit.")
    return found
