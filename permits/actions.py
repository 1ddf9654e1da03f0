"""Changes of state of applications and permits. Views, admin and commands call these only.

Every action is atomic, names who acted (`by`), re-checks what it depends on, and raises
`ActionRefused` with every reason when it cannot proceed.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from facilities import actions as lot_actions
from facilities.models import AnimalKept, Lot, Structure
from permits.eligibility import first_permitted_on, permit_year_for, refusals_to_issue
from permits.facts_from_records import evaluate_application, variances_for
from permits.models import (
    DOCUMENT_FIELDS,
    Applicant,
    Application,
    Document,
    Payment,
    Permit,
    PermitAnimal,
    PermitNumberCounter,
    permit_expiry,
)
from permits.portal import notifications
from permits.portal.actions import take_up_renewal_request
from permits.portal.models import RenewalRequest
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from stoneham_boh.lib.uploads import DOCUMENT_KINDS, stored_name, validate_upload


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


def _variances_text(application: Application, on: date) -> str:
    lines = []
    for variance in variances_for(application):
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
    reasons = refusals_to_issue(application, on)
    if reasons:
        raise ActionRefused("The permit cannot be issued.", reasons)
    result = evaluate_application(application, as_of=on)
    grandfathered = any(f["status"] == "grandfathered" for f in result["findings"])
    year = permit_year_for(application, on)
    sequence = _take_next_sequence(year)
    permit = Permit(
        number=f"{year}-{sequence:04d}",
        year=year,
        sequence=sequence,
        application=application,
        holder=application.applicant,
        lot=application.lot,
        issued_on=on,
        expires_on=permit_expiry(year),
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
    notifications.notify_permit_issued(permit)
    return permit


def _decision_conditions(application: Application) -> str:
    """The Board's conditions on this application, else those of the permit it renews."""
    conditions = [
        item.decision.conditions
        for item in application.docket_items.select_related("decision")
        if hasattr(item, "decision") and item.decision.conditions
    ]
    if not conditions and application.renews_id:
        return application.renews.conditions
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


# --- intake -------------------------------------------------------------------------------

APPLICATION_FIELDS = (
    "construction",
    "construction_board_approved",
    "construction_building_inspector_approved",
    *(field for field, _, _ in DOCUMENT_FIELDS),
    "prior_permit_issued",
    "conditions_unchanged",
    "manure_method",
    "securely_fenced",
    "vermin_plan_approved",
    "vermin_licensed_operator",
    "conservation_commission_wetland_ft",
    "wild_animal_approved",
    "composting_approved",
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
        for name, value in lot_changes.items():
            setattr(lot, name, value)
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
    current = {a.species: a for a in application.animals.all()}
    wanted_by_species = {item["species"]: item for item in wanted if item.get("count")}
    for species, animal in current.items():
        if species not in wanted_by_species:
            _remove(animal, by)
    for species, item in wanted_by_species.items():
        animal = current.get(species) or AnimalKept(application=application, species=species)
        animal.count = item["count"]
        animal.mature_count = item.get("mature_count")
        animal.wild = bool(item.get("wild"))
        save_as(animal, by)


# --- documents ------------------------------------------------------------------------------


@transaction.atomic
def upload_document(
    *, application: Application, kind: str, upload, by, description: str = ""
) -> Document:
    """Keep a file received with the application, privately, under a name nobody can guess.

    A file of one of the six §20-20(1) kinds also records that document as received.
    """
    try:
        checked = validate_upload(upload, DOCUMENT_KINDS)
    except ValidationError as refusal:
        raise ActionRefused(" ".join(refusal.messages)) from None
    if kind not in Document.Kind.values:
        raise ActionRefused("Choose what kind of document this is.")
    # Stored under our own random name whose extension is the detected type's; the sender's
    # name is kept only to label the download.
    upload.name = stored_name(checked)
    document = Document(
        application=application,
        kind=kind,
        file=upload,
        original_name=checked.original_name[:255],
        content_type=checked.content_type,
        size_bytes=checked.size,
        description=description,
        uploaded_by=by,
    )
    save_as(document, by)
    flag = {key: field for field, key, _ in DOCUMENT_FIELDS}.get(kind)
    if flag and application.is_editable and not getattr(application, flag):
        setattr(application, flag, True)
        save_as(application, by)
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
    return save_as(document, by)


# --- renewals, revocation, voiding ----------------------------------------------------------


@transaction.atomic
def start_renewal(*, permit: Permit, by) -> Application:
    """A renewal application pre-filled from the permit: the clerk confirms or changes it.

    The animals are those the permit authorizes (§20-20(3)); the structures and facts are
    those of the application it was issued on. Starting twice returns the renewal already open.
    """
    permit = (
        Permit.objects.select_for_update(of=("self",))
        .select_related("application")
        .get(pk=permit.pk)
    )
    if permit.status == Permit.Status.REVOKED:
        raise ActionRefused("A revoked permit cannot be renewed (§20-20(6)).")
    if permit.status == Permit.Status.VOID:
        raise ActionRefused("A void permit cannot be renewed.")
    open_renewal = permit.renewal_applications.filter(
        status__in=[*Application.OPEN_STATUSES, Application.Status.ISSUED]
    ).first()
    if open_renewal is not None:
        return open_renewal
    source = permit.application
    fields = {name: getattr(source, name) for name in APPLICATION_FIELDS}
    fields.update(
        prior_permit_issued=first_permitted_on(permit),
        conditions_unchanged=False,
        notes="",
    )
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
    for animal in permit.animals.all():
        save_as(
            AnimalKept(
                application=renewal,
                species=animal.species,
                count=animal.count,
                mature_count=animal.mature_count,
                wild=source.animals.filter(species=animal.species, wild=True).exists(),
            ),
            by,
        )
    _take_up_renewal_requests(permit, renewal, by)
    return renewal


def _take_up_renewal_requests(permit: Permit, renewal: Application, by) -> None:
    """The holder's online request lands on the renewal: their words go into its notes."""
    for asked in RenewalRequest.objects.pending().filter(permit=permit):
        said = "nothing has changed" if asked.unchanged else f"changes: {asked.changes}"
        note = f"Holder's online request of {asked.submitted_at:%B %-d, %Y}: {said}"
        renewal.notes = "\n".join(filter(None, [renewal.notes, note]))
        save_as(renewal, by)
        take_up_renewal_request(renewal_request=asked, application=renewal, by=by)


@transaction.atomic
def revoke_permit(
    *, permit: Permit, reason: str, revoked_on: date, remove_animals_by: date, by
) -> Permit:
    """§20-20(5)-(6): revoke for a violation and order the animals removed by a date."""
    Permit.objects.select_for_update().filter(pk=permit.pk).exists()
    permit.refresh_from_db()
    reasons = []
    if permit.status in (Permit.Status.REVOKED, Permit.Status.VOID):
        reasons.append(f"The permit is already {permit.get_status_display().lower()}.")
    if not reason.strip():
        reasons.append("Give the reason for the revocation.")
    if remove_animals_by < revoked_on:
        reasons.append("The animals cannot be ordered removed before the revocation date.")
    if reasons:
        raise ActionRefused("The permit cannot be revoked.", reasons)
    permit.status = Permit.Status.REVOKED
    permit.revoked_on = revoked_on
    permit.revocation_reason = reason.strip()
    permit.removal_ordered_by = remove_animals_by
    return save_as(permit, by)


@transaction.atomic
def void_permit(*, permit: Permit, reason: str, by) -> Permit:
    """A permit issued in error is voided with a reason, never edited (§20-20(7))."""
    Permit.objects.select_for_update().filter(pk=permit.pk).exists()
    permit.refresh_from_db()
    if permit.status == Permit.Status.VOID:
        raise ActionRefused("The permit is already void.")
    if not reason.strip():
        raise ActionRefused("Give the reason for voiding the permit.")
    permit.status = Permit.Status.VOID
    permit.void_reason = reason.strip()
    return save_as(permit, by)
