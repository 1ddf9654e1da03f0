"""The stateful machine's keepings of every species family (issue 33 §2): hens, horses (the
lot's acres per horse, §20-17(1), the stable and the corral), pigeons (the loft's floor space
per mature bird, §20-18(3)), ponies counted with the horses, ducks and goats; each a new
application taken in by the clerk as a person types it: its day of receipt may be typed back,
as a clerk entering yesterday's mail does.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from permits import actions, eligibility
from permits.models import DOCUMENT_FIELDS
from tests import factories

STABLE = {
    "label": "S1",
    "kind": "stable",
    "area_sqft": Decimal("240"),
    "screened_window": True,
    "opposite_louvers": True,
    "potable_water": True,
    "distance_property_line_ft": Decimal("80"),
    "distance_public_way_ft": Decimal("90"),
}
CORRAL = {
    "label": "R1",
    "kind": "corral",
    "area_sqft": Decimal("2600"),
    "fence_height_ft": Decimal("6"),
    "distance_public_way_ft": Decimal("60"),
}
LOFT = {
    "label": "L1",
    "kind": "loft",
    "area_sqft": Decimal("40"),
    "potable_water": True,
    "distance_property_line_ft": Decimal("55"),
}

SHELTER = {
    "label": "B1",
    "kind": "shelter",
    "area_sqft": Decimal("120"),
    "potable_water": True,
    "distance_property_line_ft": Decimal("61"),
    "distance_public_way_ft": Decimal("70"),
}

# Each family: its species, the structures it keeps them in, how its manure goes, and the
# counts the machine may ask for (across the regulation's limits: two acres for the first
# horse and one for each more; a loft's floor space for its mature birds).
FAMILIES = {
    "hens": ("chicken", (factories.GOOD_COOP, factories.GOOD_MANURE_BIN), "receptacle"),
    "horses": ("horse", (STABLE, CORRAL, factories.GOOD_MANURE_BIN), "off_site"),
    "pigeons": ("pigeon", (LOFT, factories.GOOD_MANURE_BIN), "receptacle"),
    # Equines other than horses are counted with them (§20-17); other poultry and livestock.
    "ponies": ("pony", (STABLE, CORRAL, factories.GOOD_MANURE_BIN), "off_site"),
    "ducks": ("duck", (factories.GOOD_COOP, factories.GOOD_MANURE_BIN), "receptacle"),
    "goats": ("goat", (SHELTER, factories.GOOD_MANURE_BIN), "receptacle"),
}
COUNTS = {
    "hens": (4, 6, 12),
    "horses": (1, 2, 3),
    "pigeons": (12, 30, 60),
    "ponies": (1, 2, 4),
    "ducks": (4, 10),
    "goats": (2, 3, 5),
}
ACRES = ("1.6", "2.0", "3.0", "4.5")


def new_application(
    *, by, family: str, count: int, acres: str, received_on: date, lot=None, **fields
):
    """A paid new application for `count` animals of `family` on a new lot of `acres` (or on
    `lot`), received on `received_on` with all its papers."""
    factories.fee_schedule()
    species, structures, manure = FAMILIES[family]
    application = actions.create_application(
        applicant=factories.applicant(by=by),
        lot=lot or factories.lot(by=by, area_acres=Decimal(acres)),
        kind="new",
        by=by,
        manure_method=manure,
        securely_fenced=True,
        vermin_licensed_operator=True,
        **{name: True for name, _kind, _label in DOCUMENT_FIELDS},
        **fields,
    )
    actions.set_animals(application=application, by=by, animals={species: count})
    if family == "pigeons":
        # All but a few of the flock mature: the loft's floor space is counted on them.
        animal = application.animals.get(species=species)
        actions.update_application(
            application=application,
            by=by,
            changes={},
            animals=[
                {
                    "pk": animal.pk,
                    "species": species,
                    "count": count,
                    "name": "",
                    "mature_count": count - 2,
                }
            ],
        )
    for structure in structures:
        actions.add_structure(application=application, by=by, **structure)
    actions.submit_application(application=application, received_on=received_on, by=by)
    actions.record_payment(
        application=application,
        amount=eligibility.fee_due(application),
        received_on=received_on,
        method="check",
        by=by,
    )
    return application


def structures_named(text: str, application) -> str:
    """The legal notice's paragraph for `application`, edited by the clerk to name the
    structures it keeps its animals in (the draft names the applicant, address and animals)."""
    kinds = " and ".join(
        f"a {s.kind.replace('_', ' ')}" for s in application.structures.order_by("pk")
    )
    parcel = f" (parcel {application.lot.parcel_id}"
    return text.replace(parcel, f" in {kinds}{parcel}", 1)
