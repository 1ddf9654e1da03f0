"""Intake: find or create the applicant and lot, complete the draft, live compliance panel;
other domestic animals kept by name."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.urls import reverse

from facilities.models import AnimalKept, Lot, Structure
from permits import actions
from permits.facts_from_records import facts_for
from permits.models import Applicant, Application
from permits.panel import panel
from permits.views.intake import _intake_forms
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.permits.helpers import ALL_DOCUMENTS, NEW_APPLICANT


def form_data(application, **overrides) -> dict:
    """What the edit page would post back unchanged, with `overrides` typed over it."""
    data = {}
    for form_or_set in _intake_forms(application).values():
        forms = [form_or_set]
        if hasattr(form_or_set, "management_form"):
            management = form_or_set.management_form
            for name in management.fields:
                data[management.add_prefix(name)] = management[name].value()
            forms = list(form_or_set)
        for form in forms:
            for name in form.fields:
                value = form[name].value()
                if value is True:
                    data[form.add_prefix(name)] = "on"
                elif value not in (None, False):
                    data[form.add_prefix(name)] = value
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not None}


def draft(clerk, **fields):
    factories.fee_schedule()
    application = actions.create_application(
        applicant=factories.applicant(name="Joan Fitzgerald"),
        lot=factories.lot(street_address="9 Collincote Street"),
        by=clerk,
        manure_method="receptacle",
        securely_fenced=True,
        vermin_licensed_operator=True,
        **ALL_DOCUMENTS,
        **fields,
    )
    actions.set_animals(application=application, by=clerk, animals={"chicken": 6})
    actions.add_structure(application=application, by=clerk, **factories.GOOD_COOP)
    return application


NEW_LOT = {"lot": "new", "lot-parcel_id": "14-220-3", "lot-street_address": "12 Pond Street"}


@pytest.mark.django_db
def test_a_clerk_opens_a_draft_for_a_new_applicant_on_a_new_lot(clerk_client):
    response = clerk_client.post(reverse("permits:application-new"), {**NEW_APPLICANT, **NEW_LOT})
    application = Application.objects.get()
    assert response["Location"] == reverse("permits:application-edit", args=[application.pk])
    assert application.status == Application.Status.DRAFT
    assert application.applicant.name == "Maria Costa"
    assert application.lot.parcel_id == "14-220-3"


@pytest.mark.django_db
def test_an_applicant_and_lot_found_by_search_are_reused(clerk_client):
    person = factories.applicant(name="Anthony DiCarlo")
    lot = factories.lot(street_address="77 Marble Street", parcel_id="3-101-2")
    found = clerk_client.get(
        reverse("permits:intake-search"), {"what": "applicant", "applicant_q": "dicarlo"}
    )
    assert "Anthony DiCarlo" in found.content.decode()
    by_parcel = clerk_client.get(
        reverse("permits:intake-search"), {"what": "lot", "lot_q": "3-101"}
    )
    by_street = clerk_client.get(
        reverse("permits:intake-search"), {"what": "lot", "lot_q": "marble"}
    )
    assert "77 Marble Street" in by_parcel.content.decode()
    assert "77 Marble Street" in by_street.content.decode()
    clerk_client.post(reverse("permits:application-new"), {"applicant": person.pk, "lot": lot.pk})
    application = Application.objects.get()
    assert (application.applicant, application.lot) == (person, lot)
    assert Applicant.objects.count() == 1 and Lot.objects.count() == 1


@pytest.mark.django_db
def test_a_refused_new_application_keeps_everything_typed(clerk_client):
    response = clerk_client.post(
        reverse("permits:application-new"),
        {**NEW_APPLICANT, "applicant-mailing_zip": "2180", **NEW_LOT, "lot-parcel_id": "nonsense"},
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "A ZIP code is 5 digits" in page
    assert "map-block-lot" in page
    assert 'value="Maria Costa"' in page and 'value="12 Pond Street"' in page
    assert not Application.objects.exists()


@pytest.mark.django_db
def test_a_draft_is_saved_and_resumed_with_structures_and_animals(clerk_client, clerk):
    application = draft(clerk)
    url = reverse("permits:application-edit", args=[application.pk])
    data = form_data(
        application,
        **{
            "structures-0-distance_property_line_ft": "45",
            "animals-1-species": "duck",
            "animals-1-count": "3",
            "save": "",
        },
    )
    response = clerk_client.post(url, data)
    assert response.status_code == 302
    application.refresh_from_db()
    assert application.status == Application.Status.DRAFT
    assert application.structures.get().distance_property_line_ft == Decimal("45")
    assert {(a.species, a.count) for a in application.animals.all()} == {
        ("chicken", 6),
        ("duck", 3),
    }
    assert 'value="45.0"' in clerk_client.get(url).content.decode()


@pytest.mark.django_db
def test_a_validation_error_saves_nothing_and_keeps_everything_typed(clerk_client, clerk):
    application = draft(clerk)
    url = reverse("permits:application-edit", args=[application.pk])
    data = form_data(
        application,
        **{
            "structures-0-distance_property_line_ft": "forty",
            "structures-0-area_sqft": "52",
            "app-notes": "Called on Tuesday.",
        },
    )
    response = clerk_client.post(url, data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was saved" in page
    assert 'value="forty"' in page and 'value="52"' in page and "Called on Tuesday." in page
    assert application.structures.get().area_sqft == Decimal("48")


@pytest.mark.django_db
def test_save_and_mark_received_records_the_day(clerk_client, clerk):
    application = draft(clerk)
    data = form_data(application, **{"receive": "", "receive-received_on": "2026-03-02"})
    response = clerk_client.post(reverse("permits:application-edit", args=[application.pk]), data)
    assert response["Location"] == reverse("permits:application-detail", args=[application.pk])
    application.refresh_from_db()
    assert (application.status, application.received_on) == ("received", date(2026, 3, 2))
    assert application.securely_fenced  # the receipt did not undo the saved form


@pytest.mark.django_db
def test_saving_and_marking_received_is_all_or_nothing(clerk_client, clerk):
    """Marking received is refused without animals: the typed changes are not saved either."""
    application = draft(clerk)
    data = form_data(
        application,
        **{
            "animals-0-DELETE": "on",
            "app-notes": "Called on Tuesday.",
            "receive": "",
            "receive-received_on": "2026-03-02",
        },
    )
    response = clerk_client.post(reverse("permits:application-edit", args=[application.pk]), data)
    assert response.status_code == 200
    assert "List the animals" in response.content.decode()
    application.refresh_from_db()
    assert application.status == Application.Status.DRAFT
    assert application.notes == ""
    assert application.animals.count() == 1


@pytest.mark.django_db
def test_an_application_with_a_new_applicant_and_lot_is_opened_in_one_step(clerk):
    application = actions.create_application(
        by=clerk,
        new_applicant={"name": "Maria Costa", "mailing_street": "12 Pond Street"},
        new_lot={"parcel_id": "14-220-3", "street_address": "12 Pond Street"},
    )
    assert application.applicant.history.get().history_user == clerk
    assert application.lot.history.get().history_user == clerk


@pytest.mark.django_db
def test_a_refused_lot_leaves_no_new_applicant_behind(clerk):
    factories.lot(parcel_id="14-220-3")
    with pytest.raises(ActionRefused):
        actions.create_application(
            by=clerk,
            new_applicant={"name": "Maria Costa", "mailing_street": "12 Pond Street"},
            new_lot={"parcel_id": "14-220-3", "street_address": "12 Pond Street"},
        )
    assert not Applicant.objects.filter(name="Maria Costa").exists()
    assert not Application.objects.exists()


@pytest.mark.django_db
def test_the_panel_rechecks_from_the_form_as_typed_without_saving(clerk_client, clerk):
    application = draft(clerk)
    url = reverse("permits:application-compliance", args=[application.pk])
    failing = clerk_client.post(
        url, form_data(application, **{"structures-0-distance_property_line_ft": "30"})
    )
    page = failing.content.decode()
    assert 'id="compliance-panel"' in page and "<html" not in page
    assert 'data-rule="20-15.4.a" data-status="fail"' in page
    assert "Required: at least 50 ft · Actual: 30 ft" in page
    corrected = clerk_client.post(
        url, form_data(application, **{"structures-0-distance_property_line_ft": "55"})
    )
    assert 'data-rule="20-15.4.a" data-status="pass"' in corrected.content.decode()
    assert Structure.objects.get().distance_property_line_ft == Decimal("60")


@pytest.mark.django_db
def test_the_live_recheck_counts_a_species_added_in_the_form(clerk_client, clerk):
    application = draft(clerk)
    data = form_data(application, **{"animals-1-species": "rooster", "animals-1-count": "1"})
    page = clerk_client.post(
        reverse("permits:application-compliance", args=[application.pk]), data
    ).content.decode()
    assert 'data-rule="20-15.11" data-status="fail"' in page


@pytest.mark.django_db
def test_the_live_recheck_names_what_it_could_not_read(clerk_client, clerk):
    application = draft(clerk)
    data = form_data(application, **{"structures-0-distance_well_ft": "-5"})
    page = clerk_client.post(
        reverse("permits:application-compliance", args=[application.pk]), data
    ).content.decode()
    assert "Not checked until corrected" in page
    assert "Drinking-water well (ft)" in page


@pytest.mark.django_db
def test_the_edit_form_asks_for_a_recheck_as_the_clerk_types(clerk_client, clerk):
    application = draft(clerk)
    page = clerk_client.get(reverse("permits:application-edit", args=[application.pk]))
    html = page.content.decode()
    assert f'hx-post="{reverse("permits:application-compliance", args=[application.pk])}"' in html
    assert 'hx-trigger="input changed delay:400ms' in html


def test_the_panel_lists_failures_and_missing_facts_first_then_pending_then_the_rest():
    def finding(rule, status):
        return {"rule": rule, "citation": rule, "status": status, "subject": None, "message": ""}

    result = {
        "permit_required": True,
        "eligible": False,
        "findings": [
            finding("a", "pass"),
            finding("b", "not_applicable"),
            finding("c", "pending"),
            finding("d", "waived"),
            finding("e", "missing"),
            finding("f", "grandfathered"),
            finding("g", "fail"),
        ],
    }
    arranged = panel(result)
    order = [(g["key"], [r["rule"] for r in g["rows"]]) for g in arranged["groups"]]
    assert order == [
        ("action", ["e", "g"]),
        ("pending", ["c"]),
        ("covered", ["d", "f"]),
        ("met", ["a"]),
        ("not_applicable", ["b"]),
    ]
    assert arranged["summary"] == "1 fail, 1 missing, 1 pending, 1 waived, 1 grandfathered, 1 pass"


@pytest.mark.django_db
def test_the_application_page_shows_the_panel_fees_documents_and_history(clerk_client, clerk):
    application = factories.hen_renewal(
        by=clerk, paid=False, structure={"distance_property_line_ft": 30}
    )
    page = clerk_client.get(reverse("permits:application-detail", args=[application.pk]))
    html = page.content.decode()
    assert "Compliance with the regulation" in html
    assert 'data-rule="20-15.4.a" data-status="fail"' in html
    assert "Fee due: <strong>$40.00</strong>" in html
    assert "Documents (§20-20(1))" in html
    assert "History of changes" in html and "Clerk1" in html
    assert "Each rule or step still to meet" in html


@pytest.mark.django_db
def test_an_issued_application_can_no_longer_be_edited(clerk_client, clerk):
    permit = factories.issued_permit(by=clerk)
    response = clerk_client.get(reverse("permits:application-edit", args=[permit.application_id]))
    assert response["Location"] == reverse(
        "permits:application-detail", args=[permit.application_id]
    )


# Other domestic animals are kept by name, one row a kind (issue 12, point 19).
@pytest.mark.django_db
def test_guinea_pigs_are_recorded_as_other_domestic_with_their_name(clerk, clerk_client):
    application = draft(clerk)
    url = reverse("permits:application-edit", args=[application.pk])
    data = form_data(
        application,
        **{
            "animals-1-species": "other_domestic",
            "animals-1-name": "Guinea pig",
            "animals-1-count": "2",
            "save": "",
        },
    )
    response = clerk_client.post(url, data)
    assert response.status_code == 302
    kept = AnimalKept.objects.get(application=application, species="other_domestic")
    assert (kept.name, kept.count, kept.kind_label) == ("Guinea pig", 2, "Guinea pig")
    assert {"species": "other_domestic", "name": "Guinea pig", "count": 2} in facts_for(
        application
    )["animals"]
    page = clerk_client.get(reverse("permits:application-detail", args=[application.pk]))
    assert "2 Guinea pig" in page.content.decode()


@pytest.mark.django_db
def test_guinea_pigs_and_ferrets_are_two_rows_of_other_domestic(clerk, clerk_client):
    application = draft(clerk)
    data = form_data(
        application,
        **{
            "animals-1-species": "other_domestic",
            "animals-1-name": "Guinea pig",
            "animals-1-count": "2",
            "animals-TOTAL_FORMS": "3",
            "animals-2-species": "other_domestic",
            "animals-2-name": "Ferret",
            "animals-2-count": "1",
            "save": "",
        },
    )
    response = clerk_client.post(reverse("permits:application-edit", args=[application.pk]), data)
    assert response.status_code == 302
    names = set(application.animals.filter(species="other_domestic").values_list("name", "count"))
    assert names == {("Guinea pig", 2), ("Ferret", 1)}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("species", "name", "error"),
    [
        ("other_domestic", "", "Say what the animal is"),
        ("other_domestic", "   ", "Say what the animal is"),
        ("duck", "Mallard", "Only another domesticated animal takes a name"),
    ],
)
def test_an_animal_name_is_required_for_other_domestic_and_refused_otherwise(
    clerk, clerk_client, species, name, error
):
    application = draft(clerk)
    data = form_data(
        application,
        **{
            "animals-1-species": species,
            "animals-1-name": name,
            "animals-1-count": "2",
            "save": "",
        },
    )
    response = clerk_client.post(reverse("permits:application-edit", args=[application.pk]), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert error in page
    assert "Nothing was saved" in page
    assert application.animals.count() == 1


@pytest.mark.django_db
def test_a_permit_for_guinea_pigs_names_them(clerk):
    application = factories.hen_renewal(by=clerk)
    AnimalKept.objects.create(
        application=application, species="other_domestic", name="Guinea pig", count=2
    )
    permit = actions.issue_permit(application=application, by=clerk, on=date(2027, 1, 14))
    assert {str(a) for a in permit.animals.all()} == {"6 Chickens (hens)", "2 Guinea pigs"}
    renewal = actions.start_renewal(permit=permit, by=clerk, today=date(2027, 11, 2))
    assert renewal.animals.get(species="other_domestic").name == "Guinea pig"
