"""The legal notice proved (M.G.L. c.4 §13): in print, on the newspaper's website and on the
statewide public-notice site. §20-20(9)'s days count from the print date, once all three are
recorded; each online posting has its day and its address or a capture; proofs are kept."""

from contextlib import contextmanager
from datetime import datetime, time, timedelta

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from hearings import notice_postings
from hearings.models import Decision, DocketItem, LegalNotice, LegalNoticeProof
from hearings.notice_timing import timing_for
from permits.audit import audit_register
from stoneham_boh.lib.errors import ActionRefused
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def pdf(name="affidavit.pdf"):
    return SimpleUploadedFile(name, PDF, content_type="application/pdf")


def printed_only(clerk):
    """A docketed hearing with the letters mailed and the notice printed 14 days ahead, its
    online postings not recorded."""
    item = b.docketed(by=clerk)
    b.mail_all(item, by=clerk)
    b.publish(item.meeting, by=clerk, online=False)
    return DocketItem.objects.get(pk=item.pk)


def fresh(item):
    return DocketItem.objects.get(pk=item.pk)


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


# --- the judgment -------------------------------------------------------------------------


def test_a_notice_printed_in_time_but_not_posted_online_is_not_noticed(clerk, board_member):
    item = printed_only(clerk)
    timing = timing_for(item)
    assert timing.published_on == b.DEADLINE
    assert timing.newspaper_given_on is None
    message = refused(lambda: b.decide(item, by=board_member))
    assert "the newspaper's website and on the statewide public-notice site" in message
    assert "M.G.L. c.4 §13" in message
    assert not Decision.objects.exists()


def test_the_badge_says_the_online_postings_are_awaited_not_that_notice_was_short(clerk):
    item = printed_only(clerk)
    timing = timing_for(item)
    assert timing.status(b.HEARING) == "pending"
    assert timing.status_label(b.HEARING) == "Online postings of the legal notice not recorded"


def test_with_both_postings_recorded_the_days_count_from_the_print_date(clerk, board_member):
    item = printed_only(clerk)
    # Posted online on the hearing's eve: the notice still counts from the print date.
    b.post_online(item.meeting, by=clerk, posted_on=b.HEARING - timedelta(days=1))
    assert timing_for(fresh(item)).newspaper_given_on == b.DEADLINE
    b.decide(item, by=board_member)
    assert Decision.objects.get().result == "approved"


def test_one_posting_missing_still_blocks_and_names_only_that_one(clerk, board_member):
    item = printed_only(clerk)
    b.post_online(item.meeting, by=clerk, posted_on=b.DEADLINE, sites=("website",))
    message = refused(lambda: b.decide(item, by=board_member))
    assert "posting on the statewide public-notice site is not recorded" in message
    assert "newspaper's website and" not in message


# --- recording a posting ------------------------------------------------------------------


def test_a_posting_needs_its_address_or_a_capture_uploaded(clerk):
    item = printed_only(clerk)
    meeting = item.meeting

    def record():
        return notice_postings.record_online_posting(
            meeting=meeting, site="statewide", posted_on=b.DEADLINE, by=clerk, today=b.DEADLINE
        )

    assert "upload a capture of it as proof" in refused(record)
    notice_postings.upload_proof(meeting=meeting, kind="statewide", upload=pdf("s.pdf"), by=clerk)
    notice = record()
    assert (notice.statewide_posted_on, notice.statewide_address) == (b.DEADLINE, "")


@pytest.mark.parametrize(
    ("days_after_deadline", "address", "reason"),
    [
        (15, "https://example.org/n", "gives no notice of it"),
        (0, "ftp://example.org/n", "beginning with https://"),
        (-5, "https://example.org/n", "before it was sent"),
    ],
    ids=["after-the-hearing", "not-a-web-address", "before-it-was-sent"],
)
def test_a_posting_is_refused_with_its_reason(clerk, days_after_deadline, address, reason):
    item = printed_only(clerk)
    day = b.DEADLINE + timedelta(days=days_after_deadline)
    message = refused(
        lambda: notice_postings.record_online_posting(
            meeting=item.meeting,
            site="website",
            posted_on=day,
            address=address,
            by=clerk,
            today=day,
        )
    )
    assert reason in message
    assert LegalNotice.objects.get().website_posted_on is None


def test_a_voided_proof_is_kept_in_the_history_and_no_longer_proves(clerk):
    item = printed_only(clerk)
    proof = notice_postings.upload_proof(
        meeting=item.meeting, kind="website", upload=pdf("w.pdf"), by=clerk
    )
    notice_postings.void_proof(proof=proof, reason="Wrong newspaper", by=clerk)
    proof.refresh_from_db()
    assert proof.voided and proof.void_reason == "Wrong newspaper"
    assert proof.history.count() == 2
    assert "upload a capture" in refused(
        lambda: notice_postings.record_online_posting(
            meeting=item.meeting, site="website", posted_on=b.DEADLINE, by=clerk, today=b.DEADLINE
        )
    )


# --- the audit ----------------------------------------------------------------------------


def test_the_audit_finds_a_decision_whose_statewide_posting_is_not_on_record(clerk, board_member):
    item = b.noticed(by=clerk)
    b.decide(item, by=board_member)
    # Altered on file outside the actions: the audit reads the records, not the workflow.
    LegalNotice.objects.update(statewide_posted_on=None)
    sentences = [a.sentence for a in audit_register(today=b.HEARING).anomalies]
    assert (
        "The legal notice's posting on the statewide public-notice site is not recorded "
        "(M.G.L. c.4 §13: in print, on the newspaper's website and on the statewide site)."
    ) in sentences


# --- the pages ----------------------------------------------------------------------------


@contextmanager
def on(day, client, user):
    """At 10 a.m. on `day`, logged in there as `user` (a session of another day expired)."""
    with time_machine.travel(timezone.make_aware(datetime.combine(day, time(10))), tick=False):
        client.force_login(user)
        yield


def post_online(client, item, site, address):
    return client.post(
        reverse("hearings:legal-notice-online", args=[item.meeting.pk, site]),
        {f"{site}-posted_on": b.DEADLINE.isoformat(), f"{site}-address": address},
    )


def test_the_legal_notice_page_records_a_posting_and_shows_the_verdict(client, clerk):
    item = printed_only(clerk)
    url = reverse("hearings:legal-notice", args=[item.meeting.pk])
    with on(b.DEADLINE, client, clerk):
        page = client.get(url).content.decode()
        assert (
            "Not yet noticed: the newspaper&#x27;s website, the statewide public-notice site"
            in page
        )
        for site in ("website", "statewide"):
            response = post_online(client, item, site, f"https://{site}.example.org/n/1")
            assert response.status_code == 302
        page = client.get(url).content.decode()
    assert "All three recorded: the notice counts from March 12, 2030." in page
    assert 'href="https://statewide.example.org/n/1"' in page


def test_a_bad_address_is_shown_at_its_field_and_what_was_typed_is_kept(client, clerk):
    item = printed_only(clerk)
    with on(b.DEADLINE, client, clerk):
        response = post_online(client, item, "website", "not a link")
    assert response.status_code == 400
    page = response.content.decode()
    assert 'value="not a link"' in page
    assert "Enter a valid URL." in page
    assert LegalNotice.objects.get().website_posted_on is None


def test_an_affidavit_is_kept_downloaded_by_staff_and_listed_on_the_hearing(clerk_client, clerk):
    item = printed_only(clerk)
    response = clerk_client.post(
        reverse("hearings:legal-notice-proof", args=[item.meeting.pk]),
        {"kind": "affidavit", "file": pdf()},
    )
    assert response.status_code == 302
    proof = LegalNoticeProof.objects.get()
    download = clerk_client.get(reverse("hearings:legal-notice-proof-download", args=[proof.pk]))
    assert b"".join(download.streaming_content) == PDF
    assert "affidavit.pdf" in download["Content-Disposition"]
    hearing_page = clerk_client.get(reverse("hearings:item-notices", args=[item.pk]))
    assert "Publisher&#x27;s affidavit" in hearing_page.content.decode()


def test_a_file_that_is_not_a_pdf_or_image_is_refused_at_the_field(clerk_client, clerk):
    item = printed_only(clerk)
    response = clerk_client.post(
        reverse("hearings:legal-notice-proof", args=[item.meeting.pk]),
        {"kind": "tear_sheet", "file": SimpleUploadedFile("sheet.pdf", b"hello")},
    )
    assert response.status_code == 400
    assert "does not contain what its name says" in response.content.decode()
    assert not LegalNoticeProof.objects.exists()


def test_the_decision_on_record_closes_the_postings(clerk, board_member):
    item = b.noticed(by=clerk)
    b.decide(item, by=board_member)
    assert "its notice is on record" in refused(
        lambda: notice_postings.record_online_posting(
            meeting=item.meeting,
            site="website",
            posted_on=b.DEADLINE,
            address="https://example.org/x",
            by=clerk,
            today=b.HEARING,
        )
    )


def test_a_reason_the_form_refuses_voids_no_proof_and_says_why(clerk, client):
    # Found by the fuzzer on PostgreSQL: a NUL byte in the reason reached the database (500).
    item = printed_only(clerk)
    proof = notice_postings.upload_proof(
        meeting=item.meeting, kind="website", upload=pdf("w.pdf"), by=clerk
    )
    client.force_login(clerk)
    response = client.post(
        reverse("hearings:legal-notice-proof-void", args=[proof.pk]),
        {"reason": "\x00"},
        follow=True,
    )
    assert response.status_code == 200
    assert "The proof is not voided: Null characters are not allowed." in response.content.decode()
    proof.refresh_from_db()
    assert not proof.voided
