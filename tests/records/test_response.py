"""The written response of M.G.L. c.66 §10(b): drafted by the clerk with every item the statute
lists, the fee estimated as §10(d) allows, the time extended as §10(c) allows, signed by the
records access officer and sent; and the public's page that starts a request (950 CMR 32.04).

The fee and clock vectors are counted by hand from the statute and the regulations."""

from __future__ import annotations

import io
from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core import mail
from django.core.cache import cache
from django.urls import reverse
from pypdf import PdfReader

from records import actions
from records.fees import estimate
from records.models import Exemption, RecordsRequest
from records.response import compose, due_day
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town.models import Town

pytestmark = pytest.mark.django_db

NOON_SATURDAY = datetime(2026, 11, 21, 12, tzinfo=ZoneInfo("America/New_York"))
WORDING = "Test wording: identity of a complainant in an open investigation."


def _text(pdf: bytes) -> str:
    return " ".join(
        " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split()
    )


@pytest.fixture
def request_(clerk):
    return actions.log_request(
        requester="A. Reporter",
        contact="reporter@example.org",
        description="Every inspection report of 12 Elm Street since 2020.",
        received_on=date(2026, 11, 21),  # a Saturday: received Monday the 23rd
        by=clerk,
        today=date(2026, 11, 23),
    )


# --- the fee (c.66 §10(d)) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pages", "minutes", "rate", "population", "total"),
    [
        (120, 0, "0", 23244, "6.00"),  # 120 pages at 5 cents
        (0, 210, "25", 23244, "37.50"),  # 3 h 30: the first 2 h free over 20,000 people
        (0, 210, "25", 15000, "87.50"),  # a small town charges every hour
        (0, 90, "25", 23244, "0.00"),  # within the two free hours: no fee at all
        (40, 150, "18.40", 23244, "11.20"),  # $2.00 + 30 minutes at $18.40
    ],
)
def test_the_fee_is_what_the_statute_allows(pages, minutes, rate, population, total):
    fees = estimate(
        pages=pages,
        staff_minutes=minutes,
        hourly_rate=Decimal(rate),
        population=population,
        late=False,
    )
    assert fees.total == Decimal(total)


def test_nothing_to_charge_says_so():
    fees = estimate(
        pages=0, staff_minutes=90, hourly_rate=Decimal(25), population=23244, late=False
    )
    assert not fees.lines and fees.note == "No fee is charged for this response."


def test_no_fee_at_all_once_the_ten_days_were_missed():
    fees = estimate(
        pages=500, staff_minutes=600, hourly_rate=Decimal(25), population=23244, late=True
    )
    assert fees.total == 0 and "c.66 §10(e)" in fees.note


def test_a_rate_above_25_dollars_an_hour_is_refused(clerk, request_):
    with pytest.raises(ActionRefused) as refused:
        actions.draft_response(request=request_, by=clerk, hourly_rate=Decimal("30"))
    assert "no more than $25 an hour" in str(refused.value)
    assert "hourly_rate" in refused.value.by_field


# --- the letter ----------------------------------------------------------------------------


def test_the_letter_carries_every_item_of_section_10b_and_names_the_supervisor(clerk, request_):
    exemption = Exemption.objects.create(
        citation="M.G.L. c.4 §7(26)(f)", name="Investigation", wording=WORDING
    )
    actions.redact(request=request_, target="complainant:7", exemption=exemption, by=clerk)
    response = actions.draft_response(
        request=request_,
        by=clerk,
        provided="The inspection reports of 2021 to 2026, attached.",
        not_held="Reports before 2021",
        held_by="the Town Clerk's archive",
        produce_by=date(2026, 12, 18),
        why_more_time="The 2020 paper files are in storage.",
        narrowing="Asking for 2024 to 2026 only could be answered at once.",
        pages=40,
        staff_minutes=150,
        hourly_rate=Decimal("18.40"),
    )
    text = compose(response, date(2026, 12, 1)).text
    assert "received your request on November 21, 2026" in text
    assert "counts as received on November 23, 2026" in text
    assert "Reports before 2021" in text and "the Town Clerk's archive" in text
    assert "complainant of complaint #7 is withheld under M.G.L. c.4 §7(26)(f)" in text
    assert "provided by December 18, 2026" in text
    assert "2024 to 2026 only" in text
    assert "in all $11.20" in text
    assert "Supervisor of Records" in text and "Superior Court" in text
    assert "c.66 §10A" in text


def test_the_signed_letter_is_kept_sent_by_email_and_answers_the_request(
    clerk, request_, django_capture_on_commit_callbacks
):
    actions.draft_response(request=request_, by=clerk, provided="The reports, attached.")
    with django_capture_on_commit_callbacks(execute=True):
        response = actions.sign_response(request=request_, by=clerk, today=date(2026, 12, 1))
    request_.refresh_from_db()
    assert request_.responded_on == date(2026, 12, 1) and not request_.is_open
    assert "Written response under M.G.L. c.66 §10(b)" in request_.response
    assert response.signed_by == clerk and "The reports, attached." in response.letter
    # The letter cannot change once signed, nor a second be signed.
    with pytest.raises(ActionRefused):
        actions.draft_response(request=request_, by=clerk, provided="Something else.")
    (message,) = mail.outbox
    assert message.to == ["reporter@example.org"]
    assert "Supervisor of Records" in message.body
    (name, content, kind) = message.attachments[0]
    assert kind == "application/pdf" and "Supervisor of Records" in _text(content)


def test_a_response_signed_after_the_due_day_charges_nothing(clerk, request_):
    actions.draft_response(request=request_, by=clerk, pages=300)
    assert due_day(request_) == date(2026, 12, 8)
    response = actions.sign_response(request=request_, by=clerk, today=date(2026, 12, 9))
    assert "No fee" in response.letter and "$15.00" not in response.letter


# --- more time (c.66 §10(c)) ---------------------------------------------------------------


def test_an_extension_the_requester_agreed_to_moves_the_due_day(clerk, request_):
    actions.draft_response(
        request=request_, by=clerk, extension="agreed", extended_to=date(2027, 1, 15)
    )
    request_.refresh_from_db()
    assert due_day(request_) == date(2027, 1, 15)


def test_a_petition_to_the_supervisor_is_filed_within_20_business_days(clerk, request_):
    # Received (counted) Monday, November 23, 2026: the 20th business day after is
    # December 22 (Thanksgiving, November 26, is not counted).
    with pytest.raises(ActionRefused) as refused:
        actions.draft_response(
            request=request_,
            by=clerk,
            extension="supervisor",
            extension_petitioned_on=date(2026, 12, 23),
            extended_to=date(2027, 1, 8),
        )
    assert "by December 22, 2026" in refused.value.by_field["extension_petitioned_on"]
    actions.draft_response(
        request=request_,
        by=clerk,
        extension="supervisor",
        extension_petitioned_on=date(2026, 12, 22),
        extended_to=date(2027, 1, 8),
    )


def test_the_supervisor_extends_a_town_by_30_business_days_at_most(clerk, request_):
    # Due December 8, 2026; 30 business days after, not counting Christmas, New Year's Day
    # and Martin Luther King Day (January 18), is Friday, January 22, 2027.
    with pytest.raises(ActionRefused) as refused:
        actions.draft_response(
            request=request_,
            by=clerk,
            extension="supervisor",
            extension_petitioned_on=date(2026, 12, 1),
            extended_to=date(2027, 1, 25),
        )
    assert "to January 22, 2027" in refused.value.by_field["extended_to"]


# --- the clerk's page ------------------------------------------------------------------------


def test_the_clerk_drafts_reviews_and_signs_on_the_request_page(clerk, request_, client):
    client.force_login(clerk)
    url = reverse("records:request-detail", args=[request_.pk])
    bad = client.post(
        reverse("records:written-response-draft", args=[request_.pk]),
        {"provided": "Reports attached.", "pages": "10", "staff_minutes": "0", "hourly_rate": "40"},
    )
    assert bad.status_code == 400
    page = bad.content.decode()
    assert "no more than $25 an hour" in page and "Reports attached." in page
    good = client.post(
        reverse("records:written-response-draft", args=[request_.pk]),
        {"provided": "Reports attached.", "pages": "10", "staff_minutes": "0", "hourly_rate": "0"},
    )
    assert good.status_code == 302
    page = client.get(url).content.decode()
    assert "Fee estimate: $0.50" in page and "Sign and send the response" in page
    draft = client.get(reverse("records:written-response-pdf", args=[request_.pk]))
    assert "DRAFT" in _text(draft.content) and "Supervisor of Records" in _text(draft.content)
    client.post(reverse("records:written-response-sign", args=[request_.pk]))
    page = client.get(url).content.decode()
    assert "in the records access officer's name" in page and "Sign and send" not in page


# --- the public's page -----------------------------------------------------------------------


def test_anyone_finds_the_records_access_officer_and_asks(client):
    Town.objects.filter(is_current=True).update(
        records_officer_name="Dana Whitcomb", records_officer_email="records@example.org"
    )
    page = client.get(reverse("records:ask")).content.decode()
    assert "Dana Whitcomb" in page and "records@example.org" in page
    assert "Supervisor of Records" in page
    assert reverse("records:ask") in client.get(reverse("public-home")).content.decode()
    bad = client.post(reverse("records:ask"), {"requester": "Sam", "description": "Plans."})
    assert bad.status_code == 400 and "Plans." in bad.content.decode()
    with time_machine.travel(NOON_SATURDAY, tick=False):
        sent = client.post(
            reverse("records:ask"),
            {"requester": "Sam", "contact": "sam@example.org", "description": "Plans."},
            follow=True,
        )
    made = RecordsRequest.objects.get(requester="Sam")
    assert made.received_on == date(2026, 11, 21) and made.logged_by is None
    assert "Tuesday, December 8, 2026" in sent.content.decode()


def test_the_public_page_pauses_a_script(client):
    cache.clear()
    for n in range(6):
        last = client.post(
            reverse("records:ask"),
            {"requester": f"Bot {n}", "contact": "bot@example.org", "description": "All."},
        )
    assert last.status_code == 429
    assert RecordsRequest.objects.filter(requester__startswith="Bot").count() == 5
