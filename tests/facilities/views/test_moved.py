"""The application's plan and abutter pages live under /permits/applications/N/ (issue 27); the
addresses they had under /facilities/ are on bookmarks and on printed letters, so each one sends
the reader on, permanently, to the same page at its new address."""

from __future__ import annotations

import pytest

from tests import factories

pytestmark = pytest.mark.django_db

# Written out, not reversed: these are the addresses people kept.
MOVED = [
    ("/facilities/applications/7/plan/", "/permits/applications/7/plan/"),
    ("/facilities/applications/7/plan/figure/", "/permits/applications/7/plan/figure/"),
    ("/facilities/applications/7/plan/measure/", "/permits/applications/7/plan/measure/"),
    ("/facilities/applications/7/abutters/", "/permits/applications/7/abutters/"),
    ("/facilities/applications/7/abutters/add/", "/permits/applications/7/abutters/add/"),
    ("/facilities/applications/7/abutters/certify/", "/permits/applications/7/abutters/certify/"),
    ("/facilities/applications/7/abutters/draft/", "/permits/applications/7/abutters/draft/"),
    (
        "/facilities/applications/7/abutters/draft.csv",
        "/permits/applications/7/abutters/draft.csv",
    ),
    (
        "/facilities/applications/7/abutters/draft.pdf",
        "/permits/applications/7/abutters/draft.pdf",
    ),
    ("/facilities/abutters/12/void/", "/permits/abutters/12/void/"),
]


@pytest.mark.parametrize(("old", "new"), MOVED)
def test_each_old_address_is_a_permanent_redirect_to_the_new_one(client, old, new):
    response = client.get(old)
    assert response.status_code == 308
    assert response["Location"] == new


def test_the_query_string_goes_along(client):
    response = client.get("/facilities/applications/7/plan/figure/?print=1")
    assert response["Location"] == "/permits/applications/7/plan/figure/?print=1"


def test_a_form_posted_to_an_old_address_is_posted_again_to_the_new_one(client):
    """308, not 301: a browser repeats the POST with its body instead of turning it into a GET."""
    response = client.post("/facilities/applications/7/abutters/add/", {"abutter-owner_names": "X"})
    assert response.status_code == 308
    assert response["Location"] == "/permits/applications/7/abutters/add/"


def test_a_clerk_following_an_old_link_reaches_the_plan_and_the_abutter_list(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk)
    plan = clerk_client.get(f"/facilities/applications/{application.pk}/plan/", follow=True)
    assert plan.redirect_chain == [(f"/permits/applications/{application.pk}/plan/", 308)]
    assert plan.status_code == 200
    assert "Site plan" in plan.content.decode()
    abutters = clerk_client.get(f"/facilities/applications/{application.pk}/abutters/", follow=True)
    assert abutters.status_code == 200
    assert "On the list (0)" in abutters.content.decode()


def test_the_old_address_lets_no_one_in_who_the_new_page_would_not(client, clerk):
    """The redirect checks nobody: the page at the new address does, so an anonymous reader of
    an old link ends at the log-in page."""
    application = factories.hen_renewal(by=clerk)
    response = client.get(f"/facilities/applications/{application.pk}/abutters/", follow=True)
    assert response.redirect_chain[-1][0].startswith("/accounts/login/")
