"""The read-only JSON API of the public records (issue 25 point 4): what each endpoint lists,
that it gives nothing private, its pages, its HTTP caching, its cost, and its documentation.

The records are the small Board of tests/world.py (the universe, built through the actions
once per test process and laid into this module; each test runs in a savepoint of it): permits
in force, a variance, hearings with their published notices, decisions with their votes,
approved minutes, and beside them what must never come out (applicants' e-mail, telephone and
mailing addresses, complainants).
"""

from __future__ import annotations

import json
import re
from datetime import date, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from facilities.models import Lot
from hearings import actions as hearing_actions
from hearings.demo import accept_register_by_vote, session_day
from hearings.models import Decision, Meeting, Minutes, Variance
from inspections import actions as inspection_actions
from inspections.models import Complaint
from permits.models import Applicant, Permit
from records.api.endpoints import ENDPOINTS
from stoneham_boh.lib.history import save_as
from stoneham_boh.models import User
from tests import factories
from tests.world import PERMIT_DAY, TODAY

pytestmark = pytest.mark.django_db

EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+")
# A holder whose permit the API lists, with everything private the clerk keeps of her.
PRIVATE_HOLDER = {
    "name": "Imogen Private",
    "email": "imogen.private@example.org",
    "phone": "781-555-0199",
    "mailing_street": "PO Box 4471",
    "mailing_city": "Reading",
    "mailing_zip": "01867",
}


@pytest.fixture(scope="module")
def built_world(universe, django_db_blocker):
    """The universe, with a holder and a complainant whose private records must not come out."""
    with django_db_blocker.unblock(), universe.laid() as built:
        clerk = built.users["clerk"]
        holder = factories.applicant(by=clerk, **PRIVATE_HOLDER)
        # Received on a day of its own (a business day: the Board's session is that
        # evening): the Board's vote on the world's days is recorded, with the attendance of
        # the members in office then.
        built.objects["private_permit"] = factories.issued_permit(
            by=clerk, applicant=holder, on=PERMIT_DAY, received_on=date(2027, 1, 12)
        )
        # A complaint about a lot the API lists, with the complainant's name and contact.
        inspection_actions.record_complaint(
            lot=built.objects["private_permit"].lot,
            nature="noise",
            description="Hens at dawn.",
            complainant_name="Quentin Complainer",
            complainant_contact="quentin@example.org, 781-555-0142",
            by=clerk,
            received_on=TODAY,
        )
        yield built


def every_page(client, name: str, per_page: int = 2) -> tuple[list[dict], list[str]]:
    """All the items of an endpoint, following `next`; and every body read."""
    items, bodies = [], []
    url = reverse(f"api:{name}") + f"?per_page={per_page}"
    while url:
        response = client.get(url)
        assert response.status_code == 200, (url, response.content[:200])
        body = response.content.decode()
        bodies.append(body)
        page = json.loads(body)
        items += page["results"]
        url = page["next"]
    return items, bodies


def _appears(value: str, text: str) -> bool:
    """`value` in `text` as itself: "1 Test Street" is not in "21 Test Street"."""
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text) is not None


def test_no_endpoint_gives_an_e_mail_a_telephone_or_a_complainant(client, world):
    private = set()
    for applicant in Applicant.objects.all():
        private |= {applicant.email, applicant.phone, applicant.mailing_street}
    private |= {u.email for u in User.objects.all()}
    for complaint in Complaint.objects.all():
        private |= {complaint.complainant_name, complaint.complainant_contact}
    private.discard("")
    # The walk sees people with every kind of private record, and their records.
    assert set(PRIVATE_HOLDER.values()) - {"Imogen Private", "Reading", "01867"} <= private
    assert {"Quentin Complainer", "A. Neighbour"} <= private
    assert Applicant.objects.filter(user__isnull=False).exclude(email="").exists()
    # A lot's street address is public (the hearings' notices give it), also when the holder
    # lives there; a mailing address elsewhere is not.
    lot_addresses = set(Lot.objects.values_list("street_address", flat=True))
    seen = ""
    for endpoint in ENDPOINTS:
        items, bodies = every_page(client, endpoint.name)
        assert items, f"{endpoint.name} lists nothing: the walk would prove nothing of it"
        text = "\n".join(bodies)
        seen += text
        leaked = {value for value in private - lot_addresses if _appears(value, text)}
        assert not leaked, (endpoint.name, sorted(leaked)[:5])
        assert not EMAIL.search(text), (endpoint.name, EMAIL.search(text).group())
        assert not re.search(r'"(e-?mail|phone|telephone|complainant\w*|mailing_\w+)"', text)
    # The records of the people above were given (so their private data was there to leak):
    # the private holder's permit and lot, the applicants with accounts, the voting member.
    permit = world.private_permit
    assert f'"number":"{permit.number}"' in seen and permit.lot.street_address in seen
    assert world.applicant_a.name in seen and world.applicant_b.name in seen


def test_each_endpoint_lists_the_public_records_it_names(client, world):
    today = timezone.localdate()
    permits, _ = every_page(client, "permits")
    in_force = Permit.objects.in_status(Permit.Status.ACTIVE, today)
    assert in_force.count() >= 3
    assert sorted(p["number"] for p in permits) == sorted(in_force.values_list("number", flat=True))
    # Voided, revoked-pending and provisional permits are not in force: none is listed.
    assert Permit.objects.exclude(pk__in=in_force).exists()
    assert not Permit.objects.filter(
        status=Permit.Status.PROVISIONAL, number__in=[p["number"] for p in permits]
    ).exists()
    listed = next(p for p in permits if p["number"] == world.private_permit.number)
    assert listed["issued_to"] == "Imogen Private"
    assert listed["animals"] == [{"kind": "chicken", "name": "", "count": 6}]
    assert listed["verify_url"].startswith("http://testserver/")

    variances, _ = every_page(client, "variances")
    assert [v["id"] for v in variances] == [world.variance.pk]
    assert sorted(v["id"] for v in variances) == sorted(
        Variance.objects.in_effect(today).values_list("pk", flat=True)
    )
    assert variances[0]["rules"][0]["rule"] == "20-15.4.a"

    decisions, _ = every_page(client, "decisions")
    assert len(decisions) == Decision.objects.filter(decided_on__lte=today).count() > 1
    assert all(vote["member"] for d in decisions for vote in d["votes"])
    decided = next(d for d in decisions if d["id"] == world.decision.pk)
    assert decided["matter"]["kind"] == "new_application"
    assert decided["matter"]["kind_label"] == "New application"
    assert decided["result_label"] == "Approved" and decided["votes"][0]["vote"] == "yes"
    # A decision dated after today (the later meeting's revocation) is not yet listed.
    assert Decision.objects.filter(decided_on__gt=today).exists()

    minutes, _ = every_page(client, "minutes")
    assert [m["meeting_id"] for m in minutes] == [world.approved_minutes_meeting.pk]
    assert len(minutes) == Minutes.objects.filter(approved_on__isnull=False).count()

    hearings, _ = every_page(client, "hearings")
    assert hearings and all(h["matters"] for h in hearings)
    by_meeting = {h["meeting_id"]: h for h in hearings}
    # A meeting with nothing on its docket is no hearing.
    assert Meeting.objects.filter(items__isnull=True).exists()
    assert not Meeting.objects.filter(items__isnull=True, pk__in=by_meeting).exists()
    # Next month's hearing: its notice published, and its withdrawn matter not listed.
    coming = by_meeting[world.meeting.pk]
    assert coming["legal_notice"]["published_on"] == str(TODAY)
    assert [m["address"] for m in coming["matters"]] == [world.item.application.lot.street_address]
    # The later meeting's notice is drafted, not published: null.
    assert by_meeting[world.later_meeting.pk]["legal_notice"] is None


def test_pages_link_to_each_other_and_are_kept_until_changed(client, world, settings):
    first = client.get(reverse("api:permits") + "?per_page=2").json()
    assert first["page"] == 1 and first["previous"] is None and len(first["results"]) == 2
    second = client.get(first["next"]).json()
    assert second["previous"].endswith("?page=1&per_page=2")
    assert {p["number"] for p in first["results"]}.isdisjoint(
        p["number"] for p in second["results"]
    )
    past = client.get(reverse("api:permits") + f"?per_page=2&page={first['pages'] + 1}")
    assert past.status_code == 404 and past.json() == {
        "error": f"There are {first['pages']} pages."
    }
    assert client.get(reverse("api:permits") + "?page=two").status_code == 400
    assert client.get(reverse("api:permits") + "?per_page=5000").status_code == 400
    # Kept from the query-string fuzzer: "²" passes str.isdigit() and reached int(), a 500.
    for not_a_number in ("²", "٣", "9" * 4301):
        assert client.get(reverse("api:permits"), {"per_page": not_a_number}).status_code == 400
    # Each endpoint's own page size: a meeting carries its matters, so fewer a page.
    assert client.get(reverse("api:permits")).json()["per_page"] == 50
    assert client.get(reverse("api:hearings")).json()["per_page"] == 10

    # An unchanged page is answered 304 and may be kept; a change to the records changes it.
    response = client.get(reverse("api:decisions"))
    etag = response["ETag"]
    assert f"max-age={settings.API_MAX_AGE}" in response["Cache-Control"]
    assert "public" in response["Cache-Control"]
    again = client.get(reverse("api:decisions"), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    decision = Decision.objects.order_by("pk").first()
    decision.reasons += " (Corrected.)"
    decision.save()
    changed = client.get(reverse("api:decisions"), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert "(Corrected.)" in changed.content.decode()


def _sessions(count: int, *, clerk, first_day, earlier=None) -> Meeting:
    """`count` sessions of the Board, a business day apart, each accepting an entry of
    the paper register (a permit in force, a meeting with its matter, a decision with its
    votes) and approving the minutes of the session before (`earlier`, then each in turn);
    and as many variances in effect. The last session, whose minutes wait."""
    day = first_day - timedelta(days=1)
    for _ in range(count):
        # The Board's evening sessions fall on business days (hearings.demo.session_day).
        day = session_day(day + timedelta(days=1))
        while Meeting.objects.filter(date=day).exists():  # a session of its own
            day = session_day(day + timedelta(days=1))
        permit = factories.register_entry(by=clerk, today=day)
        factories.board(day)
        decision = accept_register_by_vote([permit], day, clerk)[0]
        meeting = decision.docket_item.meeting
        if earlier is not None:
            minutes = hearing_actions.draft_minutes(meeting=earlier, by=clerk, today=day)
            members = {vote.member: "yes" for vote in decision.votes.all()}
            hearing_actions.approve_minutes(
                minutes=minutes,
                at_meeting=meeting,
                votes=members,
                by=decision.recorded_by,
                today=day,
            )
        earlier = meeting
        # A variance is granted only at a noticed public hearing (a dozen actions each):
        # the page's cost is in its rows, so these are the register session's, for volume.
        save_as(
            Variance(
                application=permit.application,
                decision=decision,
                rules=["20-15.4.a"],
                granted=True,
                granted_on=day,
                finding="Written for the query count.",
            ),
            clerk,
        )
    return earlier


def _rows_and_queries(client) -> dict[str, tuple[int, int]]:
    """Each endpoint's first page of up to 500 items: its items, and its queries."""
    seen = {}
    for endpoint in ENDPOINTS:
        with CaptureQueriesContext(connection) as captured:
            page = client.get(reverse(f"api:{endpoint.name}") + "?per_page=500").json()
        seen[endpoint.name] = (len(page["results"]), len(captured.captured_queries))
    return seen


def test_a_page_costs_the_same_queries_with_ten_rows_as_with_forty(client, world):
    clerk = world.users["clerk"]
    last = _sessions(10, clerk=clerk, first_day=TODAY - timedelta(days=100))
    few = _rows_and_queries(client)
    _sessions(30, clerk=clerk, first_day=TODAY - timedelta(days=80), earlier=last)
    many = _rows_and_queries(client)

    for name in few:
        (rows_few, queries_few), (rows_many, queries_many) = few[name], many[name]
        assert rows_few >= 10 and rows_many >= rows_few + 30, (name, rows_few, rows_many)
        assert queries_few == queries_many, f"{name}: {queries_few} queries, then {queries_many}"
    # The town's settings, the count, the page, and one read a page for what its items need.
    assert max(queries for _, queries in many.values()) <= 5, many


def test_the_documentation_page_names_every_endpoint_and_field(client):
    page = client.get(reverse("api:index")).content.decode()
    for endpoint in ENDPOINTS:
        assert reverse(f"api:{endpoint.name}") in page
        assert f"{escape(endpoint.description)} {endpoint.per_page} items a page." in page
        for field, meaning in endpoint.fields:
            assert f"<code>{field}</code></th><td>{escape(meaning)}</td>" in page
    assert "If-None-Match" in page
