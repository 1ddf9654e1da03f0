"""Changes of state of lots and abutter lists. Views and the demo loader call these only."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from pathlib import Path

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from facilities import regulation
from facilities.addresses import lots_at_address, parcels_at_address
from facilities.models import (
    Abutter,
    AbutterDraft,
    AbutterList,
    DraftAbutter,
    Lot,
    Parcel,
    ParcelImport,
    SitePlan,
    Structure,
    parcel_id_validator,
)
from facilities.parcels import drafting, layout, store
from facilities.siteplan import context as plan_map
from facilities.siteplan.distances import measure_plan, measured_after_plan
from facilities.siteplan.shapes import PLAN_REACH_FT, ShapeError, beyond_reach, parse_shapes
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


@transaction.atomic
def create_lot(*, by, **fields) -> Lot:
    """A lot new to the Board. One lot per parcel (§20-14, Lot): a parcel id or a street
    address already on file (however it is typed: "12 Main St", "12 MAIN STREET, Unit 2") is
    that lot's, and an application there joins it; the clerk merges true duplicates."""
    parcel_id = fields.get("parcel_id") or None
    if parcel_id and Lot.objects.filter(parcel_id=parcel_id).exists():
        raise ActionRefused(f"Parcel {parcel_id} is already on record.")
    on_file = lots_at_address(fields.get("street_address") or "")
    if on_file:
        raise ActionRefused(
            f"{on_file[0]} is on file at this address: choose that lot (one lot per parcel)."
        )
    return save_as(place_on_the_map(Lot(**{**fields, "parcel_id": parcel_id})), by)


def place_on_the_map(lot: Lot) -> Lot:
    """Link `lot` (not saved here) to the tax parcel of its map-block-lot, when the parcel map
    has it: a lot recorded, or its parcel id corrected, after the map was imported opens on its
    parcel, ready for its plan, instead of waiting for the next import to link it."""
    if not lot.parcel_id:
        return lot
    parcel = next((p for p in Parcel.objects.filter(map_par_id=lot.parcel_id) if p.has_owner), None)
    if parcel is not None:
        _link(lot, parcel)
    return lot


def _link(lot: Lot, parcel: Parcel) -> bool:
    """Point `lot` (not saved here) at `parcel`, whose area stands where the clerk stated none
    (both are shown); whether anything changed."""
    area = parcel.area_acres
    if lot.tax_parcel_id == parcel.pk and lot.parcel_area_acres == area:
        return False
    lot.tax_parcel, lot.parcel_area_acres = parcel, area
    return True


@transaction.atomic
def lot_at_address(*, street_address: str, by) -> Lot:
    """The lot at a street address, recorded now (without its parcel id) if none is on file.

    A complaint can concern any address in town (§20-22), including one where animals are kept
    without a permit and so no lot was ever recorded; the clerk adds the parcel id later.
    """
    address = " ".join(street_address.split())
    if not address:
        raise ActionRefused("Give the street address where the animals are kept.")
    existing = lots_at_address(address)
    return existing[0] if existing else create_lot(by=by, street_address=address)


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
    from hearings.notice_timing import hearing_with_letters

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


# --- the parcel map --------------------------------------------------------------------------


@transaction.atomic
def import_parcel_layer(*, path: str | Path, by, source_name: str = "") -> ParcelImport:
    """Read the Assessor's parcel layer (MassGIS standardized layout) and bring the parcel
    table up to it: new parcels added, changed owners updated with history. Lots whose
    map-block-lot matches a parcel are linked to it, and every linked lot's mapped area is
    refreshed. A layer older than the tax list on record is refused (§20-14: owners "as they
    appear on the most recent tax lists")."""
    try:
        layer = layout.read_layer(path)
        store.refuse_older_tax_list(layer)
    except layout.LayerError as error:
        raise ActionRefused("The parcel layer was not imported.", error.problems) from error
    counts = store.store_parcels(layer, by=by)
    _link_lots_by_map_id(by)
    return save_as(
        ParcelImport(
            source_name=(source_name or Path(path).name)[:200],
            fiscal_year=layer.fiscal_year,
            source_crs=layer.source_crs[:120],
            parcels_added=counts.added,
            parcels_updated=counts.updated,
            owners_changed=counts.owners_changed,
            footprints=counts.footprints,
            imported_by=by,
        ),
        by,
    )


def _link_lots_by_map_id(by) -> None:
    parcels = {
        p.map_par_id: p
        for p in Parcel.objects.exclude(map_par_id="").only(
            "id", "map_par_id", "lot_size_acres", "geometry_wkt"
        )
    }
    for lot in Lot.objects.all():
        parcel = parcels.get(lot.parcel_id) if lot.tax_parcel_id is None else None
        if parcel is None and lot.tax_parcel_id is not None:
            parcel = next((p for p in parcels.values() if p.pk == lot.tax_parcel_id), None)
        if parcel is not None and _link(lot, parcel):
            save_as(lot, by)


@transaction.atomic
def link_lot_to_parcel(*, lot: Lot, parcel: Parcel, by) -> Lot:
    """Link a lot to its parcel on the map; the parcel's area stands where the clerk stated
    none (both are shown)."""
    if not parcel.has_owner:
        raise ActionRefused(f"{parcel} is a {parcel.get_poly_type_display().lower()}, not a lot.")
    taken = Lot.objects.current().filter(tax_parcel=parcel).exclude(pk=lot.pk).first()
    if taken is not None:
        # One lot per parcel: the same land recorded twice is merged, not linked twice.
        raise ActionRefused(
            f"{parcel} is already the parcel of {taken}: merge this lot into it instead."
        )
    _link(lot, parcel)
    return save_as(lot, by)


def parcel_id_refusals(lot: Lot, parcel_id: str) -> list[str]:
    """What is wrong with giving `lot` this parcel id, given or corrected: written as the
    Assessor's map writes it, and no other lot's (one lot per parcel, §20-14)."""
    reasons = []
    try:
        parcel_id_validator(parcel_id)
    except ValidationError as refusal:
        reasons.extend(refusal.messages)
    taken = Lot.objects.filter(parcel_id=parcel_id).exclude(pk=lot.pk).first()
    if taken is not None:
        reasons.append(
            f"Parcel {parcel_id} is already the lot {taken} (one lot per parcel): if they are "
            "the same land, merge this lot into it instead."
        )
    return reasons


@transaction.atomic
def give_parcel_id(*, lot: Lot, parcel_id: str, by) -> Lot:
    """Give a lot recorded without one (from a complaint, or an online application at an
    address not on file) its Assessor's map-block-lot, and so its parcel on the map when the
    map has it: the lot then opens on the map, ready for its plan. Kept in the lot's history.
    A parcel id already given is corrected, with its reason, by another step."""
    lot = Lot.objects.select_for_update().get(pk=lot.pk)
    parcel_id = "".join((parcel_id or "").split())
    reasons = []
    if lot.parcel_id:
        reasons.append(f"{lot} already has parcel id {lot.parcel_id}.")
    if lot.merged_into_id is not None:
        reasons.append(f"{lot} was merged into {lot.merged_into}.")
    if not parcel_id:
        reasons.append("Type the parcel id from the Assessor's map, e.g. 12-345-6.")
    else:
        reasons.extend(parcel_id_refusals(lot, parcel_id))
    if reasons:
        raise ActionRefused("The parcel id was not recorded.", reasons)
    lot.parcel_id = parcel_id
    if lot.tax_parcel_id is None:
        place_on_the_map(lot)
        taken = (
            Lot.objects.current().filter(tax_parcel=lot.tax_parcel).exclude(pk=lot.pk).first()
            if lot.tax_parcel_id
            else None
        )
        if taken is not None:  # one lot per parcel: the map's parcel is another lot's
            lot.tax_parcel, lot.parcel_area_acres = None, None
    return save_as(lot, by)


@transaction.atomic
def record_unmapped_reason(*, lot: Lot, reason: str, by) -> Lot:
    """The clerk says why a lot has no parcel on the imported map (a subdivision newer than
    the Assessor's layer, say): without it no permit issues on the lot, since a lot off the
    map is most often a second lot of a parcel on it (one lot per parcel)."""
    lot = Lot.objects.select_for_update().get(pk=lot.pk)
    reason = " ".join((reason or "").split())
    limit = Lot._meta.get_field("unmapped_reason").max_length
    reasons = []
    if lot.tax_parcel_id is not None:
        reasons.append(f"{lot} is on the parcel map: nothing to explain.")
    if lot.merged_into_id is not None:
        reasons.append(f"{lot} was merged into {lot.merged_into}.")
    if not reason:
        reasons.append("Say why the lot is not on the parcel map.")
    elif len(reason) > limit:
        reasons.append(f"Keep the reason to {limit} characters.")
    if lot.tax_parcel_id is None:
        # "Not found on the map" where the map has the address (typed without its suffix,
        # say) would let the typed acreage govern over the Assessor's (issue 33, finding 2).
        reasons += [
            f"The parcel map has {parcel.site_address} "
            f"(parcel {parcel.map_par_id or parcel.loc_id}) at this address: link the lot to "
            "it, or merge it into the lot on file there."
            for parcel in parcels_at_address(lot.street_address)
        ]
    if reasons:
        raise ActionRefused("The reason was not recorded.", reasons)
    lot.unmapped_reason = reason
    return save_as(lot, by)


def _typed_off_the_map(lot: Lot, mapped: Lot) -> bool:
    """`lot` is off the map under a parcel id the map does not know, at an address the map
    gives to `mapped`'s parcel ("204 Marble" typed with a wrong id beside the map's 204 MARBLE
    ST): the same land, its typed id the mistake (issue 33, finding 2)."""
    return (
        lot.tax_parcel_id is None
        and mapped.tax_parcel_id is not None
        and not Parcel.objects.filter(map_par_id=lot.parcel_id).exists()
        and any(p.pk == mapped.tax_parcel_id for p in parcels_at_address(lot.street_address))
    )


def parcels_conflict(one: Lot, other: Lot) -> list[str]:
    """Why two lots cannot be one: each names a different parcel (by its map-block-lot or
    its parcel on the map)."""
    reasons = []
    if (
        one.parcel_id
        and other.parcel_id
        and one.parcel_id != other.parcel_id
        and not _typed_off_the_map(one, other)
        and not _typed_off_the_map(other, one)
    ):
        reasons.append(
            f"{one} and {other} are different parcels ({one.parcel_id}, {other.parcel_id})."
        )
    elif one.tax_parcel_id and other.tax_parcel_id and one.tax_parcel_id != other.tax_parcel_id:
        reasons.append(f"{one} and {other} are linked to different parcels on the map.")
    return reasons


@transaction.atomic
def retire_merged_lot(*, duplicate: Lot, into: Lot, by) -> Lot:
    """The lot side of a merge (inspections.actions.merge_lots moves the records): `into`
    takes the duplicate's parcel where it had none; the duplicate is kept, pointing at
    `into`, with its history. Called by the merge once it has moved the records."""
    reasons = parcels_conflict(duplicate, into)
    if duplicate.pk == into.pk or duplicate.merged_into_id or into.merged_into_id:
        reasons.append("Choose two different lots, neither merged already.")
    if reasons:
        raise ActionRefused("The lots were not merged.", reasons)
    if not into.parcel_id and duplicate.parcel_id:
        into.parcel_id = duplicate.parcel_id
        duplicate.parcel_id = None  # unique: freed before `into` takes it
    if into.tax_parcel_id is None and duplicate.tax_parcel_id is not None:
        _link(into, duplicate.tax_parcel)
    duplicate.merged_into = into
    save_as(duplicate, by)
    if into.area_acres is None and duplicate.area_acres is not None:
        into.area_acres = duplicate.area_acres
    place_on_the_map(into)
    return save_as(into, by)


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


# --- the site plan ---------------------------------------------------------------------------


def measure_shapes(*, application, shapes, today=None) -> dict[str, dict]:
    """The distances measured on a plan being drawn, saving nothing (the editor's recheck)."""
    parcel = application.lot.tax_parcel
    if parcel is None:
        raise ActionRefused("The lot is not linked to a parcel on the map; draw the plan there.")
    try:
        parsed = parse_shapes(shapes)
    except ShapeError as error:
        raise ActionRefused("The plan cannot be measured.", [str(error)]) from error
    beyond = regulation.beyond_ft(today)
    far = beyond_reach(parsed, parcel.shape, max(PLAN_REACH_FT, 2 * beyond))
    if far:
        raise ActionRefused("The plan cannot be measured.", far)
    return measure_plan(parsed, plan_map.plan_context(parcel, beyond))


@transaction.atomic
def save_site_plan(*, application, shapes: list, by, today=None) -> SitePlan:
    """Save the drawn plan and write the distances measured on it onto each structure; a
    structure the plan does not draw keeps only its typed figures, and a shape the application
    does not list yet is kept unmeasured (`plan.undescribed`)."""
    if not application.is_editable:
        raise ActionRefused("The plan of an application that has been decided cannot change.")
    # A structure drawn before it is typed on the application is kept on the plan (issue 26.21):
    # the drawing is the clerk's work; it is measured once the application lists it.
    plan = _store_plan(application, shapes, by, today, keep_undescribed=True)
    # The drawn plan is the §20-20(1) plan of the property: the application has it now (the
    # compliance panel said it lacked one after it was drawn). Never unticked here.
    if not application.doc_site_plan:
        application.doc_site_plan = True
        save_as(application, by, update_fields=["doc_site_plan"])
    return plan


@transaction.atomic
def file_plan_of_record(*, application, shapes: list, by, today=None) -> SitePlan:
    """Transcribe the paper plan filed with an application already decided (§20-20(1)), so
    that the application opens with its drawing. The decision stands; the distances measured
    are recorded for the next renewal, which checks them."""
    if application.is_editable:
        raise ActionRefused("This application is still open: draw its plan in the editor.")
    if SitePlan.objects.filter(application=application).exists():
        raise ActionRefused("The plan of record is already on file; it is not redrawn.")
    return _store_plan(application, shapes, by, today)


def _store_plan(application, shapes, by, today, *, keep_undescribed=False) -> SitePlan:
    """Store the plan and write each structure's measured distances. A shape whose structure
    the application does not list yet is refused, or, with `keep_undescribed`, kept on the
    plan unmeasured: `plan.undescribed` names them, for the page to say where to add them."""
    measured = measure_shapes(application=application, shapes=shapes, today=today)
    structures = {s.label: s for s in Structure.objects.filter(application=application)}
    unknown = sorted(set(measured) - set(structures))
    if unknown and not keep_undescribed:
        raise ActionRefused(
            "The plan cannot be saved.",
            [
                f"Shape {label}: no structure of this application has that label."
                for label in unknown
            ],
        )
    plan = SitePlan.objects.filter(application=application).first() or SitePlan(
        application=application
    )
    plan.shapes = shapes
    save_as(plan, by)
    plan.undescribed = unknown
    for label, structure in structures.items():
        figures = measured_after_plan(structure, measured.get(label))
        if structure.measured_distances_ft != figures:
            structure.measured_distances_ft = figures
            save_as(structure, by)
    return plan
