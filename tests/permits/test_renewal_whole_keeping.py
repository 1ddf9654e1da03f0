"""A renewal is compared with its permit on the whole keeping (issue 22, findings 5, 6, 8).

§20-20(8) "conditions ... have not changed" and a plain renewal (nothing enlarged, §20-20(3))
are read by the one comparison of the rules' facts (permits.rules.compare): manure, fencing,
the pest operator, named animals and the distances measured on the plan all count.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from facilities import actions as facility_actions
from facilities.models import AnimalKept
from hearings import actions as hearing_actions
from permits import actions
from permits.facts_from_records import facts_for
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.facilities.wide_lot import DRAWN_STABLE_55_FT, application_on_the_wide_lot
from tests.hearings import builders as b
from tests.permits.helpers import renew

pytestmark = pytest.mark.django_db

LINE_18 = {"distance_property_line_ft": Decimal("18")}
NOVEMBER_28 = date(2027, 11, 28)


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def _page(client, user, application) -> str:
    with time_machine.travel(factories.midday(NOVEMBER_28), tick=False):
        client.force_login(user)
        url = reverse("permits:application-detail", args=[application.pk])
        return client.get(url).content.decode()


def _issue_on_screen(client, clerk, application) -> tuple[int, str]:
    with time_machine.travel(factories.midday(NOVEMBER_28), tick=False):
        client.force_login(clerk)
        response = client.post(
            reverse("permits:application-issue", args=[application.pk]), {"issue-conditions": ""}
        )
    return response.status_code, response.content.decode()


# --- finding 6: grandfathering's "unchanged" is the whole keeping -----------------------------


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
    page = _page(client, clerk, renewal)
    assert said in page and "Not grandfathered" in page
    status, page = _issue_on_screen(client, clerk, renewal)
    assert status == 409 and "§20-15(4)(a)" in page


def test_a_smaller_coop_is_a_change_that_ends_grandfathering(clerk, client):
    renewal = renew(
        factories.legacy_permit(by=clerk, structure=LINE_18),
        by=clerk,
        structures={"C1": {"area_sqft": Decimal("10")}},
    )
    assert facts_for(renewal, NOVEMBER_28)["application"]["conditions_unchanged"] is False
    assert "C1&#x27;s floor area 10 sq ft" in _page(client, clerk, renewal)


# --- finding 8 at renewal: named animals ----------------------------------------------------


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
    assert "a new species: 50 ferret" in _page(client, clerk, renewal)
    # It can go before the Board: it enlarges the keeping.
    meeting = b.meeting(by=clerk, on=date(2027, 12, 21), today=date(2027, 11, 20))
    assert hearing_actions.schedule_hearing(
        application=renewal, meeting=meeting, by=clerk, today=date(2027, 11, 20)
    )


# --- finding 5 at renewal: the distances measured on the plan --------------------------------


def test_a_coop_moved_on_the_plan_at_renewal_is_not_a_plain_renewal(tmp_path, clerk, client):
    application = application_on_the_wide_lot(tmp_path, clerk, build=factories.hen_renewal)
    permit = actions.issue_permit(application=application, by=clerk, on=date(2027, 1, 14))
    renewal = renew(permit, by=clerk)
    # The stable, typed 60 ft from the line, is drawn 55 ft from it on the renewal's plan.
    facility_actions.save_site_plan(application=renewal, shapes=[DRAWN_STABLE_55_FT], by=clerk)
    assert facts_for(renewal, NOVEMBER_28)["application"]["kind"] == "new"
    assert "S1 moved closer to the abutting property line: 55 ft (was 60 ft)" in _page(
        client, clerk, renewal
    )
    status, page = _issue_on_screen(client, clerk, renewal)
    assert status == 409 and "§20-20(9)" in page
