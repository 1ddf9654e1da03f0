"""Messages say things in words, at the field: no constraint name, no facts path (issue 17)."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from permits.panel import panel
from tests import factories


@pytest.mark.django_db
def test_a_payment_of_nothing_is_refused_at_the_amount_in_words(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk, paid=False)
    response = clerk_client.post(
        reverse("permits:payment-add", args=[application.pk]),
        {
            "pay-amount": "0",
            "pay-received_on": "2027-01-10",
            "pay-method": "check",
            "pay-reference": "#12",
        },
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "Enter an amount above $0.00." in page
    assert "payment_amount_positive" not in page
    assert "Constraint" not in page


def test_the_panel_names_a_bad_fact_in_words_not_by_its_path():
    context = panel({"error": {"path": "lot.percolation_min_per_inch", "message": "must be > 0"}})
    html = render_to_string("_partials/compliance_panel.html", {"panel": context})
    assert "lot.percolation_min_per_inch" not in html
    assert "the lot, percolation rate (min/inch): must be &gt; 0" in html
