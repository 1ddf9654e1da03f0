"""What an application or permit may do next, read without changing anything.

The actions (permits/actions.py) change state; these answer the questions the pages and the
actions ask first: the fee due and paid (§20-20(4)), every reason a permit cannot be issued
today, the year it is issued for. What a renewal inherits is read in permits/renewals.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Sum
from django.utils import timezone

from facilities.addresses import lots_at_address
from facilities.models import ParcelImport
from hearings.motions import application_doubt_refusals
from hearings.notice_cost import charged_hearings
from permits import renewals
from permits.construction import construction_record
from permits.facts_from_records import evaluate_application, variances_for
from permits.models import Application, FeeSchedule, Permit, permit_expiry


def schedule_fee(application: Application) -> Decimal | None:
    """§20-20(4): the fee of the schedule in force when the application was received: as kept
    at receipt, or, before it is received, the schedule in force today.

    Remembered on the instance (for its date and kind): a page asks it three times.
    """
    if application.received_on is not None and application.fee_at_receipt is not None:
        return application.fee_at_receipt
    key = (application.received_on or timezone.localdate(), application.kind)
    remembered = getattr(application, "_fee_due", None)
    if remembered is not None and remembered[0] == key:
        return remembered[1]
    schedule = FeeSchedule.in_force_on(key[0])
    due = None if schedule is None else schedule.fee_for(application.kind)
    application._fee_due = (key, due)
    return due


def keep_fee_at_receipt(application: Application) -> None:
    """Fix the application's fee as the schedule in force on the day it was received (called
    by every action that marks it received, before it is saved)."""
    schedule = FeeSchedule.in_force_on(application.received_on)
    application.fee_at_receipt = None if schedule is None else schedule.fee_for(application.kind)


@dataclass(frozen=True)
class FeeStatement:
    """What the applicant owes: the schedule's fee (§20-20(4)) and the cost of the notice of
    each hearing held on the application once its letters went out (§20-20(9): notice "at
    the applicant's expense"; hearings.notice_cost)."""

    schedule: Decimal | None
    notices: tuple = ()  # (docket item, NoticeCostStatement) for each hearing noticed

    @property
    def notice_total(self) -> Decimal:
        return sum((statement.total for _item, statement in self.notices), Decimal("0"))

    @property
    def total(self) -> Decimal | None:
        return None if self.schedule is None else self.schedule + self.notice_total


def fee_statement(application: Application) -> FeeStatement:
    notices = tuple(charged_hearings(application)) if application.pk else ()
    return FeeStatement(schedule=schedule_fee(application), notices=notices)


def fee_due(application: Application) -> Decimal | None:
    """All the applicant owes: the schedule's fee and the notice of its hearings (None while
    no fee schedule is in force for the application's date)."""
    return fee_statement(application).total


def amount_paid(application: Application) -> Decimal:
    """What was paid and not voided; read from prefetched payments when the page has them."""
    prefetched = getattr(application, "_prefetched_objects_cache", {}).get("payments")
    if prefetched is not None:
        return sum((p.amount for p in prefetched if not p.voided), Decimal("0"))
    total = application.payments.filter(voided=False).aggregate(total=Sum("amount"))["total"]
    return total or Decimal("0")


def refusals_to_issue(
    application: Application,
    on: date,
    *,
    result: dict | None = None,
    fees: FeeStatement | None = None,
) -> list[str]:
    """Every reason the permit cannot be issued today; empty when it can.

    `result` is the rules' result for `application` as of `on`, when the caller has it already.
    """
    reasons = []
    if application.status in (
        Application.Status.DRAFT,
        Application.Status.SUBMITTED,
        Application.Status.INFORMATION_REQUESTED,
    ):
        reasons.append("The application has not been marked as received.")
    if application.status in (Application.Status.DENIED, Application.Status.WITHDRAWN):
        reasons.append(f"The application is {application.get_status_display().lower()}.")
    reasons.extend(lot_refusals(application.lot))
    if application.renews_id:
        reasons.extend(_renewal_refusals(application, on))
    if result is None:
        result = evaluate_application(application, as_of=on)
    reasons.extend(_construction_refusals(application, on))
    reasons.extend(application_doubt_refusals(application))
    if "error" in result:
        reasons.append(f"The application's facts are incomplete: {result['error']['message']}")
    elif not result["eligible"]:
        # Each rule not met, in its own words with its own citation.
        for finding in result["findings"]:
            if finding["status"] in ("fail", "missing", "pending"):
                subject = f"{finding['subject']}: " if finding.get("subject") else ""
                reasons.append(f"{subject}{finding['message']} ({finding['citation']})")
    fees = fees or fee_statement(application)
    if fees.total is None:
        reasons.append("No fee schedule is in force for the application's date.")
    elif amount_paid(application) < fees.total:
        reasons.append(unpaid_fee_reason(fees))
    return reasons


def unpaid_fee_reason(fees: FeeStatement, *, cited: bool = True) -> str:
    """The sentence that the fees are not paid, naming the notice's share when there is one."""
    if not fees.notices:
        return f"The fee of ${fees.total} is not paid in full" + (" (§20-20(4))." if cited else ".")
    return (
        f"The fees of ${fees.total} (the application fee of ${fees.schedule}, §20-20(4), and "
        f"${fees.notice_total} for the notice of the hearing, §20-20(9)) are not paid in full."
    )


def lot_refusals(lot) -> list[str]:
    """One lot per parcel (§20-14, Lot): no permit on a lot merged into another, nor, where
    the parcel map is imported, on a lot off the map unless the clerk said why."""
    if lot is None:
        return ["The lot is not matched yet: mark the online application received on its lot."]
    if lot.merged_into_id is not None:
        return [f"The lot was merged into {lot.merged_into}: the application belongs there."]
    if lot.tax_parcel_id is None and not lot.unmapped_reason and ParcelImport.objects.exists():
        return [
            f"{lot} is not on the parcel map: link it to its parcel (a parcel already on file "
            "is merged into its lot), or record why it is off the map."
        ]
    return []


def twin_lot_refusals(lot) -> list[str]:
    """A lot recorded twice before the intake matched addresses however typed: the Board's
    figures (horses, acreage, areas) are counted over the one lot, so the clerk merges them
    before any permit issues there (§20-14, Lot). Asked by the issue itself, not by the pages
    (a query each)."""
    twins = lots_at_address(lot.street_address, exclude_pk=lot.pk) if lot is not None else []
    if not twins:
        return []
    return [
        f"{lot.street_address} is also on file as lot #{twins[0].pk}: merge the two lots "
        "(the lot's page), so the permits on the parcel are counted together (§20-14, Lot)."
    ]


def _construction_refusals(application: Application, on: date) -> list[str]:
    """§20-20(2)(a): each record of the construction still missing, said precisely (the rules'
    finding says only that an approval is awaited)."""
    record = construction_record(application, on)
    return record.refusals() if record is not None else []


def _renewal_refusals(application: Application, on: date) -> list[str]:
    """§20-20(6)-(7): a renewal continues the same holder's keeping on the same lot, once, for
    the next year only and within the renewal window, and not after the permit lapsed too long,
    while the Board is asked to revoke it, or while an order stands unabated."""
    permit = application.renews
    reasons = []
    if permit.status == Permit.Status.REVOKED:
        reasons.append("A revoked permit cannot be renewed (§20-20(6)).")
    elif permit.status == Permit.Status.VOID:
        reasons.append("A void permit cannot be renewed.")
    elif permit.status == Permit.Status.PROVISIONAL:
        reasons.append(
            "The permit it renews was entered from the paper register and is not accepted by "
            "the Board (§20-20(8))."
        )
    if application.applicant_id != permit.holder_id or application.lot_id != permit.lot_id:
        reasons.append(
            "A permit is not transferable (§20-20(7)): a new owner or a different lot needs a "
            "new application."
        )
    if _renewed_by_another(application, permit):
        reasons.append(f"Permit {permit.number} has already been renewed.")
    lapsed = renewals.lapse_refusal(permit, application.received_on or timezone.localdate())
    if lapsed:
        reasons.append(lapsed)
    year = renewals.year_refusal(permit, on)
    if year:
        reasons.append(year)
    reasons.extend(renewals.pending_revocation_refusals(permit))
    # §20-16(6): an order not abated stops the renewal until abated or the Board decides.
    if not renewals.board_approved(application):
        reasons.extend(renewals.unabated_order_refusals(permit.lot, on))
    return reasons


def _renewed_by_another(application: Application, permit: Permit) -> bool:
    """Whether another application's permit already renews `permit` (renewed once, §20-20(6))."""
    on_the_lot = getattr(application.lot, "_prefetched_objects_cache", {}).get("permits")
    if (
        on_the_lot is not None
        and permit.lot_id == application.lot_id
        and all(hasattr(other, "renews_permit_id") for other in on_the_lot)
    ):
        # A renewal's permit is issued on the lot of the permit it renews (§20-20(7)), so it is
        # among the lot's permits the page loaded (lot_permits(): each knows what it renews).
        return any(
            other.renews_permit_id == permit.pk and other.application_id != application.pk
            for other in on_the_lot
        )
    return (
        Permit.objects.filter(application__renews=permit).exclude(application=application).exists()
    )


def permit_year_for(application: Application, on: date) -> int:
    """The year a permit is issued for: a renewal of this year's permit is next year's permit."""
    if application.renews_id:
        return renewals.renewal_year(application.renews, on)
    return on.year


def permit_term_end(application: Application, on: date, result: dict) -> date:
    """The last day of the term of the permit issued on `on`: December 31 of its year
    (§20-20(5)), or the day the variance it rests on ends, if sooner (rules contract
    revision 3). `result` is the rules' result for `application` as of `on`.

    The Board may limit a variance in time (§20-21), and a keeping that meets a provision only
    by the variance may not outlast it; §20-20(5) fixes the latest day a permit runs, so a
    permit ending with its variance agrees with both. A variance already ended when the term
    begins waives nothing (the rules judge it on `term_begins`), so that permit is refused.
    A rule is relieved by the longest-lived variance in effect for it on the first day.
    """
    year = permit_year_for(application, on)
    end = permit_expiry(year)
    waived = {f["rule"] for f in result.get("findings", ()) if f["status"] == "waived"}
    if not waived:
        return end
    begins = max(on, date(year, 1, 1))
    variances = variances_for(application)
    for rule in waived:
        covering = [v for v in variances if rule in (v.rules or []) and v.in_effect_on(begins)]
        if not covering or any(v.expires_on is None for v in covering):
            continue
        end = min(end, max(v.expires_on for v in covering))
    return end
