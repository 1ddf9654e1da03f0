"""Demo data that looks like Stoneham: built through the actions, loaded once.

`python manage.py load_demo` calls `load_demo()`. Running it again changes nothing: the
users are reconciled and the records are created only when the demo marker lot is absent.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.utils import timezone

from facilities import actions as lot_actions
from facilities.addresses import lots_at_address
from facilities.models import Lot
from facilities.parcels import demo as parcels_demo
from hearings import demo as hearings_demo
from hearings import revocation_demo
from hearings.demo import accept_register_by_vote, approve_by_vote, record_demo_board
from inspections import demo as inspections_demo
from permits import actions, eligibility, renewals
from permits.models import DOCUMENT_FIELDS, Applicant, Application, FeeSchedule
from permits.portal import notifications
from stoneham_boh.accounts.roles import Role
from stoneham_boh.ops.demo_town import install_stoneham

DEMO_PASSWORD = "stoneham-demo"  # noqa: S105 - printed for the local demo only
MARKER_PARCEL = "1-1-1"


@dataclass(frozen=True)
class DemoUser:
    username: str
    first_name: str
    last_name: str
    role: Role
    title: str = ""


DEMO_USERS = (
    DemoUser("clerk", "Maureen", "Doherty", Role.CLERK, "Board of Health Clerk"),
    DemoUser("agent", "Paul", "Ricci", Role.AGENT, "Health Agent"),
    DemoUser("board", "Anne", "Whitcomb", Role.BOARD, "Chair, Board of Health"),
    DemoUser("board2", "Robert", "Nolan", Role.BOARD, "Member, Board of Health"),
    DemoUser("board3", "Linda", "Costa", Role.BOARD, "Member, Board of Health"),
    DemoUser("applicant", "Karen", "Sullivan", Role.APPLICANT),
    DemoUser("applicant2", "Thomas", "Greene", Role.APPLICANT),
    DemoUser("admin", "Site", "Administrator", Role.ADMIN, "Administrator"),
)

STREETS = (
    "Main Street",
    "Franklin Street",
    "Pond Street",
    "Elm Street",
    "Summer Street",
    "Marble Street",
    "Spring Street",
    "Maple Street",
    "William Street",
    "Warren Street",
    "Green Street",
    "Hancock Street",
    "Perkins Street",
    "Spencer Street",
    "Gerry Street",
    "Pleasant Street",
    "North Border Road",
    "Ravine Road",
    "Forest Street",
    "Wright Street",
    "Bow Street",
    "Washington Street",
    "Park Street",
    "Chestnut Street",
    "Collincote Street",
)
FIRST = (
    "Mary",
    "John",
    "Patricia",
    "James",
    "Linda",
    "Michael",
    "Susan",
    "David",
    "Joan",
    "Richard",
    "Nancy",
    "Joseph",
    "Donna",
    "Kevin",
    "Carol",
    "Brian",
    "Ellen",
    "Mark",
)
LAST = (
    "Murphy",
    "O'Brien",
    "DiCarlo",
    "Sullivan",
    "McCarthy",
    "Walsh",
    "Ferreira",
    "Nguyen",
    "Kelly",
    "Russo",
    "Fitzgerald",
    "Lombardi",
    "Chen",
    "Burke",
    "Costello",
    "Donovan",
)


def ensure_demo_users() -> dict[str, object]:
    User = get_user_model()
    users = {}
    for spec in DEMO_USERS:
        user, created = User.objects.get_or_create(
            username=spec.username,
            defaults={
                "first_name": spec.first_name,
                "last_name": spec.last_name,
                "title": spec.title,
                "email": f"{spec.username}@example.org",
                "is_staff": spec.role is Role.ADMIN,
                "is_superuser": spec.role is Role.ADMIN,
            },
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        if spec.role is not Role.ADMIN:
            user.groups.add(Group.objects.get(name=spec.role.value))
        users[spec.username] = user
    return users


def _lot(rng: random.Random, index: int, by, **fields) -> Lot:
    defaults = {
        "parcel_id": f"{index // 40 + 1}-{100 + index}-{index % 9 + 1}",
        "street_address": f"{rng.randint(3, 240)} {STREETS[index % len(STREETS)]}",
        "area_acres": Decimal(str(round(rng.uniform(0.3, 2.5), 2))),
        "zoning_district": rng.choice(["RA", "RA", "RB", "RC"]),
        "percolation_min_per_inch": Decimal(rng.choice([4, 6, 8, 10, 12, 15, 18])),
    }
    defaults.update(fields)
    # One lot per parcel: a drawn address already on file is drawn again.
    while "street_address" not in fields and lots_at_address(defaults["street_address"]):
        defaults["street_address"] = f"{rng.randint(3, 240)} {STREETS[index % len(STREETS)]}"
    return lot_actions.create_lot(by=by, **defaults)


def _applicant(rng: random.Random, lot: Lot, by, **fields) -> Applicant:
    first, last = rng.choice(FIRST), rng.choice(LAST)
    defaults = {
        "name": f"{first} {last}",
        "mailing_street": lot.street_address,
        "mailing_zip": "02180",
        "phone": f"(781) 438-{rng.randint(1000, 9999)}",
        "email": f"{first.lower()}.{last.lower().replace(chr(39), '')}@example.org",
    }
    defaults.update(fields)
    return actions.create_applicant(by=by, **defaults)


GOOD_HOUSING = {
    "potable_water": True,
    "distance_property_line_ft": Decimal("62"),
    "distance_sewage_disposal_ft": Decimal("40"),
    "distance_public_way_ft": Decimal("80"),
    "distance_dwelling_ft": Decimal("55"),
}

# §20-16(2): every keeping keeps its manure in a described pit or receptacle.
MANURE_BIN = ("M1", "manure_storage", 16, {})

KEEPINGS = {
    # name: (animals, structures)
    "hens": ({"chicken": 6}, [("C1", "coop", 48, {}), MANURE_BIN]),
    "goats": ({"goat": 3, "sheep": 2}, [("BARN", "shelter", 140, {}), MANURE_BIN]),
    "ducks": ({"duck": 5, "chicken": 4}, [("C1", "coop", 60, {}), MANURE_BIN]),
    "rabbits": ({"rabbit": 4}, [("H1", "hutch", 24, {}), MANURE_BIN]),
    "pigeons": ({"pigeon": 30}, [("L1", "loft", 60, {}), MANURE_BIN]),
    "horse": (
        {"horse": 1},
        [
            ("S1", "stable", 144, {"screened_window": True, "opposite_louvers": True}),
            ("C1", "corral", 1400, {"fence_height_ft": Decimal("6"), "potable_water": False}),
            MANURE_BIN,
        ],
    ),
}


def _fill_keeping(application: Application, keeping: str, by, **structure_overrides) -> None:
    animals, structures = KEEPINGS[keeping]
    actions.set_animals(application=application, by=by, animals=animals)
    for label, kind, area, extra in structures:
        fields = {**GOOD_HOUSING, **extra, **structure_overrides.get(label, {})}
        if kind == "manure_storage":
            fields = {
                "distance_dwelling_ft": Decimal("120"),
                "distance_lot_line_ft": Decimal("30"),
                **structure_overrides.get(label, {}),
            }
        if kind == "corral":
            fields = {
                "distance_public_way_ft": Decimal("45"),
                **extra,
                **structure_overrides.get(label, {}),
            }
            fields.pop("potable_water", None)
        actions.add_structure(
            application=application,
            by=by,
            label=label,
            kind=kind,
            area_sqft=Decimal(area),
            **fields,
        )


def _complete_renewal(application, by, received_on) -> None:
    actions.submit_application(application=application, received_on=received_on, by=by)
    fee = eligibility.fee_due(application)
    actions.record_payment(
        application=application,
        amount=fee,
        received_on=received_on,
        method="check",
        reference=f"#{1000 + application.pk}",
        by=by,
    )


def _renewal(rng, lot, applicant, keeping, by, received_on, overrides=None, **fields):
    """This year's renewal of the keeping's permit of the year before (§20-20(8)): that permit
    is an entry of the town's paper register (a keeping first permitted on paper before the
    regulation), entered, accepted by the Board's vote, then renewed from it."""
    paper = actions.create_application(
        applicant=applicant,
        lot=lot,
        by=by,
        manure_method=fields.pop("manure_method", "receptacle"),
        securely_fenced=True,
        vermin_licensed_operator=True,
        **fields,
    )
    _fill_keeping(paper, keeping, by, **(overrides or {}))
    year = received_on.year - 1
    # Entered before the new year's renewals come in, all at one session of the Board.
    entered_on = date(received_on.year, 1, 15) - timedelta(days=40)
    first = date(1990 + lot.pk % 12, 4 + lot.pk % 6, 2)
    number = f"{first.year % 100:02d}-{100 + lot.pk}"
    last_year = actions.enter_register_permit(
        application=paper,
        register_number=number,
        first_permitted_on=first,
        issued_on=date(year, 1, 6),
        valid_for_year=year,
        document=_paper_permit_scan(),
        basis=f"Board of Health permit no. {number} (paper file, cabinet 2).",
        by=by,
        today=entered_on,
    )
    accept_register_by_vote([last_year], entered_on, by)
    application = actions.start_renewal(permit=last_year, by=by, today=received_on)
    _complete_renewal(application, by, received_on)
    approve_by_vote(application, ["vermin_plan"], received_on)
    return application


def _new_application(applicant, lot, by):
    """A new application that brought all six documents of §20-20(1)."""
    documents = {field: True for field, _, _ in DOCUMENT_FIELDS}
    return actions.create_application(
        applicant=applicant,
        lot=lot,
        by=by,
        manure_method="receptacle",
        securely_fenced=True,
        vermin_licensed_operator=True,
        **documents,
    )


def load_demo(today: date | None = None) -> bool:
    """Load the demo records once; return False when they were already there."""
    with notifications.suppressed(), transaction.atomic():
        return _load_demo(today)


def _load_demo(today: date | None) -> bool:
    users = ensure_demo_users()
    install_stoneham()
    if Lot.objects.filter(parcel_id=MARKER_PARCEL).exists():
        return False
    today = today or timezone.localdate()
    record_demo_board(users, since=date(today.year - 4, 1, 1))
    clerk = users["clerk"]
    rng = random.Random(2002)  # noqa: S311 - reproducible demo data, not security
    FeeSchedule.objects.create(
        name="Fee schedule of 2002",
        effective_from=date(2002, 8, 1),
        new_application_fee=Decimal("50.00"),
        renewal_fee=Decimal("25.00"),
    )
    FeeSchedule.objects.create(
        name="Fee schedule of 2024",
        effective_from=date(2024, 1, 1),
        new_application_fee=Decimal("75.00"),
        renewal_fee=Decimal("40.00"),
    )
    year_start = date(today.year, 1, 15)

    # The marker lot: Karen Sullivan's hens, linked to the demo applicant's log-in.
    marker = _lot(
        rng,
        0,
        clerk,
        parcel_id=MARKER_PARCEL,
        street_address="18 Spring Street",
        area_acres=Decimal("0.45"),
    )
    karen = _applicant(
        rng,
        marker,
        clerk,
        name="Karen Sullivan",
        user=users["applicant"],
        email="applicant@example.org",
    )
    karen_app = _renewal(rng, marker, karen, "hens", clerk, year_start)
    actions.issue_permit(application=karen_app, by=clerk, on=year_start + timedelta(days=3))

    # A pigeon loft permitted on paper in 1994 and never changed: entered once as a legacy
    # permit with its original date and the record it rests on; its renewal is grandfathered
    # because the product finds it unchanged and free of violations (§20-20(8)).
    loft_lot = _lot(rng, 1, clerk, street_address="77 Marble Street", area_acres=Decimal("0.22"))
    fancier = _applicant(rng, loft_lot, clerk, name="Anthony DiCarlo")
    paper = actions.create_application(
        applicant=fancier,
        lot=loft_lot,
        by=clerk,
        manure_method="receptacle",
        securely_fenced=True,
        vermin_licensed_operator=True,
    )
    _fill_keeping(paper, "pigeons", clerk, L1={"distance_property_line_ft": Decimal("18")})
    entered_on = year_start - timedelta(days=40)
    legacy = actions.enter_register_permit(
        application=paper,
        register_number="94-17",
        first_permitted_on=date(1994, 5, 2),
        issued_on=date(today.year - 1, 1, 6),
        valid_for_year=today.year - 1,
        document=_paper_permit_scan(),
        basis="Board of Health permit no. 94-17 of May 2, 1994 (paper file, cabinet 2).",
        by=clerk,
        today=entered_on,
    )
    accept_register_by_vote([legacy], entered_on, clerk)
    legacy.refresh_from_db()
    loft = actions.start_renewal(permit=legacy, by=clerk, today=year_start)
    _complete_renewal(loft, clerk, year_start)
    actions.issue_permit(application=loft, by=clerk, on=year_start + timedelta(days=5))

    # Ordinary renewals across town: most keepings in Stoneham are hens, goats and pigeons.
    kinds = ["hens", "hens", "hens", "goats", "ducks", "rabbits", "pigeons", "hens", "goats"]
    horse_lots = []
    for index in range(2, 30):
        keeping = kinds[index % len(kinds)]
        horses = index in (5, 17)
        lot = _lot(rng, index, clerk, **({"area_acres": Decimal("1.6")} if horses else {}))
        applicant = _applicant(rng, lot, clerk)
        if horses:
            keeping = "horse"
            horse_lots.append(lot)
        application = _renewal(
            rng, lot, applicant, keeping, clerk, year_start + timedelta(days=index)
        )
        if index % 7 != 3:  # a few renewals still wait for their fee or review
            actions.issue_permit(
                application=application, by=clerk, on=year_start + timedelta(days=index + 4)
            )

    # Karen's neighbour Thomas Greene: a new application for goats, barn too close to the line.
    greene_lot = _lot(rng, 30, clerk, street_address="24 Spring Street", area_acres=Decimal("1.1"))
    greene = _applicant(
        rng,
        greene_lot,
        clerk,
        name="Thomas Greene",
        user=users["applicant2"],
        email="applicant2@example.org",
    )
    greene_app = _new_application(greene, greene_lot, clerk)
    _fill_keeping(greene_app, "goats", clerk, BARN={"distance_property_line_ft": Decimal("38")})
    actions.submit_application(
        application=greene_app, received_on=today - timedelta(days=9), by=clerk
    )

    # A new hen application, complete, waiting for its hearing.
    hen_lot = _lot(rng, 31, clerk, street_address="9 Collincote Street", area_acres=Decimal("0.5"))
    hen_keeper = _applicant(rng, hen_lot, clerk, name="Joan Fitzgerald")
    hen_app = _new_application(hen_keeper, hen_lot, clerk)
    _fill_keeping(hen_app, "hens", clerk)
    actions.submit_application(
        application=hen_app, received_on=today - timedelta(days=20), by=clerk
    )
    actions.record_payment(
        application=hen_app,
        amount=eligibility.fee_due(hen_app),
        received_on=today - timedelta(days=20),
        method="check",
        reference="#2211",
        by=clerk,
    )

    # A hen keeper asking to add goats at renewal: not a plain renewal, so it goes to the Board
    # with a hearing like a new application (§20-20(3), (9)); hearings.demo dockets it.
    grow_lot = _lot(
        rng,
        33,
        clerk,
        parcel_id=hearings_demo.GROWING_PARCEL,
        street_address="52 Perkins Street",
        area_acres=Decimal("0.9"),
    )
    grower = _applicant(rng, grow_lot, clerk, name="Maria Costa")
    hens_now = _renewal(rng, grow_lot, grower, "hens", clerk, year_start + timedelta(days=2))
    hens_permit = actions.issue_permit(
        application=hens_now, by=clerk, on=year_start + timedelta(days=6)
    )
    if today >= renewals.renewal_window_opens(today.year):
        more = actions.start_renewal(permit=hens_permit, by=clerk, today=today)
    else:
        # Next year's renewal opens on November 1 (one permit year at a time): until then she
        # asks for the goats with her hens by a new application, heard the same way.
        more = _new_application(grower, grow_lot, clerk)
        _fill_keeping(more, "hens", clerk)
    actions.set_animals(application=more, by=clerk, animals={"goat": 2})
    _complete_renewal(more, clerk, today - timedelta(days=3))

    # A keeping with no permit this year: an expired 2025 permit stays on record.
    old_lot = _lot(rng, 32, clerk, street_address="140 Pond Street")
    old_keeper = _applicant(rng, old_lot, clerk)
    old = _renewal(rng, old_lot, old_keeper, "ducks", clerk, date(today.year - 1, 2, 1))
    actions.issue_permit(application=old, by=clerk, on=date(today.year - 1, 2, 10))

    hearings_demo.load(today=today, users=users, rng=rng)
    inspections_demo.load(today=today, users=users, rng=rng)
    revocation_demo.load(today=today, users=users, rng=rng)
    # After the hearings: the map gives their certified abutters the parcels next door.
    parcels_demo.load(today=today, users=users, streets=STREETS)
    # After the plans: the letters describe the request as drawn, so the hearing can decide it.
    hearings_demo.mail_letters(today=today, users=users, rng=rng)
    # Last: every meeting above is on the calendar, so each one's next meeting is known.
    hearings_demo.keep_the_minutes(today=today, clerk=clerk)
    return True


def _paper_permit_scan():
    """The scan of the loft's paper permit, as the clerk uploads it: a one-page PDF."""
    content = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
    return SimpleUploadedFile("permit-94-17.pdf", content, content_type="application/pdf")
