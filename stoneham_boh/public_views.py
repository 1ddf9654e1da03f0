"""Public pages (no log-in): the eligibility pre-check and the permit look-up of the home page."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods

from stoneham_boh import precheck
from stoneham_boh.portal_forms import VerifyLookupForm
from stoneham_boh.precheck_forms import PlanForms

ROW_SECTIONS = ("animals", "structures")


@sensitive_post_parameters()
@never_cache
@require_http_methods(["GET", "POST"])
def pre_check(request):
    """Public, deliberately; nothing typed is stored or logged.

    The plan is posted, not sent in the address, so that it stays out of server and proxy
    logs and browser history; `sensitive_post_parameters` keeps it out of error reports too.
    Nothing is saved, so there is no redirect after the post: the answer is this response.
    """
    today = timezone.localdate()
    report = None
    adding = request.POST.get("add", "")
    if request.method == "POST" and adding in ROW_SECTIONS:
        plan = PlanForms.with_row_added(request.POST, adding)
    elif request.method == "POST":
        plan = PlanForms(request.POST)
        if plan.is_valid():
            report = precheck.judge(plan, today)
    else:
        plan = PlanForms()
    return render(
        request,
        "precheck/pre_check.html",
        {"plan": plan, "report": report, "today": today, "adding": adding},
    )


@require_GET
def verify_lookup(request):
    """The home page's "verify a permit" box: a code or pasted address -> the verify page.

    Only the unguessable code is accepted, never a permit number: numbers run in sequence,
    and looking them up would list every holder's name and address to anyone.
    """
    form = VerifyLookupForm(request.GET or None)
    if form.is_bound and form.is_valid():
        return redirect("permit-verify", token=form.cleaned_data["code"])
    status = 400 if form.is_bound else 200
    return render(request, "precheck/verify_lookup.html", {"form": form}, status=status)
