"""Demo field work, built through the actions: a neighbour's complaint about a goat barn, its
inspection with violations and an open order, the agent's routine list and a pigeon loft's
inspection history. `stoneham_boh.ops.demo.load_demo` calls `load` once, after the permits exist.
"""

from __future__ import annotations

import io
import random
from datetime import date, datetime, time, timedelta

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from PIL import Image, ImageDraw

from inspections import actions
from inspections.actions import Answer
from inspections.checklist import items_for
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, Inspection
from permits.figures import with_figures
from permits.models import Permit

Result = ChecklistFinding.Result


def _at(day: date, hour: int, minute: int = 0) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(hour, minute)))


def _demo_photo(name: str, rng: random.Random) -> SimpleUploadedFile:
    """A stand-in field photo: a brown heap against a barn wall, drawn rather than shipped."""
    image = Image.new("RGB", (480, 360), (152, 170, 120))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 480, 170), fill=(128, 46, 38))
    for x in range(0, 480, 40):
        draw.line((x, 0, x, 170), fill=(98, 34, 28), width=3)
    draw.ellipse((110, 150, 380, 330), fill=(92, 66, 38))
    for _ in range(60):
        x, y = rng.randint(120, 370), rng.randint(160, 320)
        draw.ellipse((x, y, x + 7, y + 5), fill=(64, 44, 24))
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=82)
    return SimpleUploadedFile(name, buffer.getvalue(), content_type="image/jpeg")


def _record(inspection, by, at: datetime, problems: dict[str, Answer], summary: str = ""):
    """Record every item as complying except the `problems` given."""
    keeping = keeping_for(inspection.lot, inspection.scheduled_for, inspection.application)
    answers = {
        item.id: problems.get(item.id, Answer(Result.COMPLIES))
        for item in items_for(inspection, keeping)
    }
    return actions.record_inspection(
        inspection=inspection, by=by, answers=answers, performed_at=at, summary=summary
    )


def _permitted(today: date, species: str, exclude=()) -> list[Permit]:
    return list(
        Permit.objects.filter(
            status=Permit.Status.ACTIVE,
            issued_on__lte=today,
            expires_on__gte=today,
            animals__species=species,
        )
        .exclude(lot__in=exclude)
        .select_related("lot")
        .order_by("number")
    )


def _complaint_case(today: date, agent, clerk, rng) -> None:
    """Flies and odour from a goat barn: inspected, two violations, an order two weeks ahead."""
    goats = _permitted(today, "goat")
    if not goats:
        return
    lot = goats[0].lot
    received = today - timedelta(days=6)
    complaint = actions.record_complaint(
        lot=lot,
        nature="flies",
        description="Swarms of flies and a strong manure smell along the shared fence since "
        "last week; the neighbours cannot use their back yard.",
        complainant_name="Margaret Kelly",
        complainant_contact="(781) 438-2290",
        received_on=received,
        observed_at=_at(received - timedelta(days=1), 17, 30),
        by=clerk,
    )
    visit_day = today - timedelta(days=5)
    inspection = actions.schedule_inspection(
        lot=lot,
        kind=Inspection.Kind.COMPLAINT,
        complaint=complaint,
        scheduled_for=visit_day,
        agent=agent,
        by=agent,
        today=received,
    )
    stockpile = Answer(
        Result.VIOLATION,
        "An uncovered manure pile of about three cubic yards against the back of the barn, "
        "20 ft from the rear lot line; flies thick on it.",
        [_demo_photo("manure-pile.jpg", rng)],
    )
    vermin = Answer(
        Result.VIOLATION,
        "Fresh rat burrows along the barn foundation and droppings beside the feed bins.",
    )
    _record(
        inspection,
        agent,
        _at(visit_day, 10, 30),
        {"20-16.3.a.no-stockpile": stockpile, "20-16.6.no-vermin": vermin},
        "Complaint confirmed. Owner present and told what must be done.",
    )
    for finding, requirement in (
        (
            "20-16.3.a.no-stockpile",
            with_figures(
                "Remove the manure pile and keep all manure in a covered pit or receptacle "
                "at least {20-16.2:minimum_ft} from any dwelling.",
                visit_day,
            ),
        ),
        (
            "20-16.6.no-vermin",
            "Have the licensed pest control operator abate the rat infestation and send the "
            "Board the operator's report.",
        ),
    ):
        actions.issue_order(
            finding=inspection.findings.get(item_id=finding),
            by=agent,
            requirement=requirement,
            deadline=today + timedelta(days=14),
            issued_on=visit_day,
        )


def _routine_visit(lot, day: date, agent, planned: date | None = None) -> Inspection:
    """A routine inspection on `day`, put on the agent's list on `planned` (default: that day)."""
    return actions.schedule_inspection(
        lot=lot,
        kind=Inspection.Kind.ROUTINE,
        scheduled_for=day,
        agent=agent,
        by=agent,
        today=planned or day,
    )


def _routine_list(today: date, agent, used_lots) -> None:
    """One routine inspection due today and one overdue, on the demo agent's list."""
    hens = _permitted(today, "chicken", exclude=used_lots)
    for permit, day, planned in (
        (hens[1] if len(hens) > 1 else None, today, today - timedelta(days=10)),
        (hens[2] if len(hens) > 2 else None, today - timedelta(days=3), today - timedelta(days=20)),
    ):
        if permit is not None:
            _routine_visit(permit.lot, day, agent, planned=planned)


def _pigeon_loft_history(today: date, agent) -> None:
    """The grandfathered Marble Street loft: routine visits, one cleaning order, abated."""
    lofts = [p for p in _permitted(today, "pigeon") if p.grandfathered] or _permitted(
        today, "pigeon"
    )
    if not lofts:
        return
    permit = lofts[0]
    span = (today - permit.issued_on).days
    if span < 40:  # too early in the year for a history: one visit today
        days = [today]
    else:
        days = [permit.issued_on + timedelta(days=span * k // 8) for k in (2, 4, 6)]
    first = _routine_visit(permit.lot, days[0], agent)
    _record(first, agent, _at(days[0], 9, 15), {}, "Loft clean and dry; birds in good order.")
    if len(days) < 3:
        return
    second = _routine_visit(permit.lot, days[1], agent)
    dirty = Answer(
        Result.VIOLATION,
        "Droppings several weeks deep on the loft floor and perches; dusty.",
    )
    _record(second, agent, _at(days[1], 11, 0), {"20-18.2.cleaning": dirty})
    order = actions.issue_order(
        finding=second.findings.get(item_id="20-18.2.cleaning"),
        by=agent,
        requirement="Clean the droppings from the loft and keep to the weekly cleaning "
        "schedule of §20-18(2).",
        deadline=days[1] + timedelta(days=7),
        issued_on=days[1],
    )
    reinspection = order.reinspections.get()
    _record(reinspection, agent, _at(min(order.deadline, today), 9, 40), {})


def load(*, today: date, users: dict, rng: random.Random) -> None:
    agent, clerk = users["agent"], users["clerk"]
    _complaint_case(today, agent, clerk, rng)
    used = [i.lot_id for i in Inspection.objects.all()]
    _routine_list(today, agent, used)
    _pigeon_loft_history(today, agent)
