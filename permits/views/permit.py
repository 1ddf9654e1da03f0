"""The permit page, its PDF, voiding, and starting its renewal (the Board revokes: hearings)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from permits import actions, eligibility
from permits.history import permit_history
from permits.models import Permit
from permits.printing import render_permit_pdf, verification_url
from permits.verification.code import short_code
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import submit
from stoneham_boh.lib.forms import ReasonForm
from stoneham_boh.lib.history import history_response
from stoneham_boh.lib.pdf import pdf_response


def _permit(pk):
    return get_object_or_404(
        Permit.objects.select_related("holder", "lot", "application", "issued_by").prefetch_related(
            "animals"
        ),
        pk=pk,
    )


@staff_required
@require_GET
def permit_history_card(request, pk):
    permit = get_object_or_404(Permit, pk=pk)
    return history_response(
        request,
        permit_history(permit),
        title=f"Permit {permit.number}",
        back=reverse("permits:permit-detail", args=[permit.pk]),
    )


def _permit_page(request, permit, status=200, **forms):
    renewal = permit.renewal_applications.order_by("-id").first()
    return render(
        request,
        "permits/permit_detail.html",
        {
            "permit": permit,
            "renewal": renewal,
            "verify_url": verification_url(permit, request),
            "verify_code": short_code(permit.verify_token),
            "proceedings": permit.revocation_proceedings.select_related(
                "docket_item__meeting", "docket_item__decision"
            ),
            "void_form": forms.get("void_form") or ReasonForm(prefix="void"),
            "void_blocked_by": actions.renewal_resting_on(permit),
            "can_renew": permit.status == Permit.Status.ACTIVE,
            "fees": eligibility.fee_statement(permit.application),
            "paid": eligibility.amount_paid(permit.application),
        },
        status=status,
    )


@staff_required
@require_GET
def permit_detail(request, pk):
    return _permit_page(request, _permit(pk))


@staff_required
@require_GET
def permit_pdf(request, pk):
    permit = _permit(pk)
    return pdf_response(
        render_permit_pdf(permit, request), f"permit-{permit.number}.pdf", download=True
    )


@role_required(Role.CLERK)
@require_POST
def permit_void(request, pk):
    permit = _permit(pk)
    form = ReasonForm(request.POST, prefix="void")
    done = submit(
        request,
        form,
        lambda data: actions.void_permit(permit=permit, reason=data["reason"], by=request.user),
        success=f"Permit {permit.number} is void.",
        then=reverse("permits:permit-detail", args=[pk]),
    )
    if done:
        return done
    return _permit_page(request, permit, status=400, void_form=form)


@role_required(Role.CLERK)
@require_POST
def renewal_start(request, pk):
    """Open (or return to) the renewal application pre-filled from this permit."""
    permit = _permit(pk)
    try:
        renewal = actions.start_renewal(permit=permit, by=request.user)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("permits:permit-detail", pk=pk)
    messages.info(
        request,
        f"Renewal of permit {permit.number}: confirm what is unchanged and correct what differs.",
    )
    return redirect("permits:application-edit", pk=renewal.pk)
