"""The search across records: a name typed last name first is found as written, with or without
its comma, and a paper permit's number finds its permit."""

from __future__ import annotations

import pytest
from django.urls import reverse

from permits.finder import find_records
from stoneham_boh.lib.search import name_forms
from tests import factories

pytestmark = pytest.mark.django_db


def test_a_name_typed_last_name_first_is_also_searched_as_written():
    assert name_forms(" Núñez,  José ") == ["Núñez,  José", "José Núñez"]
    assert name_forms("12 Elm Street") == ["12 Elm Street"]
    assert name_forms("Núñez,") == ["Núñez,"]


def test_the_search_finds_the_applicant_permit_and_application_of_a_name(clerk):
    applicant = factories.applicant(by=clerk, name="José Núñez")
    permit = factories.issued_permit(by=clerk, applicant=applicant)
    found = {group.title: group for group in find_records("núñez, josé")}
    assert found["Applicants"].rows == [applicant]
    assert found["Permits"].rows == [permit]
    assert found["Applications"].total == 1
    assert found["Lots"].total == 0
    assert {g.title: g.total for g in find_records(permit.lot.parcel_id)}["Permits"] == 1


# The search as the clerk types into it (issue 34, point
# 7): the number on a paper permit, and a name last name first without its comma, as the box's hint
# offers; the applications list's own box reads a name both ways too.
def test_a_name_last_name_first_without_a_comma_is_also_searched_as_written():
    assert name_forms("Burke Brian") == ["Burke Brian", "Brian Burke"]
    assert name_forms("12 Elm Street") == ["12 Elm Street"]


def test_the_paper_permits_number_finds_its_permit(clerk):
    permit = factories.register_entry(by=clerk, register_number="93-41")
    found = {group.title: group for group in find_records("93-41")}
    assert found["Permits"].rows == [permit]


def test_a_name_last_name_first_finds_it_in_the_search_and_in_the_applications_list(
    clerk_client, clerk
):
    applicant = factories.applicant(by=clerk, name="Brian Burke")
    application = factories.hen_renewal(by=clerk, applicant=applicant)
    for typed in ("Burke Brian", "Burke, Brian"):
        found = {group.title: group for group in find_records(typed)}
        assert found["Applicants"].rows == [applicant], typed
        listed = clerk_client.get(reverse("permits:application-list"), {"q": typed})
        assert application in listed.context["page_obj"].object_list, typed
