"""One small Board of Health, built through the actions, for the access matrix and history proof.

Two applicants with accounts (A and B), each with a permit, an open application and a
document; a noticed hearing and a decided one with a variance; an inspection with a
violation, its photo and order; a complaint; and, for the history proof, one call of every
action of every `<app>/actions.py` (destructive ones on records of their own, so the records
the matrix opens stay as they are).
"""

from __future__ import annotations

import io
import re
import uuid
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import time_machine
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from facilities import actions as facility_actions
from facilities.corrections import actions as parcel_corrections
from hearings import actions as hearing_actions
from hearings import notice_postings, notice_timing
from hearings.actions.decisions import Ruling, VarianceGranted
from hearings.corrections import actions as decision_corrections
from inspections import actions as inspection_actions
from inspections import field_reports
from inspections.checklist import items_for
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, Inspection
from permits import actions as permit_actions
from permits import clerk_letters
from permits.corrections import actions as receipt_corrections
from permits.models import Document
from permits.online import actions as online_actions
from permits.portal import actions as account_actions
from stoneham_boh import actions as staff_actions
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib import history
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.conftest import make_user
from tests.hearings import builders
from tests.hearings.builders import attend_as_voting

TOWN = ZoneInfo("America/New_York")
# The day the world lives on: a summer weekday, permits of 2027 in force.
TODAY = date(2027, 6, 15)
NOW = datetime.combine(TODAY, time(10, 0), tzinfo=TOWN)
PERMIT_DAY = date(2027, 1, 14)
HEARING_DAY = date(2027, 7, 13)  # a Tuesday, four weeks ahead
NOTICE_DAY = HEARING_DAY - timedelta(days=14)
PAST_HEARING = date(2027, 5, 11)
# Holders ask for next year's renewal from November 1 on.
RENEWAL_SEASON = datetime(2027, 11, 5, 10, 0, tzinfo=TOWN)
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"

ROLES = ("anonymous", "applicant_a", "applicant_b", "clerk", "agent", "board", "admin")


def pdf(name="site-plan.pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, PDF, content_type="application/pdf")


def jpeg(name="coop.jpg") -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", (32, 24), (120, 90, 60)).save(buffer, format="JPEG")
    return SimpleUploadedFile(name, buffer.getvalue(), content_type="image/jpeg")


@dataclass
class World:
    users: dict = field(default_factory=dict)
    objects: dict = field(default_factory=dict)
    media_root: object = None
    sessions: dict = field(default_factory=dict)

    def __getattr__(self, name):
        try:
            return self.__dict__["objects"][name]
        except KeyError as missing:
            raise AttributeError(name) from missing


def _town_settings(o, *, admin):
    """A paragraph reworded, and an amendment the Board voted, effective long after the
    world's day (so that nothing the world decides changes)."""
    from hearings.models import Meeting
    from permits.amendments import actions as amendment_actions
    from stoneham_boh.town.actions import save_wording

    o["standing_text"] = save_wording(key="order_letter.call", text="Call {telephone}.", by=admin)
    from tests.hearings.roll_call import roll_call

    meeting = Meeting.objects.create(date=TODAY - timedelta(days=7), time=time(19), place="Hall")
    votes, chair = roll_call(meeting)
    o["amendment"] = amendment_actions.record_amendment(
        rule="20-15.4.e",
        figure="minimum_ft",
        value=Decimal("12"),
        adopted_at=meeting,
        votes=votes,
        effective_on=date(2099, 1, 1),
        by=chair,
        today=TODAY,
    )
    # The Board closed part of that meeting to discuss litigation (c.30A §21(a)(3)).
    o["executive_session"] = hearing_actions.enter_executive_session(
        meeting=meeting,
        purpose="3",
        statement="To discuss strategy in Doe v. Board of Health, as an open meeting may harm "
        "the Board's position.",
        reconvenes=True,
        votes=votes,
        by=chair,
        today=TODAY,
    )
    hearing_actions.record_executive_minutes(
        session=o["executive_session"], text="Town counsel reported on the appeal.", by=admin
    )
    # A member disputes their vote on it; the Board confirms the record at a later meeting.
    disputed = hearing_actions.dispute_vote(
        vote=o["amendment"].roll.get(member=chair), statement="I abstained.", by=chair
    )
    settling = Meeting.objects.create(date=TODAY, time=time(8), place="Hall")
    settle_votes, settle_chair = roll_call(settling)
    o["settlement"] = hearing_actions.settle_dispute(
        vote=disputed,
        meeting=settling,
        outcome="confirmed",
        votes=settle_votes,
        by=settle_chair,
        today=TODAY,
    )
    # Another closed session of that meeting, its minutes released by the Board's
    # determination at the later one (c.30A §22(g)).
    released = hearing_actions.enter_executive_session(
        meeting=meeting,
        purpose="6",
        statement="To consider the value of land the town may lease for composting, as an "
        "open meeting may harm the town's position.",
        reconvenes=False,
        votes=votes,
        by=chair,
        today=TODAY,
    )
    hearing_actions.record_executive_minutes(
        session=released, text="The Board heard the assessor's valuation.", by=admin
    )
    o["released_executive_session"] = hearing_actions.release_executive_minutes(
        session=released,
        at_meeting=settling,
        determination="The lease is signed: the minutes no longer need withholding.",
        by=settle_chair,
        today=TODAY,
    )
    # A second vote, recorded in error after its publication and deposit: kept, and void.
    in_error = amendment_actions.record_amendment(
        rule="20-15.4.e",
        figure="minimum_ft",
        value=Decimal("14"),
        adopted_at=meeting,
        votes=votes,
        effective_on=date(2099, 1, 1),
        by=chair,
        today=TODAY,
    )
    amendment_actions.record_publication(
        amendment=in_error, published_on=TODAY, deposited_on=TODAY, by=admin, today=TODAY
    )
    amendment_actions.void_amendment(
        amendment=in_error, reason="The vote was on another figure.", by=admin, today=TODAY
    )


def build_world() -> World:
    from stoneham_boh.ops.demo_town import install_stoneham

    install_stoneham()  # the world may be built before a test's own fixtures run
    world = World()
    staff = {
        "clerk": make_user("clerk1", Role.CLERK),
        "agent": make_user("agent1", Role.AGENT),
        "board": make_user("board1", Role.BOARD),
        "admin": make_user("admin1", Role.ADMIN),
    }
    clerk, agent, board = staff["clerk"], staff["agent"], staff["board"]
    o = world.objects

    # Applicants A and B, each with an account, a permit, an open application and a document.
    for key, name in (("a", "Karen Sullivan"), ("b", "Thomas Greene")):
        person = factories.applicant_account(by=clerk, name=name)
        world.users[f"applicant_{key}"] = person.user
        permit = factories.issued_permit(by=clerk, applicant=person, on=PERMIT_DAY)
        open_application = factories.new_hen_application(
            by=clerk, applicant=person, received_on=date(2027, 6, 1)
        )
        o[f"applicant_{key}"] = person
        o[f"permit_{key}"] = permit
        o[f"application_{key}"] = permit.application
        o[f"open_application_{key}"] = open_application
        if key == "a":
            # A permit of A's with nothing against it (A's first permit is before the Board
            # for revocation, so it cannot be renewed): the online renewal request's form.
            o["renewable_permit_a"] = factories.issued_permit(
                by=clerk, applicant=person, on=PERMIT_DAY
            )
            # Received without its fencing details: A's page offers to send them.
            o["lacking_a_paper_a"] = factories.new_hen_application(
                by=clerk, applicant=person, received_on=date(2027, 6, 1), doc_fencing_details=False
            )
        o[f"document_{key}"] = permit_actions.upload_document(
            application=open_application, kind=Document.Kind.SITE_PLAN, upload=pdf(), by=clerk
        )
        o[f"lot_{key}"] = permit.lot
    world.users.update(staff)
    # B has asked for next year's renewal; A has not yet (so her renewal form is open).
    with time_machine.travel(RENEWAL_SEASON, tick=False):
        o["renewal_request_b"] = account_actions.request_renewal(
            permit=o["permit_b"], by=world.users["applicant_b"], unchanged=True
        )

    _hearings(o, clerk=clerk, board=board)
    _inspections(o, clerk=clerk, agent=agent)
    _the_other_actions(o, clerk=clerk, agent=agent)
    _board_matters(o, clerk=clerk, agent=agent, board=board)
    _online(o, clerk=clerk, resident=world.users["applicant_a"])
    _one_lot_per_parcel(o, clerk=clerk)
    _records(o, clerk=clerk)
    _town_settings(o, admin=staff["admin"])
    # An administrator resets the agent's two-factor (a lost phone).
    staff_actions.reset_two_factor(user=agent, by=staff["admin"])
    return world


def _records(o, *, clerk):
    """A public records request for A's permit, with a document withheld under an exemption."""
    from records import actions as records_actions
    from records import retention
    from records.models import Exemption, RecordSeries
    from records.series import ship

    exemption = Exemption.objects.create(
        citation="Exemption (a)", name="Test", wording="Test wording, not counsel's."
    )
    request = records_actions.log_request(
        requester="A. Reporter",
        description="The file of A's permit.",
        received_on=TODAY,
        permit=o["permit_a"],
        by=clerk,
        today=TODAY,
    )
    redaction = records_actions.redact(
        request=request, target=f"document:{o['document_a'].pk}", exemption=exemption, by=clerk
    )
    # Words of the complaint as reported withheld, the rest sent (a passage, c.4 §7(26)).
    records_actions.redact_passage(
        request=request,
        place=f"complaint:{o['complaint'].pk}",
        passage="Rats",
        exemption=exemption,
        by=clerk,
    )
    # The written response drafted, not yet signed (c.66 §10(b)).
    records_actions.draft_response(
        request=request, by=clerk, provided="The file, by e-mail.", pages=12
    )
    # The complainant, withheld by default, released to the request and withheld again.
    complainant_release = records_actions.release_complainant(
        request=request, complaint=o["complaint"], reason="The complainant consented.", by=clerk
    )
    records_actions.withhold_complainant_again(release=complainant_release, by=clerk)
    # An earlier request answered: a redaction withdrawn before the package was sent.
    answered = records_actions.log_request(
        requester="B. Reporter",
        description="The complaints about Pond Street.",
        received_on=TODAY,
        by=clerk,
        today=TODAY,
    )
    records_actions.withdraw_redaction(
        redaction=records_actions.redact(
            request=answered,
            target=f"complainant:{o['complaint'].pk}",
            exemption=exemption,
            by=clerk,
        ),
        by=clerk,
    )
    records_actions.record_response(
        request=answered,
        responded_on=TODAY,
        response="The package, by e-mail.",
        by=clerk,
        today=TODAY,
    )
    # A third, answered by the written response, signed and sent.
    written = records_actions.log_request(
        requester="C. Reporter",
        description="The Board's decisions of the year.",
        received_on=TODAY,
        by=clerk,
        today=TODAY,
    )
    records_actions.draft_response(request=written, by=clerk, provided="The decisions.")
    records_actions.sign_response(request=written, by=clerk, today=TODAY)
    ship(RecordSeries)  # the shipped series, in a database built without migrations
    hold = retention.place_hold(
        series=RecordSeries.objects.get(kind="complaint"), reason="A matter in court", by=clerk
    )
    o.update(
        records_request=request,
        redaction=redaction,
        legal_hold=hold,
        complainant_release=complainant_release,
    )


def _online(o, *, clerk, resident):
    """Applicant A applies online: a draft, one sent and waiting for the clerk, one the clerk
    asked about and then received, and one withdrawn."""

    def sent(street: str):
        application = online_actions.start_online_application(
            by=resident, details={}, address={"street_address": street}
        )
        online_actions.save_online_application(
            application=application,
            by=resident,
            animals=[{"species": "goat", "name": "", "count": 2, "pk": None}],
        )
        online_actions.add_online_document(
            application=application, by=resident, kind=Document.Kind.SITE_PLAN, upload=pdf()
        )
        return online_actions.submit_online_application(application=application, by=resident)

    o["online_draft_a"] = online_actions.start_online_application(
        by=resident, details={}, address={"street_address": "3 Online Way"}
    )
    # A wrong file on the draft is replaced, and a second one removed: each is withdrawn (voided)
    # with its reason, never deleted.
    wrong = online_actions.add_online_document(
        application=o["online_draft_a"], by=resident, kind=Document.Kind.SITE_PLAN, upload=pdf()
    )
    online_actions.replace_online_document(document=wrong, by=resident, upload=pdf())
    extra = online_actions.add_online_document(
        application=o["online_draft_a"], by=resident, kind=Document.Kind.FENCING, upload=pdf()
    )
    online_actions.remove_online_document(document=extra, by=resident)
    o["online_sent_a"] = sent("5 Online Way")
    asked = sent("7 Online Way")
    online_actions.request_information(
        application=asked, by=clerk, sections=["documents"], message="The fencing details."
    )
    online_actions.submit_online_application(application=asked, by=resident)
    online_actions.receive_online_application(application=asked, by=clerk)
    online_actions.withdraw_online_application(application=sent("9 Online Way"), by=resident)
    # A draft left untouched for months: the clerk discards it (kept, withdrawn).
    abandoned = online_actions.start_online_application(
        by=resident, details={}, address={"street_address": "11 Online Way"}
    )
    with time_machine.travel(RENEWAL_SEASON, tick=False):
        online_actions.discard_online_draft(
            application=abandoned, by=clerk, reason="No answer to two calls."
        )
    o["online_discarded_a"] = abandoned
    # Received without its fencing details, which A sends afterwards and the clerk accepts
    # (issue 26, point 9); A's other such application still offers to send them.
    completed = factories.new_hen_application(
        by=clerk,
        applicant=o["applicant_a"],
        received_on=date(2027, 6, 1),
        doc_fencing_details=False,
    )
    sent_after = online_actions.send_supplement(
        application=completed, by=resident, kind=Document.Kind.FENCING, upload=pdf()
    )
    permit_actions.accept_supplement(document=sent_after, by=clerk)


def _one_lot_per_parcel(o, *, clerk):
    """A lot recorded twice (the second without its parcel) merged into the first, and a lot
    off the parcel map with the clerk's reason."""
    lot = facility_actions.create_lot(by=clerk, parcel_id="7-80-8", street_address="80 Pond Street")
    # Recorded twice before the intake refused an address on file (issue 22, finding 4).
    duplicate = factories.duplicate_lot(by=clerk, street_address="80 pond street")
    o["merged_lot"] = facility_actions.merge_lots(duplicate=duplicate, into=lot, by=clerk)
    o["unmapped_lot"] = facility_actions.record_unmapped_reason(
        lot=facility_actions.create_lot(
            by=clerk, parcel_id="7-90-9", street_address="90 Pond Street"
        ),
        reason="A subdivision newer than the Assessor's layer.",
        by=clerk,
    )
    # A parcel id typed wrong (digits swapped), corrected with its reason.
    parcel_corrections.correct_parcel_id(
        lot=facility_actions.create_lot(
            by=clerk, parcel_id="7-110-2", street_address="110 Pond Street"
        ),
        parcel_id="7-110-1",
        reason="Digits swapped at intake.",
        by=clerk,
    )
    # A lot first recorded without its parcel id, given it from the Assessor's map.
    facility_actions.give_parcel_id(
        lot=facility_actions.create_lot(by=clerk, street_address="100 Pond Street"),
        parcel_id="7-100-1",
        by=clerk,
    )


def _hearings(o, *, clerk, board):
    """A hearing noticed for next month, and one held last month with a decision and variance."""
    facility_actions.create_lot(
        by=clerk,
        parcel_id="7-70-7",
        street_address="70 Pond Street",
        area_acres="2.0",
        percolation_min_per_inch="12",
    )
    meeting = hearing_actions.schedule_meeting(
        on=HEARING_DAY, at=time(19), place="Stoneham Town Hall", by=clerk, today=TODAY
    )
    application = factories.new_hen_application(by=clerk, received_on=date(2027, 6, 1))
    facility_actions.import_abutters(
        application=application,
        rows=[
            {
                "owner_names": f"Neighbour {n}",
                "mailing_street": f"{n} Pond Street",
                "mailing_zip": "02180",
            }
            for n in (1, 2, 3)
        ],
        certified_on=date(2027, 6, 2),
        source_name="assessor.csv",
        by=clerk,
    )
    item = hearing_actions.schedule_hearing(
        application=application, meeting=meeting, by=clerk, today=TODAY
    )
    hearing_actions.update_docket_item(item=item, by=clerk, staff_recommendation="Approve.")
    # A second item, withdrawn by the applicant, for the history of that action.
    withdrawn = hearing_actions.schedule_hearing(
        application=factories.new_hen_application(by=clerk, received_on=date(2027, 6, 1)),
        meeting=meeting,
        by=clerk,
        today=TODAY,
    )
    hearing_actions.withdraw_docket_item(item=withdrawn, by=clerk)
    abutters = notice_timing.abutters_in_letter_order(item)
    # The letters printed before they are mailed: what they describe is kept.
    hearing_actions.record_letters_printed(items=[item], by=clerk)
    first = hearing_actions.record_mailing(
        item=item,
        abutter=abutters[0],
        article_number="RE000000001US",
        mailed_on=TODAY,
        by=clerk,
        today=TODAY,
    )
    hearing_actions.record_mailing_list(
        item=item,
        article_numbers=[f"RE00000000{n}US" for n in range(1, len(abutters) + 1)],
        mailed_on=TODAY,
        by=clerk,
        today=TODAY,
    )
    hearing_actions.mark_receipt_returned(notice=first, returned_on=TODAY, by=clerk, today=TODAY)
    hearing_actions.draft_legal_notice(meeting=meeting, by=clerk)
    notice = meeting.legal_notice
    hearing_actions.edit_legal_notice(
        meeting=meeting, text=notice.text, newspaper=notice.newspaper, by=clerk
    )
    hearing_actions.send_legal_notice(meeting=meeting, sent_on=TODAY, by=clerk, today=TODAY)
    hearing_actions.record_publication(meeting=meeting, published_on=TODAY, by=clerk, today=TODAY)
    builders.post_online(meeting, by=clerk, posted_on=TODAY)
    proof = notice_postings.upload_proof(
        meeting=meeting, kind="affidavit", upload=pdf("affidavit.pdf"), by=clerk
    )
    o.update(
        meeting=meeting, item=item, abutter=abutters[0], abutter_notice=first, notice_proof=proof
    )

    # Last month's hearing, decided, with a variance of the property-line setback.
    # Recorded when it happened: a letter or a posting is never dated before its hearing was
    # put on the docket (hearings.open_meeting, the mailing's refusal).
    with history.recorded_at(datetime.combine(PAST_HEARING - timedelta(days=40), time(10), TOWN)):
        past = hearing_actions.schedule_meeting(
            on=PAST_HEARING,
            at=time(19),
            place="Stoneham Town Hall",
            by=clerk,
            today=PAST_HEARING - timedelta(days=40),
        )
        decided_application = factories.new_hen_application(by=clerk, received_on=date(2027, 3, 1))
        decided_item = hearing_actions.schedule_hearing(
            application=decided_application,
            meeting=past,
            by=clerk,
            relief_sought=["20-15.4.a"],
            today=PAST_HEARING - timedelta(days=40),
        )
        facility_actions.add_abutter(
            application=decided_application,
            by=clerk,
            owner_names="Pat Neighbour",
            mailing_street="1 Next Door Lane",
            mailing_zip="02180",
            parcel_id="9-999-1",
        )
        facility_actions.certify_abutter_list(
            application=decided_application, certified_on=date(2027, 3, 2), by=clerk
        )
    mailed = PAST_HEARING - timedelta(days=20)
    hearing_actions.record_mailing_list(
        item=decided_item,
        article_numbers=["RE000000099US"],
        mailed_on=mailed,
        by=clerk,
        today=mailed,
    )
    with history.recorded_at(datetime.combine(mailed, time(9), TOWN)):
        hearing_actions.draft_legal_notice(meeting=past, by=clerk)
    hearing_actions.send_legal_notice(meeting=past, sent_on=mailed, by=clerk, today=mailed)
    hearing_actions.record_publication(meeting=past, published_on=mailed, by=clerk, today=mailed)
    builders.post_online(past, by=clerk, posted_on=mailed)
    attend_as_voting(past, {board: "yes"}, by=clerk)
    builders.posted(past, by=clerk)
    decision = hearing_actions.record_decision(
        item=decided_item,
        ruling=Ruling(
            result="approved",
            decided_on=PAST_HEARING,
            conditions="Keep the coop 40 ft from the line.",
            reasons="The lot is too narow to move the coop.",
            variance=VarianceGranted(
                rules=["20-15.4.a"],
                finding="Moving the coop would do manifest injustice on this narrow lot.",
            ),
        ),
        votes={board: "yes"},
        by=board,
        today=PAST_HEARING,
    )
    # The written decision mailed, and its receipt back (the proof of service).
    hearing_actions.record_decision_mailing(
        decision=decision,
        mailed_on=PAST_HEARING + timedelta(days=1),
        article_number="RE000000098US",
        by=clerk,
        today=PAST_HEARING + timedelta(days=1),
    )
    hearing_actions.record_decision_receipt(
        decision=decision, received_on=PAST_HEARING + timedelta(days=4), by=clerk, today=TODAY
    )
    # A clerical error in the written decision corrected (a misspelling: not a new vote; the
    # conditions are the Board's vote and no correction's).
    decision_corrections.correct_decision(
        decision=decision,
        reasons="The lot is too narrow to move the coop.",
        reason="Misspelled at typing.",
        by=clerk,
        today=TODAY,
    )
    # What the newspaper charged for next month's hearing's notice (the applicant's expense).
    hearing_actions.record_newspaper_charge(item=item, amount="84.50", by=clerk)
    # Next month's meeting notice posted with the Town Clerk (the Open Meeting Law).
    hearing_actions.record_meeting_posting(meeting=meeting, posted_at=NOW, by=clerk, now=NOW)
    # The minutes of the meeting before last month's, approved at last month's; last
    # month's drafted, the clerk's summary written, and the draft released on a request.
    earlier_day = PAST_HEARING - timedelta(days=28)
    with history.recorded_at(datetime.combine(earlier_day - timedelta(days=20), time(10), TOWN)):
        earlier = hearing_actions.schedule_meeting(
            on=earlier_day,
            at=time(19),
            place="Stoneham Town Hall",
            by=clerk,
            today=earlier_day - timedelta(days=20),
        )
    earlier_minutes = hearing_actions.draft_minutes(
        meeting=earlier, by=clerk, today=earlier_day + timedelta(days=1)
    )
    hearing_actions.approve_minutes(
        minutes=earlier_minutes,
        at_meeting=past,
        votes={board: "yes"},
        by=board,
        today=PAST_HEARING,
    )
    minutes = hearing_actions.draft_minutes(
        meeting=past, by=clerk, today=PAST_HEARING + timedelta(days=1)
    )
    hearing_actions.edit_minutes(
        minutes=minutes,
        discussion="The chair opened the hearing; the applicant presented the plan.",
        item_summaries={decided_item.pk: "Pat Neighbour spoke in favour."},
        by=clerk,
    )
    hearing_actions.release_draft_minutes(
        minutes=minutes,
        requested_by="A. Reporter",
        requested_on=PAST_HEARING + timedelta(days=2),
        by=clerk,
        today=TODAY,
    )
    o.update(
        past_meeting=past,
        decided_item=decided_item,
        decision=decision,
        variance=decision.variances.first(),
        approved_minutes_meeting=earlier,
    )


def _inspections(o, *, clerk, agent):
    """A complaint, the inspection it led to with a violation and photo, and its order."""
    lot = o["lot_a"]
    complaint = inspection_actions.record_complaint(
        lot=lot,
        nature="vermin",
        description="Rats seen by the coop.",
        complainant_name="A. Neighbour",
        by=clerk,
        received_on=TODAY,
    )
    inspection = inspection_actions.schedule_inspection(
        lot=lot,
        kind=Inspection.Kind.COMPLAINT,
        scheduled_for=TODAY,
        by=clerk,
        agent=agent,
        complaint=complaint,
        permit=o["permit_a"],
        today=TODAY,
    )
    answers = _answers(inspection, violation_photo=jpeg())
    inspection_actions.record_inspection(
        inspection=inspection,
        by=agent,
        answers=answers,
        performed_at=NOW,
        summary="Burrows under the coop.",
    )
    violations = list(
        inspection.findings.filter(result=ChecklistFinding.Result.VIOLATION).order_by("id")
    )
    finding = violations[0]
    order = inspection_actions.issue_order(
        finding=finding,
        by=agent,
        requirement="Abate the rats.",
        deadline=TODAY + timedelta(days=30),
        issued_on=TODAY,
    )
    scheduled = inspection_actions.schedule_inspection(
        lot=o["lot_b"],
        kind=Inspection.Kind.ROUTINE,
        scheduled_for=TODAY + timedelta(days=7),
        by=clerk,
        agent=agent,
        permit=o["permit_b"],
        today=TODAY,
    )
    # What a second agent's phone recorded meanwhile, refused and kept at the office.
    o["field_report"] = field_reports.file_field_report(
        inspection=inspection,
        by=agent,
        items=items_for(inspection, keeping_for(lot, TODAY)),
        answers=_answers(inspection, violation_photo=jpeg()),
        refusal=ActionRefused("This inspection is already completed."),
    )
    o.update(
        complaint=complaint,
        inspection=inspection,
        finding=finding,
        order=order,
        photo=finding.photos.first(),
        scheduled_inspection=scheduled,
        open_complaint=inspection_actions.record_complaint(
            lot=o["lot_b"],
            nature="odour",
            description="Smell of manure.",
            complainant_name="B. Neighbour",
            by=clerk,
            received_on=TODAY,
        ),
    )

    # An anonymous complaint about an address with no lot on file (animals kept unpermitted):
    # the lot is recorded with it (lot_at_address).
    o["lot_without_parcel_id"] = inspection_actions.record_complaint(
        address="12  Unrecorded Road",
        nature="noise",
        description="A rooster crows at 4 a.m.",
        by=clerk,
        received_on=TODAY,
    ).lot

    # Orders closed every way, and a cancelled inspection and closed complaint, for history.
    closings = ("abate", "extend", "unabated", "withdraw")
    o["finding_without_order"] = violations[5]
    for close, other in zip(closings, violations[1:5], strict=True):
        extra = inspection_actions.issue_order(
            finding=other,
            by=agent,
            requirement=f"Order to {close}.",
            deadline=TODAY - timedelta(days=1) if close == "unabated" else TODAY + timedelta(10),
            issued_on=TODAY - timedelta(days=20),
            token=uuid.uuid4(),
        )
        if close == "abate":
            inspection_actions.abate_order(order=extra, by=agent, note="Exterminator's report.")
        elif close == "extend":
            inspection_actions.extend_order(
                order=extra, by=agent, deadline=TODAY + timedelta(days=40), reason="Ordered bait."
            )
        elif close == "unabated":
            inspection_actions.mark_order_unabated(order=extra, by=agent, note="Still there.")
        else:
            inspection_actions.withdraw_order(order=extra, by=agent, reason="Issued in error.")
    cancelled = inspection_actions.schedule_inspection(
        lot=lot,
        kind=Inspection.Kind.ROUTINE,
        scheduled_for=TODAY + timedelta(days=3),
        by=clerk,
        today=TODAY,
    )
    inspection_actions.cancel_inspection(inspection=cancelled, by=clerk, reason="Owner away.")
    closed = inspection_actions.record_complaint(
        lot=lot,
        nature="noise",
        description="Rooster.",
        complainant_name="C. Neighbour",
        by=clerk,
        received_on=TODAY,
    )
    inspection_actions.close_complaint(complaint=closed, by=clerk, resolution="No rooster kept.")


def _answers(inspection, *, violation_photo):
    from inspections.actions import Answer
    from inspections.checklist import items_for
    from inspections.keeping import keeping_for

    keeping = keeping_for(inspection.lot, inspection.scheduled_for, inspection.application)
    items = items_for(inspection, keeping)
    answers = {item.id: Answer(ChecklistFinding.Result.COMPLIES) for item in items}
    answers[items[0].id] = Answer(
        ChecklistFinding.Result.VIOLATION, "Rat burrows under the coop.", [violation_photo]
    )
    # Four more violations, one for each way an order can close, and one with no order yet.
    for item in items[1:6]:
        answers[item.id] = Answer(ChecklistFinding.Result.VIOLATION, "Not kept as required.")
    return answers


def _the_other_actions(o, *, clerk, agent):
    """The actions no record above needed: each once, on records of its own."""
    person = permit_actions.create_applicant(
        by=clerk,
        name="Dana Whitfield",
        mailing_street="5 Elm Street",
        mailing_zip="02180",
        email="dana@example.org",
    )
    account_actions.invite_applicant(applicant=person, by=clerk)
    o["invited_applicant"] = person
    o["invitation_token"] = re.search(r"/invitation/([^/\s]+)/", mail.outbox[-1].body).group(1)
    # A resident who signed up and confirmed the address the clerk already had for her.
    signed_up = get_user_model().objects.create_user(
        username="erin@example.org", email="erin@example.org", password="a-long-test-password"
    )
    known = permit_actions.create_applicant(
        by=clerk,
        name="Erin Known",
        mailing_street="7 Elm Street",
        mailing_zip="02180",
        email="ERIN@example.org",
    )
    account_actions.open_applicant_account(user=signed_up, by=signed_up)
    # The address alone links nothing: the clerk confirms that the account is Erin's.
    account_actions.confirm_account_link(link=signed_up.account_links.get(), by=clerk)
    o["signed_up_applicant"] = known
    # Two more sign-ups under addresses on file: one is not the same person, one waits.
    for name in ("frank", "gina"):
        user = get_user_model().objects.create_user(
            username=f"{name}@example.org", email=f"{name}@example.org", password="a-long-test-pw"
        )
        permit_actions.create_applicant(
            by=clerk,
            name=f"{name.title()} On File",
            mailing_street="9 Elm Street",
            mailing_zip="02180",
            email=f"{name}@example.org",
        )
        account_actions.open_applicant_account(user=user, by=user)
        o[f"account_link_{name}"] = user.account_links.get()
    account_actions.decline_account_link(link=o["account_link_frank"], by=clerk)
    # Residents change their details: the clerk accepts one, declines one, one waits.
    for details, decide in (
        ({"mailing_zip": "02180-1234"}, account_actions.accept_details_change),
        ({"name": "Erin Renamed"}, account_actions.decline_details_change),
        ({"mailing_street": "8 Elm Street"}, None),
    ):
        change = account_actions.propose_details_change(
            applicant=known, details=details, by=signed_up
        )
        if decide is not None:
            decide(change=change, by=clerk)
    o["details_change"] = change
    # A later meeting whose legal notice is drafted but not yet sent.
    later = hearing_actions.schedule_meeting(
        on=HEARING_DAY + timedelta(days=28),
        at=time(19),
        place="Stoneham Town Hall",
        by=clerk,
        today=TODAY,
    )
    hearing_actions.schedule_hearing(
        application=factories.new_hen_application(by=clerk, received_on=date(2027, 6, 1)),
        meeting=later,
        by=clerk,
        today=TODAY,
    )
    hearing_actions.draft_legal_notice(meeting=later, by=clerk)
    o["later_meeting"] = later

    application = o["open_application_a"]
    permit_actions.update_application(
        application=application, by=clerk, changes={"notes": "Called the applicant."}
    )
    spare = permit_actions.upload_document(
        application=application, kind=Document.Kind.OTHER, upload=pdf("letter.pdf"), by=clerk
    )
    permit_actions.void_document(document=spare, reason="Wrong file.", by=clerk)
    permit_actions.record_paper_original(
        application=application, kind=Document.Kind.FENCING, by=clerk
    )
    o["clerk_letter"] = clerk_letters.write_letter(
        application=application, subject="Your fencing", body="Dear Applicant:", by=clerk
    )
    # Renewals chosen together in June: the window for next year's is not open yet, so the
    # batch records why each was not renewed (issue 26, point 24).
    o["renewal_batch"] = permit_actions.renew_together(
        permits=[factories.issued_permit(by=clerk, on=PERMIT_DAY)],
        payments={},
        by=clerk,
        on=TODAY,
    )
    # A shed to be built: the building inspector's approval, with its date and document.
    shed = factories.new_hen_application(by=clerk, received_on=date(2027, 6, 1), construction="new")
    o["construction_application"] = shed
    permit_actions.record_building_inspector_approval(
        application=shed,
        approved_on=date(2027, 6, 10),
        upload=pdf("sign-off.pdf"),
        by=clerk,
        today=TODAY,
    )

    # A payment recorded on the wrong application, voided; a mistyped one, corrected.
    unpaid = factories.hen_renewal(by=clerk, paid=False)
    permit_actions.void_payment(
        payment=permit_actions.record_payment(
            application=unpaid, amount=Decimal("40"), received_on=TODAY, method="cash", by=clerk
        ),
        reason="Recorded on the wrong application.",
        by=clerk,
    )
    permit_actions.correct_payment(
        payment=permit_actions.record_payment(
            application=unpaid, amount=Decimal("400"), received_on=TODAY, method="check", by=clerk
        ),
        reason="Typed $400 for $40.",
        amount=Decimal("40"),
        received_on=TODAY,
        method="check",
        by=clerk,
    )

    with time_machine.travel(RENEWAL_SEASON, tick=False):
        # Starting the renewal takes up B's pending request (take_up_renewal_request).
        o["renewal_application_b"] = permit_actions.start_renewal(permit=o["permit_b"], by=clerk)

    voided = factories.issued_permit(by=clerk, on=PERMIT_DAY)
    permit_actions.void_permit(permit=voided, reason="Issued to the wrong person.", by=clerk)

    # A name listed twice on another application's certified list, struck before its letters
    # (the item's letters are mailed: a strike there is refused, issue 22 finding 13).
    listed_twice = factories.new_hen_application(by=clerk, received_on=date(2027, 6, 1))
    facility_actions.import_abutters(
        application=listed_twice,
        rows=[
            {
                "owner_names": name,
                "parcel_id": "12-345-9",
                "mailing_street": "9 Pond Street",
                "mailing_zip": "02180",
            }
            for name in ("Pat Twice", "Patricia Twice")
        ],
        certified_on=date(2027, 6, 2),
        source_name="assessor.csv",
        by=clerk,
    )
    facility_actions.void_abutter(
        abutter=listed_twice.abutter_list.abutters.order_by("id").last(),
        ground="duplicate",
        by=clerk,
        today=TODAY,
    )
    # An application marked received by mistake and taken back (a draft again); and one
    # received, whose page offers to take the receipt back.
    receipt_corrections.undo_receipt(
        application=factories.hen_renewal(by=clerk, kind="new", paid=False),
        reason="Marked received on the wrong file.",
        by=clerk,
    )
    o["received_application"] = factories.hen_renewal(by=clerk, kind="new", paid=False)
    # A draft the clerk has opened and not yet received: where a legacy permit is entered.
    o["draft_application"] = permit_actions.create_application(
        by=clerk, applicant=factories.applicant(by=clerk), lot=factories.lot(by=clerk)
    )
    # A keeping permitted on paper in 1994, entered from the register (enter_register_permit)
    # and accepted by the Board's vote.
    o["legacy_permit"] = factories.legacy_permit(by=clerk, today=TODAY)
    _parcel_map(o, clerk=clerk)


def _parcel_map(o, *, clerk):
    """The parcel map, an abutter list drafted from it, and plans drawn on it."""
    import tempfile
    from pathlib import Path

    from facilities.models import Parcel
    from tests.facilities import parcel_layers

    with tempfile.TemporaryDirectory() as folder:
        path = parcel_layers.write(Path(folder) / "M284.zip")
        facility_actions.import_parcel_layer(path=path, by=clerk)
    parcel = Parcel.objects.get(loc_id="L_N2")
    application = factories.new_hen_application(
        by=clerk,
        received_on=date(2027, 6, 1),
        lot=factories.lot(by=clerk),
        applicant=factories.applicant(by=clerk),
    )
    facility_actions.link_lot_to_parcel(lot=application.lot, parcel=parcel, by=clerk)
    facility_actions.draft_abutter_list(application=application, by=clerk)
    coop = {
        "id": "C1",
        "kind": "structure",
        "form": "rect",
        "x": parcel_layers.X0 + 75,
        "y": parcel_layers.Y0 + 40,
        "width_ft": 8,
        "depth_ft": 6,
        "rotation_deg": 0,
    }
    facility_actions.save_site_plan(application=application, shapes=[coop], by=clerk)
    o["plan_application"] = application
    decided = factories.issued_permit(
        by=clerk,
        on=PERMIT_DAY,
        lot=factories.lot(by=clerk),
        applicant=factories.applicant(by=clerk),
    ).application
    facility_actions.link_lot_to_parcel(
        lot=decided.lot, parcel=Parcel.objects.get(loc_id="L_S2"), by=clerk
    )
    coop_south = {**coop, "y": parcel_layers.Y0 - 25}
    facility_actions.file_plan_of_record(application=decided, shapes=[coop_south], by=clerk)


def _board_matters(o, *, clerk, agent, board):
    """A revocation proceeding on A's permit, noticed and awaiting the Board; another decided,
    revoking a permit of its own; a variance's rescission on the docket; a former member."""
    from tests.hearings import board_builders

    User = get_user_model()  # noqa: N806

    meeting = o["later_meeting"]
    notice_day = meeting.date - timedelta(days=14)
    proceeding = hearing_actions.open_revocation(
        permit=o["permit_a"],
        meeting=meeting,
        grounds="Rats under the coop, not abated (§20-16(6)).",
        orders=[o["order"]],
        findings=[o["finding"]],
        by=clerk,
        today=TODAY,
    )
    hearing_actions.record_holder_notice(
        proceeding=proceeding, mailed_on=notice_day, by=clerk, today=notice_day
    )
    revoked = factories.issued_permit(by=clerk, on=PERMIT_DAY)
    finding = board_builders.violation(revoked, agent=agent, clerk=clerk, on=TODAY)
    decided = hearing_actions.open_revocation(
        permit=revoked, meeting=meeting, grounds="Rats.", findings=[finding], by=clerk, today=TODAY
    )
    hearing_actions.record_holder_notice(
        proceeding=decided, mailed_on=notice_day, by=clerk, today=notice_day
    )
    attend_as_voting(meeting, {board: "yes"}, by=clerk)
    builders.posted(meeting, by=clerk)
    hearing_actions.record_decision(
        item=decided.docket_item,
        ruling=Ruling(
            result="revoked",
            decided_on=meeting.date,
            removal_by=meeting.date + timedelta(days=30),
        ),
        votes={board: "yes"},
        by=board,
        today=meeting.date,
    )
    # Its written decision not yet mailed: the clerk's page offers to record the mailing.
    o["unmailed_decision_item"] = decided.docket_item
    # The member says the chair's roll call recorded their vote wrongly.
    hearing_actions.dispute_vote(
        vote=decided.docket_item.decision.votes.get(member=board),
        statement="I voted no.",
        by=board,
    )
    rescission = hearing_actions.open_variance_rescission(
        variance=o["variance"], meeting=meeting, reason="The fence is down.", by=clerk, today=TODAY
    )
    former = make_user("board-former", Role.BOARD).board_terms.get()
    hearing_actions.end_board_term(
        member=former,
        term_end=TODAY,
        reason="Resigned.",
        by=User.objects.get(username="roll-administrator"),
        today=TODAY,
    )
    o.update(
        proceeding=proceeding,
        revoked_proceeding=decided,
        rescission=rescission,
        board_member=former,
    )
