"""The hearings pages: who may open them (each role let in or refused), and 404 for a missing
record. What each page does: the other files here, one per views module."""

import pytest
from django.urls import reverse

from hearings import notice_timing as notices
from hearings.models import AbutterNotice, Variance
from stoneham_boh.accounts.roles import Role
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


# --- Access --------------------------------------------------------------------------------------

STAFF, CLERK, BOARD, PUBLIC = "staff", "clerk", "board", "public"
# The Board's own votes: a member's own log-in, never the administrator's (issue 23 point 6).
MEMBER = "member"
# The abutters noticed: the clerk keeps them, the Board reads them (issue 17, point 5).
CLERK_AND_BOARD = "clerk and board"


# What a role let in gets: the page; for a POST with nothing filled in, the page again saying
# what is missing, or, for a button on a record's page, back to that page with the reason;
# the decision form of a hearing already decided sends its member to the decision.
PAGE, SHOWN_AGAIN, BACK = 200, 400, 302


def urls(item, notice_pk) -> list[tuple[str, str, str, int]]:
    meeting = item.meeting.pk
    abutter = notices.abutters_in_letter_order(item)[0].pk
    variance = Variance.objects.get().pk
    return [
        ("get", reverse("hearings:docket"), STAFF, PAGE),
        ("get", reverse("hearings:past-meetings"), STAFF, PAGE),
        ("get", reverse("hearings:meeting-detail", args=[meeting]), STAFF, PAGE),
        ("get", reverse("hearings:agenda-pdf", args=[meeting]), STAFF, PAGE),
        ("get", reverse("hearings:decision-pdf", args=[item.pk]), STAFF, PAGE),
        ("get", reverse("hearings:meeting-create"), CLERK, PAGE),
        ("get", reverse("hearings:schedule"), CLERK, PAGE),
        ("get", reverse("hearings:item-notices", args=[item.pk]), CLERK_AND_BOARD, PAGE),
        ("get", reverse("hearings:item-letters", args=[item.pk]), CLERK, PAGE),
        ("get", reverse("hearings:item-labels", args=[item.pk]), CLERK, PAGE),
        ("get", reverse("hearings:meeting-letters", args=[meeting]), CLERK, PAGE),
        ("get", reverse("hearings:meeting-labels", args=[meeting]), CLERK, PAGE),
        ("get", reverse("hearings:legal-notice", args=[meeting]), CLERK, PAGE),
        ("post", reverse("hearings:legal-notice", args=[meeting]), CLERK, SHOWN_AGAIN),
        ("post", reverse("hearings:legal-notice-draft", args=[meeting]), CLERK, BACK),
        ("post", reverse("hearings:legal-notice-sent", args=[meeting]), CLERK, SHOWN_AGAIN),
        ("post", reverse("hearings:legal-notice-published", args=[meeting]), CLERK, SHOWN_AGAIN),
        ("post", reverse("hearings:item-edit", args=[item.pk]), CLERK, SHOWN_AGAIN),
        ("post", reverse("hearings:item-withdraw", args=[item.pk]), CLERK, BACK),
        ("post", reverse("hearings:item-mailing", args=[item.pk, abutter]), CLERK, SHOWN_AGAIN),
        ("post", reverse("hearings:item-mailing-list", args=[item.pk]), CLERK, SHOWN_AGAIN),
        ("post", reverse("hearings:notice-receipt", args=[notice_pk]), CLERK, BACK),
        ("get", reverse("hearings:decide", args=[item.pk]), MEMBER, BACK),
        ("post", reverse("hearings:decide", args=[item.pk]), MEMBER, BACK),
        ("get", reverse("hearings:public-hearings"), PUBLIC, PAGE),
        ("get", reverse("hearings:variance-register"), PUBLIC, PAGE),
        ("get", reverse("hearings:variance-decision", args=[variance]), PUBLIC, PAGE),
    ]


ALLOWED = {
    STAFF: {Role.CLERK, Role.BOARD, Role.AGENT, Role.ADMIN},
    CLERK: {Role.CLERK, Role.ADMIN},
    BOARD: {Role.BOARD, Role.ADMIN},
    MEMBER: {Role.BOARD},
    CLERK_AND_BOARD: {Role.CLERK, Role.BOARD, Role.ADMIN},
}


@pytest.mark.parametrize(
    "role", [None, Role.APPLICANT, Role.AGENT, Role.CLERK, Role.BOARD, Role.ADMIN]
)
def test_each_page_admits_its_roles_and_refuses_the_others(client, decided, role):
    notice = AbutterNotice.objects.filter(docket_item=decided).first()
    if role is not None:
        client.force_login(make_user(f"who-{role.name.lower()}", role))
    for method, url, audience, status in urls(decided, notice.pk):
        response = getattr(client, method)(url)
        if audience == PUBLIC:
            assert response.status_code == 200, url
        elif role is None:
            assert response.status_code == 302 and "/accounts/login/" in response.url, url
        elif role in ALLOWED[audience]:
            assert response.status_code == status, (url, response.status_code)
        else:
            assert response.status_code == 403, (url, role)


def test_missing_records_answer_404(clerk_client):
    for name in ("item-notices", "item-letters", "decision-pdf"):
        assert clerk_client.get(reverse(f"hearings:{name}", args=[999])).status_code == 404
    assert clerk_client.get(reverse("hearings:meeting-detail", args=[999])).status_code == 404
    assert clerk_client.get(reverse("hearings:variance-decision", args=[999])).status_code == 404
