"""§20-20(1), (2) and (9): documents, approval of construction, the public hearing."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from permits.rules import evaluate, parse_facts
from tests.rules.samples import sample_facts

DOCUMENTS = (
    "site_plan",
    "certified_abutter_list",
    "maintenance_plan",
    "fly_vermin_control_method",
    "construction_drainage_details",
    "fencing_details",
)


def run(facts: dict):
    return evaluate(parse_facts(facts))


def test_a_new_application_with_all_six_documents_passes():
    assert run(sample_facts("goats")).statuses("20-20.1") == ["pass"]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_each_missing_document_fails_a_new_application(document):
    facts = sample_facts("goats")
    facts["documents"][document] = False
    found = run(facts).for_rule("20-20.1")
    assert [f.status for f in found] == ["fail"]
    assert document.replace("_", " ").split()[0] in found[0].message


def test_documents_are_not_asked_of_a_renewal():
    facts = sample_facts("horses")
    assert run(facts).statuses("20-20.1") == ["not_applicable"]


@pytest.mark.parametrize(
    ("construction", "board", "inspector", "statuses"),
    [
        ("new", True, True, ["pass"]),
        ("remodel", True, True, ["pass"]),
        ("new", True, False, ["pending"]),
        ("remodel", False, True, ["pending"]),
        ("new", False, False, ["pending"]),
        ("none", False, False, ["not_applicable"]),
    ],
)
def test_construction_needs_the_board_and_the_building_inspector(
    construction, board, inspector, statuses
):
    facts = sample_facts("goats")
    facts["application"]["construction"] = construction
    facts["application"]["construction_approved"] = {
        "board": board,
        "building_inspector": inspector,
    }
    assert run(facts).statuses("20-20.2") == statuses


def test_construction_absent_means_none():
    facts = sample_facts("goats")
    del facts["application"]["construction"]
    assert run(facts).statuses("20-20.2") == ["not_applicable"]


# --- §20-20(9) the public hearing -----------------------------------------------------------

HELD = date(2027, 5, 18)


def hearing_facts(**hearing) -> dict:
    facts = sample_facts("goats")
    facts["hearing"] = {
        "held_on": HELD.isoformat(),
        "abutter_notice_mailed": (HELD - timedelta(days=20)).isoformat(),
        "newspaper_notice_published": (HELD - timedelta(days=20)).isoformat(),
        "decision": "approved",
    } | hearing
    return facts


def days_before(days: int) -> str:
    return (HELD - timedelta(days=days)).isoformat()


@pytest.mark.parametrize("notice", ["abutter_notice_mailed", "newspaper_notice_published"])
@pytest.mark.parametrize(
    ("days", "status"), [(14, "pass"), (15, "pass"), (13, "fail"), (0, "fail"), (-2, "fail")]
)
def test_each_notice_at_least_fourteen_days_before_the_hearing(notice, days, status):
    result = run(hearing_facts(**{notice: days_before(days)}))
    notices = [f for f in result.for_rule("20-20.9") if f.unit == "days"]
    statuses = sorted(f.status for f in notices)
    assert statuses == sorted(["pass", status])
    assert {f.actual for f in notices} == {20, days}
    assert result.eligible is (status == "pass")


def test_a_well_noticed_approved_hearing_passes():
    assert run(hearing_facts()).statuses("20-20.9") == ["pass"] * 4


def test_a_hearing_not_yet_held_is_pending():
    facts = hearing_facts(held_on=None, decision=None)
    assert run(facts).statuses("20-20.9") == ["pending"] * 4


def test_no_hearing_at_all_is_pending_for_a_new_application():
    facts = sample_facts("goats")
    del facts["hearing"]
    assert run(facts).statuses("20-20.9") == ["pending"] * 4


def test_a_hearing_after_the_decision_date_is_pending():
    facts = hearing_facts(
        held_on="2027-06-20", abutter_notice_mailed=None, newspaper_notice_published="2027-06-01"
    )
    assert facts["application"]["date"] == "2027-06-01"
    statuses = run(facts).statuses("20-20.9")
    # hearing pending; abutter notice can still go out by 06-06; newspaper ran 19 days ahead
    assert statuses == ["pending", "pending", "pass", "pending"]


def test_a_hearing_on_the_decision_date_counts_as_held():
    facts = hearing_facts(
        held_on="2027-06-01",
        abutter_notice_mailed="2027-05-18",
        newspaper_notice_published="2027-05-18",
    )
    assert run(facts).statuses("20-20.9") == ["pass"] * 4


def test_a_notice_too_late_to_give_in_time_fails_before_the_hearing():
    facts = hearing_facts(
        held_on="2027-06-10", abutter_notice_mailed=None, newspaper_notice_published="2027-05-01"
    )
    assert run(facts).statuses("20-20.9")[1] == "fail"


def test_a_notice_never_given_for_a_held_hearing_fails():
    assert run(hearing_facts(abutter_notice_mailed=None)).statuses("20-20.9")[1] == "fail"


@pytest.mark.parametrize(
    ("decision", "status"), [("approved", "pass"), ("denied", "fail"), (None, "pending")]
)
def test_the_decision_must_be_approved(decision, status):
    assert run(hearing_facts(decision=decision)).statuses("20-20.9")[3] == status


def test_a_renewal_needs_no_hearing_unless_a_variance_is_listed():
    facts = sample_facts("horses")
    assert run(facts).statuses("20-20.9") == ["not_applicable"]
    facts["variances"] = [{"rule": "20-17.1", "granted": False}]
    assert run(facts).statuses("20-20.9") == ["pending"] * 4
