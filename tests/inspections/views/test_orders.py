"""The order pages (inspections/views/orders.py): an order issued from a violation and its
letter, the unabated order's link to revocation, a step sent with errors."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from inspections import actions
from inspections.models import Inspection, Order
from tests.inspections.builders import (
    TODAY,
    VERMIN,
    answers_for,
    hen_permit,
    pdf_text,
    scheduled,
    vermin_order,
    vermin_violation,
)

pytestmark = pytest.mark.django_db


def test_an_order_issued_from_a_violation_prints_a_letter_with_its_deadline(
    agent_client, agent, clerk
):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=agent, agent=agent)
    actions.record_inspection(
        inspection=inspection,
        by=agent,
        answers=answers_for(inspection, {VERMIN: vermin_violation("Rat burrows by the coop.")}),
    )
    finding = inspection.findings.get(item_id=VERMIN)
    page = agent_client.get(reverse("inspections:order-new", args=[finding.pk]))
    assert "Rat burrows by the coop." in page.content.decode()
    response = agent_client.post(
        reverse("inspections:order-new", args=[finding.pk]),
        {
            "token": "7c3b5d9e-4f60-4a82-8c1d-2e3f4a5b6c7d",
            "requirement": "Abate the rat infestation through a licensed operator.",
            "deadline": "2027-06-29",
        },
    )
    order = Order.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/orders/{order.pk}/")
    assert order.reinspections.get().scheduled_for.isoformat() == "2027-06-29"
    letter = agent_client.get(reverse("inspections:order-letter", args=[order.pk]))
    assert letter["Content-Type"] == "application/pdf"
    text = pdf_text(letter.content)
    for expected in (
        "Order to correct a violation",
        permit.holder.name,
        permit.lot.street_address,
        "§20-16(6)",
        "No vermin infestation",
        "Abate the rat infestation",
        "Tuesday, June 29, 2027",
        "revoke your permit",
    ):
        assert expected in text, expected


def test_an_unabated_order_links_to_the_revocation_of_the_lots_permit(
    client, agent, clerk, time_machine
):
    order = vermin_order(clerk, agent, deadline=TODAY + timedelta(days=7))
    permit = order.inspection.permit
    time_machine.move_to("2027-06-23 09:00 -04:00")
    client.force_login(agent)
    client.post(
        reverse("inspections:order-unabated", args=[order.pk]), {"reason": "Burrows still active."}
    )
    order.refresh_from_db()
    assert order.status == Order.Status.UNABATED
    html = client.get(reverse("inspections:order-detail", args=[order.pk])).content.decode()
    assert reverse("hearings:revocation-open", args=[permit.pk]) + f"?orders={order.pk}" in html


def test_an_order_step_sent_with_errors_comes_back_with_them_and_changes_nothing(
    client, agent, clerk
):
    order = vermin_order(clerk, agent)
    client.force_login(agent)
    extend = reverse("inspections:order-extend", args=[order.pk])
    response = client.post(extend, {"deadline": "2027-06-20", "reason": "Operator booked."})
    assert response.status_code == 400
    assert "must be later than the current one" in response.content.decode()
    abate = reverse("inspections:order-abate", args=[order.pk])
    response = client.post(abate, {"reason": "The operator's report shows the rats gone."})
    assert response.status_code == 302
    order.refresh_from_db()
    assert order.status == Order.Status.ABATED
    assert order.reinspections.get().status == Inspection.Status.CANCELLED
