"""The stateful machine's rules for the Board's votes (issue 38 M3; issue 33 findings 3 and 14):
a mixin of tests/permits/audit/test_stateful.py's Register, kept apart so that other branches'
rules merge beside it.

- A hearing decided 2 to 1, a member disputing their vote: while the dispute could change the
  result the permit is refused; the Board confirms the record, corrects it (refused when that
  would undo the motion), or leaves it unsettled; the permit issues once settled.
- The Board amends one of several figures of the regulation: lawfully (a roll call at an
  attended meeting, a quorum of the seats, published), sometimes disputed and then settled; or
  attempted unlawfully (no attendance, no quorum, a stranger's vote, the administrator
  recording it, an effective day before the publication), which the action must refuse.
- The minutes of a meeting approved by roll call, the approval disputed and settled.
- An executive session entered by roll call (c.30A §21), or attempted at a meeting not
  noticed, an emergency meeting, without its purpose stated or without a quorum; its minutes
  kept, and released at a later meeting (not at its own).

The machine provides: `today`, `clerk`, `admin`, `permits`.
"""

from __future__ import annotations

import contextlib
from datetime import time, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from hypothesis import strategies as st
from hypothesis.stateful import rule

from hearings import actions as hearing_actions
from hearings import motions
from hearings.actions.decisions import Ruling
from hearings.models import BoardMember, Meeting, Minutes
from hearings.quorum import tally
from hearings.ruleset_in_force import amendments_in_force
from permits import actions
from permits.amendments import actions as amendment_actions
from permits.amendments.models import Amendment
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.hearings.builders import attend_as_voting, pay_notice_cost, posted
from tests.hearings.roll_call import roll_call
from tests.permits.audit import sequences
from tests.permits.audit.driven import drives

# Figures the machine amends, with values it may vote (none makes the machine's own hearing
# path, noticed 19 days ahead, fall short).
FIGURES = {
    ("20-15.4.a", "minimum_ft"): (45, 55, 65),
    ("20-20.9", "notice_days"): (10, 14, 18),
    ("20-16.2", "minimum_ft"): (90, 100),
    ("20-17.1", "maximum_equines"): (2, 4),
}
UNLAWFUL = (
    "no_attendance",
    "no_quorum",
    "a_strangers_vote",
    "the_administrator",
    "effective_before_publication",
    # Every vote at a meeting noticed in time, an emergency meeting for its emergency only
    # (M.G.L. c.30A §§18, 20(b)).
    "not_noticed",
    "noticed_two_hours_ahead",
    "at_an_emergency_meeting",
)
EMERGENCY = "Avian influenza confirmed in a flock on Pond Street; the birds must be removed."
SETTLE = ("confirm", "correct", "never")


def _split(votes: dict) -> dict:
    """Two to one when three or more vote: the last member votes no."""
    if len(votes) >= 3:
        votes = dict(votes)
        votes[list(votes)[-1]] = "no"
    return votes


class Votes:
    """Rules of the Board's votes, their disputes and settlements."""

    def _meeting(self, day, at=time(18, 30)):
        """A meeting held on `day`, every member in office attending."""
        meeting = Meeting.objects.create(date=day, time=at, place="Town Hall")
        return meeting, *roll_call(meeting)

    def _dispute_and_settle(self, subject, *, disputer: int, settle: str, on) -> bool:
        """A member disputes their vote on `subject`; the Board settles it at a meeting on `on`
        as `settle` says. Whether the dispute is settled."""
        roll = motions.roll_of(subject)
        vote = roll[min(disputer, len(roll) - 1)]
        hearing_actions.dispute_vote(
            vote=vote, statement="That is not how I voted.", by=vote.member
        )
        if settle == "never":
            return False
        meeting, votes, chair = self._meeting(on, at=time(17))
        counted, _ = tally(votes, meeting=meeting)
        if counted.present < counted.quorum:
            # A member's resignation took effect between the vote and this meeting, with no
            # successor yet: the Board settles nothing without a quorum, so the dispute stands.
            with pytest.raises(ActionRefused, match="no quorum"):
                hearing_actions.settle_dispute(
                    vote=vote, meeting=meeting, outcome="confirmed", votes=votes, by=chair, today=on
                )
            return False
        if settle == "correct":
            corrected = "abstain" if vote.vote != "abstain" else "no"
            try:
                hearing_actions.settle_dispute(
                    vote=vote,
                    meeting=meeting,
                    outcome="corrected",
                    corrected_to=corrected,
                    votes=votes,
                    by=chair,
                    today=on,
                )
                return True
            except ActionRefused as refusal:
                # Only a correction that would undo the motion is refused.
                assert "would not have carried" in str(refusal), refusal
        hearing_actions.settle_dispute(
            vote=vote, meeting=meeting, outcome="confirmed", votes=votes, by=chair, today=on
        )
        return True

    @drives(
        hearing_actions.record_decision,
        hearing_actions.dispute_vote,
        hearing_actions.settle_dispute,
        actions.issue_permit,
    )
    @rule(disputer=st.integers(min_value=0, max_value=2), settle=st.sampled_from(SETTLE))
    def a_split_decision_disputed(self, disputer, settle):
        t = self.today
        application = factories.new_hen_application(by=self.clerk, received_on=t, paid=True)
        try:
            item = sequences.noticed(
                application, clerk=self.clerk, on=t, hearing=sequences.Hearing()
            )
        except ActionRefused:
            return
        meeting = item.meeting
        members = BoardMember.objects.in_office(meeting.date).select_related("user")
        votes = _split({m.user: "yes" for m in members})
        attend_as_voting(meeting, votes, by=self.clerk)
        posted(meeting, by=self.clerk)
        try:
            decision = hearing_actions.record_decision(
                item=item,
                ruling=Ruling(
                    result="approved",
                    decided_on=meeting.date,
                    reasons="Meets §20-15 to §20-19.",
                    approvals=["vermin_plan"],
                ),
                votes=votes,
                by=members[0].user,
                today=meeting.date,
            )
        except ActionRefused:
            self.today = meeting.date + timedelta(days=1)
            return
        pay_notice_cost(application, on=meeting.date, by=self.clerk)
        day = meeting.date + timedelta(days=1)
        settled = self._dispute_and_settle(decision, disputer=disputer, settle=settle, on=day)
        in_doubt = bool(motions.in_doubt(decision)) and not settled
        if in_doubt:
            with pytest.raises(ActionRefused, match="the permit waits"):
                actions.issue_permit(application=application, by=self.clerk, on=day)
        else:
            with contextlib.suppress(ActionRefused):
                self.permits.append(
                    actions.issue_permit(application=application, by=self.clerk, on=day)
                )
        self.today = day + timedelta(days=1)

    @drives(amendment_actions.record_amendment)
    @rule(
        figure=st.sampled_from(sorted(FIGURES)),
        pick=st.integers(min_value=0, max_value=2),
        after=st.sampled_from([0, 20, 60]),
        how=st.sampled_from(("lawful", *UNLAWFUL)),
        disputed=st.booleans(),
        settle=st.sampled_from(("confirm", "never")),
    )
    def the_board_amends_a_figure(self, figure, pick, after, how, disputed, settle):
        rule_id, name = figure
        value = Decimal(FIGURES[figure][pick % len(FIGURES[figure])])
        t = self.today
        meeting = Meeting.objects.create(
            date=t - timedelta(days=5) if how == "effective_before_publication" else t,
            time=time(18, 30),
            place="Town Hall",
            emergency=EMERGENCY if how == "at_an_emergency_meeting" else "",
        )
        arguments = {
            "rule": rule_id,
            "figure": name,
            "value": value,
            "adopted_at": meeting,
            "effective_on": t + timedelta(days=after),
            "published_on": t,
            "today": t,
        }
        if how in UNLAWFUL:
            self._unlawful_amendment(meeting, how, arguments)
            return
        votes, chair = roll_call(meeting)
        votes = _split(votes)
        try:
            amendment = amendment_actions.record_amendment(**arguments, votes=votes, by=chair)
        except ActionRefused:
            return  # the roll has no quorum left (members gone), or another lawful refusal
        if disputed:
            on = t + timedelta(days=1)
            settled = self._dispute_and_settle(amendment, disputer=0, settle=settle, on=on)
            if motions.in_doubt(amendment) and not settled:
                # Not in force while the dispute could change its result.
                day = max(arguments["effective_on"], on)
                assert amendment.pk not in [c.id for c in amendments_in_force(day)]
            self.today = on

    @drives(amendment_actions.record_publication, amendment_actions.void_amendment)
    @rule(
        data=st.data(),
        which=st.sampled_from(("voted_now", "standing")),
        figure=st.sampled_from(sorted(FIGURES)),
        what=st.sampled_from(("published", "deposited", "voided")),
        # Within the 20 days before a vote of today binds; a standing one may be past its day.
        wait=st.sampled_from((0, 9, 19)),
    )
    def an_amendment_published_later_or_voided(self, data, which, figure, what, wait):
        """c.111 §31: an amendment binds once published, and not before its effective day; a
        record made in error is voided only before it binds (after, only a new vote). The vote
        is today's, its summary not yet in print, or one already standing (perhaps in force)."""
        t = self.today
        amendment = None
        if which == "voted_now":
            meeting = Meeting.objects.create(date=t, time=time(18, 30), place="Town Hall")
            votes, chair = roll_call(meeting)
            try:
                amendment = amendment_actions.record_amendment(
                    rule=figure[0],
                    figure=figure[1],
                    value=Decimal(FIGURES[figure][0]),
                    adopted_at=meeting,
                    votes=_split(votes),
                    effective_on=t + timedelta(days=20),
                    by=chair,
                    today=t,
                )
            except ActionRefused:
                return  # the roll has no quorum left (members gone)
        if amendment is None:
            standing = list(Amendment.objects.filter(voided_on__isnull=True).order_by("pk"))
            if not standing:
                return
            amendment = data.draw(st.sampled_from(standing))
        t = self.today = t + timedelta(days=wait)
        if what == "voided":
            binding = amendment.in_force_from is not None and amendment.in_force_from <= t
            try:
                amendment_actions.void_amendment(
                    amendment=amendment, reason="Recorded in error.", by=self.admin, today=t
                )
            except ActionRefused as refusal:
                assert binding and "in force since" in " ".join(refusal.reasons), refusal
                return
            assert not binding, "An amendment in force was voided."
            assert amendment.pk not in [c.id for c in amendments_in_force(t + timedelta(days=400))]
            return
        late = what == "published" and amendment.published_on is None and t > amendment.effective_on
        try:
            amendment_actions.record_publication(
                amendment=amendment,
                by=self.admin,
                today=t,
                **({"published_on": t} if what == "published" else {"deposited_on": t}),
            )
        except ActionRefused as refusal:
            said = " ".join(refusal.reasons)
            assert late or "already recorded" in said or "dispute" in said, said
            return
        assert not late, "Published after the day it was voted to bind."

    def _unlawful_amendment(self, meeting, how: str, arguments: dict) -> None:
        """An amendment without a lawful vote of the Board: the action refuses it."""
        members = list(BoardMember.objects.in_office(meeting.date).select_related("user"))
        by = members[0].user
        votes = {m.user: "yes" for m in members}
        if how in ("noticed_two_hours_ahead", "at_an_emergency_meeting"):
            start = timezone.make_aware(meeting.starts_at)
            with contextlib.suppress(ActionRefused):  # then not noticed at all
                hearing_actions.record_meeting_posting(
                    meeting=meeting,
                    posted_at=start - timedelta(hours=2),
                    now=start - timedelta(hours=1),
                    by=self.clerk,
                )
        if how in ("not_noticed", "noticed_two_hours_ahead", "at_an_emergency_meeting"):
            votes, by = roll_call(meeting, notice=False)
        elif how == "no_quorum":
            if len(members) < 2:
                return
            roll_call(meeting, absent=[m.user for m in members[1:]])
            votes = {members[0].user: "yes"}
        elif how != "no_attendance":
            votes, by = roll_call(meeting)
        if how == "a_strangers_vote":
            votes = {**votes, self.clerk: "yes"}
        if how == "the_administrator":
            by = self.admin
        if how == "effective_before_publication":
            arguments = {**arguments, "effective_on": meeting.date + timedelta(days=1)}
        with pytest.raises(ActionRefused):
            amendment_actions.record_amendment(**arguments, votes=votes, by=by)

    @drives(
        hearing_actions.enter_executive_session,
        hearing_actions.record_executive_minutes,
        hearing_actions.release_executive_minutes,
    )
    @rule(
        how=st.sampled_from(
            ("lawful", "not_noticed", "no_purpose_stated", "at_an_emergency_meeting", "no_quorum")
        ),
        release=st.sampled_from(("never", "at_a_later_meeting", "at_the_same_meeting")),
    )
    def an_executive_session(self, how, release):
        """The Board votes to enter executive session (c.30A §21): lawfully, or at a meeting
        not noticed, an emergency meeting, with no purpose stated or no quorum, which the
        action refuses; its minutes kept, then released at a later meeting or not."""
        t = self.today
        meeting = Meeting.objects.create(
            date=t,
            time=time(17, 15),
            place="Town Hall",
            emergency=EMERGENCY if how == "at_an_emergency_meeting" else "",
        )
        members = list(BoardMember.objects.in_office(t).select_related("user"))
        if not members:
            return
        if how == "at_an_emergency_meeting":
            start = timezone.make_aware(meeting.starts_at)
            with contextlib.suppress(ActionRefused):
                hearing_actions.record_meeting_posting(
                    meeting=meeting,
                    posted_at=start - timedelta(hours=2),
                    now=start - timedelta(hours=1),
                    by=self.clerk,
                )
        if how == "no_quorum" and len(members) >= 2:
            votes, chair = roll_call(meeting, absent=[m.user for m in members[1:]])
        else:
            votes, chair = roll_call(
                meeting, notice=how not in ("not_noticed", "at_an_emergency_meeting")
            )
        arguments = {
            "meeting": meeting,
            "purpose": "3",
            "statement": "To discuss strategy in Doe v. Board of Health, an open meeting "
            "harming the Board's position.",
            "reconvenes": True,
            "votes": _split(votes),
            "by": chair,
            "today": t,
        }
        if how == "no_purpose_stated":
            arguments["statement"] = "Litigation."
        if how != "lawful" and not (how == "no_quorum" and len(members) < 2):
            with pytest.raises(ActionRefused):
                hearing_actions.enter_executive_session(**arguments)
            return
        try:
            session = hearing_actions.enter_executive_session(**arguments)
        except ActionRefused as refusal:
            # Members have left and no successor sits yet: the Board closes nothing.
            assert "quorum" in str(refusal) or "carry" in str(refusal), refusal
            return
        hearing_actions.record_executive_minutes(
            session=session, text="Town counsel reported on the appeal.", by=self.clerk
        )
        if release == "never":
            return
        later, recorder = meeting, chair
        if release == "at_a_later_meeting":
            later, _, recorder = self._meeting(t + timedelta(days=1))
        try:
            hearing_actions.release_executive_minutes(
                session=session,
                at_meeting=later,
                determination="The appeal is settled: the minutes no longer need withholding.",
                by=recorder,
                today=later.date,
            )
        except ActionRefused as refusal:
            # At its own meeting; or the roll changed (a member left) between the two days.
            said = str(refusal)
            assert release == "at_the_same_meeting" or "Board" in said, said
            return
        assert release == "at_a_later_meeting", "Released at the session's own meeting."
        self.today = later.date

    @drives(
        hearing_actions.draft_minutes,
        hearing_actions.edit_minutes,
        hearing_actions.approve_minutes,
        hearing_actions.dispute_vote,
    )
    @rule(disputer=st.integers(min_value=0, max_value=2), settle=st.sampled_from(SETTLE))
    def minutes_approved_and_disputed(self, disputer, settle):
        held = (
            Meeting.objects.filter(date__lt=self.today, cancelled=False, minutes__isnull=True)
            .order_by("date")
            .first()
        )
        if held is None:
            return
        minutes = hearing_actions.draft_minutes(meeting=held, by=self.clerk, today=self.today)
        hearing_actions.edit_minutes(
            minutes=minutes,
            discussion="The chair opened the meeting; the clerk read the notice.",
            item_summaries={},
            by=self.clerk,
        )
        meeting, votes, chair = self._meeting(self.today, at=time(18))
        try:
            hearing_actions.approve_minutes(
                minutes=minutes, at_meeting=meeting, votes=_split(votes), by=chair, today=self.today
            )
        except ActionRefused as refusal:
            # Members have left and no successor sits yet: the Board approves nothing, and
            # the draft stays unpublished.
            assert "no quorum" in str(refusal), refusal
            assert not Minutes.objects.published().filter(pk=minutes.pk).exists()
            return
        # c.30A §22: approved, the minutes are the Board's record, no longer the clerk's draft.
        with pytest.raises(ActionRefused, match="no longer edited"):
            hearing_actions.edit_minutes(
                minutes=minutes, discussion="Rewritten.", item_summaries={}, by=self.clerk
            )
        on = self.today + timedelta(days=1)
        settled = self._dispute_and_settle(minutes, disputer=disputer, settle=settle, on=on)
        published = Minutes.objects.published().filter(pk=minutes.pk).exists()
        assert published == (settled or not motions.in_doubt(minutes))
        self.today = on
