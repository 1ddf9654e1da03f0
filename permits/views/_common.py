"""What the permit's views share: the permit fetched for a page, and the permit page, which voiding
re-renders with its form's errors."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render

from permits import actions, eligibility
from permits.models import Permit
from permits.printing import verification_url
from permits.verification.code import short_code
from stoneham_boh.lib.forms import ReasonForm


def permit_or_404(pk):
    return get_object_or_404(
        Permit.objects.select_related("holder", "lot", "application", "issued_by").prefetch_related(
            "animals"
        ),
        pk=pk,
    )


def permit_page(request, permit, status=200, **forms):
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
