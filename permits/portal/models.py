"""The applicant side's records: invitations, online renewal requests and the e-mails sent."""

from datetime import date

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords

from permits.models import Applicant


class InvitationQuerySet(models.QuerySet):
    def usable(self, now):
        """Invitations whose link still works: not used, not superseded, not past expiry."""
        return self.filter(accepted_at__isnull=True, superseded_at__isnull=True, expires_at__gt=now)


class Invitation(models.Model):
    """A one-time link, sent by e-mail, with which an applicant sets the password of an account.

    Only a SHA-256 digest of the link's token is stored: someone who reads the database (or a
    backup) cannot use a pending invitation. The token itself lives only in the e-mail.
    """

    applicant = models.ForeignKey(
        "permits.Applicant", on_delete=models.PROTECT, related_name="invitations"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="invitations",
        help_text="The account.",
    )
    email = models.EmailField(help_text="Where the link was sent.")
    token_digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    superseded_at = models.DateTimeField(
        null=True, blank=True, help_text="A newer invitation replaced this one."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    history = HistoricalRecords(excluded_fields=["token_digest"])

    objects = InvitationQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Invitation of {self.applicant} to {self.email}"


class RenewalRequestQuerySet(models.QuerySet):
    def pending(self):
        """Requests the clerk has not yet turned into a renewal application (the renewal list)."""
        return self.filter(status=RenewalRequest.Status.SUBMITTED)


class RenewalRequest(models.Model):
    """A permit holder asks, online, for next year's renewal of a permit (§20-15(1)).

    The clerk takes it up by opening the renewal application pre-filled from the permit; the
    holder's statement (nothing changed, or what did) travels with it.
    """

    class Status(models.TextChoices):
        SUBMITTED = "submitted", "Submitted"
        TAKEN_UP = "taken_up", "Taken up by the clerk"

    permit = models.ForeignKey(
        "permits.Permit", on_delete=models.PROTECT, related_name="renewal_requests"
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    submitted_at = models.DateTimeField(default=timezone.now)
    unchanged = models.BooleanField(
        "nothing has changed",
        help_text="The holder confirms the animals, structures and lot are as permitted.",
    )
    changes = models.TextField("what has changed", blank=True)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.SUBMITTED, db_index=True
    )
    application = models.ForeignKey(
        "permits.Application",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="renewal_requests",
        help_text="The renewal application the clerk opened from this request.",
    )
    taken_up_at = models.DateTimeField(null=True, blank=True)
    taken_up_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    history = HistoricalRecords()

    objects = RenewalRequestQuerySet.as_manager()

    class Meta:
        ordering = ["-submitted_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["permit"],
                condition=models.Q(status="submitted"),
                name="one_pending_renewal_request_per_permit",
            ),
            models.CheckConstraint(
                condition=models.Q(unchanged=True) | ~models.Q(changes=""),
                name="renewal_request_says_what_changed",
            ),
        ]

    def __str__(self) -> str:
        return f"Renewal request for {self.permit}"

    # Holders may ask from November 1 until the permit expires on December 31 (§20-20(5)):
    # the same weeks in which the reminders go out.
    @classmethod
    def window_for(cls, permit) -> tuple[date, date]:
        """(first, last) day on which the holder may ask online for `permit`'s renewal."""
        # late: permits.renewals is tier 3, which a model reads only when called (tiers)
        from permits.renewals import renewal_window_opens

        return renewal_window_opens(permit.expires_on.year), permit.expires_on


class AccountLinkQuerySet(models.QuerySet):
    def pending(self):
        return self.filter(status=AccountLink.Status.PENDING)


class AccountLink(models.Model):
    """A signed-up account whose confirmed address is that of an applicant the clerk already
    has on file: the clerk decides whether the account is that applicant's.

    An address alone proves only a mailbox, and the same mailbox may serve a household or a
    business; the records stay unlinked until the clerk, who can call the person on file,
    confirms. Declined, the account gets an applicant record of its own.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for the clerk"
        LINKED = "linked", "Linked by the clerk"
        DECLINED = "declined", "Not the same person"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="account_links"
    )
    applicant = models.ForeignKey(
        "permits.Applicant",
        on_delete=models.PROTECT,
        related_name="account_links",
        help_text="The applicant on file whose e-mail address the account confirmed.",
    )
    name_given = models.CharField(max_length=300, help_text="The name typed at sign-up.")
    email = models.EmailField(help_text="The address the account confirmed.")
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    created_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    history = HistoricalRecords()

    objects = AccountLinkQuerySet.as_manager()

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "applicant"],
                condition=models.Q(status="pending"),
                name="one_pending_link_per_account_and_applicant",
            )
        ]

    def __str__(self) -> str:
        return f"Link of {self.email} to {self.applicant}"


class DetailsChangeQuerySet(models.QuerySet):
    def pending(self):
        return self.filter(status=DetailsChange.Status.PENDING)


class DetailsChange(models.Model):
    """A resident asks to change their name, address or phone on the applicant record.

    The record is shared: the clerk's applications, the permits' holder, the notices all read
    it. A resident fills in what the record leaves blank at once; a change of what it says is
    this request, which the clerk accepts or declines.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for the clerk"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        REPLACED = "replaced", "Replaced by a later request"

    applicant = models.ForeignKey(
        "permits.Applicant", on_delete=models.PROTECT, related_name="details_changes"
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    requested_at = models.DateTimeField(default=timezone.now)
    changes = models.JSONField(help_text="Each field asked for: {field: [as recorded, asked]}.")
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    history = HistoricalRecords()

    objects = DetailsChangeQuerySet.as_manager()

    class Meta:
        ordering = ["requested_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["applicant"],
                condition=models.Q(status="pending"),
                name="one_pending_details_change_per_applicant",
            )
        ]

    def __str__(self) -> str:
        return f"Change of details of {self.applicant}"

    @property
    def lines(self) -> list[tuple[str, str, str]]:
        """(field's label, as recorded, asked) for the clerk's queue."""
        return [
            (str(Applicant._meta.get_field(name).verbose_name), old, new)
            for name, (old, new) in self.changes.items()
        ]

    @property
    def asked_in_words(self) -> str:
        """What the resident asked, for the resident: "phone 781-555-0199 (on
        record: 781-438-5832)", each field so."""
        return "; ".join(
            f"{label.lower()} {new or '(blank)'} (on record: {old or 'blank'})"
            for label, old, new in self.lines
        )


class Notification(models.Model):
    """One e-mail the system sent, kept so that each is sent once (and to show what was said).

    `key` names the event (e.g. `renewal_reminder:permit:12`); its uniqueness is what makes a
    second run of the daily reminder command, or a repeated hook, send nothing.
    """

    class Kind(models.TextChoices):
        INVITATION = "invitation", "Invitation to the applicant's pages"
        HEARING_SCHEDULED = "hearing_scheduled", "Hearing scheduled"
        PERMIT_ISSUED = "permit_issued", "Permit issued"
        RENEWAL_REMINDER = "renewal_reminder", "Renewal reminder"
        ONLINE_SUBMITTED = "online_submitted", "Online application sent"
        INFORMATION_REQUESTED = "info_requested", "More information requested"
        ONLINE_RECEIVED = "online_received", "Online application received"
        ONLINE_WITHDRAWN = "online_withdrawn", "Online application withdrawn"

    kind = models.CharField(max_length=20, choices=Kind.choices, db_index=True)
    key = models.CharField(max_length=120, unique=True)
    recipient = models.EmailField()
    subject = models.CharField(max_length=200)
    applicant = models.ForeignKey(
        "permits.Applicant",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="notifications",
    )
    application = models.ForeignKey(
        "permits.Application",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="notifications",
    )
    permit = models.ForeignKey(
        "permits.Permit",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="notifications",
    )
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-sent_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to {self.recipient}"
