"""The docket, and scheduling an application for a hearing; a docket item's edits, withdrawal
and history card. The views of hearings.actions.docket (its notices page: mailing)."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from hearings import actions
from hearings.docket import (
    approvals_needed,
    docket_entries,
    past_meetings,
    relief_needed,
)
from hearings.forms import (
    DocketItemForm,
    ScheduleHearingForm,
)
from hearings.history import docket_item_history
from hearings.models import DocketItem, Meeting
from hearings.notice_timing import scheduling_warning
from hearings.views._common import docket_item_or_404, notices_page
from hearings.wording import variable_rule_ids
from permits.facts_from_records import evaluate_application
from permits.models import Application
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.history import history_response
from stoneham_boh.lib.record_ids import record_id

# The past meetings the docket names, newest first: the last hearings a Board member may be
# asked about; the rest, with the outcomes, are a link away.
RECENT_MEETINGS = 3


@staff_required
@require_GET
def docket(request):
    """The coming meeting's docket, the meetings after it, and the last few past meetings
    (their outcomes are on the past meetings' own page, which the docket links to)."""
    today = timezone.localdate()
    # Every coming meeting (a town schedules a dozen at most), each with its item count:
    # the list used to stop at five with no way to the rest.
    upcoming = list(
        Meeting.objects.upcoming(today).annotate(
            item_count=Count("items", filter=~Q(items__status=DocketItem.Status.WITHDRAWN))
        )
    )
    meeting = upcoming[0] if upcoming else None
    return render(
        request,
        "hearings/docket.html",
        {
            "meeting": meeting,
            "entries": docket_entries(meeting) if meeting else [],
            "later_meetings": upcoming[1:],
            "recent_meetings": list(past_meetings(today)[:RECENT_MEETINGS]),
            "today": today,
        },
    )


def warn_if_late(request, meeting) -> None:
    warning = scheduling_warning(meeting, timezone.localdate())
    if warning:
        messages.warning(request, warning)


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def schedule(request):
    """Put an application on a meeting's docket (both may come pre-chosen in the query)."""
    if request.method == "POST":
        form = ScheduleHearingForm(request.POST)
    else:
        form = ScheduleHearingForm(initial=_schedule_initial(request.GET))
    item = request.method == "POST" and attempt(
        request,
        form,
        lambda data: actions.schedule_hearing(by=request.user, **data),
        lambda item: f"{item.application.applicant} is on the docket.",
    )
    if item:
        warn_if_late(request, item.meeting)
        return redirect("hearings:item-notices", pk=item.pk)
    return render(
        request,
        "hearings/schedule.html",
        {
            "form": form,
            "meetings": list(form.fields["meeting"].queryset[:8]),
            "today": timezone.localdate(),
        },
        status=400 if form.errors else 200,
    )


def _schedule_initial(query) -> dict:
    """The form's starting values: the chosen application's failing rules as relief sought,
    and the Board's approvals it still lacks as approvals asked."""
    initial = {}
    if (meeting := record_id(query.get("meeting"))) is not None:
        initial["meeting"] = meeting
    if (chosen := record_id(query.get("application"))) is not None:
        application = Application.objects.with_facts().filter(pk=chosen).first()
        if application is not None:
            initial["application"] = application.pk
            result = evaluate_application(application)
            approvals = approvals_needed(result)
            needed, _ = relief_needed(result, [], approvals)
            variable = variable_rule_ids()
            initial["relief_sought"] = [n.relief.rule for n in needed if n.relief.rule in variable]
            initial["approvals_sought"] = approvals
    return initial


@role_required(Role.CLERK)
@require_GET
def item_history_card(request, pk):
    item = get_object_or_404(DocketItem.objects.select_related("meeting"), pk=pk)
    return history_response(
        request,
        docket_item_history(item),
        title=f"Application #{item.application_id}, meeting of {long_date(item.meeting.date)}",
        back=reverse("hearings:item-notices", args=[item.pk]),
    )


@role_required(Role.CLERK)
@require_POST
def item_edit(request, pk):
    item = docket_item_or_404(pk)
    form = DocketItemForm(request.POST)
    saved = attempt(
        request,
        form,
        lambda data: actions.update_docket_item(item=item, by=request.user, **data),
        "The docket item is saved.",
    )
    if saved:
        return redirect("hearings:item-notices", pk=item.pk)
    return notices_page(request, item, status=400, item_form=form)


@role_required(Role.CLERK)
@require_POST
def item_withdraw(request, pk):
    item = docket_item_or_404(pk)
    try:
        actions.withdraw_docket_item(item=item, by=request.user)
    except ActionRefused as error:
        messages.error(request, str(error))
        return redirect("hearings:item-notices", pk=item.pk)
    messages.success(request, "The item was taken off the docket; it stays on record.")
    return redirect("hearings:meeting-detail", pk=item.meeting_id)
