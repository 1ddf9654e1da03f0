"""What the hearings pages share: the roles that see them, form submission, PDF responses."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse

from hearings.models import DocketItem
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused

STAFF = (Role.CLERK, Role.BOARD, Role.AGENT)


PAGE_SIZE = 25


def _refused(form, error: ActionRefused) -> None:
    """Show a refused action's reasons as the form's non-field errors."""
    form.add_error(None, error.message)
    for reason in error.reasons:
        form.add_error(None, reason)


def _submitted(request, form, act, done):
    """Validate `form` and run `act(cleaned_data)`: the action's result, or None when refused.

    `done` is the success message, or a function of the action's result giving it. A refusal
    lands on the form as non-field errors, so the page re-renders with what was typed.
    """
    if not form.is_valid():
        return None
    try:
        result = act(form.cleaned_data)
    except ActionRefused as error:
        _refused(form, error)
        return None
    messages.success(request, done(result) if callable(done) else done)
    return result


def _long(day) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _scheduled(meeting):
    return list(meeting.items.filter(status=DocketItem.Status.SCHEDULED))
