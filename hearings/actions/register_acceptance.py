"""Entries of the paper register put before the Board for its vote accepting them
(§20-20(8)).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import board_matter, docketing_refusals, refuse_if
from hearings.models import APPROVAL_RULES, DocketItem, Meeting
from permits.models import Permit
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.dates import long_date


@transaction.atomic
def docket_register_entries(
    *, permits: Iterable, meeting: Meeting, by, today: date | None = None
) -> list[DocketItem]:
    """Put entries of the paper register (permits.actions.enter_register_permit) before the
    Board at `meeting`, one item each, for its vote accepting them (§20-20(8))."""
    today = today or timezone.localdate()
    entries = list(
        Permit.objects.select_for_update()
        .filter(pk__in=[p.pk for p in permits])
        .select_related("application")
        .order_by("number")
    )
    reasons = docketing_refusals(
        meeting, today, public=False, kind=DocketItem.Kind.REGISTER_ACCEPTANCE
    )
    if not has_role(by, [Role.CLERK]):
        reasons.append("Only the clerk puts the register's entries before the Board.")
    if not entries:
        reasons.append("Choose the entries of the paper register the Board is asked to accept.")
    for permit in entries:
        if not permit.legacy or permit.status != Permit.Status.PROVISIONAL:
            reasons.append(f"Permit {permit.number} is not a provisional entry of the register.")
        elif permit.application.docket_items.filter(
            kind=DocketItem.Kind.REGISTER_ACCEPTANCE, status=DocketItem.Status.SCHEDULED
        ).exists():
            reasons.append(f"Permit {permit.number} is already on the docket for acceptance.")
    refuse_if(reasons, "The entries cannot be put before the Board.")
    return [
        board_matter(
            permit.application,
            meeting,
            DocketItem.Kind.REGISTER_ACCEPTANCE,
            today,
            by,
            staff_recommendation=_register_summary(permit),
            approvals_sought=register_approvals_needed(permit),
        )
        for permit in entries
    ]


def register_approvals_needed(permit) -> list[str]:
    """What the Board is asked to approve in accepting an entry first permitted after the
    grandfathering date: the keeping is held to the rules like a new permit (§20-20(8)), so
    each rule it failed when entered that a Board approval answers (a vermin control plan,
    §20-19) is put to the Board's vote with the acceptance."""
    if permit.grandfathered:
        return []
    failed = {f["rule"] for f in permit.register_findings or []}
    return [str(subject) for subject, rule in APPROVAL_RULES.items() if rule in failed]


def _register_summary(permit) -> str:
    failures = permit.register_findings or []
    said = (
        "Rules not met when entered: " + "; ".join(f["message"] for f in failures)
        if failures
        else "The keeping met every rule when entered."
    )
    return (
        f"Paper permit {permit.register_number}, first permitted "
        f"{long_date(permit.first_permitted_on)}"
        f"{' (grandfathered, §20-20(8))' if permit.grandfathered else ''}. {said}"
    )
