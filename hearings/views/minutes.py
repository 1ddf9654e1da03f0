"""The minutes of a meeting: drafted from the record, the clerk's summaries, the Board's
approval at a later meeting, drafts released on request; approved minutes are public."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from hearings import actions, motions
from hearings.forms import MinutesApprovalForm, MinutesForm, MinutesReleaseForm
from hearings.forms.executive_sessions import EnterExecutiveSessionForm
from hearings.minutes import approval_state, record_of
from hearings.models import ExecutiveSession, Meeting, Minutes
from hearings.printing import minutes_pdf
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role, has_role, roles_of
from stoneham_boh.lib.form_actions import act, attempt
from stoneham_boh.lib.listing import page_of
from stoneham_boh.lib.pdf import pdf_response


def _minutes(meeting) -> Minutes | None:
    return Minutes.objects.filter(meeting=meeting).select_related("approved_at").first()


def _page(request, meeting, status=200, **forms):
    minutes = _minutes(meeting)
    record = record_of(meeting, minutes)
    today = timezone.localdate()
    context = {
        "meeting": meeting,
        "minutes": minutes,
        "record": record,
        "approval": approval_state(minutes, meeting, today),
        "is_clerk": has_role(request.user, [Role.CLERK]),
        # The chair (or the member presiding) records the Board's roll call on the approval;
        # the clerk sees who voted how, and whether a dispute holds the minutes back.
        "is_board": Role.BOARD.value in roles_of(request.user),
        "approval_roll": motions.roll_of(minutes) if minutes and minutes.approved else [],
        "held": motions.doubt_refusals(minutes, "their publication")
        if minutes and minutes.approved
        else [],
        "today": today,
        # The votes to enter executive session taken at this meeting (c.30A §21(b)).
        "sessions": list(meeting.executive_sessions.order_by("id")),
        # The minutes of earlier executive sessions still withheld, which the Board reviews at
        # later meetings for release (§22(g)(1)): listed here so that none is forgotten.
        "withheld_earlier": list(
            ExecutiveSession.objects.filter(
                meeting__date__lt=meeting.date, released_at__isnull=True
            )
            .select_related("meeting")
            .order_by("meeting__date", "id")
        )
        if meeting.date <= today
        else [],
        "executive_form": forms.get("executive_form") or EnterExecutiveSessionForm(meeting=meeting),
    }
    if minutes is not None and not minutes.approved:
        summaries = {f"summary_{k}": v for k, v in minutes.item_summaries.items()}
        context["form"] = forms.get("form") or MinutesForm(
            initial={"discussion": minutes.discussion, **summaries},
            items=[entry.item for entry in record.items],
        )
        context["approval_form"] = forms.get("approval_form") or MinutesApprovalForm(
            minutes=minutes
        )
        context["release_form"] = forms.get("release_form") or MinutesReleaseForm()
    return render(request, "hearings/minutes.html", context, status=status)


@staff_required
@require_GET
def minutes_page(request, pk):
    return _page(request, get_object_or_404(Meeting, pk=pk))


@role_required(Role.CLERK)
@require_POST
def minutes_draft(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    act(
        request,
        lambda: actions.draft_minutes(meeting=meeting, by=request.user),
        "The minutes are drafted from the record. Add the summaries.",
    )
    return redirect("hearings:minutes", pk=meeting.pk)


def _open_minutes(pk) -> tuple[Meeting, Minutes]:
    meeting = get_object_or_404(Meeting, pk=pk)
    minutes = _minutes(meeting)
    if minutes is None:
        raise Http404("No minutes are drafted for this meeting.")
    return meeting, minutes


@role_required(Role.CLERK)
@require_POST
def minutes_edit(request, pk):
    meeting, minutes = _open_minutes(pk)
    items = [entry.item for entry in record_of(meeting, minutes).items]
    form = MinutesForm(request.POST, items=items)
    saved = attempt(
        request,
        form,
        lambda data: actions.edit_minutes(minutes=minutes, by=request.user, **data),
        "The minutes are saved.",
    )
    if saved:
        return redirect("hearings:minutes", pk=meeting.pk)
    return _page(request, meeting, status=400, form=form)


@role_required(Role.BOARD, Role.CLERK)
@require_POST
def minutes_approve(request, pk):
    meeting, minutes = _open_minutes(pk)
    form = MinutesApprovalForm(request.POST, minutes=minutes)
    approved = attempt(
        request,
        form,
        lambda data: actions.approve_minutes(minutes=minutes, by=request.user, **data),
        "The minutes are approved and published.",
    )
    if approved:
        return redirect("hearings:minutes", pk=meeting.pk)
    return _page(request, meeting, status=400, approval_form=form)


@role_required(Role.CLERK)
@require_POST
def minutes_release(request, pk):
    meeting, minutes = _open_minutes(pk)
    form = MinutesReleaseForm(request.POST)
    released = attempt(
        request,
        form,
        lambda data: actions.release_draft_minutes(minutes=minutes, by=request.user, **data),
        "The release of the draft is recorded.",
    )
    if released:
        return redirect("hearings:minutes", pk=meeting.pk)
    return _page(request, meeting, status=400, release_form=form)


@staff_required
@require_GET
def minutes_print(request, pk):
    meeting, minutes = _open_minutes(pk)
    return pdf_response(minutes_pdf(meeting, minutes), f"minutes-{meeting.date}.pdf")


# --- Public: approved minutes ----------------------------------------------------------------


@require_GET
def public_minutes_list(request):
    approved = Minutes.objects.published().select_related("meeting").order_by("-meeting__date")
    return render(request, "hearings/public_minutes.html", {"page_obj": page_of(request, approved)})


@require_GET
def public_minutes(request, pk):
    minutes = get_object_or_404(
        Minutes.objects.published().select_related("meeting", "approved_at"), meeting_id=pk
    )
    # The executive sessions' own minutes only once the Board released them (c.30A §22(g)).
    released = minutes.meeting.executive_sessions.filter(released_on__isnull=False)
    return render(
        request,
        "hearings/public_minutes_detail.html",
        {"minutes": minutes, "released": list(released.order_by("id"))},
    )
