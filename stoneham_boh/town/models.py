"""The town's settings: one record per town, so that several towns could share one installation.

Today one installation serves one town, the record marked current. Every field is what a town
decides for itself (its name, office, newspaper, signatories, postage, renewal window); the
regulation's figures are the ruleset's and the law's are stoneham_boh/lib/law.py.
"""

from __future__ import annotations

import uuid
from datetime import date, time
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from simple_history.models import HistoricalRecords

from stoneham_boh.lib.dates import long_date

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


class Town(models.Model):
    """Who the Board is and how it works: read through ``current_town()``, never copied."""

    class Weekday(models.TextChoices):
        MONDAY = "monday", "Monday"
        TUESDAY = "tuesday", "Tuesday"
        WEDNESDAY = "wednesday", "Wednesday"
        THURSDAY = "thursday", "Thursday"
        FRIDAY = "friday", "Friday"
        SATURDAY = "saturday", "Saturday"
        SUNDAY = "sunday", "Sunday"

    slug = models.SlugField(
        unique=True, help_text="A short key for the town, used only inside the system."
    )
    is_current = models.BooleanField(
        default=True, help_text="The town this installation serves today (one at a time)."
    )

    # Identity
    name = models.CharField(
        max_length=80,
        help_text="The town's name as it follows a street address, e.g. '12 Elm Street, NAME'.",
    )
    state = models.CharField(max_length=2, default="MA", help_text="Two letters, e.g. MA.")
    zip_code = models.CharField(
        "ZIP code", max_length=10, blank=True, help_text="For letters addressed to a lot in town."
    )
    formal_name = models.CharField(
        max_length=120,
        help_text="As printed under the Board's name, e.g. 'Town of ..., Massachusetts'.",
    )
    board_name = models.CharField(max_length=120, help_text="The Board's name on every page.")
    fees_payable_to = models.CharField(
        max_length=120,
        help_text="Whom a check for a fee is made out to, as it reads after 'by check to the', "
        "e.g. 'Town of ...'.",
    )
    assessors = models.CharField(
        max_length=120, help_text="The office that certifies abutter lists."
    )

    # The office
    office_address = models.CharField(
        max_length=200, help_text="One line, as printed on letters: building, street, town, ZIP."
    )
    office_hours = models.CharField(max_length=200)
    telephone = models.CharField(max_length=40)
    email = models.EmailField("E-mail")

    # Public records (950 CMR 32.04: each town names its records access officer, whose name
    # and how to reach them are posted where the public finds them).
    records_officer_name = models.CharField("Records access officer", max_length=120, blank=True)
    records_officer_title = models.CharField("Title", max_length=120, blank=True)
    records_officer_address = models.CharField(
        "Mailing address", max_length=200, blank=True, help_text="Where requests may be mailed."
    )
    records_officer_telephone = models.CharField(
        "Records officer's telephone", max_length=40, blank=True
    )
    records_officer_email = models.EmailField("E-mail for requests", blank=True)
    population = models.PositiveIntegerField(
        "Population",
        null=True,
        blank=True,
        help_text="The last federal census: a town of more than 20,000 people may not charge "
        "for the first two hours of a records request (M.G.L. c.66 §10(d)(iii)).",
    )

    # The Board's meetings and clocks
    meeting_place = models.CharField(
        max_length=200, help_text="Where the Board meets, proposed for each new meeting."
    )
    town_clerk_filing_cutoff = models.TimeField(
        "Town Clerk's filing cut-off",
        default=time(16, 0),
        help_text="The Town Clerk accepts a meeting notice for posting until this time of a "
        "business day.",
    )
    # Town halls keep a short day (Stoneham's closes at 12:30 on Fridays): the cut-off that
    # day is earlier, and a notice due on it must reach the clerk by then.
    town_clerk_short_day = models.CharField(
        "Town Clerk's short day",
        max_length=9,
        choices=Weekday.choices,
        blank=True,
        help_text="A weekday the Town Clerk's office closes early, if any.",
    )
    # The temporary law that lets a public body meet with no one physically present (c.30A
    # §20 as suspended by St. 2021 c.20 §17, extended since); after it, 940 CMR 29.10(4)(b)
    # asks the chair and a quorum physically present at the meeting place.
    remote_relief_ends = models.DateField(
        "Remote-meeting relief ends",
        null=True,
        blank=True,
        help_text="The last day of the temporary law that lets the Board meet with members "
        "remote and no quorum in the room. After it the chair and a quorum must be physically "
        "present (940 CMR 29.10). Leave empty if the relief has no end.",
    )
    town_clerk_short_day_cutoff = models.TimeField(
        "Filing cut-off on the short day",
        null=True,
        blank=True,
        help_text="The time the Town Clerk stops accepting notices on that day.",
    )

    # The newspaper of record
    newspaper_name = models.CharField("Newspaper of record", max_length=120)
    newspaper_weekday = models.CharField(
        "Day it is published", max_length=9, choices=Weekday.choices, default=Weekday.THURSDAY
    )
    newspaper_ad_cutoff_days = models.PositiveSmallIntegerField(
        "Ad cut-off (days before publication)",
        default=6,
        validators=[MaxValueValidator(30)],
        help_text="How many days before the issue the paper must have a legal notice's text.",
    )
    newspaper_email = models.EmailField(
        "Newspaper's legal-advertising e-mail",
        blank=True,
        help_text="Where a legal notice is e-mailed as a PDF. Blank: the clerk sends it another "
        "way and records the day.",
    )

    # Letterhead and signatories
    letterhead_note = models.CharField(
        max_length=200,
        blank=True,
        help_text="An optional line printed under the address on letters, permits and decisions.",
    )
    permit_signatory = models.CharField(
        max_length=120,
        blank=True,
        help_text="Who signs permits, e.g. 'Jane Doe, Health Agent'. Blank: the person who "
        "issued it.",
    )
    letter_signatory = models.CharField(
        max_length=120,
        blank=True,
        help_text="Who signs notices and letters. Blank: the Board's name alone.",
    )
    decision_signatory = models.CharField(
        max_length=120,
        blank=True,
        help_text="Printed above the members' signatures on decisions, e.g. 'Anne Whitcomb, "
        "Chair'. Blank: the members alone.",
    )

    # Money and the year
    registered_mail_postage = models.DecimalField(
        "Registered mail, return receipt (per letter)",
        max_digits=6,
        decimal_places=2,
        default=Decimal("0.00"),
        validators=[MinValueValidator(Decimal("0.00"))],
        help_text="The rate in force, charged to the applicant per abutter (dollars).",
    )
    renewal_window_month = models.PositiveSmallIntegerField(
        default=11, validators=[MinValueValidator(1), MaxValueValidator(12)]
    )
    renewal_window_day = models.PositiveSmallIntegerField(
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(31)],
        help_text="Next year's permit is renewed from this day of the year on, never earlier.",
    )

    #: Changed whenever an amendment of the regulation is recorded or voided, so that every
    #: process rebuilds its amended rulesets (hearings/ruleset_in_force.py) on its next request.
    amendments_version = models.UUIDField(default=uuid.uuid4, editable=False)
    history = HistoricalRecords(excluded_fields=["amendments_version"])

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["is_current"],
                condition=models.Q(is_current=True),
                name="one_current_town",
            )
        ]

    def __str__(self) -> str:
        return self.formal_name or self.name or self.slug

    def clean(self) -> None:
        super().clean()
        try:
            # A year that is not a leap year: February 29 would open no window three years in four.
            date(2001, self.renewal_window_month or 1, self.renewal_window_day or 1)
        except (ValueError, OverflowError):  # a day of 30 digits overflows before it is judged
            raise ValidationError(
                {"renewal_window_day": "That day does not exist in that month every year."}
            ) from None
        if bool(self.town_clerk_short_day) != (self.town_clerk_short_day_cutoff is not None):
            missing = (
                "town_clerk_short_day_cutoff"
                if self.town_clerk_short_day
                else "town_clerk_short_day"
            )
            raise ValidationError({missing: "Give both the short day and its cut-off, or neither."})

    # What letters and screens ask of it -----------------------------------------------------

    def renewal_window_opens(self, year: int) -> date:
        """The first day, in ``year``, on which next year's permit is renewed."""
        return date(year, self.renewal_window_month, self.renewal_window_day)

    def town_clerk_cutoff_on(self, day: date) -> time:
        """The Town Clerk's filing cut-off on `day`: earlier on the office's short day."""
        if self.town_clerk_short_day and WEEKDAYS[day.weekday()] == self.town_clerk_short_day:
            return self.town_clerk_short_day_cutoff or self.town_clerk_filing_cutoff
        return self.town_clerk_filing_cutoff

    @property
    def newspaper_weekday_index(self) -> int:
        return WEEKDAYS.index(self.newspaper_weekday)

    @property
    def registered_mail_postage_cents(self) -> int:
        return int(self.registered_mail_postage * 100)

    def place(self, street_address: str) -> str:
        """A street address of the town: '12 Elm Street, Stoneham'."""
        return f"{street_address}, {self.name}" if self.name else street_address

    @property
    def telephone_uri(self) -> str:
        """The telephone as a link that dials it: a tel: address has no spaces or brackets
        (RFC 3966), so the digits, with the country code where the number is a US one."""
        digits = "".join(ch for ch in self.telephone if ch.isdigit())
        return f"tel:+1{digits}" if len(digits) == 10 else f"tel:{digits}"

    @property
    def board(self) -> dict[str, str]:
        """The old ``BOARD`` keys (name, town, address, phone, email, hours), for the templates
        and code written before the settings were data. New code reads the fields."""
        return {
            "name": self.board_name,
            "town": self.formal_name,
            "address": self.office_address,
            "phone": self.telephone,
            "phone_uri": self.telephone_uri,
            "email": self.email,
            "hours": self.office_hours,
        }


class StandingText(models.Model):
    """The administrator's wording of one standing paragraph of a letter, notice, decision or
    e-mail (stoneham_boh/town/standing.py lists them, with their placeholders and the wording
    used until one is saved). The facts in it are placeholders, filled from the records."""

    town = models.ForeignKey(Town, on_delete=models.PROTECT, related_name="standing_texts")
    key = models.CharField(max_length=80)
    text = models.TextField(max_length=2000)
    history = HistoricalRecords()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["town", "key"], name="one_wording_per_paragraph")
        ]

    def __str__(self) -> str:
        return self.key


class NewspaperHolidayIssue(models.Model):
    """An issue of the town's paper that does not come out on its usual day: the paper's own
    holiday schedule, entered as the paper announces it. Without an entry, an issue whose day
    is a legal holiday is not counted on (hearings.clocks.newspaper_notice_deadline)."""

    town = models.ForeignKey(Town, on_delete=models.PROTECT, related_name="newspaper_holidays")
    usual_on = models.DateField("the issue's usual day")
    prints_on = models.DateField(
        "prints instead on",
        null=True,
        blank=True,
        help_text="Leave empty when the paper skips that issue.",
    )
    note = models.CharField(max_length=200, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["usual_on"]
        constraints = [
            models.UniqueConstraint(fields=["town", "usual_on"], name="one_entry_per_issue")
        ]

    def __str__(self) -> str:
        if self.prints_on is None:
            return f"No issue on {self.usual_on}"
        return f"The issue of {self.usual_on} prints on {self.prints_on}"


class TownClosure(models.Model):
    """A day the Town's offices are closed though no legal holiday (a snow day, an extra
    holiday): the Town's business-day clocks skip it (stoneham_boh.town.calendar).

    Reference data the administrator keeps in the Django admin. It moved here from hearings
    (issue 35): every app's clock reads it, so it is the town's, not the Board's. The tables
    keep the names hearings gave them, so the move changed no row (town 0008)."""

    date = models.DateField(unique=True)
    reason = models.CharField(max_length=120, help_text="e.g. Snow emergency: offices closed.")
    history = HistoricalRecords(table_name="hearings_historicaltownclosure")

    class Meta:
        db_table = "hearings_townclosure"
        ordering = ["-date"]

    def __str__(self) -> str:
        return f"{long_date(self.date)}: {self.reason}"
