"""The application's documents: a file uploaded (and an applicant's supplement accepted), a
paper original on file, a document voided, and the building inspector's approval, which is a
document with its date (§20-20(1), §20-20(2)(a)). Only a file or a paper-original record marks
a §20-20(1) document received, never a bare tick.
"""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.template.defaultfilters import filesizeformat
from django.utils import timezone

from permits.models import DOCUMENT_FIELDS, Application, Document
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from stoneham_boh.lib.uploads import DOCUMENT_KINDS, stored_file, validate_upload


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
