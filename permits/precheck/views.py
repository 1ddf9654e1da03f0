"""The public eligibility pre-check (no log-in)."""

from __future__ import annotations

from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from permits.precheck import plan as precheck
from permits.precheck.forms import PlanForms

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
        "permits/precheck/pre_check.html",
        {"plan": plan, "report": report, "today": today, "adding": adding},
    )
