"""Intake: opening an application (a new or found applicant and lot), what the clerk types on
the intake form (the application's fields, its structures and animals) and marking it
received.

`APPLICATION_FIELDS` are the fields the intake form may change; a renewal copies the same
fields from the application its permit was issued on (permits.actions.renewals).
"""

from __future__ import annotations

from datetime import date

from django.db import IntegrityError, transaction

from facilities import actions as lot_actions
from facilities.models import AnimalKept, Lot, Structure
from permits.eligibility import keep_fee_at_receipt
from permits.models import Applicant, Application
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as

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
