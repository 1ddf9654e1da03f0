"""The legal notice's online postings and its proofs (M.G.L. c.4 §13), on the legal notice's
page: the day and address of each posting, the tear sheet, the publisher's affidavit."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_GET, require_POST

from hearings import notice_postings
from hearings.forms import NoticeProofForm, OnlinePostingForm
from hearings.models import LegalNotice, LegalNoticeProof, Meeting
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import act, attempt
from stoneham_boh.lib.forms import ReasonForm
from stoneham_boh.lib.uploads import attachment_response


def _posting_form(notice, site, data=None):
    day_field, address_field, _kind, _name = notice_postings.SITES[site]
    initial = {}
    if notice is not None and getattr(notice, day_field):
        initial = {
            "posted_on": getattr(notice, day_field),
            "address": getattr(notice, address_field),
        }
    drafted = notice.drafted_on if notice else None
    return OnlinePostingForm(data, prefix=site, initial=initial, drafted_on=drafted)


def online_postings_context(notice: LegalNotice | None, forms: dict) -> dict:
    """What the legal notice's page shows of c.4 §13's online postings and the proofs."""
    if notice is None:
        return {}
    return {
        "website_form": forms.get("website_form") or _posting_form(notice, "website"),
        "statewide_form": forms.get("statewide_form") or _posting_form(notice, "statewide"),
        "proof_form": forms.get("proof_form") or NoticeProofForm(),
        "proofs": list(notice.proofs.select_related("uploaded_by")),
    }


def _page_again(request, meeting, **forms):
    # late: hearings.views.legal_notice imports this module (circle)
    from hearings.views.legal_notice import _legal_notice_page  # the page the forms sit on

    return _legal_notice_page(request, meeting, status=400, **forms)


@role_required(Role.CLERK)
@require_POST
def legal_notice_online(request, pk, site):
    if site not in notice_postings.SITES:
        raise Http404("No such site.")
    meeting = get_object_or_404(Meeting, pk=pk)
    notice = LegalNotice.objects.filter(meeting=meeting).first()
    form = _posting_form(notice, site, request.POST)
    recorded = attempt(
        request,
        form,
        lambda data: notice_postings.record_online_posting(
            meeting=meeting,
            site=site,
            posted_on=data["posted_on"],
            address=data["address"],
            by=request.user,
        ),
        f"The posting on {notice_postings.SITES[site][3]} is recorded.",
    )
    if recorded:
        return redirect("hearings:legal-notice", pk=meeting.pk)
    return _page_again(request, meeting, **{f"{site}_form": form})


@role_required(Role.CLERK)
@require_POST
def legal_notice_proof(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    form = NoticeProofForm(request.POST, request.FILES)
    kept = attempt(
        request,
        form,
        lambda data: notice_postings.upload_proof(
            meeting=meeting, kind=data["kind"], upload=data["file"], by=request.user
        ),
        lambda proof: f"{proof.get_kind_display()} kept with the notice.",
    )
    if kept:
        return redirect("hearings:legal-notice", pk=meeting.pk)
    return _page_again(request, meeting, proof_form=form)


@staff_required
@require_GET
def legal_notice_proof_download(request, pk):
    proof = get_object_or_404(LegalNoticeProof, pk=pk)
    return attachment_response(
        proof.file, download_name=proof.original_name, content_type=proof.content_type
    )


@role_required(Role.CLERK)
@require_POST
def legal_notice_proof_void(request, pk):
    proof = get_object_or_404(LegalNoticeProof.objects.select_related("legal_notice"), pk=pk)
    back = redirect("hearings:legal-notice", pk=proof.legal_notice.meeting_id)
    # The reason read through the one reason form: its length and characters checked (a NUL
    # byte reached PostgreSQL and answered 500: the fuzzer's find).
    form = ReasonForm(request.POST)
    if not form.is_valid():
        messages.error(request, "The proof is not voided: " + " ".join(form.errors["reason"]))
        return back
    act(
        request,
        lambda: notice_postings.void_proof(
            proof=proof, reason=form.cleaned_data["reason"], by=request.user
        ),
        "The proof is voided; its history is kept.",
    )
    return back
