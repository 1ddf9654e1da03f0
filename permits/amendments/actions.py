"""Recording the Board's amendments: the vote, its publication and deposit, or its void."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from hearings.actions.votes import call_roll, record_roll_call
from hearings.motions import doubt_refusals
from hearings.open_meeting import motion_refusals
from hearings.ruleset_in_force import reread_amendments
from permits import rules
from permits.amendments.models import Amendment
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from stoneham_boh.town.current import current_town


def amendable_figures(on: date) -> dict[tuple[str, str], tuple[str, str]]:
    """(rule, figure) -> (citation and title, figure label) for every figure of the adopted
    ruleset in force on ``on``: what a vote may change (a new kind of rule is code)."""
    ruleset = rules.ruleset_in_force(on)
    return {
        (rule, name): (f"{spec.citation} {spec.title}", figure.label)
        for rule, spec in ruleset.rules.items()
        for name, figure in spec.figures.items()
    }


def _dates_refusals(meeting_on: date, effective_on, published_on, deposited_on) -> list[str]:
    reasons = []
    if effective_on < meeting_on:
        reasons.append("The effective date cannot come before the vote.")
    if published_on is not None and published_on < meeting_on:
        reasons.append("The summary cannot be published before the vote.")
    if deposited_on is not None and deposited_on < meeting_on:
        reasons.append("The copy cannot be deposited with the Town Clerk before the vote.")
    return reasons


def _publication_refusals(effective_on: date, published_on) -> list[str]:
    """M.G.L. c.111 §31: the Board's regulations take effect on their publication; the vote's
    effective date is not before it."""
    if published_on is not None and effective_on < published_on:
        return [
            "The effective date comes before the publication: the Board's amendments take "
            "effect once published (M.G.L. c.111 §31). Published after the day the Board "
            "voted it in force, the amendment needs a new vote setting a later effective date."
        ]
    return []


@transaction.atomic
def record_amendment(
    *,
    rule: str,
    figure: str,
    value: Decimal,
    adopted_at,
    votes: Mapping,
    effective_on: date,
    by,
    citation: str = "",
    published_on: date | None = None,
    published_in: str = "",
    deposited_on: date | None = None,
    today: date | None = None,
) -> Amendment:
    """The Board's vote amending a figure of its regulation at a lawful meeting: held, its
    attendance recorded, a quorum of the Board's seats present, each member's own vote called
    and recorded through the one mechanism (hearings.actions.votes) by the chair or the member
    presiding, carried by a majority of those voting. In force once published (c.111 §31)."""
    today = today or timezone.localdate()
    town = current_town()
    # Each reason at the field of the form it concerns (the vote's at the meeting's field).
    at: dict[str | None, list[str]] = {}
    if town.pk is None:
        at.setdefault(None, []).append(
            "Save the town's settings first: an amendment belongs to a town."
        )
    if (rule, figure) not in amendable_figures(effective_on):
        at.setdefault("figure", []).append(
            f"The regulation has no figure {figure} in rule {rule} to amend."
        )
    if value < 0:
        at.setdefault("value", []).append("A figure of the regulation cannot be negative.")
    vote = at.setdefault("adopted_at", [])
    if adopted_at.cancelled:
        vote.append("That meeting was cancelled: no vote was taken at it.")
    if adopted_at.date > today:
        vote.append("That meeting has not yet been held.")
    vote += motion_refusals(adopted_at, "an amendment of the regulation's figures")
    the_tally, roll_reasons = call_roll(votes, meeting=adopted_at, by=by)
    vote += roll_reasons
    if effective_on < adopted_at.date:
        at.setdefault("effective_on", []).append("The effective date cannot come before the vote.")
    at.setdefault("effective_on", []).extend(_publication_refusals(effective_on, published_on))
    if published_on is not None and published_on < adopted_at.date:
        at.setdefault("published_on", []).append("The summary cannot be published before the vote.")
    if published_on is not None and published_on > today:
        at.setdefault("published_on", []).append(
            "A publication cannot be recorded before it happens."
        )
    if deposited_on is not None and deposited_on < adopted_at.date:
        at.setdefault("deposited_on", []).append(
            "The copy cannot be deposited with the Town Clerk before the vote."
        )
    reasons = [reason for field_reasons in at.values() for reason in field_reasons]
    if reasons:
        refusal = ActionRefused("The amendment is not recorded.", reasons)
        refusal.at_fields = {field: found for field, found in at.items() if found}
        raise refusal
    amendment = save_as(
        Amendment(
            town=town,
            rule=rule,
            figure=figure,
            value=value,
            citation=citation.strip(),
            adopted_at=adopted_at,
            votes_for=the_tally.count("yes"),
            votes_against=the_tally.count("no"),
            votes_abstaining=the_tally.count("abstain"),
            effective_on=effective_on,
            published_on=published_on,
            published_in=published_in.strip() or (town.newspaper_name if published_on else ""),
            deposited_on=deposited_on,
            recorded_by=by,
        ),
        by,
    )
    record_roll_call(amendment, the_tally, by=by)
    reread_amendments(town)
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
    reasons += _publication_refusals(amendment.effective_on, published_on)
    if published_on is not None:
        # Its coming into force waits for a dispute of its vote that could change the result.
        reasons += doubt_refusals(amendment, "its publication, and its coming into force,")
    if reasons:
        raise ActionRefused("Nothing is recorded.", reasons)
    if published_on is not None:
        amendment.published_on = published_on
        amendment.published_in = published_in.strip() or current_town().newspaper_name
    if deposited_on is not None:
        amendment.deposited_on = deposited_on
    save_as(amendment, by)
    reread_amendments(amendment.town)
    return amendment


def in_force_refusal(amendment: Amendment, today: date) -> str:
    """Why a record of an amendment in force is not voided (empty when it may be). Once in
    force it was the regulation: permits were judged by it on their days, and a void would
    judge them again by a figure that did not bind them. The Board changes its figure by a new
    vote, published before it is in force (M.G.L. c.111 §31)."""
    begins = amendment.in_force_from
    if begins is None or begins > today:
        return ""
    return (
        f"It has been in force since {long_date(begins)}, and permits were judged by it: the "
        "Board changes the figure again by a new vote, published before it is in force "
        "(M.G.L. c.111 §31)."
    )


@transaction.atomic
def void_amendment(*, amendment: Amendment, reason: str, by, today: date | None = None):
    """A record made in error, before it came in force: kept, marked void, and no longer part
    of any ruleset."""
    today = today or timezone.localdate()
    amendment = Amendment.objects.select_for_update().get(pk=amendment.pk)
    if amendment.voided_on is not None:
        raise ActionRefused("The amendment is already void.")
    in_force_reason = in_force_refusal(amendment, today)
    if in_force_reason:
        raise ActionRefused("The amendment cannot be voided.", [in_force_reason])
    if not reason.strip():
        raise ActionRefused("Say why the record is void.")
    amendment.voided_on, amendment.void_reason = today, reason.strip()
    save_as(amendment, by)
    reread_amendments(amendment.town)
    return amendment
