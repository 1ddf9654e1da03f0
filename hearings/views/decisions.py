"""The Board's decision on a docket item, and its printed decision."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from hearings import actions
from hearings.forms import (
    DecisionCorrectionForm,
    DecisionForm,
    DecisionMailingForm,
    DecisionReceiptForm,
)
from hearings.models import DocketItem
from hearings.notice_content import stale_notice_refusals
from hearings.notice_timing import timing_for
from hearings.printing import decision_letter_pdf, decision_pdf, decision_recipient
from hearings.views.items import docket_item_or_404
from stoneham_boh.accounts.access import board_member_required, role_required, staff_required
from stoneham_boh.accounts.roles import Role, has_role
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


def sent_page(request, item, status=200, **forms):
    return render(
        request,
        "hearings/decision_sent.html",
        {
            "item": item,
            "decision": item.decision,
            "recipient": decision_recipient(item),
            "is_clerk": has_role(request.user, [Role.CLERK]),
            "mailing_form": forms.get("mailing_form") or DecisionMailingForm(),
            "receipt_form": forms.get("receipt_form") or DecisionReceiptForm(),
            "correction_form": forms.get("correction_form")
            or DecisionCorrectionForm(decision=item.decision, prefix="correct"),
            "corrections": item.decision.corrections.select_related("corrected_by"),
        },
        status=status,
    )


@staff_required
@require_GET
def decision_sent(request, pk):
    """The written decision's mailing and receipt, and the appeal's clock from the receipt."""
    return sent_page(request, decided_item(pk))


@role_required(Role.CLERK)
@require_POST
def decision_mailing(request, pk):
    item = decided_item(pk)
    form = DecisionMailingForm(request.POST)
    done = attempt(
        request,
        form,
        lambda data: actions.record_decision_mailing(
            decision=item.decision, by=request.user, **data
        ),
        "The mailing of the decision is recorded.",
    )
    if done:
        return redirect("hearings:decision-sent", pk=item.pk)
    return sent_page(request, item, status=400, mailing_form=form)


@role_required(Role.CLERK)
@require_POST
def decision_receipt(request, pk):
    item = decided_item(pk)
    form = DecisionReceiptForm(request.POST)
    done = attempt(
        request,
        form,
        lambda data: actions.record_decision_receipt(
            decision=item.decision, by=request.user, **data
        ),
        "The receipt is recorded.",
    )
    if done:
        return redirect("hearings:decision-sent", pk=item.pk)
    return sent_page(request, item, status=400, receipt_form=form)
