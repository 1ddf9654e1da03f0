"""The Board's executive sessions (M.G.L. c.30A §21; hearings.actions.executive_sessions)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from hearings.models.meetings import Meeting


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
