"""The written decision once the Board has decided: its mailing to the applicant, the receipt, and
the appeal's clock that runs from it. The views of hearings.actions.written_decisions."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from hearings import actions
from hearings.forms import (
    DecisionCorrectionForm,
    DecisionMailingForm,
    DecisionReceiptForm,
)
from hearings.printing import decision_recipient
from hearings.views.decisions import decided_item
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.form_actions import attempt


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
