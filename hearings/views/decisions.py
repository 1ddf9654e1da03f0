"""The Board's decision on a docket item, and its printed decision (and letter). Its mailing and
receipt once decided: written_decisions."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from hearings import actions
from hearings.forms import DecisionForm
from hearings.models import DocketItem
from hearings.notice_content import stale_notice_refusals
from hearings.notice_timing import timing_for
from hearings.printing import decision_letter_pdf, decision_pdf
from hearings.views._common import docket_item_or_404
from stoneham_boh.accounts.access import board_member_required, role_required, staff_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.pdf import pdf_response


@board_member_required
@require_http_methods(["GET", "POST"])
def decide(request, pk):
    item = docket_item_or_404(pk)
    if item.status != DocketItem.Status.SCHEDULED and hasattr(item, "decision"):
        messages.info(request, "The Board's decision on this item is recorded.")
        return redirect("hearings:meeting-detail", pk=item.meeting_id)
    proceeding = getattr(item, "revocation", None)  # a continued hearing moves it on
    form = DecisionForm(request.POST or None, item=item)
    decision = request.method == "POST" and attempt(
        request,
        form,
        lambda data: actions.record_decision(
            item=item, ruling=form.ruling(), votes=form.votes(), by=request.user
        ),
        lambda decision: f"Decision recorded: {decision.get_result_display().lower()}.",
    )
    if decision:
        if proceeding is not None:
            return redirect("hearings:revocation-detail", pk=proceeding.pk)
        return redirect("hearings:meeting-detail", pk=item.meeting_id)
    return render(
        request,
        "hearings/decide.html",
        {
            "item": item,
            "form": form,
            "timing": timing_for(item),
            "stale_notice": stale_notice_refusals(item),
            "attendance": item.meeting.attendance.select_related("member"),
        },
        status=400 if form.errors else 200,
    )


@staff_required
@require_GET
def item_decision_pdf(request, pk):
    item = get_object_or_404(
        DocketItem.objects.select_related(
            "meeting", "application__applicant", "application__lot", "decision__recorded_by"
        ),
        pk=pk,
        decision__isnull=False,
    )
    return pdf_response(decision_pdf(item), f"decision-{item.application_id}-{item.pk}.pdf")


@role_required(Role.CLERK)
@require_GET
def item_decision_letter(request, pk):
    """The decision under a letter to the applicant, to post to one without e-mail."""
    item = decided_item(pk)
    return pdf_response(
        decision_letter_pdf(item), f"decision-letter-{item.application_id}-{item.pk}.pdf"
    )


def decided_item(pk):
    return get_object_or_404(
        DocketItem.objects.select_related(
            "meeting", "application__applicant", "application__lot", "decision"
        ),
        pk=pk,
        decision__isnull=False,
    )
