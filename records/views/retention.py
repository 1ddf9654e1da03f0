"""The retention table, each series' records with their disposition dates and holds, the
Town Clerk's confirmation of a destruction, and the destruction log."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from records import retention
from records.models import Destruction, LegalHold, RecordSeries
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import act
from stoneham_boh.lib.forms import ReasonForm


def _int_or_none(text: str):
    text = (text or "").strip()
    if not text:
        return None
    if not text.isdigit():
        raise ActionRefused("Give the period as a whole number of years.")
    return int(text)


@role_required(Role.CLERK)
@require_GET
def schedule(request):
    today = timezone.localdate()
    series = list(RecordSeries.objects.all())
    due = {s.pk: sum(row.due_on(today) for row in retention.rows_of(s)) for s in series}
    return render(
        request,
        "records/retention_schedule.html",
        {
            "series_list": [(s, due[s.pk]) for s in series],
            "is_town_clerk": retention.is_town_clerk(request.user),
        },
    )


@role_required(Role.CLERK)
@require_POST
def series_period(request, kind):
    series = get_object_or_404(RecordSeries, kind=kind)
    act(
        request,
        lambda: retention.set_period(
            series=series,
            period_years=_int_or_none(request.POST.get("period_years", "")),
            schedule_item=request.POST.get("schedule_item", ""),
            authorization_required=bool(request.POST.get("authorization_required")),
            by=request.user,
        ),
        f"The period of {series} is recorded.",
    )
    return redirect("records:retention")


@role_required(Role.CLERK)
@require_GET
def series_detail(request, kind):
    series = get_object_or_404(RecordSeries, kind=kind)
    today = timezone.localdate()
    return render(
        request,
        "records/retention_series.html",
        {
            "series": series,
            "rows": retention.rows_of(series),
            "holds": series.holds.select_related("placed_by", "released_by"),
            "today": today,
            "is_town_clerk": retention.is_town_clerk(request.user),
            "destroys": series.kind in retention.DESTROYERS and not series.permanent,
        },
    )


@role_required(Role.CLERK)
@require_POST
def hold_place(request, kind):
    series = get_object_or_404(RecordSeries, kind=kind)
    # The reason read through the one reason form (its length and characters checked).
    form = ReasonForm(request.POST)
    if not form.is_valid():
        messages.error(request, "No hold placed: " + " ".join(form.errors["reason"]))
        return redirect("records:retention-series", kind=kind)
    act(
        request,
        lambda: retention.place_hold(
            series=series,
            record_id=_int_or_none(request.POST.get("record_id", "")),
            reason=form.cleaned_data["reason"],
            by=request.user,
        ),
        "The legal hold is in force.",
    )
    return redirect("records:retention-series", kind=kind)


@role_required(Role.CLERK)
@require_POST
def hold_release(request, pk):
    hold = get_object_or_404(LegalHold.objects.select_related("series"), pk=pk)
    retention.release_hold(hold=hold, by=request.user)
    messages.success(request, "The legal hold is released; its record is kept.")
    return redirect("records:retention-series", kind=hold.series.kind)


@role_required(Role.CLERK)
@require_POST
def record_destroy(request, kind, record_id):
    series = get_object_or_404(RecordSeries, kind=kind)
    act(
        request,
        lambda: retention.destroy(
            series=series,
            record_id=record_id,
            confirmed=bool(request.POST.get("confirmed")),
            authorization=request.POST.get("authorization", "")[:200],
            by=request.user,
        ),
        lambda entry: f"Destroyed: {entry.record_label}. The log keeps the entry.",
    )
    return redirect("records:retention-series", kind=kind)


@role_required(Role.CLERK)
@require_GET
def destruction_log(request):
    return render(
        request,
        "records/destruction_log.html",
        {"entries": Destruction.objects.select_related("series", "confirmed_by")[:500]},
    )
