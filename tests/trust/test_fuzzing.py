"""Every form of the project, fed generated input through its own page, never gets a 500
(item 7 of the trust issue); `check_rules` fed generated and broken JSON never shows a traceback.

The forms are found by introspection (every Form, ModelForm, formset and FilterSet class of
our apps); FORM_PAGES says on which page each is shown, and a class with no page fails the
suite. For each page, the test reads the forms a browser would see (names, selects, hidden
management fields, file inputs) and sends FUZZ_EXAMPLES generated submissions to each form's
action, as the role that uses the page, each in a savepoint that is rolled back.
"""

from __future__ import annotations

import importlib
import inspect
import io
import json
import os
import pkgutil
import re
from datetime import date

import django_filters
import pytest
import time_machine
from django import forms
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, seed
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tests import seeds
from tests.trust.forms_on_pages import Field, Form, forms_in
from tests.trust.traps import NUMERIC_TRAPS
from tests.universe import client_for
from tests.world import PDF, RENEWAL_SEASON, jpeg

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_template_rendering")]

# Every run fuzzes a little with the source tree's seed (tests/seeds.py: a change fuzzes inputs
# the last tree did not, and CI those a run here did), printed in the run's header; `make fuzz`
# runs the full budget, FUZZ_SEED=random with a fresh seed. A failure is replayed with
# FUZZ_SEED=<the seed printed>, and the example it found is kept as a regression test of its own.
FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
FUZZ_SEED = seeds.seed("FUZZ_SEED")
# A bare button (a form with no field but the CSRF token) varies only in the stray keys the
# generator adds, which no form reads: a fifth of the budget (5 in every run, 40 in make fuzz).
BUTTON_EXAMPLES = max(3, FUZZ_EXAMPLES // 5)
OUR_PACKAGES = ("stoneham_boh", "permits", "facilities", "hearings", "inspections")


def _page(url_name, role, args=None, travel=None):
    return {"url_name": url_name, "role": role, "args": args or (lambda w: {}), "travel": travel}


# The pages that show forms, as the role that fills them in, on a record in the right state.
PAGES = {
    "public-home": _page("public-home", "anonymous"),
    "login": _page("login", "anonymous"),
    "account-signup": _page("account_signup", "anonymous"),
    "account-reset": _page("account_reset_password", "anonymous"),
    "permits:pre-check": _page("permits:pre-check", "anonymous"),
    "permits:verify-lookup": _page("permits:verify-lookup", "anonymous"),
    "hearings:variance-register": _page("hearings:variance-register", "anonymous"),
    "permits:regulations": _page("permits:regulations", "anonymous"),
    "permits:accept-invitation": _page(
        "permits:accept-invitation", "anonymous", lambda w: {"token": w.invitation_token}
    ),
    "password-change": _page("password_change", "applicant_a"),
    "two-factor-setup": _page("two_factor:setup", "clerk"),
    "two-factor-verify": _page("two_factor:verify", "clerk-with-app"),
    "permits:my-renewal": _page(
        "permits:my-renewal",
        "applicant_a",
        lambda w: {"pk": w.renewable_permit_a.pk},
        travel=RENEWAL_SEASON,
    ),
    "apply-start": _page("permits:apply-start", "applicant_a"),
    # A's received application, its fencing details still to send.
    "my-application": _page(
        "permits:my-application", "applicant_a", lambda w: {"pk": w.lacking_a_paper_a.pk}
    ),
    "my-application-edit": _page(
        "permits:my-application-edit", "applicant_a", lambda w: {"pk": w.online_draft_a.pk}
    ),
    "online-review": _page("permits:online-review", "clerk", lambda w: {"pk": w.online_sent_a.pk}),
    # Months later, the draft is abandoned: the clerk's page offers to discard it.
    "online-review-draft": _page(
        "permits:online-review",
        "clerk",
        lambda w: {"pk": w.online_draft_a.pk},
        travel=RENEWAL_SEASON,
    ),
    "lot-merge": _page("facilities:lot-merge", "clerk", lambda w: {"pk": w.lot_a.pk}),
    "lot-detail": _page("facilities:lot-detail", "clerk", lambda w: {"pk": w.lot_a.pk}),
    "lot-without-parcel-id": _page(
        "facilities:lot-detail", "clerk", lambda w: {"pk": w.lot_without_parcel_id.pk}
    ),
    "permit-list": _page("permits:permit-list", "clerk"),
    "permit-detail": _page("permits:permit-detail", "clerk", lambda w: {"pk": w.permit_a.pk}),
    "application-list": _page("permits:application-list", "clerk"),
    "applicant-list": _page("permits:applicant-list", "clerk"),
    "application-new": _page("permits:application-new", "clerk"),
    "application-detail": _page(
        "permits:application-detail", "clerk", lambda w: {"pk": w.open_application_a.pk}
    ),
    # A's issued application: its paid fee, with the payment's correction.
    "issued-application-detail": _page(
        "permits:application-detail", "clerk", lambda w: {"pk": w.application_a.pk}
    ),
    "letter-write": _page(
        "permits:letter-write", "clerk", lambda w: {"pk": w.open_application_a.pk}
    ),
    "payments-day": _page("permits:payments-day", "clerk"),
    # In the renewal season, when the world's permits are on the list of those ready.
    "renew-together": _page("permits:renewal-together", "clerk", travel=RENEWAL_SEASON),
    "day-changes": _page("day-changes", "clerk"),
    "register-import": _page("permits:register-import", "admin"),
    "town-settings": _page("town:settings", "admin"),
    "standing-text": _page("town:standing-text", "admin", lambda w: {"key": w.standing_text.key}),
    "amendments": _page("amendments:list", "admin"),
    "amendment-detail": _page("amendments:detail", "admin", lambda w: {"pk": w.amendment.pk}),
    "application-edit": _page(
        "permits:application-edit", "clerk", lambda w: {"pk": w.open_application_a.pk}
    ),
    "lot-list": _page("facilities:lot-list", "clerk"),
    "abutters": _page("permits:abutter-import", "clerk", lambda w: {"pk": w.item.application_id}),
    "schedule-hearing": _page("hearings:schedule", "clerk"),
    "meeting-create": _page("hearings:meeting-create", "clerk"),
    "legal-notice": _page("hearings:legal-notice", "clerk", lambda w: {"pk": w.later_meeting.pk}),
    "legal-notice-published": _page(
        "hearings:legal-notice", "clerk", lambda w: {"pk": w.meeting.pk}
    ),
    "decision-sent": _page("hearings:decision-sent", "clerk", lambda w: {"pk": w.decided_item.pk}),
    "decision-unmailed": _page(
        "hearings:decision-sent", "clerk", lambda w: {"pk": w.unmailed_decision_item.pk}
    ),
    "minutes": _page("hearings:minutes", "clerk", lambda w: {"pk": w.past_meeting.pk}),
    # The approval's roll call is the Board's to record (the chair's), not the clerk's.
    "minutes-board": _page("hearings:minutes", "board", lambda w: {"pk": w.past_meeting.pk}),
    "meeting-notice": _page("hearings:meeting-notice", "clerk", lambda w: {"pk": w.meeting.pk}),
    "item-notices": _page("hearings:item-notices", "clerk", lambda w: {"pk": w.item.pk}),
    "decide": _page("hearings:decide", "board", lambda w: {"pk": w.item.pk}),
    "agenda": _page("inspections:agenda", "agent"),
    "inspection-list": _page("inspections:inspection-list", "agent"),
    "inspection-new": _page("inspections:inspection-new", "agent"),
    "inspection-detail": _page(
        "inspections:inspection-detail", "agent", lambda w: {"pk": w.scheduled_inspection.pk}
    ),
    "inspection-record": _page(
        "inspections:inspection-record", "agent", lambda w: {"pk": w.scheduled_inspection.pk}
    ),
    "complaint-list": _page("inspections:complaint-list", "agent"),
    "complaint-new": _page("inspections:complaint-new", "agent"),
    "complaint-detail": _page(
        "inspections:complaint-detail", "agent", lambda w: {"pk": w.open_complaint.pk}
    ),
    "order-dashboard": _page("inspections:order-dashboard", "agent"),
    "order-new": _page(
        "inspections:order-new", "agent", lambda w: {"finding_pk": w.finding_without_order.pk}
    ),
    "order-detail": _page("inspections:order-detail", "agent", lambda w: {"pk": w.order.pk}),
    "census": _page("inspections:census", "clerk"),
    "construction-detail": _page(
        "permits:application-detail", "clerk", lambda w: {"pk": w.construction_application.pk}
    ),
    # Marked received: its page offers to take the receipt back.
    "received-detail": _page(
        "permits:application-detail", "clerk", lambda w: {"pk": w.received_application.pk}
    ),
    "draft-detail": _page(
        "permits:application-detail", "clerk", lambda w: {"pk": w.draft_application.pk}
    ),
    "board-members": _page("hearings:board-members", "admin"),
    "meeting-attendance": _page(
        "hearings:meeting-attendance", "clerk", lambda w: {"pk": w.meeting.pk}
    ),
    "my-votes": _page("hearings:my-votes", "board"),
    "disputes": _page("hearings:disputes", "board"),
    "executive-session-clerk": _page(
        "hearings:executive-session", "clerk", lambda w: {"pk": w.executive_session.pk}
    ),
    "executive-session-board": _page(
        "hearings:executive-session", "board", lambda w: {"pk": w.executive_session.pk}
    ),
    "register-acceptance": _page("hearings:register-acceptance", "clerk"),
    "revocation-open": _page(
        "hearings:revocation-open", "clerk", lambda w: {"permit_pk": w.permit_b.pk}
    ),
    "revocation-detail": _page(
        "hearings:revocation-detail", "clerk", lambda w: {"pk": w.proceeding.pk}
    ),
    "approval-request": _page(
        "hearings:approval-request", "clerk", lambda w: {"application_pk": w.open_application_a.pk}
    ),
    "rescission-open": _page(
        "hearings:rescission-open", "clerk", lambda w: {"variance_pk": w.variance.pk}
    ),
    "clerk-home": _page("home", "clerk"),
    "site-plan": _page("permits:site-plan", "clerk", lambda w: {"pk": w.plan_application.pk}),
}

# Where each form class of the project is shown (a base class is covered by its subclasses).
FORM_PAGES = {
    "facilities.filters.LotFilter": "lot-list",
    "facilities.forms.AbutterConfirmForm": "abutters",
    "facilities.forms.AbutterForm": "abutters",
    "facilities.forms.AbutterImportForm": "abutters",
    "facilities.forms.CertifyForm": "abutters",
    "facilities.forms.StrikeAbutterForm": "abutters",
    "facilities.siteplan.forms.SitePlanForm": "site-plan",
    "facilities.views.lots.ParcelIdForm": "lot-without-parcel-id",
    "hearings.filters.VarianceFilter": "hearings:variance-register",
    "hearings.forms.approvals.ApprovalRequestForm": "approval-request",
    "hearings.forms.board_roll.AppointmentForm": "board-members",
    "hearings.forms.board_roll.BoardSeatsForm": "board-members",
    "hearings.forms.board_roll.EndTermForm": "board-members",
    "hearings.forms.attendance.AttendanceForm": "meeting-attendance",
    "hearings.forms.votes.VoteDisputeForm": "my-votes",
    "hearings.forms.votes.SettlementForm": "disputes",
    "hearings.forms.register_acceptance.RegisterAcceptanceForm": "register-acceptance",
    "hearings.forms.revocation.HolderNoticeForm": "revocation-detail",
    "hearings.forms.rescission.RescissionForm": "rescission-open",
    "hearings.forms.revocation.RevocationForm": "revocation-open",
    "hearings.forms.decisions.DecisionForm": "decide",
    "hearings.forms.docket.DocketItemForm": "item-notices",
    "hearings.forms.legal_notice.LegalNoticeForm": "legal-notice",
    "hearings.forms.mailing.MailingForm": "item-notices",
    "hearings.forms.mailing.MailingListForm": "item-notices",
    "hearings.forms.meetings.MeetingForm": "meeting-create",
    "hearings.forms.meetings.MeetingPostingForm": "meeting-notice",
    "hearings.forms.minutes.MinutesForm": "minutes",
    "hearings.forms.legal_notice.NewspaperChargeForm": "item-notices",
    "hearings.forms.written_decisions.DecisionMailingForm": "decision-unmailed",
    "hearings.forms.written_decisions.DecisionReceiptForm": "decision-sent",
    "hearings.forms.minutes.MinutesApprovalForm": "minutes-board",
    "hearings.forms.executive_sessions.EnterExecutiveSessionForm": "minutes-board",
    "hearings.forms.executive_sessions.ExecutiveMinutesForm": "executive-session-clerk",
    "hearings.forms.executive_sessions.ReleaseExecutiveMinutesForm": "executive-session-board",
    "hearings.forms.minutes.MinutesReleaseForm": "minutes",
    "hearings.forms.legal_notice.PublicationForm": "legal-notice-published",
    "hearings.forms.notice_postings.NoticeProofForm": "legal-notice-published",
    "hearings.forms.notice_postings.OnlinePostingForm": "legal-notice-published",
    "hearings.forms.mailing.ReceiptForm": "item-notices",
    "hearings.forms.docket.ScheduleHearingForm": "schedule-hearing",
    "hearings.forms.legal_notice.SentForm": "legal-notice",
    "inspections.filters.AgendaFilter": "agenda",
    "inspections.filters.ComplaintFilter": "complaint-list",
    "inspections.filters.InspectionFilter": "inspection-list",
    "inspections.filters.OrderFilter": "order-dashboard",
    "inspections.forms.CensusForm": "census",
    "inspections.forms.ComplaintForm": "complaint-new",
    "inspections.forms.ComplaintInspectionForm": "complaint-detail",
    "inspections.forms.ExtendOrderForm": "order-detail",
    "inspections.forms.OrderForm": "order-new",
    "inspections.forms.RecordInspectionForm": "inspection-record",
    "inspections.forms.ScheduleForm": "inspection-new",
    "permits.filters.ApplicantFilter": "applicant-list",
    "permits.filters.ApplicationFilter": "application-list",
    "permits.filters.PermitFilter": "permit-list",
    "permits.forms.intake.AnimalForm": "application-edit",
    "permits.regulations.views.RegulationQueryForm": "permits:regulations",
    "permits.forms.intake.AnimalFormSetBase": "application-edit",
    "permits.forms.intake.ApplicantForm": "application-new",
    "permits.forms.intake.ApplicationForm": "application-edit",
    "permits.forms.intake.ChooseOrCreateForm": "application-new",
    "permits.forms.documents.BuildingInspectorForm": "construction-detail",
    "permits.forms.documents.DocumentForm": "application-detail",
    "permits.forms.issue.IssueForm": "application-detail",
    "permits.forms.intake.LotFactsForm": "application-edit",
    "permits.forms.register.RegisterPermitForm": "draft-detail",
    "permits.forms.intake.LotForm": "application-new",
    "permits.forms.payments.PaymentForm": "application-detail",
    "permits.forms.payments.PaymentCorrectionForm": "issued-application-detail",
    "permits.forms.letters.ClerkLetterForm": "letter-write",
    "permits.views.treasury.DayForm": "payments-day",
    "permits.views.renewal_season.RenewTogetherForm": "renew-together",
    "permits.views.day_changes.DayChangesForm": "day-changes",
    "permits.register_import.forms.RegisterUploadForm": "register-import",
    "permits.amendments.forms.AmendmentForm": "amendments",
    "permits.amendments.forms.PublicationForm": "amendment-detail",
    "permits.amendments.forms.VoidForm": "amendment-detail",
    "stoneham_boh.town.forms.StandingTextForm": "standing-text",
    "stoneham_boh.town.forms.TownForm": "town-settings",
    "permits.forms.intake.ReceiveForm": "application-detail",
    "permits.forms.intake.StructureForm": "application-edit",
    "permits.forms.intake.StructureFormSetBase": "application-edit",
    "permits.portal.forms.RenewalRequestForm": "permits:my-renewal",
    "permits.portal.forms.AccountLinkDecisionForm": "clerk-home",
    "permits.portal.forms.DetailsChangeDecisionForm": "clerk-home",
    "permits.online.forms.AddressForm": "apply-start",
    "permits.online.forms.YourDetailsForm": "apply-start",
    "permits.online.forms.KeepingForm": "my-application-edit",
    "permits.online.forms.ConstructionForm": "my-application-edit",
    "permits.online.forms.YourDocumentForm": "my-application-edit",
    # And ReplaceDocumentForm, its parent, shown beside each file of a draft.
    "permits.online.forms.SupplementForm": "my-application",
    "permits.online.forms.InformationRequestForm": "online-review",
    "permits.online.forms.ReceiveOnLotForm": "online-review",
    "permits.online.forms.DiscardDraftForm": "online-review-draft",
    "facilities.views.lots.MergeForm": "lot-merge",
    "facilities.views.lots.UnmappedReasonForm": "lot-detail",
    "facilities.forms.ParcelIdCorrectionForm": "lot-detail",
    "hearings.forms.decision_corrections.DecisionCorrectionForm": "decision-sent",
    "permits.portal.signup.SignupDetailsForm": "account-signup",
    "stoneham_boh.accounts.login_form.LoginForm": "login",
    "stoneham_boh.lib.forms.ReasonForm": "permit-detail",
    "permits.verification.forms.VerifyLookupForm": "permits:verify-lookup",
    "permits.precheck.forms.AnimalForm": "permits:pre-check",
    "permits.precheck.forms.LotForm": "permits:pre-check",
    "permits.precheck.forms.PlanFormSet": "permits:pre-check",
    "permits.precheck.forms.StructureForm": "permits:pre-check",
    "stoneham_boh.accounts.two_factor_views.CodeForm": "two-factor-setup",
    "stoneham_boh.accounts.two_factor_views.VerifyForm": "two-factor-verify",
}

FORM_BASES = (forms.BaseForm, forms.BaseFormSet, django_filters.FilterSet)


def project_form_classes() -> dict[str, type]:
    found = {}
    for package in OUR_PACKAGES:
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, f"{package}."):
            if any(part in info.name for part in (".migrations", ".management", ".rules")):
                continue
            module = importlib.import_module(info.name)
            for obj in vars(module).values():
                if (
                    inspect.isclass(obj)
                    and obj.__module__ == module.__name__
                    and issubclass(obj, FORM_BASES)
                ):
                    found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return found


FORM_CLASSES = project_form_classes()


def test_every_form_of_the_project_is_fuzzed_on_some_page():
    def covered(name):
        cls = FORM_CLASSES[name]
        return name in FORM_PAGES or any(
            other is not cls and issubclass(other, cls) and other_name in FORM_PAGES
            for other_name, other in FORM_CLASSES.items()
        )

    missing = sorted(name for name in FORM_CLASSES if not covered(name))
    assert not missing, f"forms no page fuzzes (add them to FORM_PAGES): {missing}"
    stale = sorted(set(FORM_PAGES) - set(FORM_CLASSES))
    assert not stale, f"FORM_PAGES names classes that no longer exist: {stale}"
    assert set(FORM_PAGES.values()) <= set(PAGES)


# --- Generated input ---------------------------------------------------------------------------

NASTY = [
    "",
    " ",
    "\x00",
    "0",
    "-1",
    "1e309",
    "NaN",
    "-Infinity",
    "9" * 40,
    "2027-02-30",
    "0000-00-00",
    "99999-12-31",
    "25:61",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "../../../etc/passwd",
    "%00",
    "\u202e\ufeff",
    "ﬀ" * 300,
]
NASTY += NUMERIC_TRAPS
JUNK = st.one_of(st.sampled_from(NASTY), st.text(max_size=80))
CSV = (
    b"owner_names,mailing_street,mailing_city,mailing_state,mailing_zip,parcel_id\n"
    b"Pat Neighbour,1 Next Door Lane,Stoneham,MA,02180,9-1-1\n"
)


def uploads():
    names = st.sampled_from(["plan.pdf", "coop.jpg", "list.csv", "x.exe", "noext", "a.PNG"])
    content = st.one_of(
        st.binary(max_size=3000),
        st.sampled_from([PDF, jpeg().read(), CSV, b""]),
        st.text(max_size=500).map(str.encode),
    )
    return st.builds(lambda n, c: SimpleUploadedFile(n, c), names, content)


def plausible(field: Field):
    """What a person might type in this field."""
    kind = field.kind
    if kind == "hidden":
        return st.just(field.value)
    if kind in ("select", "radio"):
        return st.sampled_from(field.options or [""])
    if kind == "select-multiple":
        return (
            st.lists(st.sampled_from(field.options), max_size=3) if field.options else st.just([])
        )
    if kind == "checkbox":
        return st.sampled_from([field.value or "on", None])
    if kind == "number":
        return st.one_of(
            st.integers(-(10**6), 10**6).map(str),
            st.decimals(allow_nan=False, allow_infinity=False, places=2).map(str),
            st.sampled_from(NUMERIC_TRAPS),
        )
    if kind == "date":
        return st.dates().map(date.isoformat)
    if kind == "datetime-local":
        return st.datetimes().map(lambda d: d.strftime("%Y-%m-%dT%H:%M"))
    if kind == "time":
        return st.times().map(lambda t: t.strftime("%H:%M"))
    if kind == "file":
        return uploads()
    if kind == "email":
        return st.emails()
    return st.text(max_size=300)


def submissions(form: Form):
    """A dict of field values: mostly plausible, sometimes junk, sometimes missing."""
    per_field = {
        f.name: st.one_of(plausible(f), plausible(f), JUNK, st.none()) for f in form.fields
    }
    extra = st.dictionaries(st.text(min_size=1, max_size=20), JUNK, max_size=2)
    return st.builds(
        lambda values, more: {**more, **{k: v for k, v in values.items() if v is not None}},
        st.fixed_dictionaries(per_field),
        extra,
    )


def send(client: Client, form: Form, page_path: str, data: dict):
    action = (form.action or page_path).split("#", 1)[0] or page_path
    if form.method == "get":
        plain = {k: v for k, v in data.items() if not hasattr(v, "read")}
        return client.get(action, plain)
    return client.post(action, data)


# --- The fuzzing ---------------------------------------------------------------------------------


def logged_in(role: str, world, fresh=False) -> Client:
    """A client of `role`; `fresh` logs in anew (the world's sessions expire in a time travel)."""
    if fresh and role in world.users:
        client = Client()
        client.force_login(world.users[role])
        return client
    if role == "clerk-with-app":
        from django_otp.plugins.otp_totp.models import TOTPDevice

        clerk = world.users["clerk"]
        TOTPDevice.objects.create(user=clerk, name="Authenticator app", confirmed=True)
        client = Client()
        client.force_login(clerk)  # with a device, the log-in now owes the code
        return client
    return client_for(role, world)


def fuzzable(forms_found: list[Form]) -> list[Form]:
    return [
        form
        for form in forms_found
        if not form.action.startswith(reverse("logout")) and not form.action.startswith("http")
    ]


@pytest.mark.parametrize("key", sorted(PAGES))
def test_no_generated_submission_of_a_form_gets_a_server_error(key, world):
    spec = PAGES[key]
    travel = time_machine.travel(spec["travel"], tick=False) if spec["travel"] else None
    if travel:
        travel.start()
    try:
        _fuzz_page(spec, world)
    finally:
        if travel:
            travel.stop()


def _fuzz_page(spec, world):
    client = logged_in(spec["role"], world, fresh=bool(spec["travel"]))
    path = reverse(spec["url_name"], kwargs=spec["args"](world))
    page = client.get(path)
    assert page.status_code == 200, f"{path} as {spec['role']}: {page.status_code}"
    found = fuzzable(forms_in(page.content.decode()))
    assert found, f"{path} shows no form to fuzz"
    session = client.cookies.get(settings.SESSION_COOKIE_NAME)

    seen = set()
    for form in found:
        shape = _shape(form, path)
        if shape in seen:
            continue  # the same form for another row (one per abutter, say): once is enough
        seen.add(shape)
        # A bare button (no field but the CSRF token) is no Form class: a few tries suffice.
        fields = form.names() - {"csrfmiddlewaretoken"}
        fuzzer(client, form, path, session, FUZZ_EXAMPLES if fields else BUTTON_EXAMPLES)()


def _shape(form: Form, path: str) -> tuple:
    def generic(text):
        return re.sub(r"\d+", "N", text)

    action = generic((form.action or path).split("#", 1)[0])
    return form.method, action, frozenset(generic(name) for name in form.names())


def fuzzer(client, form, path, session, examples):
    """`examples` generated submissions of `form`, each rolled back after its answer."""

    @seed(FUZZ_SEED)
    @hypothesis_settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )
    @given(data=submissions(form))
    def submit(data):
        if session is not None:  # a submission that logged out must not stop the rest
            client.cookies[settings.SESSION_COOKIE_NAME] = session.value
        with transaction.atomic():
            response = send(client, form, path, data)
            transaction.set_rollback(True)
        assert response.status_code < 500, (form.action, data, response.status_code)

    return submit


def test_the_form_classes_on_their_pages_are_the_ones_fuzzed(world):
    """Each mapped page really shows fields of the class said to be there."""
    shown: dict[str, set[str]] = {}
    for key, spec in PAGES.items():
        travel = time_machine.travel(spec["travel"], tick=False) if spec["travel"] else None
        if travel:
            travel.start()
        try:
            # Each page in a savepoint of its own: what one page's set-up records (the clerk's
            # authenticator app, which makes every later log-in owe a code) stays with it.
            with transaction.atomic():
                client = logged_in(spec["role"], world, fresh=bool(spec["travel"]))
                path = reverse(spec["url_name"], kwargs=spec["args"](world))
                html = client.get(path).content.decode()
                transaction.set_rollback(True)
        finally:
            if travel:
                travel.stop()
        shown[key] = {f.name for form in forms_in(html) for f in form.fields}
    wrong = []
    for name, key in FORM_PAGES.items():
        cls = FORM_CLASSES[name]
        fields = set(getattr(cls, "base_fields", None) or getattr(cls, "base_filters", None) or {})
        if not fields:
            continue  # a formset class: its forms are checked through their own entries
        if not any(n == f or n.endswith(f"-{f}") for n in shown[key] for f in fields):
            wrong.append(f"{name} on {key}")
    assert not wrong, f"pages that show none of the fields of: {wrong}"


# --- check_rules --------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=5)
    ),
    max_leaves=25,
)
FACT_KEYS = ["ruleset", "as_of", "application", "lot", "structures", "animals", "documents"]
FACT_LIKE = st.dictionaries(st.sampled_from(FACT_KEYS), JSON_VALUES, max_size=7)


@hypothesis_settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None)
@given(document=st.one_of(JSON_VALUES, FACT_LIKE, st.lists(FACT_LIKE, max_size=3)))
def test_check_rules_answers_any_json_with_results_or_errors_never_a_traceback(
    document, tmp_path_factory
):
    path = tmp_path_factory.mktemp("facts") / "facts.json"
    path.write_text(json.dumps(document, allow_nan=True), encoding="utf-8")
    _run_check_rules(path)


@hypothesis_settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None)
@given(raw=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)))
def test_check_rules_answers_broken_json_with_exit_1_never_a_traceback(raw, tmp_path_factory):
    path = tmp_path_factory.mktemp("facts") / "broken.json"
    path.write_bytes(raw)
    _run_check_rules(path)


def _run_check_rules(path):
    out = io.StringIO()
    try:
        call_command("check_rules", str(path), stdout=out, stderr=io.StringIO())
    except CommandError as refused:
        assert refused.returncode in (1, 2), refused
        if refused.returncode == 2:
            json.loads(out.getvalue())  # the results are printed even when some were invalid
        return
    json.loads(out.getvalue())


def test_check_rules_from_the_command_line_prints_no_traceback_for_truncated_json(tmp_path):
    import subprocess
    import sys

    from tests.stoneham_boh.test_settings import ROOT

    path = tmp_path / "cut.json"
    path.write_text('{"ruleset": "2002", "animals": [{"species": "chick', encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "manage.py", "check_rules", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "not valid JSON" in result.stderr
