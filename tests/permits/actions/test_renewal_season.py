"""Renewal season (issue 26, point 24): the renewals ready, renewed together through the one
renewal path, each refused one saying why with its rule's citation; their permits in one PDF;
the renewal notices as letters for the holders without e-mail."""

from __future__ import annotations

import io
from datetime import date
from decimal import Decimal

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from permits import actions, renewal_batch
from permits.models import Application, Payment, Permit, RenewalBatchEntry
from permits.renewal_notices import notice_letters_pdf
from stoneham_boh.town.models import StandingText, Town
from tests import factories
from tests.hearings.board_builders import violation

SEASON = date(2027, 12, 1)
CASH = actions.PaymentTaken(method="cash")


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def permits(clerk, n: int, **fields) -> list[Permit]:
    return [factories.issued_permit(by=clerk, **fields) for _ in range(n)]


@pytest.mark.django_db
def test_the_selected_are_renewed_each_through_the_renewal_path_with_its_own_payment(clerk):
    first, second = permits(clerk, 2)
    batch = actions.renew_together(
        permits=[first, second], payments={first.pk: CASH, second.pk: CASH}, by=clerk, on=SEASON
    )
    renewed = [entry.permit for entry in batch.entries.order_by("pk")]
    assert [p.number for p in renewed] == ["2028-0001", "2028-0002"]
    assert all(p.expires_on == date(2028, 12, 31) for p in renewed)
    for old, new in zip([first, second], renewed, strict=True):
        application = new.application
        assert application.renews == old and application.kind == Application.Kind.RENEWAL
        assert application.received_on == SEASON and new.issued_on == SEASON
        # Each fee its own payment of the renewal fee, none folded into another.
        payments = list(application.payments.all())
        assert [(p.amount, p.method, p.received_by) for p in payments] == [
            (Decimal("40.00"), "cash", clerk)
        ]
        assert new.history.first().history_user == clerk


@pytest.mark.django_db
def test_one_refused_says_why_with_its_citation_and_leaves_nothing_half_done(clerk):
    paid, unpaid = permits(clerk, 2)
    batch = actions.renew_together(
        permits=[paid, unpaid], payments={paid.pk: CASH}, by=clerk, on=SEASON
    )
    done, refused = batch.entries.order_by("pk")
    assert done.permit is not None and done.payment.amount == Decimal("40.00")
    assert refused.permit is None
    assert refused.reasons == ["The fee of $40.00 is not paid in full (§20-20(4))."]
    # The refused renewal is rolled back whole: no draft, no received renewal left behind.
    assert not Application.objects.filter(renews=unpaid).exists()
    assert Permit.objects.expiring_on(date(2027, 12, 31)).get() == unpaid


@pytest.mark.django_db
def test_a_grandfathered_keeping_after_a_violation_is_refused_by_the_rule_it_now_fails(
    clerk, agent
):
    near = factories.legacy_permit(by=clerk, structure={"distance_property_line_ft": Decimal("18")})
    violation(near, agent=agent, clerk=clerk, on=date(2027, 10, 5))
    batch = actions.renew_together(permits=[near], payments={near.pk: CASH}, by=clerk, on=SEASON)
    (entry,) = batch.entries.all()
    assert entry.permit is None
    assert any("(§20-15(4)(a))" in reason for reason in entry.reasons), entry.reasons
    assert not Payment.objects.filter(application__renews=near).exists()


@pytest.mark.django_db
def test_a_renewal_already_opened_and_changed_is_not_renewed_together(clerk):

    (permit,) = permits(clerk, 1)
    renewal = actions.start_renewal(permit=permit, by=clerk, today=SEASON)
    actions.set_animals(application=renewal, by=clerk, animals={"chicken": 9})
    batch = actions.renew_together(
        permits=[permit], payments={permit.pk: CASH}, by=clerk, on=SEASON
    )
    (entry,) = batch.entries.all()
    assert entry.permit is None
    assert "differs from permit" in entry.reasons[0] and "9 instead of 6" in entry.reasons[0]


@pytest.mark.django_db
def test_the_ready_list_holds_back_what_the_season_cannot_renew_yet(clerk):
    ready, early = permits(clerk, 2)
    with time_machine.travel(date(2027, 10, 20)):
        held = renewal_batch.season()
    assert held.ready_ones == [] and "opens on November 1, 2027" in held.held_ones[0].held[0]
    with time_machine.travel(SEASON):
        assert [c.permit for c in renewal_batch.season().ready_ones] == sorted(
            [ready, early], key=lambda p: (p.lot.street_address, p.number)
        )


@pytest.mark.django_db
def test_an_order_past_its_deadline_or_a_holders_change_holds_a_renewal_back(clerk, agent):
    from inspections import actions as inspection_actions
    from permits.portal import actions as portal_actions

    ordered, plain = permits(clerk, 2)
    finding = violation(ordered, agent=agent, clerk=clerk, on=date(2027, 10, 5))
    inspection_actions.issue_order(
        finding=finding,
        by=agent,
        requirement="Remove the rat burrows.",
        deadline=date(2027, 10, 20),
        issued_on=date(2027, 10, 5),
    )
    holder = factories.applicant_account(by=clerk, name="Rita Moss")
    with time_machine.travel(date(2027, 11, 5)):
        portal_actions.request_renewal(
            permit=factories.issued_permit(by=clerk, applicant=holder),
            by=holder.user,
            unchanged=False,
            changes="Two more hens.",
        )
    with time_machine.travel(SEASON):
        found = renewal_batch.season()
    held = {c.permit.holder.name: c.held for c in found.held_ones}
    assert held[ordered.holder.name] == [
        "An order on the lot is not abated by its deadline (§20-16(6))."
    ]
    assert held["Rita Moss"] == [
        "The holder wrote that the keeping has changed: renew it on its own page."
    ]
    assert plain in [c.permit for c in found.ready_ones]


@pytest.mark.django_db
def test_the_page_renews_the_ticked_and_prints_their_permits_together(client, clerk):
    first, second, third = permits(clerk, 3)
    with time_machine.travel(SEASON):
        client.force_login(clerk)
        response = client.post(
            reverse("permits:renewal-together"),
            {
                f"renew_{first.pk}": "on",
                f"method_{first.pk}": "check",
                f"reference_{first.pk}": "1042",
                f"renew_{second.pk}": "on",
                f"renew_{third.pk}": "on",
                f"method_{third.pk}": "cash",
            },
        )
        assert response.status_code == 302
        page = client.get(response["Location"])
    text = page.content.decode()
    assert "2 renewed, 1 not renewed" in text
    assert f"Permit {second.number}" in text and "(§20-20(4))" in text
    assert "paid $40.00 by check (1042)" in text
    batch = RenewalBatchEntry.objects.filter(permit__isnull=False).first().batch
    pdf = client.get(reverse("permits:renewal-batch-pdf", args=[batch.pk]))
    assert pdf["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(pdf.content))
    text = pdf_text(pdf.content)
    assert len(reader.pages) == 2
    assert "No. 2028-0001" in text and "No. 2028-0002" in text
    assert text.count("Expires December 31, 2028") == 2


@pytest.mark.django_db
def test_nothing_ticked_is_asked_again_with_what_was_chosen_kept(client, clerk):
    (permit,) = permits(clerk, 1)
    with time_machine.travel(SEASON):
        client.force_login(clerk)
        response = client.post(
            reverse("permits:renewal-together"),
            {f"method_{permit.pk}": "check", f"reference_{permit.pk}": "77"},
        )
    assert response.status_code == 400
    text = response.content.decode()
    assert "Tick at least one renewal to renew." in text
    assert "Tick this renewal to renew it, or leave its fee as not paid." in text
    assert 'value="77"' in text and '<option value="check" selected>' in text
    assert not Application.objects.filter(renews=permit).exists()


def _page_queries(client, clerk) -> int:
    with time_machine.travel(SEASON):
        client.force_login(clerk)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("permits:renewal-together")).status_code == 200
    return len(queries)


@pytest.mark.django_db
def test_the_ready_list_costs_the_same_queries_for_10_renewals_as_for_40(client, clerk):
    permits(clerk, 10)
    ten = _page_queries(client, clerk)
    permits(clerk, 30)
    assert _page_queries(client, clerk) == ten
    assert ten <= 20


@pytest.mark.django_db
def test_the_renewal_letters_go_to_each_holder_without_email_once(clerk):
    town = Town.objects.get(is_current=True)
    town.renewal_window_day = 3
    town.save()
    mailed = factories.applicant(name="José Ferreira", mailing_street="4 Pond Street")
    permits(clerk, 2, applicant=mailed)
    permits(clerk, 1, applicant=factories.applicant(name="Ann Lee", email="ann@example.org"))
    content, year = notice_letters_pdf(SEASON)
    reader = PdfReader(io.BytesIO(content))
    text = pdf_text(content).replace("\n", " ")
    assert year == 2027 and len(reader.pages) == 1
    assert "José Ferreira" in text and "4 Pond Street" in text and "Ann Lee" not in text
    assert "Permit 2027-0001" in text and "Permit 2027-0002" in text
    # The dates read from the records and the town's settings, not typed.
    assert "expires on December 31, 2027" in text
    assert "from November 3, 2027" in text
    assert "after March 30, 2028" in text  # 90 days after, rolled to a business day
    assert town.board_name in text and "$40.00" in text


@pytest.mark.django_db
def test_the_letters_print_the_administrators_wording(clerk):
    StandingText.objects.create(
        town=Town.objects.get(is_current=True),
        key="renewal_notice.how",
        text="Renew by {expires_on}, please.",
    )
    permits(clerk, 1)
    assert "Renew by December 31, 2027, please." in pdf_text(notice_letters_pdf(SEASON)[0])
