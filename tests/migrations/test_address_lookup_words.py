"""The lots and parcels already on file get their address's look-up words when the columns are
added (issue 39), so that an installation's existing lots are found by the new look-ups. Needs
the migrations: marked `migrations`, run by `make test`'s second pass on both databases."""

from __future__ import annotations

import pytest
from facilities.addresses import lots_at_address
from facilities.models import Lot, Parcel
from tests.migrations.executor import migrate, migrate_to_latest

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.migrations]

BEFORE = [("facilities", "0008_parcel_id_corrections")]
ADDED = ("facilities", "0009_address_lookup_words")


def test_the_lots_and_parcels_on_file_are_found_by_their_new_look_up_words():
    try:
        before = migrate(BEFORE, ADDED).loader.project_state(BEFORE).apps
        old_lot = before.get_model("facilities", "Lot")
        old_parcel = before.get_model("facilities", "Parcel")
        old_lot.objects.create(street_address="204 MARBLE ST., Unit 2", parcel_id="1-2-3")
        old_parcel.objects.create(
            loc_id="F_1", site_address="12 Elm St", geometry_wkt="POINT (0 0)",
            min_x=0, min_y=0, max_x=1, max_y=1,
        )
    finally:
        migrate_to_latest(ADDED)
    lot = Lot.objects.get()
    assert (lot.address_number, lot.street_word) == ("204", "marble")
    assert lots_at_address("204 Marble Street") == [lot]
    parcel = Parcel.objects.get()
    assert (parcel.address_number, parcel.street_word) == ("12", "elm")
