"""The day's changes across the records, by who made them: what a supervisor reads at the end
of a day, or the clerk when a record looks wrong ("who changed this, and what else that day?")."""

from __future__ import annotations

from collections import OrderedDict
from datetime import date, datetime, time, timedelta

from django.utils import timezone

from facilities.models import AnimalKept, Lot, Structure
from hearings.models import Decision, DocketItem, LegalNotice, Meeting
from inspections.history import answers_source, inspections_source, orders_source, photos_source
from inspections.models import ChecklistFinding, Complaint, Inspection, Order, Photo
from permits.models import Applicant, Application, Document, Payment, Permit
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import Entry, Source, changes_between, history_of


def _sources():
    # In the order an action's lead is chosen: the record the action is about comes first.
    return [
        Source(history_of(Application), lambda r: f"application #{r.id}"),
        Source(history_of(Permit), lambda r: f"permit {r.number}"),
        inspections_source(
            history_of(Inspection),
            lambda r: f"inspection #{r.id} ({r.get_kind_display().lower()})",
        ),
        orders_source(history_of(Order), lambda r: f"order #{r.id} ({r.citation})"),
        Source(history_of(Complaint), lambda r: f"complaint #{r.id}", verbs={"+": "Recorded"}),
        Source(history_of(Meeting), lambda r: f"the meeting of {long_date(r.date)}"),
        Source(
            history_of(DocketItem),
            lambda r: f"docket item #{r.id} (application #{r.application_id})",
        ),
        Source(history_of(Decision), lambda r: f"decision #{r.id}"),
        Source(history_of(LegalNotice), lambda r: f"the legal notice of meeting #{r.meeting_id}"),
        Source(history_of(Applicant), lambda r: f"applicant {r.name}"),
        Source(history_of(Lot), lambda r: f"the lot {r.street_address}"),
        Source(
            history_of(Structure),
            lambda r: f"structure {r.label} (application #{r.application_id})",
            counted=("structure", "structures"),
        ),
        Source(
            history_of(AnimalKept),
            lambda r: (
                f"animals kept (application #{r.application_id}): {r.count} "
                f"{r.name or r.get_species_display()}"
            ),
            counted=("kind of animal", "kinds of animals"),
        ),
        Source(
            history_of(Document),
            lambda r: f"document {r.original_name} (application #{r.application_id})",
            counted=("document", "documents"),
        ),
        Source(
            history_of(Payment),
            lambda r: f"payment of ${r.amount} (application #{r.application_id})",
            verbs={"+": "Recorded"},
        ),
        answers_source(history_of(ChecklistFinding)),
        photos_source(history_of(Photo)),
    ]


def _day_bounds(day: date) -> tuple[datetime, datetime]:
    """Midnight to midnight in Stoneham, as aware moments."""
    zone = timezone.get_current_timezone()
    start = datetime.combine(day, time.min, tzinfo=zone)
    return start, datetime.combine(day + timedelta(days=1), time.min, tzinfo=zone)


def changes_of_day(day: date, user_id: int | None = None) -> OrderedDict[str, list[Entry]]:
    """The day's changes grouped by who made them (in the order each first acted)."""
    start, end = _day_bounds(day)
    by_who: OrderedDict[str, list[Entry]] = OrderedDict()
    for entry in changes_between(_sources(), start, end, user_id):
        by_who.setdefault(entry.who, []).append(entry)
    return by_who
