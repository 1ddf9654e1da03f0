"""Recording the Board's amendments: the vote, its publication and deposit, or its void."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from permits import rules
from permits.amendments import in_force
from permits.amendments.models import Amendment
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from stoneham_boh.town.current import current_town
from stoneham_boh.town.models import Town


def amendable_figures(on: date) -> dict[tuple[str, str], tuple[str, str]]:
    """(rule, figure) -> (citation and title, figure label) for every figure of the adopted
    ruleset in force on ``on``: what a vote may change (a new kind of rule is code)."""
    ruleset = rules.ruleset_in_force(on)
    return {
        (rule, name): (f"{spec.citation} {spec.title}", figure.label)
        for rule, spec in ruleset.rules.items()
        for name, figure in spec.figures.items()
    }


def _changed(town) -> None:
    """Every process rebuilds its amended rulesets on its next request."""
    Town.objects.filter(pk=town.pk).update(amendments_version=uuid.uuid4())
    in_force.forget()


def _dates_refusals(meeting_on: date, effective_on, published_on, deposited_on) -> list[str]:
    reasons = []
    if effective_on < meeting_on:
        reasons.append("The effective date cannot come before the vote.")
    if published_on is not None and published_on < meeting_on:
        reasons.append("The summary cannot be published before the vote.")
    if deposited_on is not None and deposited_on < meeting_on:
        reasons.append("The copy cannot be deposited with the Town Clerk before the vote.")
    return reasons


@transaction.atomic
def record_amendment(
    *,
    rule: str,
    figure: str,
    value: Decimal,
    adopted_at,
    votes_for: int,
    effective_on: date,
    by,
    votes_against: int = 0,
    votes_abstaining: int = 0,
    citation: str = "",
    published_on: date | None = None,
    published_in: str = "",
    deposited_on: date | None = None,
    today: date | None = None,
) -> Amendment:
    today = today or timezone.localdate()
    town = current_town()
    reasons = []
    if town.pk is None:
        reasons.append("Save the town's settings first: an amendment belongs to a town.")
    if (rule, figure) not in amendable_figures(effective_on):
        reasons.append(f"The regulation has no figure {figure} in rule {rule} to amend.")
    if value < 0:
        reasons.append("A figure of the regulation cannot be negative.")
    if adopted_at.cancelled:
        reasons.append("That meeting was cancelled: no vote was taken at it.")
    if adopted_at.date > today:
        reasons.append("That meeting has not yet been held.")
    if votes_for <= votes_against:
        reasons.append("The vote did not carry: more members must vote for it than against.")
    reasons += _dates_refusals(adopted_at.date, effective_on, published_on, deposited_on)
    if published_on is not None and published_on > today:
        reasons.append("A publication cannot be recorded before it happens.")
    if reasons:
        raise ActionRefused("The amendment is not recorded.", reasons)
    amendment = save_as(
        Amendment(
            town=town,
            rule=rule,
            figure=figure,
            value=value,
            citation=citation.strip(),
            adopted_at=adopted_at,
            votes_for=votes_for,
            votes_against=votes_against,
            votes_abstaining=votes_abstaining,
            effective_on=effective_on,
            published_on=published_on,
            published_in=published_in.strip() or (town.newspaper_name if published_on else ""),
            deposited_on=deposited_on,
            recorded_by=by,
        ),
        by,
    )
    _changed(town)
    return amendment


@transaction.atomic
def record_publication(
    *,
    amendment: Amendment,
    by,
    published_on: date | None = None,
    published_in: str = "",
    deposited_on: date | None = None,
    today: date | None = None,
) -> Amendment:
    """The summary's publication and the Town Clerk's copy, each recorded once."""
    today = today or timezone.localdate()
    amendment = Amendment.objects.select_for_update().get(pk=amendment.pk)
    reasons = []
    if amendment.voided_on is not None:
        reasons.append("The amendment is void.")
    if published_on is not None and amendment.published_on is not None:
        reasons.append("Its publication is already recorded.")
    if deposited_on is not None and amendment.deposited_on is not None:
        reasons.append("Its deposit with the Town Clerk is already recorded.")
    if published_on is None and deposited_on is None:
        reasons.append("Enter the day of publication, or of deposit with the Town Clerk.")
    if published_on is not None and published_on > today:
        reasons.append("A publication cannot be recorded before it happens.")
    if deposited_on is not None and deposited_on > today:
        reasons.append("A deposit cannot be recorded before it happens.")
    reasons += _dates_refusals(
        amendment.adopted_at.date, amendment.effective_on, published_on, deposited_on
    )
    if reasons:
        raise ActionRefused("Nothing is recorded.", reasons)
    if published_on is not None:
        amendment.published_on = published_on
        amendment.published_in = published_in.strip() or current_town().newspaper_name
    if deposited_on is not None:
        amendment.deposited_on = deposited_on
    save_as(amendment, by)
    _changed(amendment.town)
    return amendment


@transaction.atomic
def void_amendment(*, amendment: Amendment, reason: str, by, today: date | None = None):
    """A record made in error: kept, marked void, and no longer part of any ruleset."""
    today = today or timezone.localdate()
    amendment = Amendment.objects.select_for_update().get(pk=amendment.pk)
    if amendment.voided_on is not None:
        raise ActionRefused("The amendment is already void.")
    if not reason.strip():
        raise ActionRefused("Say why the record is void.")
    amendment.voided_on, amendment.void_reason = today, reason.strip()
    save_as(amendment, by)
    _changed(amendment.town)
    return amendment
