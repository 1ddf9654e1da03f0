"""Public hearings (§20-20(9)), their notices, the Board's decisions and variances (§20-21)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from simple_history.models import HistoricalRecords

from permits.rules.notice_timing import last_day_to_give
from stoneham_boh.lib.corrections import MistakeCorrected
from stoneham_boh.lib.dates import long_date
from stoneham_boh.town import defaults as town_defaults


def notice_days(hearing_date: date) -> int:
    """§20-20(9): days of notice required before a hearing, from the ruleset then in force."""
    from permits.amendments.in_force import ruleset_on

    spec = ruleset_on(hearing_date).rules["20-20.9"]
    return int(spec.value("notice_days"))


class BoardMemberQuerySet(models.QuerySet):
    def in_office(self, day: date):
        """The members whose term covers `day`: the Board whose majority is a quorum."""
        return self.filter(term_start__lte=day).filter(
            Q(term_end__isnull=True) | Q(term_end__gte=day)
        )


class BoardSeatsQuerySet(models.QuerySet):
    def in_force(self, day: date):
        """The Board's full membership on `day`: the last number of seats recorded for it."""
        return self.filter(effective_on__lte=day).order_by("-effective_on", "-id").first()


class BoardSeats(models.Model):
    """How many seats the Board has: its full membership, which a quorum is a majority of
    (M.G.L. c.30A §18, "a simple majority of the members of the public body"), whoever is in
    office. Recorded by the administrator from the town's by-law or charter."""

    seats = models.PositiveSmallIntegerField()
    effective_on = models.DateField("in force from")
    authority = models.CharField(
        max_length=300, help_text="The by-law, charter or vote that sets the number of seats."
    )
    history = HistoricalRecords()

    objects = BoardSeatsQuerySet.as_manager()

    class Meta:
        ordering = ["-effective_on", "-id"]
        verbose_name_plural = "board seats"
        constraints = [
            models.CheckConstraint(condition=Q(seats__gte=1), name="board_has_a_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.seats} seats from {self.effective_on}"


class BoardMember(models.Model):
    """A member's appointment to the Board of Health for a term; votes are counted against the
    members in office, the quorum against the Board's full membership (BoardSeats)."""

    name = models.CharField(max_length=120, help_text="As printed on the Board's decisions.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="board_terms"
    )
    appointed_on = models.DateField("appointed on", null=True)
    appointing_document = models.CharField(
        "appointing document",
        max_length=300,
        blank=True,
        help_text="The vote or letter of appointment, e.g. Select Board vote of May 4, 2027.",
    )
    chair = models.BooleanField(
        default=False, help_text="The chair records the Board's roll-call votes."
    )
    term_start = models.DateField("term begins")
    term_end = models.DateField("term ends", null=True, blank=True, help_text="Blank: open.")
    term_end_reason = models.CharField("why the term ends", max_length=300, blank=True)
    history = HistoricalRecords()

    objects = BoardMemberQuerySet.as_manager()

    class Meta:
        ordering = ["name", "term_start"]
        constraints = [
            models.CheckConstraint(
                condition=Q(term_end__isnull=True) | Q(term_end__gte=models.F("term_start")),
                name="board_term_ends_after_it_begins",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def in_office_on(self, day: date) -> bool:
        return self.term_start <= day and (self.term_end is None or self.term_end >= day)


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


class DocketItem(models.Model):
    """An application or variance request heard at a meeting."""

    class Kind(models.TextChoices):
        NEW_APPLICATION = "new_application", "New application"
        VARIANCE_REQUEST = "variance_request", "Variance request"
        BOARD_APPROVAL = "board_approval", "Board approval"
        REVOCATION = "revocation", "Revocation proceeding"
        VARIANCE_RESCISSION = "variance_rescission", "Rescission of a variance"
        REGISTER_ACCEPTANCE = "register_acceptance", "Acceptance of a paper-register permit"

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        DECIDED = "decided", "Decided"
        CONTINUED = "continued", "Continued"
        WITHDRAWN = "withdrawn", "Withdrawn"

    meeting = models.ForeignKey(Meeting, on_delete=models.PROTECT, related_name="items")
    application = models.ForeignKey(
        "permits.Application", on_delete=models.PROTECT, related_name="docket_items"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.SCHEDULED)
    position = models.PositiveSmallIntegerField(default=1)
    relief_sought = models.JSONField(
        default=list, blank=True, help_text="Rule ids the applicant asks the Board to vary."
    )
    approvals_sought = models.JSONField(
        default=list,
        blank=True,
        help_text="What the Board is asked to approve (BoardApproval.Subject values).",
    )
    variance = models.ForeignKey(
        "Variance",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="rescission_items",
        help_text="The variance the Board is asked to rescind.",
    )
    staff_recommendation = models.TextField(blank=True)
    continued_from = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="continued_to"
    )
    # A hearing continued to a date announced at a properly noticed hearing keeps that
    # hearing's notice: no new mailing or legal notice is needed (§20-20(9)).
    notice_carried = models.BooleanField(default=False)
    # The keeping as the abutters' letters described it when they were mailed: the rules'
    # facts of the application on each mailing day that described it differently
    # ([{"mailed_on": "2030-03-12", "facts": {...}}], permits.keeping); the Board decides
    # only what every letter noticed.
    noticed_facts = models.JSONField(default=list, blank=True, editable=False)
    history = HistoricalRecords()

    # Items the regulation hears in public, with abutters' letters and the legal notice
    # (§20-20(9)); the Board's other matters are decided at the meeting without them.
    PUBLIC_HEARING_KINDS = (Kind.NEW_APPLICATION, Kind.VARIANCE_REQUEST)

    class Meta:
        ordering = ["meeting", "position", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.application} at {self.meeting}"

    @property
    def scheduled_on(self) -> date | None:
        """The day the hearing was put on the docket: no letter about it went out before."""
        return _first_recorded_day(self)

    @property
    def is_public_hearing(self) -> bool:
        return self.kind in self.PUBLIC_HEARING_KINDS


class LegalNotice(models.Model):
    """The legal notice of a meeting's hearings in a local newspaper."""

    meeting = models.OneToOneField(Meeting, on_delete=models.PROTECT, related_name="legal_notice")
    text = models.TextField()
    newspaper = models.CharField(max_length=120, default=town_defaults.newspaper_name)
    # Once sent to the newspaper the text is what the public read: it is no longer edited.
    sent_on = models.DateField("sent to the newspaper on", null=True, blank=True)
    # The address it was e-mailed to, as a PDF, when it went by e-mail (blank: sent by hand).
    emailed_to = models.EmailField("e-mailed to", blank=True, editable=False)
    published_on = models.DateField(null=True, blank=True)
    # What the notice says of each hearing, as structured facts (hearings.notice_content): for each
    # docket item the applicant, the address, the animals and the structures asked for, the
    # rules' facts of the keeping when it was written or sent, and what the text fails to
    # name ("gaps"). An item the text does not fully name is not noticed by it (§20-20(9)).
    content = models.JSONField(null=True, blank=True, editable=False)
    # M.G.L. c.4 §13: the notice also appears on the newspaper's website and on the statewide
    # public-notice site; each is recorded with its day and its address (or a proof uploaded).
    website_posted_on = models.DateField(
        "posted on the newspaper's website on", null=True, blank=True
    )
    website_address = models.URLField(
        "address on the newspaper's website", max_length=500, blank=True
    )
    statewide_posted_on = models.DateField(
        "posted on the statewide public-notice site on", null=True, blank=True
    )
    statewide_address = models.URLField(
        "address on the statewide public-notice site", max_length=500, blank=True
    )
    history = HistoricalRecords()

    def __str__(self) -> str:
        return f"Legal notice for {self.meeting}"

    @property
    def missing_postings(self) -> list[str]:
        """Which of c.4 §13's three appearances is not recorded (empty: all three are)."""
        missing = []
        if self.published_on is None:
            missing.append("the newspaper's print edition")
        if self.website_posted_on is None:
            missing.append("the newspaper's website")
        if self.statewide_posted_on is None:
            missing.append("the statewide public-notice site")
        return missing

    @property
    def all_three_recorded(self) -> bool:
        return not self.missing_postings

    @property
    def drafted_on(self) -> date | None:
        """The day the notice was first drafted: it cannot have been sent or printed before."""
        return _first_recorded_day(self)


class LegalNoticeProof(models.Model):
    """A proof that the legal notice appeared: the tear sheet of the print edition, the
    publisher's affidavit, or a capture of a posting online (M.G.L. c.4 §13). Kept privately
    with the hearing's notice; voided with a reason, never deleted."""

    class Kind(models.TextChoices):
        TEAR_SHEET = "tear_sheet", "Tear sheet of the print edition"
        AFFIDAVIT = "affidavit", "Publisher's affidavit"
        WEBSITE = "website", "Capture of the newspaper's website posting"
        STATEWIDE = "statewide", "Capture of the statewide site's posting"

    legal_notice = models.ForeignKey(LegalNotice, on_delete=models.PROTECT, related_name="proofs")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    file = models.FileField(upload_to="notice-proofs/%Y/%m/")
    original_name = models.CharField(max_length=255)
    content_type = models.CharField(max_length=100)
    size_bytes = models.PositiveIntegerField()
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    uploaded_at = models.DateTimeField(default=timezone.now)
    voided = models.BooleanField(default=False)
    void_reason = models.CharField(max_length=200, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["legal_notice", "kind", "uploaded_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.original_name}"


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


class MinutesQuerySet(models.QuerySet):
    def published(self):
        """Approved, and no member's unsettled dispute of the approval's roll call could change
        its result (hearings.motions): until the Board settles it, the minutes wait."""
        from hearings import motions

        disputed = Minutes.objects.filter(approval_roll__disputed_at__isnull=False).distinct()
        doubtful = [minutes.pk for minutes in disputed if motions.in_doubt(minutes)]
        return self.filter(approved_on__isnull=False).exclude(pk__in=doubtful)


class Minutes(models.Model):
    """The minutes of a meeting (M.G.L. c.30A §22): drafted from the meeting's record, the
    clerk's summary of the discussion added, approved by the Board's vote at a later meeting.

    What the record holds (attendance, items, decisions, votes, documents) is read from it;
    only the summaries are written here. Once approved, the text is kept as approved."""

    meeting = models.OneToOneField(Meeting, on_delete=models.PROTECT, related_name="minutes")
    drafted_on = models.DateField()
    discussion = models.TextField("summary of the discussion", blank=True)
    # docket item id (as text) -> the clerk's summary of that item's discussion
    item_summaries = models.JSONField(default=dict, blank=True)
    approved_at = models.ForeignKey(
        Meeting,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="minutes_approved",
        help_text="The later meeting whose vote approved them.",
    )
    approved_on = models.DateField(null=True, blank=True)
    # member name -> vote, as the roll was called
    approval_votes = models.JSONField(default=dict, blank=True)
    approved_text = models.TextField(blank=True, editable=False)
    history = HistoricalRecords()

    objects = MinutesQuerySet.as_manager()

    class Meta:
        ordering = ["-meeting__date"]
        verbose_name_plural = "minutes"

    def __str__(self) -> str:
        return f"Minutes of {self.meeting}"

    @property
    def approved(self) -> bool:
        return self.approved_on is not None


class MinutesRelease(models.Model):
    """Draft minutes released on request before their approval (a public records request)."""

    minutes = models.ForeignKey(Minutes, on_delete=models.PROTECT, related_name="releases")
    requested_by = models.CharField("requested by", max_length=200)
    requested_on = models.DateField()
    released_on = models.DateField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["minutes", "released_on", "id"]

    def __str__(self) -> str:
        return f"Draft {self.minutes} released to {self.requested_by}"


class NoticeCharge(models.Model):
    """What the newspaper charged for this hearing's share of the legal notice, as entered:
    with the abutters' postage it makes the applicant's notice statement (§20-20(9): notice
    "at the applicant's expense"; hearings.notice_cost)."""

    docket_item = models.OneToOneField(
        DocketItem, on_delete=models.PROTECT, related_name="notice_charge"
    )
    newspaper_charge = models.DecimalField(max_digits=8, decimal_places=2)
    history = HistoricalRecords()

    def __str__(self) -> str:
        return f"Newspaper charge of ${self.newspaper_charge} for {self.docket_item}"


class TownClosure(models.Model):
    """A day the Town's offices are closed though no legal holiday (a snow day, an extra
    holiday): the Town's business-day clocks skip it (stoneham_boh.lib.mass_calendar).

    Reference data the administrator keeps in the Django admin."""

    date = models.DateField(unique=True)
    reason = models.CharField(max_length=120, help_text="e.g. Snow emergency: offices closed.")
    history = HistoricalRecords()

    class Meta:
        ordering = ["-date"]

    def __str__(self) -> str:
        return f"{long_date(self.date)}: {self.reason}"


def _first_recorded_day(record) -> date | None:
    first = record.history.order_by("history_date").values_list("history_date", flat=True)[:1]
    return timezone.localdate(first[0]) if first else None


class AbutterNotice(models.Model):
    """Notice of a hearing to one abutter by registered mail, return receipt requested."""

    docket_item = models.ForeignKey(
        DocketItem, on_delete=models.PROTECT, related_name="abutter_notices"
    )
    abutter = models.ForeignKey(
        "facilities.Abutter", on_delete=models.PROTECT, related_name="notices"
    )
    article_number = models.CharField("registered-mail article number", max_length=40, blank=True)
    mailed_on = models.DateField(null=True, blank=True)
    receipt_returned_on = models.DateField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["docket_item", "abutter__owner_names"]
        constraints = [
            models.UniqueConstraint(
                fields=["docket_item", "abutter"], name="one_notice_per_abutter_per_item"
            )
        ]

    def __str__(self) -> str:
        return f"Notice to {self.abutter}"


class Decision(models.Model):
    class Result(models.TextChoices):
        APPROVED = "approved", "Approved"
        DENIED = "denied", "Denied"
        CONTINUED = "continued", "Continued"
        REVOKED = "revoked", "Permit revoked"
        RESCINDED = "rescinded", "Variance rescinded"
        DISMISSED = "dismissed", "Dismissed"

    docket_item = models.OneToOneField(
        DocketItem, on_delete=models.PROTECT, related_name="decision"
    )
    result = models.CharField(max_length=10, choices=Result.choices)
    decided_on = models.DateField()
    conditions = models.TextField(blank=True)
    reasons = models.TextField(blank=True)
    removal_by = models.DateField(
        "animals to be removed by", null=True, blank=True, help_text="§20-20(6)."
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # The quorum as it was counted, printed on the decision: a majority of the Board's full
    # membership (c.30A §18), the members present from the meeting's attendance.
    full_membership = models.PositiveSmallIntegerField(null=True, editable=False)
    quorum = models.PositiveSmallIntegerField(null=True, editable=False)
    present = models.PositiveSmallIntegerField(null=True, editable=False)
    # A member took part remotely: every vote is taken by roll call (940 CMR 29.10(7)(c)).
    roll_call = models.BooleanField(default=False, editable=False)
    # The written decision sent to the applicant or holder (registered mail, return receipt
    # requested, as the regulation sends its notices) and the day the receipt says it arrived:
    # the receipt is the proof of service; the appeal's time runs from the decision itself
    # (hearings.clocks.appeal_deadline).
    mailed_on = models.DateField("written decision mailed on", null=True, blank=True)
    mail_article_number = models.CharField(
        "registered-mail article number", max_length=40, blank=True
    )
    received_on = models.DateField("received on (return receipt)", null=True, blank=True)
    history = HistoricalRecords()

    ADVERSE = ("denied", "revoked", "rescinded")

    def __str__(self) -> str:
        return f"{self.get_result_display()} on {self.decided_on}"

    @property
    def is_adverse(self) -> bool:
        """A denial or a revocation (or a variance rescinded): it states the route of appeal."""
        return self.result in self.ADVERSE

    @property
    def appeal_clock(self):
        """The last day to appeal, counted from the decision (c.249 §4)."""
        from hearings.clocks import appeal_deadline

        return appeal_deadline(self.decided_on)

    @property
    def quorum_summary(self) -> str:
        """``2 of the 3 members present; a quorum is 2`` as the decision states it."""
        if self.full_membership is None:
            return ""
        text = (
            f"{self.present} of the Board's {self.full_membership} members present; a quorum "
            f"is {self.quorum} (a majority of the full membership, M.G.L. c.30A §18)"
        )
        return text + (". Vote taken by roll call." if self.roll_call else ".")

    @property
    def vote_summary(self) -> str:
        """``2 yes, 1 no, 1 absent``: the count of each vote cast, in the ballot's order."""
        cast = [v.vote for v in self.votes.all()]
        return ", ".join(
            f"{cast.count(choice)} {label.lower()}"
            for choice, label in Vote.Choice.choices
            if choice in cast
        )


class DecisionCorrection(MistakeCorrected):
    """A clerical error in a recorded decision corrected: one field of the written decision
    (its text, or the record of its mailing), as it read and as it reads now, who, when and
    why. Never a new vote: the result, the votes and what the decision grants are not fields
    a correction can name (hearings.corrections.actions.CORRECTABLE)."""

    decision = models.ForeignKey(Decision, on_delete=models.PROTECT, related_name="corrections")
    field = models.CharField(max_length=30)
    old_value = models.TextField("read", blank=True)
    new_value = models.TextField("reads now", blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["decision", "corrected_at", "id"]

    def __str__(self) -> str:
        return f"Correction of the decision's {self.field_label}"

    # The fields a correction may name, as the decision's reader knows them.
    LABELS = {
        "conditions": "conditions",
        "reasons": "findings and reasons",
        "mailed_on": "day the written decision was mailed",
        "mail_article_number": "registered-mail article number",
        "received_on": "day on the return receipt",
    }

    @property
    def field_label(self) -> str:
        return self.LABELS.get(self.field, self.field)


def _exactly_one_of(fields) -> Q:
    """Exactly one of `fields` (foreign keys) is set."""
    alternatives = []
    for chosen in fields:
        one = Q(**{f"{chosen}__isnull": False})
        for other in fields:
            if other != chosen:
                one &= Q(**{f"{other}__isnull": True})
        alternatives.append(one)
    condition = alternatives[0]
    for one in alternatives[1:]:
        condition |= one
    return condition


class Vote(models.Model):
    """One member's vote on one motion of the Board, as the roll was called: a decision on a
    docket item, the approval of minutes, an amendment of the regulation's figures, or the
    settlement of a disputed vote. Every vote in a member's name is a row here, written by
    hearings.actions.votes (the one mechanism): the member is e-mailed it and may dispute it
    from their own log-in."""

    class Choice(models.TextChoices):
        YES = "yes", "Yes"
        NO = "no", "No"
        ABSTAIN = "abstain", "Abstain"
        RECUSED = "recused", "Recused"
        ABSENT = "absent", "Absent"

    # The motion the vote was cast on: exactly one of these is set (SUBJECTS).
    decision = models.ForeignKey(
        Decision, on_delete=models.CASCADE, null=True, blank=True, related_name="votes"
    )
    minutes = models.ForeignKey(
        "Minutes", on_delete=models.PROTECT, null=True, blank=True, related_name="approval_roll"
    )
    amendment = models.ForeignKey(
        "permits.Amendment",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="roll",
    )
    settlement = models.ForeignKey(
        "VoteSettlement", on_delete=models.PROTECT, null=True, blank=True, related_name="roll"
    )
    executive_session = models.ForeignKey(
        "ExecutiveSession", on_delete=models.PROTECT, null=True, blank=True, related_name="roll"
    )
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    vote = models.CharField(max_length=8, choices=Choice.choices)
    # The chair records the roll call; the member is told and may dispute it from their log-in.
    disputed_at = models.DateTimeField(null=True, blank=True, editable=False)
    dispute = models.TextField("the member's dispute", blank=True, editable=False)
    history = HistoricalRecords()

    SUBJECTS = ("decision", "minutes", "amendment", "settlement", "executive_session")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["decision", "member"], name="one_vote_per_member"),
            models.UniqueConstraint(
                fields=["minutes", "member"], name="one_minutes_vote_per_member"
            ),
            models.UniqueConstraint(
                fields=["amendment", "member"], name="one_amendment_vote_per_member"
            ),
            models.UniqueConstraint(
                fields=["settlement", "member"], name="one_settlement_vote_per_member"
            ),
            models.UniqueConstraint(
                fields=["executive_session", "member"],
                name="one_executive_session_vote_per_member",
            ),
            models.CheckConstraint(
                condition=_exactly_one_of(
                    ("decision", "minutes", "amendment", "settlement", "executive_session")
                ),
                name="a_vote_is_on_one_motion",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member}: {self.get_vote_display()}"

    @property
    def subject_field(self) -> str:
        return next(name for name in self.SUBJECTS if getattr(self, f"{name}_id"))

    @property
    def subject(self):
        return getattr(self, self.subject_field)


class VoteSettlement(models.Model):
    """The Board's vote, at a later meeting, settling a member's dispute of a recorded vote:
    the record confirmed, or corrected to the vote the member cast. Its own roll call is
    recorded through the same mechanism (Vote.settlement), and can itself be disputed."""

    class Outcome(models.TextChoices):
        CONFIRMED = "confirmed", "The record is confirmed"
        CORRECTED = "corrected", "The record is corrected"

    disputed = models.OneToOneField(Vote, on_delete=models.PROTECT, related_name="settled_by")
    meeting = models.ForeignKey(Meeting, on_delete=models.PROTECT, related_name="settlements")
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    corrected_to = models.CharField(
        "the vote as corrected", max_length=8, choices=Vote.Choice.choices, blank=True
    )
    was = models.CharField("the vote as recorded before", max_length=8, editable=False)
    reasons = models.TextField(blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    full_membership = models.PositiveSmallIntegerField(null=True, editable=False)
    present = models.PositiveSmallIntegerField(null=True, editable=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["meeting__date", "id"]

    def __str__(self) -> str:
        return f"{self.get_outcome_display()} at {self.meeting}"


class VarianceQuerySet(models.QuerySet):
    def in_effect(self, today: date):
        """Granted, not rescinded, and not expired on `today` (§20-21: shown to the public)."""
        return self.filter(granted=True, rescinded_on__isnull=True).filter(
            Q(expires_on__isnull=True) | Q(expires_on__gte=today)
        )

    def search(self, text: str):
        """Free text: part of the lot's street address or of the holder's name."""
        text = text.strip()
        if not text:
            return self
        return self.filter(
            Q(application__lot__street_address__icontains=text)
            | Q(application__applicant__name__icontains=text)
        )


class Variance(models.Model):
    """The Board's written variance of named rules for one case (§20-21)."""

    application = models.ForeignKey(
        "permits.Application", on_delete=models.PROTECT, related_name="variances"
    )
    decision = models.ForeignKey(
        Decision, on_delete=models.PROTECT, null=True, blank=True, related_name="variances"
    )
    rules = models.JSONField(help_text="The rule ids the variance covers, e.g. ['20-17.1'].")
    finding = models.TextField(
        "finding of manifest injustice",
        blank=True,
        help_text="§20-21: why enforcing the rules in this case would do manifest injustice.",
    )
    granted = models.BooleanField(default=True)
    granted_on = models.DateField(null=True, blank=True)
    conditions = models.TextField(blank=True)
    expires_on = models.DateField(null=True, blank=True)
    rescinded_on = models.DateField(null=True, blank=True)
    rescinded_reason = models.TextField(blank=True)
    history = HistoricalRecords()

    objects = VarianceQuerySet.as_manager()

    class Meta:
        ordering = ["-granted_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(expires_on__isnull=True)
                | Q(granted_on__isnull=True)
                | Q(expires_on__gte=models.F("granted_on")),
                name="variance_expires_after_grant",
            )
        ]

    def __str__(self) -> str:
        return f"Variance of {', '.join(self.rules or [])} for {self.application}"

    def in_effect_on(self, day: date) -> bool:
        return (
            self.granted
            and self.rescinded_on is None
            and (self.expires_on is None or self.expires_on >= day)
        )


class BoardApproval(models.Model):
    """What the regulation calls the Board's approval, granted by a vote at a meeting."""

    class Subject(models.TextChoices):
        WILD_ANIMAL = "wild_animal", "Keeping of a wild animal (§20-15(10))"
        COMPOSTING = "composting", "Composting of manure (§20-16(3)(e))"
        VERMIN_PLAN = "vermin_plan", "Vermin control plan (§20-19)"
        CONSTRUCTION = "construction", "Plans for construction or remodelling (§20-20(2))"

    application = models.ForeignKey(
        "permits.Application", on_delete=models.PROTECT, related_name="board_approvals"
    )
    decision = models.ForeignKey(Decision, on_delete=models.PROTECT, related_name="approvals")
    subject = models.CharField(max_length=20, choices=Subject.choices)
    granted_on = models.DateField()
    # The count as the decision recorded it ("2 yes, 1 no"): a decision is never edited, and
    # the application page and permit show it without reading every vote again.
    vote_count = models.CharField(max_length=80)
    history = HistoricalRecords()

    class Meta:
        ordering = ["granted_on", "subject"]

    def __str__(self) -> str:
        return f"{self.get_subject_display()} approved on {self.granted_on}"


class SetbackEnlargement(models.Model):
    """The Board enlarged a minimum distance in this case (§20-15(4), last paragraph): a grant
    of the Board's vote, beside its variances and approvals. Its tables kept the names they
    had when the model was the permits app's (migrations moved the model, not the rows)."""

    class Rule(models.TextChoices):
        PROPERTY_LINE = "20-15.4.a", "§20-15(4)(a) abutting property line"
        WETLAND = "20-15.4.b", "§20-15(4)(b) wetland or watercourse"
        WELL = "20-15.4.d", "§20-15(4)(d) drinking-water well"
        SEWAGE = "20-15.4.e", "§20-15(4)(e) sewage disposal area"
        PUBLIC_WAY = "20-15.4.f", "§20-15(4)(f) public way"

    application = models.ForeignKey(
        "permits.Application", on_delete=models.CASCADE, related_name="setback_enlargements"
    )
    rule = models.CharField(max_length=12, choices=Rule.choices)
    minimum_ft = models.DecimalField(
        max_digits=6, decimal_places=1, validators=[MinValueValidator(Decimal("0"))]
    )
    reason = models.CharField(max_length=200, blank=True)
    decision = models.ForeignKey(
        Decision,
        on_delete=models.PROTECT,
        null=True,
        related_name="setback_enlargements",
        help_text="The Board's vote that enlarged the distance in this case.",
    )
    history = HistoricalRecords(table_name="permits_historicalsetbackenlargement")

    class Meta:
        db_table = "permits_setbackenlargement"
        constraints = [
            models.UniqueConstraint(fields=["application", "rule"], name="one_enlargement_per_rule")
        ]

    def __str__(self) -> str:
        return f"{self.get_rule_display()}: {self.minimum_ft} ft"


# The rule each of the Board's approvals answers (the rules module's ids).
APPROVAL_RULES = {
    BoardApproval.Subject.WILD_ANIMAL: "20-15.10",
    BoardApproval.Subject.COMPOSTING: "20-16.3.e",
    BoardApproval.Subject.VERMIN_PLAN: "20-19",
    BoardApproval.Subject.CONSTRUCTION: "20-20.2",
}


class RevocationProceeding(models.Model):
    """§20-20(5): the clerk brings a permit holder's violations before the Board.

    The Board revokes, or dismisses, at a hearing of which the holder had written notice.
    """

    permit = models.ForeignKey(
        "permits.Permit", on_delete=models.PROTECT, related_name="revocation_proceedings"
    )
    docket_item = models.OneToOneField(
        DocketItem, on_delete=models.PROTECT, related_name="revocation"
    )
    grounds = models.TextField(help_text="The violations, as the holder is told of them.")
    findings = models.ManyToManyField(
        "inspections.ChecklistFinding", blank=True, related_name="revocation_proceedings"
    )
    orders = models.ManyToManyField(
        "inspections.Order", blank=True, related_name="revocation_proceedings"
    )
    opened_on = models.DateField()
    holder_notified_on = models.DateField("notice of hearing mailed to the holder on", null=True)
    history = HistoricalRecords(m2m_fields=[findings, orders])

    class Meta:
        ordering = ["-opened_on", "-id"]

    def __str__(self) -> str:
        return f"Revocation proceeding on permit {self.permit}"

    @property
    def holder_notice_clock(self):
        """The last business day to mail the holder's notice (REVOCATION_NOTICE_DAYS before)."""
        from hearings.clocks import revocation_notice_deadline

        return revocation_notice_deadline(self.docket_item.meeting.date)

    @property
    def holder_notice_short(self) -> bool:
        """The notice was mailed, but fewer than REVOCATION_NOTICE_DAYS before the hearing."""
        if self.holder_notified_on is None:
            return False
        gap = (self.docket_item.meeting.date - self.holder_notified_on).days
        return gap < settings.REVOCATION_NOTICE_DAYS


class ExecutiveSession(models.Model):
    """The Board's closed session during a meeting (M.G.L. c.30A §21): entered by a roll-call
    vote in open session, the purpose of §21(a) stated there by the chair, with whether the
    Board will reconvene in open session. Its minutes are kept, and withheld while publishing
    them would defeat the purpose (§22(f)); the Board reviews them and releases them by its
    determination at a later meeting (§22(g)(1)). The session's own discussion is never a
    vote: the Board votes in open session."""

    class Purpose(models.TextChoices):
        # §21(a)(1)-(10), paraphrased: the statute's words are counsel's to quote.
        CHARACTER = "1", "(1) An individual's reputation, character or health, or charges"
        NONUNION = "2", "(2) Negotiations with non-union personnel"
        STRATEGY = "3", "(3) Strategy for collective bargaining or litigation"
        SECURITY = "4", "(4) The deployment of security personnel or devices"
        MISCONDUCT = "5", "(5) Charges of criminal misconduct, or a criminal complaint"
        PROPERTY = "6", "(6) The purchase, exchange, lease or value of real property"
        LAW = "7", "(7) To comply with a general or special law or a federal grant"
        APPLICANTS = "8", "(8) Applicants for employment, screened by a preliminary committee"
        MEDIATOR = "9", "(9) Meeting or conferring with a mediator"
        ENERGY = "10", "(10) Trade secrets of a governmental energy supplier"

    meeting = models.ForeignKey(
        Meeting, on_delete=models.PROTECT, related_name="executive_sessions"
    )
    purpose = models.CharField("purpose (c.30A §21(a))", max_length=2, choices=Purpose.choices)
    statement = models.TextField(
        "the purpose as the chair stated it",
        help_text="As particular as it can be without defeating the purpose (§21(b)(3)).",
    )
    reconvenes = models.BooleanField("the Board will reconvene in open session", default=True)
    minutes = models.TextField("minutes of the executive session", blank=True)
    released_at = models.ForeignKey(
        Meeting,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="executive_minutes_released",
        help_text="The later meeting at which the Board determined to release the minutes.",
    )
    released_on = models.DateField(null=True, blank=True)
    release_note = models.TextField("the Board's determination", blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["meeting", "id"]

    def __str__(self) -> str:
        return f"Executive session of the {self.meeting} ({self.purpose_cited})"

    @property
    def purpose_cited(self) -> str:
        return f"c.30A §21(a)({self.purpose})"

    @property
    def released(self) -> bool:
        return self.released_on is not None
