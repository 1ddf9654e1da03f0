"""What an online application allows now, read without changing it (the actions re-check
these under their lock; the pages show them)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from facilities.addresses import lots_at_address
from facilities.models import Lot
from permits.models import DOCUMENT_FIELDS, Application, Document
from permits.online.models import InformationRequest
from permits.online.sections import SECTION_KEYS

Status = Application.Status


def open_request(application: Application) -> InformationRequest | None:
    return application.information_requests.filter(answered_at__isnull=True).first()


def changeable_sections(application: Application) -> tuple[str, ...]:
    """What the applicant may change now: everything in a draft, what was asked otherwise."""
    if not application.in_applicants_hands:
        return ()
    if application.status == Status.DRAFT:
        return SECTION_KEYS
    request = open_request(application)
    return tuple(key for key in SECTION_KEYS if request and key in request.sections)


def lots_matching(application: Application) -> list[Lot]:
    """The lots on file that the applicant's description names (one lot per parcel): the lot
    of the parcel id they gave, then the lots at the street address they typed, the mapped
    first. What the clerk is offered on receipt; empty when the lot is new to the Board."""
    proposal = application.lot_proposal or {}
    found: list[Lot] = []
    parcel = (proposal.get("parcel_id") or "").strip().upper()
    if parcel:
        found += Lot.objects.current().filter(
            Q(parcel_id=parcel) | Q(tax_parcel__map_par_id=parcel)
        )
    # The address however it was typed ("12 Main St" is the lot of "12 MAIN STREET").
    found += lots_at_address(proposal.get("street_address") or "")
    unique = []
    for lot in found:
        if lot not in unique:
            unique.append(lot)
    return unique


def abandoned_since(application: Application):
    """The day before which an online draft untouched counts as abandoned, or None when it
    is not an online draft the clerk may discard."""
    if not application.is_online or application.status != Status.DRAFT:
        return None
    return timezone.now() - timedelta(days=settings.ONLINE_DRAFT_ABANDONED_DAYS)


def is_abandoned(application: Application) -> bool:
    since = abandoned_since(application)
    return since is not None and application.updated_at <= since


def submission_refusals(application: Application) -> list[str]:
    """What must be there before an application can be sent (the clerk checks the rest)."""
    reasons = []
    if not application.site_address.strip():
        reasons.append("Give the street address where the animals will be kept.")
    if not application.animals.filter(count__gt=0).exists():
        reasons.append("List the animals you ask to keep, with how many (§20-20(3)).")
    if not application.documents.filter(
        kind=Document.Kind.SITE_PLAN, voided=False, paper_original=False
    ).exists():
        reasons.append("Upload the plan of the property and structures (§20-20(1)).")
    return reasons


# After receipt, while the clerk may still change what was applied for (permits.models
# Application.is_editable), and before the Board has decided.
SUPPLEMENT_STATUSES = (Status.RECEIVED, Status.AWAITING_HEARING)


def supplement_kinds(application: Application) -> list[str]:
    """The §20-20(1) documents the applicant may send now from their page: those of a
    received new application that the office does not hold yet, in the regulation's order
    (a renewal needs none: §20-20(1) binds new applications)."""
    if application.status not in SUPPLEMENT_STATUSES or application.kind != Application.Kind.NEW:
        return []
    return [kind for flag, kind, _ in DOCUMENT_FIELDS if not getattr(application, flag)]
