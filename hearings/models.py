"""Public hearings (§20-20(9)), their notices, the Board's decisions and variances (§20-21)."""

from __future__ import annotations

from datetime import date, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from permits import rules


def notice_days(hearing_date: date) -> int:
    """§20-20(9): days of notice required before a hearing, from the ruleset then in force."""
    spec = rules.ruleset_in_force(hearing_date).rules["20-20.9"]
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
    place = models.CharField(max_length=200, default="Stoneham Town Hall, 35 Central Street")
    notes = models.TextField(blank=True)
    cancelled = models.BooleanField(default=False)
    history = HistoricalRecords()

    objects = MeetingQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-time"]

    def __str__(self) -> str:
        return f"Board meeting {self.date:%B %-d, %Y}"

    @property
    def last_notice_day(self) -> date:
        """The last day on which notices can go out and still give the notice §20-20(9) asks."""
        return self.date - timedelta(days=notice_days(self.date))

    def notice_deadline_passed(self, today: date) -> bool:
        return self.last_notice_day < today


class DocketItem(models.Model):
    """An application or variance request heard at a meeting."""

    class Kind(models.TextChoices):
        NEW_APPLICATION = "new_application", "New application"
        VARIANCE_REQUEST = "variance_request", "Variance request"

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
    staff_recommendation = models.TextField(blank=True)
    continued_from = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="continued_to"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["meeting", "position", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.application} at {self.meeting}"


class LegalNotice(models.Model):
    """The legal notice of a meeting's hearings in a local newspaper."""

    meeting = models.OneToOneField(Meeting, on_delete=models.PROTECT, related_name="legal_notice")
    text = models.TextField()
    newspaper = models.CharField(max_length=120, default="Stoneham Independent")
    # Once sent to the newspaper the text is what the public read: it is no longer edited.
    sent_on = models.DateField("sent to the newspaper on", null=True, blank=True)
    published_on = models.DateField(null=True, blank=True)
    history = HistoricalRecords()

    def __str__(self) -> str:
        return f"Legal notice for {self.meeting}"


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

    docket_item = models.OneToOneField(
        DocketItem, on_delete=models.PROTECT, related_name="decision"
    )
    result = models.CharField(max_length=10, choices=Result.choices)
    decided_on = models.DateField()
    conditions = models.TextField(blank=True)
    reasons = models.TextField(blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    history = HistoricalRecords()

    def __str__(self) -> str:
        return f"{self.get_result_display()} on {self.decided_on}"


class Vote(models.Model):
    class Choice(models.TextChoices):
        YES = "yes", "Yes"
        NO = "no", "No"
        ABSTAIN = "abstain", "Abstain"
        RECUSED = "recused", "Recused"

    decision = models.ForeignKey(Decision, on_delete=models.CASCADE, related_name="votes")
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    vote = models.CharField(max_length=8, choices=Choice.choices)
    history = HistoricalRecords()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["decision", "member"], name="one_vote_per_member")
        ]

    def __str__(self) -> str:
        return f"{self.member}: {self.get_vote_display()}"


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
