"""The clerk invites an applicant by e-mail, from the applicant's page; the one-time link sets a
password, once, for 7 days."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from permits.portal import actions
from permits.portal.models import Invitation, Notification
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.errors import ActionRefused
from tests import factories

NEW_PASSWORD = "Granite-Quarry-Road-19"


def _link_path(message) -> str:
    link = re.search(r"https?://\S+/invitation/\S+/", message.body).group(0)
    return re.sub(r"^https?://[^/]+", "", link)


@pytest.fixture
def joan(db):
    return factories.applicant(name="Joan Fitzgerald", email="joan@example.org")


def _invite(client, joan):
    response = client.post(reverse("permits:invite-applicant", args=[joan.pk]))
    assert response.status_code == 302
    return mail.outbox[-1]


@pytest.mark.django_db
def test_the_clerks_invitation_mails_a_link_in_text_and_html_and_records_it(clerk_client, joan):
    message = _invite(clerk_client, joan)
    assert message.to == ["joan@example.org"]
    assert "set your password" in message.subject
    assert "joan@example.org" in message.body  # the user name
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html"
    assert _link_path(message) in html
    notification = Notification.objects.get(kind="invitation")
    assert notification.recipient == "joan@example.org"
    assert notification.applicant == joan


@pytest.mark.django_db
def test_the_token_is_not_stored_only_its_digest(clerk_client, joan):
    path = _link_path(_invite(clerk_client, joan))
    token = path.rstrip("/").rsplit("/", 1)[-1]
    invitation = Invitation.objects.get()
    assert token not in invitation.token_digest
    assert len(invitation.token_digest) == 64


@pytest.mark.django_db
def test_following_the_link_sets_the_password_logs_in_and_opens_the_applicants_pages(
    client, clerk, joan
):
    actions.invite_applicant(applicant=joan, by=clerk)
    path = _link_path(mail.outbox[-1])
    page = client.get(path)
    assert "Choose your password" in page.content.decode()
    response = client.post(path, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == reverse("permits:my-applications")
    assert client.get(reverse("permits:my-applications")).status_code == 200
    joan.refresh_from_db()
    assert has_role(joan.user, [Role.APPLICANT])
    assert joan.user.check_password(NEW_PASSWORD)
    assert joan.user.history.first().history_user == joan.user


@pytest.mark.django_db
def test_the_link_works_only_once(client, clerk, joan):
    actions.invite_applicant(applicant=joan, by=clerk)
    path = _link_path(mail.outbox[-1])
    client.post(path, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    client.logout()
    again = client.post(
        path, {"new_password1": "Other-Pass-Word-77", "new_password2": "Other-Pass-Word-77"}
    )
    assert again.status_code == 410
    assert "already been used" in again.content.decode()
    joan.refresh_from_db()
    assert joan.user.check_password(NEW_PASSWORD)


@pytest.mark.django_db
def test_the_link_expires_after_seven_days(client, clerk, joan):
    with time_machine.travel(datetime(2027, 3, 1, 15, tzinfo=UTC), tick=False):
        actions.invite_applicant(applicant=joan, by=clerk)
    path = _link_path(mail.outbox[-1])
    with time_machine.travel(datetime(2027, 3, 8, 14, 59, tzinfo=UTC), tick=False):
        assert client.get(path).status_code == 200
    with time_machine.travel(datetime(2027, 3, 8, 15, 1, tzinfo=UTC), tick=False):
        response = client.get(path)
    assert response.status_code == 410
    assert "expired" in response.content.decode()


@pytest.mark.django_db
def test_a_second_invitation_replaces_the_first_link(client, clerk, joan):
    actions.invite_applicant(applicant=joan, by=clerk)
    first = _link_path(mail.outbox[-1])
    actions.invite_applicant(applicant=joan, by=clerk)
    second = _link_path(mail.outbox[-1])
    assert client.get(first).status_code == 410
    assert client.get(second).status_code == 200
    assert get_user_model().objects.filter(email="joan@example.org").count() == 1


@pytest.mark.django_db
def test_an_unknown_link_is_a_404_that_says_so(client):
    response = client.get(reverse("permits:accept-invitation", args=["x" * 43]))
    assert response.status_code == 404
    assert "not valid" in response.content.decode()
    assert client.get(reverse("permits:accept-invitation", args=["x" * 500])).status_code == 404


@pytest.mark.django_db
def test_a_weak_password_is_refused_and_the_link_still_works(client, clerk, joan):
    actions.invite_applicant(applicant=joan, by=clerk)
    path = _link_path(mail.outbox[-1])
    response = client.post(path, {"new_password1": "password", "new_password2": "password"})
    assert response.status_code == 200
    assert "too common" in response.content.decode()
    assert Invitation.objects.get().accepted_at is None


@pytest.mark.django_db
def test_an_applicant_without_an_email_address_cannot_be_invited(clerk_client):
    person = factories.applicant(name="No Mail", email="")
    response = clerk_client.post(reverse("permits:invite-applicant", args=[person.pk]), follow=True)
    assert "Add the applicant&#x27;s e-mail address first" in response.content.decode()
    assert mail.outbox == []
    assert not Invitation.objects.exists()


@pytest.mark.django_db
def test_an_applicant_who_already_set_a_password_is_not_invited_again(clerk):
    karen = factories.applicant_account(by=clerk)
    with pytest.raises(ActionRefused) as refusal:
        actions.invite_applicant(applicant=karen, by=clerk)
    assert "already has an account" in str(refusal.value)


@pytest.mark.django_db
def test_a_staff_account_can_never_be_reached_through_an_invitation(clerk, agent):
    person = factories.applicant(name="Paul Ricci", email="attacker@example.org", user=agent)
    with pytest.raises(ActionRefused) as refusal:
        actions.invite_applicant(applicant=person, by=clerk)
    assert "staff account" in str(refusal.value)


@pytest.mark.django_db
def test_only_clerks_may_send_invitations_and_only_by_post(client, agent, clerk, joan):
    client.force_login(agent)
    assert client.post(reverse("permits:invite-applicant", args=[joan.pk])).status_code == 403
    client.force_login(clerk)
    assert client.get(reverse("permits:invite-applicant", args=[joan.pk])).status_code == 405
    assert client.post(reverse("permits:invite-applicant", args=[999999])).status_code == 404
    assert mail.outbox == []


@pytest.mark.django_db
def test_the_invitation_leaves_history_naming_the_clerk(clerk, joan):
    invitation = actions.invite_applicant(applicant=joan, by=clerk)
    assert invitation.history.first().history_user == clerk
    joan.refresh_from_db()
    assert joan.history.first().history_user == clerk


@pytest.mark.django_db
def test_a_failing_mail_server_leaves_nothing_behind(clerk, joan, settings, monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError("connection refused")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
    with pytest.raises(ActionRefused):
        actions.invite_applicant(applicant=joan, by=clerk)
    assert not Invitation.objects.exists()
    assert not Notification.objects.exists()
    joan.refresh_from_db()
    assert joan.user is None


# The clerk's desk and the applicant's side meet: the invitation button on the applicant's page.
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
