"""The clerk corrects a clerical error in a recorded decision, from its page (issue 26.27)."""

from __future__ import annotations

from django.urls import reverse
from django.views.decorators.http import require_POST

from hearings.corrections.actions import CORRECTABLE, correct_decision
from hearings.forms import DecisionCorrectionForm
from hearings.views.decisions import decided_item
from hearings.views.written_decisions import sent_page
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import submit


def _said(corrections) -> str:
    fields = ", ".join(c.field_label for c in corrections)
    return f"The decision is corrected ({fields}); the result and the votes stand as recorded."


@role_required(Role.CLERK)
@require_POST
def decision_correct(request, pk):
    item = decided_item(pk)
    decision = item.decision
    form = DecisionCorrectionForm(request.POST, decision=decision, prefix="correct")
    done = submit(
        request,
        form,
        lambda data: correct_decision(
            decision=decision,
            reason=data["reason"],
            by=request.user,
            **{field: data[field] for field in CORRECTABLE if field in data},
        ),
        success=_said,
        then=reverse("hearings:decision-sent", args=[pk]) + "#corrections",
    )
    return done or sent_page(request, item, status=400, correction_form=form)
