"""The Board's decision on a docket item, its members' votes, and what it grants or
carries out: the variance, the approvals, enlarged setbacks, the permit revoked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from hearings.actions._common import (
    docketing_refusals,
    next_position,
    refuse_if,
    relief_refusals,
)
from hearings.actions.votes import call_roll, record_roll_call
from hearings.models import (
    BoardApproval,
    Decision,
    DocketItem,
    Meeting,
    SetbackEnlargement,
    Variance,
)
from hearings.notice_content import stale_notice_refusals
from hearings.notice_timing import timing_for
from hearings.notifications import notify_hearing_scheduled
from hearings.open_meeting import vote_refusals
from hearings.wording import relief

# Through the package, not bound names: a permit's action is looked up when called, as the
# history proof's watch (tests/watched_actions.py) and any wrapper of it expect.
from permits import actions as permit_actions
from permits.models import Application
from permits.variance_rescinded import end_permits_on_rescission
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import save_as

# What the Board can decide on each kind of item (continuing is always open to it).
RESULTS = {
    DocketItem.Kind.NEW_APPLICATION: (Decision.Result.APPROVED, Decision.Result.DENIED),
    DocketItem.Kind.VARIANCE_REQUEST: (Decision.Result.APPROVED, Decision.Result.DENIED),
    DocketItem.Kind.BOARD_APPROVAL: (Decision.Result.APPROVED, Decision.Result.DENIED),
    DocketItem.Kind.REVOCATION: (Decision.Result.REVOKED, Decision.Result.DISMISSED),
    DocketItem.Kind.VARIANCE_RESCISSION: (Decision.Result.RESCINDED, Decision.Result.DISMISSED),
    DocketItem.Kind.REGISTER_ACCEPTANCE: (Decision.Result.APPROVED, Decision.Result.DENIED),
}


def _variance_refusals(
    item: DocketItem,
    result: str,
    rules_granted: list[str],
    decided_on: date,
    expires_on,
    finding: str,
) -> list[str]:
    if not rules_granted:
        return []
    reasons = []
    if result != Decision.Result.APPROVED:
        reasons.append("A variance is granted only with an approval.")
    not_noticed = [r for r in rules_granted if r not in (item.relief_sought or [])]
    if not_noticed:
        reasons.append(
            "The abutters and the newspaper were not told of relief from "
            + ", ".join(relief(r).citation for r in not_noticed)
            + ": it cannot be granted at this hearing."
        )
    if not finding.strip():
        reasons.append(
            "Write the Board's finding that enforcing these rules in this case would do "
            "manifest injustice (§20-21): a variance is granted only with it."
        )
    if expires_on is not None and expires_on <= decided_on:
        reasons.append("The variance would expire before it takes effect.")
    return reasons


def keeps_its_notice(item: DocketItem) -> bool:
    """A hearing opened on time, on notice that still covers the request, is continued to a
    date announced at the hearing without a new notice (§20-20(9))."""
    return not timing_for(item).refusals() and not stale_notice_refusals(item)


def _approval_refusals(item: DocketItem, result: str, approvals: list[str], enlargements) -> list:
    reasons = []
    if (approvals or enlargements) and result != Decision.Result.APPROVED:
        reasons.append("The Board's approvals and enlarged setbacks go with an approval.")
    not_asked = [a for a in approvals if a not in (item.approvals_sought or [])]
    if not_asked:
        reasons.append(
            "The Board was not asked to approve: "
            + "; ".join(
                BoardApproval.Subject(a).label if a in BoardApproval.Subject.values else a
                for a in not_asked
            )
            + "."
        )
    approving = item.kind == DocketItem.Kind.BOARD_APPROVAL and result == Decision.Result.APPROVED
    if approving and not approvals:
        reasons.append("Tick what the Board approves.")
    for rule, minimum in (enlargements or {}).items():
        if rule not in SetbackEnlargement.Rule.values:
            reasons.append(f"{relief(rule).citation} is not a setback the Board can enlarge.")
        elif minimum is None or minimum <= 0:
            reasons.append(f"Give the enlarged distance for {relief(rule).citation} in feet.")
    if enlargements and item.kind not in DocketItem.PUBLIC_HEARING_KINDS:
        reasons.append("Setbacks are enlarged in deciding the application at its hearing.")
    return reasons


def _removal_refusals(item, result, decided_on, removal_by, animals_kept) -> list[str]:
    """§20-20(6): a denial where animals are kept, and a revocation, order them removed."""
    ordering = result == Decision.Result.REVOKED or (
        result == Decision.Result.DENIED
        and (animals_kept or item.application.kind == Application.Kind.RENEWAL)
    )
    if not ordering:
        return []
    if removal_by is None:
        return ["Set the date by which the animals must be removed from the property (§20-20(6))."]
    if removal_by <= decided_on:
        return ["The animals are ordered removed by a date after the decision."]
    return []


def _continuation_refusals(item: DocketItem, continue_to, today: date) -> list[str]:
    if continue_to is None:
        return ["Choose the meeting to which the item is continued."]
    if continue_to.date <= item.meeting.date:
        return ["An item is continued to a later meeting."]
    # A hearing continued to a date announced at it keeps its notice (§20-20(9)): then it
    # need not be in that meeting's legal notice.
    needs_notice = item.is_public_hearing and not keeps_its_notice(item)
    return docketing_refusals(continue_to, today, public=needs_notice, kind=item.kind)


def _hearing_refusals(item: DocketItem, result: str) -> list[str]:
    """What notice the item needed before the Board could decide it, other than continuing."""
    if result == Decision.Result.CONTINUED:
        return []
    problems = []
    if item.is_public_hearing:
        # What was noticed is what is decided: a request enlarged since needs a new notice.
        problems = timing_for(item).refusals() or stale_notice_refusals(item)
    elif item.kind == DocketItem.Kind.REVOCATION:
        notified = item.revocation.holder_notified_on
        if notified is None or notified >= item.meeting.date:
            problems = [
                "The holder was not given written notice of the hearing: a permit is revoked "
                "only after its holder had the chance to be heard."
            ]
        elif (item.meeting.date - notified).days < settings.REVOCATION_NOTICE_DAYS:
            problems = [
                f"The holder's notice was mailed on {long_date(notified)}, "
                f"{(item.meeting.date - notified).days} days before the hearing; the holder is "
                f"given at least {settings.REVOCATION_NOTICE_DAYS} days "
                "(REVOCATION_NOTICE_DAYS) to prepare to be heard."
            ]
    if problems:
        problems.append(
            "The Board can only continue the item to a later meeting and notice it again."
        )
    return problems


@dataclass(frozen=True)
class VarianceGranted:
    """The variance an approval grants (§20-21): the rules it varies, the Board's finding of
    manifest injustice, its conditions and the day it expires (None: it does not)."""

    rules: Iterable[str] = ()
    finding: str = ""
    conditions: str = ""
    expires_on: date | None = None


@dataclass(frozen=True)
class Ruling:
    """What the Board decided on a docket item: the result, its day, and what goes with it.
    Who decided (the votes) and who records it are the action's other arguments."""

    result: str
    decided_on: date
    conditions: str = ""
    reasons: str = ""
    continue_to: Meeting | None = None  # a continued item's next meeting
    variance: VarianceGranted = VarianceGranted()
    approvals: Iterable[str] = ()  # BoardApproval subjects granted
    setback_enlargements: Mapping | None = None  # SetbackEnlargement rule -> minimum ft
    removal_by: date | None = None  # the animals are removed by then (§20-20(6))
    animals_kept: bool = False  # animals are kept on the lot already (a denial orders removal)

    @classmethod
    def from_fields(
        cls,
        *,
        variance_rules: Iterable[str] = (),
        variance_finding: str = "",
        variance_conditions: str = "",
        variance_expires_on: date | None = None,
        **fields,
    ) -> Ruling:
        """A ruling from flat fields, as the decision form names them (`variance_rules`,
        `variance_finding`, ...)."""
        variance = VarianceGranted(
            rules=variance_rules,
            finding=variance_finding,
            conditions=variance_conditions,
            expires_on=variance_expires_on,
        )
        return cls(variance=variance, **fields)


@transaction.atomic
def record_decision(
    *,
    item: DocketItem,
    ruling: Ruling,
    votes: Mapping,
    by,
    today: date | None = None,
) -> Decision:
    """Record the Board's `ruling` on a docket item, each member's vote, and what it grants.

    A decision needs a quorum of the members in office and a majority of those voting
    (hearings.quorum). Approving or denying an application needs a properly noticed hearing
    (§20-20(9)): both notices given the ruleset's notice period before it; revoking needs the
    holder's written notice of it. Continuing needs neither: it is what the Board does when
    notice fell short. A continued item goes on the later meeting's docket.
    A continued hearing keeps its notice when it was noticed in time and the request has not
    grown since; nor does the Board decide a request enlarged after the abutters were
    notified: what was noticed is what is decided.
    """
    today = today or timezone.localdate()
    item = (
        # Lock the item only: PostgreSQL cannot lock the outer-joined legal notice.
        DocketItem.objects.select_for_update(of=("self",))
        .select_related("meeting", "meeting__legal_notice", "application")
        .get(pk=item.pk)
    )
    result, decided_on, variance = ruling.result, ruling.decided_on, ruling.variance
    variance_rules = list(dict.fromkeys(variance.rules))
    approvals = list(dict.fromkeys(ruling.approvals))
    enlargements = dict(ruling.setback_enlargements or {})
    problems = []
    if item.status != DocketItem.Status.SCHEDULED:
        problems.append(f"The item is already {item.get_status_display().lower()}.")
    if item.meeting.cancelled:
        problems.append("The meeting was cancelled: no hearing was held.")
    if result not in (*RESULTS[item.kind], Decision.Result.CONTINUED):
        problems.append(f"“{result}” is not a decision the Board can make on this item.")
    # A vote only at a meeting noticed in time for the item, on the day it met (c.30A §20).
    problems += vote_refusals(item, decided_on)
    if decided_on > today:
        problems.append("A decision cannot be dated in the future.")
    # Who records it, the roll, the attendance, the quorum, the majority: the one mechanism.
    the_tally, roll_problems = call_roll(votes, meeting=item.meeting, by=by)
    problems = roll_problems + problems
    if result == Decision.Result.CONTINUED:
        problems += _continuation_refusals(item, ruling.continue_to, today)
    problems += _hearing_refusals(item, result)
    problems += relief_refusals(variance_rules)
    problems += _variance_refusals(
        item, result, variance_rules, decided_on, variance.expires_on, variance.finding
    )
    problems += _approval_refusals(item, result, approvals, enlargements)
    problems += _removal_refusals(item, result, decided_on, ruling.removal_by, ruling.animals_kept)
    if result == Decision.Result.RESCINDED and not ruling.reasons.strip():
        problems.append("State the Board's reasons for rescinding the variance.")
    refuse_if(problems, "The decision cannot be recorded.")

    decision = save_as(
        Decision(
            docket_item=item,
            result=result,
            decided_on=decided_on,
            conditions=ruling.conditions.strip(),
            reasons=ruling.reasons.strip(),
            removal_by=ruling.removal_by
            if result in (Decision.Result.DENIED, Decision.Result.REVOKED)
            else None,
            recorded_by=by,
            full_membership=the_tally.full_membership,
            quorum=the_tally.quorum,
            present=the_tally.present,
            roll_call=the_tally.roll_call,
        ),
        by,
    )
    record_roll_call(decision, the_tally, by=by)
    _grant(item, decision, by, variance, variance_rules, approvals, enlargements)
    if result == Decision.Result.CONTINUED:
        _continue(item, ruling.continue_to, by)
    else:
        item.status = DocketItem.Status.DECIDED
        save_as(item, by)
        _carry_out(item, decision, by)
    return decision


def _grant(
    item: DocketItem,
    decision: Decision,
    by,
    variance: VarianceGranted,
    variance_rules: list[str],
    approvals: list[str],
    enlargements: dict,
) -> None:
    """The variance, approvals and enlarged setbacks an approval grants, each with its vote."""
    if variance_rules:
        save_as(
            Variance(
                application=item.application,
                decision=decision,
                rules=variance_rules,
                granted=True,
                granted_on=decision.decided_on,
                conditions=variance.conditions.strip(),
                expires_on=variance.expires_on,
                finding=variance.finding.strip(),
            ),
            by,
        )
    for subject in approvals:
        save_as(
            BoardApproval(
                application=item.application,
                decision=decision,
                subject=subject,
                granted_on=decision.decided_on,
                vote_count=decision.vote_summary,
            ),
            by,
        )
    for rule, minimum in enlargements.items():
        enlargement = SetbackEnlargement.objects.filter(
            application=item.application, rule=rule
        ).first() or SetbackEnlargement(application=item.application, rule=rule)
        enlargement.minimum_ft = minimum
        enlargement.decision = decision
        enlargement.reason = f"Enlarged by the Board on {long_date(decision.decided_on)}"
        save_as(enlargement, by)


def _continue(item: DocketItem, continue_to: Meeting, by) -> None:
    carried = item.is_public_hearing and keeps_its_notice(item)
    item.status = DocketItem.Status.CONTINUED
    save_as(item, by)
    continued = DocketItem(
        notice_carried=carried,
        meeting=continue_to,
        application=item.application,
        kind=item.kind,
        position=next_position(continue_to),
        relief_sought=item.relief_sought,
        approvals_sought=item.approvals_sought,
        variance=item.variance,
        staff_recommendation=item.staff_recommendation,
        continued_from=item,
    )
    save_as(continued, by)
    if item.kind == DocketItem.Kind.REVOCATION:
        # The hearing continues to a date announced at it: the holder's notice holds (point 8).
        proceeding = item.revocation
        proceeding.docket_item = continued
        save_as(proceeding, by)
    if item.is_public_hearing:
        notify_hearing_scheduled(continued)
        application = item.application
        application.status = Application.Status.AWAITING_HEARING
        save_as(application, by)


def _carry_out(item: DocketItem, decision: Decision, by) -> None:
    """What the decision changes beyond the docket: the application, the permit, the variance."""
    if item.is_public_hearing:
        application = item.application
        application.status = (
            Application.Status.APPROVED
            if decision.result == Decision.Result.APPROVED
            else Application.Status.DENIED
        )
        save_as(application, by)
    elif item.kind == DocketItem.Kind.REGISTER_ACCEPTANCE:
        permit = item.application.permit
        if decision.result == Decision.Result.APPROVED:
            permit_actions.accept_register_permit(permit=permit, decision=decision, by=by)
        else:
            permit_actions.void_permit(
                permit=permit,
                reason=f"The Board did not accept the register entry on "
                f"{long_date(decision.decided_on)}. {decision.reasons}".strip(),
                by=by,
            )
    elif decision.result == Decision.Result.REVOKED:
        permit_actions.revoke_permit(permit=item.revocation.permit, decision=decision, by=by)
    elif decision.result == Decision.Result.RESCINDED:
        variance = Variance.objects.select_for_update().get(pk=item.variance_id)
        variance.rescinded_on = decision.decided_on
        variance.rescinded_reason = decision.reasons
        save_as(variance, by)
        end_permits_on_rescission(variance=variance, decision=decision, by=by)
