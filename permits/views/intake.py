"""Intake: find or create the applicant and the lot, then fill in the application.

Everything typed stays on the page when something is refused; the compliance panel
rechecks the rules from the form as the clerk types (htmx), without saving.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from facilities.models import Lot
from facilities.parcels.models import Parcel
from permits import actions
from permits.facts_from_records import (
    board_approvals_for,
    evaluate_application,
    evaluate_parts,
    setback_enlargements_for,
    variances_for,
)
from permits.figures import blank_distance_text
from permits.forms import (
    AnimalFormSet,
    ApplicantForm,
    ApplicationForm,
    ChooseOrCreateForm,
    LotFactsForm,
    LotForm,
    ReceiveForm,
    StructureFormSet,
)
from permits.models import Applicant, Application
from permits.panel import panel
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.record_ids import record_id
from stoneham_boh.lib.search import plain

SEARCH_LIMIT = 8


def _search_applicants(text: str):
    text = plain(text)
    if len(text) < 2:
        return []
    return list(Applicant.objects.search(text).order_by("name")[:SEARCH_LIMIT])


def search_lots(text: str):
    """The current lots whose address or parcel id holds `text`: the intake's search, and the
    agent's (inspections.views.lots.lot_search)."""
    text = plain(text)
    if len(text) < 2:
        return []
    return list(Lot.objects.current().search(text).order_by("street_address")[:SEARCH_LIMIT])


def _map_parcels(text: str):
    """The town map's parcels at an address no lot on file has: offered as the new lot, so it
    is recorded with its map-block-lot and opens on the map."""
    text = plain(text)
    if len(text) < 2:
        return []
    on_file = Lot.objects.current()
    return [
        parcel
        for parcel in Parcel.objects.filter(site_address__icontains=text)
        .exclude(map_par_id="")
        .exclude(pk__in=on_file.filter(tax_parcel__isnull=False).values("tax_parcel"))
        .exclude(map_par_id__in=on_file.exclude(parcel_id=None).values("parcel_id"))
        .order_by("site_address")[:SEARCH_LIMIT]
        if parcel.has_owner
    ]


def _with_map_parcel(data):
    """The posted intake with the new lot's parcel id and address taken from the town map's
    parcel the clerk chose (`map_parcel`), where the clerk typed none."""
    if data is None or not data.get("map_parcel") or data.get("lot", "new") != "new":
        return data
    parcel = Parcel.objects.filter(pk=record_id(data["map_parcel"])).first()
    if parcel is None:
        return data
    data = data.copy()
    if not data.get("lot-parcel_id"):
        data["lot-parcel_id"] = parcel.map_par_id
    if not data.get("lot-street_address"):
        data["lot-street_address"] = parcel.site_address
    return data


@role_required(Role.CLERK)
@require_GET
def intake_search(request):
    """htmx: the applicants or lots matching what the clerk types, as radio choices."""
    what = request.GET.get("what")
    text = request.GET.get(f"{what}_q", "")
    if what == "applicant":
        results = _search_applicants(text)
    elif what == "lot":
        results = search_lots(text)
    else:
        return render(request, "permits/_intake_results.html", {"what": "", "results": []})
    return render(
        request,
        "permits/_intake_results.html",
        {
            "what": what,
            "results": results,
            "map_parcels": _map_parcels(text) if what == "lot" and not results else [],
            "query": text,
            "chosen": request.GET.get(what, "new"),
        },
    )


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def application_new(request):
    """Step 1: who applies and for which lot. Creates a draft the clerk then completes."""
    data = _with_map_parcel(request.POST) if request.method == "POST" else None
    choose = ChooseOrCreateForm(data or request.GET or None)
    applicant_form = ApplicantForm(data, prefix="applicant")
    lot_form = LotForm(data, prefix="lot")
    if request.method == "POST":
        application = _create_draft(request, choose, applicant_form, lot_form)
        if application is not None:
            messages.success(request, f"Draft {application} opened. Complete it below.")
            return redirect("permits:application-edit", pk=application.pk)
    source = data or request.GET
    return render(
        request,
        "permits/application_new.html",
        {
            "choose": choose,
            "applicant_form": applicant_form,
            "lot_form": lot_form,
            "applicant_q": source.get("applicant_q", ""),
            "lot_q": source.get("lot_q", ""),
            "applicant_results": _results(source, "applicant", _search_applicants, Applicant),
            "lot_results": _results(source, "lot", search_lots, Lot),
            "chosen_applicant": source.get("applicant", "new") or "new",
            "chosen_lot": source.get("lot", "new") or "new",
        },
    )


def _results(source, what: str, search, model) -> list:
    """The search results to show again, with the chosen one kept even if no longer matching."""
    results = search(source.get(f"{what}_q", ""))
    chosen = record_id(source.get(what, ""))
    if chosen is not None and all(r.pk != chosen for r in results):
        extra = model.objects.filter(pk=chosen).first()
        if extra is not None:
            results.insert(0, extra)
    return results


def _create_draft(request, choose, applicant_form, lot_form):
    if not choose.is_valid():
        return None
    applicant, lot = choose.cleaned_data["applicant"], choose.cleaned_data["lot"]
    valid = True
    if applicant is None and not applicant_form.is_valid():
        valid = False
    if lot is None and not lot_form.is_valid():
        valid = False
    if not valid:
        messages.error(request, "Some details are missing or wrong; see the marked fields.")
        return None
    try:
        return actions.create_application(
            by=request.user,
            applicant=applicant,
            lot=lot,
            new_applicant=applicant_form.cleaned_data if applicant is None else None,
            new_lot=lot_form.cleaned_data if lot is None else None,
        )
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return None


def _intake_forms(application, data=None):
    return {
        "form": ApplicationForm(data, instance=application, prefix="app"),
        "lot_form": LotFactsForm(data, instance=application.lot, prefix="lot"),
        "structures": StructureFormSet(data, instance=application, prefix="structures"),
        "animals": AnimalFormSet(data, instance=application, prefix="animals"),
    }


def _all_valid(forms: dict) -> bool:
    # Validate every form (not stopping at the first) so all errors show at once.
    results = [f.is_valid() for f in forms.values()]
    return all(results)


def _editable(pk):
    return get_object_or_404(
        Application.objects.select_related("applicant", "lot", "renews"), pk=pk
    )


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def application_edit(request, pk):
    """Step 2: structures, animals, documents, construction; save as draft or as received."""
    application = _editable(pk)
    if not application.is_editable:
        messages.info(request, "This application can no longer be changed.")
        return redirect("permits:application-detail", pk=pk)
    if application.in_applicants_hands:
        # The applicant is typing it online: two people editing one form would overwrite
        # each other. The clerk reviews it once it is sent.
        messages.info(request, "The applicant is completing this application online.")
        return redirect("permits:application-detail", pk=pk)
    if request.method == "POST":
        forms = _intake_forms(application, request.POST)
        receive = ReceiveForm(request.POST, prefix="receive")
        marking_received = "receive" in request.POST
        if _all_valid(forms) and (not marking_received or receive.is_valid()):
            try:
                _save_intake(request, application, forms, receive if marking_received else None)
            except ActionRefused as refusal:
                messages.error(request, str(refusal))
            else:
                if marking_received:
                    return redirect("permits:application-detail", pk=pk)
                messages.success(request, "Draft saved. You can come back to it at any time.")
                return redirect("permits:application-edit", pk=pk)
        else:
            messages.error(request, "Nothing was saved: correct the marked fields.")
        # Re-read the application's saved state for the header; the forms keep what was typed.
        application = _editable(pk)
        result = evaluate_typed(application, forms)
    else:
        forms = _intake_forms(application)
        receive = ReceiveForm(prefix="receive")
        result = panel(evaluate_application(application), application=application)
    return render(
        request,
        "permits/application_edit.html",
        {
            "application": application,
            "receive": receive,
            "panel": result,
            "blank_distance": blank_distance_text(),
            **forms,
        },
    )


def _save_intake(request, application, forms, receive) -> None:
    lot_form = forms["lot_form"]
    actions.update_application(
        application=application,
        by=request.user,
        changes={name: forms["form"].cleaned_data[name] for name in forms["form"].fields},
        lot_changes={name: lot_form.cleaned_data[name] for name in lot_form.fields},
        structures=forms["structures"].wanted(),
        animals=forms["animals"].wanted(),
        received_on=receive.cleaned_data["received_on"] if receive is not None else None,
    )
    if receive is not None:
        messages.success(request, f"{application} saved and marked as received.")


def evaluate_typed(application, forms) -> dict:
    """The panel for what is typed: valid fields applied to unsaved copies, nothing saved.

    `forms`: "form" (the application's fields), "lot_form", "structures", "animals"; the
    resident's online form (permits.online.views) passes its own forms in the same shape.
    """
    _all_valid(forms)
    problems = []
    for form in [forms["form"], forms["lot_form"], *forms["structures"], *forms["animals"]]:
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else "The form"
            problems.append(f"{label}: {errors[0]}")
    for formset in (forms["structures"], forms["animals"]):
        problems.extend(formset.non_form_errors())
    animals = [a for a in forms["animals"].unsaved() if a.species and a.count is not None]
    result = evaluate_parts(
        application=forms["form"].instance,
        lot=forms["lot_form"].instance,
        animals=animals,
        structures=[s for s in forms["structures"].unsaved() if s.label and s.kind],
        setback_enlargements=setback_enlargements_for(application),
        variances=variances_for(application),
        approvals=board_approvals_for(application),
        record=application,
    )
    return panel(result, problems, application=application, animals_listed=bool(animals))


@staff_required
@require_http_methods(["GET", "POST"])
def application_compliance(request, pk):
    """htmx: the compliance panel, for the saved application (GET) or the form as typed (POST).

    A POST saves nothing: it evaluates the facts the form would produce.
    """
    application = _editable(pk)
    if request.method == "POST":
        if not application.is_editable:
            context = {"panel": panel(evaluate_application(application), application=application)}
        else:
            context = {
                "panel": evaluate_typed(application, _intake_forms(application, request.POST))
            }
    else:
        context = {"panel": panel(evaluate_application(application), application=application)}
    return render(request, "_partials/compliance_panel.html", context)
