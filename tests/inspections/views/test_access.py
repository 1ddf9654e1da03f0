"""Who may open each inspection page: agents everything; clerks complaints and reading;
Board members reading; applicants and the public nothing.

A role let in opens each page on a record that is there (an inspection that found vermin, its
photo and order, a complaint), so it gets the page itself, never a 404 that would hide whether
the gate let it through; a role refused asks for a record that is not there, and is refused
all the same, before any look-up."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import get_resolver, reverse

from inspections import actions, field_reports
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from tests.conftest import make_user
from tests.inspections.builders import (
    TODAY,
    VERMIN,
    complaint_at,
    hen_permit,
    inspected_with_vermin,
    jpeg,
    scheduled,
    vermin_violation,
)

pytestmark = pytest.mark.django_db
WEEK = timedelta(days=7)

READ = {Role.AGENT, Role.CLERK, Role.BOARD}
DESK = {Role.AGENT, Role.CLERK}
AGENT = {Role.AGENT}
PAGE = 200
# A POST with nothing filled in: the action is not taken and the page comes back with the
# form saying what is missing.
SHOWN_AGAIN = 400
# ... or, where the form is a button on the record's page, back to that page with the reason.
BACK = 302

# url name -> (the record its URL names: (kwarg, record), method, roles let in, their status)
MATRIX = {
    "agenda": (None, "get", READ, PAGE),
    "inspection-list": (None, "get", READ, PAGE),
    "inspection-new": (None, "get", AGENT, PAGE),
    "inspection-detail": (("pk", "inspection"), "get", READ, PAGE),
    "inspection-history": (("pk", "inspection"), "get", READ, PAGE),
    "inspection-record": (("pk", "scheduled"), "get", AGENT, PAGE),
    "inspection-cancel": (("pk", "scheduled"), "post", AGENT, BACK),
    "inspection-report": (("pk", "inspection"), "get", READ, PAGE),
    "lot-history": (("pk", "lot"), "get", READ, PAGE),
    "lot-summary": (("pk", "lot"), "get", READ, PAGE),
    "photo": (("pk", "photo"), "get", READ, PAGE),
    "photo-thumbnail": (("pk", "photo"), "get", READ, PAGE),
    "lot-search": (None, "get", DESK, PAGE),
    "complaint-list": (None, "get", DESK, PAGE),
    "complaint-new": (None, "get", DESK, PAGE),
    "complaint-detail": (("pk", "complaint"), "get", DESK, PAGE),
    "complaint-schedule": (("pk", "complaint"), "post", AGENT, SHOWN_AGAIN),
    "complaint-close": (("pk", "complaint"), "post", DESK, SHOWN_AGAIN),
    "order-dashboard": (None, "get", READ, PAGE),
    "order-new": (("finding_pk", "finding"), "get", AGENT, PAGE),
    "order-detail": (("pk", "order"), "get", READ, PAGE),
    "order-letter": (("pk", "order"), "get", READ, PAGE),
    "order-abate": (("pk", "order"), "post", AGENT, SHOWN_AGAIN),
    "order-extend": (("pk", "order"), "post", AGENT, SHOWN_AGAIN),
    "order-unabated": (("pk", "order"), "post", AGENT, SHOWN_AGAIN),
    "order-withdraw": (("pk", "order"), "post", AGENT, SHOWN_AGAIN),
    "census": (None, "get", READ, PAGE),
    "census-csv": (None, "get", READ, PAGE),
    "census-xlsx": (None, "get", READ, PAGE),
    "field-report": (("pk", "field_report"), "get", READ, PAGE),
    "field-report-carry": (("pk", "field_report"), "post", AGENT, BACK),
    "field-report-keep": (("pk", "field_report"), "post", AGENT, BACK),
    "field-report-photo": (("pk", "field_report_photo"), "get", READ, PAGE),
    "field-report-photo-thumbnail": (("pk", "field_report_photo"), "get", READ, PAGE),
    "service-worker": (None, "get", AGENT, PAGE),
    "manifest": (None, "get", AGENT, PAGE),
}


@pytest.fixture
def records(clerk, agent):
    """The records the pages open: an order on vermin found (with its photo), the follow-up
    inspection not yet made, and a complaint."""
    inspection = inspected_with_vermin(hen_permit(by=clerk), agent, photos=[jpeg()])
    finding = inspection.findings.get(item_id=VERMIN)
    order = actions.issue_order(
        finding=finding, by=agent, requirement="Abate.", deadline=TODAY + 2 * WEEK
    )
    report = field_reports.file_field_report(
        inspection=inspection,
        by=agent,
        items=[],
        answers={VERMIN: vermin_violation(photos=[jpeg()])},
        refusal=ActionRefused("This inspection is already completed."),
    )
    return {
        "field_report": report,
        "field_report_photo": report.photos.get(),
        "inspection": inspection,
        "scheduled": scheduled(lot=inspection.lot, by=agent, agent=agent, day=TODAY + WEEK),
        "lot": inspection.lot,
        "photo": finding.photos.get(),
        "finding": finding,
        "order": order,
        "complaint": complaint_at(inspection.lot, clerk),
    }


def url(name, request, *, let_in: bool):
    """The page's address, on a record that is there for a role the page lets in (built only
    then: it takes time). A refusal (the log-in page, 403) must come before any look-up, so a
    refused role asks for a record that is not there: a 404 would show the look-up first."""
    named, *_ = MATRIX[name]
    if not named:
        return reverse(f"inspections:{name}")
    kwarg, record = named
    pk = request.getfixturevalue("records")[record].pk if let_in else 999_999
    return reverse(f"inspections:{name}", kwargs={kwarg: pk})


def test_every_inspections_url_has_an_entry_in_the_matrix():
    # An old address (`moved-...`) is a redirect for anyone, the new page checking who asks:
    # the project's matrix holds it (tests/trust/test_access_matrix.py).
    names = {
        name
        for name in get_resolver().namespace_dict["inspections"][1].reverse_dict
        if isinstance(name, str) and not name.startswith("moved-")
    }
    assert names == set(MATRIX)


def test_the_merge_pages_old_address_sends_the_clerk_to_its_new_one(client, clerk):
    lot = hen_permit(by=clerk).lot
    client.force_login(clerk)
    response = client.get(f"/inspections/lots/{lot.pk}/merge/")
    assert response.status_code == 308
    assert response["Location"] == reverse("facilities:lot-merge", args=[lot.pk])
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.parametrize("name", sorted(MATRIX))
def test_anonymous_visitors_are_sent_to_log_in(client, name, request):
    method = MATRIX[name][1]
    response = getattr(client, method)(url(name, request, let_in=False))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("role", [Role.APPLICANT, Role.CLERK, Role.BOARD, Role.AGENT])
@pytest.mark.parametrize("name", sorted(MATRIX))
def test_each_role_is_let_in_or_refused_as_the_matrix_says(client, name, role, request):
    _, method, allowed, status = MATRIX[name]
    client.force_login(make_user(f"{role.value.split()[0].lower()}-x", role))
    response = getattr(client, method)(url(name, request, let_in=role in allowed))
    assert response.status_code == (status if role in allowed else 403)
