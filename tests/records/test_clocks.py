"""A records request's clock (records/clocks.py): the response is due ten business days after
receipt (M.G.L. c.66 §10(a)) on the Massachusetts calendar with the Town's closures, a request
that arrives when the office is closed counting from the next business day (950 CMR 32.06)."""

from datetime import date

import pytest

from records.clocks import records_response_deadline
from stoneham_boh.town.models import TownClosure

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("received", "due"),
    [
        (date(2026, 11, 25), date(2026, 12, 10)),  # over Thanksgiving and a weekend
        (date(2026, 12, 17), date(2027, 1, 4)),  # over Christmas and New Year's Day
        (date(2027, 3, 1), date(2027, 3, 15)),  # two plain weeks
        # Counted by hand from 950 CMR 32.06(2)(e): a request that arrives when the office is
        # closed is received the next business day, and the ten days count from the day after.
        (date(2026, 11, 21), date(2026, 12, 8)),  # a Saturday: received Monday the 23rd
        (date(2027, 1, 17), date(2027, 2, 2)),  # a Sunday before Martin Luther King Day: Tuesday
        (date(2027, 5, 31), date(2027, 6, 15)),  # Memorial Day: received Tuesday, June 1
        (date(2026, 6, 19), date(2026, 7, 6)),  # Juneteenth (Friday); July 4 is a Saturday
        # March 17 is a legal holiday in Suffolk County only: Stoneham is open.
        (date(2027, 3, 16), date(2027, 3, 30)),
    ],
)
def test_the_response_is_due_ten_business_days_after_receipt(received, due):
    assert records_response_deadline(received).when == due


def test_a_request_received_on_a_weekend_says_when_it_counts_as_received():
    rule = records_response_deadline(date(2026, 11, 21)).rule
    assert "counts as received on Monday, November 23, 2026" in rule
    assert "950 CMR 32.06(2)(e)" in rule


def test_a_town_closure_pushes_the_due_day(clerk):
    TownClosure.objects.create(date=date(2026, 12, 3), reason="Snow emergency")
    assert records_response_deadline(date(2026, 11, 25)).when == date(2026, 12, 11)
