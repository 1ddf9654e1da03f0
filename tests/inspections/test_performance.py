"""The agent's list and the orders dashboard cost the same queries for 20 or 400 records.

The many fill sixteen pages of 25 and more: a query for each record, each row shown or each
page would show with 400 as it did with the 20,000 this test once built (60,000 rows, for no
query the 400 miss)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from inspections.models import ChecklistFinding, Inspection, Order
from tests import factories
from tests.inspections.builders import TODAY

pytestmark = pytest.mark.django_db


def archive(lots, agent, past: int) -> None:
    """`past` completed inspections, each with a violation and an order, plus today's list."""
    inspections = Inspection.objects.bulk_create(
        Inspection(
            lot=lots[n % len(lots)],
            kind=Inspection.Kind.ROUTINE,
            status=Inspection.Status.COMPLETED,
            scheduled_for=date(2020, 1, 1) + timedelta(days=n % 2000),
            agent=agent,
        )
        for n in range(past)
    )
    findings = ChecklistFinding.objects.bulk_create(
        ChecklistFinding(
            inspection=inspection,
            item_id="20-16.6.no-vermin",
            citation="§20-16(6)",
            question="Is the facility free of any vermin infestation?",
            result=ChecklistFinding.Result.VIOLATION,
            note="Rats.",
        )
        for inspection in inspections
    )
    Order.objects.bulk_create(
        Order(
            inspection=finding.inspection,
            finding=finding,
            lot=finding.inspection.lot,
            citation="§20-16(6)",
            requirement="Abate.",
            deadline=TODAY + timedelta(days=(n % 60) - 30),
            issued_on=TODAY - timedelta(days=40),
        )
        for n, finding in enumerate(findings)
    )
    Inspection.objects.bulk_create(
        Inspection(
            lot=lots[n % len(lots)],
            kind=Inspection.Kind.ROUTINE,
            scheduled_for=TODAY + timedelta(days=(n % 10) - 5),
            agent=agent if n % 3 else None,
        )
        for n in range(30)
    )


def queries_for(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


LISTS = ("inspections:agenda", "inspections:inspection-list", "inspections:order-dashboard")


def test_the_lists_cost_the_same_queries_with_20_or_400_past_inspections(client, agent):
    lots = [factories.lot() for _ in range(5)]
    client.force_login(agent)
    archive(lots, agent, 20)
    few = {name: queries_for(client, reverse(name)) for name in LISTS}
    archive(lots, agent, 400 - 20)
    assert Inspection.objects.count() == 400 + 60
    many = {name: queries_for(client, reverse(name)) for name in LISTS}
    assert many == few
