"""The Board's amendments of its regulation's figures: the ruleset in force on a day is the
adopted ruleset with the amendments in force that day, and every check reads it."""

from __future__ import annotations

import copy
import json
from datetime import date, time
from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse

from hearings.models import Meeting
from permits import rules
from permits.amendments import actions
from permits.amendments.in_force import check, ruleset_on
from permits.amendments.models import Amendment
from stoneham_boh.lib.errors import ActionRefused

EXAMPLES = json.loads(Path("/work/shared/rules-examples.json").read_text(encoding="utf-8"))
# The first public example: goats in a shelter 61 ft from the abutting line, decided 2027-06-01.
GOATS = EXAMPLES[0]["facts"]
DECIDED = date(2027, 6, 1)
VOTED = date(2027, 4, 6)


def _meeting(on=VOTED, **fields) -> Meeting:
    return Meeting.objects.create(date=on, time=time(19), place="Hearing Room", **fields)


def _amend(by, *, effective_on=DECIDED, published_on=date(2027, 4, 15), value="75", **fields):
    return actions.record_amendment(
        rule=fields.pop("rule", "20-15.4.a"),
        figure=fields.pop("figure", "minimum_ft"),
        value=Decimal(value),
        adopted_at=fields.pop("adopted_at", None) or _meeting(),
        votes_for=fields.pop("votes_for", 3),
        effective_on=effective_on,
        published_on=published_on,
        deposited_on=fields.pop("deposited_on", date(2027, 4, 16)),
        by=by,
        today=date(2027, 5, 1),
        **fields,
    )


def _setback(result: dict) -> dict:
    (finding,) = [f for f in result["findings"] if f["rule"] == "20-15.4.a"]
    return finding


def _on(day: date) -> dict:
    facts = copy.deepcopy(GOATS)
    facts["application"]["date"] = day.isoformat()
    return facts


@pytest.mark.django_db
def test_an_amended_figure_decides_from_its_effective_date_and_not_the_day_before(admin_user):
    _amend(admin_user)
    before = check(_on(date(2027, 5, 31)))
    assert before["eligible"] is True
    assert _setback(before)["status"] == "pass" and _setback(before)["required"] == 50

    on = check(_on(DECIDED))
    finding = _setback(on)
    assert on["eligible"] is False
    assert (finding["status"], finding["required"], finding["actual"]) == ("fail", 75, 61)
    assert "at least 75 ft is required" in finding["message"]
    assert ruleset_on(DECIDED).id.endswith(f"+amendments-{Amendment.objects.get().pk}")


@pytest.mark.django_db
def test_the_public_examples_still_pass_on_the_unamended_ruleset(admin_user):
    _amend(admin_user)
    for example in EXAMPLES:
        result = rules.check(example["facts"])
        expect = example["expect"]
        assert result["eligible"] is expect["eligible"], example["name"]
        blocking = {f["rule"] for f in result["findings"] if f["status"] in rules.BLOCKING}
        assert blocking == set(expect["blocking"]), example["name"]
    # The same facts on the day's ruleset, as amended, no longer pass.
    assert check(GOATS)["eligible"] is False


@pytest.mark.django_db
def test_an_amendment_binds_only_once_published_and_never_when_void(admin_user):
    amendment = _amend(admin_user, published_on=None)
    assert _setback(check(_on(DECIDED)))["required"] == 50  # voted, not yet published

    actions.record_publication(
        amendment=amendment,
        published_on=date(2027, 6, 10),
        by=admin_user,
        today=date(2027, 6, 10),
    )
    amendment.refresh_from_db()
    assert amendment.in_force_from == date(2027, 6, 10)
    assert amendment.published_in == "Stoneham Independent"
    assert _setback(check(_on(date(2027, 6, 9))))["required"] == 50
    assert _setback(check(_on(date(2027, 6, 10))))["required"] == 75

    actions.void_amendment(amendment=amendment, reason="Typed in error.", by=admin_user)
    assert _setback(check(_on(date(2027, 6, 10))))["required"] == 50
    amendment.refresh_from_db()
    assert amendment.voided_on is not None and amendment.history.count() == 3


@pytest.mark.django_db
def test_the_amended_citation_and_the_rule_summary_follow_the_amendment(admin_user):
    _amend(admin_user, citation="§20-15(4)(a)(1)")
    finding = _setback(check(_on(DECIDED)))
    assert finding["citation"] == "§20-15(4)(a)(1)"
    spec = ruleset_on(DECIDED).rules["20-15.4.a"]
    assert "75 ft" in spec.summary and "50" not in spec.summary
    assert "50 feet" in ruleset_on(date(2027, 5, 31)).rules["20-15.4.a"].summary


@pytest.mark.django_db
def test_an_amendment_that_could_not_have_been_voted_is_refused_with_every_reason(admin_user):
    with pytest.raises(ActionRefused) as refused:
        _amend(
            admin_user,
            figure="no_such_figure",
            votes_for=1,
            votes_against=2,
            effective_on=date(2027, 4, 1),
        )
    reasons = refused.value.reasons
    assert "The regulation has no figure no_such_figure in rule 20-15.4.a to amend." in reasons
    assert "The vote did not carry: more members must vote for it than against." in reasons
    assert "The effective date cannot come before the vote." in reasons
    assert not Amendment.objects.exists()
    with pytest.raises(ActionRefused, match="cancelled"):
        _amend(admin_user, adopted_at=_meeting(cancelled=True))


@pytest.mark.django_db
def test_the_regulations_page_and_the_figures_show_the_amended_figure(client, admin_user):
    _amend(admin_user, effective_on=date(2027, 5, 1))
    from permits.figures import figure_text

    assert figure_text("20-15.4.a", "minimum_ft", date(2027, 5, 1)) == "75 ft"
    assert figure_text("20-15.4.a", "minimum_ft", date(2027, 4, 30)) == "50 ft"
    page = client.get(reverse("permits:regulations"), {"on": "2027-05-01"}).content.decode()
    assert "As amended by the Board" in page and "75 ft, in force from May 1, 2027" in page
    earlier = client.get(reverse("permits:regulations"), {"on": "2027-04-30"}).content.decode()
    assert "As amended by the Board" not in earlier


@pytest.mark.django_db
def test_the_administrator_records_an_amendment_and_bad_input_stays_at_its_field(
    client, admin_user
):
    meeting = _meeting(on=date(2026, 11, 3))
    client.force_login(admin_user)
    posted = {
        "figure": "20-15.4.a:minimum_ft",
        "value": "-5",
        "adopted_at": meeting.pk,
        "votes_for": "3",
        "votes_against": "0",
        "votes_abstaining": "0",
        "effective_on": "2026-12-01",
        "published_on": "2026-11-12",
        "published_in": "",
        "deposited_on": "",
        "citation": "",
    }
    response = client.post(reverse("amendments:list"), posted)
    assert response.status_code == 200
    assert "value" in response.context["form"].errors
    assert 'value="2026-12-01"' in response.content.decode()
    assert not Amendment.objects.exists()

    response = client.post(reverse("amendments:list"), {**posted, "value": "75"})
    amendment = Amendment.objects.get()
    assert response.status_code == 302 and response.url == reverse(
        "amendments:detail", args=[amendment.pk]
    )
    assert (amendment.rule, amendment.figure, amendment.value) == (
        "20-15.4.a",
        "minimum_ft",
        Decimal("75"),
    )
    assert amendment.published_in == "Stoneham Independent"
    assert amendment.history.get().history_user == admin_user
    detail = client.get(response.url).content.decode()
    assert "Not yet deposited (§20-23)" in detail and "From December 1, 2026" in detail


@pytest.mark.django_db
def test_only_the_administrator_records_amendments(client, clerk):
    client.force_login(clerk)
    assert client.get(reverse("amendments:list")).status_code == 403
