"""The lots (parcels): the list and each lot's page."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from facilities.filters import LotFilter
from facilities.models import Lot
from stoneham_boh.accounts.access import staff_required
from stoneham_boh.lib.listing import list_page
from stoneham_boh.lib.tables import Column, Table

LOT_TABLE = Table(
    (
        Column("Street address", lambda lot: lot.street_address, link="facilities:lot-detail"),
        Column("Parcel", lambda lot: lot.parcel_id, css="text-nowrap"),
        Column("Area (acres)", lambda lot: lot.area_acres),
        Column("Zoning", lambda lot: lot.get_zoning_district_display()),
    ),
    caption="Lots",
)


@staff_required
def lot_list(request):
    return list_page(
        request,
        filterset_class=LotFilter,
        queryset=Lot.objects.order_by("street_address", "id"),
        table=LOT_TABLE,
        title="Lots",
        csv_name="lots.csv",
        empty="No lot matches. Lots are added when an application is started.",
    )


@staff_required
@require_GET
def lot_detail(request, pk):
    lot = get_object_or_404(Lot, pk=pk)
    return render(
        request,
        "facilities/lot_detail.html",
        {
            "lot": lot,
            "applications": lot.applications.select_related("applicant").order_by("-id")[:100],
            "permits": lot.permits.select_related("holder")
            .prefetch_related("animals")
            .order_by("-year", "-sequence")[:100],
        },
    )
