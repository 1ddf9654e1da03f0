"""A renewal continues what was permitted, nothing more: issue 12, points 10 to 13.

10. Grandfathering (§20-20(8)) from the records: the permit chain, a legacy permit, the
    comparison with the permit renewed, the inspections of the past year.
11. A renewal that enlarges the keeping goes to a hearing (§20-20(3), (9)).
12. A granted, unexpired variance, enlarged setbacks and conditions carry over.
13. An unabated order (§20-16(6)) or a long lapse stops the renewal.
"""

from __future__ import annotations

from datetime import date, time, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.conf import settings
from django.urls import reverse

from hearings import actions as hearing_actions
from hearings.models import DocketItem, SetbackEnlargement
from inspections import actions as inspection_actions
from permits import actions
from permits.forms import ApplicationForm
from permits.models import Application, Permit
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from tests import factories
from tests.conftest import make_user
from tests.hearings import builders as b
from tests.inspections import builders as ib
from tests.permits.helpers import renew

pytestmark = pytest.mark.django_db

LINE_18 = {"distance_property_line_ft": Decimal("18")}


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def _page(client, user, application) -> str:
    client.force_login(user)
    return client.get(reverse("permits:application-detail", args=[application.pk])).content.decode()


# --- 10. Grandfathering from the records ---------------------------------------------------


def test_renewal_is_grandfathered_only_from_the_permit_chain(clerk, client):
    # A keeping permitted in 1994, entered once from the paper file; renewed twice since.
    legacy = factories.legacy_permit(by=clerk, structure=LINE_18)
    first = actions.issue_permit(
        application=renew(legacy, by=clerk), by=clerk, on=date(2027, 11, 28)
    )
    second_renewal = renew(first, by=clerk, received_on=date(2028, 11, 20))
    assert first.grandfathered
    page = _page(client, clerk, second_renewal)
    assert "first permitted on May 2, 1994" in page
    assert "Grandfathered under §20-20(8)." in page
    assert actions.issue_permit(application=second_renewal, by=clerk, on=date(2028, 11, 28))

    # The same coop first permitted in 2005, after the regulation: today's rules apply, from
    # the Board's acceptance of the entry on (held to them like a new permit).
    with pytest.raises(ActionRefused) as refusal:
        factories.legacy_permit(by=clerk, structure=LINE_18, first_permitted_on=date(2005, 3, 1))
    assert "held to the rules like a new permit" in " ".join(refusal.value.reasons)
    assert "(§20-15(4)(a))" in " ".join(refusal.value.reasons)
    recent = Permit.objects.get(first_permitted_on=date(2005, 3, 1))
    assert (recent.grandfathered, recent.status) == (False, Permit.Status.PROVISIONAL)
    # A 2005 keeping that meets them is accepted, and its renewal says why it is judged so.
    compliant = factories.legacy_permit(
        by=clerk, first_permitted_on=date(2005, 3, 1), manure_bin=True
    )
    renewal = renew(compliant, by=clerk)
    page = _page(client, clerk, renewal)
    assert "first permitted on March 1, 2005, after the regulation took effect" in page
    # Nobody types the date or "unchanged": the form has no such field.
    form = ApplicationForm(instance=renewal)
    assert not {"prior_permit_issued", "conditions_unchanged"} & set(form.fields)


def test_legacy_permit_is_entered_once_with_its_original_date_and_record(clerk, client):
    application = actions.create_application(
        applicant=factories.applicant(), lot=factories.lot(), by=clerk, manure_method="receptacle"
    )
    actions.set_animals(application=application, by=clerk, animals={"pigeon": 30})
    client.force_login(clerk)
    url = reverse("permits:application-legacy", args=[application.pk])
    missing = client.post(url, {"legacy-first_permitted_on": "1994-05-02"})
    assert missing.status_code == 400
    assert 'value="1994-05-02"' in missing.content.decode()  # nothing typed is lost

    response = client.post(
        url,
        {
            "legacy-register_number": "94-17",
            "legacy-first_permitted_on": "1994-05-02",
            "legacy-issued_on": f"{date.today().year}-01-02",
            "legacy-valid_for_year": str(date.today().year),
            "legacy-basis": "Permit no. 94-17 of May 2, 1994, paper file.",
            "legacy-document": ib.jpeg("permit-1994.jpg"),
        },
    )
    assert response.status_code == 302
    permit = Permit.objects.get(application=application)
    assert (permit.legacy, permit.first_permitted_on, permit.grandfathered) == (
        True,
        date(1994, 5, 2),
        True,
    )
    assert permit.legacy_basis == "Permit no. 94-17 of May 2, 1994, paper file."
    assert permit.status == Permit.Status.PROVISIONAL  # until the Board accepts it
    assert permit.history.first().history_user == clerk
    assert application.documents.get().original_name == "permit-1994.jpg"
    page = _page(client, clerk, application)
    assert "first permitted on May 2, 1994" in page
    again = client.post(url, {"legacy-first_permitted_on": "1994-05-02"})
    assert again.status_code == 400
    assert Permit.objects.filter(application=application).count() == 1


def test_a_renewal_that_changed_is_not_grandfathered_and_says_why(clerk, client):
    legacy = factories.legacy_permit(by=clerk, structure=LINE_18)
    renewal = renew(legacy, by=clerk, animals={"chicken": 4})
    page = _page(client, clerk, renewal)
    assert "It differs from the permit it renews: fewer chicken: 4 instead of 6." in page
    assert "Not grandfathered: today&#x27;s rules apply" in page
    assert "§20-15(4)(a)" in refused(
        lambda: actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    )


def test_a_renewal_with_an_open_violation_in_the_past_year_is_not_grandfathered(
    clerk, agent, client
):
    legacy = factories.legacy_permit(by=clerk, structure=LINE_18)
    with time_machine.travel(factories.midday(ib.TODAY), tick=False):
        ib.inspected_with_vermin(legacy, agent)  # vermin found in June, no order abated
    with time_machine.travel(factories.midday(date(2027, 11, 20)), tick=False):
        renewal = renew(legacy, by=clerk)
        page = _page(client, clerk, renewal)
    assert "a violation of §20-16(6) found on June 15, 2027 is not settled" in page
    assert "Not grandfathered" in page
    assert "§20-15(4)(a)" in refused(
        lambda: actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    )


# --- 11. A renewal that enlarges the keeping is heard as a new application ------------------


def test_renewal_that_adds_goats_goes_to_a_hearing(clerk, client):
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, animals={"goat": 2})
    page = _page(client, clerk, renewal)
    assert "a new species: 2 goat" in page
    assert "it goes to the Board with a public hearing, as a new application" in page
    message = refused(
        lambda: actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    )
    assert "§20-20(9)" in message

    # The clerk dockets it without a variance request, as a new application.
    meeting = hearing_actions.schedule_meeting(
        on=date(2027, 12, 21), at=time(19), place="Town Hall", by=clerk, today=date(2027, 11, 20)
    )
    item = hearing_actions.schedule_hearing(
        application=renewal, meeting=meeting, by=clerk, today=date(2027, 11, 20)
    )
    assert item.kind == DocketItem.Kind.NEW_APPLICATION


def test_renewal_that_moves_the_coop_closer_to_the_line_goes_to_a_hearing(clerk):
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, structures={"C1": {"distance_property_line_ft": 52}})
    assert "§20-20(9)" in refused(
        lambda: actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    )


def test_renewal_with_fewer_animals_is_a_plain_renewal(clerk):
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, animals={"chicken": 4})
    new_permit = actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    assert [(a.species, a.count) for a in new_permit.animals.all()] == [("chicken", 4)]


# --- 12. Variances, enlarged setbacks and conditions carry over ----------------------------


@pytest.fixture
def varied_permit(clerk):
    """A coop 38 ft from the line, permitted after a hearing with a variance to 2032, a
    condition, and the Board's enlarged wetland setback."""
    member = make_user("member0", Role.BOARD)
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    save_as(
        SetbackEnlargement(
            application=item.application, rule="20-15.4.b", minimum_ft=Decimal("150"), reason="Bog."
        ),
        clerk,
    )
    b.decide(
        item,
        by=member,
        conditions="No roosters.",
        variance_rules=["20-15.4.a"],
        variance_expires_on=date(2032, 12, 31),
    )
    return actions.issue_permit(application=item.application, by=clerk, on=b.HEARING)


def test_renewal_carrying_a_granted_variance_needs_no_new_hearing(clerk, varied_permit, client):
    renewal = renew(varied_permit, by=clerk, received_on=date(2030, 11, 20))
    assert [(e.rule, e.minimum_ft) for e in renewal.setback_enlargements.all()] == [
        ("20-15.4.b", Decimal("150.0"))
    ]
    new_permit = actions.issue_permit(application=renewal, by=clerk, on=date(2030, 11, 28))
    assert "Variance of §20-15(4)(a)" in new_permit.variances_text
    assert "until December 31, 2032" in new_permit.variances_text
    assert new_permit.conditions == "No roosters."
    assert not new_permit.application.docket_items.exists()


# --- 13. Unabated orders and lapsed permits ------------------------------------------------


def _unabated_manure_order(permit, agent):
    with time_machine.travel(factories.midday(ib.TODAY), tick=False):
        inspection = ib.scheduled(lot=permit.lot, by=agent, agent=agent)
        manure = "20-16.3.a.no-stockpile"
        answers = ib.answers_for(inspection, {manure: ib.vermin_violation("Manure heaped.")})
        inspection_actions.record_inspection(inspection=inspection, by=agent, answers=answers)
        order = inspection_actions.issue_order(
            finding=inspection.findings.get(item_id=manure),
            by=agent,
            requirement="Remove the manure pile.",
            deadline=ib.TODAY + timedelta(days=14),
        )
    with time_machine.travel(factories.midday(ib.TODAY + timedelta(days=20)), tick=False):
        return inspection_actions.mark_order_unabated(order=order, by=agent)


def test_permit_with_an_unabated_manure_order_cannot_be_renewed(clerk, agent, client):
    permit = ib.hen_permit(by=clerk)
    order = _unabated_manure_order(permit, agent)
    renewal = renew(permit, by=clerk)
    message = refused(
        lambda: actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    )
    assert f"Order {order.pk}" in message and "§20-16(6)" in message
    assert f"Order {order.pk}" in _page(client, clerk, renewal)

    inspection_actions.abate_order(order=order, by=agent, note="Pile removed, seen on site.")
    assert actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))


def test_the_board_can_decide_a_renewal_held_up_by_an_unabated_order(clerk, agent):
    permit = ib.hen_permit(by=clerk)
    _unabated_manure_order(permit, agent)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 1))
    b.certify_abutters(renewal, by=clerk, count=2)
    meeting = b.meeting(by=clerk, on=date(2027, 11, 30), today=date(2027, 11, 1))
    # No variance asked and nothing enlarged: the order is what brings it to the Board.
    item = hearing_actions.schedule_hearing(
        application=renewal, meeting=meeting, by=clerk, today=date(2027, 11, 1)
    )
    b.mail_all(item, by=clerk, mailed_on=date(2027, 11, 10))
    b.publish(meeting, by=clerk, published_on=date(2027, 11, 10))
    b.decide(item, by=make_user("member0", Role.BOARD), conditions="Manure off site weekly.")
    permit = actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 30))
    assert permit.conditions == "Manure off site weekly."


def test_permit_lapsed_over_ninety_days_needs_a_new_application(clerk, client):
    assert settings.RENEWAL_LAPSE_DAYS == 90
    permit = factories.issued_permit(by=clerk)  # expires December 31, 2027
    last_day = date(2027, 12, 31) + timedelta(days=settings.RENEWAL_LAPSE_DAYS)
    message = refused(
        lambda: actions.start_renewal(permit=permit, by=clerk, today=last_day + timedelta(days=1))
    )
    assert "needs a new application" in message
    with time_machine.travel(factories.midday(last_day + timedelta(days=1)), tick=False):
        client.force_login(clerk)
        response = client.post(reverse("permits:renewal-start", args=[permit.pk]), follow=True)
    assert "needs a new application" in response.content.decode()
    assert not Application.objects.filter(renews=permit).exists()
    # On the last day it can still be renewed.
    assert actions.start_renewal(permit=permit, by=clerk, today=last_day).renews == permit
