from django.contrib.auth.models import AbstractUser
from django.db import models
from simple_history.models import HistoricalRecords


class User(AbstractUser):
    """A person who logs in: Board staff, a Board member or an applicant.

    The role is the group membership (see stoneham_boh.accounts.roles); staff administrators are
    `is_superuser`.
    """

    title = models.CharField(
        max_length=80, blank=True, help_text="Shown on letters and decisions, e.g. 'Health Agent'."
    )
    history = HistoricalRecords(excluded_fields=["password", "last_login"])

    class Meta:
        ordering = ["last_name", "first_name", "username"]

    def __str__(self) -> str:
        return self.get_full_name() or self.username
