"""A resident applies online: from the pre-check's answers to a draft, the form saved as they
go, the plan uploaded, sending; the clerk asks for more or marks it received; withdrawal. A
change of the resident's own details typed on the form is said to wait for the clerk."""

from __future__ import annotations

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from facilities.models import Lot
from permits import actions as permit_actions
from permits.models import Application
from permits.online import actions as online
from permits.online.models import InformationRequest
from permits.portal.models import DetailsChange
from stoneham_boh.lib.errors import ActionRefused
from tests import factories

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
DAY = date(2027, 3, 2)

PRECHECK = {
    "lot-area_acres": "0.5",
    "lot-manure_method": "receptacle",
    "lot-securely_fenced": "on",
    "lot-construction": "none",
    "animals-TOTAL_FORMS": "2",
    "animals-INITIAL_FORMS": "0",
    "animals-MIN_NUM_FORMS": "1",
    "animals-MAX_NUM_FORMS": "12",
    "animals-0-species": "goat",
    "animals-0-count": "2",
    "animals-1-species": "",
    "animals-1-count": "",
    "structures-TOTAL_FORMS": "1",
    "structures-INITIAL_FORMS": "0",
    "structures-MIN_NUM_FORMS": "0",
    "structures-MAX_NUM_FORMS": "12",
    "structures-0-kind": "pen",
    "structures-0-area_sqft": "120",
    "structures-0-potable_water": "on",
    "structures-0-distance_property_line_ft": "40",
}


@pytest.fixture(autouse=True)
def _a_weekday_in_2027():
    noon = datetime.combine(DAY, time(12), tzinfo=ZoneInfo("America/New_York"))
    with time_machine.travel(noon, tick=False):
        factories.fee_schedule()
        yield


@pytest.fixture
def resident(clerk):
    return factories.applicant_account(by=clerk, name="Jane Resident", email="jane@example.org")


@pytest.fixture
def other_resident(clerk):
    return factories.applicant_account(by=clerk, name="Otto Other", email="otto@example.org")


def pdf(name="plan.pdf"):
    return SimpleUploadedFile(name, PDF, content_type="application/pdf")


def start(client, resident, **extra):
    client.force_login(resident.user)
    data = {
        "address-street_address": "12 Pond Street",
        "address-parcel_id": "",
        "you-name": "Jane Resident",
        "you-mailing_street": "12 Pond Street",
        "you-mailing_city": "Stoneham",
        "you-mailing_state": "MA",
        "you-mailing_zip": "02180",
        "you-phone": "781-555-0100",
        **extra,
    }
    response = client.post(reverse("permits:apply-start"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Application.objects.get(applicant=resident)


def edit_data(application, **changes):
    """The edit form as the browser sends it back, unchanged unless `changes` say so."""
    data = {
        "you-name": application.applicant.name,
        "you-mailing_street": "12 Pond Street",
        "you-mailing_city": "Stoneham",
        "you-mailing_state": "MA",
        "you-mailing_zip": "02180",
        "you-phone": "781-555-0100",
        "address-street_address": application.site_address,
        "address-parcel_id": "",
        "lot-area_acres": "0.5",
        "keeping-manure_method": "receptacle",
        "keeping-securely_fenced": "on",
        "construction-construction": "none",
        "structures-TOTAL_FORMS": "0",
        "structures-INITIAL_FORMS": "0",
        "animals-TOTAL_FORMS": "1",
        "animals-INITIAL_FORMS": "0",
        "animals-0-species": "goat",
        "animals-0-count": "2",
    }
    data.update(changes)
    return data


def test_the_pre_check_answers_wait_in_the_session_through_the_log_in(client, resident):
    response = client.post(reverse("permits:apply-with-answers"), PRECHECK)
    assert response.status_code == 302
    assert reverse("permits:apply-start") in response["Location"]
    # Not logged in yet: the start page sends to the log-in page, the answers kept.
    assert "/accounts/login/" in client.get(response["Location"])["Location"]
    client.force_login(resident.user)
    home = client.get(reverse("home")).content.decode()
    assert "Your pre-check answers are waiting" in home
    page = client.get(reverse("permits:apply-start")).content.decode()
    assert "2 × Goat" in page

    application = start(client, resident)
    assert application.channel == Application.Channel.ONLINE
    assert application.status == Application.Status.DRAFT
    assert [(a.species, a.count) for a in application.animals.all()] == [("goat", 2)]
    pen = application.structures.get()
    assert (pen.label, pen.kind, pen.distance_property_line_ft) == ("A", "pen", 40)
    assert application.manure_method == "receptacle" and application.securely_fenced
    assert str(application.proposed_lot().area_acres) == "0.500"
    assert application.history.first().history_user == resident.user
    # Used once: the home page no longer offers them.
    assert "Your pre-check answers are waiting" not in client.get(reverse("home")).content.decode()


def test_a_pre_check_with_errors_is_shown_again_with_what_was_typed(client):
    data = {**PRECHECK, "animals-0-count": "-3"}
    response = client.post(reverse("permits:apply-with-answers"), data)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'value="-3"' in page
    assert "Enter 1 or more." in page


def test_a_draft_is_saved_and_resumed_and_bad_input_keeps_what_was_typed(client, resident):
    application = start(client, resident)
    url = reverse("permits:my-application-edit", args=[application.pk])
    response = client.post(url, edit_data(application, **{"animals-0-count": "5"}))
    assert response.status_code == 302
    assert application.animals.get().count == 5

    bad = edit_data(application, **{"animals-0-count": "lots", "lot-area_acres": "0.75"})
    response = client.post(url, bad)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Nothing was saved" in page
    assert 'value="lots"' in page and 'value="0.75"' in page
    assert 'aria-describedby="' in page  # errors tied to their fields
    assert application.animals.get().count == 5
    # Resumable: the page shows what was saved.
    assert 'value="5"' in client.get(url).content.decode()


def test_sending_needs_the_plan_then_goes_to_the_clerks_queue(client, clerk, resident):
    application = start(client, resident)
    url = reverse("permits:my-application-edit", args=[application.pk])
    response = client.post(url, {**edit_data(application), "submit": ""}, follow=True)
    assert "Saved, but not sent" in response.content.decode()
    assert "Upload the plan" in response.content.decode()
    application.refresh_from_db()
    assert application.status == Application.Status.DRAFT

    upload = reverse("permits:my-document-upload", args=[application.pk])
    refused = client.post(
        upload,
        {"doc-kind": "site_plan", "doc-file": SimpleUploadedFile("plan.pdf", b"not a pdf")},
    )
    assert refused.status_code == 200
    assert "was not uploaded" in refused.content.decode()
    assert not application.documents.exists()
    client.post(upload, {"doc-kind": "site_plan", "doc-file": pdf()})
    assert application.documents.get().kind == "site_plan"

    mail.outbox.clear()
    with pytest.MonkeyPatch.context():
        response = client.post(url, {**edit_data(application), "submit": ""})
    assert response.status_code == 302
    application.refresh_from_db()
    assert application.status == Application.Status.SUBMITTED
    assert application.submitted_online_at is not None
    assert application.received_on is None

    client.force_login(clerk)
    home = client.get(reverse("home")).content.decode()
    assert "Submitted online" in home
    assert reverse("permits:online-review", args=[application.pk]) in home


def submitted(client, resident):
    application = start(client, resident)
    online.save_online_application(
        application=application,
        by=resident.user,
        animals=[{"species": "goat", "name": "", "count": 2, "pk": None}],
    )
    online.add_online_document(
        application=application, by=resident.user, kind="site_plan", upload=pdf()
    )
    return online.submit_online_application(application=application, by=resident.user)


def test_the_clerk_asks_for_the_fencing_details_and_the_resident_answers(
    client, clerk, resident, django_capture_on_commit_callbacks
):
    application = submitted(client, resident)
    client.force_login(clerk)
    review = reverse("permits:online-review", args=[application.pk])
    # Nothing ticked: refused at the field, the message kept.
    response = client.post(review, {"ask-message": "Please add the fencing details."})
    assert response.status_code == 200
    assert "Please add the fencing details." in response.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            review,
            {"ask-sections": ["documents"], "ask-message": "Please add the fencing details."},
        )
    application.refresh_from_db()
    assert application.status == Application.Status.INFORMATION_REQUESTED
    assert mail.outbox[-1].to == ["jane@example.org"]
    assert "fencing details" in mail.outbox[-1].body

    client.force_login(resident.user)
    page = client.get(reverse("permits:my-application-edit", args=[application.pk]))
    text = page.content.decode()
    assert "Please add the fencing details." in text
    assert 'name="animals-0-count"' not in text  # not asked: not editable
    # The action refuses a change to a part not asked about, whatever is posted.
    with pytest.raises(ActionRefused):
        online.save_online_application(
            application=application,
            by=resident.user,
            animals=[{"species": "goat", "count": 9, "pk": None}],
        )
    client.post(
        reverse("permits:my-document-upload", args=[application.pk]),
        {"doc-kind": "fencing_details", "doc-file": pdf("fence.pdf")},
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("permits:my-application-edit", args=[application.pk]), {"submit": ""})
    application.refresh_from_db()
    assert application.status == Application.Status.SUBMITTED
    assert application.doc_fencing_details
    assert InformationRequest.objects.get().answered_at is not None
    assert application.animals.get().count == 2

    client.force_login(clerk)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("permits:online-review", args=[application.pk]), {"receive": ""})
    application.refresh_from_db()
    assert application.status == Application.Status.RECEIVED
    assert application.received_on == DAY
    assert "is received" in mail.outbox[-1].subject
    # The resident's timeline now reads as a clerk-entered application's.
    client.force_login(resident.user)
    page = client.get(reverse("permits:my-application", args=[application.pk])).content.decode()
    assert "Application received" in page and "Sent to the Board online" in page
    assert "Public hearing" in page
    # And the clerk's normal workflow takes over: the intake page opens for edits.
    client.force_login(clerk)
    edit = client.get(reverse("permits:application-edit", args=[application.pk]))
    assert edit.status_code == 200


def test_online_drafts_are_told_apart_from_the_clerks(client, clerk, resident):
    online_draft = start(client, resident)
    clerks_draft = permit_actions.create_application(
        by=clerk, applicant=resident, lot=factories.lot(by=clerk, parcel_id="9-9-9")
    )
    seen = set(Application.objects.seen_by_applicant(resident.user))
    assert online_draft in seen and clerks_draft not in seen
    assert clerks_draft.channel == Application.Channel.CLERK
    # The clerk's intake does not open the resident's draft while they type it.
    client.force_login(clerk)
    response = client.get(reverse("permits:application-edit", args=[online_draft.pk]))
    assert response.status_code == 302
    assert online_draft not in Application.objects.needing_attention()


def test_an_applicant_never_sees_anothers_draft(client, resident, other_resident):
    application = start(client, resident)
    client.force_login(other_resident.user)
    for name in (
        "permits:my-application",
        "permits:my-application-edit",
        "permits:my-application-withdraw",
    ):
        assert client.get(reverse(name, args=[application.pk])).status_code == 404
    for name in ("permits:my-application-compliance", "permits:my-document-upload"):
        assert client.post(reverse(name, args=[application.pk]), {}).status_code == 404
    listing = client.get(reverse("permits:my-applications")).content.decode()
    assert "Pond Street" not in listing


def test_withdrawing_keeps_the_record(client, resident):
    application = submitted(client, resident)
    client.force_login(resident.user)
    url = reverse("permits:my-application-withdraw", args=[application.pk])
    assert "Withdraw the application" in client.get(url).content.decode()
    client.post(url)
    application.refresh_from_db()
    assert application.status == Application.Status.WITHDRAWN
    assert application.history.first().status == "withdrawn"
    edit = client.get(reverse("permits:my-application-edit", args=[application.pk]))
    assert edit.status_code == 302


def test_a_parcel_already_on_record_is_a_proposal_the_clerk_matches(client, clerk, resident):
    lot = factories.lot(by=clerk, parcel_id="7-1-2")
    application = start(client, resident, **{"address-parcel_id": "7-1-2"})
    # Neither taken nor copied: the draft proposes the parcel, the lot on file is untouched.
    assert application.lot is None
    assert application.lot_proposal["parcel_id"] == "7-1-2"
    assert Lot.objects.count() == 1 and not lot.applications.exists()


def test_the_live_check_answers_for_what_is_typed(client, resident):
    application = start(client, resident)
    url = reverse("permits:my-application-compliance", args=[application.pk])
    response = client.post(url, edit_data(application))
    assert response.status_code == 200
    assert 'id="compliance-panel"' in response.content.decode()


def test_the_clerk_review_refuses_bad_input_at_the_field(client, clerk, resident):
    application = submitted(client, resident)
    client.force_login(clerk)
    review = reverse("permits:online-review", args=[application.pk])
    response = client.post(review, {"receive": "", "receive-received_on": "2027-03-09"})
    assert response.status_code == 200
    assert "cannot be in the future" in response.content.decode()
    response = client.post(review, {"receive": "", "receive-received_on": "2027-02-01"})
    assert "cannot be received before" in response.content.decode()
    response = client.post(review, {"ask-sections": ["nonsense"], "ask-message": "Fencing."})
    assert response.status_code == 200
    assert 'value="nonsense"' not in response.content.decode()
    assert "Fencing." in response.content.decode()
    application.refresh_from_db()
    assert application.status == Application.Status.SUBMITTED


def test_the_clerk_cannot_review_what_is_still_with_the_applicant(client, clerk, resident):
    draft = start(client, resident)
    with pytest.raises(ActionRefused):
        online.receive_online_application(application=draft, by=clerk)
    with pytest.raises(ActionRefused):
        online.request_information(
            application=draft, by=clerk, sections=["documents"], message="More."
        )
    client.force_login(clerk)
    page = client.get(reverse("permits:online-review", args=[draft.pk])).content.decode()
    assert "The application is with the applicant" in page
    assert "Mark received" not in page


def test_the_sent_e_mail_gives_the_fee_and_how_to_pay(
    client, resident, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        application = submitted(client, resident)
    message = mail.outbox[-1]
    assert message.to == ["jane@example.org"]
    assert f"application #{application.pk}" in message.subject
    assert "$75.00" in message.body and "check to the Town of Stoneham" in message.body
    assert reverse("permits:my-application", args=[application.pk]) in message.body


def test_once_received_the_timeline_follows_the_clerk_entered_one(client, clerk, resident):
    from datetime import time as clock

    from hearings import actions as hearing_actions
    from permits.portal import pages as portal

    application = submitted(client, resident)
    online.receive_online_application(application=application, by=clerk)
    application.refresh_from_db()
    assert [(s.label, s.state) for s in portal.timeline(application, DAY)] == [
        ("Draft begun", "done"),
        ("Sent to the Board online", "done"),
        ("Application received", "done"),
        ("Public hearing", "current"),
        ("Permit issued", "upcoming"),
    ]
    meeting = hearing_actions.schedule_meeting(
        on=date(2027, 3, 24), at=clock(19, 0), place="Town Hall, Room 12", by=clerk
    )
    hearing_actions.schedule_hearing(application=application, meeting=meeting, by=clerk)
    client.force_login(resident.user)
    page = client.get(reverse("permits:my-application", args=[application.pk])).content.decode()
    assert "Wednesday, March 24, 2027" in page
    assert "go out at your expense by March 10, 2027" in page
    assert "The fee of $75.00 is not paid in full" in page


def test_a_permit_is_not_issued_on_an_application_only_sent_online(client, clerk, resident):
    from permits.eligibility import refusals_to_issue

    application = submitted(client, resident)
    assert "The application has not been marked as received." in refusals_to_issue(application, DAY)


# A resident's changed name, address or phone, typed on the
# online form, goes to the clerk as a change request (the record is shared): the resident is
# told so where they look, and the request waits, shown, on their pages
# (issue 34, point 6).
@pytest.fixture
def resident_with_phone(clerk):
    return factories.applicant_account(
        by=clerk,
        name="Jane Resident",
        email="jane@example.org",
        phone="781-555-0100",
        mailing_street="12 Pond Street",
    )


def test_a_changed_phone_on_save_is_said_to_be_waiting_for_the_clerk(client, resident_with_phone):
    application = start(client, resident_with_phone)
    response = client.post(
        reverse("permits:my-application-edit", args=[application.pk]),
        edit_data(application, **{"you-phone": "781-555-0199"}),
        follow=True,
    )
    page = response.content.decode()
    assert DetailsChange.objects.pending().filter(applicant=resident_with_phone).exists()
    assert "Your change of details went to the Board&#x27;s clerk to accept" in page
    assert "phone 781-555-0199 (on record: 781-555-0100)" in page
    # The form shows the record; the request beside it says what waits.
    assert "Your change of details waits for the Board's clerk" in page
    mine = client.get(reverse("permits:my-applications")).content.decode()
    assert "Your change of details waits for the Board's clerk" in mine
    assert "Phone 781-555-0199 (on record: 781-555-0100)" in mine


def test_a_changed_phone_saved_with_an_upload_is_said_too(client, resident_with_phone):
    application = start(client, resident_with_phone)
    data = edit_data(application, **{"you-phone": "781-555-0199"})
    data.update({"online-form-fields": "1", "doc-kind": "site_plan"})
    pdf = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
    data["doc-file"] = SimpleUploadedFile("plan.pdf", pdf, content_type="application/pdf")
    response = client.post(
        reverse("permits:my-document-upload", args=[application.pk]), data, follow=True
    )
    page = response.content.decode()
    assert "Site plan uploaded." in page
    assert "Your change of details went to the Board&#x27;s clerk to accept" in page


def test_nothing_is_said_when_the_details_are_unchanged(client, resident_with_phone):
    application = start(client, resident_with_phone)
    response = client.post(
        reverse("permits:my-application-edit", args=[application.pk]),
        edit_data(application),
        follow=True,
    )
    assert "change of details" not in response.content.decode()
