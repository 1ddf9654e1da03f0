"""The site-plan editor: the plan drawn over the parcel map, with every shape also a row of
numbers, and the compliance panel rechecked on the server as a shape moves."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from facilities import actions, regulation
from facilities.choices import DISTANCE_FEATURES, HOUSING_KINDS
from facilities.models import SitePlan, Structure
from facilities.siteplan import editor
from facilities.siteplan.context import nearby
from facilities.siteplan.forms import POINTS_CHARS, SitePlanForm
from facilities.siteplan.shapes import KINDS
from permits.models import Application
from permits.panel import panel_with_measured
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused


def _application(pk):
    return get_object_or_404(
        Application.objects.select_related("applicant", "lot__tax_parcel"), pk=pk
    )


def _page(request, application, *, rows=None, problems=(), status=200):
    parcel = application.lot.tax_parcel
    context = {"application": application, "parcel": parcel, "problems": problems}
    if parcel is not None:
        origin = editor.Origin.of(parcel.shape)
        plan = SitePlan.objects.filter(application=application).first()
        if rows is None:
            rows = editor.rows_from_shapes(plan.shapes if plan else [], origin)
        parcels, footprints = nearby(parcel, 100)
        # "Add a structure" places the animals' housing first, then corrals and manure.
        labels = [
            label
            for _, label in sorted(
                (kind not in HOUSING_KINDS, label)
                for kind, label in Structure.objects.filter(application=application).values_list(
                    "kind", "label"
                )
            )
        ]
        context.update(
            {
                "rows": rows,
                "kinds": KINDS.items(),
                "structure_labels": labels,
                "map_json": json.dumps(editor.map_data(parcel, parcels, footprints, origin)),
                "panel": _panel(application, rows_measured=None),
            }
        )
    return render(request, "permits/site_plan.html", context, status=status)


def _panel(application, rows_measured):
    """The compliance panel with the measured distances (None: as saved)."""
    return panel_with_measured(application, rows_measured)


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def site_plan(request, pk):
    application = _application(pk)
    if request.method == "GET" or application.lot.tax_parcel is None:
        return _page(request, application)
    origin = editor.Origin.of(application.lot.tax_parcel.shape)
    form = SitePlanForm(request.POST, origin=origin)
    if not form.is_valid():
        rows = _posted_rows(request.POST)
        return _page(request, application, rows=rows, problems=form.problems(), status=400)
    try:
        plan = actions.save_site_plan(
            application=application, shapes=form.cleaned_data["shapes"], by=request.user
        )
    except ActionRefused as problem:
        rows = _posted_rows(request.POST)
        reasons = problem.reasons or [str(problem)]
        return _page(request, application, rows=rows, problems=reasons, status=400)
    messages.success(request, "Site plan saved; the distances measured on it now govern.")
    if plan.undescribed:
        labels = ", ".join(plan.undescribed)
        edit = reverse("permits:application-edit", args=[application.pk])
        messages.warning(
            request,
            format_html(
                "{} is drawn on the plan and kept there, but the application does not list "
                "it yet, so its distances are not measured. "
                '<a href="{}#structures-heading">Add it under Structures on the application</a> '
                "with the same label, then save the plan again.",
                labels,
                edit,
            ),
        )
    return redirect("permits:application-detail", pk=application.pk)


def _posted_rows(data) -> list[dict]:
    """What was typed, kept as typed, so nothing is lost when the plan is refused."""
    try:
        count = min(int(data.get("shape-count", "0")), editor.MAX_ROWS)
    except ValueError:
        return []
    # Kept as typed, but no longer than a field may be (the page must not grow with the post).
    return [
        {name: data.get(f"s{index}-{name}", "")[:POINTS_CHARS] for name in editor.FIELDS}
        for index in range(max(0, count))
        if not data.get(f"s{index}-remove")
    ]


@role_required(Role.CLERK)
@require_POST
def site_plan_measure(request, pk):
    """The compliance panel and the measured distances for the plan as drawn, saving nothing."""
    application = _application(pk)
    if application.lot.tax_parcel is None:
        return HttpResponse("The lot is not on the parcel map.", status=409)
    origin = editor.Origin.of(application.lot.tax_parcel.shape)
    form = SitePlanForm(request.POST, origin=origin)
    try:
        if not form.is_valid():
            raise ActionRefused("The plan cannot be measured.", form.problems())
        measured = actions.measure_shapes(
            application=application, shapes=form.cleaned_data["shapes"]
        )
    except ActionRefused as problem:
        reasons = problem.reasons or [str(problem)]
        return render(
            request,
            "permits/_site_plan_results.html",
            {"problems": reasons, "panel": _panel(application, None)},
            status=400,
        )
    names = dict((*DISTANCE_FEATURES, ("lot_line", "Any lot line")))
    rows = {
        label: [(key, names.get(key, key), value) for key, value in figures.items()]
        for label, figures in measured.items()
    }
    return render(
        request,
        "permits/_site_plan_results.html",
        {
            "measured": rows,
            "beyond_ft": regulation.beyond_ft(),
            "panel": _panel(application, measured),
        },
    )


@staff_required
@require_GET
def site_plan_figure(request, pk):
    """htmx: the plan drawn to scale, as a figure, for a page that shows it beside other
    records (the Board's docket card loads it when the card is shown, so that the docket's own
    queries do not grow with each plan)."""
    return render(request, "permits/_site_plan_figure.html", {"application": _application(pk)})
