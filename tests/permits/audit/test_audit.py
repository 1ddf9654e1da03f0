"""The register's audit: each check on a record built to break it, and on one that keeps it."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from facilities.choices import NOT_DRAWN
from facilities.models import Structure
from hearings import actions as hearing_actions
from hearings.models import AbutterNotice, Decision, LegalNotice, MeetingAttendance, Vote
from permits import actions
from permits.audit import audit_register
from permits.models import Application, Document, Permit
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.hearings import builders

pytestmark = pytest.mark.django_db

AFTER = builders.HEARING + timedelta(days=1)


def _anomalies(family=None, today=date(2030, 4, 1)):
    report = audit_register(today=today)
    return [a for a in report.anomalies if family is None or a.family == family]


def _sentences(family=None):
    return [a.sentence for a in _anomalies(family)]


def publish_naming_the_structures(meeting, *, by):
    """The legal notice as drafted, with the structures asked for named (§20-20(9); the
    drafted text names them too since finding 7 was fixed: this keeps the test's own words)."""
    sent_on = builders.DEADLINE - timedelta(days=3)
    notice = hearing_actions.draft_legal_notice(meeting=meeting, by=by)
    text = notice.text.replace(" (parcel ", " in a coop and a manure storage (parcel ", 1)
    hearing_actions.edit_legal_notice(meeting=meeting, text=text, newspaper=notice.newspaper, by=by)
    hearing_actions.send_legal_notice(meeting=meeting, sent_on=sent_on, by=by, today=sent_on)
    hearing_actions.record_publication(
        meeting=meeting, published_on=builders.DEADLINE, by=by, today=builders.DEADLINE
    )
    builders.post_online(meeting, by=by, posted_on=builders.DEADLINE)


def noticed(*, by, **fields):
    item = builders.docketed(by=by, **fields)
    builders.mail_all(item, by=by)
    publish_naming_the_structures(item.meeting, by=by)
    return item


@pytest.fixture
def permit(clerk, board_member):
    """A new hen permit: received, noticed 14 days ahead, approved by the Board, issued."""
    item = noticed(by=clerk)
    builders.decide(item, by=board_member)
    return actions.issue_permit(application=item.application, by=clerk, on=AFTER)


def test_a_legal_notice_that_names_no_structure_is_a_breach(clerk, board_member):
    """The decision action refuses a notice naming no structure (finding 7, fixed): the audit
    still reads the notice on file, so a text altered outside the actions is caught."""
    item = builders.noticed(by=clerk)
    builders.decide(item, by=board_member)
    notice = LegalNotice.objects.get(meeting=item.meeting)
    named = (
        ", in the structures shown on the plan: coop C1 and manure storage (pit or receptacle) M1"
    )
    assert named in notice.text
    LegalNotice.objects.filter(pk=notice.pk).update(text=notice.text.replace(named, ""))
    assert _sentences("notice") == [
        "The legal notice does not name the coop C1.",
        "The legal notice does not name the manure storage (pit or receptacle) M1.",
    ]


def test_a_permit_issued_through_the_hearing_audits_clean(permit):
    report = audit_register(today=date(2030, 4, 1))
    assert report.anomalies == []
    assert report.permits_checked == 1
    assert report.decisions_checked == 1


# --- provenance --------------------------------------------------------------------------


def test_a_renewal_of_no_permit_on_file_is_a_breach_of_provenance(clerk):
    factories.issued_permit(by=clerk, on=date(2027, 1, 14))
    assert _sentences("provenance") == ["It was issued as a renewal, but renews no permit on file."]


def test_a_renewal_of_a_permit_voided_beneath_it_is_a_breach_and_the_void_refused(clerk):
    """The paper entry renewed into 2028 cannot be voided from under its renewal; had it been
    (the record changed outside the actions), the audit names the renewal's missing ground."""
    legacy, renewal = _renewed(clerk, on=date(2027, 11, 15))
    with pytest.raises(ActionRefused) as refused:
        actions.void_permit(permit=legacy, reason="Entered twice by mistake.", by=clerk)
    assert f"Permit {renewal.number} renews it" in refused.value.reasons[0]
    assert Permit.objects.get(pk=legacy.pk).status == Permit.Status.ACTIVE
    assert _sentences("provenance") == []
    Permit.objects.filter(pk=legacy.pk).update(status=Permit.Status.VOID)
    assert _sentences("provenance") == [
        f"It renews permit {legacy.number}, which is void: a renewal rests on a permit in force."
    ]
    # Voided in order, the later first, both stand void and nothing rests on either.
    Permit.objects.filter(pk=legacy.pk).update(status=Permit.Status.ACTIVE)
    actions.void_permit(permit=renewal, reason="Renewed the wrong entry.", by=clerk)
    actions.void_permit(permit=legacy, reason="Entered twice by mistake.", by=clerk)
    assert _anomalies("provenance") == []


def test_a_new_permit_with_no_approval_after_a_hearing_is_a_breach(permit):
    Application.objects.filter(pk=permit.application_id).update(kind="new")
    permit.application.docket_items.update(kind="board_approval")
    assert any("did not approve after a public hearing" in s for s in _sentences("provenance"))


def test_a_paper_register_entry_accepted_by_the_board_audits_clean(clerk):
    factories.legacy_permit(by=clerk, first_permitted_on=date(1994, 5, 2), today=date(2027, 1, 14))
    assert _anomalies("provenance", today=date(2027, 2, 1)) == []


def test_a_provisional_paper_register_entry_awaits_the_board_without_a_finding(clerk):
    factories.register_entry(by=clerk, first_permitted_on=date(1994, 5, 2), today=date(2027, 1, 14))
    assert _anomalies("provenance", today=date(2027, 2, 1)) == []


def test_a_paper_register_entry_in_force_without_the_boards_vote_is_a_breach(clerk):
    entry = factories.register_entry(
        by=clerk, first_permitted_on=date(1994, 5, 2), today=date(2027, 1, 14)
    )
    Permit.objects.filter(pk=entry.pk).update(status=Permit.Status.ACTIVE)
    found = _anomalies("provenance", today=date(2027, 2, 1))
    assert [a.kind for a in found] == ["breach"]
    assert "never accepted by a vote" in found[0].sentence


def test_a_paper_register_entry_after_2002_is_not_grandfathered(clerk):
    legacy = factories.legacy_permit(
        by=clerk, first_permitted_on=date(2019, 5, 2), today=date(2027, 1, 14), manure_bin=True
    )
    Permit.objects.filter(pk=legacy.pk).update(grandfathered=True)
    assert any("after the regulation took effect" in s for s in _sentences("provenance"))


# --- the rules on the day ----------------------------------------------------------------


def test_a_permit_whose_recorded_facts_fail_the_rules_is_a_breach(permit):
    Structure.objects.filter(application=permit.application, label="C1").update(
        distance_property_line_ft=12
    )
    found = _anomalies("rules")
    assert [a.provision for a in found] == ["§20-15(4)(a)"]
    assert "On the day of issue" in found[0].sentence


def test_a_measured_distance_governs_over_the_typed_one(permit):
    Structure.objects.filter(application=permit.application, label="C1").update(
        measured_distances_ft={"property_line": 20.0}
    )
    assert [a.provision for a in _anomalies("rules")] == ["§20-15(4)(a)"]


def test_a_coop_the_plan_no_longer_draws_has_no_known_distance_whatever_was_typed(permit):
    # The typed figures pass; the plan measured the coop once and then stopped drawing it.
    Structure.objects.filter(application=permit.application, label="C1").update(
        measured_distances_ft={"property_line": 60.0, NOT_DRAWN: True}
    )
    assert "§20-15(4)(a)" in [a.provision for a in _anomalies("rules")]


def test_a_permit_that_outlives_its_variance_is_a_breach(clerk, board_member):
    item = noticed(by=clerk, setback_ft="40", relief=["20-15.4.a"])
    builders.decide(
        item,
        by=board_member,
        variance_rules=["20-15.4.a"],
        variance_expires_on=date(2030, 6, 30),
    )
    permit = actions.issue_permit(application=item.application, by=clerk, on=AFTER)
    # The issue action ends the permit with its variance (revision 3): a record changed on
    # file outside the actions is still caught.
    assert permit.expires_on == date(2030, 6, 30)
    Permit.objects.filter(pk=permit.pk).update(expires_on=date(2030, 12, 31))
    assert any("the variance it rests on ends on June 30, 2030" in s for s in _sentences("rules"))


# --- notice -------------------------------------------------------------------------------


def test_a_certified_mail_number_is_not_registered_mail(permit):
    AbutterNotice.objects.filter(docket_item__application=permit.application).update(
        article_number="9407111899223397551234"
    )
    assert any("not a registered-mail number" in s for s in _sentences("notice"))


def test_a_legal_notice_that_does_not_name_the_animals_is_a_breach(permit):
    notice = LegalNotice.objects.get()
    LegalNotice.objects.filter(pk=notice.pk).update(text=notice.text.replace("6 ", "2 "))
    assert any("does not name 6 chicken" in s for s in _sentences("notice"))


def test_an_abutter_struck_after_the_letters_still_needed_one(permit, clerk):
    abutter = permit.application.abutter_list.abutters.first()
    AbutterNotice.objects.filter(abutter=abutter).update(mailed_on=None)
    abutter.voided = True
    abutter.void_reason = "Sold."
    abutter.save()
    assert any("was sent no letter" in s for s in _sentences("notice"))


def test_a_coop_moved_closer_after_the_letters_is_more_than_was_noticed(clerk, board_member):
    """The decision action refuses a request enlarged since its notice: a coop's history
    changed on file outside the actions (moved before the vote) is still caught."""
    item = noticed(by=clerk)
    decision = builders.decide(item, by=board_member)
    coop = Structure.objects.get(application=item.application, label="C1")
    coop.measured_distances_ft = {"property_line": 52.0}
    coop.save()  # through the record's history, then dated before the vote
    voted_at = Decision.history.get(id=decision.pk, history_type="+").history_date
    rows = list(Structure.history.filter(id=coop.pk).order_by("history_date", "history_id"))
    moved, before = rows[-1], rows[-2]
    # Between the coop's last row before the move and the vote: a second before the vote
    # put it before the coop was entered whenever the two fell within one second.
    between = before.history_date + (voted_at - before.history_date) / 2
    assert before.history_date < between < voted_at
    Structure.history.filter(pk=moved.pk).update(history_date=between)
    assert any("more than the abutters' letters described" in s for s in _sentences("notice"))


# --- the Board ----------------------------------------------------------------------------


def test_a_decision_without_a_quorum_is_a_breach(permit):
    MeetingAttendance.objects.update(mode="absent")
    Vote.objects.update(vote="absent")
    sentences = _sentences("board")
    assert any("The Board decides nothing without a quorum" in s for s in sentences)
    assert any("rests on the Board's approval" in s for s in _sentences("provenance"))


# --- the parcel ---------------------------------------------------------------------------


def test_one_address_recorded_as_two_lots_is_counted_as_one_parcel(clerk):
    # Two records of one lot, typed two ways, as the intake made them before finding 4. The
    # Board's acceptance now refuses a lot recorded twice, so the second record's address is
    # written as the old intake left it once both permits are in force.
    from facilities.models import Lot

    one = factories.lot(by=clerk, street_address="5 Elm Street")
    two = factories.duplicate_lot(by=clerk, street_address="7 Elm Street", area_acres=1)
    for lot in (one, two):
        factories.legacy_permit(by=clerk, lot=lot, today=date(2027, 1, 14))
    Lot.objects.filter(pk=two.pk).update(street_address="5 ELM ST., Unit 2")
    assert any("recorded as 2 lots" in s for s in _sentences("parcel"))


def test_a_permit_on_a_lot_another_lot_record_repeats_is_an_anomaly(clerk):
    # Only one of the two records holds a permit: the parcel's keepings still cannot be
    # counted together until the clerk merges them.
    lot = factories.lot(by=clerk, street_address="12 Main Street")
    factories.legacy_permit(by=clerk, lot=lot, today=date(2027, 1, 14))
    twin = factories.duplicate_lot(by=clerk, street_address="12 MAIN ST")
    assert _sentences("parcel") == [
        f"The parcel is also on file as lot #{twin.pk} (12 MAIN ST): merge the duplicate, so "
        "that every permit on the parcel is counted together."
    ]


def test_a_permit_issued_off_the_imported_map_with_no_reason_cannot_be_shown(tmp_path, clerk):
    from facilities import actions as lot_actions
    from facilities.models import Lot
    from tests.facilities import parcel_layers as layer

    lot_actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    permit = factories.legacy_permit(by=clerk, today=date(2027, 1, 14), manure_bin=True)
    # The reason the clerk recorded, gone from the lot on file (outside the actions).
    Lot.objects.filter(pk=permit.lot_id).update(unmapped_reason="")
    assert _sentences("parcel") == [
        f"Permit {permit.number} was issued after the parcel map was imported, but this lot is "
        "not on it and no reason is recorded: the Assessor's area, and the permits that share "
        "its parcel, cannot be shown."
    ]


def test_two_lots_at_different_addresses_keep_the_parcel_invariant(clerk):
    for address in ("5 Elm Street", "7 Elm Street"):
        lot = factories.lot(by=clerk, street_address=address)
        factories.legacy_permit(by=clerk, lot=lot, today=date(2027, 1, 14))
    assert _sentences("parcel") == []


# --- one permit year at a time -------------------------------------------------------------


def _renewed(clerk, *, on):
    legacy = factories.legacy_permit(by=clerk, valid_for_year=2027, today=date(2027, 1, 14))
    renewal = actions.start_renewal(permit=legacy, by=clerk, today=on)
    actions.submit_application(application=renewal, received_on=on, by=clerk)
    factories.board_approves(renewal, ["vermin_plan"], on=on)
    actions.record_payment(application=renewal, amount=40, received_on=on, method="cash", by=clerk)
    return legacy, actions.issue_permit(application=renewal, by=clerk, on=on)


def test_a_renewal_in_the_window_keeps_one_permit_year_at_a_time(clerk):
    _renewed(clerk, on=date(2027, 11, 15))
    assert _sentences("year") == []


def test_a_renewal_before_the_window_opens_is_a_breach(clerk):
    """The renewal action refuses before the window opens: a permit dated earlier on file
    outside the actions is still caught."""
    _legacy, renewal = _renewed(clerk, on=date(2027, 11, 15))
    assert renewal.year == 2028
    Permit.objects.filter(pk=renewal.pk).update(issued_on=date(2027, 6, 15))
    Application.objects.filter(pk=renewal.application_id).update(received_on=date(2027, 6, 15))
    assert any("before the renewal window opened" in s for s in _sentences("year"))


def test_a_revocation_ends_every_later_permit_of_the_keeping(clerk):
    legacy, renewal = _renewed(clerk, on=date(2027, 11, 15))
    Permit.objects.filter(pk=legacy.pk).update(status="revoked", revoked_on=date(2027, 12, 1))
    found = _anomalies("year")
    assert [a.record.label for a in found] == [f"Permit {renewal.number}"]


# --- construction ---------------------------------------------------------------------------


def test_a_permit_for_construction_without_approval_or_completion_is_a_breach(permit):
    Application.objects.filter(pk=permit.application_id).update(construction="new")
    sentences = _sentences("construction")
    assert any("no approval of its plans by the Board" in s for s in sentences)
    assert any("without the building inspector's approval" in s for s in sentences)
    assert any("no completion inspection" in s for s in sentences)


def test_a_permit_with_no_construction_has_nothing_to_show_for_it(permit):
    assert _sentences("construction") == []


def test_a_permit_built_with_every_step_recorded_audits_clean_of_construction(clerk, agent):
    """The Board's approval of the plans, the building inspector's dated approval with its
    document, and the agent's final inspection finding the work complete (permits.construction)."""
    from tests.permits import test_construction as built

    application = built.shed_approved_by_the_board(clerk)
    built.record_inspector(application, clerk)
    built.final_inspection(application, agent)
    permit = built.issue(application, clerk)
    assert _anomalies("construction", today=built.ISSUE_DAY) == []
    # The inspector's document voided on file: the approval can no longer be shown.
    application.refresh_from_db()
    application.building_inspector_document.voided = True
    application.building_inspector_document.save()
    assert [a.record.label for a in _anomalies("construction", today=built.ISSUE_DAY)] == [
        f"Permit {permit.number}"
    ]


def _amend_property_line(by, *, effective_on, to_ft=65):
    """The Board raises §20-15(4)(a)'s distance, published at once (recorded late, after the
    permit was issued on the old figure)."""
    from datetime import time
    from decimal import Decimal

    from hearings.models import Meeting
    from permits.amendments import actions as amendment_actions
    from tests.hearings.roll_call import roll_call

    voted = date(2030, 1, 7)
    meeting = Meeting.objects.create(date=voted, time=time(19), place="Hearing Room")
    votes, chair = roll_call(meeting)
    return amendment_actions.record_amendment(
        rule="20-15.4.a",
        figure="minimum_ft",
        value=Decimal(to_ft),
        adopted_at=meeting,
        votes=votes,
        effective_on=effective_on,
        published_on=voted + timedelta(days=10),
        by=chair,
        today=date(2030, 4, 1),
    )


def test_the_audit_judges_a_permit_on_the_amended_figure_in_force_on_its_day(permit, admin_user):
    assert permit.issued_on == AFTER
    _amend_property_line(admin_user, effective_on=AFTER)
    found = _anomalies("rules")
    assert [a.provision for a in found] == ["§20-15(4)(a)"]
    assert "On the day of issue" in found[0].sentence
    assert "at least 65 ft is required" in found[0].sentence


def test_the_audit_holds_an_earlier_permit_to_the_figure_before_the_amendment(permit, admin_user):
    _amend_property_line(admin_user, effective_on=AFTER + timedelta(days=1))
    assert _anomalies("rules") == []


# --- renewals renewed together (issue 26, point 24) -------------------------------------------


def _together(clerk, *, paid=True):
    chosen = factories.legacy_permit(by=clerk)  # a permit on file that audits clean
    on = date(2027, 12, 1)
    payments = {chosen.pk: actions.PaymentTaken(method="cash")} if paid else {}
    batch = actions.renew_together(permits=[chosen], payments=payments, by=clerk, on=on)
    return chosen, batch.entries.get()


def test_renewals_renewed_together_audit_clean(clerk):
    _chosen, entry = _together(clerk)
    assert entry.permit is not None and entry.payment is not None
    assert _sentences() == []


def test_a_permit_renewed_together_whose_keeping_differs_is_a_breach(clerk):
    """The action renews only the unchanged; animals added on file outside it are caught."""
    from permits.models import PermitAnimal

    _chosen, entry = _together(clerk)
    PermitAnimal.objects.filter(permit=entry.permit).update(count=12)
    assert any(
        "as unchanged, yet its keeping differs" in s and "12 chicken (hen) instead of 6" in s
        for s in _sentences("together")
    ), _sentences("together")


def test_a_payment_recorded_together_above_the_fee_is_a_breach(clerk):
    from permits.models import Payment

    _chosen, entry = _together(clerk)
    Payment.objects.filter(pk=entry.payment_id).update(amount=400)
    assert any("is not this renewal's fee" in s for s in _sentences("together"))


def test_a_permit_chosen_and_not_renewed_without_a_reason_cannot_be_shown(clerk):
    from permits.models import RenewalBatchEntry

    _chosen, entry = _together(clerk, paid=False)
    assert entry.permit is None and "(§20-20(4))" in entry.refusal
    assert _anomalies("together") == []
    RenewalBatchEntry.objects.filter(pk=entry.pk).update(refusal="")
    (found,) = _anomalies("together")
    assert found.kind == "not_shown" and "no reason on file" in found.sentence


def _sent_by_the_applicant(permit, *, accepted_at=None):
    """A file of the abutter list the applicant sent (issue 26.9), written straight into the
    records as a faulty path would leave it: the only file of its kind on the application."""
    application = permit.application
    Document.objects.filter(application=application, kind="certified_abutter_list").delete()
    return Document.objects.create(
        application=application,
        kind="certified_abutter_list",
        original_name="abutters.pdf",
        content_type="application/pdf",
        size_bytes=10,
        supplement=True,
        accepted_at=accepted_at,
    )


def test_a_permit_counting_a_document_the_clerk_never_accepted_is_a_breach(permit):
    _sent_by_the_applicant(permit)
    assert _sentences("provenance") == [
        "Issued with the certified abutter list counted as received, on a file the applicant "
        "sent that the clerk had not accepted by then."
    ]


def test_a_document_accepted_after_the_permit_issued_did_not_count_for_it(permit):
    issued_at = Permit.history.filter(id=permit.pk, history_type="+").get().history_date
    _sent_by_the_applicant(permit, accepted_at=issued_at + timedelta(days=1))
    assert len(_sentences("provenance")) == 1
    # Accepted before it issued: it counted.
    Document.objects.filter(supplement=True).update(accepted_at=issued_at - timedelta(hours=1))
    assert _sentences("provenance") == []
