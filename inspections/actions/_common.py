"""What the inspection actions share: a form sent twice makes one record (`_once`), no moment
in the future (`_refuse_future`, allowing a phone's clock a little ahead), who is an agent."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import date, datetime, timedelta

from django.db import IntegrityError, models, transaction
from django.utils import timezone

from inspections.models import ChecklistFinding
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.errors import ActionRefused

# A phone's clock may run a little ahead of the server's.
CLOCK_SKEW = timedelta(minutes=10)


Result = ChecklistFinding.Result


def _once(model: type[models.Model], token: uuid.UUID | None, create: Callable[[], models.Model]):
    """(record, created): `create()` unless a record already carries `token` (a form sent twice)."""
    if token is not None:
        existing = model.objects.filter(submission_token=token).first()
        if existing is not None:
            return existing, False
    try:
        with transaction.atomic():
            return create(), True
    except IntegrityError:
        # Two sends of one form raced past the check above: the other one won.
        existing = model.objects.filter(submission_token=token).first() if token else None
        if existing is None:
            raise
        return existing, False


def _refuse_future(moment: datetime | date | None, what: str) -> None:
    if moment is None:
        return
    if isinstance(moment, datetime):
        if moment > timezone.now() + CLOCK_SKEW:
            raise ActionRefused(f"{what} cannot be in the future.")
    elif moment > timezone.localdate():
        raise ActionRefused(f"{what} cannot be in the future.")


def _is_agent(user) -> bool:
    return user is not None and has_role(user, [Role.AGENT])
