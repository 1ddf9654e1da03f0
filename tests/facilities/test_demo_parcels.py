"""The demo opens every application on its parcel with a drawn plan; its map drafts the
abutters the demo's certified lists name."""

import pytest
from django.core.management import call_command

from facilities import actions
from facilities.models import AbutterList, Parcel, SitePlan
from facilities.parcels.drafting import compare
from permits.facts_from_records import evaluate_application
from permits.models import Application


@pytest.mark.django_db
def test_every_demo_application_has_its_parcel_and_a_plan_and_the_map_finds_its_abutters(
    settings, tmp_path
):
    settings.VAR_DIR = tmp_path
    call_command("load_demo")
    assert (tmp_path / "demo" / "M284-parcels.zip").exists()
    applications = Application.objects.select_related("lot")
    assert all(a.lot.tax_parcel_id for a in applications)
    assert SitePlan.objects.count() == applications.count()
    greene = Application.objects.get(lot__street_address="24 Spring Street", kind="new")
    barn = greene.structures.get(label="BARN")
    assert barn.measured_distances_ft["property_line"] == 38.0  # the typed figure, drawn
    assert Parcel.objects.get(pk=greene.lot.tax_parcel_id).owner_name == "Thomas Greene"
    for certified in AbutterList.objects.select_related("application__lot"):
        clerk = certified.application.created_by
        draft = actions.draft_abutter_list(application=certified.application, by=clerk)
        assert compare(draft, certified).only_in_certified == []
    # The plans draw each manure bin as far from every dwelling as §20-16(2) asks, so that what
    # the demo shows failing is what its story means to fail (Greene's barn, the Board's votes).
    for application in applications:
        failing = {
            finding["rule"]
            for finding in evaluate_application(application)["findings"]
            if finding["status"] == "fail"
        }
        assert "20-16.2" not in failing, application
    greene_fails = {
        f["rule"] for f in evaluate_application(greene)["findings"] if f["status"] == "fail"
    }
    assert greene_fails == {"20-15.4.a", "20-19"}
