"""What the clerk does with a public records request: log it, redact a part of the package
under an exemption (or withdraw the redaction), and record the response and its day."""

from __future__ import annotations

import re
from datetime import date

from django.db import transaction
from django.utils import timezone

from inspections.models import Complaint
from permits.portal.notifications import send_after_commit
from records import passages
from records.clocks import records_response_deadline
from records.models import (
    ComplainantRelease,
    Exemption,
    Extension,
    RecordsRequest,
    Redaction,
    WrittenResponse,
)
from records.notifications import send_written_response
from records.response import compose
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from stoneham_boh.town.calendar import town_calendar

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
            f"The response was sent on {long_date(request.responded_on)}; the request is closed."
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
def redact_passage(
    *, request: RecordsRequest, place: str, passage: str, exemption: Exemption, by, note=""
):
    """Withhold words of a record's text (`place`: "complaint:<id>", "inspection:<id>" or
    "finding:<id>") under `exemption`; each refusal at its field (`at_fields`)."""
    request = _open(request)
    at: dict[str, list[str]] = {}
    kind, _, pk = (place or "").partition(":")
    passage = (passage or "").strip()
    text = None
    if kind not in passages.PLACES or not pk.isdigit():
        at.setdefault("place", []).append("Choose the record the words are in.")
    else:
        lot_id = request.permit.lot_id if request.permit_id else None
        text = passages.text_on_lot(kind, int(pk), lot_id)
        if text is None:
            at.setdefault("place", []).append("That record is not in this request's package.")
    if len(passage) < passages.SHORTEST:
        at.setdefault("passage", []).append(
            f"Copy the words to withhold, at least {passages.SHORTEST} characters, as they read."
        )
    elif text is not None and passage not in text:
        at.setdefault("passage", []).append(
            "These words are not in that record's text as it reads: copy them exactly."
        )
    if not exemption.in_use:
        at.setdefault("exemption", []).append(f"{exemption} is retired; choose one in use.")
    here = Redaction.objects.filter(
        request=request, target__startswith=passages.prefix(kind, int(pk) if pk.isdigit() else 0)
    )
    if not at.get("place") and here.filter(passage=passage, withdrawn=False).exists():
        at.setdefault("passage", []).append("These words are already withheld.")
    reasons = [reason for found in at.values() for reason in found]
    if reasons:
        refusal = ActionRefused("The passage cannot be withheld.", reasons)
        refusal.at_fields = at
        raise refusal
    return save_as(
        Redaction(
            request=request,
            target=passages.target(kind, int(pk), here.count() + 1),
            passage=passage,
            exemption=exemption,
            note=(note or "").strip(),
            recorded_by=by,
        ),
        by,
    )


@transaction.atomic
def withdraw_redaction(*, redaction: Redaction, by) -> Redaction:
    _open(redaction.request)
    redaction.withdrawn = True
    return save_as(redaction, by)


@transaction.atomic
def release_complainant(*, request: RecordsRequest, complaint, reason: str, by):
    """Release a complainant's identity, withheld by default (records.complainants), to this
    request: the clerk's decision, with its reason on record."""
    request = _open(request)
    reasons = []
    if not reason.strip():
        reasons.append("Say why the identity may be released (the complainant's consent, say).")
    lot_id = request.permit.lot_id if request.permit_id else None
    if not Complaint.objects.filter(pk=complaint.pk, lot_id=lot_id).exists():
        reasons.append("That complaint is not in this request's package.")
    if ComplainantRelease.objects.filter(
        request=request, complaint=complaint, withdrawn=False
    ).exists():
        reasons.append("The identity is already released to this request.")
    if reasons:
        raise ActionRefused("The identity cannot be released.", reasons)
    return save_as(
        ComplainantRelease(
            request=request, complaint=complaint, reason=reason.strip(), released_by=by
        ),
        by,
    )


@transaction.atomic
def withhold_complainant_again(*, release: ComplainantRelease, by) -> ComplainantRelease:
    """Undo a release before the response goes out: the identity is withheld again."""
    _open(release.request)
    release.withdrawn = True
    return save_as(release, by)


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
            f"The request was received on {long_date(request.received_on)}; the response "
            "cannot be earlier."
        )
    if not response.strip():
        reasons.append("Say what was sent (the package, a letter, a refusal with its grounds).")
    if reasons:
        raise ActionRefused("The response cannot be recorded.", reasons)
    request.responded_on = responded_on
    request.response = response.strip()
    return save_as(request, by)


# --- The written response (c.66 §10(b)) -----------------------------------------------------

RESPONSE_FIELDS = (
    "provided",
    "not_held",
    "held_by",
    "produce_by",
    "why_more_time",
    "narrowing",
    "pages",
    "staff_minutes",
    "hourly_rate",
    "extended_to",
    "extension",
    "extension_petitioned_on",
)


def _extension_refusals(request: RecordsRequest, fields: dict) -> dict[str, str]:
    refusals: dict[str, str] = {}
    extended_to, how = fields.get("extended_to"), fields.get("extension") or ""
    petitioned_on = fields.get("extension_petitioned_on")
    if extended_to is None and not how:
        return refusals
    if extended_to is None:
        refusals["extended_to"] = "Give the day the time is extended to."
        return refusals
    if not how:
        refusals["extension"] = "Say how the time was extended."
        return refusals
    calendar = town_calendar()
    due = records_response_deadline(request.received_on, calendar=calendar).when
    if extended_to <= due:
        refusals["extended_to"] = (
            f"The response is due {long_date(due)} without an extension; an extension ends later."
        )
    if how == Extension.SUPERVISOR:
        received = calendar.next_business_day(request.received_on)
        last_petition = calendar.business_days_after(
            received, law.RECORDS_PETITION_BUSINESS_DAYS
        ).when
        longest = calendar.business_days_after(
            due, law.RECORDS_SUPERVISOR_EXTENSION_BUSINESS_DAYS
        ).when
        if petitioned_on is None:
            refusals["extension_petitioned_on"] = "Give the day the petition was filed."
        elif petitioned_on < request.received_on or petitioned_on > last_petition:
            refusals["extension_petitioned_on"] = (
                f"A petition is filed within {law.RECORDS_PETITION_BUSINESS_DAYS} business days "
                f"of receipt, by {long_date(last_petition)} ({law.RECORDS_EXTENSION_CITATION})."
            )
        if extended_to > longest:
            refusals["extended_to"] = (
                "The Supervisor may extend a town's time by at most "
                f"{law.RECORDS_SUPERVISOR_EXTENSION_BUSINESS_DAYS} business days, to "
                f"{long_date(longest)} ({law.RECORDS_EXTENSION_CITATION})."
            )
    return refusals


@transaction.atomic
def draft_response(*, request: RecordsRequest, by, **fields) -> WrittenResponse:
    """The clerk's draft of the written response: kept, changed freely until it is signed."""
    request = _open(request)
    unknown = set(fields) - set(RESPONSE_FIELDS)
    if unknown:
        raise TypeError(f"not a field of the written response: {', '.join(sorted(unknown))}")
    response = WrittenResponse.objects.filter(request=request).first() or WrittenResponse(
        request=request
    )
    refusals = _extension_refusals(request, {**_current(response), **fields})
    rate = fields.get("hourly_rate")
    if rate is not None and rate > law.RECORDS_MAX_HOURLY_RATE:
        refusals["hourly_rate"] = (
            f"Staff time is charged at no more than ${law.RECORDS_MAX_HOURLY_RATE} an hour "
            f"({law.RECORDS_FEES_CITATION})."
        )
    produce_by = fields.get("produce_by")
    if produce_by is not None and produce_by < request.received_on:
        refusals["produce_by"] = "The rest cannot be produced before the request was received."
    if (fields.get("not_held") or "").strip() == "" and (fields.get("held_by") or "").strip():
        refusals["not_held"] = "Say which records the Board does not hold."
    if refusals:
        refusal = ActionRefused("The written response cannot be saved.", list(refusals.values()))
        refusal.by_field = refusals  # the form shows each reason at its field
        raise refusal
    for name, value in fields.items():
        setattr(response, name, value.strip() if isinstance(value, str) else value)
    return save_as(response, by)


def _current(response: WrittenResponse) -> dict:
    return {name: getattr(response, name) for name in RESPONSE_FIELDS}


@transaction.atomic
def sign_response(*, request: RecordsRequest, by, today: date | None = None) -> WrittenResponse:
    """The records access officer signs the drafted response and it is sent: the letter is kept
    as signed, and the request is answered on that day (its clock stops)."""
    today = today or timezone.localdate()
    request = _open(request)
    response = WrittenResponse.objects.select_for_update().filter(request=request).first()
    if response is None:
        raise ActionRefused("Draft the written response before it is signed.")
    if today < request.received_on:
        raise ActionRefused("The response cannot be signed before the request was received.")
    letter = compose(response, today)
    response.letter = letter.text
    response.signed_by, response.signed_on = by, today
    save_as(response, by)
    request.responded_on = today
    fee = f"; estimated fee ${letter.fees.total:.2f}" if letter.fees.lines else ""
    request.response = (
        f"Written response under {law.RECORDS_RESPONSE_CITATION}, signed by {letter.signatory}"
        f" on {long_date(today)}{fee}."
    )
    save_as(request, by)
    send_after_commit(send_written_response, response.pk)
    return response
