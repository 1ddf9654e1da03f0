"""The clerk desk and the applicants' side meet: e-mails on issue, online renewal requests on
the renewal list, and the invitation button on the applicant's page."""

from datetime import date

import pytest
import time_machine
from django.core import mail
from django.urls import reverse

from permits import actions
from permits.portal import actions as account_actions
from permits.portal.models import RenewalRequest
from tests import factories


@pytest.mark.django_db
def test_issuing_a_permit_emails_the_holder_once_it_is_committed(
    clerk, django_capture_on_commit_callbacks
):
    holder = factories.applicant(email="holder@example.org")
    application = factories.hen_renewal(by=clerk, applicant=holder)
    with django_capture_on_commit_callbacks(execute=True):
        permit = actions.issue_permit(application=application, by=clerk, on=date(2027, 1, 14))
    assert [message.to for message in mail.outbox] == [["holder@example.org"]]
    assert permit.number in mail.outbox[0].body


@pytest.mark.django_db
def test_a_holders_online_request_lands_on_the_renewal_list_and_is_taken_up(clerk, client):
    holder = factories.applicant_account(by=clerk)
    permit = factories.issued_permit(by=clerk, applicant=holder, on=date(2027, 1, 14))
    with time_machine.travel(factories.midday(date(2027, 11, 3)), tick=False):
        account_actions.request_renewal(permit=permit, by=holder.user, unchanged=True)
        client.force_login(clerk)  # inside the travel: staff sessions expire after 8 hours
        page = client.get("/permits/renewals/").content.decode()
        assert "Requested online by the holder" in page
        assert "nothing has changed" in page
        renewal = actions.start_renewal(permit=permit, by=clerk)
        page = client.get("/permits/renewals/").content.decode()
    assert not RenewalRequest.objects.pending().exists()
    assert "nothing has changed" in renewal.notes
    assert "Requested online by the holder" not in page


@pytest.mark.django_db
def test_the_applicants_page_offers_the_invitation_and_sends_it(clerk, clerk_client):
    person = factories.applicant(email="karen@example.org")
    page = clerk_client.get(f"/permits/applicants/{person.pk}/").content.decode()
    assert "Invite by e-mail" in page
    response = clerk_client.post(reverse("permits:invite-applicant", args=[person.pk]))
    assert response.status_code == 302
    assert [message.to for message in mail.outbox] == [["karen@example.org"]]


@pytest.mark.django_db
def test_an_applicant_without_email_cannot_be_invited_and_the_page_says_why(clerk_client):
    person = factories.applicant(email="")
    page = clerk_client.get(f"/permits/applicants/{person.pk}/").content.decode()
    assert "Add an e-mail address to invite the applicant." in page
