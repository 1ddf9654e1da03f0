"""The paper register, entered under control (issue 22 finding 1, and finding 8's 500).

Each entry carries the paper permit's scan, number and dates; only a keeping first permitted
before the ruleset's grandfathering date is grandfathered; the rules are run on each entry and
every failure is shown; the entry is provisional (not in force to the public, not renewable)
until the Board accepts it by a vote at a meeting. One permit a year per keeping, paper or not
(issue 33, finding 11).
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from facilities import actions as lot_actions
from facilities.models import ParcelImport
from hearings import actions as hearing_actions
from permits import actions, rules
from permits.audit import audit_register
from permits.models import Permit
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from tests import factories
from tests.hearings import builders as b
from tests.hearings.builders import at
from tests.permits.helpers import ENTERED, MEETING, a_2012_entry_before_the_board, draft, enter

pytestmark = pytest.mark.django_db


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def entry_form(**fields):
    data = {
        "legacy-register_number": "94-17",
        "legacy-first_permitted_on": "1994-05-02",
        "legacy-issued_on": "2027-01-02",
        "legacy-valid_for_year": "2027",
        "legacy-basis": "",
        "legacy-document": SimpleUploadedFile(
            "permit.pdf", factories.REGISTER_SCAN, content_type="application/pdf"
        ),
    }
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None}


# --- Each entry carries its document, number and dates ------------------------------------------


def test_a_clerk_cannot_enter_a_paper_permit_without_its_scan_and_number(clerk):
    application = draft(clerk)
    message = refused(lambda: enter(clerk, application, register_number=" ", document=None))
    assert "Attach the scan of the paper permit" in message
    assert "Give the number printed on the paper permit" in message
    assert not Permit.objects.exists()


def test_a_clerk_cannot_enter_a_paper_permit_without_its_scan_on_the_page(clerk, clerk_client):
    application = draft(clerk)
    with at(ENTERED, clerk_client, clerk):
        response = clerk_client.post(
            reverse("permits:application-legacy", args=[application.pk]),
            entry_form(**{"legacy-document": None}),
        )
    assert response.status_code == 400
    assert "This field is required" in response.content.decode()
    assert not Permit.objects.exists()


# --- Only a first permit before the regulation's date grandfathers -----------------------------


def test_a_keeping_first_permitted_in_2019_is_not_grandfathered(clerk):
    cutoff = rules.ruleset_in_force(ENTERED).interpretations.grandfathering_cutoff
    recent = enter(clerk, draft(clerk), first_permitted_on=date(2019, 6, 1))
    assert not recent.grandfathered
    old = enter(
        clerk,
        draft(clerk),
        register_number="01-3",
        first_permitted_on=cutoff - timedelta(days=1),
    )
    assert old.grandfathered
    assert not enter(
        clerk, draft(clerk), register_number="02-9", first_permitted_on=cutoff
    ).grandfathered


def test_a_clerk_enters_a_2019_permit_on_the_page_and_it_is_not_grandfathered(clerk, clerk_client):
    application = draft(clerk)
    with at(ENTERED, clerk_client, clerk):
        response = clerk_client.post(
            reverse("permits:application-legacy", args=[application.pk]),
            entry_form(**{"legacy-first_permitted_on": "2019-06-01"}),
        )
        assert response.status_code == 302
        page = clerk_client.get(response["Location"]).content.decode()
    permit = Permit.objects.get()
    assert (permit.status, permit.grandfathered) == (Permit.Status.PROVISIONAL, False)
    assert "not grandfathered" in page
    assert permit.register_document.original_name == "permit.pdf"


# --- The rules are run on each entry, every failure shown --------------------------------------


def test_an_entry_with_roosters_a_tiger_and_three_horses_on_a_quarter_acre_shows_each_failure(
    clerk,
):
    application = draft(
        clerk, animals={"rooster": 2, "tiger": 1, "horse": 3}, area_acres=Decimal("0.25")
    )
    permit = enter(clerk, application)
    cited = {f["citation"] for f in permit.register_findings}
    assert len(permit.register_findings) >= 3
    assert any("§20-15(11)" in c for c in cited), cited  # roosters
    assert any("§20-15(10)" in c for c in cited), cited  # a wild animal
    assert "§20-17(1)" in cited, cited  # three horses need three acres
    assert permit.status == Permit.Status.PROVISIONAL


def test_the_entrys_failures_are_shown_to_the_clerk_and_on_the_boards_docket(clerk, clerk_client):
    application = draft(
        clerk, animals={"rooster": 2, "tiger": 1, "horse": 3}, area_acres=Decimal("0.25")
    )
    with at(ENTERED, clerk_client, clerk):
        response = clerk_client.post(
            reverse("permits:application-legacy", args=[application.pk]), entry_form()
        )
        page = clerk_client.get(response["Location"]).content.decode()
    permit = Permit.objects.get()
    assert "Rules the keeping did not meet when entered" in page
    for finding in permit.register_findings:
        assert finding["citation"] in page
    meeting = b.meeting(by=clerk, on=MEETING, today=ENTERED)
    item = hearing_actions.docket_register_entries(
        permits=[permit], meeting=meeting, by=clerk, today=ENTERED
    )[0]
    assert "Rules not met when entered" in item.staff_recommendation


# --- Provisional until the Board accepts it ----------------------------------------------------


def test_an_entry_is_not_active_on_the_public_verification_page(clerk, client):
    permit = enter(clerk, draft(clerk))
    with at(ENTERED):
        page = client.get(reverse("permits:permit-verify", args=[permit.verify_token]))
    text = page.content.decode()
    assert "Provisional" in text
    assert "is not in force until the Board accepts it" in text
    assert "This permit to keep animals is in force" not in text
    assert not Permit.objects.in_status(Permit.Status.ACTIVE, ENTERED).exists()


def test_an_entry_cannot_be_renewed_until_the_board_accepts_it(clerk, clerk_client):
    permit = enter(clerk, draft(clerk))
    assert "renewed only once the Board accepts the entry" in refused(
        lambda: actions.start_renewal(permit=permit, by=clerk, today=date(2027, 11, 20))
    )
    with at(date(2027, 11, 20), clerk_client, clerk):
        response = clerk_client.post(reverse("permits:renewal-start", args=[permit.pk]))
        page = clerk_client.get(response["Location"]).content.decode()
    assert "renewed only once the Board accepts the entry" in page
    assert not permit.renewal_applications.exists()


def test_only_the_boards_vote_accepts_an_entry(clerk):
    permit = enter(clerk, draft(clerk))
    assert "Only the Board accepts an entry" in refused(
        lambda: actions.accept_register_permit(permit=permit, decision=None, by=clerk)
    )
    permit.refresh_from_db()
    assert permit.status == Permit.Status.PROVISIONAL


def test_an_entry_off_the_imported_parcel_map_waits_for_the_clerks_reason_before_the_vote(
    clerk, board_member
):
    """Found by the stateful search: the vote put an entry in force on a lot off the imported
    map with no reason recorded, which an issue refuses (§20-14, Lot) and the audit reports."""
    permit = enter(clerk, draft(clerk, unmapped_reason=""))
    ParcelImport.objects.create(source_name="M284_parcels.zip", fiscal_year=2027, imported_by=clerk)
    meeting = b.meeting(by=clerk, on=MEETING, today=ENTERED)
    [item] = hearing_actions.docket_register_entries(
        permits=[permit], meeting=meeting, by=clerk, today=ENTERED
    )
    assert "is not on the parcel map" in refused(lambda: b.decide(item, by=board_member))
    permit.refresh_from_db()
    assert permit.status == Permit.Status.PROVISIONAL

    lot_actions.record_unmapped_reason(
        lot=permit.lot, reason="A condominium lot the Assessor maps as one parcel.", by=clerk
    )
    b.decide(item, by=board_member)
    permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE
    assert not [a for a in audit_register(today=MEETING).anomalies if a.kind == "parcel"]


def test_the_clerk_puts_entries_before_the_board_and_a_member_accepts_on_the_page(
    clerk, board_member, client
):
    first = enter(clerk, draft(clerk))
    second = enter(clerk, draft(clerk), register_number="97-2")
    meeting = b.meeting(by=clerk, on=MEETING, today=ENTERED)
    with at(ENTERED, client, clerk):
        response = client.post(
            reverse("hearings:register-acceptance"),
            {"meeting": meeting.pk, "permits": [first.pk, second.pk]},
        )
    assert response["Location"] == reverse("hearings:meeting-detail", args=[meeting.pk])
    item = first.application.docket_items.get(kind="register_acceptance")
    b.attend_as_voting(meeting, {board_member: "yes"}, by=clerk)
    b.posted(meeting, by=clerk)
    with at(MEETING, client, board_member):
        response = client.post(
            reverse("hearings:decide", args=[item.pk]),
            {"result": "approved", "decided_on": "2027-02-09", f"vote_{board_member.pk}": "yes"},
        )
    assert response.status_code == 302
    first.refresh_from_db()
    assert first.status == Permit.Status.ACTIVE
    client.logout()
    with at(MEETING):
        page = client.get(reverse("permits:permit-verify", args=[first.verify_token]))
    assert "This permit to keep animals is in force" in page.content.decode()


# --- An entry first permitted after 2002 is held to the rules -------------------------------------


def test_a_member_accepts_a_2012_entry_on_the_page_only_approving_its_vermin_plan(
    clerk, board_member, client
):
    permit, item = a_2012_entry_before_the_board(clerk)
    b.attend_as_voting(item.meeting, {board_member: "yes"}, by=clerk)
    url = reverse("hearings:decide", args=[item.pk])
    data = {"result": "approved", "decided_on": "2027-02-09", f"vote_{board_member.pk}": "yes"}
    with at(MEETING, client, board_member):
        page = client.get(url).content.decode()
        without = client.post(url, data)
        accepted = client.post(url, {**data, "approvals": ["vermin_plan"]})
    assert "Vermin control plan (§20-19)" in page
    assert "held to the rules like a new permit" in without.content.decode()
    assert accepted.status_code == 302
    permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE


def test_the_audit_holds_a_2012_entry_put_in_force_without_its_approval_to_the_rules(clerk):
    permit, _item = a_2012_entry_before_the_board(clerk)
    # Put in force on file past the Board's vote (records altered outside the actions).
    permit.status, permit.register_accepted_on = Permit.Status.ACTIVE, MEETING
    permit.save()
    lines = [a.line() for a in audit_register(today=MEETING).anomalies if a.family == "rules"]
    assert lines == [
        f"§20-19 Permit {permit.number}: On the day the Board accepted it (February 9, 2027): "
        "The application lacks a vermin control plan approved by the Board."
    ]


# --- Named other domesticated animals (finding 8) -----------------------------------------------


def named_animals(clerk):
    application = draft(clerk)
    actions.update_application(
        application=application,
        by=clerk,
        changes={},
        animals=[
            {"species": "other_domestic", "name": "ferret", "count": 2},
            {"species": "other_domestic", "name": "guinea pig", "count": 3},
        ],
    )
    return application


def test_a_register_entry_for_ferrets_and_guinea_pigs_keeps_each_by_name(clerk):
    permit = enter(clerk, named_animals(clerk))
    kept = {(a.name, a.count) for a in permit.animals.all()}
    assert kept == {("ferret", 2), ("guinea pig", 3)}


def test_a_clerk_enters_ferrets_and_guinea_pigs_on_the_page_without_a_server_error(
    clerk, clerk_client
):
    application = named_animals(clerk)
    with at(ENTERED, clerk_client, clerk):
        response = clerk_client.post(
            reverse("permits:application-legacy", args=[application.pk]), entry_form()
        )
    assert response.status_code == 302
    assert Permit.objects.get().animals.count() == 2


def test_a_register_entry_is_entered_by_the_clerk(clerk, agent):
    application = draft(clerk)
    assert "Only the clerk enters the paper register" in refused(lambda: enter(agent, application))


# One permit a year per keeping, the lot and its holder, whatever
# the chain (issue 33, finding 11): a paper permit of the year beside the keeping's own permit is
# refused.
def test_a_paper_permit_of_the_year_beside_the_keepings_own_permit_is_refused(clerk):
    own = factories.issued_permit(by=clerk, on=date(2027, 1, 14))
    with pytest.raises(ActionRefused) as refused:
        factories.register_entry(
            by=clerk, valid_for_year=2027, applicant=own.holder, lot=own.lot, manure_bin=True
        )
    assert any(f"already holds permit {own.number} for 2027" in r for r in refused.value.reasons)
    assert not Permit.objects.filter(legacy=True).exists()


def test_the_keepings_own_permit_is_refused_beside_its_paper_permit_of_the_year(clerk):
    paper = factories.register_entry(by=clerk, valid_for_year=2027, manure_bin=True)
    application = factories.hen_renewal(by=clerk, applicant=paper.holder, lot=paper.lot)
    with pytest.raises(ActionRefused) as refused:
        actions.issue_permit(application=application, by=clerk, on=date(2027, 1, 14))
    assert any(f"already holds permit {paper.number}" in r for r in refused.value.reasons)


def test_the_audit_counts_one_permit_a_year_per_keeping_whatever_the_chain(clerk):
    """Two permits of one keeping for one year, on two chains (as before the refusal)."""
    own = factories.issued_permit(by=clerk, on=date(2027, 1, 14))
    paper = factories.register_entry(
        by=clerk,
        valid_for_year=2026,
        manure_bin=True,
        today=date(2027, 1, 14),
        lot=own.lot,
        applicant=own.holder,
    )
    # The entry typed for the wrong year, corrected by hand to this year's: two in force.
    paper.year, paper.status, paper.register_accepted_on = 2027, "active", date(2027, 1, 20)
    paper.expires_on = date(2027, 12, 31)
    save_as(paper, clerk)
    found = [a.line() for a in audit_register(today=date(2027, 2, 1)).anomalies]
    assert any("holds 2 permits in force for 2027" in line for line in found), found
