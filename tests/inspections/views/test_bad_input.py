"""Whatever an agent's browser sends, the server answers with a page, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.inspections.builders import hen_permit, scheduled

pytestmark = pytest.mark.django_db

ODD_QUERIES = [
    ("inspections:agenda", "?page=abc&whose=nobody&kind=%00"),
    ("inspections:inspection-list", "?page=99999&scheduled_for_after=31/31/2027&status=gone"),
    ("inspections:order-dashboard", "?status=bogus&q=%27%3B--"),
    ("inspections:complaint-list", "?nature=x&page=-1"),
    ("inspections:census", "?year=abc"),
    ("inspections:census-csv", "?year=99999999"),
    ("inspections:inspection-new", "?lot=abc&kind=../../etc"),
    ("inspections:complaint-new", "?lot=999999"),
]


@pytest.mark.parametrize(("name", "query"), ODD_QUERIES)
def test_odd_query_strings_get_a_page(client, agent, name, query):
    client.force_login(agent)
    response = client.get(reverse(name) + query)
    assert response.status_code == 200


def test_a_tampered_checklist_post_is_answered_with_the_form(client, agent, clerk):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=clerk)
    client.force_login(agent)
    url = reverse("inspections:inspection-record", args=[inspection.pk])
    response = client.post(
        url,
        {"token": "not-a-uuid", "performed_at": "yesterday", "result-20-15.6.clean": "maybe"},
    )
    assert response.status_code == 200
    assert "Nothing was recorded yet" in response.content.decode()
    future = client.post(url, {"token": "", "performed_at": "2030-01-01T10:00"})
    assert "cannot be in the future" in future.content.decode()


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("inspections:order-extend", {"deadline": "soon", "reason": ""}),
        ("inspections:order-abate", {}),
        ("inspections:inspection-cancel", {}),
        ("inspections:complaint-schedule", {"scheduled_for": "2001-01-01", "agent": "x"}),
    ],
)
def test_posts_about_missing_records_are_404_not_500(client, agent, name, data):
    client.force_login(agent)
    assert client.post(reverse(name, args=[424242]), data).status_code == 404
