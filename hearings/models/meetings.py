"""The Board's meetings, their attendance and their Open Meeting Law postings
(hearings.actions.meetings, attendance); the notice a hearing on a day requires (§20-20(9))."""

from __future__ import annotations

from datetime import date, datetime

from django.conf import settings
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from hearings.models.board import BoardMember
from permits.rules.notice_timing import last_day_to_give
from stoneham_boh.lib.dates import long_date
from stoneham_boh.town import defaults as town_defaults


def notice_days(hearing_date: date) -> int:
    """§20-20(9): days of notice required before a hearing, from the ruleset then in force."""
    # late: the ruleset in force is tier 3 (it reads the amendments' records); a model calls it
    # only from inside itself, as the tiers allow (tests/stoneham_boh/test_layering.py).
    from hearings.ruleset_in_force import ruleset_on

    spec = ruleset_on(hearing_date).rules["20-20.9"]
    return int(spec.value("notice_days"))


class MeetingQuerySet(models.QuerySet):
    def upcoming(self, today: date):
        return self.filter(date__gte=today, cancelled=False).order_by("date", "time")

    def past(self, today: date):
        return self.filter(date__lt=today).order_by("-date", "-time")


class Meeting(models.Model):
    """A meeting of the Board at which hearings are held."""

    date = models.DateField(db_index=True)
    time = models.TimeField()
    place = models.CharField(max_length=200, default=town_defaults.meeting_place)
    notes = models.TextField(blank=True)
    # An emergency meeting (c.30A §18: a sudden, generally unexpected occurrence demanding
    # immediate action) is noticed as soon as reasonably possible before it rather than 48
    # hours ahead (§20(b)), and takes up only the emergency. Declared when the meeting is put
    # on the calendar and never afterwards: a late posting is not cured by calling the meeting
    # an emergency (hearings.open_meeting, permits.audit.open_meeting).
    emergency = models.TextField(
        "the emergency",
        blank=True,
        help_text="Only for an emergency meeting: the emergency that demands immediate action.",
    )
    cancelled = models.BooleanField(default=False)
    history = HistoricalRecords()

    objects = MeetingQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-time"]

    def __str__(self) -> str:
        kind = "Emergency meeting" if self.is_emergency else "Board meeting"
        return f"{kind} {long_date(self.date)}"

    @property
    def is_emergency(self) -> bool:
        return bool(self.emergency.strip())

    @property
    def notice_counts_until(self) -> date:
        """The last day a notice given still gives the §20-20(9) days: the hearing's date less
        the ruleset's days, calendar days, the day of the hearing excluded (as the rules judge)."""
        return last_day_to_give(self.date, notice_days(self.date))

    @property
    def notice_clock(self):
        """The last business day to give the notices (hearings.clocks.abutter_notice_deadline):
        the day above, moved earlier when the Town's offices are closed on it."""
        # late: the clocks are tier 3 and import these models; a model calls them only from inside.
        from hearings.clocks import abutter_notice_deadline

        return abutter_notice_deadline(self.date)

    @property
    def last_notice_day(self) -> date:
        """The last day on which notices can go out and still give the notice §20-20(9) asks."""
        return self.notice_clock.when

    def notice_deadline_passed(self, today: date) -> bool:
        return self.last_notice_day < today

    @property
    def starts_at(self) -> datetime:
        return datetime.combine(self.date, self.time)


class MeetingAttendance(models.Model):
    """Who of the Board attended a meeting, and how (M.G.L. c.30A §20(d), 940 CMR 29.10).

    One row per member in office on the meeting's day: in person, remotely (with the reason
    the chair announced), or absent. The quorum is counted from this record; when anyone took
    part remotely every vote of the meeting is a roll call.
    """

    class Mode(models.TextChoices):
        IN_PERSON = "in_person", "In person"
        REMOTE = "remote", "Remotely"
        ABSENT = "absent", "Absent"

    meeting = models.ForeignKey(Meeting, on_delete=models.PROTECT, related_name="attendance")
    member = models.ForeignKey(BoardMember, on_delete=models.PROTECT, related_name="attendance")
    mode = models.CharField(max_length=10, choices=Mode.choices)
    remote_reason = models.CharField(
        "reason for taking part remotely",
        max_length=300,
        blank=True,
        help_text="940 CMR 29.10: why the member took part remotely, as stated in the minutes.",
    )
    history = HistoricalRecords()

    PRESENT = (Mode.IN_PERSON, Mode.REMOTE)

    class Meta:
        ordering = ["meeting", "member__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["meeting", "member"], name="one_attendance_per_member_per_meeting"
            ),
            models.CheckConstraint(
                condition=~Q(mode="remote") | ~Q(remote_reason=""),
                name="remote_attendance_gives_its_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member}: {self.get_mode_display()} at {self.meeting}"

    @property
    def present(self) -> bool:
        return self.mode in self.PRESENT


class MeetingPosting(models.Model):
    """One posting of a meeting's Open Meeting Law notice by the Town Clerk (c.30A §20): the
    first, or a later amendment. The text is the notice as posted; what it listed is kept."""

    meeting = models.ForeignKey(Meeting, on_delete=models.PROTECT, related_name="postings")
    posted_at = models.DateTimeField("posted by the Town Clerk at")
    text = models.TextField()
    remote_access = models.CharField(
        "remote access", max_length=300, blank=True, help_text="The link or dial-in, if any."
    )
    item_ids = models.JSONField(default=list, editable=False)
    reason = models.TextField(
        "reason for the amendment", blank=True, help_text="Blank for the first posting."
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["meeting", "posted_at", "id"]

    def __str__(self) -> str:
        kind = "Amended notice" if self.reason else "Notice"
        return f"{kind} of {self.meeting}, posted {self.posted_at:%Y-%m-%d %H:%M}"

    @property
    def recorded_at(self) -> datetime | None:
        """When the posting was recorded (its first history row): shown beside the time typed
        for it, wherever the law reads that time (issue 38, L3)."""
        first = self.history.order_by("history_date").values_list("history_date", flat=True)[:1]
        return first[0] if first else None
