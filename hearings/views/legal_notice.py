"""The meeting's legal notice in the newspaper: its text drafted and edited, sent, e-mailed,
printed and its publication recorded; and the newspaper's charge for it on an item's notice
statement. The views of hearings.actions.legal_notice (its online postings: notice_postings)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from hearings import actions, clocks
from hearings.forms import (
    LegalNoticeForm,
    NewspaperChargeForm,
    PublicationForm,
    SentForm,
)
from hearings.models import LegalNotice, Meeting
from hearings.newspaper import email_legal_notice, newspaper_address
from hearings.notice_text import legal_notice_gaps
from hearings.printing import legal_notice_pdf
from hearings.views._common import docket_item_or_404, notices_page, scheduled
from hearings.views.notice_postings import online_postings_context
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.form_actions import act, attempt
from stoneham_boh.lib.pdf import pdf_response


@role_required(Role.CLERK)
@require_POST
def item_newspaper_charge(request, pk):
    item = docket_item_or_404(pk)
    form = NewspaperChargeForm(request.POST)
    recorded = attempt(
        request,
        form,
        lambda data: actions.record_newspaper_charge(item=item, by=request.user, **data),
        "The newspaper's charge is recorded on the notice statement.",
    )
    if recorded:
        return redirect("hearings:item-notices", pk=item.pk)
    return notices_page(request, item, status=400, charge_form=form)


def _legal_notice_page(request, meeting, status=200, **forms):
    notice = LegalNotice.objects.filter(meeting=meeting).first()
    items = scheduled(meeting)
    # What the text fails to name of each item: that item is not noticed by it (§20-20(9)).
    gaps = [
        (item, found)
        for item in items
        if notice is not None
        and item.is_public_hearing
        and (found := legal_notice_gaps(notice, item))
    ]
    return render(
        request,
        "hearings/legal_notice.html",
        {
            "meeting": meeting,
            "notice": notice,
            "items": items,
            "gaps": gaps,
            "issue_clock": clocks.newspaper_notice_deadline(meeting.date),
            "newspaper_email": newspaper_address(),
            "copy_clock": clocks.newspaper_copy_deadline(meeting.date),
            "today": timezone.localdate(),
            "form": forms.get("form")
            or LegalNoticeForm(
                initial={
                    "text": notice.text if notice else "",
                    "newspaper": notice.newspaper
                    if notice
                    else LegalNotice._meta.get_field("newspaper").default,
                }
            ),
            "sent_form": forms.get("sent_form") or SentForm(),
            "publication_form": forms.get("publication_form")
            or PublicationForm(initial={"newspaper": notice.newspaper if notice else ""}),
            **online_postings_context(notice, forms),
        },
        status=status,
    )


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def legal_notice(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    if request.method == "GET":
        return _legal_notice_page(request, meeting)
    form = LegalNoticeForm(request.POST)
    saved = attempt(
        request,
        form,
        lambda data: actions.edit_legal_notice(meeting=meeting, by=request.user, **data),
        "The legal notice is saved.",
    )
    if saved:
        return redirect("hearings:legal-notice", pk=meeting.pk)
    return _legal_notice_page(request, meeting, status=400, form=form)


@role_required(Role.CLERK)
@require_POST
def legal_notice_draft(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    act(
        request,
        lambda: actions.draft_legal_notice(meeting=meeting, by=request.user),
        "The legal notice was drafted from the docket. Check it.",
    )
    return redirect("hearings:legal-notice", pk=meeting.pk)


def _drafted_on(meeting):
    notice = LegalNotice.objects.filter(meeting=meeting).first()
    return notice.drafted_on if notice else None


def _sent_said(meeting, notice) -> str:
    """The message once the notice is marked sent: after the newspaper's cut-off, say so, so
    that the clerk checks the issue before relying on it (the page marks the day too)."""
    cutoff = clocks.newspaper_copy_deadline(meeting.date).when
    if notice.sent_on is None or notice.sent_on <= cutoff:
        return "Marked as sent to the newspaper."
    issue = clocks.newspaper_notice_deadline(meeting.date).when
    return (
        f"Marked as sent to the newspaper on {long_date(notice.sent_on)}, after its cut-off of "
        f"{long_date(cutoff)} for the issue of {long_date(issue)}: ask the newspaper whether "
        "that issue prints it, and record the day it is published."
    )


@role_required(Role.CLERK)
@require_POST
def legal_notice_sent(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    form = SentForm(request.POST, drafted_on=_drafted_on(meeting))
    sent = attempt(
        request,
        form,
        lambda data: actions.send_legal_notice(meeting=meeting, by=request.user, **data),
        lambda notice: _sent_said(meeting, notice),
    )
    if sent:
        return redirect("hearings:legal-notice", pk=meeting.pk)
    return _legal_notice_page(request, meeting, status=400, sent_form=form)


@role_required(Role.CLERK)
@require_POST
def legal_notice_published(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    form = PublicationForm(request.POST, drafted_on=_drafted_on(meeting))
    published = attempt(
        request,
        form,
        lambda data: actions.record_publication(meeting=meeting, by=request.user, **data),
        "Publication recorded.",
    )
    if published:
        return redirect("hearings:legal-notice", pk=meeting.pk)
    return _legal_notice_page(request, meeting, status=400, publication_form=form)


@role_required(Role.CLERK)
@require_GET
def legal_notice_print(request, pk):
    """The notice as a PDF for the file and to print: its text, and when it was sent and
    published."""
    notice = get_object_or_404(LegalNotice.objects.select_related("meeting"), meeting_id=pk)
    return pdf_response(legal_notice_pdf(notice), f"legal-notice-{notice.meeting.date}.pdf")


@role_required(Role.CLERK)
@require_POST
def legal_notice_email(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    act(
        request,
        lambda: email_legal_notice(meeting=meeting, by=request.user),
        lambda notice: (
            f"E-mailed to {notice.newspaper} ({notice.emailed_to}) with the PDF attached, and "
            f"recorded as sent on {long_date(notice.sent_on)}."
        ),
    )
    return redirect("hearings:legal-notice", pk=meeting.pk)
