"""The clerk corrects a lot's parcel id typed wrong, from the lot's page (issue 26.27)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_POST

from facilities.corrections.actions import correct_parcel_id, unnoticed_lists
from facilities.forms import ParcelIdCorrectionForm
from facilities.models import Lot
from facilities.views.lots import lot_page
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import submit


def _corrected(correction) -> str:
    said = f"Parcel id corrected from {correction.old_parcel_id} to {correction.new_parcel_id}"
    pending = unnoticed_lists(correction.lot)
    if pending:
        numbers = ", ".join(f"#{application.pk}" for application in pending)
        said += (
            f". The abutter list of application {numbers} was drawn for "
            f"{correction.old_parcel_id}: ask the Assessor for the list of the corrected parcel "
            "before its letters go out"
        )
    return said + "."


@role_required(Role.CLERK)
@require_POST
def lot_parcel_id_correct(request, pk):
    lot = get_object_or_404(Lot, pk=pk)
    form = ParcelIdCorrectionForm(request.POST, prefix="correct")
    done = submit(
        request,
        form,
        lambda data: correct_parcel_id(
            lot=lot, parcel_id=data["parcel_id"], reason=data["reason"], by=request.user
        ),
        success=_corrected,
        then=reverse("facilities:lot-detail", args=[pk]),
    )
    return done or lot_page(request, lot, correction_form=form, status=400)
