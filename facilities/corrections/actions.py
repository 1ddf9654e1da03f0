"""Correcting a lot's parcel id typed wrong (the Assessor's map-block-lot).

The parcel id is the lot: one lot per parcel, and the Assessor certifies abutters by parcel.
A correction is refused where it would break either: another lot already has the parcel (the
two are one lot: merge them), or a hearing was noticed, or a permit in force issued, on the
abutters certified for the old parcel (a different parcel has other abutters). A lot given
its parcel id for the first time takes facilities.actions.give_parcel_id instead.
"""

from __future__ import annotations

from django.db import transaction

from facilities.actions import parcel_id_refusals, place_on_the_map
from facilities.models import Lot, ParcelIdCorrection
from hearings.models import AbutterNotice
from permits.models import Application, Permit
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


def _noticed_on_the_old_parcel(lot: Lot) -> list[str]:
    """The notices and permits that rest on the old parcel's abutters, each with what the
    clerk must do first."""
    reasons = []
    letters = (
        AbutterNotice.objects.filter(
            docket_item__application__lot=lot,
            mailed_on__isnull=False,
        )
        .select_related("docket_item__meeting", "docket_item__application")
        .order_by("docket_item_id", "mailed_on")
    )
    seen = set()
    for letter in letters:
        item = letter.docket_item
        application = item.application
        if item.pk in seen:
            continue
        seen.add(item.pk)
        if application.is_open and item.status != item.Status.WITHDRAWN:
            reasons.append(
                f"The hearing of application #{application.pk} on "
                f"{long_date(item.meeting.date)} was noticed to the abutters certified for "
                f"parcel {lot.parcel_id} (letters mailed {long_date(letter.mailed_on)}): "
                "withdraw it from the docket, correct the parcel id, then notice the hearing "
                "again on the Assessor's certified list for the corrected parcel."
            )
    in_force = Permit.objects.filter(
        lot=lot,
        application__docket_items__abutter_notices__mailed_on__isnull=False,
        status=Permit.Status.ACTIVE,
    ).distinct()
    for permit in in_force:
        reasons.append(
            f"Permit {permit.number} is in force after a hearing noticed to the abutters of "
            f"parcel {lot.parcel_id}: the Board must hear it again on the corrected parcel's "
            "certified list (or the permit end) before the parcel id is corrected."
        )
    return reasons


def unnoticed_lists(lot: Lot) -> list[Application]:
    """Open applications on the lot whose abutter list, drawn for the old parcel, has not
    gone out yet: the correction stands, and the page asks for the list again."""
    return list(
        Application.objects.filter(
            lot=lot,
            status__in=Application.OPEN_STATUSES,
            abutter_list__abutters__voided=False,
        ).distinct()
    )


@transaction.atomic
def correct_parcel_id(*, lot: Lot, parcel_id: str, reason: str, by) -> ParcelIdCorrection:
    """Correct a parcel id typed wrong, with the reason; the lot is placed on the map's parcel
    of the corrected id (when the map has it and no other lot holds it)."""
    lot = Lot.objects.select_for_update().get(pk=lot.pk)
    parcel_id = "".join((parcel_id or "").split()).upper()
    reason = (reason or "").strip()
    limit = ParcelIdCorrection._meta.get_field("reason").max_length
    reasons = []
    if not lot.parcel_id:
        reasons.append(f"{lot} has no parcel id yet: give it one (no correction is needed).")
    if lot.merged_into_id is not None:
        reasons.append(f"{lot} was merged into {lot.merged_into}: correct that lot instead.")
    if not parcel_id:
        reasons.append("Type the corrected parcel id from the Assessor's map, e.g. 12-345-6.")
    elif parcel_id == lot.parcel_id:
        reasons.append(f"The lot's parcel id is {parcel_id} already.")
    else:
        reasons.extend(parcel_id_refusals(lot, parcel_id))
    if not reason:
        reasons.append("Say why the parcel id was wrong.")
    elif len(reason) > limit:
        reasons.append(f"Keep the reason to {limit} characters.")
    if lot.parcel_id:
        reasons.extend(_noticed_on_the_old_parcel(lot))
    if reasons:
        raise ActionRefused("The parcel id was not corrected.", reasons)
    correction = save_as(
        ParcelIdCorrection(
            lot=lot,
            old_parcel_id=lot.parcel_id,
            new_parcel_id=parcel_id,
            reason=reason,
            corrected_by=by,
        ),
        by,
    )
    lot.parcel_id = parcel_id
    # The map's parcel of the old id is not this lot's: look up the corrected one.
    lot.tax_parcel, lot.parcel_area_acres = None, None
    place_on_the_map(lot)
    if (
        lot.tax_parcel_id
        and Lot.objects.current().filter(tax_parcel=lot.tax_parcel).exclude(pk=lot.pk).exists()
    ):
        lot.tax_parcel, lot.parcel_area_acres = None, None
    save_as(lot, by)
    return correction
