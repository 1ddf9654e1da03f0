"""A five-digit house number is the house's, not a ZIP code (issue 39): "20105 Pond Street"
and "20010 Pond Street" are two lots, and a ZIP code after the street is still left out."""

from __future__ import annotations

import pytest

from facilities.addresses import lots_at_address
from stoneham_boh.lib.addresses import address_key
from tests import factories

pytestmark = pytest.mark.django_db


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
