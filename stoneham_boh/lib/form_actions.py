"""The one shape of a state-changing view: form, then one action, then redirect (PRG)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.contrib import messages
from django.shortcuts import redirect

from stoneham_boh.lib.errors import ActionRefused

Made = TypeVar("Made")


def show_refusal(form, refusal: ActionRefused, field: str | None = None) -> None:
    """Put an action's refusal on the form (at `field` when it concerns one), every reason
    listed, so nothing typed is lost."""
    form.add_error(field, refusal.message)
    for reason in refusal.reasons:
        form.add_error(field, reason)


def attempt(
    request, form, act: Callable[[dict], Made], success, *, field: str | None = None
) -> Made | None:
    """Run the action `act(cleaned_data)` for a valid `form`, say `success`, return its result.

    None when the page must be shown again: the form is invalid, or the action refused (the
    refusal lands on the form with every reason, and everything typed stays). `success` is a
    message, or a function of the action's result giving one; `field` names the field a
    refusal concerns (the upload's file, say), None for the form as a whole.
    """
    if not form.is_valid():
        return None
    try:
        result = act(form.cleaned_data)
    except ActionRefused as refusal:
        show_refusal(form, refusal, field)
        return None
    messages.success(request, success(result) if callable(success) else success)
    return result


def act(request, action: Callable[[], Made], success) -> Made | None:
    """Run an action a button asks for, with no form to show again: say `success` (a message,
    or a function of the action's result giving one), or the refusal with every reason, as a
    message on the page the view redirects to. None when the action refused."""
    try:
        result = action()
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return None
    messages.success(request, success(result) if callable(success) else success)
    return result


def submit(
    request, form, act: Callable[[dict], object], *, success, then: str, field: str | None = None
):
    """`attempt`, then redirect to `then`; None when the page must be shown again."""
    attempt(request, form, act, success, field=field)
    if form.errors:  # invalid, or refused: the reasons are on the form
        return None
    return redirect(then)
