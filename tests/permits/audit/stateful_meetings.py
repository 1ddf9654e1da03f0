"""The stateful machine's rules for the Open Meeting Law and the notices' fidelity (issue 33,
findings 5, 6, 7, 9, 10, 13; issue 38, L3): a mixin of tests/permits/audit/test_stateful.py's
Register, kept apart so that other branches' rules merge beside it.

Each rule tries what a clerk or a chair could type past the law, through the actions:

- a vote at a meeting never posted, posted two hours ahead, on an item docketed after the
  posting and on no amended notice, or dated a day the Board did not meet;
- a posting typed as made before the meeting was put on the calendar;
- an emergency meeting noticed two hours ahead: a revocation taken up, a Board approval
  refused a place on its docket (c.30A §§18, 20(b));
- two applications' counts swapped between their paragraphs of one legal notice, or the
  variance sought edited out of it;
- letters dated before their hearing was docketed; letters printed for six hens, the request
  grown before the mailing was recorded.

Whatever the actions let through, the audit (the machine's invariant) must find nothing.

The machine provides: `today`, `clerk`, `permits`.
"""

from __future__ import annotations

import contextlib
import re
from datetime import datetime, time, timedelta

import pytest
from django.conf import settings as django_settings
from django.utils import timezone
from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from hearings import actions as hearing_actions
from hearings.actions.decisions import Ruling, VarianceGranted
from hearings.models import BoardMember
from permits import actions
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.hearings.builders import attend_as_voting, posted
from tests.permits.audit import sequences
from tests.permits.audit.driven import drives
from tests.permits.audit.stateful_votes import EMERGENCY


def _votes(meeting) -> dict:
    members = list(BoardMember.objects.in_office(meeting.date).select_related("user"))
    return {m.user: "yes" for m in members}


def _try_to_decide_and_issue(item, *, clerk, decided_on=None, variance=False) -> None:
    """The chair records an approval of `item` and the clerk issues its permit; either may
    be refused (the audit judges what was let through)."""
    meeting = item.meeting
    votes = _votes(meeting)
    if not votes:
        return
    chair = next(iter(votes))
    attend_as_voting(meeting, votes, by=clerk)
    decided_on = decided_on or meeting.date
    granted = VarianceGranted()
    if variance:
        granted = VarianceGranted(
            rules=[sequences.VARIANCE_RULE], finding="The lot is too narrow to move the coop."
        )
    with contextlib.suppress(ActionRefused):
        hearing_actions.record_decision(
            item=item,
            ruling=Ruling(
                result="approved",
                decided_on=decided_on,
                approvals=list(item.approvals_sought or []),
                variance=granted,
            ),
            votes=votes,
            by=chair,
            today=decided_on,
        )
        sequences.pay_notice_cost(item.application, on=decided_on, by=clerk)
        actions.issue_permit(
            application=item.application, by=clerk, on=decided_on + timedelta(days=1)
        )


def _at(day, hour: int, minute: int = 0) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(hour, minute)))


class OpenMeetings:
    """Rules for the Board's meetings and the notices of its hearings."""

    @drives(hearing_actions.record_meeting_posting, hearing_actions.record_decision)
    @rule(
        how=st.sampled_from(
            ["lawful", "never_posted", "two_hours_ahead", "docketed_after", "another_day"]
        )
    )
    def a_vote_at_a_meeting(self, how):
        """A hearing noticed under §20-20(9), then decided at a meeting posted (or not) under
        c.30A §20."""
        t = self.today
        clerk = self.clerk
        application = factories.new_hen_application(by=clerk, received_on=t, paid=True)
        with contextlib.suppress(ActionRefused):
            item = sequences.noticed(application, clerk=clerk, on=t, hearing=sequences.Hearing())
            meeting = item.meeting
            decided_on = meeting.date
            if how == "lawful":
                posted(meeting, by=clerk)
            elif how == "two_hours_ahead":
                start = _at(meeting.date, 19)
                hearing_actions.record_meeting_posting(
                    meeting=meeting,
                    posted_at=start - timedelta(hours=2),
                    now=start - timedelta(hours=1),
                    by=clerk,
                )
            elif how == "docketed_after":
                # Posted with another matter only; the hearing's item then docketed on no
                # amended notice (the Board's approval asked for, an item of its own).
                other = factories.new_hen_application(by=clerk, received_on=t, paid=True)
                hearing_actions.request_board_approval(
                    application=other,
                    meeting=meeting,
                    subjects=["composting"],
                    by=clerk,
                    today=t,
                )
                posted(meeting, by=clerk)
                later = hearing_actions.request_board_approval(
                    application=factories.new_hen_application(by=clerk, received_on=t, paid=True),
                    meeting=meeting,
                    subjects=["composting"],
                    by=clerk,
                    today=t,
                )
                _try_to_decide_and_issue(later, clerk=clerk)
            elif how == "another_day":
                posted(meeting, by=clerk)
                decided_on = meeting.date + timedelta(days=1)
            _try_to_decide_and_issue(item, clerk=clerk, decided_on=decided_on)
        self.today = t + sequences.HEARING_AFTER + timedelta(days=2)

    @drives(hearing_actions.schedule_meeting, hearing_actions.open_revocation)
    @precondition(lambda self: self.permits)
    @rule(data=st.data(), matter=st.sampled_from(["revocation", "board_approval"]))
    def an_emergency_meeting(self, data, matter):
        """The Board called to an emergency (c.30A §18), its notice posted two hours ahead:
        a revocation is taken up; a Board approval, which can wait, cannot be docketed."""
        if matter == "revocation":
            permit = data.draw(st.sampled_from(self.permits))
            permit.refresh_from_db()
            on = self.today + timedelta(days=django_settings.REVOCATION_NOTICE_DAYS + 2)
            with contextlib.suppress(ActionRefused):
                factories.revoke_by_the_board(
                    permit,
                    by=self.clerk,
                    revoked_on=on,
                    remove_by=on + timedelta(days=30),
                    emergency=EMERGENCY,
                )
            self.today = on + timedelta(days=1)
            return
        t = self.today
        try:
            meeting = hearing_actions.schedule_meeting(
                on=t,
                at=time(21, 45),
                place="Town Hall",
                emergency=EMERGENCY,
                by=self.clerk,
                today=t,
            )
        except ActionRefused:
            return  # the Board already meets at that hour that day
        application = factories.new_hen_application(by=self.clerk, received_on=t, paid=True)
        with pytest.raises(ActionRefused, match="emergency"):
            hearing_actions.request_board_approval(
                application=application,
                meeting=meeting,
                subjects=["composting"],
                by=self.clerk,
                today=t,
            )

    @drives(hearing_actions.record_meeting_posting)
    @rule(days_back=st.sampled_from([1, 400, 4000]))
    def a_posting_typed_before_its_meeting_existed(self, days_back):
        """The clerk types a posting time before the meeting was put on the calendar (or
        before its items were docketed), then the Board votes."""
        t = self.today
        clerk = self.clerk
        application = factories.new_hen_application(by=clerk, received_on=t, paid=True)
        with contextlib.suppress(ActionRefused):
            item = sequences.noticed(application, clerk=clerk, on=t, hearing=sequences.Hearing())
            recorded = item.history.earliest("history_date").history_date
            typed = recorded - timedelta(days=days_back)
            hearing_actions.record_meeting_posting(
                meeting=item.meeting, posted_at=typed, now=typed + timedelta(minutes=1), by=clerk
            )
            _try_to_decide_and_issue(item, clerk=clerk)
        self.today = t + sequences.HEARING_AFTER + timedelta(days=2)

    @drives(hearing_actions.edit_legal_notice, hearing_actions.send_legal_notice)
    @rule(edit=st.sampled_from(["counts_swapped", "relief_edited_out", "as_drafted"]))
    def a_legal_notice_of_two_hearings(self, edit):
        """Two applications heard at one meeting, 6 and 4 hens, one asking a variance; the
        clerk edits the legal notice before it is sent."""
        t = self.today
        clerk = self.clerk
        meeting_day = t + sequences.HEARING_AFTER
        with contextlib.suppress(ActionRefused):
            meeting = hearing_actions.schedule_meeting(
                on=meeting_day, at=time(19), place="Town Hall", by=clerk, today=t
            )
            items = []
            for count, variance in ((6, True), (4, False)):
                application = factories.new_hen_application(
                    by=clerk, received_on=t, paid=True, setback_ft="40" if variance else None
                )
                actions.set_animals(application=application, by=clerk, animals={"chicken": count})
                factories_abutters(application, clerk=clerk, on=t)
                items.append(
                    hearing_actions.schedule_hearing(
                        application=application,
                        meeting=meeting,
                        approvals_sought=["vermin_plan"],
                        relief_sought=[sequences.VARIANCE_RULE] if variance else [],
                        by=clerk,
                        today=t,
                    )
                )
            mailed = t + sequences.MAILED_AFTER
            for item in items:
                hearing_actions.record_mailing_list(
                    item=item,
                    article_numbers=[sequences.article(item.pk * 100 + n) for n in range(2)],
                    mailed_on=mailed,
                    by=clerk,
                    today=mailed,
                )
            notice = hearing_actions.draft_legal_notice(meeting=meeting, by=clerk)
            text = notice.text.replace(" (parcel ", " in a coop and a manure storage (parcel ")
            if edit == "counts_swapped":
                swapped = {"6": "4", "4": "6"}
                text = re.sub(
                    r"\b([64]) (chickens|hens)\b",
                    lambda m: f"{swapped[m.group(1)]} {m.group(2)}",
                    text,
                )
            elif edit == "relief_edited_out":
                text = re.sub(r", with a variance of [^\n]*\.", ".", text)
            hearing_actions.edit_legal_notice(
                meeting=meeting, text=text, newspaper=notice.newspaper, by=clerk
            )
            hearing_actions.send_legal_notice(
                meeting=meeting, sent_on=mailed, by=clerk, today=mailed
            )
            published = mailed + timedelta(days=1)
            hearing_actions.record_publication(
                meeting=meeting, published_on=published, by=clerk, today=published
            )
            sequences.posted_online(meeting, clerk=clerk, posted_on=published, online="addresses")
            posted(meeting, by=clerk)
            for item, variance in zip(items, (True, False), strict=True):
                _try_to_decide_and_issue(item, clerk=clerk, variance=variance)
        self.today = meeting_day + timedelta(days=2)

    @drives(hearing_actions.record_letters_printed)
    @rule(when=st.sampled_from(["before_docketed", "grown_after_printing"]))
    def letters_dated_or_described_otherwise(self, when):
        """Letters typed as mailed before their hearing was docketed (a path without the
        form), or printed for six hens and mailed, the request grown to 40 before the mailing
        is recorded with its true date."""
        t = self.today
        clerk = self.clerk
        application = factories.new_hen_application(by=clerk, received_on=t, paid=True)

        def printed_then_grown(application):
            item = application.docket_items.get(status="scheduled")
            hearing_actions.record_letters_printed(items=[item], by=clerk)
            actions.set_animals(application=application, by=clerk, animals={"chicken": 40})

        mailed = None
        if when == "before_docketed":
            # The day before the hearing came on record: long enough before it to count.
            mailed = timezone.localdate() - timedelta(days=1)
        hearing = sequences.Hearing(
            before_notice=printed_then_grown if when == "grown_after_printing" else None
        )
        with contextlib.suppress(ActionRefused):
            item = sequences.noticed(application, clerk=clerk, on=t, hearing=hearing, mailed=mailed)
            posted(item.meeting, by=clerk)
            _try_to_decide_and_issue(item, clerk=clerk)
        self.today = t + sequences.HEARING_AFTER + timedelta(days=2)


def factories_abutters(application, *, clerk, on):
    from facilities import actions as facility_actions

    facility_actions.import_abutters(
        application=application,
        rows=sequences.abutter_rows(2),
        certified_on=on,
        source_name="assessor.csv",
        by=clerk,
    )
