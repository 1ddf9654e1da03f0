"""The notices of a hearing: the legal notice in the newspaper with its proofs, the
newspaper's charge, and the notices mailed to each abutter (hearings.actions.legal_notice,
mailing)."""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords

from hearings.models._common import _first_recorded_day
from hearings.models.docket import DocketItem
from hearings.models.meetings import Meeting
from stoneham_boh.town import defaults as town_defaults


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
