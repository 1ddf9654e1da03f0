"""The public pre-check: a planned keeping judged rule by rule, with nothing stored."""

from __future__ import annotations

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests import factories

URL = reverse("permits:pre-check")


def plan(animals=(("horse", 2),), structures=(), **lot) -> dict:
    """The form data of a plan: the lot's fields, animal rows and structure rows."""
    data = {
        "lot-construction": "none",
        "lot-manure_method": "receptacle",
        "lot-securely_fenced": "on",
        "animals-TOTAL_FORMS": str(max(len(animals), 1)),
        "animals-INITIAL_FORMS": "0",
        "structures-TOTAL_FORMS": str(max(len(structures), 1)),
        "structures-INITIAL_FORMS": "0",
    }
    data.update({f"lot-{key}": value for key, value in lot.items()})
    for i, (species, count) in enumerate(animals):
        data[f"animals-{i}-species"] = species
        data[f"animals-{i}-count"] = str(count)
    for i, structure in enumerate(structures):
        data.update({f"structures-{i}-{key}": value for key, value in structure.items()})
    return data


STABLE = {
    "kind": "stable",
    "area_sqft": "200",
    "potable_water": "on",
    "screened_window": "on",
    "opposite_louvers": "on",
    "distance_property_line_ft": "80",
    "distance_public_way_ft": "60",
}
CORRAL = {"kind": "corral", "area_sqft": "1500", "fence_height_ft": "6"}
COOP = {"kind": "coop", "area_sqft": "40", "potable_water": "on", "distance_property_line_ft": "30"}


def _outcome(page: str, citation: str) -> str:
    """The text of the result card of the rule with `citation`."""
    cards = re.findall(r'<li class="card section-card mb-3 outcome-.*?</li>\s*</ul>', page, re.S)
    for card in cards:
        if f">{citation}<" in card:
            return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", card)))
    raise AssertionError(f"no result for {citation}")


@pytest.mark.django_db
def test_two_horses_on_one_and_a_half_acres_fail_20_17_1_with_its_explanation(client):
    page = client.post(URL, plan(structures=[STABLE, CORRAL], area_acres="1.5")).content.decode()
    card = _outcome(page, "§20-17(1)")
    assert "Would not comply" in card
    assert "Number of horses and lot size" in card
    assert "One acre is needed for the first horse and another acre for each additional one" in card
    assert "The lot's area is 1.5 acres; at least 2 acres is required." in card


@pytest.mark.django_db
def test_the_same_horses_on_two_acres_comply_with_20_17_1(client):
    page = client.post(URL, plan(structures=[STABLE, CORRAL], area_acres="2")).content.decode()
    assert "Would comply" in _outcome(page, "§20-17(1)")


@pytest.mark.django_db
def test_an_unknown_fact_is_reported_as_what_we_need_to_know(client):
    page = client.post(URL, plan(structures=[STABLE, CORRAL], area_acres="2")).content.decode()
    card = _outcome(page, "§20-17(2)")
    assert "We need to know more" in card
    assert "percolation rate is not known" in card


@pytest.mark.django_db
def test_a_coop_too_near_the_line_fails_the_setback_with_its_citation(client):
    page = client.post(URL, plan(animals=[("chicken", 6)], structures=[COOP])).content.decode()
    card = _outcome(page, "§20-15(4)(a)")
    assert "Would not comply" in card
    assert "Coop 1 is 30 ft from the abutting property line; at least 50 ft is required." in card


@pytest.mark.django_db
def test_roosters_are_refused_outright(client):
    page = client.post(URL, plan(animals=[("rooster", 1)], structures=[COOP])).content.decode()
    assert "prohibited within Town limits" in _outcome(page, "§20-15(11)")


@pytest.mark.django_db
def test_the_process_is_shown_as_what_the_application_needs_not_as_failures(client, db):
    factories.fee_schedule()
    page = client.post(
        URL, plan(animals=[("chicken", 6)], structures=[COOP], **{"lot-construction": "new"})
    ).content.decode()
    needs = page.split('id="needs-heading"')[1]
    for citation in ("§20-20(1)", "§20-19", "§20-20(9)", "§20-20(2)"):
        assert citation in needs
        with pytest.raises(AssertionError):
            _outcome(page, citation)
    assert "Certified abutter list" in needs
    assert "$75.00" in needs
    assert "usual timeline" in needs


@pytest.mark.django_db
def test_cats_and_dogs_need_no_permit(client):
    page = client.post(URL, plan(animals=[("cat", 2), ("dog", 1)])).content.decode()
    assert "No permit is needed" in page


@pytest.mark.django_db
def test_animals_without_any_housing_are_asked_for_a_structure(client):
    response = client.post(URL, plan(animals=[("goat", 2)], structures=[CORRAL]))
    page = response.content.decode()
    assert "Describe at least one structure that houses the animals" in page
    assert 'id="result"' not in page


@pytest.mark.django_db
def test_nothing_typed_is_stored(client):
    client.get(URL)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(URL, plan(structures=[STABLE, CORRAL], area_acres="1.5"))
    assert response.status_code == 200
    writes = [q["sql"] for q in queries if not q["sql"].lstrip().upper().startswith("SELECT")]
    assert writes == []
    assert "no-store" in response["Cache-Control"]


@pytest.mark.django_db
def test_add_a_row_keeps_everything_typed_and_shows_no_errors_yet(client):
    data = plan(structures=[STABLE], area_acres="1.5")
    data["add"] = "structures"
    page = client.post(URL, data).content.decode()
    assert 'name="structures-TOTAL_FORMS" value="2"' in page
    assert 'name="lot-area_acres" value="1.5"' in page
    assert 'name="structures-0-distance_property_line_ft" value="80"' in page
    assert "is-invalid" not in page
    assert 'id="result"' not in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [
        {},
        {"animals-TOTAL_FORMS": "junk"},
        {"animals-TOTAL_FORMS": "99999", "structures-TOTAL_FORMS": "-4"},
        {**plan(area_acres="-3")},
        {**plan(area_acres="1e400")},
        {**plan(area_acres="nan")},
        {**plan(animals=[("unicorn", 1)])},
        {**plan(animals=[("horse", -2)])},
        {**plan(), "add": "nonsense"},
        {**plan(), "add": "animals", "animals-TOTAL_FORMS": "500"},
    ],
)
def test_bad_input_is_answered_with_the_form_never_a_server_error(client, data):
    assert client.post(URL, data).status_code == 200


@pytest.mark.django_db
def test_the_page_is_public_and_linked_from_the_home_page(client):
    assert client.get(URL).status_code == 200
    assert URL in client.get("/").content.decode()


@pytest.mark.django_db
def test_the_home_page_links_the_public_pages_and_the_boards_contact(client):
    page = client.get("/").content.decode()
    for name in (
        "permits:pre-check",
        "hearings:public-hearings",
        "hearings:variance-register",
        "permits:regulations",
    ):
        assert f'href="{reverse(name)}"' in page
    # The lookup is a form on the page itself: type the permit's number, press Look up.
    assert f'action="{reverse("permits:verify-lookup")}"' in page
    assert "(781) 438-0762" in page


# --- rules revision 2 ------------------------------------------------------------------------

MANURE_BIN = {"kind": "manure_storage", "distance_dwelling_ft": "120"}


@pytest.mark.django_db
def test_a_plan_without_a_manure_pit_or_receptacle_is_asked_for_one(client):
    page = client.post(URL, plan(animals=[("chicken", 6)], structures=[COOP])).content.decode()
    card = _outcome(page, "§20-16(2)")
    assert "We need to know more" in card
    assert "no pit or receptacle" in card
    with_bin = client.post(
        URL, plan(animals=[("chicken", 6)], structures=[COOP, MANURE_BIN])
    ).content.decode()
    assert "Would comply" in _outcome(with_bin, "§20-16(2)")


@pytest.mark.django_db
def test_guinea_pigs_are_checked_as_other_domestic_with_their_name(client):
    data = plan(animals=[("other_domestic", 2)], structures=[COOP, MANURE_BIN])
    data["animals-0-name"] = "Guinea pig"
    page = client.post(URL, data).content.decode()
    assert "Would comply" in _outcome(page, "§20-16(2)")
    del data["animals-0-name"]
    unnamed = client.post(URL, data)
    assert unnamed.status_code == 200
    assert "Say what the animal is" in unnamed.content.decode()


@pytest.mark.django_db
def test_a_named_listed_species_is_refused_at_the_field(client):
    data = plan(animals=[("chicken", 6)], structures=[COOP, MANURE_BIN])
    data["animals-0-name"] = "Silkie"
    page = client.post(URL, data).content.decode()
    assert "Only another domesticated animal takes a name" in page


@pytest.mark.django_db
def test_horses_already_on_the_lot_under_other_permits_count(client):
    data = plan(structures=[STABLE, CORRAL, MANURE_BIN], area_acres="5")
    assert "Would comply" in _outcome(client.post(URL, data).content.decode(), "§20-17(1)")
    data["lot-equines_under_other_permits"] = "2"
    card = _outcome(client.post(URL, data).content.decode(), "§20-17(1)")
    assert "Would not comply" in card
    assert "2 under other permits" in card


@pytest.mark.django_db
def test_a_burial_pit_near_a_lot_line_along_the_street_fails(client):
    pit = {
        "kind": "manure_burial_pit",
        "well_drained": "on",
        "groundwater_clearance_ft": "4",
        "distance_lot_line_ft": "12",
    }
    data = plan(animals=[("chicken", 6)], structures=[COOP, pit], **{"manure_method": "burial"})
    card = _outcome(client.post(URL, data).content.decode(), "§20-16(3)(b)")
    assert "Would not comply" in card
    assert "12 ft from the lot line" in card


# --- rules contract revision 3 -------------------------------------------------------------------


@pytest.mark.django_db
def test_a_burial_pit_near_the_keepers_own_house_fails_the_dwelling_distance(client):
    pit = {
        "kind": "manure_burial_pit",
        "well_drained": "on",
        "groundwater_clearance_ft": "4",
        "distance_lot_line_ft": "40",
        "distance_dwelling_ft": "60",
    }
    data = plan(animals=[("chicken", 6)], structures=[COOP, pit], **{"manure_method": "burial"})
    card = _outcome(client.post(URL, data).content.decode(), "§20-16(2)")
    assert "Would not comply" in card
    assert "60 ft from the dwelling" in card


@pytest.mark.django_db
def test_a_flood_prone_lot_for_horses_does_not_comply(client):
    data = plan(structures=[STABLE, CORRAL], area_acres="3", flood_prone="on")
    card = _outcome(client.post(URL, data).content.decode(), "§20-17(2)")
    assert "Would not comply" in card
    assert "flood-prone" in card
