"""Demo hearings, built through the actions: a pending hearing and a decided one.

`stoneham_boh.ops.demo.load_demo()` calls `load()` once, after its own records (the demo's new
hen application at 9 Collincote Street and the Greene goats at 24 Spring Street).
"""

from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.utils import timezone

from facilities import actions as facility_actions
from hearings import actions, clocks, notice_postings, notice_timing
from hearings.actions.decisions import Ruling, VarianceGranted
from hearings.meeting_notice import notice_items
from hearings.models import (
    AbutterNotice,
    BoardMember,
    BoardSeats,
    DocketItem,
    Meeting,
    MeetingAttendance,
)
from permits import actions as permit_actions
from permits import eligibility
from permits.models import DOCUMENT_FIELDS, Application
from stoneham_boh.lib import history
from stoneham_boh.lib.dates import long_date
from stoneham_boh.town.calendar import next_business_day

OUT_OF_TOWN = (
    ("Melrose", "MA", "02176"),
    ("Wakefield", "MA", "01880"),
    ("Medford", "MA", "02155"),
    ("Naples", "FL", "34102"),
    ("Concord", "NH", "03301"),
)
OWNERS = (
    "Mary and John Murphy",
    "Patricia O'Brien",
    "James DiCarlo",
    "Linda McCarthy",
    "Michael and Susan Walsh",
    "David Ferreira",
    "Nancy Nguyen",
    "Richard Kelly, Trustee",
    "Donna Russo",
    "Kevin Lombardi",
    "Carol Chen",
    "Brian and Ellen Burke",
    "Mark Costello",
    "Joseph Donovan",
    "Spring Street Realty Trust",
    "Eleanor Whitman",
)
NEAR_STREETS = ("Spring Street", "Collincote Street", "Pond Street", "Perkins Street", "Elm Street")
MEETING_TIME = time(19, 0)
# Where the demo's legal notice appeared online (c.4 §13); example addresses, not real ones.
DEMO_POSTINGS = {
    notice_postings.WEBSITE: "https://newspaper.example.org/legal-notices/board-of-health",
    notice_postings.STATEWIDE: "https://publicnotices.example.org/ma/stoneham/board-of-health",
}
# The lot of the renewal that adds goats (stoneham_boh.ops.demo), heard as a new application.
GROWING_PARCEL = "4-252-1"
# A new application with its six §20-20(1) documents and the §20-15(7), §20-16, §20-19 facts.
COMPLETE_NEW_APPLICATION = {
    "manure_method": "receptacle",
    "securely_fenced": True,
    "vermin_licensed_operator": True,
    **{field: True for field, _, _ in DOCUMENT_FIELDS},
}
TUESDAY = 1  # the Board meets on Tuesday evenings
# The Board's sessions for matters that need no hearing (approvals, the paper register's
# acceptance) are evening meetings too, at the Town's meeting place, noticed like any other.
SESSION_TIME = MEETING_TIME


def record_demo_board(users, since: date) -> None:
    """The three demo Board log-ins are the members in office, appointed by the administrator
    to a Board of three seats: a quorum is two of them. The first is the chair."""
    administrator = users["admin"]
    if BoardSeats.objects.in_force(since) is None:
        actions.set_board_seats(
            seats=3,
            effective_on=since,
            authority="Town of Stoneham General By-laws: a Board of Health of three members",
            by=administrator,
            today=since,
        )
    for key in ("board", "board2", "board3"):
        user = users[key]
        if not BoardMember.objects.filter(user=user).exists():
            actions.appoint_board_member(
                user=user,
                name=user.get_full_name(),
                appointed_on=since,
                term_start=since,
                appointing_document=f"Select Board vote of {long_date(since)}",
                chair=key == "board",
                by=administrator,
                today=since,
            )


def attend_in_person(meeting, by, on: date):
    """Every member in office attends `meeting` in person, unless its attendance is recorded."""
    if not MeetingAttendance.objects.filter(meeting=meeting).exists():
        actions.record_attendance(
            meeting=meeting,
            attendance=dict.fromkeys(BoardMember.objects.in_office(meeting.date), "in_person"),
            by=by,
            today=on,
        )


def presiding(on: date):
    """The member who records the Board's votes on `on`: its chair, else the first in office."""
    members = BoardMember.objects.in_office(on).select_related("user").order_by("-chair", "name")
    return members[0].user


def _aware(moment: datetime) -> datetime:
    return timezone.make_aware(moment) if timezone.is_naive(moment) else moment


def as_of(moment: datetime):
    """History dated at `moment` when it is past (the demo tells of records made earlier)."""
    return history.recorded_at(min(_aware(moment), timezone.now()))


def session_day(on: date) -> date:
    """The Board's session for a matter raised on `on`: that evening, or the next business
    day's when the Town's offices are closed on `on` (a weekend or a legal holiday)."""
    return next_business_day(on)


def _next_moment(meeting) -> datetime:
    """The next moment to put an item on `meeting`'s docket and post the notice listing it:
    a day before the Open Meeting Law's deadline, then ten minutes after the last posting."""
    latest = meeting.postings.order_by("posted_at", "id").last()
    if latest is None:
        deadline = clocks.oml_posting_deadline(meeting.starts_at).when
        return _aware(deadline - timedelta(days=1, minutes=10))
    return latest.posted_at + timedelta(minutes=5)


def board_session(on: date, by) -> Meeting:
    """The Board's evening meeting on the session day of `on`, put on the calendar a week
    ahead when there is none."""
    day = session_day(on)
    meeting = Meeting.objects.filter(date=day, time=SESSION_TIME, cancelled=False).first()
    if meeting is None:
        scheduled = day - timedelta(days=7)
        with as_of(datetime.combine(scheduled, time(9))):
            meeting = actions.schedule_meeting(
                on=day,
                at=SESSION_TIME,
                place=Meeting._meta.get_field("place").get_default(),
                by=by,
                today=scheduled,
            )
    return meeting


def docket_and_post(meeting, by, docket):
    """Put items on `meeting`'s docket (`docket()` does, returning them) and post the notice
    listing them in time (c.30A §20(b)): the first notice, or an amended one."""
    moment = _next_moment(meeting)
    with as_of(moment):
        docketed = docket()
    posted_at = moment + timedelta(minutes=5)
    earlier = meeting.postings.exists()
    with as_of(posted_at):
        actions.record_meeting_posting(
            meeting=meeting,
            posted_at=posted_at,
            now=posted_at + timedelta(minutes=1),
            reason="Items added to the docket." if earlier else "",
            by=by,
        )
    return docketed


def post_the_docket(meeting, by) -> None:
    """Post the meeting's notice, or an amended one, so that it lists every item on its
    docket, in time (c.30A §20(b)); nothing when the notice as posted lists them all."""
    latest = meeting.postings.order_by("posted_at", "id").last()
    listed = set(latest.item_ids) if latest is not None else set()
    if latest is not None and all(item.pk in listed for item in notice_items(meeting)):
        return
    posted_at = _next_moment(meeting) + timedelta(minutes=5)
    with as_of(posted_at):
        actions.record_meeting_posting(
            meeting=meeting,
            posted_at=posted_at,
            now=posted_at + timedelta(minutes=1),
            reason="Items added to the docket." if latest is not None else "",
            by=by,
        )


def approve_by_vote(application, subjects, on: date):
    """The Board in office approves `subjects` for `application` by a unanimous vote at its
    session for `on` (the approvals of §20-15(10), §20-16(3)(e), §20-19, §20-20(2))."""
    chair = presiding(on)
    meeting = board_session(on, chair)
    day = meeting.date
    members = [m.user for m in BoardMember.objects.in_office(day).select_related("user")]
    item = docket_and_post(
        meeting,
        chair,
        lambda: actions.request_board_approval(
            application=application, meeting=meeting, subjects=subjects, by=chair, today=on
        ),
    )
    attend_in_person(meeting, chair, day)
    return actions.record_decision(
        item=item,
        ruling=Ruling(result="approved", decided_on=day, approvals=subjects),
        votes=dict.fromkeys(members, "yes"),
        by=presiding(day),
        today=day,
    )


def accept_register_by_vote(permits, on: date, clerk):
    """The Board in office accepts entries of the paper register by a unanimous vote at its
    session for `on` (§20-20(8)): the clerk dockets them, the members attend, the chair
    records the vote, approving what an entry first permitted after 2002 is asked to."""
    meeting = board_session(on, clerk)
    day = meeting.date
    items = docket_and_post(
        meeting,
        clerk,
        lambda: actions.docket_register_entries(
            permits=permits, meeting=meeting, by=clerk, today=on
        ),
    )
    attend_in_person(meeting, clerk, day)
    members = [m.user for m in BoardMember.objects.in_office(day).select_related("user")]
    chair = presiding(day)
    return [
        actions.record_decision(
            item=item,
            ruling=Ruling(
                result="approved",
                decided_on=day,
                # What an entry first permitted after the grandfathering date needs approved.
                approvals=item.approvals_sought or (),
            ),
            votes=dict.fromkeys(members, "yes"),
            by=chair,
            today=day,
        )
        for item in items
    ]


def _tuesday_on_or_after(day: date) -> date:
    return day + timedelta(days=(TUESDAY - day.weekday()) % 7)


def _free_tuesday(day: date, *, later: bool) -> date:
    """`day`, or the nearest Tuesday after (or before) it on which the Board has no session
    yet: a hearing's meeting of its own, with its own attendance and notice."""
    step = timedelta(days=7 if later else -7)
    while Meeting.objects.filter(date=day, cancelled=False).exists():
        day += step
    return day


def _abutter_rows(rng: random.Random, count: int, parcel_block: int) -> list[dict]:
    rows = []
    for index, owner in enumerate(rng.sample(OWNERS, count)):
        if index % 4 == 3:  # the tax list gives owners' own addresses, even in another town
            city, state, zip_code = rng.choice(OUT_OF_TOWN)
            street = f"{rng.randint(10, 900)} {rng.choice(('Main', 'Lake', 'Ocean', 'Oak'))} Street"
        else:
            city, state, zip_code = "Stoneham", "MA", "02180"
            street = f"{rng.randint(2, 120)} {rng.choice(NEAR_STREETS)}"
        rows.append(
            {
                "owner_names": owner,
                "mailing_street": street,
                "mailing_city": city,
                "mailing_state": state,
                "mailing_zip": zip_code,
                "parcel_id": f"{parcel_block}-{200 + index}-{index % 7 + 1}",
            }
        )
    return rows


def _certified_list(application, rng, count, parcel_block, certified_on, by) -> None:
    facility_actions.import_abutters(
        application=application,
        rows=_abutter_rows(rng, count, parcel_block),
        certified_on=certified_on,
        source_name="Assessor's certified abutter list",
        by=by,
    )


def _article_numbers(rng: random.Random, count: int) -> list[str]:
    return [
        f"RE {rng.randint(100, 999)} {rng.randint(100, 999)} {rng.randint(100, 999)} US"
        for _ in range(count)
    ]


def _mail_everyone(item, rng, mailed_on, by) -> None:
    count = len(notice_timing.abutters_in_letter_order(item))
    actions.record_mailing_list(
        item=item,
        article_numbers=_article_numbers(rng, count),
        mailed_on=mailed_on,
        by=by,
        today=mailed_on,
    )


def _pending_hearing(today: date, users, rng: random.Random) -> None:
    clerk = users["clerk"]
    hens = Application.objects.get(lot__street_address="9 Collincote Street", kind="new")
    goats = Application.objects.get(lot__street_address="24 Spring Street", kind="new")
    _certified_list(hens, rng, 7, 4, today - timedelta(days=24), clerk)
    _certified_list(goats, rng, 9, 5, today - timedelta(days=12), clerk)
    # Put on the calendar and the docket three days ago, before the letters and the notice.
    with as_of(datetime.combine(today - timedelta(days=3), time(8))):
        meeting = actions.schedule_meeting(
            on=_free_tuesday(_tuesday_on_or_after(today + timedelta(days=20)), later=True),
            at=MEETING_TIME,
            place="Stoneham Town Hall, 35 Central Street, Hearing Room",
            by=clerk,
            today=today,
        )
        actions.schedule_hearing(
            application=hens,
            meeting=meeting,
            approvals_sought=["vermin_plan"],
            staff_recommendation="The coop meets every setback. Staff recommend approval for six "
            "hens, no roosters.",
            by=clerk,
            today=today,
        )
        actions.schedule_hearing(
            application=goats,
            meeting=meeting,
            relief_sought=["20-15.4.a"],
            approvals_sought=["vermin_plan"],
            staff_recommendation="The barn stands 38 ft from the line with the Sullivan lot, "
            "12 ft short of §20-15(4)(a). Staff suggest a solid 6-ft fence along that line as a "
            "condition of any variance.",
            by=clerk,
            today=today,
        )
        # A renewal that adds goats: heard as a new application (§20-20(3), (9)).
        grows = Application.objects.get(lot__parcel_id=GROWING_PARCEL, status="received")
        _certified_list(grows, rng, 6, 6, today - timedelta(days=5), clerk)
        actions.schedule_hearing(
            application=grows,
            meeting=meeting,
            staff_recommendation=(
                "A renewal for six hens that now asks for two goats as well: more than the permit "
                "allows, so it is heard as a new application."
                if grows.kind == Application.Kind.RENEWAL
                else "Six hens are permitted here; the keeper asks for two goats as well, before "
                "the renewal window opens, by a new application for the whole keeping."
            ),
            by=clerk,
            today=today,
        )
    # The letters go out once the parcel map is loaded and the plans drawn (mail_letters).
    actions.draft_legal_notice(meeting=meeting, by=clerk)
    _posted(meeting, today, 9, clerk)


def _decided_hearing(today: date, users, rng: random.Random) -> None:
    """A new duck and hen application heard five weeks ago, approved with a variance, issued."""
    clerk, board = users["clerk"], users["board"]
    heard_on = _free_tuesday(_tuesday_on_or_after(today - timedelta(days=38)), later=False)
    received_on = heard_on - timedelta(days=40)
    lot = facility_actions.create_lot(
        parcel_id="3-415-2",
        street_address="61 Perkins Street",
        area_acres=Decimal("0.6"),
        zoning_district="RA",
        percolation_min_per_inch=Decimal("8"),
        by=clerk,
    )
    applicant = permit_actions.create_applicant(
        name="Ellen Costello",
        mailing_street="61 Perkins Street",
        mailing_zip="02180",
        phone="(781) 438-5520",
        email="ellen.costello@example.org",
        by=clerk,
    )
    application = permit_actions.create_application(
        applicant=applicant,
        lot=lot,
        by=clerk,
        **COMPLETE_NEW_APPLICATION,
    )
    permit_actions.set_animals(application=application, by=clerk, animals={"duck": 5, "chicken": 4})
    permit_actions.add_structure(
        application=application,
        by=clerk,
        label="C1",
        kind="coop",
        area_sqft=Decimal("60"),
        potable_water=True,
        distance_property_line_ft=Decimal("41"),
        distance_sewage_disposal_ft=Decimal("35"),
        distance_public_way_ft=Decimal("90"),
        distance_dwelling_ft=Decimal("50"),
    )
    permit_actions.add_structure(
        application=application,
        by=clerk,
        label="M1",
        kind="manure_storage",
        area_sqft=Decimal("12"),
        distance_dwelling_ft=Decimal("110"),
        distance_lot_line_ft=Decimal("20"),
    )
    permit_actions.submit_application(application=application, received_on=received_on, by=clerk)
    permit_actions.record_payment(
        application=application,
        amount=eligibility.fee_due(application),
        received_on=received_on,
        method="check",
        reference="#1874",
        by=clerk,
    )
    _certified_list(application, rng, 8, 6, received_on - timedelta(days=6), clerk)
    scheduled_on = heard_on - timedelta(days=30)
    with as_of(datetime.combine(scheduled_on, time(10))):
        meeting = actions.schedule_meeting(
            on=heard_on,
            at=MEETING_TIME,
            place="Stoneham Town Hall, 35 Central Street",
            by=clerk,
            today=scheduled_on,
        )
        item = actions.schedule_hearing(
            application=application,
            meeting=meeting,
            relief_sought=["20-15.4.a"],
            approvals_sought=["vermin_plan"],
            staff_recommendation="The coop is 41 ft from the rear line; the abutter behind is "
            "wooded conservation land. Staff recommend a variance with screening.",
            by=clerk,
            today=scheduled_on,
        )
    _posted(meeting, heard_on - timedelta(days=7), 10, clerk)
    with as_of(datetime.combine(scheduled_on + timedelta(days=1), time(10))):
        actions.draft_legal_notice(meeting=meeting, by=clerk)
    actions.send_legal_notice(
        meeting=meeting,
        sent_on=heard_on - timedelta(days=22),
        by=clerk,
        today=scheduled_on + timedelta(days=8),
    )
    actions.record_publication(
        meeting=meeting,
        published_on=heard_on - timedelta(days=16),
        by=clerk,
        today=heard_on - timedelta(days=16),
    )
    for site in (notice_postings.WEBSITE, notice_postings.STATEWIDE):
        notice_postings.record_online_posting(
            meeting=meeting,
            site=site,
            posted_on=heard_on - timedelta(days=16),
            address=DEMO_POSTINGS[site],
            by=clerk,
            today=heard_on - timedelta(days=16),
        )
    _mail_everyone(item, rng, heard_on - timedelta(days=18), clerk)
    for notice in AbutterNotice.objects.filter(docket_item=item).order_by("id")[:6]:
        actions.mark_receipt_returned(
            notice=notice,
            returned_on=heard_on - timedelta(days=rng.randint(9, 14)),
            by=clerk,
            today=heard_on,
        )
    # One member took part by video, so every vote of the meeting is a roll call.
    roll = {m.user_id: m for m in BoardMember.objects.in_office(heard_on)}
    actions.record_attendance(
        meeting=item.meeting,
        attendance={
            roll[users["board"].pk]: "in_person",
            roll[users["board2"].pk]: "in_person",
            roll[users["board3"].pk]: ("remote", "Out of town on family business"),
        },
        by=clerk,
        today=heard_on,
    )
    variance = VarianceGranted(
        rules=["20-15.4.a"],
        finding="The coop stands where the only level, drained ground of the lot is; moving it "
        "9 ft would cost the applicant the use of the keeping while protecting no one, since "
        "the land behind it is unbuilt conservation woodland.",
        conditions="The coop stays where the plan shows it, 41 ft from the rear line, screened "
        "by a solid fence at least 6 ft high along that line.",
        expires_on=date(heard_on.year + 3, 12, 31),
    )
    actions.record_decision(
        item=item,
        ruling=Ruling(
            result="approved",
            decided_on=heard_on,
            conditions="No more than five ducks and four hens; no roosters (§20-15(11)).",
            reasons="The rear abutter's land is wooded and unbuilt; the coop cannot be moved "
            "further from the line without crossing the septic area.",
            variance=variance,
            approvals=["vermin_plan"],
        ),
        votes={users["board"]: "yes", users["board2"]: "yes", users["board3"]: "no"},
        by=board,
        today=heard_on,
    )
    _pay_for_the_notice(item, clerk, heard_on + timedelta(days=2))
    permit_actions.issue_permit(application=application, by=clerk, on=heard_on + timedelta(days=3))
    _draft_minutes(item, heard_on, clerk)


def _pay_for_the_notice(item, clerk, on: date) -> None:
    """The newspaper's bill for the hearing's share of the notice, then the applicant's check
    for the notice (§20-20(9): "at the applicant's expense"), which the permit waits for."""
    actions.record_newspaper_charge(item=item, amount=Decimal("68.40"), by=clerk)
    application = item.application
    balance = eligibility.fee_due(application) - eligibility.amount_paid(application)
    permit_actions.record_payment(
        application=application,
        amount=balance,
        received_on=on,
        method="check",
        reference="Check 1187 (notice of the hearing)",
        by=clerk,
    )


def _posted(meeting, day: date, hour: int, clerk, **extra) -> None:
    """The meeting's Open Meeting Law notice, posted by the Town Clerk at `hour` on `day`."""
    posted_at = _aware(datetime.combine(day, time(hour)))
    with as_of(posted_at):
        actions.record_meeting_posting(
            meeting=meeting,
            posted_at=posted_at,
            now=posted_at + timedelta(hours=1),
            by=clerk,
            **extra,
        )


def _draft_minutes(item, heard_on: date, clerk) -> None:
    """The minutes of the heard meeting: drafted two days after, the clerk's summaries in,
    awaiting the Board's approval."""
    minutes = actions.draft_minutes(meeting=item.meeting, by=clerk, today=heard_on + timedelta(2))
    actions.edit_minutes(
        minutes=minutes,
        discussion="The chair called the meeting to order at 7:00 p.m. and announced that "
        "one member took part by video; every vote was taken by roll call.",
        item_summaries={
            item.pk: "Ms. Costello presented the plan. The abutter behind the lot wrote in "
            "support; no one spoke against. Members asked about screening along the rear line."
        },
        by=clerk,
    )


def keep_the_minutes(*, today: date, clerk) -> None:
    """The minutes of each meeting held that has none: drafted the next morning and approved
    by the members present at the Board's next meeting held (c.30A §22, 940 CMR 29.11), as a
    Board keeps them. The hearing's own draft awaits approval as the story has it, unless the
    demo is loaded on a day by which it would be late (then it was approved too)."""
    held = list(Meeting.objects.filter(cancelled=False, date__lt=today).order_by("date", "time"))
    for meeting in held:
        minutes = getattr(meeting, "minutes", None)
        if minutes is not None and not clocks.minutes_approval_overdue(meeting, today):
            continue
        later = next((m for m in held if m.date > meeting.date), None)
        if later is None:
            continue  # not due before the Board meets again
        # Recorded as the demo is loaded (not dated back): the audit reads each vote against
        # the Board's roll as it was on record when the vote was.
        if minutes is None:
            drafted_on = min(meeting.date + timedelta(days=1), later.date)
            minutes = actions.draft_minutes(meeting=meeting, by=clerk, today=drafted_on)
        # The approving meeting noticed in time, as every vote's meeting is (c.30A §20(b)).
        post_the_docket(later, clerk)
        attend_in_person(later, clerk, later.date)
        present = MeetingAttendance.objects.filter(meeting=later).select_related("member__user")
        actions.approve_minutes(
            minutes=minutes,
            at_meeting=later,
            votes={row.member.user: "yes" for row in present if row.present},
            by=presiding(later.date),
            today=later.date,
        )


def load(*, today: date, users, rng: random.Random) -> None:
    """The hearings up to the letters of the coming one: `mail_letters` sends those once the
    parcel map is loaded and the plans drawn (stoneham_boh.ops.demo)."""
    _decided_hearing(today, users, rng)
    _pending_hearing(today, users, rng)


def mail_letters(*, today: date, users, rng: random.Random) -> None:
    """The coming hearing's letters, mailed yesterday, describing the request as the Board will
    hear it: with its plan drawn on the map. Letters mailed before the plan would describe the
    typed figures only, and the plan drawn since would read as an enlargement of the request
    (§20-20(9)) that nobody asked for, so that the hearing could never be decided."""
    hens = Application.objects.get(lot__street_address="9 Collincote Street", kind="new")
    item = hens.docket_items.get(status=DocketItem.Status.SCHEDULED)
    _mail_everyone(item, rng, today - timedelta(days=1), users["clerk"])
