""" "204 Marble" is 204 Marble Street where the town has one Marble: the lot matcher, the
reason a lot is off the map, the audit and the merge read it so (issue 33, finding 2). A
five-digit house number is the house's, not a ZIP code (issue 39)."""

from __future__ import annotations

import tempfile
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from facilities import actions as facility_actions
from facilities.actions import merge_lots
from facilities.addresses import lots_at_address, parcels_at_address
from facilities.models import Parcel
from permits.audit import audit_register
from stoneham_boh.lib.addresses import address_key, resolve_key
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.facilities import parcel_layers

pytestmark = pytest.mark.django_db
W_ID = parcel_layers.MAP_IDS["W"]


def _map(clerk, *, marble_road=False):
    """The test map, its parcel W at 204 MARBLE ST, 1.6 acres (and, if asked, a Marble Road)."""
    rows = parcel_layers.parcels()
    for row in rows:
        if row["LOC_ID"] == "L_W":
            row.update(SITE_ADDR="204 MARBLE ST", LOT_SIZE=1.6)
        if marble_road and row["LOC_ID"] == "L_E_FAR":
            row.update(SITE_ADDR="9 MARBLE RD")
    with tempfile.TemporaryDirectory() as folder:
        path = parcel_layers.write(Path(folder) / "M284.zip", rows=rows)
        facility_actions.import_parcel_layer(path=path, by=clerk)


def test_an_address_without_its_suffix_resolves_only_to_the_one_street_of_that_name():
    assert resolve_key("204 marble", {"marble street", "main street"}) == "204 marble street"
    assert resolve_key("204 marble", {"marble street", "marble road"}) == "204 marble"
    assert resolve_key("204 marble street", {"marble road"}) == "204 marble street"
    assert address_key("204 MARBLE ST") == "204 marble street"


def test_the_map_is_found_at_an_address_typed_without_its_suffix(clerk):
    _map(clerk)
    assert [p.loc_id for p in parcels_at_address("204 Marble")] == ["L_W"]
    lot = factories.lot(by=clerk, street_address="204 Marble", unmapped_reason="")
    with pytest.raises(ActionRefused) as refused:
        facility_actions.record_unmapped_reason(lot=lot, reason="Not found on the map.", by=clerk)
    assert any("The parcel map has 204 MARBLE ST" in r for r in refused.value.reasons)
    lot.refresh_from_db()
    assert lot.unmapped_reason == ""


def test_two_streets_of_one_name_leave_an_address_without_suffix_unresolved(clerk):
    _map(clerk, marble_road=True)
    assert parcels_at_address("204 Marble") == []


def test_a_second_lot_at_an_address_without_suffix_is_refused(clerk):
    _map(clerk)
    mapped = factories.lot(by=clerk, street_address="204 Marble Street", parcel_id=W_ID)
    assert mapped.tax_parcel == Parcel.objects.get(loc_id="L_W")
    assert lots_at_address("204 marble") == [mapped]
    with pytest.raises(ActionRefused, match="is on file at this address"):
        factories.lot(by=clerk, street_address="204 Marble", area_acres=Decimal("3"))


def test_a_lot_off_the_map_at_the_maps_address_is_reported_and_merged(clerk):
    """A permit on "204 Marble", issued before the map came, and the map's 204 MARBLE ST
    recorded as a lot of its own (an older record): the audit says so; the merge mends it."""
    off_map = factories.lot(by=clerk, street_address="204 Marble", area_acres=Decimal("3"))
    permit = factories.issued_permit(by=clerk, lot=off_map, on=date(2027, 1, 14))
    mapped = factories.duplicate_lot(by=clerk, street_address="204 MARBLE ST", parcel_id=W_ID)
    _map(clerk)
    found = [a.line() for a in audit_register(today=date(2027, 2, 1)).anomalies]
    assert any("off the parcel map" in line and "204 MARBLE ST" in line for line in found), found
    merge_lots(duplicate=off_map, into=mapped, by=clerk)
    permit.refresh_from_db()
    mapped.refresh_from_db()
    assert permit.lot == mapped and mapped.tax_parcel.loc_id == "L_W"
    # (The factory's permit is a renewal of nothing: provenance says so, as it did before.)
    lot_lines = [
        a.line() for a in audit_register(today=date(2027, 2, 1)).anomalies if a.family == "parcel"
    ]
    assert lot_lines == []


# A five-digit house number is the house's, not a ZIP code
# (issue 39): "20105 Pond Street" and "20010 Pond Street" are two lots, and a ZIP code after the
# street is still left out.
def test_five_digits_before_the_street_are_the_house_number():
    assert address_key("20105 Pond Street") == "20105 pond street"
    assert address_key("20010 Pond St.") == "20010 pond street"
    assert address_key("Unit 2, 20105 Pond Street") == "20105 pond street"
    # After the street, five digits (or ZIP+4) are the ZIP code, as before.
    assert address_key("12 Main St, Stoneham MA 02180") == "12 main street"
    assert address_key("12 Main St 02180-1234") == "12 main street"


def test_two_houses_with_five_digit_numbers_on_one_street_are_two_lots(clerk):
    first = factories.lot(by=clerk, street_address="20105 Pond Street")
    second = factories.lot(by=clerk, street_address="20010 Pond Street")
    assert lots_at_address("20105 POND ST") == [first]
    assert lots_at_address("20010 Pond St., Stoneham, MA 02180") == [second]
