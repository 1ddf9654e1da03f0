"""The clerk's lists: filters, free-text search, pagination, CSV of what the filter shows."""

from __future__ import annotations

import csv
import io
import secrets
from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from facilities.models import AnimalKept, Lot
from permits.models import Applicant, Application, Permit, PermitAnimal
from tests import factories


def bulk_keepings(count: int, *, start: int = 0) -> None:
    """`count` issued hen keepings, written in bulk (history is not the point here).

    `start` offsets names, parcels and permit numbers so batches can be added one after another.
    """
    numbers = range(start, start + count)
    lots = Lot.objects.bulk_create(
        Lot(parcel_id=f"7-{n}-1", street_address=f"{n} Bulk Street") for n in numbers
    )
    people = Applicant.objects.bulk_create(
        Applicant(name=f"Keeper {n}", mailing_street=f"{n} Bulk Street", mailing_zip="02180")
        for n in numbers
    )
    applications = Application.objects.bulk_create(
        Application(
            applicant=person, lot=lot, kind="renewal", status="issued", received_on=date(2027, 1, 5)
        )
        for person, lot in zip(people, lots, strict=True)
    )
    AnimalKept.objects.bulk_create(
        AnimalKept(application=a, species="chicken", count=6) for a in applications
    )
    permits = Permit.objects.bulk_create(
        Permit(
            number=f"2027-{n + 1:05d}",
            year=2027,
            sequence=n + 1,
            application=a,
            holder_id=a.applicant_id,
            lot_id=a.lot_id,
            issued_on=date(2027, 1, 10),
            expires_on=date(2027, 12, 31),
            verify_token=secrets.token_urlsafe(32),
        )
        for n, a in zip(numbers, applications, strict=True)
    )
    PermitAnimal.objects.bulk_create(
        PermitAnimal(permit=p, species="chicken", count=6) for p in permits
    )


def queries_for(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
        assert response.status_code == 200
    return len(captured)


@pytest.mark.django_db
@pytest.mark.parametrize("url_name", ["permits:application-list", "permits:permit-list"])
def test_a_list_of_forty_costs_the_same_queries_as_a_list_of_ten(clerk_client, url_name):
    # A query per row would show as thirty more: forty proves what ten thousand did.
    url = reverse(url_name) + "?q=Keeper&species=chicken"
    bulk_keepings(10)
    few = queries_for(clerk_client, url)
    bulk_keepings(30, start=10)
    assert Application.objects.count() == 40
    assert queries_for(clerk_client, url) == few


@pytest.mark.django_db
def test_the_application_list_filters_by_status_kind_species_street_and_year(clerk_client, clerk):
    hens = factories.hen_renewal(by=clerk, lot=factories.lot(street_address="18 Spring Street"))
    goats = factories.hen_renewal(by=clerk, lot=factories.lot(street_address="4 Pond Street"))
    from permits import actions

    actions.set_animals(application=goats, by=clerk, animals={"chicken": 0, "goat": 2})
    url = reverse("permits:application-list")

    def shown(**filters) -> set[int]:
        response = clerk_client.get(url, filters)
        return {a.pk for a in response.context["page_obj"].object_list}

    assert shown(species="goat") == {goats.pk}
    assert shown(street="spring") == {hens.pk}
    assert shown(status="received", kind="renewal") == {hens.pk, goats.pk}
    assert shown(year=2027) == {hens.pk, goats.pk}
    assert shown(year=2026) == set()
    assert shown(attention="on") == {hens.pk, goats.pk}
    assert shown(q="4 Pond") == {goats.pk}
    assert shown(status="nonsense", year="abc") == {hens.pk, goats.pk}


@pytest.mark.django_db
def test_the_permit_list_filters_expiring_permits_not_yet_renewed(clerk_client, clerk):
    import time_machine

    due = factories.issued_permit(by=clerk)
    with time_machine.travel(date(2027, 11, 1)):
        clerk_client.force_login(clerk)
        page = clerk_client.get(reverse("permits:permit-list"), {"expiring": "on"})
        assert [p.pk for p in page.context["page_obj"].object_list] == [due.pk]
        revoked = clerk_client.get(reverse("permits:permit-list"), {"status": "revoked"})
        assert list(revoked.context["page_obj"].object_list) == []


@pytest.mark.django_db
def test_the_csv_export_holds_every_row_the_filter_shows_not_just_the_page(clerk_client):
    bulk_keepings(30)
    response = clerk_client.get(reverse("permits:permit-list"), {"q": "Keeper 1", "format": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    body = b"".join(response.streaming_content)
    # The byte-order mark first, so that Excel reads the names as UTF-8 ("José", not "JosÃ©").
    assert body.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert rows[0][:3] == ["Permit", "Holder", "Lot"]
    holders = {row[1] for row in rows[1:]}
    assert holders == {"Keeper 1"} | {f"Keeper {n}" for n in range(10, 20)}
    assert rows[1][3] == "6 Chickens (hens)"


@pytest.mark.django_db
def test_lists_paginate_by_25(clerk_client):
    bulk_keepings(30)
    first = clerk_client.get(reverse("permits:application-list"))
    assert len(first.context["page_obj"].object_list) == 25
    assert "Page 1 of 2" in first.content.decode()
    second = clerk_client.get(reverse("permits:application-list"), {"page": 2})
    assert len(second.context["page_obj"].object_list) == 5


@pytest.mark.django_db
def test_a_formula_in_a_name_is_neutralised_in_the_csv(clerk_client):
    factories.applicant(name="=HYPERLINK(1)")
    response = clerk_client.get(reverse("permits:applicant-list"), {"format": "csv"})
    assert "'=HYPERLINK(1)" in b"".join(response.streaming_content).decode()


@pytest.mark.django_db
def test_lots_and_applicants_lists_search_by_address_parcel_and_name(clerk_client):
    factories.lot(street_address="77 Marble Street", parcel_id="3-101-2")
    factories.applicant(name="Anthony DiCarlo")
    lots = clerk_client.get(reverse("facilities:lot-list"), {"q": "3-101"}).content.decode()
    people = clerk_client.get(reverse("permits:applicant-list"), {"q": "dicarlo"}).content.decode()
    assert "77 Marble Street" in lots
    assert "Anthony DiCarlo" in people


@pytest.mark.django_db
def test_an_empty_list_says_what_to_do_next(clerk_client):
    page = clerk_client.get(reverse("permits:application-list")).content.decode()
    assert "start a new application" in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url_name",
    [
        "permits:application-list",
        "permits:permit-list",
        "permits:applicant-list",
        "permits:renewal-list",
        "permits:application-new",
        "facilities:lot-list",
    ],
)
def test_applicants_cannot_open_the_clerks_pages(client, applicant_user, url_name):
    client.force_login(applicant_user)
    assert client.get(reverse(url_name)).status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url_name",
    [
        "permits:application-list",
        "permits:permit-list",
        "permits:applicant-list",
        "facilities:lot-list",
    ],
)
def test_odd_filter_input_never_breaks_a_list(clerk_client, url_name):
    odd = {"q": "Pond\x00", "street": "\x00", "year": "1" + "0" * 20, "page": "-3", "status": "?"}
    assert clerk_client.get(reverse(url_name), odd).status_code == 200
