"""Who may open each inspection page: agents everything; clerks complaints and reading;
Board members reading; applicants and the public nothing."""

from __future__ import annotations

import pytest
from django.urls import get_resolver, reverse

from stoneham_boh.accounts.roles import Role
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

READ = {Role.AGENT, Role.CLERK, Role.BOARD}
DESK = {Role.AGENT, Role.CLERK}
AGENT = {Role.AGENT}

# url name -> (kwargs, method, roles let in)
MATRIX = {
    "agenda": ({}, "get", READ),
    "inspection-list": ({}, "get", READ),
    "inspection-new": ({}, "get", AGENT),
    "inspection-detail": ({"pk": 1}, "get", READ),
    "inspection-history": ({"pk": 1}, "get", READ),
    "inspection-record": ({"pk": 1}, "get", AGENT),
    "inspection-cancel": ({"pk": 1}, "post", AGENT),
    "inspection-report": ({"pk": 1}, "get", READ),
    "lot-history": ({"pk": 1}, "get", READ),
    "lot-summary": ({"pk": 1}, "get", READ),
    "lot-merge": ({"pk": 1}, "get", {Role.CLERK}),
    "photo": ({"pk": 1}, "get", READ),
    "complaint-list": ({}, "get", DESK),
    "complaint-new": ({}, "get", DESK),
    "complaint-detail": ({"pk": 1}, "get", DESK),
    "complaint-schedule": ({"pk": 1}, "post", AGENT),
    "complaint-close": ({"pk": 1}, "post", DESK),
    "order-dashboard": ({}, "get", READ),
    "order-new": ({"finding_pk": 1}, "get", AGENT),
    "order-detail": ({"pk": 1}, "get", READ),
    "order-letter": ({"pk": 1}, "get", READ),
    "order-abate": ({"pk": 1}, "post", AGENT),
    "order-extend": ({"pk": 1}, "post", AGENT),
    "order-unabated": ({"pk": 1}, "post", AGENT),
    "order-withdraw": ({"pk": 1}, "post", AGENT),
    "census": ({}, "get", READ),
    "census-csv": ({}, "get", READ),
    "service-worker": ({}, "get", AGENT),
    "manifest": ({}, "get", AGENT),
}


def test_every_inspections_url_has_an_entry_in_the_matrix():
    names = {
        name
        for name in get_resolver().namespace_dict["inspections"][1].reverse_dict
        if isinstance(name, str)
    }
    assert names == set(MATRIX)


@pytest.mark.parametrize("name", sorted(MATRIX))
def test_anonymous_visitors_are_sent_to_log_in(client, name):
    kwargs, method, _ = MATRIX[name]
    response = getattr(client, method)(reverse(f"inspections:{name}", kwargs=kwargs))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("role", [Role.APPLICANT, Role.CLERK, Role.BOARD, Role.AGENT])
@pytest.mark.parametrize("name", sorted(MATRIX))
def test_each_role_is_let_in_or_refused_as_the_matrix_says(client, name, role):
    kwargs, method, allowed = MATRIX[name]
    client.force_login(make_user(f"{role.value.split()[0].lower()}-x", role))
    response = getattr(client, method)(reverse(f"inspections:{name}", kwargs=kwargs))
    if role in allowed:
        # Let in: the page, a redirect after a refused POST, or 404 for a record not there.
        assert response.status_code in (200, 302, 400, 404), response.status_code
    else:
        assert response.status_code == 403
