"""What the inspection screens share: who may open them, paging, refusals, links elsewhere."""

from __future__ import annotations

from django.urls import reverse

from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role, has_role

# Agents do everything here; clerks record complaints and read; Board members read.
readers = staff_required
complaint_desk = role_required(Role.AGENT, Role.CLERK)
agents_only = role_required(Role.AGENT)


def is_agent(user) -> bool:
    return has_role(user, [Role.AGENT])


def errors_text(form) -> str:
    """Every error of a form in one line, for a message on the page the form came from."""
    return " ".join(message for messages_ in form.errors.values() for message in messages_)


def revoke_permit_url(permit) -> str:
    """The clerk desk's revocation page for `permit` ("" when there is no permit)."""
    if permit is None:
        return ""
    return reverse("permits:permit-revoke", args=[permit.pk])
