"""Register entries the Board cannot accept yet because their lot is not on the parcel map
(issue 34 point 4): the clerk matches each to its parcel before the meeting.

An entry imported with no parcel id (or one the map does not have) passes the import: the
register is the town's, and the spreadsheet may not know the map-block-lot. What the Board's
vote would refuse (`permits.eligibility.lot_refusals`, the one reading of it) is listed here,
with the parcels on the map at the lot's address to choose from, and the parcel id given
through the lot's own action (`facilities.actions.give_parcel_id`, kept in the lot's history).
A lot that is truly off the map gets its reason on the lot's page.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from facilities import actions as lot_actions
from facilities.addresses import typed_alike
from facilities.parcels.models import Parcel
from facilities.views.lots import ParcelIdForm
from permits.eligibility import lot_refusals
from permits.models import Permit
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import attempt

# A page of entries at once: the register's rows the Board has not accepted yet.
MAX_LISTED = 300


def unmatched_entries() -> list[tuple[Permit, list[str]]]:
    """The provisional register entries whose lot the Board's acceptance would refuse."""
    entries = (
        Permit.objects.filter(legacy=True, status=Permit.Status.PROVISIONAL)
        .select_related("lot", "holder")
        .order_by("lot__street_address", "pk")[:MAX_LISTED]
    )
    found = []
    for permit in entries:
        reasons = lot_refusals(permit.lot)
        if reasons:
            found.append((permit, reasons))
    return found


def _choices(lot) -> list[Parcel]:
    """The parcels on the map at the lot's address, to choose from (none when the lot's
    address is not the map's)."""
    if not lot.street_address:
        return []
    mapped = Parcel.objects.exclude(map_par_id="").order_by("map_par_id")
    return typed_alike(mapped, lot.street_address)[:10]


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def register_unmatched(request):
    failed_pk, failed_form = None, None
    if request.method == "POST":
        permit = get_object_or_404(
            Permit,
            pk=request.POST.get("permit") or 0,
            legacy=True,
            status=Permit.Status.PROVISIONAL,
        )
        form = ParcelIdForm(request.POST, prefix=f"parcel-{permit.pk}")
        done = attempt(
            request,
            form,
            lambda data: lot_actions.give_parcel_id(
                lot=permit.lot, parcel_id=data["parcel_id"], by=request.user
            ),
            lambda lot: (
                f"Parcel id {lot.parcel_id} recorded for {lot}"
                + (
                    ": the lot is on the parcel map."
                    if lot.tax_parcel_id
                    else ", but the map has no such parcel: check it, or record on the "
                    "lot's page why the lot is off the map."
                )
            ),
        )
        if done is not None:
            return redirect("permits:register-unmatched")
        failed_pk, failed_form = permit.pk, form
    rows = [
        {
            "permit": permit,
            "reasons": reasons,
            "choices": _choices(permit.lot),
            "form": failed_form
            if permit.pk == failed_pk
            else ParcelIdForm(prefix=f"parcel-{permit.pk}"),
        }
        for permit, reasons in unmatched_entries()
    ]
    return render(
        request,
        "permits/register_unmatched.html",
        {"rows": rows, "limit": MAX_LISTED},
        status=400 if failed_form is not None else 200,
    )
