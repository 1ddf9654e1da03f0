"""What the inspection screens share: who may open them, paging, refusals, links elsewhere."""

from __future__ import annotations

from functools import wraps
from urllib.parse import urlencode

from django.http import JsonResponse
from django.urls import reverse
from django.utils import timezone

from stoneham_boh.accounts import phone_session
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role, has_role

# Agents do everything here; clerks record complaints and read; Board members read.
readers = staff_required
complaint_desk = role_required(Role.AGENT, Role.CLERK)
agents_only = role_required(Role.AGENT)


def is_agent(user) -> bool:
    return has_role(user, [Role.AGENT])


# The header by which a page tells the agent's service worker (static/js/inspections-sw.js) that
# it may keep a copy on the phone, and whose: the signed-in agent's id. Nothing else is kept.
KEEP_HEADER = "X-Keep-On-Phone"
# And the session it belongs to (its tag and last moment): the worker keeps and shows the copy
# only while that session is the live one (stoneham_boh/accounts/phone_session.py).
SESSION_HEADER = "X-Phone-Session"


def wants_json(request) -> bool:
    """Sent by the phone's script (a queued checklist), which shows the answer itself."""
    return "application/json" in request.headers.get("Accept", "")


def for_the_phone(view):
    """A queued checklist sent after the session ended is told so as data (401), not sent to
    the log-in page: the phone keeps it until the agent logs in again."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if wants_json(request) and not request.user.is_authenticated:
            return JsonResponse(
                {
                    "recorded": False,
                    "session_ended": True,
                    "message": "Your session has ended: log in again to send it.",
                    "reasons": [],
                },
                status=401,
            )
        return view(request, *args, **kwargs)

    wrapped.required_roles = getattr(view, "required_roles", ())
    return wrapped


def is_of_the_day(inspection) -> bool:
    """Today's and the overdue scheduled inspections: what the agent's phone keeps."""
    return inspection.is_scheduled and inspection.scheduled_for <= timezone.localdate()


def keep_on_the_phone(request, response):
    """Mark a page of the agent's day as one the phone may keep (see KEEP_HEADER)."""
    if is_agent(request.user) and response.status_code == 200:
        response[KEEP_HEADER] = str(request.user.pk)
        response[SESSION_HEADER] = phone_session.cookie_value(request)
    return response


def errors_text(form) -> str:
    """Every error of a form in one line, for a message on the page the form came from."""
    return " ".join(message for messages_ in form.errors.values() for message in messages_)


def revoke_permit_url(permit, *, findings=(), orders=()) -> str:
    """The page where the clerk brings `permit` before the Board for revocation, citing the
    violations given ("" when there is no permit)."""
    if permit is None:
        return ""
    url = reverse("hearings:revocation-open", args=[permit.pk])
    query = urlencode([("findings", f.pk) for f in findings] + [("orders", o.pk) for o in orders])
    return f"{url}?{query}" if query else url
