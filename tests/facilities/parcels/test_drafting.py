"""The abutter list drafted from the parcel map by §20-14, on a layer whose answer is known."""

from __future__ import annotations

from datetime import date

import pytest
from django.db import connection

from facilities import actions
from facilities.models import AbutterDraft, Parcel
from facilities.parcels.drafting import compare
from permits.rules.ruleset import ruleset_in_force
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.facilities import parcel_layers as layer

pytestmark = pytest.mark.django_db


@pytest.fixture
def drafted(tmp_path, clerk):
    actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    lot = factories.lot(parcel_id=layer.MAP_IDS["N2"])
    actions.link_lot_to_parcel(lot=lot, parcel=Parcel.objects.get(loc_id="L_N2"), by=clerk)
    application = factories.new_hen_application(by=clerk, lot=lot)
    return actions.draft_abutter_list(application=application, by=clerk)


def names(draft, reason):
    return {e.parcel.loc_id.removeprefix("L_") for e in draft.entries.filter(reason=reason)}


def test_abutting_land_is_every_parcel_touching_the_lot_even_at_a_corner(drafted):
    assert names(drafted, "abutting") == layer.ABUTTING


def test_land_opposite_is_straight_across_the_street_not_up_or_down_it(drafted):
    assert names(drafted, "opposite") == layer.OPPOSITE


def test_abutters_to_abutters_count_only_within_300_feet_of_the_lot(drafted):
    assert names(drafted, "second") == layer.SECOND
    everyone = {e.parcel.loc_id for e in drafted.entries.all()}
    assert not everyone & {"L_E_FAR", "L_W", "L_MAIN", "L_N2"}


def test_the_draft_carries_owners_and_addresses_from_the_most_recent_tax_list(drafted):
    entry = drafted.entries.get(parcel__loc_id="L_S2")
    assert (entry.owner_name, entry.owner_street, entry.owner_zip) == (
        "Owner of S2",
        "2 Elm Street",
        "02180",
    )
    assert drafted.fiscal_year == 2026
    assert drafted.history.first().history_user is not None


def test_the_reach_comes_from_the_ruleset_in_force():
    assert ruleset_in_force(date(2027, 1, 1)).interpretations.abutter_reach_ft == 300


def test_the_differences_with_the_certified_list_are_shown_both_ways(drafted, clerk):
    application = drafted.application
    rows = [
        {
            "owner_names": e.owner_name,
            "mailing_street": e.owner_street,
            "mailing_city": e.owner_city,
            "mailing_state": e.owner_state,
            "mailing_zip": e.owner_zip,
            "parcel_id": e.map_par_id,
        }
        for e in drafted.entries.exclude(parcel__loc_id="L_S4")
    ]
    rows.append({**rows[0], "owner_names": "Somebody the map missed", "parcel_id": "7-999-1"})
    certified = actions.import_abutters(
        application=application, rows=rows, certified_on=date(2027, 1, 5), source_name="x", by=clerk
    )
    differences = compare(drafted, certified)
    assert [e.owner_name for e in differences.only_in_draft] == ["Owner of S4"]
    assert [a.owner_names for a in differences.only_in_certified] == ["Somebody the map missed"]


def test_no_draft_for_a_lot_not_on_the_map(clerk):
    application = factories.new_hen_application(by=clerk)
    with pytest.raises(ActionRefused, match="not linked to a parcel"):
        actions.draft_abutter_list(application=application, by=clerk)
    assert not AbutterDraft.objects.exists()
    assert not Parcel.objects.exists()


@pytest.mark.skipif(
    connection.vendor != "sqlite", reason="reads SQLite's query plan; PostgreSQL combines indexes"
)
def test_the_map_around_a_lot_is_searched_by_its_bounding_box_not_read_whole(drafted):
    """The plan and the abutter draft read the parcels near a lot. Read in address order, the
    query walked the whole table (5 ms a page with a town's 15,000 parcels, and growing)."""
    lot = Parcel.objects.get(loc_id="L_N2")
    near = Parcel.objects.near((lot.min_x, lot.min_y, lot.max_x, lot.max_y), 100)
    sql, params = near.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
        plan = " ".join(str(row[-1]) for row in cursor.fetchall())
    assert "SEARCH facilities_parcel USING INDEX" in plan, plan
    assert lot in near
