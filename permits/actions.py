"""Changes of state of applications and permits. Views, admin and commands call these only.

Every action is atomic, names who acted (`by`), re-checks what it depends on, and raises
`ActionRefused` with every reason when it cannot proceed.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone

from facilities.models import AnimalKept, Lot, Structure
from permits.facts import evaluate_application
from permits.models import (
    Applicant,
    Application,
    FeeSchedule,
    Payment,
    Permit,
    PermitAnimal,
    PermitNumberCounter,
)
from stoneham_boh.errors import ActionRefused
from stoneham_boh.history import save_as


def expiry_for(day: date) -> date:
    """§20-20(5): every permit expires on December 31 of the year it is issued for."""
    return date(day.year, 12, 31)


@transaction.atomic
def create_application(
    *, applicant: Applicant, lot: Lot, by, kind: str = Application.Kind.NEW, **fields
) -> Application:
    """Open a draft application; the clerk completes it and submits it when received."""
    application = Application(applicant=applicant, lot=lot, kind=kind, created_by=by, **fields)
    return save_as(application, by)


@transaction.atomic
def submit_application(*, application: Application, received_on: date, by) -> Application:
    """Record that the complete application was received on `received_on`."""
    if application.status != Application.Status.DRAFT:
        raise ActionRefused("Only a draft application can be marked as received.")
    if not application.animals.exists():
        raise ActionRefused("List the animals the applicant asks to keep before submitting.")
    application.received_on = received_on
    application.status = Application.Status.RECEIVED
    return save_as(application, by)


def fee_due(application: Application) -> Decimal | None:
    """§20-20(4): the fee of the schedule in force when the application was received."""
    schedule = FeeSchedule.in_force_on(application.received_on or timezone.localdate())
    return None if schedule is None else schedule.fee_for(application.kind)


def amount_paid(application: Application) -> Decimal:
    total = application.payments.filter(voided=False).aggregate(total=Sum("amount"))["total"]
    return total or Decimal("0")


@transaction.atomic
def record_payment(
    *,
    application: Application,
    amount: Decimal,
    received_on: date,
    method: str,
    by,
    reference: str = "",
) -> Payment:
    if amount <= 0:
        raise ActionRefused("A payment must be a positive amount.")
    payment = Payment(
        application=application,
        amount=amount,
        received_on=received_on,
        method=method,
        reference=reference,
        received_by=by,
    )
    return save_as(payment, by)


def _take_next_sequence(year: int) -> int:
    """The next permit number of `year`, gapless: the counter row is locked until commit.

    On PostgreSQL `select_for_update` makes a second clerk wait for the first; on SQLite the
    write transaction (IMMEDIATE mode) serialises them.
    """
    PermitNumberCounter.objects.get_or_create(year=year)
    counter = PermitNumberCounter.objects.select_for_update().get(year=year)
    counter.last_sequence += 1
    counter.save(update_fields=["last_sequence"])
    return counter.last_sequence


def refusals_to_issue(application: Application, on: date) -> list[str]:
    """Every reason the permit cannot be issued today; empty when it can."""
    reasons = []
    if application.status in (Application.Status.DRAFT,):
        reasons.append("The application has not been marked as received.")
    if application.status in (Application.Status.DENIED, Application.Status.WITHDRAWN):
        reasons.append(f"The application is {application.get_status_display().lower()}.")
    if application.renews_id and application.renews.status == Permit.Status.REVOKED:
        reasons.append("A revoked permit cannot be renewed.")
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


def _variances_text(application: Application, on: date) -> str:
    lines = []
    for variance in application.variances.all():
        if variance.in_effect_on(on):
            until = f" until {variance.expires_on:%B %-d, %Y}" if variance.expires_on else ""
            condition = f" Conditions: {variance.conditions}" if variance.conditions else ""
            lines.append(f"Variance of {', '.join(variance.rules)}{until}.{condition}")
    return "\n".join(lines)


@transaction.atomic
def issue_permit(
    *, application: Application, by, on: date | None = None, conditions: str = ""
) -> Permit:
    """Issue the permit for an eligible, paid application (§20-20(3)-(5)).

    Issuing twice is harmless: the second call returns the permit the first one issued.
    """
    on = on or timezone.localdate()
    # Lock the application so that two clerks pressing "Issue" at once issue one permit.
    application = (
        Application.objects.select_for_update().select_related("lot", "applicant", "renews")
    ).get(pk=application.pk)
    existing = Permit.objects.filter(application=application).first()
    if existing is not None:
        return existing
    reasons = refusals_to_issue(application, on)
    if reasons:
        raise ActionRefused("The permit cannot be issued.", reasons)
    result = evaluate_application(application, as_of=on)
    grandfathered = any(f["status"] == "grandfathered" for f in result["findings"])
    sequence = _take_next_sequence(on.year)
    permit = Permit(
        number=f"{on.year}-{sequence:04d}",
        year=on.year,
        sequence=sequence,
        application=application,
        holder=application.applicant,
        lot=application.lot,
        issued_on=on,
        expires_on=expiry_for(on),
        conditions=conditions or _decision_conditions(application),
        variances_text=_variances_text(application, on),
        grandfathered=grandfathered,
        issued_by=by,
    )
    try:
        with transaction.atomic():
            save_as(permit, by)
    except IntegrityError as error:  # pragma: no cover - guarded by the row locks above
        raise ActionRefused("Another clerk issued this permit at the same moment.") from error
    PermitAnimal.objects.bulk_create(
        PermitAnimal(permit=permit, species=a.species, count=a.count, mature_count=a.mature_count)
        for a in application.animals.all()
        if a.count > 0
    )
    application.status = Application.Status.ISSUED
    save_as(application, by)
    return permit


def _decision_conditions(application: Application) -> str:
    conditions = [
        item.decision.conditions
        for item in application.docket_items.select_related("decision")
        if hasattr(item, "decision") and item.decision.conditions
    ]
    return "\n".join(conditions)


@transaction.atomic
def add_structure(*, application: Application, by, **fields) -> Structure:
    return save_as(Structure(application=application, **fields), by)


@transaction.atomic
def set_animals(*, application: Application, by, animals: dict[str, int]) -> None:
    """Set the count of each species asked for (a count of 0 removes the species)."""
    for species, count in animals.items():
        current = application.animals.filter(species=species).first()
        if count <= 0:
            if current is not None:
                current._history_user = by
                current.delete()
            continue
        if current is None:
            current = AnimalKept(application=application, species=species)
        current.count = count
        save_as(current, by)
