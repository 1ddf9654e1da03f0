"""The permit page, its PDF and history card. Voiding it is voiding's, starting its renewal
renewals's (the Board revokes: hearings.views.revocation)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_GET

from permits.history import permit_history
from permits.models import Permit
from permits.printing import render_permit_pdf
from permits.views._common import permit_or_404, permit_page
from stoneham_boh.accounts.access import staff_required
from stoneham_boh.lib.history import history_response
from stoneham_boh.lib.pdf import pdf_response


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


@staff_required
@require_GET
def permit_detail(request, pk):
    return permit_page(request, permit_or_404(pk))


@staff_required
@require_GET
def permit_pdf(request, pk):
    permit = permit_or_404(pk)
    return pdf_response(
        render_permit_pdf(permit, request), f"permit-{permit.number}.pdf", download=True
    )
