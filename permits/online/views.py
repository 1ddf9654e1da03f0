"""The resident's side of applying online: from the pre-check to a draft, the form, the
uploads, sending and withdrawing.

Records are found only through `permits.portal.pages.own_applications`, which starts from the
logged-in user: another applicant's draft is a 404, whatever number is typed in the address.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_POST

from facilities.models import Lot
from permits.eligibility import fee_due
from permits.facts_from_records import evaluate_application
from permits.forms import AnimalFormSet, LotFactsForm, StructureFormSet
from permits.models import LOT_PROPOSAL_FIELDS, Application
from permits.online import actions, carry, eligibility
from permits.online.forms import (
    AddressForm,
    ConstructionForm,
    KeepingForm,
    YourDetailsForm,
    YourDocumentForm,
)
from permits.online.sections import SECTION_KEYS, labels
from permits.panel import panel
from permits.portal import pages as portal
from permits.precheck.forms import PlanForms
from permits.views.intake import evaluate_typed
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import show_refusal

# --- from the pre-check -----------------------------------------------------------------------


@sensitive_post_parameters()
@never_cache
@require_POST
def apply_with_answers(request):
    """Public: keep the pre-check's answers in the visitor's session and go on to apply.

    Someone not logged in is sent to the log-in page (with its "Sign up" link) first; the
    answers wait in the session meanwhile, which logging in keeps.
    """
    plan = PlanForms(request.POST)
    if not plan.is_valid():
        return render(
            request,
            "permits/precheck/pre_check.html",
            {"plan": plan, "report": None, "adding": ""},
        )
    carry.keep(request.session, plan)
    if not request.user.is_authenticated:
        messages.info(
            request,
            "Your answers are kept. Log in, or sign up if you have no account, to open your "
            "application with them.",
        )
    return redirect("permits:apply-start")


def _applicant_of(user):
    return getattr(user, "applicant", None)


@role_required(Role.APPLICANT)
@require_http_methods(["GET", "POST"])
def apply_start(request):
    """Where the animals will be kept and who applies; opens the draft with any answers."""
    applicant = _applicant_of(request.user)
    answers = carry.waiting(request.session)
    data = request.POST if request.method == "POST" else None
    details = YourDetailsForm(data, instance=applicant, prefix="you")
    address = AddressForm(data, instance=Lot(), prefix="address")
    if request.method == "POST" and details.is_valid() and address.is_valid():
        try:
            application = actions.start_online_application(
                by=request.user,
                details={name: details.cleaned_data[name] for name in details.Meta.fields},
                address=address.cleaned_data,
                answers=answers,
            )
        except ActionRefused as refusal:
            show_refusal(address, refusal)
        else:
            carry.forget(request.session)
            messages.success(
                request,
                f"Draft application #{application.pk} opened"
                + (" with your pre-check answers." if answers else ".")
                + " It is saved each time you press Save; come back to it at any time.",
            )
            return redirect("permits:my-application-edit", pk=application.pk)
    return render(
        request,
        "permits/online/start.html",
        {
            "details": details,
            "address": address,
            "carried": carry.summary(answers) if answers else [],
            "has_applicant": applicant is not None,
        },
    )


# --- the form ----------------------------------------------------------------------------------

# The parts of the form, each with the forms that carry it (section key -> form names).
SECTION_FORMS = {
    "applicant": ("details",),
    "lot": ("address", "lot_form"),
    "animals": ("animals",),
    "structures": ("structures",),
    "keeping": ("keeping",),
    "construction": ("construction",),
}


def _own(request, pk):
    return get_object_or_404(
        portal.with_facts(portal.own_applications(request.user)).filter(
            channel=Application.Channel.ONLINE
        ),
        pk=pk,
    )


def _proposal(application) -> Lot:
    """The lot as the applicant proposes it, unsaved: the forms edit this, never the lot on
    file (an application made before proposals starts from its lot's figures)."""
    if application.lot_proposal or application.lot_id is None:
        return application.proposed_lot()
    return Lot(**{name: getattr(application.lot, name) for name in LOT_PROPOSAL_FIELDS})


def _forms(application, allowed, data=None) -> dict:
    """The forms of the parts the applicant may change now, bound to `data` when posted."""
    proposed = _proposal(application)
    makers = {
        "details": lambda d: YourDetailsForm(d, instance=application.applicant, prefix="you"),
        "address": lambda d: AddressForm(d, instance=proposed, prefix="address"),
        "lot_form": lambda d: LotFactsForm(d, instance=proposed, prefix="lot"),
        "animals": lambda d: AnimalFormSet(d, instance=application, prefix="animals"),
        "structures": lambda d: StructureFormSet(d, instance=application, prefix="structures"),
        "keeping": lambda d: KeepingForm(d, instance=application, prefix="keeping"),
        "construction": lambda d: ConstructionForm(d, instance=application, prefix="construction"),
    }
    return {
        name: makers[name](data)
        for section, names in SECTION_FORMS.items()
        if section in allowed
        for name in names
    }


def _valid(forms: dict) -> bool:
    # Every form validated (not stopping at the first), so all errors show at once.
    results = [form.is_valid() for form in forms.values()]
    return all(results)


def _changes(forms: dict) -> dict:
    """What the valid forms hold, as the action's keyword arguments."""

    def fields(name):
        form = forms.get(name)
        return None if form is None else {f: form.cleaned_data[f] for f in form.Meta.fields}

    changes = {**(fields("keeping") or {}), **(fields("construction") or {})}
    return {
        "details": fields("details"),
        "address": fields("address"),
        "lot_changes": fields("lot_form"),
        "changes": changes,
        "structures": forms["structures"].wanted() if "structures" in forms else None,
        "animals": forms["animals"].wanted() if "animals" in forms else None,
    }


def _panel(application, forms: dict | None) -> dict:
    """The compliance panel: of what is typed, where every part is open to change; else as
    saved (a reply to the clerk changes a few parts, checked once saved)."""
    if forms is not None and all(name in forms for name in ("keeping", "lot_form")):
        forms["construction"].is_valid()  # applies the typed construction to the instance
        return evaluate_typed(
            application,
            {
                "form": forms["keeping"],
                "lot_form": forms["lot_form"],
                "structures": forms["structures"],
                "animals": forms["animals"],
            },
        )
    return panel(evaluate_application(application), application=application)


def _page(request, application, forms=None, upload=None, status=200):
    allowed = eligibility.changeable_sections(application)
    shown = forms if forms is not None else _forms(application, allowed)
    return render(
        request,
        "permits/online/edit.html",
        {
            "application": application,
            "saved": _own(request, application.pk),
            "allowed": allowed,
            "form_sections": [key for key in allowed if key in SECTION_FORMS],
            "read_only": [key for key in SECTION_KEYS if key not in allowed],
            "request_open": eligibility.open_request(application),
            "asked": labels(allowed) if application.status != "draft" else [],
            "panel": _panel(application, forms),
            "upload": upload or YourDocumentForm(prefix="doc"),
            "documents": application.documents.filter(voided=False).order_by("uploaded_at"),
            "missing": eligibility.submission_refusals(application),
            "fee": fee_due(application),
            **shown,
        },
        status=status,
    )


@role_required(Role.APPLICANT)
@require_http_methods(["GET", "POST"])
def my_application_edit(request, pk: int):
    application = _own(request, pk)
    if not application.in_applicants_hands:
        messages.info(request, "This application cannot be changed now.")
        return redirect("permits:my-application", pk=pk)
    if request.method == "GET":
        return _page(request, application)
    allowed = eligibility.changeable_sections(application)
    forms = _forms(application, allowed, request.POST)
    sending = "submit" in request.POST
    if not _valid(forms):
        messages.error(request, "Nothing was saved: correct the marked fields.")
        return _page(request, application, forms)
    try:
        actions.save_online_application(application=application, by=request.user, **_changes(forms))
    except ActionRefused as refusal:
        messages.error(request, f"{refusal.message} {' '.join(refusal.reasons)}")
        return _page(request, _own(request, pk), forms)
    if sending:
        try:
            actions.submit_online_application(application=application, by=request.user)
        except ActionRefused as refusal:
            # What was typed is saved; only the sending waits for what is missing.
            messages.error(
                request, f"Saved, but not sent. {refusal.message} {' '.join(refusal.reasons)}"
            )
            return redirect("permits:my-application-edit", pk=pk)
        messages.success(
            request,
            "Your application was sent to the Board's clerk. You will have an e-mail when it "
            "is received, or if anything is missing.",
        )
        return redirect("permits:my-application", pk=pk)
    messages.success(request, "Draft saved. You can come back to it at any time.")
    return redirect("permits:my-application-edit", pk=pk)


@role_required(Role.APPLICANT)
@require_POST
def my_application_compliance(request, pk: int):
    """htmx: the compliance panel for what is typed; nothing is saved."""
    application = _own(request, pk)
    allowed = eligibility.changeable_sections(application)
    forms = _forms(application, allowed, request.POST) if allowed == SECTION_KEYS else None
    return render(request, "_partials/compliance_panel.html", {"panel": _panel(application, forms)})


@role_required(Role.APPLICANT)
@require_POST
def my_document_upload(request, pk: int):
    application = _own(request, pk)
    form = YourDocumentForm(request.POST, request.FILES, prefix="doc")
    if form.is_valid():
        try:
            document = actions.add_online_document(
                application=application,
                by=request.user,
                kind=form.cleaned_data["kind"],
                upload=form.cleaned_data["file"],
                description=form.cleaned_data["description"],
            )
        except ActionRefused as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(request, f"{document.get_kind_display()} uploaded.")
            return redirect(reverse("permits:my-application-edit", args=[pk]) + "#documents")
    if not application.in_applicants_hands:
        messages.error(request, "The file was not uploaded: the application cannot be changed now.")
        return redirect("permits:my-application", pk=pk)
    messages.error(request, "The file was not uploaded: see the reason at the field.")
    return _page(request, application, upload=form)


@role_required(Role.APPLICANT)
@require_http_methods(["GET", "POST"])
def my_application_withdraw(request, pk: int):
    application = _own(request, pk)
    if request.method == "POST":
        try:
            actions.withdraw_online_application(application=application, by=request.user)
        except ActionRefused as refusal:
            messages.error(request, str(refusal))
        else:
            messages.success(request, f"Application #{pk} is withdrawn. It stays on file.")
        return redirect("permits:my-application", pk=pk)
    return render(request, "permits/online/withdraw.html", {"application": application})
