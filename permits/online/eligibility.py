"""What an online application allows now, read without changing it (the actions re-check
these under their lock; the pages show them)."""

from __future__ import annotations

from permits.models import Application, Document
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


def submission_refusals(application: Application) -> list[str]:
    """What must be there before an application can be sent (the clerk checks the rest)."""
    reasons = []
    if not application.lot.street_address.strip():
        reasons.append("Give the street address where the animals will be kept.")
    if not application.animals.filter(count__gt=0).exists():
        reasons.append("List the animals you ask to keep, with how many (§20-20(3)).")
    if not application.documents.filter(
        kind=Document.Kind.SITE_PLAN, voided=False, paper_original=False
    ).exists():
        reasons.append("Upload the plan of the property and structures (§20-20(1)).")
    return reasons
