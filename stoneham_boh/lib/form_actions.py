"""The one shape of a state-changing view: form, then one action, then redirect (PRG)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.shortcuts import redirect

from stoneham_boh.lib.errors import ActionRefused


def submit(request, form, act: Callable[[dict], object], *, success, then: str):
    """Run `act(cleaned_data)` for a valid `form` and redirect to `then` with `success`.

    Returns None when the page must be shown again: the form is invalid, or the action refused
    (each reason becomes an error on the form, and everything typed stays).
    `success` is a message, or a function of the action's result giving one.
    """
    if not form.is_valid():
        return None
    try:
        result = act(form.cleaned_data)
    except ActionRefused as refusal:
        for reason in refusal.reasons or [refusal.message]:
            form.add_error(None, reason)
        return None
    messages.success(request, success(result) if callable(success) else success)
    return redirect(then)
