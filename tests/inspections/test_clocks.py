"""The inspector's clocks (inspections/clocks.py), read directly: an order's deadline set on a
day the Town's offices are closed runs to the next business day (c.4 §9), and the deadline an
order proposes is counted the same way. The order's pages and actions that show these days are
tested with the orders (tests/inspections/actions/test_orders.py)."""

from datetime import date

import pytest

from inspections.clocks import default_order_deadline, order_deadline
from stoneham_boh.town.models import TownClosure

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("set_for", "runs_until", "said"),
    [
        (date(2027, 6, 26), date(2027, 6, 28), "is a Saturday"),
        (date(2027, 7, 4), date(2027, 7, 6), "is a Sunday"),  # its holiday kept on Monday
        (date(2027, 6, 25), date(2027, 6, 25), None),  # a Friday stays where it is
    ],
    ids=["saturday", "sunday-holiday-kept-monday", "friday"],
)
def test_a_deadline_on_a_closed_day_runs_to_the_next_business_day_and_says_why(
    set_for, runs_until, said
):
    clock = order_deadline(set_for)
    assert clock.when == runs_until
    if said is None:
        assert "moves" not in clock.rule
    else:
        assert said in clock.rule and "so it moves to the next business day" in clock.rule


def test_a_town_closure_on_the_deadline_moves_it_and_is_named():
    TownClosure.objects.create(date=date(2027, 6, 24), reason="Snow emergency: offices closed")
    clock = order_deadline(date(2027, 6, 24))
    assert clock.when == date(2027, 6, 25)
    assert "Snow emergency: offices closed" in clock.rule


def test_the_proposed_deadline_skips_thanksgiving():
    # Issued Thursday, November 14, 2030: fourteen days later is Thanksgiving Day.
    assert default_order_deadline(date(2030, 11, 14), 14).when == date(2030, 11, 29)
