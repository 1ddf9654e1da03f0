"""Every URL of the project, for every role, answers as this table says (item 1 of the trust issue).

The URL names come from the resolver, so a new page without an entry in MATRIX fails
`test_every_url_has_an_entry`, and its own test fails until someone says who may open it.
Pages are opened with GET; views that only take POST are sent an empty POST instead, which
must meet the same access check before any validation.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.trust.pages import ARGS, url_for, url_names
from tests.universe import client_for
from tests.world import ROLES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_template_rendering")]

LOGIN = "login"  # 302 to the log-in page
REDIRECT = "redirect"  # 302 anywhere but the log-in page
ADMITTED = "admitted"  # past the access check: 200, 302 (not to log-in), 400 or 409, by the data
ADMIN_LOGIN = "admin login"  # the Django admin's own log-in


def _row(anonymous, applicant_a, applicant_b, clerk, agent, board, admin) -> dict:
    return dict(
        zip(ROLES, (anonymous, applicant_a, applicant_b, clerk, agent, board, admin), strict=True)
    )


def public(ok=200):
    return _row(ok, ok, ok, ok, ok, ok, ok)


def signed_in(ok=200, anonymous=LOGIN):
    return _row(anonymous, ok, ok, ok, ok, ok, ok)


def staff(*roles, ok=200):
    """Staff pages: `roles` (and administrators) get `ok`, other staff 403, applicants 403."""
    return _row(
        LOGIN,
        403,
        403,
        ok if "clerk" in roles else 403,
        ok if "agent" in roles else 403,
        ok if "board" in roles else 403,
        ok,
    )


ALL_STAFF = ("clerk", "agent", "board")
ADMIN_ONLY = _row(LOGIN, 403, 403, 403, 403, 403, 200)
# An applicant's own page of applicant A's record: B gets 404 (not 403: the record's existence
# is not confirmed); staff, administrators included, have pages of their own (403).
OWN_RECORD_OF_A = _row(LOGIN, 200, 404, 403, 403, 403, 403)
# The same, for a button that answers A by going back to the page (POST/redirect/GET).
OWN_RECORD_OF_A_ACTION = _row(LOGIN, ADMITTED, 404, 403, 403, 403, 403)

GET, POST = "GET", "POST"

MATRIX: dict[str, tuple[str, dict]] = {
    # Public pages.
    "public-home": (GET, public()),
    "permits:permit-verify": (GET, public()),
    "permits:regulations": (GET, public()),
    "permits:regulation-detail": (GET, public()),
    "permits:regulation-pdf": (GET, public()),
    "hearings:public-hearings": (GET, public()),
    "hearings:variance-register": (GET, public()),
    "hearings:variance-decision": (GET, public()),
    "permits:pre-check": (GET, public()),
    "records:ask": (GET, public()),
    "records:ask-sent": (GET, public(REDIRECT)),  # nothing sent yet: back to the form
    "permits:verify-lookup": (GET, public()),
    "permits:accept-invitation": (GET, public(404)),  # an unknown token
    # Accounts.
    "home": (GET, signed_in()),
    "login": (GET, signed_in(REDIRECT, anonymous=200)),
    "logout": (POST, public(REDIRECT)),
    "password_change": (GET, signed_in()),
    "password_change_done": (GET, signed_in()),
    # Sign-up, confirmation and reset (django-allauth): open to anyone, since a signed-in
    # user may still reset a forgotten password; sign-up sends a signed-in user home.
    "account_login": (GET, _row(LOGIN, LOGIN, LOGIN, LOGIN, LOGIN, LOGIN, LOGIN)),
    "account_signup": (GET, signed_in(REDIRECT, anonymous=200)),
    # The code page with no sign-up pending: to log in, or (logged in) home.
    "account_email_verification_sent": (GET, signed_in(REDIRECT, anonymous=REDIRECT)),
    "account_email": (GET, public(REDIRECT)),
    "account_reset_password": (GET, public()),
    "account_reset_password_done": (GET, public()),
    "account_reset_password_from_key": (GET, public()),  # an unknown key: "already used"
    "account_reset_password_from_key_done": (GET, public()),
    "two_factor:setup": (GET, signed_in()),
    "two_factor:verify": (GET, signed_in(REDIRECT)),  # nothing owed: on to the next page
    "two_factor:recovery-codes": (GET, signed_in()),
    # The applicant's own pages.
    "permits:my-applications": (GET, _row(LOGIN, 200, 200, 403, 403, 403, 403)),
    "permits:my-application": (GET, OWN_RECORD_OF_A),
    "permits:my-permit-pdf": (GET, OWN_RECORD_OF_A),
    "permits:my-renewal": (GET, OWN_RECORD_OF_A),
    "permits:invite-applicant": (POST, staff("clerk", ok=ADMITTED)),
    # Applying online: the pre-check's answers (anyone: an empty plan is shown again), then
    # the applicant's own drafts; the clerk's review of what was sent.
    "permits:apply-with-answers": (POST, public()),
    "permits:apply-start": (GET, _row(LOGIN, 200, 200, 403, 403, 403, 403)),
    # Public: a redirect, to the online route or (staff) to the intake.
    "permits:apply": (GET, public(REDIRECT)),
    "permits:my-application-edit": (GET, OWN_RECORD_OF_A),
    "permits:my-application-compliance": (POST, OWN_RECORD_OF_A),
    "permits:my-document-upload": (POST, OWN_RECORD_OF_A),
    "permits:my-supplement": (POST, OWN_RECORD_OF_A_ACTION),
    "permits:my-application-withdraw": (GET, OWN_RECORD_OF_A),
    "permits:online-review": (GET, staff("clerk")),
    # Permits and applications.
    "permits:permit-list": (GET, staff(*ALL_STAFF)),
    "permits:permit-detail": (GET, staff(*ALL_STAFF)),
    "permits:permit-history": (GET, staff(*ALL_STAFF)),
    "permits:permit-pdf": (GET, staff(*ALL_STAFF)),
    "permits:permit-void": (POST, staff("clerk", ok=ADMITTED)),
    "permits:account-link-decide": (POST, staff("clerk", ok=ADMITTED)),
    "permits:details-change-decide": (POST, staff("clerk", ok=ADMITTED)),
    "permits:renewal-start": (POST, staff("clerk", ok=ADMITTED)),
    "permits:renewal-list": (GET, staff("clerk")),
    "permits:renewal-together": (GET, staff("clerk")),
    "permits:renewal-batch": (GET, staff("clerk")),
    "permits:renewal-batch-pdf": (GET, staff("clerk", ok=ADMITTED)),
    "permits:renewal-letters": (GET, staff("clerk")),
    "permits:register-checked": (GET, staff("board")),
    # The public records API and its documentation (issue 25 point 4).
    "api:index": (GET, public()),
    "api:permits": (GET, public()),
    "api:variances": (GET, public()),
    "api:hearings": (GET, public()),
    "api:decisions": (GET, public()),
    "api:minutes": (GET, public()),
    # Every record out is the administrator's (issue 25 point 4).
    "records": (GET, _row(LOGIN, 403, 403, 403, 403, 403, 200)),
    "records-export": (GET, _row(LOGIN, 403, 403, 403, 403, 403, 200)),
    # Loading the town's register is the administrator's (issue 25 point 3).
    "permits:register-import": (GET, _row(LOGIN, 403, 403, 403, 403, 403, 200)),
    "permits:register-import-run": (POST, _row(LOGIN, 403, 403, 403, 403, 403, ADMITTED)),
    "permits:register-unmatched": (GET, staff("clerk")),
    "permits:application-list": (GET, staff(*ALL_STAFF)),
    "permits:application-new": (GET, staff("clerk")),
    "permits:intake-search": (GET, staff("clerk")),
    "permits:application-detail": (GET, staff(*ALL_STAFF)),
    "permits:application-history": (GET, staff(*ALL_STAFF)),
    "permits:application-edit": (GET, staff("clerk")),
    "permits:application-compliance": (GET, staff(*ALL_STAFF)),
    "permits:document-upload": (POST, staff("clerk", ok=ADMITTED)),
    "permits:document-paper": (POST, staff("clerk", ok=ADMITTED)),
    "permits:payment-add": (POST, staff("clerk", ok=ADMITTED)),
    "permits:payment-correct": (POST, staff("clerk", ok=ADMITTED)),
    "permits:payments-day": (GET, staff("clerk")),
    "permits:letter-write": (GET, staff("clerk")),
    "permits:letter-print": (GET, staff("clerk")),
    "search": (GET, staff(*ALL_STAFF)),
    "day-changes": (GET, staff("clerk")),
    "permits:application-issue": (POST, staff("clerk", ok=ADMITTED)),
    "permits:application-unreceive": (POST, staff("clerk", ok=ADMITTED)),
    "permits:construction-inspector": (POST, staff("clerk", ok=ADMITTED)),
    "permits:application-legacy": (POST, staff("clerk", ok=ADMITTED)),
    "permits:document-download": (GET, staff(*ALL_STAFF)),
    "permits:document-void": (POST, staff("clerk", ok=ADMITTED)),
    "permits:document-accept": (POST, staff("clerk", ok=ADMITTED)),
    # The application's certified abutter list and its site plan.
    "permits:abutter-import": (GET, staff("clerk")),
    "permits:abutter-add": (POST, staff("clerk", ok=ADMITTED)),
    "permits:abutter-certify": (POST, staff("clerk", ok=ADMITTED)),
    "permits:abutter-void": (POST, staff("clerk", ok=ADMITTED)),
    "permits:abutter-draft": (POST, staff("clerk", ok=ADMITTED)),
    "permits:abutter-draft-csv": (GET, staff("clerk", ok=ADMITTED)),
    "permits:abutter-draft-xlsx": (GET, staff("clerk", ok=ADMITTED)),
    "permits:abutter-draft-pdf": (GET, staff("clerk", ok=ADMITTED)),
    "permits:site-plan": (GET, staff("clerk")),
    "permits:site-plan-figure": (GET, staff(*ALL_STAFF)),
    "permits:site-plan-measure": (POST, staff("clerk", ok=ADMITTED)),
    "permits:applicant-list": (GET, staff(*ALL_STAFF)),
    "permits:applicant-detail": (GET, staff(*ALL_STAFF)),
    # Lots and abutters.
    "facilities:lot-list": (GET, staff(*ALL_STAFF)),
    "facilities:lot-detail": (GET, staff(*ALL_STAFF)),
    "facilities:lot-unmapped-reason": (POST, staff("clerk", ok=ADMITTED)),
    "facilities:lot-parcel-id": (POST, staff("clerk", ok=ADMITTED)),
    "facilities:lot-parcel-id-correct": (POST, staff("clerk", ok=ADMITTED)),
    # The site's icon, for browsers that ask for it by its old name.
    "favicon": (GET, public(REDIRECT)),
    # The old addresses of the plan and abutter pages (now permits'): a permanent redirect for
    # anyone, the new page checking who asks.
    **{
        f"facilities:moved-{name}": (GET, public(308))
        for name in (
            "abutter-import",
            "abutter-add",
            "abutter-certify",
            "abutter-void",
            "site-plan",
            "site-plan-figure",
            "site-plan-measure",
            "abutter-draft",
            "abutter-draft-csv",
            "abutter-draft-pdf",
        )
    },
    # Hearings.
    "hearings:docket": (GET, staff(*ALL_STAFF)),
    "hearings:schedule": (GET, staff("clerk")),
    "hearings:meeting-create": (GET, staff("clerk")),
    "hearings:past-meetings": (GET, staff(*ALL_STAFF)),
    "hearings:meeting-detail": (GET, staff(*ALL_STAFF)),
    "hearings:meeting-history": (GET, staff(*ALL_STAFF)),
    "hearings:agenda-pdf": (GET, staff(*ALL_STAFF)),
    "hearings:meeting-letters": (GET, staff("clerk")),
    "hearings:meeting-labels": (GET, staff("clerk")),
    "hearings:meeting-notice": (GET, staff(*ALL_STAFF)),
    "hearings:meeting-notice-posted": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:meeting-notice-pdf": (GET, staff(*ALL_STAFF)),
    "hearings:item-newspaper-charge": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:decision-sent": (GET, staff(*ALL_STAFF)),
    "hearings:decision-mailing": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:decision-receipt": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:decision-correct": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:minutes": (GET, staff(*ALL_STAFF)),
    "hearings:minutes-draft": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:minutes-edit": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:minutes-approve": (POST, staff("clerk", "board", ok=ADMITTED)),
    "hearings:minutes-release": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:minutes-pdf": (GET, staff(*ALL_STAFF)),
    "hearings:public-minutes": (GET, public()),
    "hearings:public-minutes-detail": (GET, public()),
    "hearings:legal-notice": (GET, staff("clerk")),
    "hearings:legal-notice-draft": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:legal-notice-sent": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:legal-notice-print": (GET, staff("clerk")),
    "hearings:legal-notice-email": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:legal-notice-published": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:legal-notice-online": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:legal-notice-proof": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:legal-notice-proof-download": (GET, staff(*ALL_STAFF)),
    "hearings:legal-notice-proof-void": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:item-notices": (GET, staff("clerk", "board")),
    "hearings:item-history": (GET, staff("clerk")),
    "hearings:item-edit": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:item-withdraw": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:item-mailing": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:item-mailing-list": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:item-letters": (GET, staff("clerk")),
    "hearings:item-labels": (GET, staff("clerk")),
    "hearings:item-mailing-book": (GET, staff("clerk")),
    # The Board's votes are recorded from a member's own log-in: the administrator does not
    # pass as a member (issue 23 point 6).
    "hearings:decide": (GET, _row(LOGIN, 403, 403, 403, 403, 200, 403)),
    "hearings:decision-pdf": (GET, staff(*ALL_STAFF)),
    "hearings:decision-letter-pdf": (GET, staff("clerk")),
    "hearings:notice-receipt": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:board-members": (GET, staff(*ALL_STAFF)),
    # The Board's roll is the administrator's alone (issue 22 finding 2).
    "hearings:board-member-add": (POST, _row(LOGIN, 403, 403, 403, 403, 403, ADMITTED)),
    "hearings:board-member-end": (POST, _row(LOGIN, 403, 403, 403, 403, 403, ADMITTED)),
    "hearings:board-seats": (POST, _row(LOGIN, 403, 403, 403, 403, 403, ADMITTED)),
    "hearings:my-votes": (GET, staff("board")),
    # The town's settings, the letters' wording and the Board's amendments: the administrator's.
    "town:settings": (GET, ADMIN_ONLY),
    "town:history": (GET, ADMIN_ONLY),
    "town:standing-texts": (GET, ADMIN_ONLY),
    "town:standing-text": (GET, ADMIN_ONLY),
    "town:standing-text-history": (GET, ADMIN_ONLY),
    # An amendment is the Board's vote, recorded by the member presiding (issue 33 finding 3).
    "amendments:list": (GET, staff("board")),
    "amendments:detail": (GET, staff("board")),
    "amendments:history": (GET, staff("board")),
    # A member disputes only a vote recorded in their own name: anyone else's is not found.
    "hearings:vote-dispute": (POST, _row(LOGIN, 403, 403, 403, 403, ADMITTED, 404)),
    # The disputes the Board settles; the settlement is the Board's vote (issue 33 finding 14).
    "hearings:disputes": (GET, staff("clerk", "board")),
    "hearings:dispute-settle": (POST, staff("board", ok=ADMITTED)),
    "hearings:meeting-attendance": (GET, staff("clerk", "board")),
    # An executive session's minutes are withheld: the Board and its clerk keep them.
    "hearings:executive-session-enter": (POST, staff("clerk", "board", ok=ADMITTED)),
    "hearings:executive-session": (GET, staff("clerk", "board")),
    "hearings:executive-session-minutes": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:executive-session-release": (POST, staff("clerk", "board", ok=ADMITTED)),
    "hearings:register-acceptance": (GET, staff("clerk")),
    "hearings:revocation-open": (GET, staff("clerk")),
    "hearings:revocation-detail": (GET, staff(*ALL_STAFF)),
    "hearings:revocation-notice": (POST, staff("clerk", ok=ADMITTED)),
    "hearings:revocation-notice-pdf": (GET, staff("clerk")),
    "hearings:approval-request": (GET, staff("clerk")),
    "hearings:rescission-open": (GET, staff("clerk")),
    # Inspections, complaints and orders.
    "inspections:agenda": (GET, staff(*ALL_STAFF)),
    "inspections:inspection-list": (GET, staff(*ALL_STAFF)),
    "inspections:inspection-new": (GET, staff("agent")),
    "inspections:inspection-detail": (GET, staff(*ALL_STAFF)),
    "inspections:inspection-history": (GET, staff(*ALL_STAFF)),
    "inspections:inspection-record": (GET, staff("agent")),
    "inspections:inspection-cancel": (POST, staff("agent", ok=ADMITTED)),
    "inspections:inspection-report": (GET, staff(*ALL_STAFF)),
    "inspections:lot-history": (GET, staff(*ALL_STAFF)),
    "inspections:lot-summary": (GET, staff(*ALL_STAFF)),
    "facilities:lot-merge": (GET, staff("clerk")),
    # Its old address, from when merging was the inspections' (issue 35): a redirect for anyone.
    "inspections:moved-lot-merge": (GET, public(308)),
    "inspections:photo": (GET, staff(*ALL_STAFF)),
    "inspections:photo-thumbnail": (GET, staff(*ALL_STAFF)),
    "inspections:complaint-list": (GET, staff("clerk", "agent")),
    "inspections:complaint-new": (GET, staff("clerk", "agent")),
    "inspections:lot-search": (GET, staff("clerk", "agent")),
    "inspections:complaint-detail": (GET, staff("clerk", "agent")),
    "inspections:complaint-schedule": (POST, staff("agent", ok=ADMITTED)),
    "inspections:complaint-close": (POST, staff("clerk", "agent", ok=ADMITTED)),
    "inspections:order-dashboard": (GET, staff(*ALL_STAFF)),
    "inspections:order-new": (GET, staff("agent")),
    "inspections:order-detail": (GET, staff(*ALL_STAFF)),
    "inspections:order-letter": (GET, staff(*ALL_STAFF)),
    "inspections:order-abate": (POST, staff("agent", ok=ADMITTED)),
    "inspections:order-extend": (POST, staff("agent", ok=ADMITTED)),
    "inspections:order-unabated": (POST, staff("agent", ok=ADMITTED)),
    "inspections:order-withdraw": (POST, staff("agent", ok=ADMITTED)),
    "inspections:census": (GET, staff(*ALL_STAFF)),
    "inspections:census-csv": (GET, staff(*ALL_STAFF)),
    "inspections:census-xlsx": (GET, staff(*ALL_STAFF)),
    # The agent's phone app: a worker answered with a redirect or 403 never installs.
    "inspections:field-report": (GET, staff(*ALL_STAFF)),
    "inspections:field-report-carry": (POST, staff("agent", ok=ADMITTED)),
    "inspections:field-report-keep": (POST, staff("agent", ok=ADMITTED)),
    "inspections:field-report-photo": (GET, staff(*ALL_STAFF)),
    "inspections:field-report-photo-thumbnail": (GET, staff(*ALL_STAFF)),
    "inspections:service-worker": (GET, staff("agent")),
    "inspections:manifest": (GET, staff("agent")),
    # Public records requests are the clerk's (c.66 §10).
    "records:request-list": (GET, staff("clerk")),
    "records:request-new": (GET, staff("clerk")),
    "records:request-detail": (GET, staff("clerk")),
    "records:request-redact": (POST, staff("clerk", ok=ADMITTED)),
    "records:request-redact-passage": (POST, staff("clerk", ok=ADMITTED)),
    "records:request-respond": (POST, staff("clerk", ok=ADMITTED)),
    "records:written-response-draft": (POST, staff("clerk", ok=ADMITTED)),
    "records:written-response-pdf": (GET, staff("clerk")),
    "records:written-response-sign": (POST, staff("clerk", ok=ADMITTED)),
    "records:package-pdf": (GET, staff("clerk")),
    "records:package-zip": (GET, staff("clerk")),
    "records:redaction-withdraw": (POST, staff("clerk", ok=ADMITTED)),
    "records:complainant-release": (POST, staff("clerk", ok=ADMITTED)),
    "records:complainant-withhold-again": (POST, staff("clerk", ok=ADMITTED)),
    # Retention: the Board's clerk reads and holds; destroying asks the Town Clerk's
    # permission inside the action (a refusal is a message on the same page).
    "records:retention": (GET, staff("clerk")),
    "records:destruction-log": (GET, staff("clerk")),
    "records:retention-series": (GET, staff("clerk")),
    "records:retention-period": (POST, staff("clerk", ok=ADMITTED)),
    "records:hold-place": (POST, staff("clerk", ok=ADMITTED)),
    "records:hold-release": (POST, staff("clerk", ok=ADMITTED)),
    "records:record-destroy": (POST, staff("clerk", ok=ADMITTED)),
}

# The Django admin is the administrator's alone; everyone else is sent to its log-in. Its
# access check is one wrapper around every admin view, so three roles stand for all.
ADMIN_ROLES = ("anonymous", "applicant_a", "clerk", "admin")
ADMIN_EXPECTED = {"anonymous": ADMIN_LOGIN, "applicant_a": ADMIN_LOGIN, "clerk": ADMIN_LOGIN}
ADMIN_OWN_PAGES = {
    # The admin's log-in page opens for anyone; a logged-in administrator is sent on.
    "admin:login": {"anonymous": 200, "applicant_a": 200, "clerk": 200, "admin": REDIRECT},
    # Log-out takes only POST; the admin sends anyone else back to its index.
    "admin:logout": {
        "anonymous": REDIRECT,
        "applicant_a": REDIRECT,
        "clerk": REDIRECT,
        "admin": 405,
    },
}

NAMES = url_names()
OURS = [name for name in NAMES if not name.startswith("admin:")]
ADMIN = [name for name in NAMES if name.startswith("admin:")]


def outcome(response) -> str | int:
    if response.status_code in (301, 302):
        location = response["Location"]
        if location.startswith(reverse("login")):
            return LOGIN
        if location.startswith(reverse("admin:login")):
            return ADMIN_LOGIN
        return REDIRECT
    return response.status_code


def meets(actual, expected) -> bool:
    if expected == ADMITTED:
        # The action itself may refuse (409) or find the data wanting (400, 200 with errors).
        return actual in (200, 400, 409, REDIRECT)
    return actual == expected


def answers(method: str, url: str, world, roles=ROLES) -> dict:
    got = {}
    for role in roles:
        client = client_for(role, world)
        response = client.post(url) if method == POST else client.get(url)
        got[role] = outcome(response)
    return got


def test_every_url_has_an_entry():
    missing = [name for name in OURS if name not in MATRIX]
    assert not missing, f"URLs with no entry in the access matrix: {missing}"
    stale = sorted(set(MATRIX) - set(OURS))
    assert not stale, f"entries for URLs that no longer exist: {stale}"


def test_every_url_with_arguments_knows_its_records():
    missing = [
        name for name in OURS if re.search(r"<|\(\?P", _pattern_of(name)) and name not in ARGS
    ]
    assert not missing, f"say in tests/trust/pages.py ARGS which record opens: {missing}"


def _pattern_of(name: str) -> str:
    from django.urls import get_resolver

    possibilities = get_resolver().reverse_dict.getlist(name.rsplit(":", 1)[-1])
    return str(possibilities) if possibilities else ""


@pytest.mark.parametrize("name", OURS)
def test_each_role_gets_what_the_matrix_says(name, world):
    assert name in MATRIX, f"{name} has no entry in MATRIX: say who may open it"
    method, expected = MATRIX[name]
    got = answers(method, url_for(name, world), world)
    wrong = {
        role: (got[role], expected[role]) for role in ROLES if not meets(got[role], expected[role])
    }
    assert not wrong, f"{method} {name}: role: (got, expected) {wrong}"


def one_role_per_answer(expected: dict) -> tuple[str, ...]:
    """The first role of each different answer a row expects: the same checks, fewer requests."""
    first: dict[str, str] = {}
    for role in ROLES:
        first.setdefault(str(expected[role]), role)
    return tuple(first.values())


@pytest.mark.parametrize("name", OURS)
def test_with_debug_on_each_role_gets_what_the_matrix_says(name, world, settings):
    """The demo a Board evaluates and a developer's machine run with DEBUG on, where the site's
    error pages answer failures themselves: a refusal must still be Django's 403, never the 500
    page (issue 38 L1). One role for each answer the row expects (a page's 403 for one role
    stands for the same 403 for the others) keeps this second pass near half the first's cost."""
    settings.DEBUG = True
    method, expected = MATRIX[name]
    roles = one_role_per_answer(expected)
    got = answers(method, url_for(name, world), world, roles=roles)
    wrong = {
        role: (got[role], expected[role]) for role in roles if not meets(got[role], expected[role])
    }
    assert not wrong, f"DEBUG on: {method} {name}: role: (got, expected) {wrong}"


def admin_url(name: str) -> str:
    """The admin URL with made-up arguments: only the access check matters here."""
    from django.urls import NoReverseMatch

    for kwargs in ({}, {"object_id": "1"}, {"app_label": "permits"}, {"url": "x"}):
        try:
            return reverse(name, kwargs=kwargs)
        except NoReverseMatch:
            continue
    pattern = re.sub(r"<[^>]+>", "1", name.split(":", 1)[1])
    return reverse("admin:index") + pattern


@pytest.mark.parametrize("name", ADMIN)
def test_the_admin_is_for_administrators_only(name, world):
    url = admin_url(name)
    got = answers(GET, url, world, roles=ADMIN_ROLES)
    expected = ADMIN_OWN_PAGES.get(name, ADMIN_EXPECTED)
    wrong = {role: got[role] for role in expected if not meets(got[role], expected[role])}
    assert not wrong, f"{url}: {wrong}"
    if name not in ADMIN_OWN_PAGES:
        # With made-up arguments an administrator may meet a 404, or a 403 where the admin
        # allows no adding (the log-in audit); never a server error.
        assert got["admin"] in (200, 403, 404, REDIRECT), f"{url}: admin got {got['admin']}"


@pytest.mark.parametrize("name", OURS)
def test_without_two_factor_no_staff_page_opens_when_it_is_required(name, world, settings):
    """With REQUIRE_STAFF_2FA, a clerk who has not set it up reaches only the set-up page."""
    settings.REQUIRE_STAFF_2FA = True
    method, expected = MATRIX[name]
    client = Client()
    client.force_login(world.users["clerk"])
    response = (
        client.post(url_for(name, world)) if method == POST else client.get(url_for(name, world))
    )
    open_before = {"two_factor:setup", "two_factor:verify", "logout"}
    if name in open_before:
        assert response.status_code < 500
    else:
        assert response.status_code == 302, name
        assert response["Location"].startswith(reverse("two_factor:setup")), name


# --- Record level: one applicant never reaches another's records ------------------------------


def test_applicant_a_cannot_open_any_page_of_applicant_bs_records(world):
    client = client_for("applicant_a", world)
    # A page that takes no POST says so (405) before it looks for the record.
    for name, pk, posted in (
        ("permits:my-application", world.open_application_b.pk, 405),
        ("permits:my-application", world.application_b.pk, 405),
        ("permits:my-permit-pdf", world.permit_b.pk, 405),
        ("permits:my-renewal", world.permit_b.pk, 404),
    ):
        assert client.get(reverse(name, kwargs={"pk": pk})).status_code == 404, name
        assert client.post(reverse(name, kwargs={"pk": pk})).status_code == posted, name
    # Sending a document to B's application: not found, whatever is sent.
    sent = client.post(
        reverse("permits:my-supplement", kwargs={"pk": world.open_application_b.pk}),
        {"kind": "certified_abutter_list"},
    )
    assert sent.status_code == 404


def test_applicant_a_cannot_open_any_document_or_staff_pdf(world):
    client = client_for("applicant_a", world)
    for name, pk in (
        ("permits:document-download", world.document_a.pk),
        ("permits:document-download", world.document_b.pk),
        ("permits:permit-pdf", world.permit_b.pk),
        ("permits:permit-pdf", world.permit_a.pk),
        ("inspections:photo", world.photo.pk),
        ("inspections:photo-thumbnail", world.photo.pk),
        ("inspections:inspection-report", world.inspection.pk),
    ):
        assert client.get(reverse(name, kwargs={"pk": pk})).status_code == 403, name


def test_applicant_a_sees_only_her_own_records_in_her_list(world):
    page = client_for("applicant_a", world).get(reverse("permits:my-applications")).content.decode()
    assert world.permit_a.number in page
    assert world.permit_b.number not in page
    assert world.applicant_b.name not in page
    assert world.lot_b.street_address not in page


def test_applicant_a_gets_her_own_permit_as_a_pdf(world):
    response = client_for("applicant_a", world).get(
        reverse("permits:my-permit-pdf", kwargs={"pk": world.permit_a.pk})
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"


@pytest.mark.parametrize(
    "name", ["permits:my-application", "permits:my-permit-pdf", "permits:my-renewal"]
)
def test_a_made_up_record_number_is_a_404_like_anothers_record(name, world):
    client = client_for("applicant_a", world)
    assert client.get(reverse(name, kwargs={"pk": 999_999})).status_code == 404
