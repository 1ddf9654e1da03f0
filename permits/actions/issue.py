"""Issuing a permit (§20-20(3)-(5)): the next number of the year, gapless, the variances printed
on it, and its own copy of the animals applied for.
"""

from __future__ import annotations

from datetime import date

from django.db import IntegrityError, transaction
from django.utils import timezone

from hearings.ruleset_in_force import ruleset_on
from permits.actions._common import _keep_the_applications_animals
from permits.decided import conditions_of_record, conditions_refusals, keeping_decided_refusals
from permits.eligibility import (
    permit_term_end,
    permit_year_for,
    refusals_to_issue,
    twin_lot_refusals,
)
from permits.facts_from_records import evaluate_application, variances_for
from permits.keeping_year import one_permit_a_year_refusals
from permits.models import Application, Permit, PermitNumberCounter
from permits.portal import notifications
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


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


def _variances_text(application: Application, on: date) -> str:
    """The variances printed on the permit, each by the provision it varies (§20-21)."""
    in_force = ruleset_on(on).rules
    lines = []
    for variance in variances_for(application):
        if variance.in_effect_on(on):
            until = f" until {long_date(variance.expires_on)}" if variance.expires_on else ""
            condition = f" Conditions: {variance.conditions}" if variance.conditions else ""
            cited = ", ".join(
                f"{in_force[rule].citation} ({in_force[rule].title.lower()})"
                if rule in in_force
                else rule
                for rule in variance.rules
            )
            lines.append(f"Variance of {cited}{until}.{condition}")
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
        Application.objects.select_for_update(of=("self",)).select_related(
            "lot", "applicant", "renews"
        )
    ).get(pk=application.pk)
    existing = Permit.objects.filter(application=application).first()
    if existing is not None:
        return existing
    if application.renews_id:
        # Two renewals of one permit issued at once: the second waits, then sees the first.
        Permit.objects.select_for_update().filter(pk=application.renews_id).first()
    reasons = refusals_to_issue(application, on) + twin_lot_refusals(application.lot)
    year = permit_year_for(application, on)
    if not reasons:
        reasons += one_permit_a_year_refusals(
            lot=application.lot, holder=application.applicant, year=year
        )
        reasons += keeping_decided_refusals(application) + conditions_refusals(
            application, conditions
        )
    if reasons:
        raise ActionRefused("The permit cannot be issued.", reasons)
    result = evaluate_application(application, as_of=on)
    grandfathered = any(f["status"] == "grandfathered" for f in result["findings"])
    sequence = _take_next_sequence(year)
    permit = Permit(
        number=f"{year}-{sequence:04d}",
        year=year,
        sequence=sequence,
        application=application,
        holder=application.applicant,
        lot=application.lot,
        issued_on=on,
        expires_on=permit_term_end(application, on, result),
        conditions=(conditions or "").strip() or conditions_of_record(application),
        variances_text=_variances_text(application, on),
        grandfathered=grandfathered,
        issued_by=by,
    )
    permit.take_holder_snapshot()
    try:
        with transaction.atomic():
            save_as(permit, by)
    except IntegrityError as error:  # pragma: no cover - guarded by the row locks above
        raise ActionRefused("Another clerk issued this permit at the same moment.") from error
    _keep_the_applications_animals(permit, application)
    application.status = Application.Status.ISSUED
    save_as(application, by)
    notifications.notify_permit_issued(permit)
    return permit
