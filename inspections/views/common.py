"""What the inspection screens share: who may open them, paging, refusals, links elsewhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.contrib import messages
from django.core.paginator import Paginator
from django.urls import reverse

from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.errors import ActionRefused

PAGE_SIZE = 25

# Agents do everything here; clerks record complaints and read; Board members read.
readers = role_required(Role.AGENT, Role.CLERK, Role.BOARD)
complaint_desk = role_required(Role.AGENT, Role.CLERK)
agents_only = role_required(Role.AGENT)


def is_agent(user) -> bool:
    return has_role(user, [Role.AGENT])


def page_of(request, queryset, size: int = PAGE_SIZE):
    """One page of `queryset` (a count and a slice: two queries, however long the list)."""
    return Paginator(queryset, size).get_page(request.GET.get("page"))


def show_refusal(form, error: ActionRefused) -> None:
    """Put an action's refusal on the form, every reason listed, so nothing typed is lost."""
    form.add_error(None, error.message)
    for reason in error.reasons:
        form.add_error(None, reason)


def errors_text(form) -> str:
    """Every error of a form in one line, for a message on the page the form came from."""
    return " ".join(message for messages_ in form.errors.values() for message in messages_)


Made = TypeVar("Made")


def attempt(request, form, act: Callable[[dict], Made], done) -> Made | None:
    """Run the action `act(cleaned_data)` for a valid form, say `done`, return what it made.

    A refusal goes onto the form with every reason and None comes back, so the view shows the
    form again with everything typed kept. `done` is a message, or makes one from the result.
    """
    if not form.is_valid():
        return None
    try:
        made = act(form.cleaned_data)
    except ActionRefused as error:
        show_refusal(form, error)
        return None
    messages.success(request, done(made) if callable(done) else done)
    return made


def revoke_permit_url(permit) -> str:
    """The clerk desk's revocation page for `permit` ("" when there is no permit)."""
    if permit is None:
        return ""
    return reverse("permits:permit-revoke", args=[permit.pk])
