"""Changes of state of applications made online: the applicant's and the clerk's review.

Like every actions module: atomic, keyword-only, names who acted (`by`), re-checks what it
depends on and raises `ActionRefused` with every reason. What the applicant types is saved by
the clerk's own intake action (permits.actions.update_application), so an online application
holds the same facts, read by the rules through the same adapter, as one typed at the counter.
"""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from facilities import actions as lot_actions
from facilities.models import Lot
from permits import actions as permit_actions
from permits.models import Applicant, Application, Document
from permits.online import notifications
from permits.online.eligibility import changeable_sections, open_request, submission_refusals
from permits.online.models import InformationRequest
from permits.online.sections import SECTION_KEYS
from permits.portal import actions as portal_actions
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as

Status = Application.Status
# Which part of the form each application field belongs to (permits.online.sections).
FIELD_SECTIONS = {
    "manure_method": "keeping",
    "securely_fenced": "keeping",
    "vermin_licensed_operator": "keeping",
    "construction": "construction",
    "notes": "construction",
}


def _locked(application: Application) -> Application:
    return (
        Application.objects.select_for_update(of=("self",))
        .select_related("applicant", "lot")
        .get(pk=application.pk)
    )


def _require_own(application: Application, by) -> None:
    # The views find the record through the user already; this is the action's own check.
    if not application.is_online or application.applicant.user_id != by.pk:
        raise ActionRefused("Only the applicant who began this application online may do this.")


@transaction.atomic
def start_online_application(
    *, by, details: dict, address: dict, answers: dict | None = None
) -> Application:
    """The applicant opens a draft for a lot, with the pre-check's answers if they bring them.

    The lot is recorded as the applicant gives it; a parcel already on record is the clerk's to
    match (the applicant may not change a lot other records share).
    """
    applicant = Applicant.objects.select_for_update().filter(user=by).first()
    if applicant is None:
        raise ActionRefused("Your account is not an applicant's yet: confirm your e-mail first.")
    street = " ".join((address.get("street_address") or "").split())
    parcel = (address.get("parcel_id") or "").strip().upper()
    reasons = []
    if not street:
        reasons.append("Give the street address where the animals will be kept.")
    if parcel and Lot.objects.filter(parcel_id=parcel).exists():
        reasons.append(
            f"Parcel {parcel} is already on record: leave the parcel id blank and the clerk will "
            "match it."
        )
    if reasons:
        raise ActionRefused("The application was not opened.", reasons)
    # The applicant record is shared (permits, notices): a change of it is the clerk's to accept.
    if portal_actions.details_differ(applicant, details):
        portal_actions.propose_details_change(applicant=applicant, details=details, by=by)
    lot = lot_actions.create_lot(by=by, street_address=street, parcel_id=parcel)
    application = permit_actions.create_application(
        by=by, applicant=applicant, lot=lot, channel=Application.Channel.ONLINE
    )
    if answers:
        from permits.online.carry import as_intake

        permit_actions.update_application(application=application, by=by, **as_intake(answers))
    return application


def _sections_touched(details, address, lot_changes, changes, structures, animals) -> set[str]:
    touched = {FIELD_SECTIONS[name] for name in changes or {} if name in FIELD_SECTIONS}
    if details is not None:
        touched.add("applicant")
    if address is not None or lot_changes is not None:
        touched.add("lot")
    if structures is not None:
        touched.add("structures")
    if animals is not None:
        touched.add("animals")
    return touched


@transaction.atomic
def save_online_application(
    *,
    application: Application,
    by,
    details: dict | None = None,
    address: dict | None = None,
    lot_changes: dict | None = None,
    changes: dict | None = None,
    structures: list[dict] | None = None,
    animals: list[dict] | None = None,
) -> Application:
    """Save what the applicant typed, in the parts they may change now."""
    application = _locked(application)
    _require_own(application, by)
    allowed = changeable_sections(application)
    if not allowed:
        raise ActionRefused(
            f"The application is {application.get_status_display().lower()}: it cannot be "
            "changed now."
        )
    unknown = set(changes or {}) - set(FIELD_SECTIONS)
    if unknown:
        raise ActionRefused(f"These fields cannot be changed here: {', '.join(sorted(unknown))}.")
    refused = _sections_touched(details, address, lot_changes, changes, structures, animals)
    refused -= set(allowed)
    if refused:
        raise ActionRefused(
            "Only the parts the clerk asked about can be changed now.", sorted(refused)
        )
    if details and portal_actions.details_differ(application.applicant, details):
        # The applicant record is shared: a change of it is the clerk's to accept.
        portal_actions.propose_details_change(
            applicant=application.applicant, details=details, by=by
        )
    lot_values = {**(lot_changes or {})}
    if address:
        lot_values["street_address"] = " ".join(address["street_address"].split())
        parcel = (address.get("parcel_id") or "").strip().upper() or None
        if parcel and Lot.objects.filter(parcel_id=parcel).exclude(pk=application.lot_id).exists():
            raise ActionRefused(
                "The application was not saved.",
                [f"Parcel {parcel} is already on record: leave it blank; the clerk matches it."],
            )
        lot_values["parcel_id"] = parcel
    return permit_actions.update_application(
        application=application,
        by=by,
        changes=changes or {},
        lot_changes=lot_values or None,
        structures=structures,
        animals=animals,
    )


@transaction.atomic
def submit_online_application(*, application: Application, by) -> Application:
    """Send the application, as saved, to the Board's clerk (answering any open request)."""
    application = _locked(application)
    _require_own(application, by)
    if not application.in_applicants_hands:
        raise ActionRefused("Only a draft, or an application the clerk asked about, can be sent.")
    reasons = submission_refusals(application)
    if reasons:
        raise ActionRefused("The application was not sent.", reasons)
    now = timezone.now()
    request = open_request(application)
    if request is not None:
        request.answered_at = now
        save_as(request, by)
    application.status = Status.SUBMITTED
    application.submitted_online_at = now
    save_as(application, by)
    notifications.notify(notifications.SUBMITTED, application)
    return application


@transaction.atomic
def add_online_document(
    *, application: Application, by, kind: str, upload, description: str = ""
) -> Document:
    """The applicant uploads the plan or a §20-20(1) document (the same check as the clerk's)."""
    application = _locked(application)
    _require_own(application, by)
    if "documents" not in changeable_sections(application):
        raise ActionRefused("Documents cannot be added to this application now.")
    if kind == Document.Kind.APPROVAL:
        raise ActionRefused("Approvals are recorded by the Board's office.")
    return permit_actions.upload_document(
        application=application, kind=kind, upload=upload, by=by, description=description
    )


@transaction.atomic
def withdraw_online_application(*, application: Application, by) -> Application:
    """The applicant withdraws it, before the clerk has received it. Kept, never deleted."""
    application = _locked(application)
    _require_own(application, by)
    if application.status not in (Status.DRAFT, Status.SUBMITTED, Status.INFORMATION_REQUESTED):
        raise ActionRefused(
            f"The application is {application.get_status_display().lower()}: ask the Board's "
            "office to withdraw it."
        )
    request = open_request(application)
    if request is not None:
        request.answered_at = timezone.now()
        save_as(request, by)
    application.status = Status.WITHDRAWN
    save_as(application, by)
    notifications.notify(notifications.WITHDRAWN, application)
    return application


# --- the clerk's review ------------------------------------------------------------------------


def _require_submitted(application: Application) -> None:
    if not application.is_online or application.status != Status.SUBMITTED:
        raise ActionRefused("Only an application submitted online and not yet reviewed.")


@transaction.atomic
def request_information(
    *, application: Application, by, sections: list[str], message: str
) -> InformationRequest:
    """The clerk asks for what is missing; the parts named go back to the applicant."""
    application = _locked(application)
    _require_submitted(application)
    sections = [key for key in SECTION_KEYS if key in set(sections)]
    reasons = []
    if not sections:
        reasons.append("Tick at least one part the applicant must complete.")
    if not message.strip():
        reasons.append("Say what is missing.")
    if reasons:
        raise ActionRefused("The request was not sent.", reasons)
    request = save_as(
        InformationRequest(
            application=application, sections=sections, message=message.strip(), asked_by=by
        ),
        by,
    )
    application.status = Status.INFORMATION_REQUESTED
    save_as(application, by)
    notifications.notify(notifications.INFORMATION_REQUESTED, application)
    return request


@transaction.atomic
def receive_online_application(
    *, application: Application, by, received_on: date | None = None
) -> Application:
    """The clerk finds it complete: received that day, and the normal workflow follows."""
    application = _locked(application)
    _require_submitted(application)
    received_on = received_on or timezone.localdate()
    reasons = []
    if received_on > timezone.localdate():
        reasons.append("The day received cannot be in the future.")
    sent_on = timezone.localdate(application.submitted_online_at)
    if received_on < sent_on:
        reasons.append(f"It was sent on {sent_on:%B %-d, %Y}: it cannot be received before.")
    if not application.animals.exists():
        reasons.append("The application lists no animals.")
    if reasons:
        raise ActionRefused("The application was not marked received.", reasons)
    application.status = Status.RECEIVED
    application.received_on = received_on
    save_as(application, by)
    notifications.notify(notifications.RECEIVED, application)
    return application
