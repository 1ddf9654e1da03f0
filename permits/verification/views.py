"""Public permit verification: the page the permit's QR code opens, and the look-up box."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from permits.models import Permit
from permits.verification.forms import VerifyLookupForm


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
        response = render(request, "permits/verification/verify_unknown.html", status=404)
    else:
        response = render(
            request,
            "permits/verification/verify.html",
            {"permit": permit, "status": permit.current_status, "animals": permit.animals.all()},
        )
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def verify_lookup(request):
    """The home page's "verify a permit" box: a code or pasted address -> the verify page.

    Only the unguessable code is accepted, never a permit number: numbers run in sequence,
    and looking them up would list every holder's name and address to anyone.
    """
    form = VerifyLookupForm(request.GET or None)
    if form.is_bound and form.is_valid():
        return redirect("permits:permit-verify", token=form.cleaned_data["code"])
    status = 400 if form.is_bound else 200
    return render(request, "permits/verification/verify_lookup.html", {"form": form}, status=status)
