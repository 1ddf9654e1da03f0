"""The lots and parcels already on file get their address's look-up words when the columns are
added (issue 39), so that an installation's existing lots are found by the new look-ups. Needs
the migrations: marked `migrations`, run by `make test`'s second pass on both databases."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from facilities.addresses import lots_at_address
from facilities.models import Lot, Parcel

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.migrations]

BEFORE = [("facilities", "0008_parcel_id_corrections")]
ADDED = ("facilities", "0009_address_lookup_words")


def _executor() -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    if ADDED not in executor.loader.disk_migrations:
        pytest.skip("the test database was made without migrations")
    return executor


def test_the_lots_and_parcels_on_file_are_found_by_their_new_look_up_words():
    executor = _executor()
    try:
        executor.migrate(BEFORE)
        before = executor.loader.project_state(BEFORE).apps
        old_lot = before.get_model("facilities", "Lot")
        old_parcel = before.get_model("facilities", "Parcel")
        old_lot.objects.create(street_address="204 MARBLE ST., Unit 2", parcel_id="1-2-3")
        old_parcel.objects.create(
            loc_id="F_1", site_address="12 Elm St", geometry_wkt="POINT (0 0)",
            min_x=0, min_y=0, max_x=1, max_y=1,
        )
    finally:
        executor = _executor()
        executor.migrate(executor.loader.graph.leaf_nodes())
    lot = Lot.objects.get()
    assert (lot.address_number, lot.street_word) == ("204", "marble")
    assert lots_at_address("204 Marble Street") == [lot]
    parcel = Parcel.objects.get()
    assert (parcel.address_number, parcel.street_word) == ("12", "elm")
