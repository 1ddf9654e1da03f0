"""The pages a clerk or a Board member uses for what the Board decides (issue 12, points 1-5)."""

from datetime import date

import pytest
import time_machine
from django.urls import NoReverseMatch, reverse

from hearings.models import BoardApproval, RevocationProceeding
from permits.models import Permit
from tests import factories
from tests.hearings import board_builders as rb
from tests.hearings import builders as b
from tests.hearings.builders import at

pytestmark = pytest.mark.django_db


def test_the_clerks_revoke_button_is_gone_from_the_permit_page(clerk, clerk_client):
    permit = factories.issued_permit(by=clerk)
    with pytest.raises(NoReverseMatch):
        reverse("permits:permit-revoke", args=[permit.pk])
    page = clerk_client.get(reverse("permits:permit-detail", args=[permit.pk])).content.decode()
    assert "Bring before the Board for revocation" in page
    assert reverse("hearings:revocation-open", args=[permit.pk]) in page
    assert "Revoke and order removal" not in page


def test_an_expired_permit_is_not_offered_for_revocation(clerk, client):
    permit = factories.issued_permit(by=clerk)
    with time_machine.travel(date(2028, 2, 1), tick=False):
        client.force_login(clerk)
        page = client.get(reverse("permits:permit-detail", args=[permit.pk]))
    assert "Expired" in page.content.decode()
    assert "Bring before the Board for revocation" not in page.content.decode()


def test_clerk_opens_a_revocation_proceeding_citing_the_violation(clerk, agent, client):
    permit = factories.issued_permit(by=clerk)
    finding = rb.violation(permit, agent=agent, clerk=clerk)
    meeting = rb.hearing(by=clerk)
    url = reverse("hearings:revocation-open", args=[permit.pk])
    with at(rb.OPENED, client, clerk):
        form = client.get(url + f"?findings={finding.pk}").content.decode()
        assert finding.question in form
        assert "checked" in form
        response = client.post(
            url,
            {
                "meeting": meeting.pk,
                "findings": [finding.pk],
                "grounds": "Rat burrows by the coop, not abated.",
            },
        )
    proceeding = RevocationProceeding.objects.get()
    assert response["Location"] == reverse("hearings:revocation-detail", args=[proceeding.pk])
    assert list(proceeding.findings.all()) == [finding]
    assert proceeding.history.first().history_user == clerk
    assert Permit.objects.get(pk=permit.pk).status == Permit.Status.ACTIVE


def test_a_refused_proceeding_shows_why_and_keeps_what_was_typed(clerk, client):
    permit = factories.issued_permit(by=clerk)
    meeting = rb.hearing(by=clerk)
    with at(rb.OPENED, client, clerk):
        response = client.post(
            reverse("hearings:revocation-open", args=[permit.pk]),
            {"meeting": meeting.pk, "grounds": "Roosters crowing at dawn."},
        )
    page = response.content.decode()
    assert response.status_code == 400
    assert "Cite the violations behind the proceeding" in page
    assert "Roosters crowing at dawn." in page
    assert not RevocationProceeding.objects.exists()


def test_board_votes_the_revocation_and_the_letter_orders_removal(clerk, agent, client):
    from stoneham_boh.accounts.roles import Role
    from tests.conftest import make_user

    members = [make_user(f"m{n}", Role.BOARD) for n in range(3)]
    proceeding = rb.proceeding(clerk=clerk, agent=agent)
    b.attend_as_voting(proceeding.docket_item.meeting, dict.fromkeys(members, "yes"), by=clerk)
    with at(rb.HEARING, client, members[0]):
        detail = client.get(reverse("hearings:revocation-detail", args=[proceeding.pk]))
        assert "Record the Board's decision" in detail.content.decode()
        url = reverse("hearings:decide", args=[proceeding.docket_item.pk])
        page = client.get(url).content.decode()
        assert "Permit revoked" in page and "Animals to be removed by" in page
        one_alone = client.post(
            url,
            {
                "result": "revoked",
                "decided_on": "2027-06-22",
                "removal_by": "2027-07-22",
                f"vote_{members[0].pk}": "yes",
            },
        )
        assert one_alone.status_code == 400
        # All three attended (the record, not the form's blanks): each one's vote is recorded.
        assert "Record each member&#x27;s vote" in one_alone.content.decode()
        response = client.post(
            url,
            {
                "result": "revoked",
                "decided_on": "2027-06-22",
                "removal_by": "2027-07-22",
                f"vote_{members[0].pk}": "yes",
                f"vote_{members[1].pk}": "yes",
                f"vote_{members[2].pk}": "no",
            },
        )
        assert response["Location"] == reverse("hearings:revocation-detail", args=[proceeding.pk])
        letter = client.get(reverse("hearings:decision-pdf", args=[proceeding.docket_item.pk]))
    assert letter["Content-Type"] == "application/pdf"
    permit = Permit.objects.get(pk=proceeding.permit.pk)
    assert permit.status == Permit.Status.REVOKED
    assert permit.removal_ordered_by == date(2027, 7, 22)


def test_the_clerk_records_the_holders_notice_and_prints_it(clerk, agent, client):
    proceeding = rb.proceeding(clerk=clerk, agent=agent, notified=False)
    with at(rb.NOTICE_MAILED, client, clerk):
        letter = client.get(reverse("hearings:revocation-notice-pdf", args=[proceeding.pk]))
        assert letter.content.startswith(b"%PDF")
        late = client.post(
            reverse("hearings:revocation-notice", args=[proceeding.pk]),
            {"mailed_on": "2027-06-22"},
        )
        assert late.status_code == 400
        assert "cannot be in the future" in late.content.decode()
        client.post(
            reverse("hearings:revocation-notice", args=[proceeding.pk]),
            {"mailed_on": "2027-06-05"},
        )
    proceeding.refresh_from_db()
    assert proceeding.holder_notified_on == rb.NOTICE_MAILED


def test_the_intake_form_has_no_board_approval_checkboxes(clerk, clerk_client):
    application = factories.new_hen_application(by=clerk)
    page = clerk_client.get(
        reverse("permits:application-edit", args=[application.pk])
    ).content.decode()
    for tick in (
        "vermin_plan_approved",
        "wild_animal_approved",
        "composting_approved",
        "construction_board_approved",
        "porous_fill_board_inspected",
    ):
        assert tick not in page
    assert "construction_building_inspector_approved" not in page  # recorded with its document


def test_clerk_puts_a_composting_approval_before_the_board(clerk, board_member, client):
    application = factories.new_hen_application(by=clerk)
    meeting = b.meeting(by=clerk, on=date(2027, 2, 9), today=date(2027, 1, 12))
    with at(date(2027, 1, 12), client, clerk):
        response = client.post(
            reverse("hearings:approval-request", args=[application.pk]),
            {"meeting": meeting.pk, "subjects": ["composting"]},
        )
    assert response["Location"] == reverse("hearings:meeting-detail", args=[meeting.pk])
    item = application.docket_items.get(kind="board_approval", meeting=meeting)
    b.attend_as_voting(meeting, {board_member: "yes"}, by=clerk)
    b.posted(meeting, by=clerk)
    with at(meeting.date, client, board_member):
        client.post(
            reverse("hearings:decide", args=[item.pk]),
            {
                "result": "approved",
                "decided_on": "2027-02-09",
                "approvals": ["composting"],
                f"vote_{board_member.pk}": "yes",
            },
        )
    approval = BoardApproval.objects.get(subject="composting")
    assert approval.granted_on == date(2027, 2, 9)
    assert approval.decision.votes.get().vote == "yes"


def test_the_board_members_page_states_the_quorum(clerk, clerk_client, board_member):
    page = clerk_client.get(reverse("hearings:board-members")).content.decode()
    assert board_member.get_full_name() in page
    assert "The Board has 1 seat (Town by-law (tests)): 1 member must be present" in page
