"""Issue 22, findings 4 and 10: the lot is the parcel.

One lot per parcel (an application at a known parcel or address joins its lot; the clerk
merges duplicates; no permit on a lot off an imported map without the clerk's reason), and
the lot's horses, stables, corrals and lofts are counted over every active permit on it, on
the Assessor's area where the parcel is mapped.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from facilities import actions as lot_actions
from facilities.models import Lot
from permits import actions, eligibility
from permits.facts_from_records import evaluate_application, facts_for
from permits.models import Permit
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.facilities import parcel_layers as layer
from tests.permits.helpers import NEW_APPLICANT

pytestmark = pytest.mark.django_db

ISSUE_DAY = date(2027, 1, 14)


def horses(*, by, lot, count: int, stable_sqft="180", corral_sqft="1400", label="S1", corral="C2"):
    """A complete, paid renewal for `count` horses on `lot`: stable `label`, a corral, a bin."""
    factories.fee_schedule()
    application = actions.create_application(
        applicant=factories.applicant(),
        lot=lot,
        kind="renewal",
        by=by,
        manure_method="off_site",
        securely_fenced=True,
        vermin_licensed_operator=True,
    )
    actions.set_animals(application=application, by=by, animals={"horse": count})
    stable = {
        "label": label,
        "kind": "stable",
        "area_sqft": Decimal(stable_sqft),
        "screened_window": True,
        "opposite_louvers": True,
        "potable_water": True,
        "distance_property_line_ft": Decimal("80"),
        "distance_public_way_ft": Decimal("90"),
    }
    corral = {
        "label": corral,
        "kind": "corral",
        "area_sqft": Decimal(corral_sqft),
        "fence_height_ft": Decimal("6"),
        "distance_public_way_ft": Decimal("60"),
    }
    for structure in (stable, corral, factories.GOOD_MANURE_BIN):
        actions.add_structure(application=application, by=by, **structure)
    actions.submit_application(application=application, received_on=date(2027, 1, 5), by=by)
    factories.board_approves(application, ["vermin_plan"])
    actions.record_payment(
        application=application,
        amount=eligibility.fee_due(application),
        received_on=date(2027, 1, 5),
        method="check",
        by=by,
    )
    return application


def refusal(application, on=ISSUE_DAY) -> str:
    with pytest.raises(ActionRefused) as refused:
        actions.issue_permit(application=application, by=None, on=on)
    assert not Permit.objects.filter(application=application).exists()
    return " ".join(refused.value.reasons)


def findings(application, rule, on=ISSUE_DAY):
    return [f for f in evaluate_application(application, on)["findings"] if f["rule"] == rule]


# --- finding 10: stables, corrals and lofts are the lot's --------------------------------------


@pytest.fixture
def shared(clerk):
    """A five-acre lot where a neighbour holds a permit for two horses in a 180 sq ft stable."""
    lot = factories.lot(area_acres=Decimal("5"))
    actions.issue_permit(application=horses(by=clerk, lot=lot, count=2), by=clerk, on=ISSUE_DAY)
    return lot


def test_a_second_permit_cannot_count_the_stable_of_the_first_on_a_shared_lot(clerk, shared):
    # The same stable S1 and corral listed again, for one more horse: each application alone
    # passes, but the lot's three horses need 220 sq ft of stable and 1,600 of corral.
    second = horses(by=clerk, lot=shared, count=1)
    reasons = refusal(second)
    assert "§20-17(4)" in reasons and "§20-17(3)" in reasons
    lot_wide = [f for f in findings(second, "20-17.4") if "counted once" in f["message"]]
    assert [(f["status"], f["actual"], f["required"]) for f in lot_wide] == [("fail", 180, 220)]


def test_a_second_permit_with_a_stable_of_its_own_on_a_shared_lot_passes(clerk, shared):
    second = horses(
        by=clerk,
        lot=shared,
        count=1,
        label="S9",
        stable_sqft="100",
        corral_sqft="1000",
        corral="C9",
    )
    assert all(f["status"] == "pass" for f in findings(second, "20-17.4"))
    permit = actions.issue_permit(application=second, by=clerk, on=ISSUE_DAY)
    assert permit.lot == shared


def test_a_second_permit_counting_the_first_ones_stable_is_refused_on_the_clerks_page(
    clerk, clerk_client, shared
):
    second = horses(by=clerk, lot=shared, count=1)
    with time_machine.travel(factories.midday(ISSUE_DAY), tick=False):
        clerk_client.force_login(clerk)
        detail = clerk_client.get(reverse("permits:application-detail", args=[second.pk]))
        issued = clerk_client.post(
            reverse("permits:application-issue", args=[second.pk]), {"issue-conditions": ""}
        )
    page = detail.content.decode()
    assert 'data-rule="20-17.4" data-status="fail"' in page
    assert "each structure counted once" in page
    assert issued.status_code == 409
    assert not Permit.objects.filter(application=second).exists()


def test_a_typed_lot_area_does_not_beat_the_parcels_on_the_map(tmp_path, clerk):
    # Typed 3 acres; the Assessor's parcel N2 is 0.371 acre: one horse needs an acre.
    lot = factories.lot(parcel_id=layer.MAP_IDS["N2"], area_acres=Decimal("3"))
    lot_actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    application = horses(by=clerk, lot=lot, count=1, stable_sqft="100", corral_sqft="1000")
    assert facts_for(application, ISSUE_DAY)["lot"]["area_acres"] == 0.371
    assert "§20-17(1)" in refusal(application)
    area = [f for f in findings(application, "20-17.1") if f["unit"] == "acres"]
    assert [(f["status"], f["actual"]) for f in area] == [("fail", 0.371)]


def test_the_lot_page_shows_the_parcels_area_and_a_typed_one_only_as_a_fallback(
    tmp_path, clerk, clerk_client
):
    mapped = factories.lot(parcel_id=layer.MAP_IDS["N2"], area_acres=Decimal("3"))
    unmapped = factories.lot(area_acres=Decimal("3"))
    lot_actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    clerk_client.force_login(clerk)
    page = clerk_client.get(reverse("facilities:lot-detail", args=[mapped.pk])).content.decode()
    assert "0.371 acres, the Assessor&#x27;s, from the parcel map" in page
    page = clerk_client.get(reverse("facilities:lot-detail", args=[unmapped.pk])).content.decode()
    assert "3.000 acres, typed: the lot is not on the parcel map" in page


# --- finding 4: one lot per parcel -------------------------------------------------------------


def test_no_permit_issues_on_a_lot_off_the_imported_map_until_the_clerk_says_why(tmp_path, clerk):
    lot_actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    lot = factories.lot(area_acres=Decimal("5"), unmapped_reason="")
    application = horses(by=clerk, lot=lot, count=1, stable_sqft="100", corral_sqft="1000")
    assert "is not on the parcel map" in refusal(application)
    with pytest.raises(ActionRefused):
        lot_actions.record_unmapped_reason(lot=lot, reason="  ", by=clerk)
    lot_actions.record_unmapped_reason(
        lot=lot, reason="A subdivision newer than the FY26 layer.", by=clerk
    )
    assert lot.history.first().history_user == clerk
    assert actions.issue_permit(application=application, by=clerk, on=ISSUE_DAY).lot == lot


def test_the_clerk_records_why_a_lot_is_off_the_map_on_its_page(tmp_path, clerk, clerk_client):
    lot_actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    lot = factories.lot(unmapped_reason="")
    clerk_client.force_login(clerk)
    url = reverse("facilities:lot-unmapped-reason", args=[lot.pk])
    refused = clerk_client.post(url, {"unmapped-reason": ""})
    assert refused.status_code == 400 and "This field is required" in refused.content.decode()
    clerk_client.post(url, {"unmapped-reason": "New subdivision."})
    lot.refresh_from_db()
    assert lot.unmapped_reason == "New subdivision."


def test_a_duplicate_lot_with_no_parcel_is_merged_into_the_parcels_lot_with_history(
    clerk, shared, monkeypatch
):
    # The duplicate: a second lot at the same address, no parcel, with a permit for 2 horses.
    duplicate = factories.duplicate_lot(
        parcel_id=None, street_address=shared.street_address.upper(), area_acres=Decimal("2")
    )
    application = horses(by=clerk, lot=duplicate, count=2, label="S7", corral="C7")
    # Today no permit issues on a lot recorded twice; the permit on file is from before.
    assert "merge the two lots" in refusal(application)
    with monkeypatch.context() as before_the_guard:
        before_the_guard.setattr(actions.issue, "twin_lot_refusals", lambda lot: [])
        permit = actions.issue_permit(application=application, by=clerk, on=ISSUE_DAY)
    kept = lot_actions.merge_lots(duplicate=duplicate, into=shared, by=clerk)
    permit.refresh_from_db()
    duplicate.refresh_from_db()
    assert kept == shared and permit.lot == shared
    assert permit.application.lot == shared
    assert duplicate.merged_into == shared and Lot.objects.filter(pk=duplicate.pk).exists()
    assert permit.history.first().history_user == clerk
    assert duplicate.history.first().merged_into_id == shared.pk
    # Now the lot's four horses are counted together: a fifth is refused.
    fifth = horses(by=clerk, lot=shared, count=1, label="S8", corral="C8")
    assert "§20-17(1)" in refusal(fifth)
    # A merged lot takes no permit.
    assert "was merged into" in " ".join(eligibility.lot_refusals(duplicate))


def test_two_lots_of_different_parcels_are_not_merged(clerk):
    one, other = factories.lot(), factories.lot()
    with pytest.raises(ActionRefused) as refused:
        lot_actions.merge_lots(duplicate=one, into=other, by=clerk)
    assert "different parcels" in " ".join(refused.value.reasons)
    assert Lot.objects.get(pk=one.pk).merged_into is None


def test_the_clerk_merges_a_duplicate_lot_on_its_page(clerk, clerk_client):
    lot = factories.lot(street_address="4 Elm Street")
    duplicate = factories.duplicate_lot(parcel_id=None, street_address="4 elm street")
    application = factories.hen_renewal(by=clerk, lot=duplicate)
    clerk_client.force_login(clerk)
    url = reverse("facilities:lot-merge", args=[duplicate.pk])
    page = clerk_client.get(url).content.decode()
    assert str(lot) in page
    response = clerk_client.post(url, {"into": str(lot.pk)})
    assert response.status_code == 302
    application.refresh_from_db()
    assert application.lot == lot
    refused = clerk_client.post(
        reverse("facilities:lot-merge", args=[factories.lot().pk]), {"into": str(lot.pk)}
    )
    assert "different parcels" in refused.content.decode()


def test_an_online_application_at_an_address_already_permitted_joins_that_lot(clerk):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from permits.online import actions as online

    # One horse already permitted on a 1.6-acre lot; a resident applies online at the same
    # address, no parcel id, for three more, typing four acres.
    lot = factories.lot(street_address="40 Spring Street", area_acres=Decimal("1.6"))
    actions.issue_permit(
        application=horses(by=clerk, lot=lot, count=1, stable_sqft="100", corral_sqft="1000"),
        by=clerk,
        on=ISSUE_DAY,
    )
    resident = factories.applicant_account(by=clerk, name="Jane Resident")
    application = online.start_online_application(
        by=resident.user, details={}, address={"street_address": "40 spring street"}
    )
    online.save_online_application(
        application=application,
        by=resident.user,
        lot_changes={"area_acres": Decimal("4")},
        animals=[{"species": "horse", "count": 3, "name": "", "pk": None}],
    )
    online.add_online_document(
        application=application,
        by=resident.user,
        kind="site_plan",
        upload=SimpleUploadedFile("plan.pdf", b"%PDF-1.4\n%%EOF\n", content_type="application/pdf"),
    )
    with time_machine.travel(factories.midday(ISSUE_DAY), tick=False):
        online.submit_online_application(application=application, by=resident.user)
        online.receive_online_application(application=application, by=clerk)
    application.refresh_from_db()
    assert application.lot == lot and Lot.objects.count() == 1
    facts = facts_for(application, ISSUE_DAY)["lot"]
    assert (facts["area_acres"], facts["equines_under_other_permits"]) == (1.6, 1)
    reasons = " ".join(eligibility.refusals_to_issue(application, ISSUE_DAY))
    assert "The number of equines on the lot (1 under other permits)" in reasons


@pytest.mark.parametrize(
    "typed", ["12 MAIN STREET", "12 Main St.", "12 main street, Unit 2", "12 Main St #4"]
)
def test_a_new_lot_at_an_address_on_file_however_typed_is_refused(clerk, typed):
    # No parcel map is imported: the address is all that says the parcel is known.
    on_file = factories.lot(by=clerk, parcel_id=None, street_address="12 Main Street")
    with pytest.raises(ActionRefused) as refused:
        lot_actions.create_lot(by=clerk, street_address=typed)
    assert str(refused.value) == (
        f"{on_file} is on file at this address: choose that lot (one lot per parcel)."
    )
    assert Lot.objects.count() == 1


def test_a_lot_at_another_number_of_the_street_is_a_lot_of_its_own(clerk):
    factories.lot(by=clerk, parcel_id=None, street_address="12 Main Street")
    lot_actions.create_lot(by=clerk, street_address="112 Main St")
    assert Lot.objects.count() == 2


def test_the_clerks_intake_at_an_address_on_file_says_so_at_the_address(clerk, clerk_client):
    on_file = factories.lot(by=clerk, street_address="12 Main Street")
    clerk_client.force_login(clerk)
    response = clerk_client.post(
        reverse("permits:application-new"),
        {
            **NEW_APPLICANT,
            "lot": "new",
            "lot-parcel_id": "1-2-3",
            "lot-street_address": "12 MAIN ST.",
            "lot-area_acres": "0.5",
        },
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert f"{on_file} is on file at this address" in page
    # What the clerk typed stays in the form.
    assert 'value="12 MAIN ST."' in page and 'value="Maria Costa"' in page
    assert Lot.objects.count() == 1


def test_an_online_application_typed_another_way_is_received_on_the_lot_on_file(clerk):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from permits.online import actions as online

    lot = factories.lot(by=clerk, parcel_id=None, street_address="40 Spring Street")
    resident = factories.applicant_account(by=clerk, name="Jane Resident")
    application = online.start_online_application(
        by=resident.user, details={}, address={"street_address": "40 SPRING ST, Apt 2"}
    )
    online.save_online_application(
        application=application,
        by=resident.user,
        animals=[{"species": "chicken", "count": 4, "name": "", "pk": None}],
    )
    online.add_online_document(
        application=application,
        by=resident.user,
        kind="site_plan",
        upload=SimpleUploadedFile("plan.pdf", b"%PDF-1.4\n%%EOF\n", content_type="application/pdf"),
    )
    with time_machine.travel(factories.midday(ISSUE_DAY), tick=False):
        online.submit_online_application(application=application, by=resident.user)
        with pytest.raises(ActionRefused) as refused:
            online.receive_online_application(application=application, by=clerk, new_lot=True)
        online.receive_online_application(application=application, by=clerk)
    assert "is on file at this parcel or address" in " ".join(refused.value.reasons)
    application.refresh_from_db()
    assert application.lot == lot and Lot.objects.count() == 1


def test_a_parcel_already_linked_to_a_lot_is_not_linked_to_a_second(tmp_path, clerk):
    from facilities.models import Parcel

    first = factories.lot(parcel_id=layer.MAP_IDS["N2"])
    lot_actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    second = factories.lot(parcel_id=None, street_address="N2 again")
    with pytest.raises(ActionRefused) as refused:
        lot_actions.link_lot_to_parcel(
            lot=second, parcel=Parcel.objects.get(loc_id="L_N2"), by=clerk
        )
    assert f"already the parcel of {Lot.objects.get(pk=first.pk)}" in str(refused.value)


def test_no_permit_issues_on_a_lot_recorded_twice_until_the_clerk_merges_them(clerk):
    # Recorded twice before the intake matched addresses however typed (finding 4).
    application = factories.new_hen_application(by=clerk, received_on=date(2027, 1, 10), paid=True)
    twin = factories.duplicate_lot(by=clerk, street_address=application.lot.street_address.upper())
    assert "merge the two lots" in refusal(application)
    reasons = eligibility.twin_lot_refusals(application.lot)
    assert reasons == [
        f"{application.lot.street_address} is also on file as lot #{twin.pk}: merge the two "
        "lots (the lot's page), so the permits on the parcel are counted together (§20-14, Lot)."
    ]


def test_a_lot_recorded_after_the_map_opens_on_its_parcel_ready_for_its_plan(tmp_path, clerk):
    lot_actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    client = Client()
    client.force_login(clerk)
    client.post(
        reverse("permits:application-new"),
        {
            **NEW_APPLICANT,
            "lot": "new",
            "lot-parcel_id": layer.MAP_IDS["N2"],
            "lot-street_address": "12 Pond Street",
        },
    )
    lot = Lot.objects.get(street_address="12 Pond Street")
    assert lot.tax_parcel.loc_id == "L_N2" and lot.parcel_area_acres == Decimal("0.371")
    page = client.get(reverse("permits:application-detail", args=[lot.applications.get().pk]))
    assert "Draw the site plan" in page.content.decode()

    # A parcel id typed wrong and corrected later places the lot then.
    typo = factories.lot(parcel_id="99-999-9", street_address="3 Elm Street")
    assert typo.tax_parcel is None
    application = factories.new_hen_application(by=clerk, lot=typo)
    actions.update_application(
        application=application,
        by=clerk,
        changes={},
        lot_changes={"parcel_id": layer.MAP_IDS["N3"]},
    )
    typo.refresh_from_db()
    assert typo.tax_parcel.loc_id == "L_N3"
    assert Lot.history.filter(id=typo.pk).first().history_user == clerk
