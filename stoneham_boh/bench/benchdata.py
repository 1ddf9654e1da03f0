"""A town-sized-and-more data set for the benchmark, written in bulk.

The benchmark needs tens of thousands of records in seconds, so this module writes them with
`bulk_create` instead of the actions (which are exercised record by record in the tests), and
writes their history rows in bulk too, so that history queries run over realistic tables.
Only the benchmark's own, separate database (and the tests' databases) are filled this way.

`add_records(scale)` appends `scale` "units": one unit is a lot with its applicant, the permit
it holds (and the issued application behind it), and two inspections. Every fifth lot also
has a new application with a certified list of about 37 abutters, three in four of them on a
hearing docket; every tenth has a renewal under way; every fiftieth a complaint. Each call
makes its own meetings: the first one to come (in two weeks), the others past and decided,
so that every page has something to show whatever the scale: 10 gives ten of each kind,
10,000 gives 10,000 lots, 13,000 applications, 10,000 permits, 60,000 abutters, 500 meetings
with 1,500 hearings, and 20,000 inspections.

The first lots of each call (benchmap.MAPPED_LOTS) sit on parcels of a generated map, and
each of their applications has its site plan drawn, through the actions as in the demo: the
applications whose pages the benchmark measures are among them.

Every record carries the provenance the regulation asks, so the set audits clean
(permits.audit, issue 22): each permit is an entry of the town's paper register, a keeping
first permitted before the grandfathering date, with its scan, accepted by the Board's vote at
a meeting; the Board's seats and roll are recorded before anything it decides, and each
meeting it decides at records who attended; every hearing's legal notice is the drafter's
text for its docket, and each abutter's letter goes by registered mail before the notice period.
"""

from __future__ import annotations

import functools
import random
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone

from facilities.models import Abutter, AbutterList, AnimalKept, Lot, Structure
from hearings import models as hearings
from hearings.clocks import oml_posting_deadline
from hearings.notice_content import legal_notice_content
from hearings.notice_text import legal_notice_text
from inspections.models import Complaint, Inspection, Order
from permits.models import Applicant, Application, Document, FeeSchedule, Permit, PermitAnimal
from stoneham_boh.bench import benchmap
from stoneham_boh.lib.address_lookup import AddressLookup
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.mass_calendar import MassCalendar
from stoneham_boh.ops.demo import STREETS

KEEPINGS = (
    ("chicken", "coop", 6),
    ("goat", "shelter", 3),
    ("pigeon", "loft", 30),
    ("duck", "coop", 5),
    ("rabbit", "hutch", 4),
    ("horse", "stable", 1),
)
BATCH = 2000
ITEMS_PER_MEETING = 3
# The entries of the paper register the Board accepts at one of its office sessions.
ENTRIES_PER_SESSION = 100
# Before the ruleset's grandfathering date (August 1, 2002): every permit is grandfathered.
FIRST_PERMITTED = (date(1985, 1, 1), date(2002, 6, 30))
ROLL_SINCE = date(1980, 1, 1)
SCAN = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def _bulk(model, rows, *, by=None) -> list:
    """Insert `rows` and their history rows ("created", by `by`); return them saved."""
    rows = list(rows)
    for row in rows:
        if isinstance(row, AddressLookup):
            row.set_lookup_words()  # what save() writes, which a bulk insert does not call
    saved = model.objects.bulk_create(rows, batch_size=BATCH)
    if saved and hasattr(model, "history"):
        if saved[0].pk is None:  # a backend that does not return the new keys
            start = model.objects.order_by("-pk").values_list("pk", flat=True)[len(saved) - 1]
            saved = list(model.objects.filter(pk__gte=start).order_by("pk"))
        model.history.bulk_history_create(saved, batch_size=BATCH, default_user=by)
    return saved


@transaction.atomic
def add_records(scale: int, *, today: date, agent, clerk=None, board=(), seed: int = 7):
    rng = random.Random(seed + scale)  # noqa: S311 - reproducible benchmark data
    if not FeeSchedule.objects.exists():
        FeeSchedule.objects.create(
            name="Fee schedule",
            effective_from=date(2002, 8, 1),
            new_application_fee=Decimal("75"),
            renewal_fee=Decimal("40"),
        )
    first = Lot.objects.count()
    lots = _bulk(
        Lot,
        [
            Lot(
                parcel_id=f"{(first + i) // 1000 + 1}-{(first + i) % 1000}-{rng.randint(1, 9)}",
                # One lot per address (§20-14): the n-th house of its street.
                street_address=f"{(first + i) // len(STREETS) + 1} "
                f"{STREETS[(first + i) % len(STREETS)]}",
                area_acres=Decimal(str(round(rng.uniform(0.2, 3.0), 2))),
                percolation_min_per_inch=Decimal(rng.choice([5, 8, 12, 15])),
                # The first lots go on the generated parcel map; the others are off it, and
                # the clerk says why (no permit issues off an imported map without a reason).
                unmapped_reason=""
                if i < benchmap.MAPPED_LOTS
                else "The benchmark's generated map covers its first lots only.",
            )
            for i in range(scale)
        ],
        by=clerk,
    )
    applicants = _bulk(
        Applicant,
        [
            Applicant(
                name=f"Keeper {first + i}", mailing_street=lot.street_address, mailing_zip="02180"
            )
            for i, lot in enumerate(lots)
        ],
        by=clerk,
    )

    _board_roll(board, clerk)

    # One issued application (and its permit) per lot: the paper register's entry of the
    # keeping, its animals and structures recorded before the permit (the audit reads the
    # structures as they stood when the permit was recorded).
    pairs = [(lot.pk, applicant.pk, {}) for lot, applicant in zip(lots, applicants, strict=True)]
    received = functools.partial(_applications, rng, today, clerk)
    issued = received(
        pairs,
        (20, 3000),
        kind="new",
        status="issued",
        vermin_licensed_operator=True,
    )
    kept = _add_keeping(rng, issued, clerk)
    scans = _register_scans(issued, clerk)
    permits = _bulk(
        Permit,
        [
            Permit(
                number=f"B{a.pk:07d}",
                year=a.received_on.year,
                sequence=a.pk,
                application=a,
                holder_id=a.applicant_id,
                lot_id=a.lot_id,
                issued_on=a.received_on,
                expires_on=date(a.received_on.year, 12, 31),
                issued_by=clerk,
                verify_token=f"bench-{a.pk:08d}-{rng.getrandbits(64):016x}",
                legacy=True,
                grandfathered=True,
                first_permitted_on=FIRST_PERMITTED[0]
                + timedelta(days=rng.randint(0, (FIRST_PERMITTED[1] - FIRST_PERMITTED[0]).days)),
                legacy_basis=f"Paper permit {a.pk}, register of animal permits",
                register_number=f"P-{a.pk}",
                register_document=scans[a.pk],
                register_accepted_on=_session_day(today, n),
            )
            for n, a in enumerate(issued)
        ],
        by=clerk,
    )
    _bulk(
        PermitAnimal,
        [
            PermitAnimal(
                permit=permit,
                species=kept[permit.application_id].species,
                count=kept[permit.application_id].count,
            )
            for permit in permits
        ],
        by=clerk,
    )
    _accept_register(permits, today, clerk, board)

    # A new application on every fifth lot, a renewal under way on every tenth.
    new = received(
        pairs[::5],
        (1, 60),
        kind="new",
        status="received",
        doc_site_plan=True,
        doc_certified_abutter_list=True,
        doc_maintenance_plan=True,
    )
    renewing = received(
        [
            (p.lot_id, p.holder_id, {"renews": p, "status": "received" if i % 20 == 7 else "draft"})
            for i, p in enumerate(permits)
            if i % 10 == 7
        ],
        (1, 30),
        kind="renewal",
    )
    _add_keeping(rng, new + renewing, clerk)
    abutters = _add_abutter_lists(rng, new, clerk)
    _add_hearings(rng, new, abutters, today, clerk, board)
    _add_inspections(rng, lots, today, agent, clerk)
    benchmap.map_lots(
        list(zip(lots, applicants, strict=True))[: benchmap.MAPPED_LOTS], by=clerk, today=today
    )


def _applications(rng, today: date, clerk, rows, days: tuple[int, int], **fields) -> list:
    """Applications for (lot id, applicant id, their own fields) rows, received `days` ago
    (a random number between the two), with their fields and the ones they share."""
    made = []
    for lot_id, applicant_id, own in rows:
        received_on = today - timedelta(days=rng.randint(*days))
        if own.get("status") == "draft":
            received_on = None  # a draft is not received yet (the audit checks it)
        made.append(
            Application(
                lot_id=lot_id,
                applicant_id=applicant_id,
                created_by=clerk,
                manure_method="receptacle",
                securely_fenced=True,
                received_on=received_on,
                **fields,
                **own,
            )
        )
    return _bulk(Application, made, by=clerk)


def _add_keeping(rng, applications, clerk) -> dict:
    """One kind of animal and its housing (a corral too, for horses), and the manure bin
    every keeping describes (§20-16(2)), per application; its animals by application."""
    structures, animals = [], []
    for application in applications:
        species, kind, count = KEEPINGS[application.lot_id % len(KEEPINGS)]
        animals.append(AnimalKept(application=application, species=species, count=count))
        structures.append(
            Structure(
                application=application,
                label="S1",
                kind=kind,
                area_sqft=Decimal("150"),
                potable_water=True,
                screened_window=True,
                opposite_louvers=True,
                distance_property_line_ft=Decimal(rng.choice([35, 55, 80])),
                distance_public_way_ft=Decimal("60"),
            )
        )
        structures.append(
            Structure(
                application=application,
                label="M1",
                kind="manure_storage",
                distance_dwelling_ft=Decimal("120"),
            )
        )
        if species == "horse":
            structures.append(
                Structure(
                    application=application,
                    label="C1",
                    kind="corral",
                    area_sqft=Decimal("1200"),
                    fence_height_ft=Decimal("6"),
                    distance_public_way_ft=Decimal("40"),
                )
            )
    _bulk(AnimalKept, animals, by=clerk)
    _bulk(Structure, structures, by=clerk)
    return {animal.application_id: animal for animal in animals}


def _board_roll(board, clerk) -> None:
    """The Board's seats and its members' appointments, recorded before anything the Board
    decides in the set (the audit reads the roll as it stood when each decision was)."""
    if board and hearings.BoardSeats.objects.in_force(ROLL_SINCE) is None:
        _bulk(
            hearings.BoardSeats,
            [
                hearings.BoardSeats(
                    seats=len(board),
                    effective_on=ROLL_SINCE,
                    authority="Town of Stoneham General By-laws (benchmark)",
                )
            ],
            by=clerk,
        )
    _bulk(
        hearings.BoardMember,
        [
            hearings.BoardMember(
                user=member,
                name=member.get_full_name() or member.username,
                appointed_on=ROLL_SINCE,
                appointing_document=f"Select Board vote of {long_date(ROLL_SINCE)}",
                term_start=ROLL_SINCE,
                chair=index == 0,
            )
            for index, member in enumerate(board)
            if not hearings.BoardMember.objects.filter(user=member).exists()
        ],
        by=clerk,
    )


def _attended(meetings, clerk) -> None:
    """Every member in office attended each meeting in person (the quorum is counted from it)."""
    members = list(hearings.BoardMember.objects.filter(term_start__lte=ROLL_SINCE))
    _bulk(
        hearings.MeetingAttendance,
        [
            hearings.MeetingAttendance(meeting=meeting, member=member, mode="in_person")
            for meeting in meetings
            for member in members
        ],
        by=clerk,
    )


def _register_scans(applications, clerk) -> dict:
    """The scan of each paper permit (one stored file, a document row each)."""
    name = "documents/bench/paper-permit.pdf"
    if not default_storage.exists(name):
        name = default_storage.save(name, ContentFile(SCAN))
    documents = _bulk(
        Document,
        [
            Document(
                application=a,
                kind=Document.Kind.APPROVAL,
                file=name,
                original_name="paper-permit.pdf",
                content_type="application/pdf",
                size_bytes=len(SCAN),
                description="Paper permit (§20-20(8)).",
                uploaded_by=clerk,
            )
            for a in applications
        ],
        by=clerk,
    )
    return {d.application_id: d for d in documents}


def _accept_register(permits, today: date, clerk, board) -> None:
    """The Board accepts the entries at sessions at its office, a hundred a session, each by
    a unanimous vote: the permits are in force from then (§20-20(8))."""
    sessions = _bulk(
        hearings.Meeting,
        _on_record(
            [
                hearings.Meeting(date=_session_day(today, n), time=time(19, 0))
                for n in range(0, len(permits), ENTRIES_PER_SESSION)
            ],
            timedelta(days=7),
        ),
        by=clerk,
    )
    _attended(sessions, clerk)
    items = _bulk(
        hearings.DocketItem,
        _on_record(
            [
                hearings.DocketItem(
                    meeting=sessions[n // ENTRIES_PER_SESSION],
                    application_id=permit.application_id,
                    kind="register_acceptance",
                    status="decided",
                    position=n % ENTRIES_PER_SESSION + 1,
                )
                for n, permit in enumerate(permits)
            ],
            timedelta(days=7),
        ),
        by=clerk,
    )
    _posted(sessions, items, clerk)
    _decide(items, clerk, board)


@functools.cache
def _session_day(today: date, entry: int) -> date:
    """The day the Board accepted the `entry`-th entry of a set: an evening session each
    business day, the last a week ago (every paper permit of the set was issued before it)."""
    calendar = MassCalendar({})
    day = calendar.previous_business_day(today - timedelta(days=7))
    for _ in range(entry // ENTRIES_PER_SESSION):
        day = calendar.previous_business_day(day - timedelta(days=1))
    return day


def _on_record(rows, before: timedelta):
    """Date the rows' history `before` their meeting (a record of the past, as it was made)."""
    now = timezone.now()
    for row in rows:
        meeting = row if isinstance(row, hearings.Meeting) else row.meeting
        moment = timezone.make_aware(datetime.combine(meeting.date, time(9)) - before)
        row._history_date = min(moment, now)
    return rows


def _posted(meetings, items, clerk) -> None:
    """Each meeting's Open Meeting Law notice, listing its docket, posted a day before the
    law's deadline (c.30A §20(b)): the Board voted at meetings noticed in time."""
    by_meeting: dict[int, list[int]] = {}
    for item in items:
        by_meeting.setdefault(item.meeting_id, []).append(item.pk)
    postings = []
    for meeting in meetings:
        if meeting.pk not in by_meeting:
            continue
        deadline = oml_posting_deadline(meeting.starts_at, calendar=MassCalendar({})).when
        posted_at = timezone.make_aware(deadline - timedelta(days=1))
        posting = hearings.MeetingPosting(
            meeting=meeting,
            posted_at=posted_at,
            text=f"Notice of the meeting of {meeting.date}.",
            item_ids=by_meeting[meeting.pk],
            recorded_by=clerk,
        )
        posting._history_date = min(posted_at, timezone.now())
        postings.append(posting)
    _bulk(hearings.MeetingPosting, postings, by=clerk)


def _decide(items, clerk, board) -> list:
    """The Board's unanimous approval of each item, at its meeting, every member voting."""
    decisions = _bulk(
        hearings.Decision,
        [
            hearings.Decision(
                docket_item=item,
                result="approved",
                decided_on=item.meeting.date,
                recorded_by=clerk,
                full_membership=len(board),
                quorum=len(board) // 2 + 1,
                present=len(board),
            )
            for item in items
        ],
        by=clerk,
    )
    _bulk(
        hearings.Vote,
        [
            hearings.Vote(decision=decision, member=member, vote="yes")
            for decision in decisions
            for member in board
        ],
        by=clerk,
    )
    return decisions


def _add_abutter_lists(rng, applications, clerk) -> dict[int, list[Abutter]]:
    """A certified list of 30 to 45 abutters for each new application."""
    lists = _bulk(
        AbutterList,
        [AbutterList(application=a, certified_on=a.received_on) for a in applications],
        by=clerk,
    )
    abutters = _bulk(
        Abutter,
        [
            Abutter(
                abutter_list=abutter_list,
                owner_names=f"Owner {abutter_list.pk}-{n}",
                mailing_street=f"{n + 1} {STREETS[n % len(STREETS)]}",
                mailing_zip="02180",
            )
            for index, abutter_list in enumerate(lists)
            for n in range(30 + index % 16)
        ],
        by=clerk,
    )
    by_application: dict[int, list[Abutter]] = {}
    application_of = {abutter_list.pk: abutter_list.application_id for abutter_list in lists}
    for abutter in abutters:
        by_application.setdefault(application_of[abutter.abutter_list_id], []).append(abutter)
    return by_application


def _add_hearings(rng, new_applications, abutters, today: date, clerk, board) -> None:
    """Three hearings a meeting. The first meeting is in two weeks (its abutters half
    mailed); the others are past, their hearings decided; a quarter of the new applications
    wait to be docketed."""
    docketed = [a for index, a in enumerate(new_applications) if index % 4 != 3]
    count = max(2, -(-len(docketed) // ITEMS_PER_MEETING))
    dates = [today + timedelta(days=14)] + [
        today - timedelta(days=14 * n + rng.randint(0, 6)) for n in range(1, count)
    ]
    meetings = _bulk(
        hearings.Meeting,
        _on_record([hearings.Meeting(date=day, time=time(19, 0)) for day in dates], timedelta(40)),
        by=clerk,
    )
    # The first meeting takes the first applications (all but one of a small set's), the
    # past ones the rest in turn: every set has a coming docket and past outcomes.
    coming = min(ITEMS_PER_MEETING, len(docketed) - 1)
    placed = [
        (meetings[0] if i < coming else meetings[1 + (i - coming) % (count - 1)], a)
        for i, a in enumerate(docketed)
    ]
    positions: dict[int, int] = {}
    items = []
    decided = 0
    for meeting, application in placed:
        positions[meeting.pk] = positions.get(meeting.pk, 0) + 1
        held = meeting.date < today
        # Every tenth decision grants a variance (below): its hearing asked for it, and its
        # legal notice names it (§20-20(9)).
        varied = held and decided % 10 == 0
        decided += held
        items.append(
            hearings.DocketItem(
                meeting=meeting,
                application=application,
                kind="new_application",
                status="scheduled" if not held else "decided",
                position=positions[meeting.pk],
                relief_sought=["20-15.4.a"] if varied else [],
            )
        )
    items = _bulk(hearings.DocketItem, _on_record(items, timedelta(days=40)), by=clerk)
    for meeting, application in placed:
        application.status = "awaiting_hearing" if meeting.date >= today else "approved"
    Application.objects.bulk_update([a for _, a in placed], ["status"], batch_size=BATCH)
    _legal_notices(meetings, items, today, clerk)
    _attended([m for m in meetings if m.date < today], clerk)
    _posted([m for m in meetings if m.date < today], items, clerk)
    decisions = _decide([item for item in items if item.status == "decided"], clerk, board)
    _bulk(
        hearings.Variance,
        [
            hearings.Variance(
                application_id=d.docket_item.application_id,
                decision=d,
                rules=["20-15.4.a"],
                granted_on=d.decided_on,
            )
            for n, d in enumerate(decisions)
            if n % 10 == 0
        ],
        by=clerk,
    )
    _bulk(
        hearings.AbutterNotice,
        [
            hearings.AbutterNotice(
                docket_item=item,
                abutter=abutter,
                article_number=f"RE{abutter.pk:09d}US",
                mailed_on=item.meeting.date - timedelta(days=21),
            )
            for item in items
            for n, abutter in enumerate(abutters.get(item.application_id, []))
            if item.status == "decided" or n % 2 == 0
        ],
        by=clerk,
    )


def _legal_notices(meetings, items, today: date, clerk) -> None:
    """Each meeting's legal notice as the drafter writes it from its docket (the applicant,
    the address, the animals and the structures of each hearing), sent and published the
    notice period before; the coming meeting's is not published yet."""
    by_meeting: dict[int, list] = {}
    loaded = (
        hearings.DocketItem.objects.filter(pk__in=[item.pk for item in items])
        .select_related("application__applicant", "application__lot")
        .prefetch_related("application__animals", "application__structures")
        .order_by("position")
    )
    for item in loaded:
        by_meeting.setdefault(item.meeting_id, []).append(item)
    notices = []
    for meeting in meetings:
        docket = by_meeting.get(meeting.pk, [])
        sent = meeting.date - timedelta(days=24)
        content = legal_notice_content("", docket, sent)
        published = meeting.date - timedelta(days=20)
        appeared = published if published <= today else None
        notices.append(
            hearings.LegalNotice(
                meeting=meeting,
                text=legal_notice_text(meeting, content),
                content=content,
                sent_on=sent,
                # In print, and the same day on the newspaper's website and the statewide
                # site (c.4 §13): a legal notice counts only with all three.
                published_on=appeared,
                website_posted_on=appeared,
                website_address=f"https://newspaper.example/legal/{meeting.date}"
                if appeared
                else "",
                statewide_posted_on=appeared,
                statewide_address=f"https://notices.example/{meeting.date}" if appeared else "",
            )
        )
    _bulk(hearings.LegalNotice, _on_record(notices, timedelta(days=30)), by=clerk)


def _add_inspections(rng, lots, today: date, agent, clerk) -> None:
    """Two inspections a lot (some coming, most done), an order on every tenth, and a
    complaint on every fiftieth."""
    rows = []
    for lot in lots:
        for n in range(2):
            status = "completed" if n == 0 else rng.choice(["scheduled", "completed"])
            day = today - timedelta(
                days=rng.randint(1, 2000) if status == "completed" else rng.randint(-14, 3)
            )
            performed = (
                timezone.now() - timedelta(days=(today - day).days)
                if status == "completed"
                else None
            )
            rows.append(
                Inspection(
                    lot=lot,
                    kind="routine",
                    agent=agent,
                    status=status,
                    scheduled_for=day,
                    performed_at=performed,
                    # A record of the past, sent from the field the day of the visit.
                    arrived_at=performed,
                )
            )
    inspections = _bulk(Inspection, rows, by=agent)
    done = [i for i in inspections if i.status == "completed"][: len(lots) // 10 + 1]
    _bulk(
        Order,
        [
            Order(
                inspection=i,
                lot_id=i.lot_id,
                citation="§20-16(6)",
                requirement="Abate the rodent infestation.",
                issued_by=agent,
                deadline=today + timedelta(days=rng.randint(-30, 30)),
            )
            for i in done
        ],
        by=agent,
    )
    _bulk(
        Complaint,
        [
            Complaint(
                lot=lot,
                complainant_name="A neighbour",
                nature="odour",
                description="Strong odour from the coop.",
                received_by=clerk,
                status="open" if n % 2 == 0 else "closed",
                received_on=today - timedelta(days=rng.randint(0, 400)),
            )
            for n, lot in enumerate(lots[::50])
        ],
        by=clerk,
    )
