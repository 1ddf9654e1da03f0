"""Changes of state of applications made online: the applicant's and the clerk's review.

Like every actions module: atomic, keyword-only, names who acted (`by`), re-checks what it
depends on and raises `ActionRefused` with every reason. What the applicant types is saved by
the clerk's own intake action (permits.actions.update_application), so an online application
holds the same facts, read by the rules through the same adapter, as one typed at the counter.
Only what the applicant says of the lot differs: it is a proposal on the application
(`Application.lot_proposal`), never a change to a lot on file, until the clerk matches it to
a lot on receipt (one lot per parcel).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from facilities import actions as lot_actions
from facilities.models import Lot
from permits import actions as permit_actions
from permits.eligibility import keep_fee_at_receipt
from permits.models import LOT_PROPOSAL_FIELDS, Applicant, Application, Document
from permits.online import notifications
from permits.online.carry import as_intake
from permits.online.eligibility import (
    abandoned_since,
    changeable_sections,
    is_abandoned,
    lots_matching,
    open_request,
    submission_refusals,
    supplement_kinds,
)
from permits.online.models import (
    REMOVED_BY_APPLICANT,
    REPLACED_BY_APPLICANT,
    InformationRequest,
)
from permits.online.sections import SECTION_KEYS
from permits.portal import actions as portal_actions
from stoneham_boh.lib.dates import long_date
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


def _as_proposal(values: dict) -> dict:
    """What was typed about the lot, as the application's JSON proposal (decimals as text)."""
    proposal = {}
    for name in LOT_PROPOSAL_FIELDS:
        if name not in values:
            continue
        value = values[name]
        if name == "street_address":
            value = " ".join((value or "").split())
        elif name == "parcel_id":
            value = (value or "").strip().upper() or None
        elif isinstance(value, Decimal):
            value = str(value)
        proposal[name] = value
    return proposal


@transaction.atomic
def start_online_application(
    *, by, details: dict, address: dict, answers: dict | None = None
) -> Application:
    """The applicant opens a draft for a lot, with the pre-check's answers if they bring them.

    What they say of the lot (street, parcel id, ground) is a proposal on the application: no
    lot on file is taken or changed, none is made. The clerk matches it on receipt
    (`receive_online_application`): the lot on file of that parcel or address, or a new one.
    """
    applicant = Applicant.objects.select_for_update().filter(user=by).first()
    if applicant is None:
        raise ActionRefused("Your account is not an applicant's yet: confirm your e-mail first.")
    proposal = _as_proposal(address)
    reasons = []
    if not proposal.get("street_address"):
        reasons.append("Give the street address where the animals will be kept.")
    drafts = Application.objects.filter(
        applicant=applicant, channel=Application.Channel.ONLINE, status=Status.DRAFT
    ).count()
    if drafts >= settings.ONLINE_DRAFTS_MAX:
        reasons.append(
            f"You already have {drafts} draft applications open: send or withdraw one before "
            "opening another."
        )
    if reasons:
        raise ActionRefused("The application was not opened.", reasons)
    # The applicant record is shared (permits, notices): a change of it is the clerk's to accept.
    if portal_actions.details_differ(applicant, details):
        portal_actions.propose_details_change(applicant=applicant, details=details, by=by)
    intake = None
    if answers:
        intake = as_intake(answers)
        proposal.update(_as_proposal(intake.pop("lot_changes") or {}))
    application = save_as(
        Application(
            applicant=applicant,
            lot=None,
            lot_proposal=proposal,
            channel=Application.Channel.ONLINE,
            created_by=by,
        ),
        by,
    )
    if intake:
        permit_actions.update_application(application=application, by=by, **intake)
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
    if address is not None or lot_changes is not None:
        # A proposal on the application only: the lot on file (if the clerk matched one) is
        # shared with its other applications and permits and stays the clerk's.
        application.lot_proposal = {
            **(application.lot_proposal or {}),
            **_as_proposal({**(address or {}), **(lot_changes or {})}),
        }
        save_as(application, by)
    return permit_actions.update_application(
        application=application,
        by=by,
        changes=changes or {},
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
    """The applicant uploads the plan or a §20-20(1) document (the same check as the clerk's,
    and the same caps on an application's files: APPLICATION_MAX_FILES, APPLICATION_MAX_BYTES)."""
    application = _locked(application)
    _require_own(application, by)
    if "documents" not in changeable_sections(application):
        raise ActionRefused("Documents cannot be added to this application now.")
    if kind == Document.Kind.APPROVAL:
        raise ActionRefused("Approvals are recorded by the Board's office.")
    return permit_actions.upload_document(
        application=application, kind=kind, upload=upload, by=by, description=description
    )


def _own_document(document: Document, by) -> Document:
    document = (
        Document.objects.select_for_update(of=("self",))
        .select_related("application__applicant")
        .get(pk=document.pk)
    )
    _locked(document.application)
    _require_own(document.application, by)
    if "documents" not in changeable_sections(document.application):
        raise ActionRefused("The documents of this application cannot be changed now.")
    if document.voided or document.uploaded_by_id != by.pk:
        raise ActionRefused("Only a file you uploaded, and not already removed, can be changed.")
    return document


@transaction.atomic
def remove_online_document(*, document: Document, by) -> Document:
    """The applicant takes back a file uploaded by mistake, while the application is in their
    hands: withdrawn (voided, with the reason), kept in the application's history."""
    document = _own_document(document, by)
    return permit_actions.void_document(document=document, reason=REMOVED_BY_APPLICANT, by=by)


@transaction.atomic
def replace_online_document(
    *, document: Document, by, upload, description: str | None = None
) -> Document:
    """The applicant sends a better file for one already uploaded: the new file, of the same
    kind, takes its place; the old one is withdrawn (voided), never deleted. A refused upload
    leaves the old file as it was."""
    document = _own_document(document, by)
    permit_actions.void_document(document=document, reason=REPLACED_BY_APPLICANT, by=by)
    return permit_actions.upload_document(
        application=document.application,
        kind=document.kind,
        upload=upload,
        by=by,
        description=document.description if description is None else description,
    )


@transaction.atomic
def send_supplement(
    *, application: Application, by, kind: str, upload, description: str = ""
) -> Document:
    """The applicant sends a §20-20(1) document still needed after the clerk received the
    application (permits.online.eligibility.supplement_kinds). It waits for the clerk, who
    looks at it and accepts it (then it counts) or declines it with a reason; a second file
    sent for the same document before the clerk looked replaces the first."""
    application = _locked(application)
    if application.applicant.user_id != by.pk:
        raise ActionRefused("Only the applicant can send documents for this application.")
    if kind not in supplement_kinds(application):
        raise ActionRefused(
            "This document cannot be sent now: the office has it already, or the application "
            "is no longer open to documents."
        )
    for waiting in application.documents.filter(kind=kind, supplement=True, voided=False):
        if waiting.awaiting_acceptance:
            permit_actions.void_document(document=waiting, reason=REPLACED_BY_APPLICANT, by=by)
    document = permit_actions.upload_document(
        application=application,
        kind=kind,
        upload=upload,
        by=by,
        description=description,
        supplement=True,
    )
    return document


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
    *,
    application: Application,
    by,
    received_on: date | None = None,
    lot: Lot | None = None,
    new_lot: bool = False,
) -> Application:
    """The clerk finds it complete: received that day, on the lot the clerk matches, and the
    normal workflow follows.

    The lot is the parcel: `lot` is the lot on file it joins; `new_lot` records a new one
    from what the applicant typed, refused where a lot on file has that parcel id or
    address; neither takes the lot the product proposes (`lots_matching`), else a new one.
    The applicant's description stays on the application as their proposal.
    """
    application = _locked(application)
    _require_submitted(application)
    received_on = received_on or timezone.localdate()
    reasons = []
    if received_on > timezone.localdate():
        reasons.append("The day received cannot be in the future.")
    sent_on = timezone.localdate(application.submitted_online_at)
    if received_on < sent_on:
        reasons.append(f"It was sent on {long_date(sent_on)}: it cannot be received before.")
    if not application.animals.exists():
        reasons.append("The application lists no animals.")
    matches = lots_matching(application)
    if lot is not None:
        lot = Lot.objects.select_for_update().get(pk=lot.pk)
        if lot.merged_into_id is not None:
            reasons.append(f"{lot} was merged into {lot.merged_into}: choose that lot.")
    elif new_lot and matches:
        reasons.append(
            f"{matches[0]} is on file at this parcel or address: the application joins it "
            "(one lot per parcel)."
        )
    if reasons:
        raise ActionRefused("The application was not marked received.", reasons)
    if lot is None and application.lot_id is not None and not new_lot:
        lot = application.lot  # matched before (an application made before proposals)
    if lot is None and not new_lot and matches:
        lot = matches[0]
    if lot is None:
        lot = _lot_from_proposal(application, by)
    application.lot = lot
    application.status = Status.RECEIVED
    application.received_on = received_on
    keep_fee_at_receipt(application)
    save_as(application, by)
    notifications.notify(notifications.RECEIVED, application)
    return application


def _lot_from_proposal(application: Application, by) -> Lot:
    """A new lot, as the applicant described it (no lot on file has its parcel or address);
    their figures stand for the ground until the clerk corrects them, and the parcel map's
    area governs wherever the lot is mapped."""
    proposed = application.proposed_lot()
    fields = {
        name: getattr(proposed, name)
        for name in LOT_PROPOSAL_FIELDS
        if name in (application.lot_proposal or {})
    }
    return lot_actions.create_lot(by=by, **fields)


@transaction.atomic
def discard_online_draft(*, application: Application, by, reason: str) -> Application:
    """The clerk closes an online draft its applicant abandoned: withdrawn, with the clerk's
    reason, kept with its history (never deleted); the applicant is told by e-mail."""
    application = _locked(application)
    reason = " ".join((reason or "").split())
    limit = Application._meta.get_field("withdrawn_reason").max_length
    reasons = []
    if abandoned_since(application) is None:
        reasons.append("Only an online draft not yet sent can be discarded.")
    elif not is_abandoned(application):
        reasons.append(
            f"The applicant changed it in the last {settings.ONLINE_DRAFT_ABANDONED_DAYS} days: "
            "it is not abandoned."
        )
    if not reason:
        reasons.append("Say why the draft is discarded (for example: no answer to two calls).")
    elif len(reason) > limit:
        reasons.append(f"Keep the reason to {limit} characters.")
    if reasons:
        raise ActionRefused("The draft was not discarded.", reasons)
    application.status = Status.WITHDRAWN
    application.withdrawn_reason = reason
    save_as(application, by)
    notifications.notify(notifications.WITHDRAWN, application)
    return application
