"""What the clerk does with a public records request: log it, redact a part of the package
under an exemption (or withdraw the redaction), and record the response and its day."""

from __future__ import annotations

import re
from datetime import date

from django.db import transaction
from django.utils import timezone

from records.models import Exemption, RecordsRequest, Redaction
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as

TARGET = re.compile(r"^(complainant|document|photo|notice-proof):\d+$")


@transaction.atomic
def log_request(
    *,
    requester: str,
    description: str,
    received_on: date,
    by,
    contact: str = "",
    permit=None,
    today: date | None = None,
) -> RecordsRequest:
    today = today or timezone.localdate()
    reasons = []
    if not requester.strip():
        reasons.append("Say who asked.")
    if not description.strip():
        reasons.append("Say which records were asked for.")
    if received_on > today:
        reasons.append("The day received cannot be in the future.")
    if reasons:
        raise ActionRefused("The request cannot be logged.", reasons)
    return save_as(
        RecordsRequest(
            requester=requester.strip(),
            contact=contact.strip(),
            description=description.strip(),
            received_on=received_on,
            permit=permit,
            logged_by=by,
        ),
        by,
    )


def _open(request: RecordsRequest) -> RecordsRequest:
    request = RecordsRequest.objects.select_for_update().get(pk=request.pk)
    if not request.is_open:
        raise ActionRefused(
            f"The response was sent on {request.responded_on:%B %-d, %Y}; the request is closed."
        )
    return request


@transaction.atomic
def redact(*, request: RecordsRequest, target: str, exemption: Exemption, by, note: str = ""):
    """Withhold `target` from the package under `exemption` (counsel's wording)."""
    request = _open(request)
    reasons = []
    if not TARGET.match(target or ""):
        reasons.append("Choose a part of the file to withhold.")
    if not exemption.in_use:
        reasons.append(f"{exemption} is retired; choose one in use.")
    if Redaction.objects.filter(request=request, target=target, withdrawn=False).exists():
        reasons.append("That part is already withheld.")
    if reasons:
        raise ActionRefused("The redaction cannot be recorded.", reasons)
    return save_as(
        Redaction(
            request=request, target=target, exemption=exemption, note=note.strip(), recorded_by=by
        ),
        by,
    )


@transaction.atomic
def withdraw_redaction(*, redaction: Redaction, by) -> Redaction:
    _open(redaction.request)
    redaction.withdrawn = True
    return save_as(redaction, by)


@transaction.atomic
def record_response(
    *, request: RecordsRequest, responded_on: date, response: str, by, today: date | None = None
) -> RecordsRequest:
    today = today or timezone.localdate()
    request = _open(request)
    reasons = []
    if responded_on > today:
        reasons.append("The day of the response cannot be in the future.")
    if responded_on < request.received_on:
        reasons.append(
            f"The request was received on {request.received_on:%B %-d, %Y}; the response "
            "cannot be earlier."
        )
    if not response.strip():
        reasons.append("Say what was sent (the package, a letter, a refusal with its grounds).")
    if reasons:
        raise ActionRefused("The response cannot be recorded.", reasons)
    request.responded_on = responded_on
    request.response = response.strip()
    return save_as(request, by)
