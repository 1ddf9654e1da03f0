"""The town's paper register (§20-20(8)): a paper permit entered, provisional, and the Board's
vote accepting the entry, which puts it in force.
"""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.ruleset_in_force import ruleset_on
from permits.actions import documents
from permits.actions._common import _keep_the_applications_animals
from permits.eligibility import keep_fee_at_receipt, lot_refusals, twin_lot_refusals
from permits.facts_from_records import evaluate_application, evaluate_register_entry
from permits.keeping_year import one_permit_a_year_refusals
from permits.models import Application, Document, Permit, permit_expiry
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


def _register_findings(application: Application, on: date) -> list[dict]:
    """Every rule the entry's keeping fails today, in the rules' own words and citations: the
    Board reads them before it accepts the entry."""
    result = evaluate_application(application, as_of=on)
    if "error" in result:
        return [
            {
                "rule": "",
                "citation": "",
                "status": "error",
                "message": f"The keeping's facts are incomplete: {result['error']['message']}",
            }
        ]
    return [
        {
            "rule": f["rule"],
            "citation": f["citation"],
            "status": f["status"],
            "message": f"{f['subject']}: {f['message']}" if f.get("subject") else f["message"],
        }
        for f in result["findings"]
        if f["status"] in ("fail", "missing", "pending")
    ]


@transaction.atomic
def enter_register_permit(
    *,
    application: Application,
    register_number: str,
    first_permitted_on: date,
    issued_on: date,
    valid_for_year: int,
    document,
    by,
    basis: str = "",
    today: date | None = None,
) -> Permit:
    """Enter one permit of the town's paper register (§20-20(8)): provisional until the Board
    accepts it by a vote at a meeting (hearings.actions.docket_register_entries).

    `application` is a draft holding the keeping as the paper permit describes it (animals,
    structures); the entry carries the paper permit's number, its scan (`document`, required),
    the date the keeping was first permitted and the date and year of the paper permit in
    force. The rules are run on the keeping and every failure is kept on the entry for the
    Board to read. Only a keeping first permitted before the regulation's grandfathering date
    (the ruleset's, §20-20(8)) is grandfathered. The spreadsheet import of the register calls
    this same action for each row.
    """
    today = today or timezone.localdate()
    application = Application.objects.select_for_update().get(pk=application.pk)
    reasons = []
    if not has_role(by, [Role.CLERK]):
        reasons.append("Only the clerk enters the paper register.")
    if application.status != Application.Status.DRAFT or application.kind != "new":
        reasons.append("Only a draft application can be entered as a permit of the register.")
    elif Permit.objects.filter(application=application).exists():
        reasons.append("This application already has a permit.")
    if not application.animals.filter(count__gt=0).exists():
        reasons.append("List the animals the paper permit allows (§20-20(3)).")
    number = (register_number or "").strip()
    if not number:
        reasons.append("Give the number printed on the paper permit.")
    elif len(number) > Permit._meta.get_field("register_number").max_length:
        reasons.append("The paper permit's number is at most 40 characters.")
    elif Permit.objects.paper_numbered(number).exclude(status=Permit.Status.VOID).exists():
        reasons.append(f"Paper permit {number} is already entered.")
    if document is None:
        reasons.append("Attach the scan of the paper permit: an entry rests on its document.")
    if first_permitted_on > today:
        reasons.append("The original permit cannot be dated in the future.")
    if issued_on > today:
        reasons.append("The paper permit in force cannot be dated in the future.")
    if issued_on < first_permitted_on:
        reasons.append("The paper permit in force cannot be older than the keeping's first permit.")
    if not issued_on.year <= valid_for_year <= today.year:
        reasons.append(
            "The paper permit in force runs for a year from the year it was issued to this year."
        )
    limit = Permit._meta.get_field("legacy_basis").max_length
    if len(basis.strip()) > limit:
        reasons.append(f"Keep the record's description to {limit} characters.")
    if not reasons:  # the paper permit itself already entered says so first
        reasons += one_permit_a_year_refusals(
            lot=application.lot, holder=application.applicant, year=valid_for_year
        )
    if reasons:
        raise ActionRefused("The paper permit cannot be entered.", reasons)
    scan = documents.upload_document(
        application=application,
        kind=Document.Kind.APPROVAL,
        upload=document,
        by=by,
        description=f"Paper permit {number} (§20-20(8)).",
    )
    application.received_on = issued_on
    keep_fee_at_receipt(application)
    save_as(application, by)
    findings = _register_findings(application, today)
    application.status = Application.Status.ISSUED
    save_as(application, by)
    count = Permit.objects.filter(year=valid_for_year, legacy=True).count() + 1
    cutoff = ruleset_on(today).interpretations.grandfathering_cutoff
    permit = Permit(
        number=f"L{valid_for_year}-{count:04d}",
        year=valid_for_year,
        # Register entries take no number of the year's gapless sequence.
        sequence=10_000 + count,
        application=application,
        holder=application.applicant,
        lot=application.lot,
        issued_on=issued_on,
        expires_on=permit_expiry(valid_for_year),
        status=Permit.Status.PROVISIONAL,
        legacy=True,
        grandfathered=first_permitted_on < cutoff,
        first_permitted_on=first_permitted_on,
        legacy_basis=basis.strip() or f"Paper permit {number}",
        register_number=number,
        register_document=scan,
        register_findings=findings,
        issued_by=by,
    )
    permit.take_holder_snapshot()
    save_as(permit, by)
    _keep_the_applications_animals(permit, application)
    return permit


def _held_to_the_rules(permit: Permit, on: date) -> list[str]:
    """A keeping first permitted after the grandfathering date is held to the rules like a new
    permit (§20-20(8)): on the day the Board accepts it, with what the Board approved in
    accepting it, every rule passes; relief from a rule is granted only after a hearing."""
    cutoff = ruleset_on(on).interpretations.grandfathering_cutoff
    result = evaluate_register_entry(permit, on)
    if "error" in result:
        return [f"The keeping's facts are incomplete: {result['error']['message']}"]
    failures = [
        f"{finding['message']} ({finding['citation']})"
        for finding in result["findings"]
        if finding["status"] in ("fail", "missing", "pending")
    ]
    if not failures:
        return []
    return [
        f"The keeping was first permitted on {long_date(permit.first_permitted_on)}, after "
        f"{long_date(cutoff)}: it is held to the rules like a new permit, and it does not meet "
        "them. Approve what the Board is asked to approve, or bring the keeping to a hearing as "
        "an application for the relief it needs (§20-21).",
        *failures,
    ]


@transaction.atomic
def accept_register_permit(*, permit: Permit, decision, by) -> Permit:
    """The Board's vote accepting a paper-register entry puts it in force (§20-20(8))."""
    permit = Permit.objects.select_for_update().get(pk=permit.pk)
    item = getattr(decision, "docket_item", None)
    reasons = []
    if (
        item is None
        or item.kind != "register_acceptance"
        or item.application_id != permit.application_id
        or decision.result != "approved"
    ):
        reasons.append(
            "Only the Board accepts an entry of the paper register, by a vote at a meeting."
        )
    if permit.status != Permit.Status.PROVISIONAL:
        reasons.append(f"The permit is {permit.get_status_display().lower()}, not provisional.")
    if not reasons:
        # One lot per parcel holds for every permit in force, grandfathered or not: the vote
        # puts the entry in force as an issue would.
        reasons += lot_refusals(permit.lot) + twin_lot_refusals(permit.lot)
        reasons += one_permit_a_year_refusals(
            lot=permit.lot, holder=permit.holder, year=permit.year, exclude_pk=permit.pk
        )
    if not reasons and not permit.grandfathered:
        reasons += _held_to_the_rules(permit, decision.decided_on)
    if reasons:
        raise ActionRefused("The entry cannot be accepted.", reasons)
    permit.status = Permit.Status.ACTIVE
    permit.register_accepted_on = decision.decided_on
    return save_as(permit, by)
