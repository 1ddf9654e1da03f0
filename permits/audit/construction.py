"""Construction (§20-20(2)(a)): a permit for a facility to be built or remodelled issues only
after the Board approved the plans, the building inspector approved, and a completion
inspection found the work done; a remodel declared at renewal needs its own approval.
"""

from __future__ import annotations

from .anomaly import BREACH, NOT_SHOWN, Anomaly, permit_ref

CITATION = "§20-20(2)(a)"


def building_inspector_approval(application):
    """(approved, the day it was given): the application records only a tick today."""
    return application.construction_building_inspector_approved, None


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

        approvals = [
            a
            for a in application.board_approvals.all()
            if a.subject == "construction" and a.granted_on <= permit.issued_on
        ]
        if not approvals:
            add(
                f"Issued for {what} with no approval of its plans by the Board on this application."
            )
        approved, on = building_inspector_approval(application)
        if not approved:
            add(f"Issued for {what} without the building inspector's approval.")
        elif on is None:
            add(
                "The building inspector's approval is a tick on the application, with no date "
                "or document: it cannot be shown to precede the permit.",
                NOT_SHOWN,
            )
        since = min((a.granted_on for a in approvals), default=None)
        done = [
            i
            for i in register.inspections_by_lot.get(permit.lot_id, [])
            if i.status == "completed"
            and i.performed_at
            and i.performed_at.date() <= permit.issued_on
            and (since is None or i.performed_at.date() >= since)
            and not any(f.result == "violation" for f in i.findings.all())
        ]
        if not done:
            add(f"Issued for {what} with no completion inspection of the work before the permit.")
    return found
