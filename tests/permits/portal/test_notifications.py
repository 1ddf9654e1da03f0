"""E-mails: hearing scheduled, permit issued, renewal reminders (each sent once)."""

from __future__ import annotations

import io
from datetime import date, time

import pytest
import time_machine
from django.core import mail
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from hearings import actions as hearing_actions
from permits import actions as permit_actions
from permits.portal import actions, notifications
from permits.portal.models import Notification
from tests import factories


def _remind(*args) -> str:
    out = io.StringIO()
    call_command("send_renewal_reminders", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def karen(clerk):
    return factories.applicant_account(by=clerk)


@pytest.fixture
def permit(clerk, karen):
    permit = factories.issued_permit(by=clerk, applicant=karen, on=date(2027, 1, 14))
    mail.outbox.clear()
    return permit


@pytest.mark.django_db
def test_reminders_go_once_from_november_1_to_holders_of_permits_expiring_december_31(permit):
    with time_machine.travel(factories.midday(date(2027, 11, 1)), tick=False):
        assert "sent: 1" in _remind()
        assert "sent: 0" in _remind()
    with time_machine.travel(factories.midday(date(2027, 11, 2)), tick=False):
        assert "sent: 0" in _remind()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["karen.sullivan@example.org"]
    assert message.subject == f"Permit {permit.number} expires on December 31, 2027: time to renew"
    assert "6 Chickens (hens)" in message.body
    assert f"/my/permits/{permit.pk}/renewal/" in message.body
    assert message.alternatives[0][1] == "text/html"
    assert Notification.objects.get(kind="renewal_reminder").permit == permit


@pytest.mark.django_db
def test_a_run_of_reminders_reads_the_towns_settings_once(clerk, karen, permit):
    """Issue 39: a run outside a request read the town again for every permit."""
    for day in (15, 16, 17):
        factories.issued_permit(by=clerk, applicant=karen, on=date(2027, 1, day))
    with (
        time_machine.travel(factories.midday(date(2027, 11, 1)), tick=False),
        CaptureQueriesContext(connection) as captured,
    ):
        assert "sent: 4" in _remind()
    assert len([q for q in captured.captured_queries if '"town_town"' in q["sql"]]) == 1


@pytest.mark.django_db
def test_no_reminder_before_november_1(permit):
    with time_machine.travel(factories.midday(date(2027, 10, 31)), tick=False):
        assert "from November 1" in _remind()
    assert mail.outbox == []


@pytest.mark.django_db
def test_no_reminder_for_a_revoked_permit_or_one_already_asked_for(clerk, karen, permit):
    other = factories.issued_permit(by=clerk, applicant=karen, on=date(2027, 1, 15))
    factories.revoke_by_the_board(
        other,
        by=clerk,
        grounds="Violation.",
        revoked_on=date(2027, 5, 1),
        remove_by=date(2027, 6, 1),
    )
    with time_machine.travel(factories.midday(date(2027, 11, 5)), tick=False):
        actions.request_renewal(permit=permit, by=karen.user, unchanged=True)
        assert "sent: 0" in _remind()
    assert mail.outbox == []


@pytest.mark.django_db
def test_no_reminder_for_a_permit_expiring_another_year(clerk, permit):
    with time_machine.travel(factories.midday(date(2026, 11, 5)), tick=False):
        assert "sent: 0" in _remind()


@pytest.mark.django_db
def test_a_holder_without_an_account_is_told_to_contact_the_office(clerk):
    holder = factories.applicant(name="Anthony DiCarlo", email="ad@example.org")
    factories.issued_permit(by=clerk, applicant=holder, on=date(2027, 1, 14))
    with time_machine.travel(factories.midday(date(2027, 11, 5)), tick=False):
        _remind()
    assert "contact the Board of Health office" in mail.outbox[-1].body
    assert "/my/" not in mail.outbox[-1].body


@pytest.mark.django_db
def test_holders_without_an_email_address_are_listed_for_the_office(clerk):
    holder = factories.applicant(name="No Mail Holder", email="")
    factories.issued_permit(by=clerk, applicant=holder, on=date(2027, 1, 14))
    with time_machine.travel(factories.midday(date(2027, 11, 5)), tick=False):
        out = _remind()
    assert "No e-mail address for No Mail Holder" in out
    assert mail.outbox == []


@pytest.mark.django_db
def test_a_failed_send_is_not_recorded_so_the_next_run_retries(permit, monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError("mail server down")

    with time_machine.travel(factories.midday(date(2027, 11, 5)), tick=False):
        with monkeypatch.context() as patch:
            patch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
            with pytest.raises(Exception, match="1 reminder"):
                _remind()
        assert not Notification.objects.filter(kind="renewal_reminder").exists()
        assert "sent: 1" in _remind()


@pytest.mark.django_db
def test_dry_run_lists_without_sending(permit):
    with time_machine.travel(factories.midday(date(2027, 11, 5)), tick=False):
        assert f"Would remind Karen Sullivan about permit {permit.number}" in _remind("--dry-run")
    assert mail.outbox == []
    assert not Notification.objects.filter(kind="renewal_reminder").exists()


@pytest.mark.django_db
def test_the_holder_hears_once_when_the_permit_is_issued(
    clerk, karen, django_capture_on_commit_callbacks
):
    application = factories.hen_renewal(by=clerk, applicant=karen)
    with django_capture_on_commit_callbacks(execute=True):
        permit = permit_actions.issue_permit(
            application=application, by=clerk, on=date(2027, 1, 14)
        )
        notifications.notify_permit_issued(permit)
    with django_capture_on_commit_callbacks(execute=True):
        notifications.notify_permit_issued(permit)
    issued = [m for m in mail.outbox if "is issued" in m.subject]
    assert len(issued) == 1
    assert f"Permit {permit.number}" in issued[0].subject
    assert "December 31, 2027" in issued[0].body
    assert "Download your permit" in issued[0].body


@pytest.mark.django_db
def test_the_applicant_hears_the_hearing_date_once_scheduling_commits(
    clerk, karen, django_capture_on_commit_callbacks
):
    application = factories.new_hen_application(by=clerk, applicant=karen)
    with time_machine.travel(factories.midday(date(2027, 1, 20)), tick=False):
        meeting = hearing_actions.schedule_meeting(
            on=date(2027, 2, 24), at=time(19, 0), place="Town Hall, Room 12", by=clerk
        )
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            hearing_actions.schedule_hearing(application=application, meeting=meeting, by=clerk)
        assert not [m for m in mail.outbox if "Public hearing" in m.subject]
        for callback in callbacks:
            callback()
    [message] = [m for m in mail.outbox if "Public hearing" in m.subject]
    assert message.subject.startswith("Public hearing on February 24, 2027")
    assert "Wednesday, February 24, 2027 at 7:00 p.m." in message.body
    assert "Town Hall, Room 12" in message.body
    assert "by February 10, 2027" in message.body
    assert Notification.objects.get(kind="hearing_scheduled").application == application


@pytest.mark.django_db
def test_a_mail_server_failure_after_commit_does_not_undo_the_clerks_action(
    clerk, karen, monkeypatch, django_capture_on_commit_callbacks
):
    def refuse(*args, **kwargs):
        raise OSError("mail server down")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
    application = factories.hen_renewal(by=clerk, applicant=karen)
    with django_capture_on_commit_callbacks(execute=True):
        permit = permit_actions.issue_permit(
            application=application, by=clerk, on=date(2027, 1, 14)
        )
        notifications.notify_permit_issued(permit)
    permit.refresh_from_db()
    assert permit.status == "active"
    assert not Notification.objects.filter(kind="permit_issued").exists()


@pytest.mark.django_db
def test_names_with_apostrophes_are_not_mangled_in_plain_text(clerk):
    holder = factories.applicant(name="Sean O'Brien", email="sob@example.org")
    factories.issued_permit(by=clerk, applicant=holder, on=date(2027, 1, 14))
    with time_machine.travel(factories.midday(date(2027, 11, 5)), tick=False):
        _remind()
    assert "Dear Sean O'Brien," in mail.outbox[-1].body


# The clerk's desk and the holder's side meet: the e-mail on issue.
@pytest.mark.django_db
def test_issuing_a_permit_emails_the_holder_once_it_is_committed(
    clerk, django_capture_on_commit_callbacks
):
    holder = factories.applicant(email="holder@example.org")
    application = factories.hen_renewal(by=clerk, applicant=holder)
    with django_capture_on_commit_callbacks(execute=True):
        permit = permit_actions.issue_permit(
            application=application, by=clerk, on=date(2027, 1, 14)
        )
    assert [message.to for message in mail.outbox] == [["holder@example.org"]]
    assert permit.number in mail.outbox[0].body
