"""Renewals (§20-15(1), §20-20(5), (8)), revocation (§20-20(6)) and voiding (§20-20(7)): one
permit year at a time, grandfathered only from the permit chain and an unchanged whole keeping,
a renewal that enlarges the keeping before the Board."""

from __future__ import annotations

from datetime import date, time, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from facilities import actions as facility_actions
from facilities.models import AnimalKept
from hearings import actions as hearing_actions
from hearings.models import DocketItem, SetbackEnlargement
from inspections import actions as inspection_actions
from permits import actions
from permits.facts_from_records import facts_for
from permits.forms import ApplicationForm
from permits.models import Application, Permit
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from stoneham_boh.town.models import Town
from tests import factories
from tests.conftest import make_user
from tests.facilities.wide_lot import DRAWN_STABLE_55_FT, application_on_the_wide_lot
from tests.hearings import board_builders as rb
from tests.hearings import builders as b
from tests.inspections import builders as ib
from tests.permits.helpers import next_years_permit, renew, revocation_opened

pytestmark = pytest.mark.django_db


@pytest.mark.django_db
def test_a_renewal_is_prefilled_from_the_permit_it_renews(clerk):
    permit = factories.issued_permit(by=clerk)
    renewal = actions.start_renewal(permit=permit, by=clerk, today=date(2027, 11, 2))
    assert renewal.kind == Application.Kind.RENEWAL
    assert (renewal.applicant, renewal.lot, renewal.renews) == (permit.holder, permit.lot, permit)
    assert renewal.status == Application.Status.DRAFT
    assert [(a.species, a.count) for a in renewal.animals.all()] == [("chicken", 6)]
    assert [s.label for s in renewal.structures.all()] == ["C1", "M1"]
    assert renewal.securely_fenced and renewal.manure_method == "receptacle"


@pytest.mark.django_db
def test_starting_a_renewal_twice_returns_the_one_already_open(clerk):
    permit = factories.issued_permit(by=clerk)
    assert actions.start_renewal(
        permit=permit, by=clerk, today=date(2027, 11, 2)
    ) == actions.start_renewal(permit=permit, by=clerk)


@pytest.mark.django_db
def test_renewing_this_years_permit_issues_next_years_permit(clerk):
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    new_permit = actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    assert new_permit.number == "2028-0001"
    assert new_permit.expires_on == date(2028, 12, 31)
    assert new_permit.holder == permit.holder
    assert [(a.species, a.count) for a in new_permit.animals.all()] == [("chicken", 6)]


@pytest.mark.django_db
def test_an_unchanged_keeping_permitted_before_2002_is_renewed_as_grandfathered(clerk):
    permit = factories.legacy_permit(
        by=clerk, structure={"distance_property_line_ft": Decimal("18")}
    )
    assert permit.grandfathered
    renewal = renew(permit, by=clerk)
    new_permit = actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    assert new_permit.grandfathered


@pytest.mark.django_db
def test_a_grandfathered_keeping_that_changed_must_meet_todays_rules(clerk):
    permit = factories.legacy_permit(
        by=clerk, structure={"distance_property_line_ft": Decimal("18")}
    )
    renewal = renew(permit, by=clerk, animals={"chicken": 4})
    with pytest.raises(ActionRefused, match="§20-15\\(4\\)\\(a\\)"):
        actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))


@pytest.mark.django_db
def test_a_permit_past_december_31_shows_as_expired(clerk_client, clerk):
    permit = factories.issued_permit(by=clerk)
    with time_machine.travel(date(2028, 1, 2)):
        clerk_client.force_login(clerk)
        assert permit.current_status == Permit.Status.EXPIRED
        page = clerk_client.get(reverse("permits:permit-detail", args=[permit.pk]))
        assert "Expired" in page.content.decode()
        listed = clerk_client.get(reverse("permits:permit-list"), {"status": "expired"})
        assert permit.number in listed.content.decode()


@pytest.mark.django_db
def test_the_renewal_list_shows_permits_expiring_this_december_31_until_renewed(
    clerk_client, clerk
):
    due = factories.issued_permit(by=clerk)
    later = factories.issued_permit(by=clerk, on=date(2028, 1, 20), received_on=date(2028, 1, 5))
    with time_machine.travel(date(2027, 11, 15)):
        clerk_client.force_login(clerk)
        page = clerk_client.get(reverse("permits:renewal-list")).content.decode()
        assert due.number in page and later.number not in page
        response = clerk_client.post(reverse("permits:renewal-start", args=[due.pk]))
        renewal = Application.objects.get(renews=due)
        assert response["Location"] == reverse("permits:application-edit", args=[renewal.pk])
        page = clerk_client.get(reverse("permits:renewal-list")).content.decode()
        assert "Renewals under way (1)" in page
        assert "Start the renewal of permit " + due.number not in page


def _page_queries(client, application) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("permits:application-detail", args=[application.pk]))
    assert page.status_code == 200
    return len(queries), page.content.decode()


@pytest.mark.django_db
def test_a_renewals_page_costs_the_same_queries_however_often_the_keeping_was_renewed(
    clerk_client, clerk
):
    """A keeping renewed every year carries its Board's grants along its chain of permits; the
    page reads the whole chain with the lot's permits, not four queries a year."""
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    with time_machine.travel(date(2027, 11, 25)):
        clerk_client.force_login(clerk)
        once, page = _page_queries(clerk_client, renewal)
    renewed = reverse("permits:permit-detail", args=[permit.pk])
    assert f'renews permit <a href="{renewed}">' in page

    for year in (2028, 2029, 2030):
        permit = actions.issue_permit(application=renewal, by=clerk, on=date(year - 1, 12, 10))
        renewal = renew(permit, by=clerk, received_on=date(year, 11, 20))
    with time_machine.travel(date(2030, 11, 25)):
        clerk_client.force_login(clerk)
        thrice, page = _page_queries(clerk_client, renewal)
    assert permit.number in page
    assert thrice == once


# One permit year at a time (issue 22, findings 3 and 11). A keeping
# holds one permit a year, renewed for the next year only within the renewal window (the town's
# renewal window, November 1), never while a revocation is pending or an order is past its deadline
# unabated (the deadline passing is enough); a revocation ends every later permit.
NOVEMBER_28 = date(2027, 11, 28)


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def _issue_on_screen(client, clerk, application, on) -> tuple[int, str]:
    with time_machine.travel(factories.midday(on), tick=False):
        client.force_login(clerk)
        response = client.post(
            reverse("permits:application-issue", args=[application.pk]), {"issue-conditions": ""}
        )
    return response.status_code, response.content.decode()


def test_four_years_of_permits_cannot_be_issued_in_one_sitting(clerk, client):
    _, next_year = next_years_permit(clerk)
    assert next_year.year == 2028
    message = refused(lambda: actions.start_renewal(permit=next_year, by=clerk, today=NOVEMBER_28))
    assert (
        f"Permit {next_year.number} is for 2028: its renewal for 2029 opens on November 1, 2028"
        in (message)
    )

    with time_machine.travel(factories.midday(NOVEMBER_28), tick=False):
        client.force_login(clerk)
        response = client.post(reverse("permits:renewal-start", args=[next_year.pk]), follow=True)
    assert "its renewal for 2029 opens on November 1, 2028" in response.content.decode()
    assert not next_year.renewal_applications.exists()


def test_a_permit_is_not_renewed_for_next_year_before_the_window_opens(clerk):
    permit = factories.issued_permit(by=clerk)
    assert "its renewal for 2028 opens on November 1, 2027" in refused(
        lambda: actions.start_renewal(permit=permit, by=clerk, today=date(2027, 6, 1))
    )
    # A renewal started in the window still waits for it to be issued.
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 2))
    Town.objects.filter(is_current=True).update(renewal_window_month=12)
    assert "opens on December 1, 2027" in refused(
        lambda: actions.issue_permit(application=renewal, by=clerk, on=NOVEMBER_28)
    )
    Town.objects.filter(is_current=True).update(renewal_window_month=11)
    assert actions.issue_permit(application=renewal, by=clerk, on=NOVEMBER_28).year == 2028


def test_a_permit_before_the_board_for_revocation_is_not_renewed(clerk, agent, client):
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    revocation_opened(permit, clerk=clerk, agent=agent)
    message = refused(
        lambda: actions.issue_permit(application=renewal, by=clerk, on=date(2027, 12, 5))
    )
    assert f"Permit {permit.number} is before the Board for revocation" in message
    status, page = _issue_on_screen(client, clerk, renewal, date(2027, 12, 5))
    assert status == 409 and "is before the Board for revocation" in page
    assert not Permit.objects.filter(application=renewal).exists()


def test_a_keeping_before_the_board_is_not_renewed_from_a_later_permit_of_it(clerk, agent):
    """CI's seed 1943562288: the proceeding was opened on last year's permit after it was
    renewed; next year's renewal of the renewing permit waits for the Board all the same."""
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    next_year = actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    revocation_opened(permit, clerk=clerk, agent=agent)
    message = refused(lambda: renew(next_year, by=clerk, received_on=date(2028, 11, 20)))
    assert f"Permit {permit.number}, of this keeping, is before the Board for revocation" in message
    assert not Permit.objects.filter(year=2029).exists()


def test_an_order_past_its_deadline_blocks_the_renewal_before_the_agent_marks_it(
    clerk, agent, client
):
    permit = ib.hen_permit(by=clerk)
    with time_machine.travel(factories.midday(ib.TODAY), tick=False):
        inspection = ib.inspected_with_vermin(permit, agent)
        order = inspection_actions.issue_order(
            finding=inspection.findings.get(item_id=ib.VERMIN),
            by=agent,
            requirement="Abate the rats.",
            deadline=ib.TODAY + timedelta(days=14),
        )
    assert order.status == "open"  # the agent never came back to mark it
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    message = refused(lambda: actions.issue_permit(application=renewal, by=clerk, on=NOVEMBER_28))
    assert f"Order {order.pk}" in message and "was not abated by June 29, 2027" in message
    status, page = _issue_on_screen(client, clerk, renewal, NOVEMBER_28)
    assert status == 409 and f"Order {order.pk}" in page

    inspection_actions.abate_order(order=order, by=agent, note="No rats seen.")
    assert actions.issue_permit(application=renewal, by=clerk, on=NOVEMBER_28)


def test_a_holder_cannot_ask_online_to_renew_a_permit_before_the_board_or_under_an_overdue_order(
    clerk, agent, client
):
    from permits.portal import actions as portal_actions

    karen = factories.applicant_account(by=clerk)
    permit = factories.issued_permit(by=clerk, applicant=karen, on=date(2027, 1, 14))
    proceeding = revocation_opened(permit, clerk=clerk, agent=agent)
    rb.order(proceeding.findings.get(), agent=agent)  # to be abated by December 1
    with time_machine.travel(factories.midday(date(2027, 12, 2)), tick=False):
        message = refused(
            lambda: portal_actions.request_renewal(permit=permit, by=karen.user, unchanged=True)
        )
        assert "before the Board for revocation" in message
        client.force_login(karen.user)
        response = client.post(
            reverse("permits:my-renewal", args=[permit.pk]), {"unchanged": "yes"}
        )
    assert "before the Board for revocation" in response.content.decode()
    # The order the violation led to is past its deadline, though nobody marked it so.
    assert "was not abated by December 1, 2027" in message


# A renewal continues what was permitted, nothing more: issue 12,
# points 10 to 13. 10. Grandfathering (§20-20(8)) from the records: the permit chain, a legacy
# permit, the comparison with the permit renewed, the inspections of the past year. 11. A renewal
# that enlarges the keeping goes to a hearing (§20-20(3), (9)). 12. A granted, unexpired variance,
# enlarged setbacks and conditions carry over. 13. An unabated order (§20-16(6)) or a long lapse
# stops the renewal.
LINE_18 = {"distance_property_line_ft": Decimal("18")}


def _page(client, user, application) -> str:
    client.force_login(user)
    return client.get(reverse("permits:application-detail", args=[application.pk])).content.decode()


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


# A renewal is compared with its permit on the whole keeping
# (issue 22, findings 5, 6, 8). §20-20(8) "conditions ... have not changed" and a plain renewal
# (nothing enlarged, §20-20(3)) are read by the one comparison of the rules' facts
# (permits.rules.compare): manure, fencing, the pest operator, named animals and the distances
# measured on the plan all count.
def _page_on_november_28(client, user, application) -> str:
    with time_machine.travel(factories.midday(NOVEMBER_28), tick=False):
        client.force_login(user)
        url = reverse("permits:application-detail", args=[application.pk])
        return client.get(url).content.decode()


def _issue_on_november_28(client, clerk, application) -> tuple[int, str]:
    with time_machine.travel(factories.midday(NOVEMBER_28), tick=False):
        client.force_login(clerk)
        response = client.post(
            reverse("permits:application-issue", args=[application.pk]), {"issue-conditions": ""}
        )
    return response.status_code, response.content.decode()


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"manure_method": "stockpile"}, "manure: stockpile (was receptacle)"),
        ({"securely_fenced": False}, "no longer the facility securely fenced"),
        ({"vermin_licensed_operator": False}, "no longer a licensed pest control operator"),
    ],
    ids=["stockpiled-manure", "no-fence", "no-pest-operator"],
)
def test_a_grandfathered_keeping_that_stockpiles_or_lost_its_fence_or_operator_is_not_grandfathered(
    clerk, client, change, said
):
    legacy = factories.legacy_permit(by=clerk, structure=LINE_18)
    plain = renew(legacy, by=clerk)
    assert facts_for(plain, NOVEMBER_28)["application"]["conditions_unchanged"] is True

    renewal = renew(factories.legacy_permit(by=clerk, structure=LINE_18), by=clerk)
    actions.update_application(application=renewal, by=clerk, changes=change)
    facts = facts_for(renewal, NOVEMBER_28)["application"]
    assert facts["conditions_unchanged"] is False and facts["kind"] == "new"
    page = _page_on_november_28(client, clerk, renewal)
    assert said in page and "Not grandfathered" in page
    status, page = _issue_on_november_28(client, clerk, renewal)
    assert status == 409 and "§20-15(4)(a)" in page


def test_a_smaller_coop_is_a_change_that_ends_grandfathering(clerk, client):
    renewal = renew(
        factories.legacy_permit(by=clerk, structure=LINE_18),
        by=clerk,
        structures={"C1": {"area_sqft": Decimal("10")}},
    )
    assert facts_for(renewal, NOVEMBER_28)["application"]["conditions_unchanged"] is False
    assert "C1&#x27;s floor area 10 sq ft" in _page_on_november_28(client, clerk, renewal)


def test_fifty_ferrets_added_at_renewal_to_two_permitted_guinea_pigs_go_to_the_board(clerk, client):
    application = factories.hen_renewal(by=clerk)
    AnimalKept.objects.create(
        application=application, species="other_domestic", name="Guinea pig", count=2
    )
    permit = actions.issue_permit(application=application, by=clerk, on=date(2027, 1, 14))
    renewal = renew(permit, by=clerk)
    AnimalKept.objects.create(
        application=renewal, species="other_domestic", name="Ferret", count=50
    )
    assert facts_for(renewal, NOVEMBER_28)["application"]["kind"] == "new"
    message = refused(lambda: actions.issue_permit(application=renewal, by=clerk, on=NOVEMBER_28))
    assert "§20-20(9)" in message
    assert "a new species: 50 ferret" in _page_on_november_28(client, clerk, renewal)
    # It can go before the Board: it enlarges the keeping.
    meeting = b.meeting(by=clerk, on=date(2027, 12, 21), today=date(2027, 11, 20))
    assert hearing_actions.schedule_hearing(
        application=renewal, meeting=meeting, by=clerk, today=date(2027, 11, 20)
    )


def test_a_coop_moved_on_the_plan_at_renewal_is_not_a_plain_renewal(tmp_path, clerk, client):
    application = application_on_the_wide_lot(tmp_path, clerk, build=factories.hen_renewal)
    permit = actions.issue_permit(application=application, by=clerk, on=date(2027, 1, 14))
    renewal = renew(permit, by=clerk)
    # The stable, typed 60 ft from the line, is drawn 55 ft from it on the renewal's plan.
    facility_actions.save_site_plan(application=renewal, shapes=[DRAWN_STABLE_55_FT], by=clerk)
    assert facts_for(renewal, NOVEMBER_28)["application"]["kind"] == "new"
    assert (
        "S1 moved closer to the abutting property line: 55 ft (was 60 ft)"
        in _page_on_november_28(client, clerk, renewal)
    )
    status, page = _issue_on_november_28(client, clerk, renewal)
    assert status == 409 and "§20-20(9)" in page
