"""The Board's roll (the administrator's), the meetings' attendance, and each member's votes."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from hearings import actions, motions
from hearings.forms import (
    AppointmentForm,
    AttendanceForm,
    BoardSeatsForm,
    EndTermForm,
    VoteDisputeForm,
)
from hearings.models import BoardMember, BoardSeats, Meeting, MeetingAttendance, Vote
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.form_actions import attempt

# --- The Board's members -----------------------------------------------------------------------


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


# --- A meeting's attendance --------------------------------------------------------------------


@role_required(Role.CLERK, Role.BOARD)
@require_http_methods(["GET", "POST"])
def meeting_attendance(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    form = AttendanceForm(request.POST or None, meeting=meeting)
    done = request.method == "POST" and attempt(
        request,
        form,
        lambda data: actions.record_attendance(
            meeting=meeting, attendance=form.attendance(), by=request.user
        ),
        "The attendance is recorded.",
    )
    if done:
        return redirect("hearings:meeting-detail", pk=meeting.pk)
    return render(
        request,
        "hearings/attendance.html",
        {
            "meeting": meeting,
            "form": form,
            "recorded": MeetingAttendance.objects.filter(meeting=meeting).select_related("member"),
        },
        status=400 if form.errors else 200,
    )


# --- A member's own votes ----------------------------------------------------------------------


def _my_votes_page(request, status=200, failed=None, form=None):
    """Every vote recorded in the member's name, whatever the motion (hearings.motions)."""
    votes = Vote.objects.filter(member=request.user).select_related("member").order_by("-id")[:50]
    rows = [
        {
            "vote": vote,
            "motion": motions.describe(vote.subject),
            "settlement": motions.settlement_of(vote),
        }
        for vote in votes
    ]
    return render(
        request,
        "hearings/my_votes.html",
        {"rows": rows, "failed": failed, "form": form or VoteDisputeForm()},
        status=status,
    )


@role_required(Role.BOARD)
@require_GET
def my_votes(request):
    return _my_votes_page(request)


@role_required(Role.BOARD)
@require_POST
def vote_dispute(request, pk):
    vote = get_object_or_404(Vote, pk=pk, member=request.user)
    form = VoteDisputeForm(request.POST)
    disputed = attempt(
        request,
        form,
        lambda data: actions.dispute_vote(vote=vote, by=request.user, **data),
        "Your dispute is recorded; the Board settles it at a later meeting.",
    )
    if disputed:
        return redirect("hearings:my-votes")
    return _my_votes_page(request, status=400, failed=vote.pk, form=form)
