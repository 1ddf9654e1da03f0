"""The public verification page the permit's QR code opens: is this permit in force?"""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from permits.models import Permit


@require_GET
def permit_verify(request, token: str):
    """Public, deliberately: anyone holding the printed permit may check it.

    It shows what the permit says and whether it is in force, never the holder's contact details.
    """
    permit = (
        Permit.objects.select_related("holder", "lot")
        .prefetch_related("animals")
        .filter(verify_token=token)
        .first()
    )
    if permit is None:
        # A page of its own rather than Http404: a person holding a doubtful permit needs to
        # know what to do next, and the demo's DEBUG page must not answer them.
        response = render(request, "permits/verify_unknown.html", status=404)
    else:
        response = render(
            request,
            "permits/verify.html",
            {"permit": permit, "status": permit.current_status, "animals": permit.animals.all()},
        )
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Cache-Control"] = "no-store"
    return response
