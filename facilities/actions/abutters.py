"""The abutter list of an application (§20-14): drafted from the parcel map, imported from the
certified list, added to, struck from, certified."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db import transaction
from django.utils import timezone

from facilities import regulation
from facilities.models import (
    Abutter,
    AbutterDraft,
    AbutterList,
    DraftAbutter,
)
from facilities.parcels import drafting
from hearings.notice_timing import hearing_with_letters
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


def _abutter_list(application, by) -> AbutterList:
    existing = AbutterList.objects.filter(application=application).first()
    return existing or save_as(AbutterList(application=application), by)


def _require_open(application) -> None:
    if not application.is_editable:
        raise ActionRefused(
            "The abutter list of an application that has been decided cannot be changed."
        )


@transaction.atomic
def certify_abutter_list(*, application, certified_on: date | None, by) -> AbutterList:
    """Record the day the Town Assessor certified the list (§20-14, Abutter)."""
    _require_open(application)
    abutter_list = _abutter_list(application, by)
    abutter_list.certified_on = certified_on
    return save_as(abutter_list, by)


@transaction.atomic
def add_abutter(*, application, by, **fields) -> Abutter:
    _require_open(application)
    return save_as(Abutter(abutter_list=_abutter_list(application, by), **fields), by)


@transaction.atomic
def import_abutters(
    *, application, rows: Iterable[dict], certified_on: date, source_name: str, by
) -> AbutterList:
    """Add the rows of the Assessor's certified list and record its certification date.

    Rows already on the list (same owner at the same parcel) are not added twice, so an
    import sent again changes nothing.
    """
    _require_open(application)
    abutter_list = _abutter_list(application, by)
    abutter_list.certified_on = certified_on
    abutter_list.source_name = source_name[:200]
    save_as(abutter_list, by)
    present = {
        (a.owner_names.casefold(), a.parcel_id) for a in abutter_list.abutters.filter(voided=False)
    }
    for row in rows:
        key = (row["owner_names"].casefold(), row.get("parcel_id", ""))
        if key in present:
            continue
        present.add(key)
        save_as(Abutter(abutter_list=abutter_list, **row), by)
    return abutter_list


def _same_name(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


@transaction.atomic
def void_abutter(
    *, abutter: Abutter, by, ground: str = "", reason: str = "", today: date | None = None
) -> Abutter:
    """Strike an abutter from the certified list, on a ground the Assessor's records support;
    the row and its history stay on record.

    §20-14 names the owners "as they appear on the most recent tax lists", so a certified
    name is struck only as sold (the records show another owner), listed twice (another
    entry on the list is the same owner or parcel), or deceased with the estate noticed in
    the owner's place; `reason` is the note that says what the records show. A strike needs
    no notice of the hearing (§20-20(9)) only when made before its letters were mailed:
    after them it is refused, until the hearing moves to a later meeting with letters of its
    own (hearings.notice_timing.strike_excuses_notice).
    """
    today = today or timezone.localdate()
    abutter = (
        Abutter.objects.select_for_update()
        .select_related("abutter_list__application")
        .get(pk=abutter.pk)
    )
    application = abutter.abutter_list.application
    _require_open(application)
    reason = (reason or "").strip()
    limit = Abutter._meta.get_field("void_reason").max_length
    if abutter.voided:
        raise ActionRefused(f"{abutter.owner_names} was already struck from the list.")
    reasons = []
    grounds = Abutter.StrikeGround
    if ground not in grounds.values:
        reasons.append(
            f"Choose why {abutter.owner_names} is struck from the certified list: sold, listed "
            "twice, or deceased with the estate noticed."
        )
    elif ground == grounds.DUPLICATE:
        others = abutter.abutter_list.abutters.filter(voided=False).exclude(pk=abutter.pk)
        if not any(
            _same_name(other.owner_names, abutter.owner_names)
            or (abutter.parcel_id and other.parcel_id == abutter.parcel_id)
            for other in others
        ):
            reasons.append(
                f"No other entry on the list is {abutter.owner_names} or parcel "
                f"{abutter.parcel_id or '(none given)'}: it is not listed twice."
            )
    elif not reason:
        reasons.append(
            "Say what the Assessor's records show: the new owner of the parcel."
            if ground == grounds.SOLD
            else "Name the estate's representative noticed in the owner's place."
        )
    if len(reason) > limit:
        reasons.append(f"Keep the note to {limit} characters.")
    mailed = hearing_with_letters(application)
    if mailed is not None:
        item, first = mailed
        reasons.append(
            f"The letters for the hearing of {long_date(item.meeting.date)} were mailed on "
            f"{long_date(first)} to the certified list as it stood: a name struck now still "
            "needs its notice. Strike it when the hearing moves to a later meeting, before "
            "its letters are mailed (§20-20(9))."
        )
    if reasons:
        raise ActionRefused(f"{abutter.owner_names} was not struck from the list.", reasons)
    abutter.voided = True
    abutter.void_ground = ground
    abutter.void_reason = reason
    abutter.voided_on = today
    return save_as(abutter, by)


@transaction.atomic
def draft_abutter_list(*, application, by, today=None) -> AbutterDraft:
    """Draft the abutter list from the parcel map by §20-14's definition (see
    facilities.parcels.abutters), for the Assessor to certify."""
    parcel = application.lot.tax_parcel
    if parcel is None:
        raise ActionRefused(
            "The lot is not linked to a parcel on the map, so no abutter list can be drafted."
        )
    reach = regulation.abutter_reach_ft(today)
    found = drafting.abutters_of(parcel, reach)
    years = [p.fiscal_year for p, _ in found if p.fiscal_year]
    draft = save_as(
        AbutterDraft(
            application=application,
            parcel=parcel,
            fiscal_year=max(years) if years else parcel.fiscal_year,
            reach_ft=reach,
        ),
        by,
    )
    for neighbour, reason in found:
        save_as(
            DraftAbutter(
                draft=draft,
                parcel=neighbour,
                reason=reason,
                map_par_id=neighbour.map_par_id,
                site_address=neighbour.site_address,
                owner_name=neighbour.owner_name,
                owner_street=neighbour.owner_street,
                owner_city=neighbour.owner_city,
                owner_state=neighbour.owner_state,
                owner_zip=neighbour.owner_zip,
            ),
            by,
        )
    return draft
