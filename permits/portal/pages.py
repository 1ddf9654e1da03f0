"""What an applicant may see of their own records, and how their application's progress reads.

Every query here starts from the logged-in user, so a record of another applicant is simply
not found (the views answer 404, revealing nothing about whether it exists).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import Prefetch
from django.utils.dateformat import time_format
from django.utils.timezone import localdate

from permits import rules
from permits.eligibility import amount_paid, fee_statement, unpaid_fee_reason
from permits.facts_from_records import decisive_docket_item, evaluate_application
from permits.facts_loading import prefetches
from permits.figures import figure_text
from permits.models import Application, Permit
from permits.online.models import WITHDRAWN_BY_APPLICANT
from permits.portal.models import RenewalRequest
from stoneham_boh.lib.dates import long_date


def own_applications(user):
    return Application.objects.seen_by_applicant(user).select_related("lot", "applicant", "renews")


def own_permits(user):
    return Permit.objects.seen_by_holder(user).select_related("lot", "holder", "application")


def portal_permits(user):
    """The list page's permits with what the renewal button needs, in a fixed number of queries."""
    return own_permits(user).prefetch_related(
        "animals",
        Prefetch(
            "renewal_requests",
            queryset=RenewalRequest.objects.pending(),
            to_attr="pending_requests",
        ),
        Prefetch(
            "renewal_applications",
            queryset=Application.objects.filter(
                status__in=(*Application.OPEN_STATUSES, Application.Status.ISSUED)
            ),
            to_attr="renewals_under_way",
        ),
    )


def renewal_state(permit: Permit, today: date) -> str:
    """For the list page: "open" (may ask now), "requested", "under_way" or "" (not now)."""
    if permit.pending_requests:
        return "requested"
    if permit.renewals_under_way:
        return "under_way"
    opens, closes = RenewalRequest.window_for(permit)
    if permit.status == Permit.Status.ACTIVE and opens <= today <= closes:
        return "open"
    return ""


@dataclass(frozen=True)
class Step:
    label: str
    state: str  # "done", "current", "upcoming" or "stopped"
    on: date | None = None
    note: str = ""


def _hearing_steps(application, today: date) -> list[Step]:
    # The public hearing only: the Board's votes on approvals are not a hearing step.
    items = [
        i
        for i in application.docket_items.all()
        if i.status != "withdrawn" and i.kind in ("new_application", "variance_request")
    ]
    item = decisive_docket_item(application)
    if item is None and not items and application.kind != Application.Kind.NEW:
        return []
    if item is None:
        return [Step("Public hearing", "upcoming", note="The hearing date is not set yet.")]
    meeting = item.meeting
    decision = getattr(item, "decision", None)
    where = f"{time_format(meeting.time, 'g:i a')}, {meeting.place}"
    if decision is None:
        label = "Awaiting hearing" if meeting.date >= today else "Heard, awaiting decision"
        return [Step(label, "upcoming", meeting.date, where)]
    steps = [Step("Public hearing held", "done", meeting.date, where)]
    if decision.result == "approved":
        steps.append(Step("Approved by the Board", "done", decision.decided_on))
    elif decision.result == "denied":
        steps.append(Step("Denied by the Board", "stopped", decision.decided_on, decision.reasons))
    return steps


def _permit_steps(permit: Permit, today: date) -> list[Step]:
    steps = [Step(f"Permit {permit.number} issued", "done", permit.issued_on)]
    status = permit.status_on(today)
    if status == Permit.Status.REVOKED:
        steps.append(Step("Permit revoked", "stopped", permit.revoked_on, permit.revocation_reason))
    elif status == Permit.Status.EXPIRED:
        steps.append(Step("Permit expired", "done", permit.expires_on))
    elif status == Permit.Status.ACTIVE:
        steps.append(Step("Permit expires", "upcoming", permit.expires_on))
    return steps


def _first_sent(application: Application):
    """When it was first sent: the clerk's questions and the answers come after."""
    if not application.information_requests.all():
        return application.submitted_online_at
    first = (
        application.history.filter(status=Application.Status.SUBMITTED)
        .order_by("history_date")
        .values_list("history_date", flat=True)
        .first()
    )
    return first or application.submitted_online_at


def _request_steps(application: Application) -> list[Step]:
    """Each question of the clerk's before receipt, in the clerk's words, and the answer."""
    steps = []
    requests = sorted(application.information_requests.all(), key=lambda r: r.asked_at)
    for number, request in enumerate(requests, start=1):
        steps.append(
            Step(
                "The clerk asked for more information",
                "done",
                localdate(request.asked_at),
                request.message,
            )
        )
        if request.answered_at is None:
            steps.append(Step("Answer the clerk's questions and send again", "upcoming"))
        elif application.status != Application.Status.WITHDRAWN or number < len(requests):
            steps.append(
                Step("You answered and sent it again", "done", localdate(request.answered_at))
            )
    return steps


def _online_steps(application: Application) -> list[Step]:
    """Begun online: the draft, the sending, and the clerk's questions with their answers."""
    if not application.is_online:
        return []
    Status = Application.Status
    begun = localdate(application.created_at)
    if application.status == Status.DRAFT:
        return [
            Step("Draft begun", "done", begun),
            Step("Complete the application and send it", "upcoming"),
        ]
    steps = [Step("Draft begun", "done", begun)]
    sent = _first_sent(application)
    if sent is not None:
        steps.append(Step("Sent to the Board online", "done", localdate(sent)))
    return steps + _request_steps(application)


def _supplement_steps(application: Application) -> list[Step]:
    """The documents the applicant sent after receipt, and what the clerk made of each."""
    steps = []
    for document in supplements_of(application):
        if document.voided and document.void_reason in WITHDRAWN_BY_APPLICANT:
            continue  # replaced by a newer file before the clerk looked
        what = document.get_kind_display()
        steps.append(
            Step(
                f"You sent the {what.lower()}",
                "done",
                localdate(document.uploaded_at),
                document.original_name,
            )
        )
        if document.accepted_at is not None:
            steps.append(
                Step(
                    f"The clerk accepted the {what.lower()}",
                    "done",
                    localdate(document.accepted_at),
                )
            )
        elif document.voided:
            steps.append(
                Step(
                    f"The clerk did not accept the {what.lower()}",
                    "done",
                    localdate(_voided_at(document)),
                    document.void_reason,
                )
            )
        else:
            steps.append(Step(f"The clerk checks the {what.lower()} you sent", "upcoming"))
    return steps


def _voided_at(document):
    row = document.history.filter(voided=True).order_by("history_date").first()
    return row.history_date if row else document.uploaded_at


def supplements_of(application: Application) -> list:
    return sorted(
        (d for d in application.documents.all() if d.supplement),
        key=lambda d: (d.uploaded_at, d.pk),
    )


def documents_sent(application: Application) -> list[dict]:
    """What the applicant sent (not what the office added), oldest first: each with its day
    and where it stands. A file they removed or replaced themselves is left off the list
    (the application's history keeps it)."""
    user_id = application.applicant.user_id
    rows = []
    for document in sorted(application.documents.all(), key=lambda d: (d.uploaded_at, d.pk)):
        if user_id is None or document.uploaded_by_id != user_id:
            continue
        if document.voided and document.void_reason in WITHDRAWN_BY_APPLICANT:
            continue
        if document.awaiting_acceptance:
            state = "Waiting for the clerk to check it"
        elif document.accepted_at is not None:
            state = f"Accepted by the clerk on {long_date(localdate(document.accepted_at))}"
        elif document.voided:
            state = f"Not accepted: {document.void_reason}"
        else:
            state = "With your application"
        rows.append(
            {
                "document": document,
                "on": localdate(document.uploaded_at),
                "state": state,
                "declined": document.voided,
            }
        )
    return rows


def timeline(application: Application, today: date) -> list[Step]:
    """Received, the hearing, the decision, the permit and its end, as far as each has come.

    The first step not yet done is marked current; after a denial or withdrawal nothing
    further is shown.
    """
    steps = _online_steps(application)
    if application.received_on is not None:
        steps.append(Step("Application received", "done", application.received_on))
        steps += _supplement_steps(application)
    elif application.status != Application.Status.WITHDRAWN:
        steps.append(Step("Application received by the clerk", "upcoming"))
    steps += _hearing_steps(application, today)
    if application.status == Application.Status.WITHDRAWN:
        steps.append(Step("Application withdrawn", "stopped"))
    elif not any(step.state == "stopped" for step in steps):
        permit = getattr(application, "permit", None)
        if permit is not None:
            steps += _permit_steps(permit, today)
        else:
            steps.append(Step("Permit issued", "upcoming"))
    for index, step in enumerate(steps):
        if step.state == "upcoming":
            steps[index] = Step(step.label, "current", step.on, step.note)
            break
    return steps


def with_facts(queryset):
    """`queryset` with everything the rules adapter reads, prefetched."""
    return queryset.prefetch_related(*prefetches())


HEARING_RULE = "20-20.9"


def _hearing_to_come(application: Application) -> dict:
    """The hearing's pending steps in one line, with its date and the last day for notices.

    The rules speak of a hearing not yet held and notices not yet given; the applicant wants
    to know when the hearing is and by when the notices (at their expense) must go out.
    """
    item = decisive_docket_item(application)
    if item is None or getattr(item, "decision", None) is not None:
        message = (
            "A public hearing, not yet scheduled. Notices to the abutters (registered mail) and "
            "in a newspaper go out at your expense at least "
            f"{figure_text('20-20.9', 'notice_days')} before it."
        )
    else:
        meeting = item.meeting
        message = (
            f"The public hearing on {long_date(meeting.date)}. The notices to the abutters "
            "(registered mail) and in a newspaper go out at your expense by "
            f"{long_date(meeting.last_notice_day)}; the Board decides after the hearing."
        )
    return {"citation": "§20-20(9)", "message": message}


def still_needed(application: Application, today: date) -> list[dict]:
    """What stands between an open application and its permit, in the rules' own words.

    Each entry: citation and message; the unpaid fee comes last. Empty once the application
    is decided, withdrawn or issued.
    """
    if application.status not in Application.OPEN_STATUSES:
        return []
    result = evaluate_application(application, as_of=today)
    if "error" in result:
        return [{"citation": "", "message": "The office is still completing your application."}]
    needed = [
        {"citation": f["citation"], "message": f["message"]}
        for f in result["findings"]
        if f["status"] in rules.BLOCKING
        and not (f["rule"] == HEARING_RULE and f["status"] == "pending")
    ]
    if any(f["rule"] == HEARING_RULE and f["status"] == "pending" for f in result["findings"]):
        needed.append(_hearing_to_come(application))
    fees = fee_statement(application)
    if fees.total is not None:
        paid = amount_paid(application)
        if paid < fees.total:
            needed.append(
                {
                    "citation": "§20-20(4)",
                    "message": unpaid_fee_reason(fees, cited=False)[:-1] + f" (${paid} received).",
                }
            )
    return needed
