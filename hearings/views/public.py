"""Public pages, no log-in: coming hearings with their legal notices, and the register of
variances in effect (§20-21: a variance in effect is available to the public)."""

from __future__ import annotations

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_GET

from hearings.filters import VarianceFilter
from hearings.models import DocketItem, Meeting, Variance
from hearings.printing import decision_pdf
from hearings.wording import reliefs
from stoneham_boh.lib.listing import page_of
from stoneham_boh.lib.pdf import pdf_response


@require_GET
def public_hearings(request):
    today = timezone.localdate()
    meetings = (
        Meeting.objects.upcoming(today)
        .select_related("legal_notice")
        .prefetch_related(
            Prefetch(
                "items",
                queryset=DocketItem.objects.filter(status=DocketItem.Status.SCHEDULED),
                to_attr="scheduled_items",
            )
        )
    )
    page = page_of(request, meetings)
    return render(request, "hearings/public_hearings.html", {"page_obj": page})


@require_GET
def variance_register(request):
    today = timezone.localdate()
    variances = (
        Variance.objects.in_effect(today)
        .select_related("application__applicant", "application__lot", "decision__docket_item")
        .order_by("application__lot__street_address", "-granted_on", "-id")
    )
    filterset = VarianceFilter(request.GET or None, queryset=variances)
    page = page_of(request, filterset.qs)
    return render(
        request,
        "hearings/variance_register.html",
        {
            "filter": filterset,
            "page_obj": page,
            "rows": [(variance, reliefs(variance.rules)) for variance in page.object_list],
            "today": today,
        },
    )


@require_GET
def variance_decision(request, pk):
    """The written decision granting a variance in effect (§20-21), for anyone to read."""
    variance = get_object_or_404(
        Variance.objects.in_effect(timezone.localdate()).select_related(
            "decision__docket_item__meeting",
            "decision__docket_item__application__applicant",
            "decision__docket_item__application__lot",
            "decision__recorded_by",
        ),
        pk=pk,
        decision__isnull=False,
    )
    item = variance.decision.docket_item
    return pdf_response(decision_pdf(item), f"variance-{variance.pk}.pdf")
