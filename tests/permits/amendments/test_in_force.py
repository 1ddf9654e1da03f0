"""The Board's amendments of its regulation's figures: the ruleset in force on a day is the
adopted ruleset with the amendments in force that day, and every check reads it."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.urls import reverse

from hearings.ruleset_in_force import check, ruleset_on
from permits import rules
from permits.amendments.models import Amendment
from tests.hearings.roll_call import roll_call
from tests.permits.amendments.builders import (
    DECIDED,
    EXAMPLES,
    GOATS,
    amend,
    board_meeting,
    goats_on,
    setback_finding,
)


@pytest.mark.django_db
def test_an_amended_figure_decides_from_its_effective_date_and_not_the_day_before(admin_user):
    amend(admin_user)
    before = check(goats_on(date(2027, 5, 31)))
    assert before["eligible"] is True
    assert setback_finding(before)["status"] == "pass" and setback_finding(before)["required"] == 50

    on = check(goats_on(DECIDED))
    finding = setback_finding(on)
    assert on["eligible"] is False
    assert (finding["status"], finding["required"], finding["actual"]) == ("fail", 75, 61)
    assert "at least 75 ft is required" in finding["message"]
    assert ruleset_on(DECIDED).id.endswith(f"+amendments-{Amendment.objects.get().pk}")


@pytest.mark.django_db
def test_the_public_examples_still_pass_on_the_unamended_ruleset(admin_user):
    amend(admin_user)
    for example in EXAMPLES:
        result = rules.check(example["facts"])
        expect = example["expect"]
        assert result["eligible"] is expect["eligible"], example["name"]
        blocking = {f["rule"] for f in result["findings"] if f["status"] in rules.BLOCKING}
        assert blocking == set(expect["blocking"]), example["name"]
    # The same facts on the day's ruleset, as amended, no longer pass.
    assert check(GOATS)["eligible"] is False


@pytest.mark.django_db
def test_the_amended_citation_and_the_rule_summary_follow_the_amendment(admin_user):
    amend(admin_user, citation="§20-15(4)(a)(1)")
    finding = setback_finding(check(goats_on(DECIDED)))
    assert finding["citation"] == "§20-15(4)(a)(1)"
    spec = ruleset_on(DECIDED).rules["20-15.4.a"]
    assert "75 ft" in spec.summary and "50" not in spec.summary
    assert "50 feet" in ruleset_on(date(2027, 5, 31)).rules["20-15.4.a"].summary


@pytest.mark.django_db
def test_the_regulations_page_and_the_figures_show_the_amended_figure(client, admin_user):
    amend(admin_user, effective_on=date(2027, 5, 1))
    from permits.figures import figure_text

    assert figure_text("20-15.4.a", "minimum_ft", date(2027, 5, 1)) == "75 ft"
    assert figure_text("20-15.4.a", "minimum_ft", date(2027, 4, 30)) == "50 ft"
    page = client.get(reverse("permits:regulations"), {"on": "2027-05-01"}).content.decode()
    assert "As amended by the Board" in page and "75 ft, in force from May 1, 2027" in page
    earlier = client.get(reverse("permits:regulations"), {"on": "2027-04-30"}).content.decode()
    assert "As amended by the Board" not in earlier


@pytest.mark.django_db
def test_the_presiding_member_records_the_roll_call_of_an_amendment_and_bad_input_stays(
    client, admin_user
):
    meeting = board_meeting(on=date(2026, 11, 3))
    votes, chair = roll_call(meeting)
    members = list(votes)
    posted = {
        "figure": "20-15.4.a:minimum_ft",
        "value": "-5",
        "adopted_at": meeting.pk,
        **{f"vote_{user.pk}": "yes" for user in members[:2]},
        f"vote_{members[2].pk}": "no",
        "effective_on": "2026-12-01",
        "published_on": "2026-11-12",
        "published_in": "",
        "deposited_on": "",
        "citation": "",
    }
    # The administrator no longer records a vote of the Board: the action refuses it.
    client.force_login(admin_user)
    refused = client.post(reverse("amendments:list"), {**posted, "value": "75"})
    # The action's reasons land at the field they concern: the vote's at the meeting's.
    assert "Only a member of the Board in office" in " ".join(
        refused.context["form"].errors["adopted_at"]
    )
    assert not Amendment.objects.exists()

    client.force_login(chair)
    early = client.post(
        reverse("amendments:list"), {**posted, "value": "75", "effective_on": "2026-11-10"}
    )
    assert "take effect once published (M.G.L. c.111 §31)" in " ".join(
        early.context["form"].errors["effective_on"]
    )
    assert 'value="2026-11-10"' in early.content.decode()
    assert not Amendment.objects.exists()

    client.force_login(chair)
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
    assert (amendment.votes_for, amendment.votes_against) == (2, 1)
    assert {v.member: v.vote for v in amendment.roll.all()} == {
        members[0]: "yes",
        members[1]: "yes",
        members[2]: "no",
    }
    assert amendment.published_in == "Stoneham Independent"
    assert amendment.history.get().history_user == chair
    detail = client.get(response.url).content.decode()
    assert "Not yet deposited (§20-23)" in detail and "From December 1, 2026" in detail
    # In force, the record is no longer voided: the page says why, and a void sent anyway is
    # refused with the reason typed kept.
    assert "It can no longer be marked void" in detail and 'name="void"' not in detail
    voided = client.post(response.url, {"void": "1", "reason": "Typed in error."})
    assert "permits were judged by it" in voided.content.decode()
    amendment.refresh_from_db()
    assert amendment.voided_on is None


@pytest.mark.django_db
def test_the_clerk_does_not_open_the_amendments(client, clerk):
    client.force_login(clerk)
    assert client.get(reverse("amendments:list")).status_code == 403
