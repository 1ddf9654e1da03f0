"""The search across records: a name typed last name first is found as written."""

from __future__ import annotations

import pytest

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
