"""A town-sized-and-more data set for the benchmark, written in bulk.

The benchmark needs tens of thousands of records in seconds, so this module writes them with
`bulk_create` instead of the actions (which are exercised record by record in the tests).
Only the benchmark's own, separate database is ever filled this way.

`add_records(scale)` appends `scale` "units": one unit is a lot with its applicant and about
1.2 applications, one permit, six abutters, two inspections and, every twenty units, a
meeting with its docket. The benchmark calls it with 10 for the small set, then again to
reach 10,000 lots, 12,000 applications, 10,000 permits, 60,000 abutters, 500 hearings and
20,000 inspections.
"""

from __future__ import annotations

import random
from datetime import date, time, timedelta
from decimal import Decimal

from django.db import transaction

from facilities.models import Abutter, AbutterList, AnimalKept, Lot, Structure
from hearings.models import AbutterNotice, Decision, DocketItem, LegalNotice, Meeting
from inspections.models import Inspection, Order
from permits.models import Applicant, Application, FeeSchedule, Permit, PermitAnimal

STREETS = (
    "Main Street", "Franklin Street", "Pond Street", "Elm Street", "Summer Street",
    "Marble Street", "Spring Street", "Maple Street", "William Street", "Warren Street",
    "Green Street", "Hancock Street", "Perkins Street", "Spencer Street", "Gerry Street",
)
KEEPINGS = (
    ("chicken", "coop", 6), ("goat", "shelter", 3), ("pigeon", "loft", 30),
    ("duck", "coop", 5), ("rabbit", "hutch", 4), ("horse", "stable", 1),
)
BATCH = 2000


def _bulk(model, rows):
    model.objects.bulk_create(rows, batch_size=BATCH)


def _offset(model) -> int:
    last = model.objects.order_by("-pk").values_list("pk", flat=True).first()
    return last or 0


@transaction.atomic
def add_records(scale: int, *, today: date, agent, seed: int = 7) -> None:
    rng = random.Random(seed + scale)  # noqa: S311 - reproducible benchmark data
    if not FeeSchedule.objects.exists():
        FeeSchedule.objects.create(
            name="Fee schedule", effective_from=date(2002, 8, 1),
            new_application_fee=Decimal("75"), renewal_fee=Decimal("40"),
        )
    start = _offset(Lot)
    lots = [
        Lot(
            parcel_id=f"{(start + i) // 1000 + 1}-{(start + i) % 1000}-{rng.randint(1, 9)}",
            street_address=f"{rng.randint(1, 400)} {STREETS[(start + i) % len(STREETS)]}",
            area_acres=Decimal(str(round(rng.uniform(0.2, 3.0), 2))),
            percolation_min_per_inch=Decimal(rng.choice([5, 8, 12, 15])),
        )
        for i in range(scale)
    ]
    _bulk(Lot, lots)
    lots = list(Lot.objects.filter(pk__gt=start).order_by("pk"))
    applicant_start = _offset(Applicant)
    _bulk(Applicant, [
        Applicant(name=f"Keeper {applicant_start + i}", mailing_street=lot.street_address,
                  mailing_zip="02180")
        for i, lot in enumerate(lots)
    ])
    applicants = list(Applicant.objects.filter(pk__gt=applicant_start).order_by("pk"))

    # One issued renewal per lot, plus a new application on every fifth lot.
    app_start = _offset(Application)
    applications = []
    for i, (lot, applicant) in enumerate(zip(lots, applicants, strict=True)):
        received = today - timedelta(days=rng.randint(20, 3000))
        applications.append(Application(
            kind="renewal", status="issued", received_on=received, applicant=applicant, lot=lot,
            manure_method="receptacle", securely_fenced=True, vermin_plan_approved=True,
            vermin_licensed_operator=True,
        ))
        if i % 5 == 0:
            applications.append(Application(
                kind="new", status=rng.choice(["received", "awaiting_hearing", "draft"]),
                received_on=today - timedelta(days=rng.randint(1, 60)), applicant=applicant,
                lot=lot, manure_method="receptacle", securely_fenced=True,
                doc_site_plan=True, doc_certified_abutter_list=True,
            ))
    _bulk(Application, applications)
    applications = list(Application.objects.filter(pk__gt=app_start).order_by("pk"))

    structures, animals = [], []
    for application in applications:
        species, kind, count = KEEPINGS[application.pk % len(KEEPINGS)]
        animals.append(AnimalKept(application=application, species=species, count=count))
        structures.append(Structure(
            application=application, label="S1", kind=kind, area_sqft=Decimal("150"),
            potable_water=True, screened_window=True, opposite_louvers=True,
            distance_property_line_ft=Decimal(rng.choice([35, 55, 80])),
            distance_public_way_ft=Decimal("60"),
        ))
        if species == "horse":
            structures.append(Structure(
                application=application, label="C1", kind="corral", area_sqft=Decimal("1200"),
                fence_height_ft=Decimal("6"), distance_public_way_ft=Decimal("40"),
            ))
    _bulk(AnimalKept, animals)
    _bulk(Structure, structures)

    permit_start = _offset(Permit)
    permits = []
    for application in applications:
        if application.status != "issued":
            continue
        year = application.received_on.year
        permits.append(Permit(
            number=f"B{application.pk:07d}", year=year, sequence=application.pk,
            application=application, holder_id=application.applicant_id, lot_id=application.lot_id,
            issued_on=application.received_on, expires_on=date(year, 12, 31),
            verify_token=f"bench-{application.pk:08d}-{rng.getrandbits(64):016x}",
        ))
    _bulk(Permit, permits)
    animals_by_application = {a.application_id: a for a in animals}
    _bulk(PermitAnimal, [
        PermitAnimal(permit=p, species=animals_by_application[p.application_id].species,
                     count=animals_by_application[p.application_id].count)
        for p in Permit.objects.filter(pk__gt=permit_start)
    ])

    list_start = _offset(AbutterList)
    with_lists = [a for a in applications if a.kind == "renewal"]
    _bulk(AbutterList, [
        AbutterList(application=a, certified_on=a.received_on) for a in with_lists
    ])
    abutters = [
        Abutter(abutter_list=abutter_list, owner_names=f"Owner {abutter_list.pk}-{n}",
                mailing_street=f"{n + 1} {STREETS[n % len(STREETS)]}", mailing_zip="02180")
        for abutter_list in AbutterList.objects.filter(pk__gt=list_start)
        for n in range(6)
    ]
    _bulk(Abutter, abutters)

    _add_hearings(rng, applications, today)
    _add_inspections(rng, lots, today, agent)


def _add_hearings(rng, applications, today: date) -> None:
    """A meeting every twenty lots, four items each: past ones decided, a few to come."""
    new_applications = [a for a in applications if a.kind == "new"]
    meeting_start = _offset(Meeting)
    meetings = [
        Meeting(date=today + timedelta(days=rng.randint(-3000, 40)), time=time(19, 0))
        for _ in range(max(1, len(applications) // 24))
    ]
    _bulk(Meeting, meetings)
    meetings = list(Meeting.objects.filter(pk__gt=meeting_start).order_by("pk"))
    _bulk(LegalNotice, [
        LegalNotice(
            meeting=m, text="Notice of public hearing.", published_on=m.date - timedelta(days=20)
        )
        for m in meetings
    ])
    item_start = _offset(DocketItem)
    _bulk(DocketItem, [
        DocketItem(meeting=meetings[i % len(meetings)], application=a, kind="new_application",
                   status="decided" if meetings[i % len(meetings)].date < today else "scheduled",
                   position=i // len(meetings) + 1)
        for i, a in enumerate(new_applications)
    ])
    items = list(DocketItem.objects.filter(pk__gt=item_start).select_related("meeting"))
    _bulk(Decision, [
        Decision(docket_item=item, result="approved", decided_on=item.meeting.date)
        for item in items if item.status == "decided"
    ])
    abutters_by_list = {}
    for abutter in Abutter.objects.filter(
        abutter_list__application__lot__in=[a.lot_id for a in new_applications]
    ).select_related("abutter_list__application").only("id", "abutter_list__application__lot_id"):
        abutters_by_list.setdefault(abutter.abutter_list.application.lot_id, []).append(abutter)
    _bulk(AbutterNotice, [
        AbutterNotice(docket_item=item, abutter=abutter, article_number=f"RE{item.pk:07d}{n}US",
                      mailed_on=item.meeting.date - timedelta(days=21))
        for item in items
        for n, abutter in enumerate(abutters_by_list.get(item.application.lot_id, []))
    ])


def _add_inspections(rng, lots, today: date, agent) -> None:
    start = _offset(Inspection)
    _bulk(Inspection, [
        Inspection(
            lot=lot, kind="routine", agent=agent,
            status="completed" if n == 0 else rng.choice(["scheduled", "completed"]),
            scheduled_for=today - timedelta(days=rng.randint(-10, 2000)),
        )
        for lot in lots
        for n in range(2)
    ])
    completed = Inspection.objects.filter(pk__gt=start, status="completed")
    inspections = list(completed[: len(lots) // 10 + 1])
    _bulk(Order, [
        Order(inspection=i, lot_id=i.lot_id, citation="§20-16(6)",
              requirement="Abate the rodent infestation.",
              deadline=today + timedelta(days=rng.randint(-30, 30)))
        for i in inspections
    ])
