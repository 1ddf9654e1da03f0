"""Retention of the Board's records: each series' records with the day its clock started and
its disposition date; legal holds; destruction, confirmed by the Town Clerk and logged.

"Destroyed" means the record's content is removed, from the record and from the rows of its
history (who changed it and when stays; what it said does not), and the destruction's log
entry is kept. The product destroys only the series whose content it knows how to remove
(`DESTROYERS`); minutes and decisions are permanent and never destroyed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.models import (
    AbutterNotice,
    Decision,
    LegalNotice,
    MeetingPosting,
    Minutes,
    Variance,
)
from inspections.models import Complaint, Inspection, Order
from permits.amendments.models import Amendment
from permits.models import Document, Permit
from records.models import Destruction, LegalHold, RecordSeries, RecordsRequest
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as

TOWN_CLERK_PERMISSION = "records.act_as_town_clerk"
PERMANENT_KINDS = (
    RecordSeries.Kind.DECISION,
    RecordSeries.Kind.MINUTES,
    RecordSeries.Kind.AMENDMENT,
)


def is_town_clerk(user) -> bool:
    return bool(user and user.is_authenticated and user.has_perm(TOWN_CLERK_PERMISSION))


def years_after(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # February 29 in a year that has none
        return day.replace(year=day.year + years, day=28)


@dataclass(frozen=True)
class RetentionRow:
    record_id: int
    label: str
    started_on: date | None
    disposition_on: date | None
    held: bool
    destroyed: bool

    def due_on(self, today: date) -> bool:
        return (
            self.disposition_on is not None
            and self.disposition_on <= today
            and not self.held
            and not self.destroyed
        )


def _permit_end(permit) -> date | None:
    if permit is None:
        return None
    if permit.status == Permit.Status.REVOKED and permit.revoked_on:
        return min(permit.revoked_on, permit.expires_on)
    return permit.expires_on


def _document_rows():
    for doc in Document.objects.select_related("application__permit").order_by("pk"):
        permit = getattr(doc.application, "permit", None)
        label = f"{doc.get_kind_display()}: {doc.original_name} (application #{doc.application_id})"
        yield doc.pk, label, _permit_end(permit)


def _rows_by_kind(kind: str):
    """(record id, label, the day its clock started) of every record of a series."""
    if kind == RecordSeries.Kind.PERMIT:
        for p in Permit.objects.order_by("pk"):
            yield p.pk, f"Permit {p.number}", _permit_end(p)
    elif kind == RecordSeries.Kind.DOCUMENT:
        yield from _document_rows()
    elif kind == RecordSeries.Kind.DECISION:
        for d in Decision.objects.select_related("docket_item").order_by("pk"):
            application = d.docket_item.application_id
            yield (
                d.pk,
                f"Decision of {long_date(d.decided_on)}, application #{application}",
                d.decided_on,
            )
    elif kind == RecordSeries.Kind.MINUTES:
        for m in Minutes.objects.select_related("meeting").order_by("pk"):
            yield m.pk, f"Minutes of {m.meeting}", m.meeting.date
    elif kind == RecordSeries.Kind.INSPECTION:
        for i in Inspection.objects.exclude(performed_at=None).order_by("pk"):
            yield (
                i.pk,
                f"{i.get_kind_display()} of {long_date(i.scheduled_for)}",
                timezone.localdate(i.performed_at),
            )
    elif kind == RecordSeries.Kind.COMPLAINT:
        for c in Complaint.objects.order_by("pk"):
            yield (
                c.pk,
                f"Complaint of {long_date(c.received_on)} ({c.get_nature_display().lower()})",
                c.closed_on,
            )
    elif kind == RecordSeries.Kind.RECORDS_REQUEST:
        for r in RecordsRequest.objects.order_by("pk"):
            yield r.pk, f"Records request #{r.pk} from {r.requester}", r.responded_on
    else:
        yield from _notice_and_enforcement_rows(kind)


def _notice_and_enforcement_rows(kind: str):
    """The series of the Board's notices, variances, orders and regulation."""
    if kind == RecordSeries.Kind.MEETING_NOTICE:
        for p in MeetingPosting.objects.select_related("meeting").order_by("pk"):
            yield p.pk, str(p), p.meeting.date
    elif kind == RecordSeries.Kind.LEGAL_NOTICE:
        for n in LegalNotice.objects.select_related("meeting").order_by("pk"):
            yield (
                n.pk,
                f"Legal notice of the meeting of {long_date(n.meeting.date)}",
                n.meeting.date,
            )
    elif kind == RecordSeries.Kind.MAIL_RECEIPT:
        notices = AbutterNotice.objects.select_related("docket_item__meeting", "abutter")
        for n in notices.exclude(mailed_on=None).order_by("pk"):
            meeting = n.docket_item.meeting
            to = n.abutter.owner_names
            yield (
                n.pk,
                f"Registered letter to {to}, hearing of {long_date(meeting.date)}",
                meeting.date,
            )
    elif kind == RecordSeries.Kind.VARIANCE:
        for v in Variance.objects.filter(granted=True).order_by("pk"):
            ended = v.rescinded_on or v.expires_on
            yield v.pk, f"Variance of {', '.join(v.rules)}, application #{v.application_id}", ended
    elif kind == RecordSeries.Kind.ORDER:
        for o in Order.objects.order_by("pk"):
            yield o.pk, f"Order #{o.pk} ({o.citation})", o.closed_on
    elif kind == RecordSeries.Kind.AMENDMENT:
        for a in Amendment.objects.order_by("pk"):
            yield a.pk, str(a), a.effective_on


def _held_ids(series: RecordSeries) -> tuple[bool, set[int]]:
    holds = list(series.holds.filter(released_on__isnull=True).values_list("record_id", flat=True))
    return None in holds, {pk for pk in holds if pk is not None}


def rows_of(series: RecordSeries) -> list[RetentionRow]:
    """Every record of the series with its clock and its disposition date (None while the
    clock has not started, the period is not filled, or the series is permanent)."""
    whole_series_held, held = _held_ids(series)
    destroyed = set(series.destructions.values_list("record_id", flat=True))
    rows = []
    for pk, label, started in _rows_by_kind(series.kind):
        disposition = None
        if started is not None and series.period_years is not None and not series.permanent:
            disposition = years_after(started, series.period_years)
        rows.append(
            RetentionRow(
                pk, label, started, disposition, whole_series_held or pk in held, pk in destroyed
            )
        )
    return rows


# --- what destroying removes ---------------------------------------------------------------


def _destroy_complaint(pk: int, note: str, by) -> None:
    complaint = Complaint.objects.get(pk=pk)
    removed = {
        "complainant_name": "",
        "complainant_contact": "",
        "description": note,
        "resolution": "",
    }
    for name, value in removed.items():
        setattr(complaint, name, value)
    save_as(complaint, by)
    Complaint.history.filter(id=pk).update(**removed)


def _destroy_document(pk: int, note: str, by) -> None:
    document = Document.objects.get(pk=pk)
    if document.file:
        document.file.delete(save=False)
    removed = {"file": "", "original_name": note[:255], "description": ""}
    for name, value in removed.items():
        setattr(document, name, value)
    save_as(document, by)
    Document.history.filter(id=pk).update(**removed)


DESTROYERS = {
    RecordSeries.Kind.COMPLAINT: _destroy_complaint,
    RecordSeries.Kind.DOCUMENT: _destroy_document,
}


# --- the actions ----------------------------------------------------------------------------


def _require_town_clerk(by, what: str) -> None:
    if not is_town_clerk(by):
        raise ActionRefused(f"Only the Town Clerk {what}.")


@transaction.atomic
def set_period(
    *,
    series: RecordSeries,
    period_years: int | None,
    schedule_item: str,
    by,
    authorization_required: bool | None = None,
):
    """The Town Clerk fills the series' period from the state's schedule, and says whether the
    schedule asks the Supervisor of Records' authorization before a destruction."""
    _require_town_clerk(by, "fills the retention periods")
    if series.permanent:
        raise ActionRefused(f"{series} are kept permanently: they have no retention period.")
    if period_years is not None and not 1 <= period_years <= 100:
        raise ActionRefused("Give a period between 1 and 100 years, or leave it empty.")
    series.period_years = period_years
    series.schedule_item = schedule_item.strip()
    if authorization_required is not None:
        series.authorization_required = authorization_required
    return save_as(series, by)


@transaction.atomic
def place_hold(*, series: RecordSeries, reason: str, by, record_id: int | None = None):
    if not reason.strip():
        raise ActionRefused("Say why the records are held (the matter, the request).")
    return save_as(
        LegalHold(series=series, record_id=record_id, reason=reason.strip(), placed_by=by), by
    )


@transaction.atomic
def release_hold(*, hold: LegalHold, by, today: date | None = None):
    if not hold.in_force:
        return hold
    hold.released_on = today or timezone.localdate()
    hold.released_by = by
    return save_as(hold, by)


@transaction.atomic
def destroy(
    *,
    series: RecordSeries,
    record_id: int,
    confirmed: bool,
    by,
    today: date | None = None,
    authorization: str = "",
) -> Destruction:
    """Destroy one record past its disposition date, on the Town Clerk's confirmation (and
    the Supervisor of Records' authorization, where the series requires it)."""
    today = today or timezone.localdate()
    _require_town_clerk(by, "confirms a destruction")
    series = RecordSeries.objects.select_for_update().get(pk=series.pk)
    row = next((r for r in rows_of(series) if r.record_id == record_id), None)
    reasons = []
    if series.permanent or series.kind in PERMANENT_KINDS:
        reasons.append(f"{series} are kept permanently.")
    elif row is None:
        reasons.append("No such record in this series.")
    elif row.destroyed:
        reasons.append("This record was already destroyed.")
    elif row.held:
        reasons.append("A legal hold is in force on this record: release it first.")
    elif row.disposition_on is None:
        reasons.append(
            "This record has no disposition date yet (its clock has not started, or the Town "
            "Clerk has not filled the series' period)."
        )
    elif row.disposition_on > today:
        reasons.append(f"Its disposition date is {long_date(row.disposition_on)}.")
    elif series.kind not in DESTROYERS:
        reasons.append(
            f"The product does not destroy {series.name.lower()}: dispose of them as the Town "
            "Clerk directs, outside it."
        )
    if not confirmed:
        reasons.append("Tick the confirmation: the record's content cannot be brought back.")
    if series.authorization_required and not authorization.strip():
        reasons.append(
            "The schedule requires the Supervisor of Records' authorization: give its number "
            "and date."
        )
    if reasons:
        raise ActionRefused("The record was not destroyed.", reasons)
    entry = save_as(
        Destruction(
            series=series,
            record_id=record_id,
            record_label=row.label,
            disposition_on=row.disposition_on,
            destroyed_on=today,
            confirmed_by=by,
            confirmation=f"Confirmed by {by.get_full_name() or by.username} as the Town Clerk",
            authorization=authorization.strip()[:200],
        ),
        by,
    )
    note = f"Destroyed {long_date(today)} under the retention schedule (log entry {entry.pk})."
    DESTROYERS[series.kind](record_id, note, by)
    return entry
