"""§20-20(2)(a): a facility to be built or remodelled is permitted only once complete and approved.

Issue 22, finding 9 ("a permit issued on the day the plans were approved, with no completion; a
remodel at renewal passed on the original approval") and issue 26, point 26 (after the Board
approves a new shed, the clerk had nowhere to record the building inspector's sign-off and the
completed construction). Through the actions, and through the clerk's and the agent's pages.
"""

from __future__ import annotations

import html
from datetime import date, timedelta

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from hearings import actions as hearing_actions
from inspections import actions as inspection_actions
from inspections.models import Inspection
from permits import actions
from permits.facts_from_records import facts_for
from permits.models import Application, Document, Permit
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.conftest import make_user
from tests.hearings import builders as b
from tests.inspections import builders as ib
from tests.permits.helpers import renew

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
APPROVED_BY_INSPECTOR = b.HEARING + timedelta(days=15)
COMPLETED = b.HEARING + timedelta(days=20)
ISSUE_DAY = b.HEARING + timedelta(days=25)


def approval_pdf(name="Building inspector sign-off.pdf"):
    return SimpleUploadedFile(name, PDF, content_type="application/pdf")


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def shed_approved_by_the_board(clerk, *, construction="new"):
    """A new application for hens in a shed to be built, whose plans the Board approved at its
    hearing (§20-20(2)), with the vermin plan (§20-19)."""
    application = b.new_hen_application(by=clerk, construction=construction)
    b.certify_abutters(application, by=clerk)
    item = hearing_actions.schedule_hearing(
        application=application,
        meeting=b.meeting(by=clerk),
        relief_sought=[],
        approvals_sought=["vermin_plan", "construction"],
        by=clerk,
        today=date(2030, 2, 1),
    )
    b.mail_all(item, by=clerk)
    b.publish(item.meeting, by=clerk)
    member = make_user("member-shed", Role.BOARD)
    b.decide(item, by=member, approvals=["vermin_plan", "construction"])
    return Application.objects.get(pk=application.pk)


def record_inspector(application, clerk, on=APPROVED_BY_INSPECTOR):
    return actions.record_building_inspector_approval(
        application=application,
        approved_on=on,
        upload=approval_pdf(),
        by=clerk,
        description="Building permit B-2030-114",
        today=on,
    )


def final_inspection(application, agent, *, on=COMPLETED, complete=True):
    """The agent's final inspection of construction, finding the work complete (or not)."""
    with time_machine.travel(factories.midday(on), tick=False):
        inspection = ib.scheduled(
            lot=application.lot,
            by=agent,
            kind=Inspection.Kind.FINAL_CONSTRUCTION,
            day=on,
            agent=agent,
            application=application,
        )
        problems = {}
        if not complete:
            problems["20-20.2.a.construction-complete"] = ib.vermin_violation(
                "The shed has no roof yet."
            )
        return inspection_actions.record_inspection(
            inspection=inspection, by=agent, answers=ib.answers_for(inspection, problems)
        )


def issue(application, clerk, on=ISSUE_DAY):
    return actions.issue_permit(application=application, by=clerk, on=on)


# --- finding 9, through the actions ------------------------------------------------------------


def test_a_permit_is_not_issued_on_the_day_the_plans_were_approved(clerk):
    application = shed_approved_by_the_board(clerk)
    message = refused(lambda: issue(application, clerk, on=b.HEARING))
    assert "§20-20(2)" in message
    assert "The building inspector's approval of the new construction" in message
    assert "final inspection of the completed construction" in message
    assert not Permit.objects.exists()


def test_a_permit_is_not_issued_with_the_inspectors_approval_but_no_completion(clerk):
    application = shed_approved_by_the_board(clerk)
    record_inspector(application, clerk)
    message = refused(lambda: issue(application, clerk))
    assert "final inspection of the completed construction" in message
    assert "building inspector's approval of" not in message


def test_a_permit_is_not_issued_when_the_agent_finds_the_construction_unfinished(clerk, agent):
    application = shed_approved_by_the_board(clerk)
    record_inspector(application, clerk)
    final_inspection(application, agent, complete=False)
    assert "final inspection of the completed construction" in refused(
        lambda: issue(application, clerk)
    )


def test_a_permit_is_not_issued_on_a_completion_without_the_inspectors_approval(clerk, agent):
    application = shed_approved_by_the_board(clerk)
    final_inspection(application, agent)
    message = refused(lambda: issue(application, clerk))
    assert "building inspector's approval" in message
    assert "final inspection" not in message


def test_a_permit_issues_after_the_inspectors_approval_and_the_agents_completion(clerk, agent):
    application = shed_approved_by_the_board(clerk)
    record_inspector(application, clerk)
    final_inspection(application, agent)
    facts = facts_for(application, ISSUE_DAY)["application"]
    assert facts["construction_approved"] == {"board": True, "building_inspector": True}
    permit = issue(application, clerk)
    assert permit.issued_on == ISSUE_DAY
    # Judged on an earlier day, before the agent found it complete, it would still wait.
    assert facts_for(application, COMPLETED - timedelta(days=1))["application"][
        "construction_approved"
    ] == {"board": True, "building_inspector": False}


def test_a_completion_inspection_before_the_board_approved_the_plans_does_not_count(clerk, agent):
    application = b.new_hen_application(by=clerk, construction="new")
    final_inspection(application, agent, on=b.HEARING - timedelta(days=10))
    b.certify_abutters(application, by=clerk)
    item = hearing_actions.schedule_hearing(
        application=application,
        meeting=b.meeting(by=clerk),
        approvals_sought=["vermin_plan", "construction"],
        by=clerk,
        today=date(2030, 2, 1),
    )
    b.mail_all(item, by=clerk)
    b.publish(item.meeting, by=clerk)
    b.decide(
        item, by=make_user("member-shed", Role.BOARD), approvals=["vermin_plan", "construction"]
    )
    record_inspector(application, clerk)
    assert "final inspection of the completed construction" in refused(
        lambda: issue(application, clerk)
    )


def permitted_shed(clerk, agent):
    application = shed_approved_by_the_board(clerk)
    record_inspector(application, clerk)
    final_inspection(application, agent)
    return issue(application, clerk)


def test_a_renewal_does_not_carry_the_first_construction_forward(clerk, agent):
    permit = permitted_shed(clerk, agent)
    renewal = renew(permit, by=clerk, received_on=date(2030, 11, 20))
    assert renewal.construction == Application.Construction.NONE
    assert renewal.building_inspector_approved_on is None


def test_a_remodel_declared_at_renewal_needs_its_own_approval_not_the_original(clerk, agent):
    permit = permitted_shed(clerk, agent)
    renewal = renew(permit, by=clerk, received_on=date(2030, 11, 20))
    actions.update_application(application=renewal, by=clerk, changes={"construction": "remodel"})
    facts = facts_for(renewal, date(2030, 12, 1))["application"]
    assert facts["construction_approved"] == {"board": False, "building_inspector": False}
    message = refused(lambda: issue(renewal, clerk, on=date(2030, 12, 1)))
    assert "The Board's approval of the plans of the remodelling" in message
    assert "The building inspector's approval of the remodelling" in message


def test_a_remodel_at_renewal_issues_on_approvals_of_its_own(clerk, agent):
    permit = permitted_shed(clerk, agent)
    renewal = renew(permit, by=clerk, received_on=date(2030, 11, 20))
    actions.update_application(application=renewal, by=clerk, changes={"construction": "remodel"})
    factories.board_approves(renewal, ["construction"], on=date(2030, 11, 24))
    record_inspector(renewal, clerk, on=date(2030, 11, 25))
    final_inspection(renewal, agent, on=date(2030, 11, 26))
    next_year = issue(renewal, clerk, on=date(2030, 12, 1))
    assert next_year.year == 2031


# --- recording the building inspector's approval -----------------------------------------------


def test_the_inspectors_approval_is_kept_with_its_date_document_and_history(clerk):
    application = shed_approved_by_the_board(clerk)
    record_inspector(application, clerk)
    application.refresh_from_db()
    document = application.building_inspector_document
    assert application.building_inspector_approved_on == APPROVED_BY_INSPECTOR
    assert document.kind == Document.Kind.BUILDING_INSPECTOR
    assert document.original_name == "Building inspector sign-off.pdf"
    assert document.description == "Building permit B-2030-114"
    change = application.history.first()
    assert change.history_user == clerk
    assert change.building_inspector_approved_on == APPROVED_BY_INSPECTOR


@pytest.mark.parametrize(
    ("approved_on", "upload", "reason"),
    [
        (APPROVED_BY_INSPECTOR + timedelta(days=1), True, "cannot be dated after today"),
        (date(2030, 1, 5), True, "dated before the application was received"),
        (None, True, "Give the date"),
        (APPROVED_BY_INSPECTOR, False, "Attach the building inspector's approval"),
    ],
)
def test_the_inspectors_approval_needs_a_true_date_and_its_document(
    clerk, approved_on, upload, reason
):
    application = shed_approved_by_the_board(clerk)
    message = refused(
        lambda: actions.record_building_inspector_approval(
            application=application,
            approved_on=approved_on,
            upload=approval_pdf() if upload else None,
            by=clerk,
            today=APPROVED_BY_INSPECTOR,
        )
    )
    assert reason in message
    application.refresh_from_db()
    assert application.building_inspector_approved_on is None


def test_no_inspectors_approval_for_an_application_that_builds_nothing(clerk):
    application = b.new_hen_application(by=clerk)
    assert "declares no construction" in refused(lambda: record_inspector(application, clerk))


def test_a_voided_approval_document_no_longer_counts(clerk, agent):
    application = shed_approved_by_the_board(clerk)
    record_inspector(application, clerk)
    final_inspection(application, agent)
    application.refresh_from_db()
    actions.void_document(
        document=application.building_inspector_document, reason="Wrong lot's letter.", by=clerk
    )
    assert "building inspector's approval" in refused(lambda: issue(application, clerk))


def test_a_final_inspection_needs_an_application_that_declares_construction(clerk, agent):
    application = b.new_hen_application(by=clerk)
    with pytest.raises(ActionRefused) as caught:
        ib.scheduled(
            lot=application.lot,
            by=agent,
            kind=Inspection.Kind.FINAL_CONSTRUCTION,
            day=date.today(),
        )
    assert "declares new construction or remodelling" in " ".join(caught.value.reasons)


# --- through the clerk's and the agent's pages ----------------------------------------------


def _page(client, user, application, day) -> str:
    with time_machine.travel(factories.midday(day), tick=False):
        client.force_login(user)
        url = reverse("permits:application-detail", args=[application.pk])
        return client.get(url).content.decode()


def test_the_clerk_records_the_inspectors_approval_on_the_application_page(clerk, client):
    application = shed_approved_by_the_board(clerk)
    with time_machine.travel(factories.midday(APPROVED_BY_INSPECTOR), tick=False):
        client.force_login(clerk)
        before = client.get(reverse("permits:application-detail", args=[application.pk]))
        response = client.post(
            reverse("permits:construction-inspector", args=[application.pk]),
            {
                "inspector-approved_on": APPROVED_BY_INSPECTOR.isoformat(),
                "inspector-file": approval_pdf(),
                "inspector-description": "B-2030-114",
            },
            follow=True,
        )
    assert "Record the building inspector's approval" in html.unescape(before.content.decode())
    page = html.unescape(response.content.decode())
    assert "The building inspector's approval is recorded." in page
    assert 'data-step="building_inspector" data-done="true"' in page
    assert "Dated April 10, 2030; Building inspector sign-off.pdf (B-2030-114)." in page
    assert 'data-step="completion" data-done="false"' in page


def test_a_future_or_missing_approval_date_is_refused_at_the_field(clerk, client):
    application = shed_approved_by_the_board(clerk)
    with time_machine.travel(factories.midday(APPROVED_BY_INSPECTOR), tick=False):
        client.force_login(clerk)
        response = client.post(
            reverse("permits:construction-inspector", args=[application.pk]),
            {
                "inspector-approved_on": (APPROVED_BY_INSPECTOR + timedelta(days=3)).isoformat(),
                "inspector-file": approval_pdf(),
            },
        )
    assert response.status_code == 400
    assert "The approval cannot be dated after today." in response.content.decode()
    application.refresh_from_db()
    assert application.building_inspector_approved_on is None


def test_the_clerk_is_refused_the_permit_on_the_day_the_plans_were_approved(clerk, client):
    application = shed_approved_by_the_board(clerk)
    with time_machine.travel(factories.midday(b.HEARING), tick=False):
        client.force_login(clerk)
        response = client.post(
            reverse("permits:application-issue", args=[application.pk]),
            {"issue-conditions": ""},
        )
    page = response.content.decode()
    assert response.status_code == 409
    assert "final inspection of the completed construction" in page
    assert 'data-rule="20-20.2" data-status="pending"' in page
    assert not Permit.objects.exists()


def test_the_compliance_panel_shows_the_construction_steps_and_passes_once_complete(
    clerk, agent, client
):
    application = shed_approved_by_the_board(clerk)
    record_inspector(application, clerk)
    final_inspection(application, agent)
    page = _page(client, clerk, application, ISSUE_DAY)
    assert 'data-rule="20-20.2" data-status="pass"' in page
    for step in ("board", "building_inspector", "completion"):
        assert f'data-step="{step}" data-done="true"' in page
    assert "Found complete on April 15, 2030." in page


def test_the_agent_is_offered_the_final_inspection_of_construction(clerk, agent, client):
    application = shed_approved_by_the_board(clerk)
    page = _page(client, agent, application, APPROVED_BY_INSPECTOR)
    assert "kind=final_construction" in page
    assert "Schedule the final inspection of construction" in page
    assert "Record the building inspector" not in page  # the clerk's form, not the agent's


def test_the_agents_final_inspection_asks_first_whether_the_work_is_complete(clerk, agent, client):
    application = shed_approved_by_the_board(clerk)
    with time_machine.travel(factories.midday(COMPLETED), tick=False):
        client.force_login(agent)
        inspection = ib.scheduled(
            lot=application.lot,
            by=agent,
            kind=Inspection.Kind.FINAL_CONSTRUCTION,
            day=COMPLETED,
            application=application,
        )
        page = client.get(
            reverse("inspections:inspection-record", args=[inspection.pk])
        ).content.decode()
    assert "Is the construction or remodelling complete, as in the plans the Board approved?" in (
        page
    )
    assert page.index("construction or remodelling complete") < page.index("vermin")


def test_the_intake_form_has_no_building_inspector_tick(clerk, clerk_client):
    application = factories.new_hen_application(by=clerk)
    page = clerk_client.get(
        reverse("permits:application-edit", args=[application.pk])
    ).content.decode()
    assert "construction_building_inspector_approved" not in page
    assert "building_inspector" not in page


def test_the_compliance_panel_lists_what_the_construction_still_waits_for(clerk, client):
    application = shed_approved_by_the_board(clerk)
    record_inspector(application, clerk)
    page = html.unescape(_page(client, clerk, application, ISSUE_DAY))
    panel = page[page.index('id="compliance-panel"') :]
    assert 'data-panel-step="completion"' in panel
    assert (
        "The agent's final inspection of the completed construction: Not yet found complete"
        in panel
    )
    assert "The building inspector's approval: recorded. Dated April 10, 2030" in panel
    assert "(Building permit B-2030-114)" in panel
