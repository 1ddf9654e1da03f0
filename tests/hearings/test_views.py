"""The hearings pages: who may open them, what the forms do, and what refusals look like."""

from contextlib import contextmanager
from datetime import date, datetime, time, timedelta

import pytest
import time_machine
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.html import strip_tags

from hearings import actions, notice_timing
from hearings.application_hearings import application_hearing
from hearings.clocks import town_calendar
from hearings.models import AbutterNotice, Decision, DocketItem, LegalNotice, Meeting, Variance
from permits.amendments.in_force import ruleset_on
from permits.models import Application
from stoneham_boh.accounts.roles import Role
from stoneham_boh.town.current import town_scope
from tests import factories
from tests.conftest import make_user
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db


@contextmanager
def at(day: date, client=None, user=None):
    """Travel to 10 a.m. on `day` in the Board's time zone, logged in there as `user`.

    The log-in happens after the travel: a session started on another day would have expired.
    """
    with time_machine.travel(timezone.make_aware(datetime.combine(day, time(10))), tick=False):
        if client is not None:
            client.force_login(user)
        yield


@pytest.fixture
def decided(clerk, board_member):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.decide(item, by=board_member, variance_rules=["20-15.4.a"], variance_conditions="A fence.")
    return item


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
    abutter = notice_timing.abutters_in_letter_order(item)[0].pk
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


# --- Scheduling ----------------------------------------------------------------------------------


def test_the_clerk_schedules_a_meeting_and_is_told_the_notice_deadline(clerk, client):
    with at(date(2030, 2, 1), client, clerk):
        response = client.post(
            reverse("hearings:meeting-create"),
            {"date": "2030-03-26", "time": "19:00", "place": "Town Hall", "notes": ""},
            follow=True,
        )
    assert Meeting.objects.get().place == "Town Hall"
    assert "Notices for its hearings must go out by March 12, 2030" in response.content.decode()


def test_a_refused_meeting_is_shown_with_what_was_typed(clerk, client):
    with at(date(2030, 4, 1), client, clerk):
        response = client.post(
            reverse("hearings:meeting-create"),
            {"date": "2030-03-26", "time": "19:00", "place": "Annex", "notes": "typed"},
        )
    assert response.status_code == 400
    page = response.content.decode()
    assert "day that has passed" in page and 'value="Annex"' in page


def test_scheduling_late_warns_that_notice_can_no_longer_be_given_in_time(clerk, client):
    application = b.new_hen_application(by=clerk)
    meeting = b.meeting(by=clerk)
    with at(date(2030, 3, 13), client, clerk):
        response = client.post(
            reverse("hearings:schedule"),
            {"application": application.pk, "meeting": meeting.pk},
            follow=True,
        )
    page = response.content.decode()
    assert DocketItem.objects.filter(application=application).exists()
    assert "The last day to give notice for the hearing of March 26, 2030 was March 12, 2030" in (
        page
    )


def test_the_schedule_form_starts_with_the_failing_rules_as_relief_sought(clerk, client):
    application = b.new_hen_application(by=clerk, setback_ft="38")
    b.meeting(by=clerk)
    with at(date(2030, 2, 2), client, clerk):
        response = client.get(
            reverse("hearings:schedule") + f"?application={application.pk}&meeting=x"
        )
    form = response.context["form"]
    assert form.initial["relief_sought"] == ["20-15.4.a"]
    assert "notices by <strong>Mar 12</strong>" in response.content.decode()


def test_a_refused_scheduling_keeps_the_choices_and_gives_the_reason(clerk, client):
    renewal = factories.hen_renewal(by=clerk)
    meeting = b.meeting(by=clerk)
    with at(date(2030, 2, 2), client, clerk):
        response = client.post(
            reverse("hearings:schedule"),
            {"application": renewal.pk, "meeting": meeting.pk, "staff_recommendation": "Kept"},
        )
    assert response.status_code == 400
    page = response.content.decode()
    assert "only when it enlarges the keeping" in page
    assert "Kept" in page


# --- Notices -------------------------------------------------------------------------------------


def test_the_clerk_pastes_article_numbers_and_marks_a_receipt(clerk, client):
    item = b.docketed(by=clerk, abutters=3)
    url = reverse("hearings:item-mailing-list", args=[item.pk])
    with at(date(2030, 3, 5), client, clerk):
        bad = client.post(url, {"numbers": "RE000000001US\nnope", "mailed_on": "2030-03-05"})
        assert bad.status_code == 400
        assert "Line 2" in bad.content.decode() and "nope" in bad.content.decode()
        client.post(
            url,
            {"numbers": "RE000000001US\n\nRE000000002US\nRE000000003US", "mailed_on": "2030-03-05"},
        )
        notice = AbutterNotice.objects.get(article_number="RE000000002US")
        client.post(
            reverse("hearings:notice-receipt", args=[notice.pk]),
            {f"r{notice.abutter_id}-returned_on": "2030-03-05"},
        )
        page = client.get(reverse("hearings:item-notices", args=[item.pk])).content.decode()
    assert AbutterNotice.objects.filter(mailed_on=date(2030, 3, 5)).count() == 3
    notice.refresh_from_db()
    assert notice.receipt_returned_on == date(2030, 3, 5)
    assert "3 of 3 mailed" in page and "Receipt returned</span> Mar 5, 2030" in page


def test_one_mailing_is_entered_for_one_abutter(clerk, client):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[1]
    url = reverse("hearings:item-mailing", args=[item.pk, abutter.pk])
    data = {f"a{abutter.pk}-article_number": "RE 111 222 333 US", f"a{abutter.pk}-mailed_on": ""}
    with at(date(2030, 3, 5), client, clerk):
        assert client.post(url, data).status_code == 400
        data[f"a{abutter.pk}-mailed_on"] = "2030-03-05"
        assert client.post(url, data).status_code == 302
    assert AbutterNotice.objects.get().article_number == "RE111222333US"


def test_the_legal_notice_is_drafted_edited_sent_and_published_from_its_page(clerk, client):
    item = b.docketed(by=clerk)
    meeting = item.meeting
    with at(date(2030, 3, 5), client, clerk):
        client.post(reverse("hearings:legal-notice-draft", args=[meeting.pk]))
        page = client.get(reverse("hearings:legal-notice", args=[meeting.pk]))
        assert item.application.applicant.name in page.content.decode()
        client.post(
            reverse("hearings:legal-notice", args=[meeting.pk]),
            {"text": "NOTICE. Edited.", "newspaper": "Stoneham Sun"},
        )
        client.post(
            reverse("hearings:legal-notice-sent", args=[meeting.pk]), {"sent_on": "2030-03-05"}
        )
        refused = client.post(
            reverse("hearings:legal-notice", args=[meeting.pk]),
            {"text": "Changed.", "newspaper": "Stoneham Sun"},
        )
        assert refused.status_code == 400 and "no longer edited" in refused.content.decode()
        client.post(
            reverse("hearings:legal-notice-published", args=[meeting.pk]),
            {"published_on": "2030-03-05", "newspaper": "Stoneham Sun"},
        )
    notice = LegalNotice.objects.get()
    assert (notice.text, notice.newspaper, notice.published_on) == (
        "NOTICE. Edited.",
        "Stoneham Sun",
        date(2030, 3, 5),
    )


def test_pdfs_are_served_as_pdf(clerk, clerk_client):
    item = b.docketed(by=clerk)
    for name, pk in (("item-letters", item.pk), ("item-labels", item.pk), ("agenda-pdf", None)):
        url = reverse(f"hearings:{name}", args=[pk or item.meeting.pk])
        response = clerk_client.get(url)
        assert response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF")


# --- Decisions -----------------------------------------------------------------------------------


def decision_data(board_member, **extra):
    return {
        "result": "approved",
        "decided_on": "2030-03-26",
        f"vote_{board_member.pk}": "yes",
        **extra,
    }


def test_a_board_member_records_an_approval_with_a_variance(clerk, board_member, client):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.attend_as_voting(item.meeting, {board_member: "yes"}, by=clerk)
    with at(b.HEARING, client, board_member):
        form = client.get(reverse("hearings:decide", args=[item.pk]))
        assert "Grant a variance of" in form.content.decode()
        response = client.post(
            reverse("hearings:decide", args=[item.pk]),
            decision_data(
                board_member,
                variance_rules=["20-15.4.a"],
                variance_finding="The lot is too narrow to move the coop.",
                variance_conditions="Fence it.",
                variance_expires_on="2031-12-31",
                approvals=["vermin_plan"],
            ),
        )
    assert response.status_code == 302
    decision = Decision.objects.get()
    assert decision.recorded_by == board_member
    assert Variance.objects.get().expires_on == date(2031, 12, 31)
    item.application.refresh_from_db()
    assert item.application.status == Application.Status.APPROVED


def test_a_refused_decision_shows_every_reason_and_keeps_what_was_typed(
    clerk, board_member, client
):
    item = b.docketed(by=clerk)
    with at(b.HEARING, client, board_member):
        response = client.post(
            reverse("hearings:decide", args=[item.pk]),
            decision_data(board_member, conditions="Typed conditions"),
        )
    page = response.content.decode()
    assert response.status_code == 400
    assert "have no registered-mail notice" in page
    assert "has not been published" in page
    assert "Typed conditions" in page
    assert not Decision.objects.exists()


def test_nonsense_in_the_decision_form_is_a_form_error_not_a_crash(clerk, board_member, client):
    item = b.noticed(by=clerk)
    with at(b.HEARING, client, board_member):
        response = client.post(
            reverse("hearings:decide", args=[item.pk]),
            {"result": "x", "decided_on": "tomorrow", "continue_to": "abc", "vote_1": "maybe"},
        )
    assert response.status_code == 400


def test_a_decided_item_sends_the_board_back_to_the_meeting(decided, board_member, client):
    client.force_login(board_member)
    response = client.get(reverse("hearings:decide", args=[decided.pk]))
    assert response.status_code == 302


# --- The docket page -----------------------------------------------------------------------------


def _past_archive(clerk, items: int) -> None:
    """`items` past docket items across past meetings, decided (bulk: only volume matters)."""
    applications = [b.new_hen_application(by=clerk) for _ in range(5)]
    meetings = Meeting.objects.bulk_create(
        Meeting(date=date(2029, 1, 1) + timedelta(days=n), time=time(19))
        for n in range(items // 20)
    )
    rows = DocketItem.objects.bulk_create(
        DocketItem(
            meeting=meetings[n % len(meetings)],
            application=applications[n % 5],
            kind=DocketItem.Kind.NEW_APPLICATION,
            status=DocketItem.Status.DECIDED,
            position=n,
        )
        for n in range(items)
    )
    Decision.objects.bulk_create(
        Decision(docket_item=row, result="denied", decided_on=row.meeting.date) for row in rows
    )


def _queries(client, user, url, day=date(2030, 3, 1)) -> tuple[int, str]:
    with at(day, client, user), CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries), response.content.decode()


def _docket_queries(client, user) -> tuple[int, str]:
    return _queries(client, user, reverse("hearings:docket"))


# The docket's queries for a coming meeting of two hearings: the session and its user, the
# coming meetings, the items and what the rules read of them, and one for the last past
# meetings, the town closures the notice clocks skip (once per request, hearings.clocks) and
# the meeting's Open Meeting Law postings (the items added after posting are marked).
# Their outcomes, a page of them counted, sliced and read in two more, cost 19. And the town's
# settings, once a request (stoneham_boh/town/current.py).
DOCKET_QUERIES = 19


def test_the_docket_costs_the_same_queries_for_2_or_40_items_and_5000_past(
    clerk, board_member, client
):
    first = b.docketed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.docketed(by=clerk, the_meeting=first.meeting)
    _past_archive(clerk, 20)
    _docket_queries(client, board_member)  # the Board's amendments, read once per process
    few, page = _docket_queries(client, board_member)
    assert "relief needed from §20-15(4)(a)" in page

    for _ in range(38):
        b.docketed(by=clerk, the_meeting=first.meeting)
    _past_archive(clerk, 5000 - 20)
    many, page = _docket_queries(client, board_member)
    assert page.count('class="card section-card mb-3 docket-entry"') == 40
    assert many == few
    assert many <= DOCKET_QUERIES


def test_the_docket_shows_each_item_for_the_board(clerk, board_member, client):
    item = b.docketed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    actions.update_docket_item(item=item, staff_recommendation="Recommend a fence.", by=clerk)
    with at(date(2030, 3, 1), client, board_member):
        page = client.get(reverse("hearings:docket")).content.decode()
    application = item.application
    for text in (
        application.applicant.name,
        application.lot.street_address,
        "6 chickens",
        "3 on the certified list",
        "Notices due by March 12, 2030",
        "relief needed from §20-15(4)(a)",
        "Coop C1 is 38 ft from the abutting property line",
        "Recommend a fence.",
        "Record the decision",
    ):
        assert text in page, text


def test_an_empty_docket_says_what_to_do(clerk_client):
    page = clerk_client.get(reverse("hearings:docket")).content.decode()
    assert "No meeting is scheduled. Schedule a meeting" in page
    assert "No meeting has taken place yet." in page


def test_the_docket_names_the_last_three_past_meetings_and_links_to_their_outcomes(
    clerk, board_member, client
):
    b.docketed(by=clerk)
    _past_archive(clerk, 5 * 20)  # five meetings, January 1 to 5, 2029, every hearing denied
    _, page = _docket_queries(client, board_member)
    past = page.split('id="past-heading"')[1].split("</section>")[0]
    newest = Meeting.objects.get(date=date(2029, 1, 5))
    assert f'href="{reverse("hearings:meeting-detail", args=[newest.pk])}"' in past
    for shown in ("Friday, January 5, 2029", "Thursday, January 4, 2029", "January 3, 2029"):
        assert shown in past
    assert "January 2, 2029" not in page
    assert f'href="{reverse("hearings:past-meetings")}"' in past
    assert "All past meetings and their outcomes" in past
    # The outcomes are a link away: not one past hearing's decision is on the docket.
    assert "Denied" not in page


# --- The past meetings page ----------------------------------------------------------------------


def _past_meetings_page(client, user, day=date(2030, 3, 1), page=1) -> tuple[int, str]:
    return _queries(client, user, reverse("hearings:past-meetings") + f"?page={page}", day)


def test_the_past_meetings_page_lists_what_the_board_decided_at_each_hearing(
    decided, clerk, board_member, client
):
    """The approval with its variance at the March 26 meeting; a hearing continued on
    April 2 to April 23, still to come and so not a past meeting."""
    continued = b.docketed(by=clerk, on=b.HEARING + timedelta(days=7))
    later = b.meeting(by=clerk, on=b.HEARING + timedelta(days=28))
    b.decide(continued, by=board_member, result="continued", continue_to=later, today=later.date)
    _, page = _past_meetings_page(client, board_member, day=date(2030, 4, 10))
    assert "Past meetings and their outcomes" in page
    assert f'href="{reverse("hearings:docket")}">Docket</a>' in page  # the breadcrumb
    assert page.count('class="border-bottom py-2 past-meeting"') == 2
    march, april = (decided.meeting, continued.meeting)
    assert page.index("Tuesday, April 2, 2030") < page.index("Tuesday, March 26, 2030")
    for meeting in (march, april):
        assert f'href="{reverse("hearings:meeting-detail", args=[meeting.pk])}"' in page
    assert "Tuesday, April 23, 2030" not in page
    text = " ".join(strip_tags(page).split())
    for item, outcome in (
        (decided, "Approved {} · {} · variance of §20-15(4)(a)"),
        (continued, "Continued {} · {} · continued to Apr 23, 2030"),
    ):
        application = item.application
        assert outcome.format(application.applicant.name, application.lot.street_address) in text
    assert 'class="badge badge-status status-pass">Approved' in page


def test_the_past_meetings_page_goes_through_the_archive_a_page_at_a_time(
    clerk, board_member, client
):
    _past_archive(clerk, 20)  # one meeting of twenty hearings
    one, page = _past_meetings_page(client, board_member)
    assert page.count('class="border-bottom py-2 past-meeting"') == 1
    assert page.count("Denied</span>") == 20
    assert 'aria-label="Pages"' not in page

    _past_archive(clerk, 29 * 20)  # thirty meetings: twenty-five on the first page, five after
    first_count, first = _past_meetings_page(client, board_member)
    assert first.count('class="border-bottom py-2 past-meeting"') == 25
    assert "30 meetings, newest first" in first
    assert "Page 1 of 2" in first and 'rel="next"' in first
    _, second = _past_meetings_page(client, board_member, page=2)
    assert second.count('class="border-bottom py-2 past-meeting"') == 5
    assert "Page 2 of 2" in second
    assert first_count == one


def test_the_past_meetings_page_says_when_the_board_has_not_met(clerk_client):
    page = clerk_client.get(reverse("hearings:past-meetings")).content.decode()
    assert "No meeting has taken place yet." in page
    assert 'class="border-bottom py-2 past-meeting"' not in page


# --- The application page's hearing partial ------------------------------------------------------


def _partial_queries(application, **context) -> tuple[int, str]:
    application = b.refresh(application)
    # The Town's calendar (its closures) is read once a request, whatever the page shows: the
    # partial is rendered within a request that has already read it. As Django's test client
    # does, the request's signals leave the test's database connection alone.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    request_started.send(sender=None)
    try:
        # So are the town's settings and the Board's amendments (stoneham_boh/town/current.py).
        with town_scope():
            town_calendar()
            ruleset_on(date.today())
            with CaptureQueriesContext(connection) as queries:
                html = render_to_string(
                    "hearings/_application_hearing.html",
                    {
                        "application": application,
                        "hearing": application_hearing(application),
                        **context,
                    },
                )
    finally:
        request_finished.send(sender=None)
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    return len(queries), html


def test_the_application_partial_is_cheap_and_shows_hearings_and_variances(
    decided, clerk, board_member
):
    count, html = _partial_queries(decided.application, is_board_member=True)
    assert count == 0
    assert "Approved" in html and "§20-15(4)(a)" in html and "Written decision" in html

    item = b.docketed(by=clerk, on=b.HEARING + timedelta(days=7))
    later = b.meeting(by=clerk, on=b.HEARING + timedelta(days=28))
    b.decide(item, by=board_member, result="continued", continue_to=later, today=later.date)
    count, html = _partial_queries(item.application, is_clerk=True)
    assert count == 0
    assert "Continued" in html and "Notices and mailing" in html


# --- Public pages --------------------------------------------------------------------------------


def test_public_hearings_show_sent_legal_notices_only(clerk, client):
    sent = b.docketed(by=clerk)
    b.publish(sent.meeting, by=clerk)
    LegalNotice.objects.filter(meeting=sent.meeting).update(text="PUBLISHED NOTICE TEXT")
    draft = b.docketed(by=clerk, the_meeting=b.meeting(by=clerk, on=b.HEARING + timedelta(28)))
    actions.draft_legal_notice(meeting=draft.meeting, by=clerk)
    with at(date(2030, 3, 13)):
        page = client.get(reverse("hearings:public-hearings")).content.decode()
    assert "PUBLISHED NOTICE TEXT" in page
    assert draft.application.applicant.name not in page
    assert "will appear here once it is sent" in page


def test_the_variance_register_lists_variances_in_effect_only(decided, clerk, client):
    variance = Variance.objects.get()
    with at(date(2030, 4, 1)):
        page = client.get(reverse("hearings:variance-register")).content.decode()
        assert decided.application.lot.street_address in page
        assert "A fence." in page and "§20-15(4)(a)" in page
        assert (
            client.get(reverse("hearings:variance-decision", args=[variance.pk])).status_code == 200
        )
        missing = client.get(reverse("hearings:variance-register"), {"q": "Nowhere Lane"})
        assert "No variance in effect matches" in missing.content.decode()
    Variance.objects.filter(pk=variance.pk).update(expires_on=date(2030, 12, 31))
    with at(date(2031, 1, 1)):
        page = client.get(reverse("hearings:variance-register")).content.decode()
        assert decided.application.lot.street_address not in page
        assert (
            client.get(reverse("hearings:variance-decision", args=[variance.pk])).status_code == 404
        )
