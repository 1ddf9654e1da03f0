"""The checklist an agent answers is drawn from what the facility keeps, with citations."""

from __future__ import annotations

import pytest

from inspections import actions
from inspections.checklist import items_for
from inspections.keeping import keeping_for
from inspections.models import Inspection
from permits.rules.checklist import checklist_for
from tests import factories
from tests.inspections.builders import TODAY, answers_for, hen_permit, keeping_application

pytestmark = pytest.mark.django_db

HORSE_ITEMS = {"20-17.3.corral-fence", "20-17.4.b.screened-window", "20-17.4.b.louvers"}
PIGEON_ITEMS = {"20-18.2.cleaning", "20-18.2.disinfection", "20-18.5.no-training-hours"}
GENERAL_ITEMS = {
    "20-15.6.clean",
    "20-16.5.no-feed-overnight",
    "20-16.6.no-vermin",
    "20-19.plan-carried-out",
}


def checklist_of(application, agent, kind=Inspection.Kind.PRE_PERMIT):
    inspection = actions.schedule_inspection(
        lot=application.lot, kind=kind, scheduled_for=TODAY, by=agent, agent=agent
    )
    keeping = keeping_for(inspection.lot, inspection.scheduled_for, inspection.application)
    return inspection, items_for(inspection, keeping)


def ids(items) -> set[str]:
    return {item.id for item in items}


def test_a_horse_facility_is_asked_about_corral_stable_window_and_louvers(clerk, agent):
    application = keeping_application(by=clerk, animals={"horse": 1})
    _, items = checklist_of(application, agent)
    assert ids(items) >= HORSE_ITEMS | GENERAL_ITEMS
    assert not PIGEON_ITEMS & ids(items)
    louvers = next(item for item in items if item.id == "20-17.4.b.louvers")
    assert louvers.citation == "§20-17(4)(b)"
    never_loose = next(item for item in items if item.id == "20-17.5.never-loose")
    assert "tethered" in never_loose.question


def test_a_pigeon_loft_is_asked_the_pigeon_calendar_and_nothing_about_horses(clerk, agent):
    application = keeping_application(by=clerk, animals={"pigeon": 30})
    _, items = checklist_of(application, agent)
    assert ids(items) >= PIGEON_ITEMS | GENERAL_ITEMS
    assert not HORSE_ITEMS & ids(items)
    cleaning = next(item for item in items if item.id == "20-18.2.cleaning")
    assert cleaning.citation == "§20-18(2)"
    assert "April 15" in cleaning.question and "October 15" in cleaning.question


def test_a_hen_coop_is_asked_general_items_but_not_louvers_or_lofts(clerk, agent):
    application = keeping_application(by=clerk, animals={"chicken": 6})
    _, items = checklist_of(application, agent)
    assert ids(items) >= GENERAL_ITEMS
    assert not (HORSE_ITEMS | PIGEON_ITEMS) & ids(items)


def test_the_checklist_is_the_rules_modules_own_list_for_the_species(clerk, agent):
    application = keeping_application(by=clerk, animals={"chicken": 6, "pigeon": 12})
    _, items = checklist_of(application, agent)
    assert items == checklist_for(["chicken", "pigeon"], "receptacle", on=TODAY)


def test_a_permitted_keeping_is_read_from_the_permit_not_a_later_application(clerk, agent):
    permit = hen_permit(by=clerk)
    # An application for pigeons on the same lot has been received but not decided.
    keeping_application(by=clerk, animals={"pigeon": 10}, lot=permit.lot)
    inspection = actions.schedule_inspection(
        lot=permit.lot, kind=Inspection.Kind.ROUTINE, scheduled_for=TODAY, by=agent
    )
    keeping = keeping_for(inspection.lot, TODAY)
    assert keeping.permit == permit and inspection.permit == permit
    assert "20-15.11.no-roosters" in ids(items_for(inspection, keeping))
    assert not PIGEON_ITEMS & ids(items_for(inspection, keeping))


def test_burial_of_manure_adds_the_burial_pit_question(clerk, agent):
    application = keeping_application(by=clerk, animals={"goat": 2}, manure_method="burial")
    _, items = checklist_of(application, agent)
    assert "20-16.3.b.burial-pit" in ids(items)


def test_the_excavation_inspection_asks_only_the_fill_questions_of_20_17_2(clerk, agent):
    application = keeping_application(by=clerk, animals={"horse": 1})
    _, items = checklist_of(application, agent, kind=Inspection.Kind.EXCAVATION)
    assert ids(items) == {"20-17.2.site-drained", "20-17.2.fill-inspected"}
    assert {item.citation for item in items} == {"§20-17(2)"}


def test_an_excavation_found_in_order_marks_the_fill_inspected_by_the_board(clerk, agent):
    application = keeping_application(by=clerk, animals={"horse": 1})
    inspection, _ = checklist_of(application, agent, kind=Inspection.Kind.EXCAVATION)
    actions.record_inspection(inspection=inspection, by=agent, answers=answers_for(inspection))
    application.lot.refresh_from_db()
    assert application.lot.porous_fill_board_inspected
    assert application.lot.history.first().history_user == agent


def test_a_reinspection_asks_again_only_what_its_order_cites(clerk, agent):
    application = keeping_application(by=clerk, animals={"chicken": 4})
    inspection, _ = checklist_of(application, agent, kind=Inspection.Kind.ROUTINE)
    from tests.inspections.builders import vermin_violation

    actions.record_inspection(
        inspection=inspection,
        by=agent,
        answers=answers_for(inspection, {"20-16.6.no-vermin": vermin_violation()}),
    )
    order = actions.issue_order(
        finding=inspection.findings.get(item_id="20-16.6.no-vermin"),
        by=agent,
        requirement="Abate the rats.",
        deadline=TODAY.replace(day=29),
    )
    reinspection = order.reinspections.get()
    keeping = keeping_for(reinspection.lot, reinspection.scheduled_for)
    assert ids(items_for(reinspection, keeping)) == {"20-16.6.no-vermin"}


def test_a_lot_with_nothing_on_file_gets_the_general_items_only(agent):
    lot = factories.lot()
    inspection = actions.schedule_inspection(
        lot=lot, kind=Inspection.Kind.ROUTINE, scheduled_for=TODAY, by=agent
    )
    items = items_for(inspection, keeping_for(lot, TODAY))
    assert ids(items) >= GENERAL_ITEMS
    assert not (HORSE_ITEMS | PIGEON_ITEMS) & ids(items)


UNPERMITTED_KEEPING_ITEMS = {
    "20-15.1.all-animals-permitted",
    "20-15.10.wild-approved",
    "20-15.11.no-roosters",
}


@pytest.mark.parametrize("animals", [{"horse": 1}, {"pigeon": 20}, {"goat": 2}, {"rabbit": 3}])
def test_every_inspection_asks_about_unpermitted_animals_roosters_and_wild_animals(
    clerk, agent, animals
):
    """§20-15(1), (10), (11): what an agent may find is what no permit lists, so ask always."""
    application = keeping_application(by=clerk, animals=animals)
    _, items = checklist_of(application, agent)
    assert ids(items) >= UNPERMITTED_KEEPING_ITEMS
    citations = {item.id: item.citation for item in items}
    assert citations["20-15.1.all-animals-permitted"] == "§20-15(1)"
    assert citations["20-15.10.wild-approved"] == "§20-15(10)"
    assert citations["20-15.11.no-roosters"] == "§20-15(11)"
