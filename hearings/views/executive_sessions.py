"""An executive session of the Board (c.30A §§21, 22(f)-(g)): the vote to enter it, recorded
from the meeting's minutes page by the chair; its page, for the Board and the clerk only,
with its minutes (withheld until released) and the Board's determination releasing them."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from hearings import actions, motions
from hearings.forms.executive_sessions import (
    EnterExecutiveSessionForm,
    ExecutiveMinutesForm,
    ReleaseExecutiveMinutesForm,
)
from hearings.models import ExecutiveSession, Meeting
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role, has_role, roles_of
from stoneham_boh.lib.form_actions import attempt

# The session's minutes are withheld from the public and from staff with no part in it: the
# Board and its clerk keep them (the agent has no need of them).
KEEPERS = (Role.BOARD, Role.CLERK)


@role_required(*KEEPERS)
@require_POST
def enter(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    form = EnterExecutiveSessionForm(request.POST, meeting=meeting)
    session = attempt(
        request,
        form,
        lambda data: actions.enter_executive_session(meeting=meeting, by=request.user, **data),
        "The vote to enter executive session is recorded. The clerk keeps its minutes.",
    )
    if session:
        return redirect("hearings:executive-session", pk=session.pk)
    # late: The minutes page, with the form as typed and its errors.
    from hearings.views.minutes import _page

    return _page(request, meeting, status=400, executive_form=form)


def _page(request, session, status=200, **forms):
    context = {
        "session": session,
        "meeting": session.meeting,
        "roll": motions.roll_of(session),
        "is_clerk": has_role(request.user, [Role.CLERK]),
        "is_board": Role.BOARD.value in roles_of(request.user),
        "minutes_form": forms.get("minutes_form")
        or ExecutiveMinutesForm(initial={"text": session.minutes}),
        "release_form": forms.get("release_form") or ReleaseExecutiveMinutesForm(session=session),
    }
    return render(request, "hearings/executive_session.html", context, status=status)


def _session(pk) -> ExecutiveSession:
    return get_object_or_404(
        ExecutiveSession.objects.select_related("meeting", "released_at"), pk=pk
    )


@role_required(*KEEPERS)
@require_GET
def detail(request, pk):
    return _page(request, _session(pk))


@role_required(Role.CLERK)
@require_POST
def minutes(request, pk):
    session = _session(pk)
    form = ExecutiveMinutesForm(request.POST)
    saved = attempt(
        request,
        form,
        lambda data: actions.record_executive_minutes(session=session, by=request.user, **data),
        "The minutes of the executive session are saved, and withheld until released.",
    )
    if saved:
        return redirect("hearings:executive-session", pk=session.pk)
    return _page(request, session, status=400, minutes_form=form)


@role_required(*KEEPERS)
@require_POST
def release(request, pk):
    session = _session(pk)
    form = ReleaseExecutiveMinutesForm(request.POST, session=session)
    released = attempt(
        request,
        form,
        lambda data: actions.release_executive_minutes(session=session, by=request.user, **data),
        "The Board's determination is recorded: the minutes are public.",
    )
    if released:
        return redirect("hearings:executive-session", pk=session.pk)
    return _page(request, session, status=400, release_form=form)
