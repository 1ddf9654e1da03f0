"""What an application or permit may do next, read without changing anything.

The actions (permits/actions.py) change state; these answer the questions the pages and the
actions ask first: the fee due and paid (§20-20(4)), every reason a permit cannot be issued
today, the year it is issued for, when the keeping was first permitted (§20-20(8)).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db.models import Sum
from django.utils import timezone

from permits.facts_from_records import evaluate_application
from permits.models import Application, FeeSchedule, Permit


def fee_due(application: Application) -> Decimal | None:
    """§20-20(4): the fee of the schedule in force when the application was received.

    Remembered on the instance (for its date and kind): a page asks it three times.
    """
    key = (application.received_on or timezone.localdate(), application.kind)
    remembered = getattr(application, "_fee_due", None)
    if remembered is not None and remembered[0] == key:
        return remembered[1]
    schedule = FeeSchedule.in_force_on(key[0])
    due = None if schedule is None else schedule.fee_for(application.kind)
    application._fee_due = (key, due)
    return due


def amount_paid(application: Application) -> Decimal:
    """What was paid and not voided; read from prefetched payments when the page has them."""
    prefetched = getattr(application, "_prefetched_objects_cache", {}).get("payments")
    if prefetched is not None:
        return sum((p.amount for p in prefetched if not p.voided), Decimal("0"))
    total = application.payments.filter(voided=False).aggregate(total=Sum("amount"))["total"]
    return total or Decimal("0")


def refusals_to_issue(
    application: Application, on: date, *, result: dict | None = None
) -> list[str]:
    """Every reason the permit cannot be issued today; empty when it can.

    `result` is the rules' result for `application` as of `on`, when the caller has it already.
    """
    reasons = []
    if application.status in (Application.Status.DRAFT,):
        reasons.append("The application has not been marked as received.")
    if application.status in (Application.Status.DENIED, Application.Status.WITHDRAWN):
        reasons.append(f"The application is {application.get_status_display().lower()}.")
    if application.renews_id:
        reasons.extend(_renewal_refusals(application))
    if result is None:
        result = evaluate_application(application, as_of=on)
    if "error" in result:
        reasons.append(f"The application's facts are incomplete: {result['error']['message']}")
    elif not result["eligible"]:
        blocking = [
            f["citation"]
            for f in result["findings"]
            if f["status"] in ("fail", "missing", "pending")
        ]
        reasons.append(
            "The rules are not all met (§20-20(3)): " + ", ".join(dict.fromkeys(blocking)) + "."
        )
    due = fee_due(application)
    if due is None:
        reasons.append("No fee schedule is in force for the application's date.")
    elif amount_paid(application) < due:
        reasons.append(f"The fee of ${due} is not paid in full (§20-20(4)).")
    return reasons


def _renewal_refusals(application: Application) -> list[str]:
    """§20-20(6)-(7): a renewal continues the same holder's keeping on the same lot, once."""
    permit = application.renews
    reasons = []
    if permit.status == Permit.Status.REVOKED:
        reasons.append("A revoked permit cannot be renewed (§20-20(6)).")
    elif permit.status == Permit.Status.VOID:
        reasons.append("A void permit cannot be renewed.")
    if application.applicant_id != permit.holder_id or application.lot_id != permit.lot_id:
        reasons.append(
            "A permit is not transferable (§20-20(7)): a new owner or a different lot needs a "
            "new application."
        )
    if Permit.objects.filter(application__renews=permit).exclude(application=application).exists():
        reasons.append(f"Permit {permit.number} has already been renewed.")
    return reasons


def permit_year_for(application: Application, on: date) -> int:
    """The year a permit is issued for: a renewal of this year's permit is next year's permit."""
    if application.renews_id:
        return max(on.year, application.renews.year + 1)
    return on.year


def first_permitted_on(permit: Permit) -> date:
    """When the keeping was first permitted: follows the chain of renewals back (§20-20(8))."""
    seen = set()
    current = permit
    while current.pk not in seen:
        seen.add(current.pk)
        application = current.application
        if application.prior_permit_issued:
            return application.prior_permit_issued
        if not application.renews_id:
            return current.issued_on
        current = application.renews
    return permit.issued_on
