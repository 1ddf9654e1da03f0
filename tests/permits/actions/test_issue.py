"""Issuing a permit (§20-20(3)-(5)): every refusal, the number, the expiry, what is copied."""

from __future__ import annotations

import re
import threading
from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.db import connection, connections
from django.urls import reverse

from facilities.models import AnimalKept
from permits import actions, eligibility
from permits.models import Application, FeeSchedule, Permit
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.hearings import builders as hearing
from tests.permits.helpers import new_hen_application, renew

ISSUE_DAY = date(2027, 1, 14)


def refusal_reasons(application, on=ISSUE_DAY) -> str:
    with pytest.raises(ActionRefused) as refused:
        actions.issue_permit(application=application, by=None, on=on)
    assert not Permit.objects.filter(application=application).exists()
    return " ".join(refused.value.reasons)


@pytest.mark.django_db
def test_issue_assigns_the_next_number_of_the_year_and_expires_december_31(clerk):
    first = factories.issued_permit(by=clerk)
    second = factories.issued_permit(by=clerk)
    assert (first.number, second.number) == ("2027-0001", "2027-0002")
    assert second.expires_on == date(2027, 12, 31)
    assert second.history.first().history_user == clerk


@pytest.mark.django_db
def test_issue_copies_the_exact_animals_authorized(clerk):
    application = factories.hen_renewal(by=clerk)
    actions.set_animals(application=application, by=clerk, animals={"duck": 3})
    permit = actions.issue_permit(application=application, by=clerk, on=ISSUE_DAY)
    assert {(a.species, a.count) for a in permit.animals.all()} == {("chicken", 6), ("duck", 3)}
    # The permit keeps what was authorized even if the application's rows change later.
    AnimalKept.objects.filter(application=application).update(count=99)
    assert permit.animals.get(species="chicken").count == 6


@pytest.mark.django_db
def test_issue_copies_the_boards_conditions_and_the_variances_in_force(clerk, board_member):
    item = hearing.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="40")
    hearing.decide(
        item,
        by=board_member,
        conditions="Coop kept locked at night.",
        variance_rules=["20-15.4.a"],
        variance_conditions="Solid fence on the north line.",
    )
    application = item.application
    permit = actions.issue_permit(
        application=application, by=clerk, on=hearing.HEARING + timedelta(days=4)
    )
    assert permit.conditions == "Coop kept locked at night."
    printed = "Variance of §20-15(4)(a) (setback from the abutting property line)"
    assert printed in permit.variances_text
    assert "20-15.4.a" not in permit.variances_text
    assert "Solid fence on the north line." in permit.variances_text


@pytest.mark.django_db
def test_conditions_typed_at_issue_replace_the_decisions(clerk):
    application = factories.hen_renewal(by=clerk)
    permit = actions.issue_permit(
        application=application, by=clerk, on=ISSUE_DAY, conditions="Six hens, no rooster."
    )
    assert permit.conditions == "Six hens, no rooster."


@pytest.mark.django_db
def test_the_same_submission_sent_twice_issues_one_permit(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk, received_on=date(2026, 1, 5))
    url = reverse("permits:application-issue", args=[application.pk])
    first = clerk_client.post(url, {"issue-conditions": ""})
    second = clerk_client.post(url, {"issue-conditions": ""})
    permit = Permit.objects.get(application=application)
    assert first.status_code == second.status_code == 302
    assert (
        first["Location"]
        == second["Location"]
        == reverse("permits:permit-detail", args=[permit.pk])
    )
    assert Permit.objects.count() == 1


@pytest.mark.django_db
def test_issue_is_refused_for_a_draft(clerk):
    factories.fee_schedule()
    application = actions.create_application(
        applicant=factories.applicant(), lot=factories.lot(), by=clerk
    )
    assert "has not been marked as received" in refusal_reasons(application)


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Application.Status.DENIED, Application.Status.WITHDRAWN])
def test_issue_is_refused_for_a_denied_or_withdrawn_application(clerk, status):
    application = factories.hen_renewal(by=clerk)
    # The Board's decision and withdrawal belong to other parts; set the outcome directly.
    Application.objects.filter(pk=application.pk).update(status=status)
    application.refresh_from_db()
    assert f"is {application.get_status_display().lower()}" in refusal_reasons(application)


@pytest.mark.django_db
def test_issue_is_refused_when_a_setback_fails(clerk):
    application = factories.hen_renewal(by=clerk, structure={"distance_property_line_ft": 30})
    assert "§20-15(4)(a)" in refusal_reasons(application)


@pytest.mark.django_db
def test_issue_is_refused_when_a_fact_is_missing(clerk):
    application = factories.hen_renewal(by=clerk)
    actions.set_animals(application=application, by=clerk, animals={"pigeon": 20})
    application.structures.update(area_sqft=None, kind="loft")
    assert "§20-18(3)" in refusal_reasons(application)


@pytest.mark.django_db
def test_issue_of_a_new_application_is_refused_while_the_hearing_is_pending(clerk):
    application = new_hen_application(by=clerk)
    assert "§20-20(9)" in refusal_reasons(application, on=date(2027, 3, 5))


@pytest.mark.django_db
def test_issue_is_refused_when_the_facts_cannot_be_read(clerk):
    application = factories.hen_renewal(by=clerk)
    AnimalKept.objects.filter(application=application).update(species="unicorn")
    assert "facts are incomplete" in refusal_reasons(application)


@pytest.mark.django_db
def test_issue_is_refused_until_the_fee_of_the_schedule_in_force_is_paid(clerk):
    application = factories.hen_renewal(by=clerk, paid=False)
    actions.record_payment(
        application=application,
        amount=Decimal("10"),
        received_on=ISSUE_DAY,
        method="cash",
        by=clerk,
    )
    assert "fee of $40.00 is not paid in full (§20-20(4))" in refusal_reasons(application)


@pytest.mark.django_db
def test_issue_uses_the_fee_schedule_in_force_when_the_application_was_received(clerk):
    FeeSchedule.objects.create(
        name="2027",
        effective_from=date(2027, 1, 1),
        new_application_fee=Decimal("90"),
        renewal_fee=Decimal("55"),
    )
    application = factories.hen_renewal(by=clerk, received_on=date(2027, 1, 10), paid=False)
    # The clerk took the old schedule's $40: the 2027 schedule asks $55.
    actions.record_payment(
        application=application,
        amount=Decimal("40"),
        received_on=ISSUE_DAY,
        method="cash",
        by=clerk,
    )
    assert eligibility.fee_due(application) == Decimal("55")
    assert "fee of $55.00" in refusal_reasons(application)


@pytest.mark.django_db
def test_issue_is_refused_when_no_fee_schedule_was_in_force_on_receipt(clerk):
    # Received before the first schedule took effect: no fee was kept at receipt.
    application = factories.hen_renewal(by=clerk, received_on=date(2002, 7, 1), paid=False)
    assert "No fee schedule is in force" in refusal_reasons(application)


@pytest.mark.django_db
def test_a_schedule_entered_later_with_an_earlier_date_keeps_the_fee_of_receipt(clerk):
    """§20-20(4): the fee in force at the time of application; a schedule typed in afterwards
    with an effective date before the receipt does not reopen a fee received and paid."""
    application = factories.hen_renewal(by=clerk, received_on=date(2027, 1, 10), paid=True)
    FeeSchedule.objects.create(
        name="2027 (entered late)",
        effective_from=date(2027, 1, 1),
        new_application_fee=Decimal("90"),
        renewal_fee=Decimal("55"),
    )
    application.refresh_from_db()
    assert eligibility.fee_due(application) == Decimal("40.00")
    permit = actions.issue_permit(application=application, by=clerk, on=ISSUE_DAY)
    assert permit.application == application


@pytest.mark.django_db
def test_a_revoked_permit_cannot_be_renewed(clerk):
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk)
    factories.revoke_by_the_board(
        permit,
        by=clerk,
        grounds="Vermin not abated (§20-16(6)).",
        revoked_on=date(2027, 11, 25),
        remove_by=date(2027, 12, 10),
    )
    assert "A revoked permit cannot be renewed" in refusal_reasons(renewal, on=date(2027, 11, 28))


@pytest.mark.django_db
def test_a_void_permit_cannot_be_renewed(clerk):
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk)
    actions.void_permit(permit=permit, reason="Issued to the wrong lot.", by=clerk)
    assert "A void permit cannot be renewed" in refusal_reasons(renewal, on=date(2027, 11, 28))


@pytest.mark.django_db
def test_a_renewal_for_a_new_owner_is_refused_as_a_transfer(clerk):
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk)
    Application.objects.filter(pk=renewal.pk).update(applicant=factories.applicant(name="Buyer"))
    renewal.refresh_from_db()
    assert "not transferable (§20-20(7))" in refusal_reasons(renewal, on=date(2027, 11, 28))


@pytest.mark.django_db
def test_a_permit_is_renewed_only_once(clerk):
    permit = factories.issued_permit(by=clerk)
    first = renew(permit, by=clerk)
    actions.issue_permit(application=first, by=clerk, on=date(2027, 11, 28))
    second = actions.create_application(
        applicant=permit.holder, lot=permit.lot, kind="renewal", renews=permit, by=clerk
    )
    actions.set_animals(application=second, by=clerk, animals={"chicken": 6})
    actions.submit_application(application=second, received_on=date(2027, 11, 29), by=clerk)
    assert f"{permit.number} has already been renewed" in refusal_reasons(
        second, on=date(2027, 11, 30)
    )


@pytest.mark.django_db
def test_the_issue_page_shows_every_reason_it_refuses(clerk_client, clerk):
    application = factories.hen_renewal(
        by=clerk, paid=False, structure={"distance_property_line_ft": 30}
    )
    response = clerk_client.post(
        reverse("permits:application-issue", args=[application.pk]), {"issue-conditions": ""}
    )
    page = response.content.decode()
    assert response.status_code == 409
    assert "The permit was not issued" in page
    assert "§20-15(4)(a)" in page
    assert "is not paid in full" in page
    assert not Permit.objects.exists()
    # One box, once: each failing rule in words, with its own citation, no umbrella section.
    assert page.count('class="alert alert-danger issue-refusal"') == 1
    assert page.count("is not paid in full") == 1
    assert "not all met" not in page
    assert re.search(r"<li>[^<]*at least 50 ft[^<]*\(§20-15\(4\)\(a\)\)</li>", page), page


def _issue_in_thread(application_pk, clerk_pk, results, barrier):
    from django.contrib.auth import get_user_model

    try:
        clerk = get_user_model().objects.get(pk=clerk_pk)
        application = Application.objects.get(pk=application_pk)
        barrier.wait(timeout=10)
        permit = actions.issue_permit(application=application, by=clerk, on=ISSUE_DAY)
        results.append(permit.number)
    except Exception as error:  # noqa: BLE001 - reported to the test below
        results.append(error)
    finally:
        connections.close_all()


def _issue_at_once(application_pks, clerk) -> list:
    results: list = []
    barrier = threading.Barrier(len(application_pks))
    threads = [
        threading.Thread(target=_issue_in_thread, args=(pk, clerk.pk, results, barrier))
        for pk in application_pks
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="Concurrent issuance needs PostgreSQL's row locks; SQLite serialises all writers.",
)


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_clerks_issuing_at_once_get_distinct_consecutive_numbers(clerk):
    applications = [factories.hen_renewal(by=clerk) for _ in range(4)]
    results = _issue_at_once([a.pk for a in applications], clerk)
    assert all(isinstance(number, str) for number in results), results
    assert sorted(results) == [f"2027-{n:04d}" for n in range(1, 5)]


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_two_clerks_issuing_the_same_application_at_once_issue_one_permit(clerk):
    application = factories.hen_renewal(by=clerk)
    results = _issue_at_once([application.pk, application.pk], clerk)
    assert results == ["2027-0001", "2027-0001"]
    assert Permit.objects.count() == 1
