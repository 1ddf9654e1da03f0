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
    ReplaceDocumentForm,
    YourDetailsForm,
    YourDocumentForm,
)
from permits.online.sections import SECTION_KEYS, labels
from permits.panel import panel
from permits.portal import pages as portal
from permits.portal.models import DetailsChange
from permits.precheck.forms import PlanForms
from permits.views.intake import evaluate_typed
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import STAFF, Role, has_role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import act, attempt
from stoneham_boh.lib.record_ids import record_id

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


def apply(request):
    """Public: the "Apply for a permit" start on the home page and in the menu.

    A visitor goes on to the online application (the log-in page first, with its "Sign up"
    link); the office's staff open a new application through the intake instead.
    """
    if request.user.is_authenticated and has_role(request.user, STAFF):
        return redirect("permits:application-new")
    return redirect("permits:apply-start")


def _applicant_of(user):
    return getattr(user, "applicant", None)


def _pending_change(applicant):
    if applicant is None:
        return None
    return DetailsChange.objects.pending().filter(applicant=applicant).first()


def _say_details_change(request, applicant, before) -> None:
    """A change of the resident's name, address or phone is not saved on the record: it goes to
    the clerk to accept (permits.portal.actions.propose_details_change). Said where they look,
    or what they typed seems to vanish from the form."""
    change = _pending_change(applicant)
    if change is None or (before is not None and change.pk == before.pk):
        return
    messages.info(
        request,
        f"Your change of details went to the Board's clerk to accept: {change.asked_in_words}. "
        "Until the clerk accepts it, your record (and this form) keeps what it says now; it "
        "waits on “Your applications and permits”.",
    )


@role_required(Role.APPLICANT)
@require_http_methods(["GET", "POST"])
def apply_start(request):
    """Where the animals will be kept and who applies; opens the draft with any answers."""
    applicant = _applicant_of(request.user)
    answers = carry.waiting(request.session)
    data = request.POST if request.method == "POST" else None
    details = YourDetailsForm(data, instance=applicant, prefix="you")
    address = AddressForm(data, instance=Lot(), prefix="address")
    # A refusal (the address cannot be placed, say) lands on the address form.
    details_valid = request.method == "POST" and details.is_valid()
    before = _pending_change(applicant)
    application = details_valid and attempt(
        request,
        address,
        lambda typed: actions.start_online_application(
            by=request.user,
            details={name: details.cleaned_data[name] for name in details.Meta.fields},
            address=typed,
            answers=answers,
        ),
        lambda opened: (
            f"Draft application #{opened.pk} opened"
            + (" with your pre-check answers." if answers else ".")
            + " It is saved each time you press Save; come back to it at any time."
        ),
    )
    if application:
        carry.forget(request.session)
        _say_details_change(request, application.applicant, before)
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


def _document_rows(application, replacing=None, replacing_pk=None):
    """The draft's documents, each with the form that replaces it (the one refused, bound)."""
    return [
        (
            document,
            replacing
            if document.pk == replacing_pk
            else ReplaceDocumentForm(prefix=f"replace-{document.pk}", owner=FORM_ID),
        )
        for document in application.documents.filter(voided=False).order_by("uploaded_at")
    ]


def _page(
    request, application, forms=None, upload=None, replacing=None, replacing_pk=None, status=200
):
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
            "upload": upload or YourDocumentForm(prefix="doc", owner=FORM_ID),
            "documents": _document_rows(application, replacing, replacing_pk),
            "replacing_pk": replacing_pk,
            "form_id": FORM_ID,
            "form_marker": FORM_MARKER,
            "missing": eligibility.submission_refusals(application),
            "details_change": _pending_change(application.applicant),
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
    before = _pending_change(application.applicant)
    try:
        actions.save_online_application(application=application, by=request.user, **_changes(forms))
    except ActionRefused as refusal:
        messages.error(request, f"{refusal.message} {' '.join(refusal.reasons)}")
        return _page(request, _own(request, pk), forms)
    _say_details_change(request, application.applicant, before)
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


# The application's form: the documents' fields and buttons belong to it (the HTML `form`
# attribute), so that an upload, a removal or a replacement sends what is typed with it.
FORM_ID = "online-form"
# A hidden field of that form: a post without it (a bare upload) has no typed fields to save.
FORM_MARKER = "online-form-fields"


def _document_step(request, application):
    """The step a document button asks for: (verb, document or None, its form or None)."""
    for verb in ("remove", "replace"):
        if verb in request.POST:
            document = application.documents.filter(
                pk=record_id(request.POST[verb]), voided=False
            ).first()
            form = document and ReplaceDocumentForm(
                request.POST, request.FILES, prefix=f"replace-{document.pk}", owner=FORM_ID
            )
            return verb, document, (form if verb == "replace" else None)
    return (
        "upload",
        None,
        YourDocumentForm(request.POST, request.FILES, prefix="doc", owner=FORM_ID),
    )


def _take_document_step(request, application, verb, document, form):
    """The removal, replacement or upload; the document changed, or None (why: on `form`,
    or in a message where there is no form)."""
    if verb == "remove":
        if document is None:
            messages.error(request, "That file is no longer on the application.")
            return None
        return act(
            request,
            lambda: actions.remove_online_document(document=document, by=request.user),
            f"{document.original_name} is removed. It stays in the application's history.",
        )
    if document is None and verb == "replace":
        messages.error(request, "That file is no longer on the application.")
        return None
    if verb == "replace":
        return attempt(
            request,
            form,
            lambda data: actions.replace_online_document(
                document=document, by=request.user, upload=data["file"]
            ),
            lambda new: f"{document.original_name} is replaced by {new.original_name}.",
            field="file",
        )
    return attempt(
        request,
        form,
        lambda data: actions.add_online_document(
            application=application,
            by=request.user,
            kind=data["kind"],
            upload=data["file"],
            description=data["description"],
        ),
        lambda added: f"{added.get_kind_display()} uploaded.",
        field="file",
    )


@role_required(Role.APPLICANT)
@require_POST
def my_document_upload(request, pk: int):
    """Upload, replace or remove a document of the draft, saving what is typed on the form
    first (it comes with the post): nothing typed is lost to an upload, with or without
    scripts. A file refused, or fields that do not validate, show the page again with
    everything as typed and the reason at its field."""
    application = _own(request, pk)
    if not application.in_applicants_hands:
        messages.error(request, "The file was not uploaded: the application cannot be changed now.")
        return redirect("permits:my-application", pk=pk)
    forms = None
    saved = True
    if FORM_MARKER in request.POST:
        forms = _forms(application, eligibility.changeable_sections(application), request.POST)
        saved = _valid(forms)
        if saved and forms:
            before = _pending_change(application.applicant)
            try:
                actions.save_online_application(
                    application=application, by=request.user, **_changes(forms)
                )
            except ActionRefused as refusal:
                saved = False
                messages.error(request, f"{refusal.message} {' '.join(refusal.reasons)}")
            else:
                _say_details_change(request, application.applicant, before)
        application = _own(request, pk)
    verb, document, form = _document_step(request, application)
    done = _take_document_step(request, application, verb, document, form)
    if done is not None and saved:
        if forms:
            messages.success(request, "What you typed on the form is saved too.")
        return redirect(reverse("permits:my-application-edit", args=[pk]) + "#documents")
    if not saved:
        messages.error(
            request,
            "Your changes on the form are not saved yet: correct the marked "
            "fields, then press Save.",
        )
    elif done is None and forms:
        messages.info(request, "What you typed on the form is saved.")
    if done is None and form is not None:
        messages.error(request, "The file was not uploaded: see the reason at the field.")
    application = _own(request, pk)
    return _page(
        request,
        application,
        forms if not saved else None,
        upload=form if verb == "upload" and done is None else None,
        replacing=form if verb == "replace" and done is None else None,
        replacing_pk=document.pk if verb == "replace" and document else None,
    )


@role_required(Role.APPLICANT)
@require_http_methods(["GET", "POST"])
def my_application_withdraw(request, pk: int):
    application = _own(request, pk)
    if request.method == "POST":
        act(
            request,
            lambda: actions.withdraw_online_application(application=application, by=request.user),
            f"Application #{pk} is withdrawn. It stays on file.",
        )
        return redirect("permits:my-application", pk=pk)
    return render(request, "permits/online/withdraw.html", {"application": application})
