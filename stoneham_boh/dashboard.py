"""What each role's home page shows: the work that needs that person's attention.

Each section is a small, bounded query (at most a handful of rows plus a count), so a
home page costs the same whether the archive holds ten records or ten thousand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.conf import settings
from django.db.models import Count, Exists, OuterRef, Q
from django.urls import reverse

from hearings.models import DocketItem, Meeting
from inspections.models import Complaint, Inspection, Order
from permits.models import Application, Document, Payment, Permit, permit_expiry
from permits.portal.models import AccountLink, DetailsChange, RenewalRequest
from records.models import RecordsRequest
from records.readings import open_requests
from stoneham_boh.lib.dates import weekday_date

SECTION_LIMIT = 8


@dataclass
class Section:
    title: str
    rows: list = field(default_factory=list)
    total: int = 0
    empty: str = ""
    template: str = ""
    more_url: str = ""
    # The applicant's own records link to the portal's pages, not the staff's.
    own: bool = False
    # A page the section leads to whether or not it has rows (the menu has no room for it).
    action_url: str = ""
    action_label: str = ""


def clerk_sections(today: date) -> list[Section]:
    # A document an applicant sent to a received application waits for the clerk's check
    # (until accepted it does not count toward §20-20(1)): its application comes first, even
    # one awaiting its hearing. Read in the section's own queries.
    to_check = Exists(
        Document.objects.filter(
            application=OuterRef("pk"), supplement=True, accepted_at__isnull=True, voided=False
        )
    )
    needing_attention = (
        (
            Application.objects.needing_attention()
            | Application.objects.filter(to_check, status=Application.Status.AWAITING_HEARING)
        )
        .exclude(status=Application.Status.SUBMITTED)
        .annotate(documents_to_check=to_check)
        .select_related("applicant", "lot")
    )
    submitted = (
        Application.objects.filter(status=Application.Status.SUBMITTED)
        .select_related("applicant", "lot")
        .order_by("submitted_online_at")
    )
    expiring = Permit.objects.expiring_on(permit_expiry(today.year))
    return [
        Section(
            "Submitted online",
            list(submitted[:SECTION_LIMIT]),
            submitted.count(),
            "No application sent online is waiting for review.",
            "_partials/dashboard/submitted_online.html",
        ),
        Section(
            "Applications needing attention",
            mark_long_undecided(
                first_rows(needing_attention, "-documents_to_check", "status", "received_on"),
                today,
            ),
            needing_attention.count(),
            "No application is waiting. Start a new application when one arrives at the counter.",
            "_partials/dashboard/applications.html",
        ),
        Section(
            f"Permits expiring December 31, {today.year}, not yet renewed",
            list(expiring.select_related("holder", "lot").order_by("number")[:SECTION_LIMIT]),
            expiring.count(),
            "Every permit expiring this year has a renewal under way.",
            "_partials/dashboard/permits.html",
        ),
        renewal_requests_section(),
        account_links_section(),
        details_changes_section(),
        records_requests_section(),
        upcoming_meetings_section(today),
        payments_today_section(today),
    ]


def rows_and_total(queryset, limit: int = SECTION_LIMIT) -> tuple[list, int]:
    """A section's first rows and how many there are in all: the count costs a query only
    when the rows do not all fit (a section most days empty, or short, reads once)."""
    rows = list(queryset[: limit + 1])
    if len(rows) <= limit:
        return rows, len(rows)
    return rows[:limit], queryset.count()


def payments_today_section(today: date) -> Section:
    """What the clerk turns over to the Treasurer at the end of the day."""
    taken = Payment.objects.filter(received_on=today, voided=False)
    rows, total = rows_and_total(taken.select_related("application__applicant").order_by("-id"))
    return Section(
        "Payments received today",
        rows,
        total,
        "No payment recorded today.",
        "_partials/dashboard/payments.html",
        more_url=reverse("permits:payments-day"),
    )


def records_requests_section() -> Section:
    """Open public records requests with the day each response is due (c.66 §10)."""
    rows = open_requests(limit=SECTION_LIMIT + 1)
    if len(rows) > SECTION_LIMIT:
        waiting = RecordsRequest.objects.filter(responded_on__isnull=True)
        rows, total = rows[:SECTION_LIMIT], waiting.count()
    else:
        total = len(rows)
    return Section(
        "Public records requests open",
        rows,
        total,
        "No public records request is waiting for its response.",
        "_partials/dashboard/records_requests.html",
        reverse("records:request-list"),
        action_url=reverse("records:request-list"),
        action_label="Records requests and retention",
    )


def details_changes_section() -> Section:
    waiting = DetailsChange.objects.pending()
    return Section(
        "Residents' changes of their details",
        list(waiting.select_related("applicant")[:SECTION_LIMIT]),
        waiting.count(),
        "No resident has asked to change their name or address.",
        "_partials/dashboard/details_changes.html",
    )


def account_links_section() -> Section:
    waiting = AccountLink.objects.pending()
    return Section(
        "Sign-ups to match with applicants on file",
        list(waiting.select_related("applicant")[:SECTION_LIMIT]),
        waiting.count(),
        "No signed-up account waits to be matched with an applicant on file.",
        "_partials/dashboard/account_links.html",
    )


def renewal_requests_section() -> Section:
    waiting = RenewalRequest.objects.pending()
    return Section(
        "Online renewal requests waiting",
        list(
            waiting.select_related("permit__holder", "permit__lot").order_by("submitted_at")[
                :SECTION_LIMIT
            ]
        ),
        waiting.count(),
        "No holder has asked online for a renewal that is not yet under way.",
        "_partials/dashboard/renewal_requests.html",
        reverse("permits:renewal-list"),
    )


def mark_long_undecided(applications: list, today: date) -> list:
    """Flag each received application still undecided more than UNDECIDED_APPLICATION_DAYS
    after its receipt (`undecided_days`, None otherwise): the Board owes the applicant a
    decision."""
    for application in applications:
        days = (today - application.received_on).days if application.received_on else 0
        undecided = application.status == Application.Status.RECEIVED
        application.undecided_days = (
            days if undecided and days > settings.UNDECIDED_APPLICATION_DAYS else None
        )
    return applications


def first_rows(queryset, *ordering: str) -> list:
    """The first SECTION_LIMIT rows of `queryset` in `ordering`, chosen in their own table
    before any join: PostgreSQL joined the applicant and lot of every open application (1,500
    in the benchmark) before sorting them to keep eight."""
    chosen = queryset.order_by(*ordering).values("pk")[:SECTION_LIMIT]
    return list(queryset.filter(pk__in=chosen).order_by(*ordering))


def upcoming_meetings_section(today: date) -> Section:
    meetings = (
        Meeting.objects.filter(date__gte=today, cancelled=False)
        .annotate(item_count=Count("items", filter=~Q(items__status=DocketItem.Status.WITHDRAWN)))
        .order_by("date", "time")
    )
    return Section(
        "Coming Board meetings",
        list(meetings[:SECTION_LIMIT]),
        meetings.count(),
        "No meeting is scheduled. Schedule one to put new applications on the docket.",
        "_partials/dashboard/meetings.html",
    )


def agent_sections(today: date, user) -> list[Section]:
    due = Inspection.objects.filter(
        status=Inspection.Status.SCHEDULED, scheduled_for__lte=today
    ).filter(Q(agent=user) | Q(agent__isnull=True))
    overdue_orders = Order.objects.filter(status=Order.Status.OPEN, deadline__lt=today)
    open_complaints = Complaint.objects.filter(status=Complaint.Status.OPEN)
    return [
        Section(
            "Inspections due today or overdue",
            list(due.select_related("lot").order_by("scheduled_for")[:SECTION_LIMIT]),
            due.count(),
            "Nothing is due. Scheduled inspections appear here on their day.",
            "_partials/dashboard/inspections.html",
        ),
        Section(
            "Orders past their deadline",
            list(overdue_orders.select_related("lot").order_by("deadline")[:SECTION_LIMIT]),
            overdue_orders.count(),
            "No order is overdue.",
            "_partials/dashboard/orders.html",
        ),
        Section(
            "Open complaints",
            list(open_complaints.select_related("lot").order_by("received_on")[:SECTION_LIMIT]),
            open_complaints.count(),
            "No complaint is waiting for an inspection.",
            "_partials/dashboard/complaints.html",
        ),
    ]


def board_sections(today: date) -> list[Section]:
    next_meeting = (
        Meeting.objects.filter(date__gte=today, cancelled=False).order_by("date", "time").first()
    )
    items = []
    total = 0
    if next_meeting is not None:
        docket = next_meeting.items.exclude(status=DocketItem.Status.WITHDRAWN).select_related(
            "application__applicant", "application__lot"
        )
        items = list(docket[:SECTION_LIMIT])
        total = docket.count()
    title = (
        f"Docket for {weekday_date(next_meeting.date)}" if next_meeting else "Next meeting's docket"
    )
    return [
        Section(
            title,
            items,
            total,
            "No hearing is on the docket. The clerk schedules hearings as applications arrive.",
            "_partials/dashboard/docket.html",
        )
    ]


def applicant_sections(user) -> list[Section]:
    applicant = getattr(user, "applicant", None)
    if applicant is None and user.account_links.filter(status="pending").exists():
        return [
            Section(
                "Your applications",
                empty=(
                    "The Board's office has a record under your e-mail address and is checking "
                    "that it is yours. Your applications and permits appear here once it has; "
                    "the office may call you."
                ),
                template="_partials/dashboard/applications.html",
            )
        ]
    if applicant is None:
        return [
            Section(
                "Your applications",
                empty="No application is linked to your account yet. Call the Board's office.",
                template="_partials/dashboard/applications.html",
            )
        ]
    # The same records as the applicant's own lists (permits.models: seen_by_*).
    applications = (
        Application.objects.seen_by_applicant(user)
        .select_related("lot")
        .order_by("-received_on", "-id")
    )
    permits = (
        Permit.objects.seen_by_holder(user).select_related("lot").order_by("-year", "-sequence")
    )
    return [
        Section(
            "Your applications",
            list(applications[:SECTION_LIMIT]),
            applications.count(),
            "You have no application on file.",
            "_partials/dashboard/applications.html",
            own=True,
        ),
        Section(
            "Your permits",
            list(permits[:SECTION_LIMIT]),
            permits.count(),
            "You hold no permit yet.",
            "_partials/dashboard/permits.html",
            own=True,
        ),
        *_own_details_change(applicant),
    ]


def _own_details_change(applicant) -> list[Section]:
    change = applicant.details_changes.filter(status="pending").first()
    if change is None:
        return []
    return [
        Section(
            "Your change of details",
            empty=(
                "The Board's office has your change of "
                + ", ".join(label for label, _, _ in change.lines)
                + " and will confirm it; until then your record, and your permits, read as "
                "before."
            ),
            template="_partials/dashboard/applications.html",
        )
    ]


def administrator_sections(now) -> list[Section]:
    """The administrator's own: whether the records are backed up (the backup_data command,
    run by the server's schedule, notes each run)."""
    # late: the backup module brings django.test and tarfile (50 ms) into every web
    # process; only the administrator's dashboard reads it
    from stoneham_boh.ops.backup import last_run

    run = last_run()
    if run is not None:
        run["age_hours"] = (now - run["created_at"]).total_seconds() / 3600
        run["stale"] = run["age_hours"] > settings.BACKUP_STALE_HOURS
        run["stale_hours"] = settings.BACKUP_STALE_HOURS
    return [
        Section(
            "Backups",
            [run] if run else [],
            0,
            "No backup has been recorded on this server. Run "
            "“python manage.py backup_data /path/to/archive.tar.gz” (daily, from the "
            "server's schedule) and keep the archive off the server.",
            "_partials/dashboard/backup.html",
        )
    ]
