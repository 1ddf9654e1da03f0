"""The Board's roll, kept by the administrator: the members appointed and their terms ended, and the
number of seats (hence the quorum). The views of hearings.actions.board_roll."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from hearings import actions
from hearings.forms import (
    AppointmentForm,
    BoardSeatsForm,
    EndTermForm,
)
from hearings.models import BoardMember, BoardSeats
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.form_actions import attempt


def _members_page(request, status=200, form=None, seats_form=None):
    today = timezone.localdate()
    members = list(BoardMember.objects.select_related("user").order_by("-term_start", "name"))
    in_office = [m for m in members if m.in_office_on(today)]
    seats = BoardSeats.objects.in_force(today)
    return render(
        request,
        "hearings/board_members.html",
        {
            "members": members,
            "in_office": in_office,
            "seats": seats,
            "quorum": seats.seats // 2 + 1 if seats else None,
            "seat_history": BoardSeats.objects.all()[:10],
            "is_roll_keeper": has_role(request.user, [Role.ADMIN]),
            "form": form or AppointmentForm(initial={"appointed_on": today, "term_start": today}),
            "seats_form": seats_form or BoardSeatsForm(initial={"effective_on": today}),
            "today": today,
        },
        status=status,
    )


@staff_required
@require_GET
def board_members(request):
    return _members_page(request)


@role_required(Role.ADMIN)
@require_POST
def board_member_add(request):
    form = AppointmentForm(request.POST)
    member = attempt(
        request,
        form,
        lambda data: actions.appoint_board_member(by=request.user, **data),
        lambda member: f"{member.name} is appointed to the Board; the members are told.",
    )
    if member:
        return redirect("hearings:board-members")
    return _members_page(request, status=400, form=form)


@role_required(Role.ADMIN)
@require_POST
def board_seats(request):
    form = BoardSeatsForm(request.POST)
    seats = attempt(
        request,
        form,
        lambda data: actions.set_board_seats(by=request.user, **data),
        lambda seats: f"The Board has {seats.seats} seats from {long_date(seats.effective_on)}.",
    )
    if seats:
        return redirect("hearings:board-members")
    return _members_page(request, status=400, seats_form=form)


@role_required(Role.ADMIN)
@require_POST
def board_member_end(request, pk):
    member = get_object_or_404(BoardMember, pk=pk)
    form = EndTermForm(request.POST)
    ended = attempt(
        request,
        form,
        lambda data: actions.end_board_term(member=member, by=request.user, **data),
        f"{member.name}'s term is ended; the members are told.",
    )
    if not ended:
        # The form is a row of the list: its reasons go in a message above it.
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
    return redirect("hearings:board-members")
