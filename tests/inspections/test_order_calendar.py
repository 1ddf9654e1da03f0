"""An order's deadline on the one Massachusetts
calendar (stoneham_boh.lib.mass_calendar through hearings.clocks): a last day on a Saturday,
a Sunday, a legal holiday or a town closure runs to the next business day (c.4 §9)."""

from datetime import date, datetime, time

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from inspections import actions
from inspections.models import Order
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town.models import TownClosure
from tests.inspections.builders import VERMIN, hen_permit, inspected_with_vermin, vermin_order

pytestmark = pytest.mark.django_db

SATURDAY = date(2027, 6, 26)
MONDAY = date(2027, 6, 28)
TUESDAY = date(2027, 6, 29)


@pytest.mark.parametrize(
    ("set_for", "runs_until"),
    [
        (SATURDAY, MONDAY),
        (date(2027, 7, 4), date(2027, 7, 6)),  # a Sunday Independence Day, kept on the Monday
        (date(2027, 6, 25), date(2027, 6, 25)),  # a Friday stays where it is
    ],
    ids=["saturday", "sunday-holiday-kept-monday", "friday"],
)
def test_an_orders_deadline_runs_to_the_next_business_day(clerk, agent, set_for, runs_until):
    order = vermin_order(clerk, agent, deadline=set_for)
    assert order.runs_until == runs_until
    assert not order.is_overdue_on(runs_until)
    assert order.is_overdue_on(date.fromordinal(runs_until.toordinal() + 1))


def test_an_order_set_for_saturday_is_not_overdue_or_unabated_on_monday(clerk, agent):
    order = vermin_order(clerk, agent, deadline=SATURDAY)
    assert list(Order.objects.overdue_on(MONDAY)) == []
    with pytest.raises(ActionRefused) as refused:
        actions.mark_order_unabated(order=order, by=agent, on=MONDAY)
    assert "The deadline (June 28, 2027) has not passed" in str(refused.value)
    assert "is a Saturday, so it moves to the next business day" in str(refused.value)
    assert list(Order.objects.overdue_on(TUESDAY)) == [order]
    actions.mark_order_unabated(order=order, by=agent, on=TUESDAY)
    order.refresh_from_db()
    assert order.status == Order.Status.UNABATED


def test_a_town_closure_on_the_deadline_gives_the_owner_the_next_day(clerk, agent):
    TownClosure.objects.create(date=date(2027, 6, 24), reason="Snow emergency: offices closed")
    order = vermin_order(clerk, agent, deadline=date(2027, 6, 24))
    assert order.runs_until == date(2027, 6, 25)
    assert "a town closure (Snow emergency: offices closed)" in order.deadline_clock.rule


def test_the_order_page_says_why_the_deadline_moved(clerk, agent, client):
    order = vermin_order(clerk, agent, deadline=SATURDAY)
    client.force_login(agent)
    page = client.get(reverse("inspections:order-detail", args=[order.pk])).content.decode()
    assert "Saturday, June 26, 2027, is a Saturday, so it moves to the next business day" in page


def test_the_proposed_deadline_skips_thanksgiving(clerk, agent, client):
    inspection = inspected_with_vermin(hen_permit(by=clerk), agent)
    finding = inspection.findings.get(item_id=VERMIN)
    # Issued on Thursday November 14, 2030: fourteen days later is Thanksgiving Day.
    moment = timezone.make_aware(datetime.combine(date(2030, 11, 14), time(10)))
    with time_machine.travel(moment, tick=False):
        client.force_login(agent)
        page = client.get(reverse("inspections:order-new", args=[finding.pk])).content.decode()
    assert 'value="2030-11-29"' in page
