"""The permit page, its PDF, revocation and voiding, and starting its renewal."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from permits import actions
from permits.forms import ReasonForm, RevokeForm
from permits.history import permit_history
from permits.models import Permit
from permits.printing import render_permit_pdf, verification_url
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import submit
from stoneham_boh.lib.pdf import pdf_response


def _permit(pk):
    return get_object_or_404(
        Permit.objects.select_related("holder", "lot", "application", "issued_by").prefetch_related(
            "animals"
        ),
        pk=pk,
    )


def _permit_page(request, permit, status=200, **forms):
    renewal = permit.renewal_applications.order_by("-id").first()
    return render(
        request,
        "permits/permit_detail.html",
        {
            "permit": permit,
            "renewal": renewal,
            "verify_url": verification_url(permit),
            "history": permit_history(permit),
            "revoke_form": forms.get("revoke_form")
            or RevokeForm(prefix="revoke", initial={"revoked_on": timezone.localdate()}),
            "void_form": forms.get("void_form") or ReasonForm(prefix="void"),
            "can_renew": permit.status == Permit.Status.ACTIVE,
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
    return pdf_response(render_permit_pdf(permit), f"permit-{permit.number}.pdf", download=True)


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def permit_revoke(request, pk):
    permit = _permit(pk)
    if request.method == "GET":
        return redirect(reverse("permits:permit-detail", args=[pk]) + "#revoke")
    form = RevokeForm(request.POST, prefix="revoke")
    done = submit(
        request,
        form,
        lambda data: actions.revoke_permit(permit=permit, by=request.user, **data),
        success=lambda revoked: (
            f"Permit {revoked.number} revoked. The holder is ordered to remove the animals by "
            f"{revoked.removal_ordered_by:%B %-d, %Y} (§20-20(6))."
        ),
        then=reverse("permits:permit-detail", args=[pk]),
    )
    if done:
        return done
    return _permit_page(request, permit, status=400, revoke_form=form)


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
