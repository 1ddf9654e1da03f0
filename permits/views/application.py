"""The application page itself (its parts composed in permits.application_page) and its history
card. Its forms post to a view per noun: documents.py, payments.py, construction.py, issue.py,
register.py; the applicant's page is applicant.py."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from permits.application_page import application_context, load_application
from permits.history import application_history
from permits.models import Application
from stoneham_boh.accounts.access import staff_required
from stoneham_boh.lib.history import history_response


@staff_required
@require_GET
def application_detail(request, pk):
    application = load_application(pk)
    if application.lot_id is None:
        # Sent online and not yet matched to a lot: the clerk's review is its page until then.
        return redirect("permits:online-review", pk=pk)
    return render(request, "permits/application_detail.html", application_context(application))


@staff_required
@require_GET
def application_history_card(request, pk):
    application = get_object_or_404(Application, pk=pk)
    return history_response(
        request,
        application_history(application),
        title=f"Application #{application.pk}",
        back=reverse("permits:application-detail", args=[application.pk]),
    )
