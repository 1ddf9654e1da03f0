"""Changes of state of applications and permits. Views, admin and commands call these only.

Every action is atomic, names who acted (`by`), re-checks what it depends on, and raises
`ActionRefused` with every reason when it cannot proceed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.template.defaultfilters import filesizeformat
from django.utils import timezone

from facilities import actions as lot_actions
from facilities.models import AnimalKept, Lot, Structure
from hearings.models import SetbackEnlargement
from permits import renewals
from permits.amendments.in_force import ruleset_on
from permits.decided import conditions_of_record, conditions_refusals, keeping_decided_refusals
from permits.eligibility import (
    amount_paid,
    fee_due,
    keep_fee_at_receipt,
    lot_refusals,
    permit_term_end,
    permit_year_for,
    refusals_to_issue,
    twin_lot_refusals,
)
from permits.facts_from_records import (
    evaluate_application,
    evaluate_register_entry,
    variances_for,
)
from permits.keeping_year import one_permit_a_year_refusals
from permits.models import (
    DOCUMENT_FIELDS,
    Applicant,
    Application,
    Document,
    Payment,
    Permit,
    PermitAnimal,
    PermitNumberCounter,
    RenewalBatch,
    RenewalBatchEntry,
    permit_expiry,
)
from permits.portal import actions as portal_actions
from permits.portal import notifications
from permits.portal.models import RenewalRequest
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from stoneham_boh.lib.uploads import DOCUMENT_KINDS, stored_file, validate_upload


@transaction.atomic
def create_application(
    *,
    by,
    applicant: Applicant | None = None,
    lot: Lot | None = None,
    new_applicant: dict | None = None,
    new_lot: dict | None = None,
    kind: str = Application.Kind.NEW,
    **fields,
) -> Application:
    """Open a draft application; the clerk completes it and submits it when received.

    The applicant and the lot are records already on file, or the details of new ones
    (`new_applicant`, `new_lot`): all three are recorded together or none is.
    """
    if (applicant is None) == (new_applicant is None) or (lot is None) == (new_lot is None):
        raise ActionRefused("Choose an applicant and a lot on record, or enter new ones.")
    if lot is None:
        lot = lot_actions.create_lot(by=by, **new_lot)
    if applicant is None:
        applicant = create_applicant(by=by, **new_applicant)
    application = Application(applicant=applicant, lot=lot, kind=kind, created_by=by, **fields)
    return save_as(application, by)


@transaction.atomic
def submit_application(*, application: Application, received_on: date, by) -> Application:
    """Record that the complete application was received on `received_on`."""
    # Lock the row, and start from what is saved so no stale copy overwrites another change.
    Application.objects.select_for_update().filter(pk=application.pk).exists()
    application.refresh_from_db()
    if application.status != Application.Status.DRAFT:
        raise ActionRefused("Only a draft application can be marked as received.")
    if not application.animals.exists():
        raise ActionRefused("List the animals the applicant asks to keep before submitting.")
    application.received_on = received_on
    application.status = Application.Status.RECEIVED
    keep_fee_at_receipt(application)
    return save_as(application, by)


@transaction.atomic
def record_payment(
    *,
    application: Application,
    amount: Decimal,
    received_on: date,
    method: str,
    by,
    reference: str = "",
    corrects: Payment | None = None,
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
        corrects=corrects,
    )
    return save_as(payment, by)


def _void(payment: Payment, reason: str, by) -> Payment:
    payment = Payment.objects.select_for_update().select_related("application").get(pk=payment.pk)
    if payment.voided:
        raise ActionRefused(f"This payment was voided already ({payment.void_reason}).")
    reason = reason.strip()
    limit = Payment._meta.get_field("void_reason").max_length
    if not reason:
        raise ActionRefused("Say why the payment is void.")
    if len(reason) > limit:
        raise ActionRefused(f"Keep the reason to {limit} characters.")
    payment.voided = True
    payment.void_reason = reason
    return save_as(payment, by)


def _refuse_if_the_issued_fee_is_unpaid(application: Application) -> None:
    """A permit issued on its fee keeps the fee paid: a void that would leave it unpaid is a
    correction to record instead (§20-20(4))."""
    due = fee_due(application)
    if (
        application.status == Application.Status.ISSUED
        and due is not None
        and amount_paid(application) < due
    ):
        raise ActionRefused(
            f"The permit was issued on the fee of ${due}: without this payment it would be "
            "unpaid. Correct the payment (record it as it was made) instead of voiding it."
        )


@transaction.atomic
def void_payment(*, payment: Payment, reason: str, by) -> Payment:
    """A payment recorded in error is voided with its reason, never deleted; its history keeps
    who voided it and when."""
    payment = _void(payment, reason, by)
    _refuse_if_the_issued_fee_is_unpaid(payment.application)
    return payment


@transaction.atomic
def correct_payment(
    *,
    payment: Payment,
    reason: str,
    by,
    amount: Decimal,
    received_on: date,
    method: str,
    reference: str = "",
) -> Payment:
    """A mistyped payment corrected: voided with the reason, and the payment as it was made
    recorded in its place, naming the one it corrects."""
    voided = _void(payment, f"Corrected: {reason.strip()}" if reason.strip() else "", by)
    corrected = record_payment(
        application=voided.application,
        amount=amount,
        received_on=received_on,
        method=method,
        reference=reference,
        by=by,
        corrects=voided,
    )
    _refuse_if_the_issued_fee_is_unpaid(voided.application)
    return corrected


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


def _keep_the_applications_animals(permit: Permit, application: Application) -> None:
    """The permit keeps its own copy of the animals applied for: the application may be amended
    later, and the permit must still say what it allowed."""
    PermitAnimal.objects.bulk_create(
        PermitAnimal(
            permit=permit,
            species=a.species,
            name=a.name,
            count=a.count,
            mature_count=a.mature_count,
        )
        for a in application.animals.all()
        if a.count > 0
    )


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


# --- intake -------------------------------------------------------------------------------

APPLICATION_FIELDS = (
    "construction",
    # Not the building inspector's approval: it is recorded with its date and document by
    # record_building_inspector_approval, never from a tick.
    # Not the §20-20(1) document flags: only an uploaded file or a paper-original record
    # (upload_document, record_paper_original) marks a document received.
    "manure_method",
    "securely_fenced",
    "vermin_licensed_operator",
    "conservation_commission_wetland_ft",
    "notes",
)


@transaction.atomic
def create_applicant(*, by, **fields) -> Applicant:
    return save_as(Applicant(**fields), by)


def _require_editable(application: Application) -> None:
    if not application.is_editable:
        raise ActionRefused(
            f"The application is {application.get_status_display().lower()}; what was applied "
            "for can no longer be changed. A change needs a new application."
        )


@transaction.atomic
def update_application(
    *,
    application: Application,
    by,
    changes: dict,
    lot_changes: dict | None = None,
    structures: list[dict] | None = None,
    animals: list[dict] | None = None,
    received_on: date | None = None,
) -> Application:
    """Save what the clerk typed on the intake form, all or nothing.

    `structures` and `animals` are the complete lists wanted: each dict holds the model's
    field values (structures may carry "pk" for one already recorded). Rows not listed are
    removed from the draft; their history rows keep what they said. With `received_on`, a
    draft is also marked received that day, in the same transaction: saved and submitted, or
    neither.
    """
    Application.objects.select_for_update().filter(pk=application.pk).exists()
    application.refresh_from_db()
    _require_editable(application)
    unknown = set(changes) - set(APPLICATION_FIELDS)
    if unknown:
        raise ActionRefused(f"These fields cannot be changed here: {', '.join(sorted(unknown))}.")
    for name, value in changes.items():
        setattr(application, name, value)
    save_as(application, by)
    if lot_changes:
        lot = application.lot
        if lot is None:
            raise ActionRefused(
                "The lot is not matched yet: mark the online application received on its lot."
            )
        for name, value in lot_changes.items():
            setattr(lot, name, value)
        if "parcel_id" in lot_changes:
            lot_actions.place_on_the_map(lot)
        save_as(lot, by)
    try:
        with transaction.atomic():
            if structures is not None:
                _replace_structures(application, structures, by)
            if animals is not None:
                _replace_animals(application, animals, by)
    except IntegrityError as error:
        raise ActionRefused(
            "Two structures share a label, or a species is listed twice.",
            ["Give each structure its own label and list each species once."],
        ) from error
    if received_on is not None and application.status == Application.Status.DRAFT:
        return submit_application(application=application, received_on=received_on, by=by)
    return application


def _remove(instance, by) -> None:
    instance._history_user = by
    instance.delete()


def _replace_structures(application: Application, wanted: list[dict], by) -> None:
    current = {s.pk: s for s in application.structures.all()}
    kept = {item["pk"] for item in wanted if item.get("pk") in current}
    for pk, structure in current.items():
        if pk not in kept:
            _remove(structure, by)
    for item in wanted:
        fields = {k: v for k, v in item.items() if k != "pk"}
        structure = current.get(item.get("pk")) or Structure(application=application)
        for name, value in fields.items():
            setattr(structure, name, value)
        save_as(structure, by)


def _replace_animals(application: Application, wanted: list[dict], by) -> None:
    """Each row is one species, or one named kind of other domesticated animal (§20-14)."""
    current = {(a.species, a.name): a for a in application.animals.all()}
    wanted_by_kind = {
        (item["species"], (item.get("name") or "").strip()): item
        for item in wanted
        if item.get("count")
    }
    for kind, animal in current.items():
        if kind not in wanted_by_kind:
            _remove(animal, by)
    for (species, name), item in wanted_by_kind.items():
        animal = current.get((species, name)) or AnimalKept(
            application=application, species=species, name=name
        )
        animal.count = item["count"]
        animal.mature_count = item.get("mature_count")
        animal.wild = bool(item.get("wild"))
        save_as(animal, by)


# --- documents ------------------------------------------------------------------------------


@transaction.atomic
def upload_document(
    *,
    application: Application,
    kind: str,
    upload,
    by,
    description: str = "",
    supplement: bool = False,
) -> Document:
    """Keep a file received with the application, privately, under a name nobody can guess.

    A file of one of the six §20-20(1) kinds also records that document as received, unless
    it is an applicant's `supplement` to a received application: that waits for the clerk's
    acceptance (`accept_supplement`).
    """
    try:
        checked = validate_upload(upload, DOCUMENT_KINDS)
    except ValidationError as refusal:
        raise ActionRefused(" ".join(refusal.messages)) from None
    if kind not in Document.Kind.values:
        raise ActionRefused("Choose what kind of document this is.")
    _refuse_past_the_application_caps(application, checked.size)
    document = Document(
        application=application,
        kind=kind,
        **stored_file(upload, checked),
        description=description,
        uploaded_by=by,
        supplement=supplement,
    )
    save_as(document, by)
    if not supplement:
        _mark_received(application, kind, by)
    return document


@transaction.atomic
def accept_supplement(*, document: Document, by) -> Document:
    """The clerk has looked at a document the applicant sent after receipt and accepts it: it
    now counts as the §20-20(1) document it is (declining it is `void_document`, with why)."""
    document = (
        Document.objects.select_for_update(of=("self",))
        .select_related("application")
        .get(pk=document.pk)
    )
    if not document.awaiting_acceptance:
        raise ActionRefused("Only a document the applicant sent, not yet accepted or declined.")
    application = document.application
    if not application.is_editable:
        raise ActionRefused("The application is closed: its documents can no longer change.")
    document.accepted_by = by
    document.accepted_at = timezone.now()
    save_as(document, by)
    _mark_received(application, document.kind, by)
    return document


def _refuse_past_the_application_caps(application: Application, size: int) -> None:
    """At most APPLICATION_MAX_FILES kept files, APPLICATION_MAX_BYTES in all, per application
    (void documents and paper originals not counted); uploads to one application queue here."""
    Application.objects.select_for_update(of=("self",)).filter(pk=application.pk).first()
    kept = Document.objects.filter(application=application, voided=False).exclude(file="")
    count = kept.count()
    total = kept.aggregate(total=Sum("size_bytes"))["total"] or 0
    reasons = []
    if count >= settings.APPLICATION_MAX_FILES:
        reasons.append(
            f"The application already holds {count} files, the most it may hold: void one that "
            "is not needed first."
        )
    if total + size > settings.APPLICATION_MAX_BYTES:
        reasons.append(
            f"The application's files would come to {filesizeformat(total + size)}, more than "
            f"the {filesizeformat(settings.APPLICATION_MAX_BYTES)} one application may hold."
        )
    if reasons:
        raise ActionRefused("The file was not uploaded.", reasons)


def _received_flag(kind: str) -> str | None:
    """The application's §20-20(1) flag a document of `kind` answers, if any."""
    return {key: field for field, key, _ in DOCUMENT_FIELDS}.get(kind)


def _mark_received(application: Application, kind: str, by) -> None:
    flag = _received_flag(kind)
    if flag and application.is_editable and not getattr(application, flag):
        setattr(application, flag, True)
        save_as(application, by)


@transaction.atomic
def record_building_inspector_approval(
    *,
    application: Application,
    approved_on: date,
    upload,
    by,
    description: str = "",
    today: date | None = None,
) -> Application:
    """Record the building inspector's approval of the construction (§20-20(2)(a)): its date
    and the document received, kept with the application's documents.

    Recorded again (a corrected date, a better copy), it replaces the first; the history keeps
    both. The permit waits also for the agent's final inspection (permits.construction).
    """
    today = today or timezone.localdate()
    Application.objects.select_for_update().filter(pk=application.pk).exists()
    application.refresh_from_db()
    reasons = []
    if application.construction == Application.Construction.NONE:
        reasons.append(
            "The application declares no construction or remodelling: say so on the "
            "application first (§20-20(2))."
        )
    if not application.is_open or application.status in (
        Application.Status.DRAFT,
        Application.Status.SUBMITTED,
        Application.Status.INFORMATION_REQUESTED,
    ):
        reasons.append("Only a received, open application records the inspector's approval.")
    if approved_on is None:
        reasons.append("Give the date of the building inspector's approval.")
    elif approved_on > today:
        reasons.append("The building inspector's approval cannot be dated after today.")
    elif application.received_on and approved_on < application.received_on:
        reasons.append(
            "The approval is dated before the application was received; the construction it "
            "approves is this application's."
        )
    if upload is None:
        reasons.append("Attach the building inspector's approval as received.")
    if reasons:
        raise ActionRefused("The building inspector's approval was not recorded.", reasons)
    document = upload_document(
        application=application,
        kind=Document.Kind.BUILDING_INSPECTOR,
        upload=upload,
        by=by,
        description=description.strip()[: Document._meta.get_field("description").max_length],
    )
    application.building_inspector_approved_on = approved_on
    application.building_inspector_document = document
    save_as(application, by)
    return application


PAPER_ORIGINAL = "Paper original on file"


@transaction.atomic
def record_paper_original(
    *, application: Application, kind: str, by, description: str = ""
) -> Document:
    """Record that the paper original of a §20-20(1) document is in the Board's file.

    A document counts as received only with its file uploaded or this record, which says who
    holds the paper and since when: never from a bare tick.
    """
    if _received_flag(kind) is None:
        raise ActionRefused("Choose one of the six documents §20-20(1) asks for.")
    if not application.is_editable:
        raise ActionRefused("The application is closed: its documents can no longer change.")
    document = Document(
        application=application,
        kind=kind,
        paper_original=True,
        original_name=PAPER_ORIGINAL,
        content_type="",
        size_bytes=0,
        description=description.strip()[: Document._meta.get_field("description").max_length],
        uploaded_by=by,
    )
    save_as(document, by)
    _mark_received(application, kind, by)
    return document


@transaction.atomic
def void_document(*, document: Document, reason: str, by) -> Document:
    if document.voided:
        return document
    if not reason.strip():
        raise ActionRefused("Say why the document is voided.")
    limit = Document._meta.get_field("void_reason").max_length
    if len(reason.strip()) > limit:
        raise ActionRefused(f"Keep the reason to {limit} characters.")
    document.voided = True
    document.void_reason = reason.strip()
    save_as(document, by)
    # The last file or paper record of a §20-20(1) document gone: it is no longer received.
    application = document.application
    flag = _received_flag(document.kind)
    # An applicant's supplement not yet accepted does not hold it.
    still_held = (
        application.documents.filter(kind=document.kind, voided=False)
        .exclude(supplement=True, accepted_at__isnull=True)
        .exists()
    )
    if flag and application.is_editable and getattr(application, flag) and not still_held:
        setattr(application, flag, False)
        save_as(application, by)
    return document


# --- renewals, revocation, voiding ----------------------------------------------------------


@transaction.atomic
def start_renewal(*, permit: Permit, by, today: date | None = None) -> Application:
    """A renewal application pre-filled from the permit: the clerk confirms or changes it.

    The animals are those the permit authorizes (§20-20(3)); the structures, facts and the
    Board's enlarged setbacks are those of the application it was issued on (its variances
    and conditions are read from the permit chain). Starting twice returns the renewal
    already open. A permit lapsed too long ago is not renewed: it needs a new application.
    """
    today = today or timezone.localdate()
    permit = (
        Permit.objects.select_for_update(of=("self",))
        .select_related("application")
        .get(pk=permit.pk)
    )
    if permit.status == Permit.Status.REVOKED:
        raise ActionRefused("A revoked permit cannot be renewed (§20-20(6)).")
    if permit.status == Permit.Status.VOID:
        raise ActionRefused("A void permit cannot be renewed.")
    if permit.status == Permit.Status.PROVISIONAL:
        raise ActionRefused(PROVISIONAL_NOT_RENEWED)
    open_renewal = permit.renewal_applications.filter(
        status__in=[*Application.OPEN_STATUSES, Application.Status.ISSUED]
    ).first()
    if open_renewal is not None:
        return open_renewal
    lapsed = renewals.lapse_refusal(permit, today)
    if lapsed:
        raise ActionRefused(lapsed)
    reasons = [renewals.year_refusal(permit, today), *renewals.pending_revocation_refusals(permit)]
    if any(reasons):
        raise ActionRefused("The permit cannot be renewed now.", [r for r in reasons if r])
    source = permit.application
    fields = {name: getattr(source, name) for name in APPLICATION_FIELDS}
    # The facility was built under the permit renewed; a remodel declared now is new work that
    # needs its own approvals and completion (§20-20(2)), never the first construction's.
    fields.update(notes="", construction=Application.Construction.NONE)
    renewal = create_application(
        applicant=permit.holder,
        lot=permit.lot,
        kind=Application.Kind.RENEWAL,
        renews=permit,
        by=by,
        **fields,
    )
    for structure in source.structures.all():
        copy = Structure(application=renewal)
        for field in Structure._meta.concrete_fields:
            if field.name not in ("id", "application"):
                setattr(copy, field.attname, getattr(structure, field.attname))
        save_as(copy, by)
    for enlargement in source.setback_enlargements.all():
        save_as(
            SetbackEnlargement(
                application=renewal,
                rule=enlargement.rule,
                minimum_ft=enlargement.minimum_ft,
                reason=enlargement.reason,
            ),
            by,
        )
    for animal in permit.animals.all():
        save_as(
            AnimalKept(
                application=renewal,
                species=animal.species,
                name=animal.name,
                count=animal.count,
                mature_count=animal.mature_count,
                wild=source.animals.filter(
                    species=animal.species, name=animal.name, wild=True
                ).exists(),
            ),
            by,
        )
    _take_up_renewal_requests(permit, renewal, by)
    return renewal


def _take_up_renewal_requests(permit: Permit, renewal: Application, by) -> None:
    """The holder's online request lands on the renewal: their words go into its notes."""
    for asked in RenewalRequest.objects.pending().filter(permit=permit):
        said = "nothing has changed" if asked.unchanged else f"changes: {asked.changes}"
        note = f"Holder's online request of {long_date(asked.submitted_at)}: {said}"
        renewal.notes = "\n".join(filter(None, [renewal.notes, note]))
        save_as(renewal, by)
        # Called through its module, so that the history proof sees this action too.
        portal_actions.take_up_renewal_request(renewal_request=asked, application=renewal, by=by)


PROVISIONAL_NOT_RENEWED = (
    "This permit was entered from the paper register and the Board has not accepted it: it is "
    "renewed only once the Board accepts the entry by a vote at a meeting (§20-20(8))."
)


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
    scan = upload_document(
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


@transaction.atomic
def revoke_permit(*, permit: Permit, decision, by) -> Permit:
    """Record the Board's revocation (§20-20(5)-(6)): the permit is revoked only by the Board's
    decision on a revocation proceeding, which orders the animals removed by a date."""
    Permit.objects.select_for_update().filter(pk=permit.pk).exists()
    permit.refresh_from_db()
    reasons = []
    proceeding = getattr(getattr(decision, "docket_item", None), "revocation", None)
    if proceeding is None or proceeding.permit_id != permit.pk:
        reasons.append(
            "Only the Board revokes a permit (§20-20(5)): open a revocation proceeding, and the "
            "permit is revoked when the Board decides it at the hearing."
        )
    elif decision.result != "revoked":
        reasons.append("The Board's decision on the proceeding is not to revoke.")
    if permit.status in (Permit.Status.REVOKED, Permit.Status.VOID):
        reasons.append(f"The permit is already {permit.get_status_display().lower()}.")
    if reasons:
        raise ActionRefused("The permit cannot be revoked.", reasons)
    permit.status = Permit.Status.REVOKED
    permit.revoked_on = decision.decided_on
    permit.revocation_reason = proceeding.grounds
    permit.removal_ordered_by = decision.removal_by
    save_as(permit, by)
    # The keeping is revoked: the permits that renewed this one end with it.
    for later in renewals.later_permits(permit):
        if later.status == Permit.Status.ACTIVE:
            later.status = Permit.Status.REVOKED
            later.revoked_on = decision.decided_on
            later.revocation_reason = (
                f"Permit {permit.number}, which this permit renews, was revoked by the Board on "
                f"{decision.decided_on:%B} {decision.decided_on.day}, {decision.decided_on.year}: "
                f"{proceeding.grounds}"
            )
            later.removal_ordered_by = decision.removal_by
            save_as(later, by)
    return permit


def renewal_resting_on(permit: Permit) -> Permit | None:
    """The later permit, not void, that renews `permit` (or renews its renewal): a renewal
    rests on the permit it renews (§20-20(8)), so voiding the one beneath would leave it
    standing on nothing; the later permit is dealt with first."""
    later = [p for p in renewals.later_permits(permit) if p.status != Permit.Status.VOID]
    return later[0] if later else None


@transaction.atomic
def void_permit(*, permit: Permit, reason: str, by) -> Permit:
    """A permit issued in error is voided with a reason, never edited (§20-20(7))."""
    Permit.objects.select_for_update().filter(pk=permit.pk).exists()
    permit.refresh_from_db()
    if permit.status == Permit.Status.VOID:
        raise ActionRefused("The permit is already void.")
    if not reason.strip():
        raise ActionRefused("Give the reason for voiding the permit.")
    resting = renewal_resting_on(permit)
    if resting is not None:
        raise ActionRefused(
            "The permit cannot be voided.",
            [
                f"Permit {resting.number} renews it (§20-20(8)): a renewal rests on the permit "
                "it renews, so void the later permit first."
            ],
        )
    permit.status = Permit.Status.VOID
    permit.void_reason = reason.strip()
    return save_as(permit, by)


# --- renewal season: renewals renewed together ------------------------------------------------
#
# A renewal together is the ordinary renewal of each permit chosen, one after another, through
# the same actions the renewal page calls (start_renewal, submit_application, record_payment,
# issue_permit), so every rule those actions check is checked for each. Each permit is renewed
# or not on its own: one refused (a rule not met today, the fee not paid) is rolled back whole,
# leaving nothing half-done on file, and says why; the others go. Choosing them together adds
# one thing: a renewal whose keeping differs from the permit it renews is not renewed here
# (§20-20(3), (8)), since the clerk chose it from a list of the unchanged ones.


@dataclass(frozen=True)
class PaymentTaken:
    """The fee the clerk took for one renewal: recorded as its own payment, for what is owed."""

    method: str
    reference: str = ""


def _refuse_if_changed(permit: Permit, renewal: Application, on: date) -> None:
    """Only the unchanged renew together: a renewal already opened and edited goes on its own
    page, where the clerk sees what differs."""
    changes = renewals.changes_from_permit(
        permit, renewal, renewal.animals.all(), renewal.structures.all(), on
    )
    if not changes.unchanged:
        differs = "; ".join(changes.enlargements + changes.reductions) or "its facts"
        raise ActionRefused(
            f"Renewal #{renewal.pk} differs from permit {permit.number} ({differs}): renew it on "
            "its own page (§20-20(3), (8))."
        )


def _renew_one(permit: Permit, payment: PaymentTaken | None, *, on: date, by):
    """The ordinary renewal of one permit, start to issue; (new permit, payment or None)."""
    renewal = start_renewal(permit=permit, by=by, today=on)
    if renewal.status == Application.Status.ISSUED:
        raise ActionRefused(f"Permit {permit.number} was renewed already (renewal #{renewal.pk}).")
    # As saved: a renewal just created holds its kind as the enum member, which the rules'
    # parser refuses as a kind; read from the database it is the plain value.
    renewal.refresh_from_db()
    # Renewed together means received, paid and issued the day of the batch (the audit's
    # together.py): a renewal received on another day, perhaps for another permit year, is
    # taken up on its own page, where its day and its year are judged.
    if renewal.received_on is not None and renewal.received_on != on:
        raise ActionRefused(
            f"Renewal #{renewal.pk} of permit {permit.number} was received on "
            f"{long_date(renewal.received_on)}: issue it from its own page, not with the "
            "renewals together."
        )
    _refuse_if_changed(permit, renewal, on)
    if renewal.status == Application.Status.DRAFT:
        submit_application(application=renewal, received_on=on, by=by)
    recorded = None
    due = fee_due(renewal)
    if payment is not None and due is not None and amount_paid(renewal) < due:
        recorded = record_payment(
            application=renewal,
            amount=due - amount_paid(renewal),
            received_on=on,
            method=payment.method,
            reference=payment.reference,
            by=by,
        )
    return issue_permit(application=renewal, by=by, on=on), recorded


def _reasons(refusal: ActionRefused) -> list[str]:
    return refusal.reasons or [refusal.message]


@transaction.atomic
def renew_together(
    *,
    permits: list[Permit],
    by,
    payments: dict[int, PaymentTaken] | None = None,
    on: date | None = None,
) -> RenewalBatch:
    """Renew each of `permits` as the renewal page would, on `on` (today): received, its fee
    recorded when the clerk took it (`payments`, by permit pk), and issued. Each permit is
    renewed whole or not at all; the batch keeps, for each, its new permit or its reasons."""
    on = on or timezone.localdate()
    payments = payments or {}
    if not permits:
        raise ActionRefused("Choose at least one renewal to renew.")
    batch = save_as(RenewalBatch(renewed_on=on, run_by=by), by)
    for permit in permits:
        entry = RenewalBatchEntry(batch=batch, renews=permit)
        try:
            with transaction.atomic():
                entry.permit, entry.payment = _renew_one(
                    permit, payments.get(permit.pk), on=on, by=by
                )
        except ActionRefused as refusal:
            entry.refusal = "\n".join(_reasons(refusal))
        save_as(entry, by)
    return batch
