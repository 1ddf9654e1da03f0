"""The public verification page the permit's QR code opens: is this permit in force?"""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from permits.models import Permit


@require_GET
def permit_verify(request, token: str):
    """Public, deliberately: anyone holding the printed permit may check it.

    It shows what the permit says and whether it is in force, never the holder's contact details.
    """
    permit = get_object_or_404(
        Permit.objects.select_related("holder", "lot").prefetch_related("animals"),
        verify_token=token,
    )
    response = render(
        request,
        "permits/verify.html",
        {"permit": permit, "status": permit.current_status, "animals": permit.animals.all()},
    )
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Cache-Control"] = "no-store"
    return response
