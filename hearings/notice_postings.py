"""The legal notice's three appearances (M.G.L. c.4 §13): the newspaper's print edition (its
day is `hearings.actions.record_publication`), the newspaper's website and the statewide
public-notice site, and the proofs of each (tear sheet, publisher's affidavit, captures).

§20-20(9)'s days are judged on the print date, and only once all three are recorded
(hearings.notice_timing.NoticeTiming). An online posting is recorded with its day and either its
address or a capture uploaded as proof.
"""

from __future__ import annotations

from datetime import date
from urllib.parse import urlparse

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from hearings.models import DocketItem, LegalNotice, LegalNoticeProof, Meeting
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from stoneham_boh.lib.uploads import DOCUMENT_KINDS, stored_file, validate_upload

WEBSITE = "website"
STATEWIDE = "statewide"
# Where each online posting is kept on the notice: (day field, address field, proof kind, name).
SITES = {
    WEBSITE: (
        "website_posted_on",
        "website_address",
        LegalNoticeProof.Kind.WEBSITE,
        "the newspaper's website",
    ),
    STATEWIDE: (
        "statewide_posted_on",
        "statewide_address",
        LegalNoticeProof.Kind.STATEWIDE,
        "the statewide public-notice site",
    ),
}


def _long(day: date) -> str:
    return f"{long_date(day)}"


def kept_proofs(notice: LegalNotice, kind: str | None = None):
    proofs = notice.proofs.filter(voided=False)
    return proofs.filter(kind=kind) if kind else proofs


@transaction.atomic
def upload_proof(*, meeting: Meeting, kind: str, upload, by) -> LegalNoticeProof:
    """Keep a proof of the notice's appearance (a PDF or a scan), under a name nobody guesses."""
    notice = LegalNotice.objects.select_for_update().filter(meeting=meeting).first()
    if notice is None or notice.sent_on is None:
        raise ActionRefused("Mark the legal notice as sent to the newspaper first.")
    if kind not in LegalNoticeProof.Kind.values:
        raise ActionRefused("Choose what the file proves.")
    try:
        checked = validate_upload(upload, DOCUMENT_KINDS)
    except ValidationError as refusal:
        raise ActionRefused(" ".join(refusal.messages)) from None
    proof = LegalNoticeProof(
        legal_notice=notice,
        kind=kind,
        **stored_file(upload, checked),
        uploaded_by=by,
    )
    return save_as(proof, by)


@transaction.atomic
def void_proof(*, proof: LegalNoticeProof, reason: str, by) -> LegalNoticeProof:
    if proof.voided:
        return proof
    reason = reason.strip()
    if not reason:
        raise ActionRefused("Say why the proof is voided.")
    limit = LegalNoticeProof._meta.get_field("void_reason").max_length
    if len(reason) > limit:
        raise ActionRefused(f"Keep the reason to {limit} characters.")
    proof.voided, proof.void_reason = True, reason
    return save_as(proof, by)


def _is_web_address(address: str) -> bool:
    parts = urlparse(address)
    return parts.scheme in ("http", "https") and bool(parts.netloc)


@transaction.atomic
def record_online_posting(
    *,
    meeting: Meeting,
    site: str,
    posted_on: date,
    by,
    address: str = "",
    today: date | None = None,
) -> LegalNotice:
    """Record the day the notice appeared on `site` (WEBSITE or STATEWIDE), with its address,
    or with a capture of that site already uploaded as proof (c.4 §13)."""
    today = today or timezone.localdate()
    if site not in SITES:
        raise ActionRefused("Choose the newspaper's website or the statewide site.")
    day_field, address_field, proof_kind, name = SITES[site]
    notice = LegalNotice.objects.select_for_update().filter(meeting=meeting).first()
    address = (address or "").strip()
    reasons = []
    if notice is None or notice.sent_on is None:
        reasons.append("Mark the legal notice as sent to the newspaper first.")
    elif posted_on < notice.sent_on:
        reasons.append(f"It cannot have been posted before it was sent ({_long(notice.sent_on)}).")
    elif notice.drafted_on is not None and posted_on < notice.drafted_on:
        reasons.append(
            f"The notice was drafted on {_long(notice.drafted_on)}: it cannot have been posted "
            "before."
        )
    if posted_on > today:
        reasons.append("The day of the posting cannot be in the future.")
    if posted_on > meeting.date:
        reasons.append("A notice posted after the hearing gives no notice of it.")
    if meeting.items.filter(status=DocketItem.Status.DECIDED).exists():
        reasons.append("The Board has decided items of this meeting; its notice is on record.")
    if address and not _is_web_address(address):
        reasons.append("Give the posting's web address, beginning with https://.")
    if notice is not None and not address and not kept_proofs(notice, proof_kind).exists():
        reasons.append(
            f"Give the address of the posting on {name}, or upload a capture of it as proof "
            f"first ({law.LEGAL_NOTICE_CITATION})."
        )
    if reasons:
        raise ActionRefused(f"The posting on {name} cannot be recorded.", reasons)
    setattr(notice, day_field, posted_on)
    setattr(notice, address_field, address)
    return save_as(notice, by)
