"""Orders (inspections.actions.orders): issued from a violation, their deadline on the town's
calendar, the reinspection that closes them, extended, withdrawn or abated."""

from __future__ import annotations

import uuid
from datetime import date, datetime, time, timedelta

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from inspections import actions
from inspections.actions import Answer
from inspections.models import ChecklistFinding, Inspection, Order
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town.models import TownClosure
from tests.factories import midday
from tests.hearings.board_builders import violation
from tests.inspections.builders import (
    TODAY,
    VERMIN,
    answers_for,
    hen_permit,
    inspected_with_vermin,
    scheduled,
    vermin_order,
    vermin_violation,
)
from tests.permits.audit.test_found_by_the_machine import heard_and_issued, renewed

pytestmark = pytest.mark.django_db


DEADLINE = TODAY + timedelta(days=14)


def record_made_on(inspection, agent, day: date):
    """The agent records the checklist, every item complying, as made at noon on `day`."""
    return actions.record_inspection(
        inspection=inspection, by=agent, answers=answers_for(inspection), performed_at=midday(day)
    )


def test_an_order_schedules_its_reinspection_at_the_deadline(clerk, agent):
    permit = hen_permit(by=clerk)
    inspection = inspected_with_vermin(permit, agent)
    order = actions.issue_order(
        finding=inspection.findings.get(item_id=VERMIN),
        by=agent,
        requirement="Abate the rat infestation through the licensed operator.",
        deadline=DEADLINE,
    )
    assert (order.citation, order.lot, order.status) == ("§20-16(6)", permit.lot, Order.Status.OPEN)
    reinspection = order.reinspections.get()
    assert reinspection.kind == Inspection.Kind.REINSPECTION
    assert (reinspection.scheduled_for, reinspection.agent) == (DEADLINE, agent)
    assert order.history.first().history_user == agent


def test_only_a_violation_becomes_an_order_and_its_deadline_must_be_ahead(clerk, agent):
    permit = hen_permit(by=clerk)
    inspection = inspected_with_vermin(permit, agent)
    complying = inspection.findings.get(item_id="20-15.6.clean")
    with pytest.raises(ActionRefused, match="Only a violation"):
        actions.issue_order(finding=complying, by=agent, requirement="x", deadline=DEADLINE)
    vermin = inspection.findings.get(item_id=VERMIN)
    with pytest.raises(ActionRefused) as refused:
        actions.issue_order(finding=vermin, by=agent, requirement="Abate.", deadline=TODAY)
    assert "deadline must be after" in " ".join(refused.value.reasons)
    actions.issue_order(finding=vermin, by=agent, requirement="Abate.", deadline=DEADLINE)
    with pytest.raises(ActionRefused, match="already covers"):
        actions.issue_order(finding=vermin, by=agent, requirement="Abate.", deadline=DEADLINE)


def test_the_reinspection_that_finds_it_complying_closes_the_order(clerk, agent):
    order = vermin_order(clerk, agent)
    reinspection = order.reinspections.get()
    actions.record_inspection(inspection=reinspection, by=agent, answers=answers_for(reinspection))
    order.refresh_from_db()
    assert order.status == Order.Status.ABATED
    assert order.closed_on == TODAY
    assert "re-inspection" in order.closing_note


def test_a_reinspection_dated_before_its_order_was_issued_is_refused_at_its_field(
    clerk, agent, client
):
    """A visit cannot have been made before the order it re-inspects: dated so, it would show
    the order abated before it existed (and so never overdue)."""
    order = vermin_order(clerk, agent)
    reinspection = order.reinspections.get()
    with pytest.raises(ActionRefused, match="before June 15, 2027, when order"):
        record_made_on(reinspection, agent, order.issued_on - timedelta(days=1))
    # The checklist on the phone: the reason at "Inspected at", every answer kept.
    client.force_login(agent)
    data = {f"result-{item_id}": "complies" for item_id in answers_for(reinspection)}
    data.update(token=str(uuid.uuid4()), performed_at="2027-06-14T10:00", summary="Burrows filled.")
    response = client.post(reverse("inspections:inspection-record", args=[reinspection.pk]), data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["performed_at"] == [
        f"The inspection cannot have been made before June 15, 2027, when order {order.pk} was "
        "issued."
    ]
    assert list(form.errors) == ["performed_at"]
    assert ">Burrows filled.</textarea>" in response.content.decode()
    order.refresh_from_db()
    reinspection.refresh_from_db()
    assert order.is_open and reinspection.is_scheduled
    # The same day as the order: recorded, and the order abated that day.
    data["performed_at"] = "2027-06-15T08:30"
    client.post(reverse("inspections:inspection-record", args=[reinspection.pk]), data)
    order.refresh_from_db()
    assert (order.status, order.closed_on) == (Order.Status.ABATED, order.issued_on)


def test_a_reinspection_that_still_finds_vermin_leaves_the_order_open(clerk, agent):
    order = vermin_order(clerk, agent)
    reinspection = order.reinspections.get()
    actions.record_inspection(
        inspection=reinspection,
        by=agent,
        answers=answers_for(reinspection, {VERMIN: vermin_violation("Still burrows.")}),
    )
    order.refresh_from_db()
    assert order.is_open


def test_an_order_is_marked_unabated_only_after_its_deadline(clerk, agent):
    order = vermin_order(clerk, agent)
    with pytest.raises(ActionRefused, match="has not passed"):
        actions.mark_order_unabated(order=order, by=agent, on=DEADLINE)
    actions.mark_order_unabated(order=order, by=agent, on=DEADLINE + timedelta(days=1))
    order.refresh_from_db()
    assert order.status == Order.Status.UNABATED
    assert Order.objects.overdue_on(DEADLINE + timedelta(days=1)).count() == 0


def test_extending_an_order_moves_its_reinspection(clerk, agent):
    order = vermin_order(clerk, agent)
    later = DEADLINE + timedelta(days=10)
    actions.extend_order(order=order, by=agent, deadline=later, reason="Operator booked.")
    order.refresh_from_db()
    assert order.deadline == later
    assert order.reinspections.get().scheduled_for == later


def test_withdrawing_or_abating_an_order_cancels_its_pending_reinspection(clerk, agent):
    permit = hen_permit(by=clerk)
    inspection = inspected_with_vermin(permit, agent)
    finding = inspection.findings.get(item_id=VERMIN)
    order = actions.issue_order(finding=finding, by=agent, requirement="A.", deadline=DEADLINE)
    actions.withdraw_order(order=order, by=agent, reason="Issued to the wrong lot.")
    assert order.reinspections.get().status == Inspection.Status.CANCELLED
    second = actions.issue_order(finding=finding, by=agent, requirement="A.", deadline=DEADLINE)
    actions.abate_order(order=second, by=agent, note="Operator's report received.")
    second.refresh_from_db()
    assert second.status == Order.Status.ABATED
    assert second.reinspections.get().status == Inspection.Status.CANCELLED


@pytest.mark.parametrize(
    ("item_id", "citation"),
    [
        ("20-15.11.no-roosters", "§20-15(11)"),
        ("20-15.10.wild-approved", "§20-15(10)"),
        ("20-15.1.all-animals-permitted", "§20-15(1)"),
    ],
)
def test_a_rooster_found_at_a_hen_permit_becomes_an_order_citing_its_provision(
    clerk, agent, item_id, citation
):
    """A keeping no permit lists is found in the field and ordered off, whatever was permitted."""
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=agent)
    found = Answer(ChecklistFinding.Result.VIOLATION, note="Found at the back of the yard.")
    actions.record_inspection(
        inspection=inspection, by=agent, answers=answers_for(inspection, {item_id: found})
    )
    order = actions.issue_order(
        finding=inspection.findings.get(item_id=item_id),
        by=agent,
        requirement="Remove the animal from the lot.",
        deadline=DEADLINE,
    )
    assert (order.citation, order.lot, order.status) == (citation, permit.lot, Order.Status.OPEN)


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


HEARD = date(2030, 1, 7)


def _overdue_order(permit, clerk, agent, on=date(2030, 11, 1)):
    finding = violation(permit, agent=agent, clerk=clerk, on=on)
    return actions.issue_order(
        finding=finding,
        by=agent,
        requirement="Remove the rat burrows.",
        deadline=on + timedelta(days=7),
        issued_on=on,
    )


def test_extending_an_order_is_refused_once_its_deadline_has_passed(clerk, agent, board_member):
    permit = heard_and_issued(clerk=clerk, on=HEARD)
    order = _overdue_order(permit, clerk, agent)
    passed = order.deadline + timedelta(days=3)
    with pytest.raises(ActionRefused, match="passed") as refused:
        actions.extend_order(
            order=order,
            by=agent,
            deadline=passed + timedelta(days=30),
            reason="Asked.",
            today=passed,
        )
    assert any("extended only while its deadline runs" in r for r in refused.value.reasons)
    order.refresh_from_db()
    assert order.deadline == date(2030, 11, 8)
    with pytest.raises(ActionRefused, match="not abated"):
        renewed(permit, clerk=clerk, on=passed)
