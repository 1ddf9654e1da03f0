"""The steps the stateful machine (test_stateful.py) and its named regressions
(test_found_by_the_machine.py) share: one builder of a new application's notices, hearing,
decision and permit, through the product's actions, so a regression replays exactly what the
machine did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, time, timedelta

from django.core.files.uploadedfile import SimpleUploadedFile

from facilities import actions as facility_actions
from hearings import actions as hearing_actions
from hearings import notice_postings
from hearings.actions.decisions import Ruling, VarianceGranted
from hearings.models import BoardMember
from permits import actions
from tests.hearings.builders import (
    abutter_rows,
    article,
    attend_as_voting,
    pay_notice_cost,
    post_online,
    posted,
)

# The hearing is this long after the application's day; the letters go out, and the legal
# notice is sent, this long after it (published the day after).
HEARING_AFTER = timedelta(days=30)
MAILED_AFTER = timedelta(days=10)
CONTINUED_BY = timedelta(days=28)
VARIANCE_RULE = "20-15.4.a"


@dataclass
class Hearing:
    """How the Board hears an application: what the clerk and the Board do besides the plain
    path, each a choice of the machine."""

    name_structures: bool = True  # the clerk's edit: the legal notice names the structures
    variance: bool = False  # relief from §20-15(4)(a) sought and granted to the year's end
    absent: bool = False  # the last member in office is absent from the vote
    continued: bool = False  # continued to a meeting announced at the hearing
    before_notice: Callable | None = None  # a step between the docketing and the letters
    after_notice: Callable | None = None  # a step after the letters and the publication
    # The legal notice's online postings (c.4 §13): both with their addresses, the statewide
    # one proved by a capture instead, or the statewide one never recorded (the hearing is
    # then not noticed and its decision refused).
    online: str = "addresses"  # or "statewide_by_capture", "website_only"
    conditions: str = ""  # the conditions the Board votes
    after_decision: Callable | None = None  # a step between the decision and the issue


def hearing_day(on: date, hearing: Hearing) -> date:
    """The day the Board decides: the hearing's, or the continued meeting's."""
    return on + HEARING_AFTER + (CONTINUED_BY if hearing.continued else timedelta(0))


def posted_online(meeting, *, clerk, posted_on: date, online: str) -> None:
    """The legal notice on the newspaper's website and, as `online` says, the statewide site."""
    post_online(meeting, by=clerk, posted_on=posted_on, sites=("website",))
    if online == "addresses":
        post_online(meeting, by=clerk, posted_on=posted_on, sites=("statewide",))
    elif online == "statewide_by_capture":
        notice_postings.upload_proof(
            meeting=meeting,
            kind="statewide",
            upload=SimpleUploadedFile("capture.pdf", b"%PDF-1.4\n%capture\n"),
            by=clerk,
        )
        notice_postings.record_online_posting(
            meeting=meeting, site="statewide", posted_on=posted_on, by=clerk, today=posted_on
        )


def noticed(application, *, clerk, on: date, hearing: Hearing, mailed: date | None = None):
    """The application's hearing scheduled at a meeting, the abutters' letters mailed (on
    `mailed`, else MAILED_AFTER the application's day) and the legal notice published
    (§20-20(9)); its docket item."""
    facility_actions.import_abutters(
        application=application,
        rows=abutter_rows(2),
        certified_on=on,
        source_name="assessor.csv",
        by=clerk,
    )
    meeting = hearing_actions.schedule_meeting(
        on=on + HEARING_AFTER, at=time(19), place="Town Hall", by=clerk, today=on
    )
    item = hearing_actions.schedule_hearing(
        application=application,
        meeting=meeting,
        approvals_sought=["vermin_plan"],
        relief_sought=[VARIANCE_RULE] if hearing.variance else [],
        by=clerk,
        today=on,
    )
    if hearing.before_notice:
        hearing.before_notice(application)
    mailed = mailed or on + MAILED_AFTER
    hearing_actions.record_mailing_list(
        item=item,
        article_numbers=[article(item.pk * 100 + n) for n in range(2)],
        mailed_on=mailed,
        by=clerk,
        today=mailed,
    )
    notice = hearing_actions.draft_legal_notice(meeting=meeting, by=clerk)
    if hearing.name_structures:
        text = notice.text.replace(" (parcel ", " in a coop and a manure storage (parcel ")
        hearing_actions.edit_legal_notice(
            meeting=meeting, text=text, newspaper=notice.newspaper, by=clerk
        )
    hearing_actions.send_legal_notice(meeting=meeting, sent_on=mailed, by=clerk, today=mailed)
    published = mailed + timedelta(days=1)
    hearing_actions.record_publication(
        meeting=meeting, published_on=published, by=clerk, today=published
    )
    posted_online(meeting, clerk=clerk, posted_on=published, online=hearing.online)
    if hearing.after_notice:
        hearing.after_notice(application)
    return item


def heard_and_issued(application, *, clerk, on: date, hearing: Hearing | None = None):
    """The application noticed, heard, approved by the members in office and issued the day
    after; an action's refusal (ActionRefused) is the caller's to expect."""
    hearing = hearing or Hearing()
    item = noticed(application, clerk=clerk, on=on, hearing=hearing)
    meeting = item.meeting
    members = list(BoardMember.objects.in_office(meeting.date).select_related("user"))
    votes = {m.user: "yes" for m in members}
    if hearing.absent and len(members) > 1:
        votes[members[-1].user] = "absent"
    attend_as_voting(meeting, votes, by=clerk)
    if hearing.continued:
        later = hearing_actions.schedule_meeting(
            on=meeting.date + CONTINUED_BY,
            at=time(19),
            place="Town Hall",
            by=clerk,
            today=meeting.date,
        )
        posted(meeting, by=clerk)
        hearing_actions.record_decision(
            item=item,
            ruling=Ruling(result="continued", decided_on=meeting.date, continue_to=later),
            votes=votes,
            by=members[0].user,
            today=meeting.date,
        )
        item.refresh_from_db()
        item, meeting = item.continued_to, later
        attend_as_voting(meeting, votes, by=clerk)
    variance = VarianceGranted()
    if hearing.variance:
        variance = VarianceGranted(
            rules=[VARIANCE_RULE],
            finding="The lot is too narrow to move the coop.",
            expires_on=date(meeting.date.year, 12, 31),
        )
    posted(meeting, by=clerk)
    hearing_actions.record_decision(
        item=item,
        ruling=Ruling(
            result="approved",
            decided_on=meeting.date,
            # Typed by the chair, a clerical error the machine may correct (decision_corrected).
            reasons="The plan meets the regulation's standards, §20-15 to §20-19.",
            approvals=["vermin_plan"],
            variance=variance,
            conditions=hearing.conditions,
        ),
        votes=votes,
        by=members[0].user,
        today=meeting.date,
    )
    # The applicant pays the notice's cost, which the permit waits for (§20-20(9)).
    pay_notice_cost(application, on=meeting.date, by=clerk)
    if hearing.after_decision is not None:
        hearing.after_decision(application)
    return actions.issue_permit(
        application=application, by=clerk, on=meeting.date + timedelta(days=1)
    )


# --- a clerk's mistakes undone (issue 26, point 27) ---------------------------------------------


def receipt_taken_back(application, *, clerk, stage: str, on: date):
    """The clerk takes back the receipt of `application` (received on `on`) after `stage`:
    just received, paid, or put on a meeting's docket; refused wherever something rests on
    the receipt, which the audit then checks was so."""
    from permits.corrections.actions import undo_receipt

    if stage in ("paid", "docketed"):
        actions.record_payment(
            application=application,
            amount=application.fee_at_receipt or 1,
            received_on=on,
            method="cash",
            by=clerk,
        )
    if stage == "docketed":
        meeting = hearing_actions.schedule_meeting(
            on=on + HEARING_AFTER, at=time(19), place="Town Hall", by=clerk, today=on
        )
        hearing_actions.schedule_hearing(
            application=application,
            meeting=meeting,
            relief_sought=[],
            approvals_sought=["vermin_plan"],
            by=clerk,
            today=on,
        )
    return undo_receipt(application=application, reason="Marked received by mistake.", by=clerk)


def parcel_id_corrected(lot, *, clerk, to: str):
    """The clerk corrects `lot`'s parcel id to `to` (refused for another lot's parcel, or a
    hearing noticed on the old parcel's abutters)."""
    from facilities.corrections.actions import correct_parcel_id

    return correct_parcel_id(lot=lot, parcel_id=to, reason="Typed wrong at intake.", by=clerk)


def decision_corrected(decision, *, clerk, what: str, on: date):
    """The clerk corrects a clerical error in `decision`: its conditions or reasons retyped,
    its mailing's day moved, or (refused) its result, as if a correction could change it."""
    from hearings.corrections.actions import correct_decision

    fields = {
        "conditions": {"conditions": (decision.conditions or "") + " (as voted)"},
        "reasons": {"reasons": (decision.reasons or "") + " (as voted)"},
        "mailed_on": {"mailed_on": decision.decided_on},
        "result": {"result": "denied" if decision.result == "approved" else "approved"},
    }[what]
    return correct_decision(
        decision=decision, reason="A clerical error.", by=clerk, today=on, **fields
    )
