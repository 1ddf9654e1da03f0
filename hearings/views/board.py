"""The members of the Board and their terms: the roll its quorum is counted from."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from hearings import actions
from hearings.forms import BoardMemberForm, EndTermForm
from hearings.models import BoardMember
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.form_actions import attempt

# --- The Board's members -----------------------------------------------------------------------


def _members_page(request, status=200, form=None):
    today = timezone.localdate()
    members = list(BoardMember.objects.select_related("user").order_by("-term_start", "name"))
    in_office = [m for m in members if m.in_office_on(today)]
    return render(
        request,
        "hearings/board_members.html",
        {
            "members": members,
            "in_office": in_office,
            "quorum": len(in_office) // 2 + 1,
            "is_clerk": has_role(request.user, [Role.CLERK]),
            "form": form or BoardMemberForm(),
            "end_form": EndTermForm(initial={"term_end": today}),
            "today": today,
        },
        status=status,
    )


@staff_required
@require_GET
def board_members(request):
    return _members_page(request)


@role_required(Role.CLERK)
@require_POST
def board_member_add(request):
    form = BoardMemberForm(request.POST)
    member = attempt(
        request,
        form,
        lambda data: actions.record_board_member(by=request.user, **data),
        lambda member: f"{member.name} is recorded as a member of the Board.",
    )
    if member:
        return redirect("hearings:board-members")
    return _members_page(request, status=400, form=form)


@role_required(Role.CLERK)
@require_POST
def board_member_end(request, pk):
    member = get_object_or_404(BoardMember, pk=pk)
    form = EndTermForm(request.POST)
    ended = attempt(
        request,
        form,
        lambda data: actions.end_board_term(member=member, by=request.user, **data),
        f"{member.name}'s term is ended.",
    )
    if not ended:
        # The form is one date in a row of the list: its reasons go in a message above it.
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
    return redirect("hearings:board-members")
