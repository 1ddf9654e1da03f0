"""The public's page for asking for records (950 CMR 32.04): who the records access officer
is, how to reach them, what the law gives, and a form that starts the request."""

from __future__ import annotations

from allauth.core import ratelimit
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from records import actions
from records.clocks import records_response_deadline
from records.forms import AskForRecordsForm
from records.models import RecordsRequest
from stoneham_boh.lib import law
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import show_refusal

SENT = "records_request_sent"


def _law() -> dict:
    return {
        "business_days": law.RECORDS_RESPONSE_BUSINESS_DAYS,
        "citation": law.RECORDS_CITATION,
        "receipt_citation": law.RECORDS_RECEIPT_CITATION,
        "fees_citation": law.RECORDS_FEES_CITATION,
        "cents_per_page": law.RECORDS_COPY_CENTS_PER_PAGE,
        "max_rate": law.RECORDS_MAX_HOURLY_RATE,
        "free_hours": law.RECORDS_FREE_HOURS,
        "free_population": law.RECORDS_FREE_HOURS_POPULATION,
        "appeal_days": law.RECORDS_APPEAL_SUPERVISOR_DAYS,
        "appeal_citation": law.RECORDS_APPEAL_SUPERVISOR_CITATION,
        "court_citation": law.RECORDS_APPEAL_COURT_CITATION,
    }


@require_http_methods(["GET", "POST"])
def ask(request):
    form = AskForRecordsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not ratelimit.consume(request, action="records_request"):
            return ratelimit.respond_429(request)
        try:
            made = actions.log_request(
                by=None, received_on=timezone.localdate(), **form.cleaned_data
            )
        except ActionRefused as refusal:
            show_refusal(form, refusal)
        else:
            request.session[SENT] = made.pk
            return redirect("records:ask-sent")
    return render(
        request,
        "records/ask.html",
        {"form": form, "law": _law()},
        status=400 if form.errors else 200,
    )


@require_GET
def ask_sent(request):
    made = RecordsRequest.objects.filter(pk=request.session.get(SENT)).first()
    if made is None:
        return redirect("records:ask")
    return render(
        request,
        "records/ask_sent.html",
        {"made": made, "due": records_response_deadline(made.received_on), "law": _law()},
    )
