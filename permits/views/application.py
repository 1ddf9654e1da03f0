"""The application page and what the clerk does from it: documents, payments, issue."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from permits import actions, eligibility
from permits.construction import construction_record
from permits.facts_from_records import evaluate_application
from permits.facts_loading import FACT_RELATED, child_prefetch, live_abutter_ids, load_facts
from permits.figures import blank_distance_text
from permits.forms import (
    BuildingInspectorForm,
    DocumentForm,
    IssueForm,
    PaymentCorrectionForm,
    PaymentForm,
    RegisterPermitForm,
    unreceive_form,
)
from permits.history import application_history
from permits.models import DOCUMENT_FIELDS, Applicant, Application, Document
from permits.panel import panel
from permits.renewals import renewal_summary
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import act, submit
from stoneham_boh.lib.forms import ReasonForm
from stoneham_boh.lib.history import history_response
from stoneham_boh.lib.readings import one_moment
from stoneham_boh.lib.uploads import attachment_response


def _application(pk):
    """The application with everything its page reads, in a fixed handful of queries."""
    application = get_object_or_404(
        # The parcel and the drawn plan, for the site plan the page draws.
        Application.objects.select_related(*FACT_RELATED, "permit", "lot__tax_parcel", "site_plan"),
        pk=pk,
    )
    if application.lot_id is None:
        raise Http404("Review the online application and match its lot first.")
    load_facts([application], also=(child_prefetch("documents"), child_prefetch("payments")))
    return application


def _fees(application) -> dict:
    statement = eligibility.fee_statement(application)
    due = statement.total
    paid = eligibility.amount_paid(application)
    return {
        "due": due,
        "statement": statement,
        "paid": paid,
        "balance": None if due is None else max(due - paid, 0),
    }


def application_context(application, **forms) -> dict:
    with one_moment():  # the rules' facts and the renewal's summary read the lot's inspections
        return _application_context(application, **forms)


def _application_context(application, **forms) -> dict:
    today = timezone.localdate()
    result = evaluate_application(application, as_of=today)
    fees = _fees(application)
    refusals = (
        eligibility.refusals_to_issue(application, today, result=result, fees=fees["statement"])
        if application.is_open
        else []
    )
    abutter_list = getattr(application, "abutter_list", None)
    required = [
        {"kind": kind, "label": label, "received": getattr(application, field)}
        for field, kind, label in DOCUMENT_FIELDS
    ]
    return {
        "application": application,
        "renewal": renewal_summary(application, today),
        "panel": panel(result, application=application),
        "blank_distance": blank_distance_text(today),
        # The Board reads the abutters of the hearing (read-only) on its notices page.
        # Its latest hearing, from the prefetched items (newest meeting first).
        "hearing_item": next(iter(application.docket_items.all()), None),
        "fees": fees,
        "payments": application.payments.all(),
        "documents": application.documents.all(),
        # Sent by the applicant after receipt: first on the page until the clerk decides.
        "supplements_waiting": [d for d in application.documents.all() if d.awaiting_acceptance],
        "clerk_letters": application.clerk_letters.select_related("written_by"),
        "abutter_list": abutter_list,
        "abutter_count": len(live_abutter_ids(application)),
        "permit": getattr(application, "permit", None),
        "refusals": refusals,
        # The day a permit issued today would end: December 31, or its variance's end.
        "term_end": eligibility.permit_term_end(application, today, result)
        if application.is_open and not refusals and "error" not in result
        else None,
        # Issued on December 31, a permit is valid for that one day (it expires that night).
        "valid_today_only": (today.month, today.day) == (12, 31)
        and application.is_open
        and not refusals
        and "error" not in result
        and eligibility.permit_term_end(application, today, result) == today,
        "refused": forms.get("refused", []),
        "document_form": forms.get("document_form") or DocumentForm(prefix="doc"),
        "payment_rows": [
            (
                payment,
                forms["correction_form"]
                if forms.get("corrected") == payment.pk
                else _correction_form(payment),
            )
            for payment in application.payments.all()
        ],
        "payment_form": forms.get("payment_form")
        or PaymentForm(
            prefix="pay",
            initial={
                # Nothing is offered once the fee is paid in full.
                "amount": fees["balance"] or None,
                "received_on": today,
                "method": "check",
            },
        ),
        "issue_form": forms.get("issue_form") or IssueForm(prefix="issue"),
        "unreceive_form": forms.get("unreceive_form")
        or (unreceive_form() if application.status == Application.Status.RECEIVED else None),
        "construction": construction_record(application, today),
        "inspector_form": forms.get("inspector_form")
        or BuildingInspectorForm(prefix="inspector", initial={"approved_on": today}),
        "legacy_form": forms.get("legacy_form")
        or RegisterPermitForm(prefix="legacy", initial={"valid_for_year": today.year}),
        # Badge colours for the six §20-20(1) documents: only a new application must have them.
        "required_documents": required,
        "paper_kinds": [doc for doc in required if not doc["received"]]
        if application.is_editable
        else [],
        "doc_classes": "pass,missing"
        if application.kind == Application.Kind.NEW
        else "pass,not_applicable",
    }


@staff_required
@require_GET
def application_detail(request, pk):
    application = _application(pk)
    if application.lot_id is None:
        # Sent online and not yet matched to a lot: the clerk's review is its page until then.
        return redirect("permits:online-review", pk=pk)
    return render(request, "permits/application_detail.html", application_context(application))


@staff_required
@require_GET
def application_history_card(request, pk):
    application = get_object_or_404(Application, pk=pk)
    return history_response(
        request,
        application_history(application),
        title=f"Application #{application.pk}",
        back=reverse("permits:application-detail", args=[application.pk]),
    )


def _render_with(request, application, status=400, **forms):
    return render(
        request,
        "permits/application_detail.html",
        application_context(application, **forms),
        status=status,
    )


@role_required(Role.CLERK)
@require_POST
def document_upload(request, pk):
    application = _application(pk)
    form = DocumentForm(request.POST, request.FILES, prefix="doc")
    received = submit(
        request,
        form,
        lambda data: actions.upload_document(
            application=application,
            kind=data["kind"],
            upload=data["file"],
            description=data["description"],
            by=request.user,
        ),
        success=lambda document: f"{document.get_kind_display()} received.",
        then=reverse("permits:application-detail", args=[pk]) + "#documents",
        field="file",
    )
    return received or _render_with(request, application, document_form=form)


@role_required(Role.CLERK)
@require_POST
def document_paper(request, pk):
    """The clerk records that the paper original of a §20-20(1) document is on file."""
    application = _application(pk)
    act(
        request,
        lambda: actions.record_paper_original(
            application=application, kind=request.POST.get("kind", ""), by=request.user
        ),
        lambda document: (
            f"{document.get_kind_display()}: the paper original is recorded as on file."
        ),
    )
    return redirect(reverse("permits:application-detail", args=[pk]) + "#documents")


@staff_required
@require_GET
def document_download(request, pk):
    """A received file, for staff only; always as a download, never rendered in the page. A
    paper original has no file: its page says where the paper is (a link to it, from any list,
    used to answer 404)."""
    document = get_object_or_404(Document, pk=pk)
    if document.paper_original and not document.file:
        return render(request, "permits/document_paper.html", {"document": document})
    return attachment_response(
        document.file, download_name=document.original_name, content_type=document.content_type
    )


@role_required(Role.CLERK)
@require_POST
def document_void(request, pk):
    document = get_object_or_404(Document, pk=pk)
    form = ReasonForm(request.POST, prefix="void")
    if form.is_valid():
        act(
            request,
            lambda: actions.void_document(
                document=document, reason=form.cleaned_data["reason"], by=request.user
            ),
            f"{document.original_name} voided.",
        )
    else:
        messages.error(request, "Say why the document is voided.")
    return redirect(
        reverse("permits:application-detail", args=[document.application_id]) + "#documents"
    )


@role_required(Role.CLERK)
@require_POST
def document_accept(request, pk):
    """The clerk accepts a document the applicant sent after receipt: it counts now."""
    document = get_object_or_404(Document, pk=pk)
    act(
        request,
        lambda: actions.accept_supplement(document=document, by=request.user),
        f"{document.get_kind_display()} accepted: the application has it now.",
    )
    return redirect(
        reverse("permits:application-detail", args=[document.application_id]) + "#documents"
    )


@role_required(Role.CLERK)
@require_POST
def building_inspector_approval(request, pk):
    """The clerk records the building inspector's approval, its date and document
    (§20-20(2)(a))."""
    application = _application(pk)
    form = BuildingInspectorForm(request.POST, request.FILES, prefix="inspector", user=request.user)
    done = submit(
        request,
        form,
        lambda data: actions.record_building_inspector_approval(
            application=application,
            approved_on=data["approved_on"],
            upload=data["file"],
            description=data["description"],
            by=request.user,
        ),
        success=lambda _: "The building inspector's approval is recorded.",
        then=reverse("permits:application-detail", args=[pk]) + "#construction",
    )
    if done:
        return done
    form.keep_uploads()
    return _render_with(request, application, inspector_form=form)


def _correction_form(payment, data=None, outstanding=None):
    return PaymentCorrectionForm(
        data,
        prefix=f"fix{payment.pk}",
        outstanding=outstanding,
        initial={
            "amount": payment.amount,
            "received_on": payment.received_on,
            "method": payment.method,
            "reference": payment.reference,
        },
    )


@role_required(Role.CLERK)
@require_POST
def payment_correct(request, pk, payment_pk):
    """Void a payment recorded in error, or correct it (void it and record it as it was made),
    with the reason; both kept in the payment's history."""
    application = _application(pk)
    payment = get_object_or_404(application.payments.all(), pk=payment_pk, voided=False)
    then = reverse("permits:application-detail", args=[pk]) + "#fees"
    fees = _fees(application)
    outstanding = None if fees["due"] is None else fees["due"] - fees["paid"] + payment.amount
    form = _correction_form(payment, request.POST, outstanding)
    if "void" in request.POST:
        # Voiding reads only the reason; the payment's own fields are not asked again.
        for name in ("amount", "received_on", "method", "reference"):
            form.fields[name].required = False
        done = submit(
            request,
            form,
            lambda data: actions.void_payment(
                payment=payment, reason=data["reason"], by=request.user
            ),
            success=lambda voided: f"The payment of ${voided.amount} is void.",
            then=then,
        )
    else:
        done = submit(
            request,
            form,
            lambda data: actions.correct_payment(payment=payment, by=request.user, **data),
            success=lambda corrected: (
                f"The payment of ${payment.amount} is void; ${corrected.amount} is recorded in "
                "its place."
            ),
            then=then,
        )
    return done or _render_with(request, application, correction_form=form, corrected=payment.pk)


@role_required(Role.CLERK)
@require_POST
def payment_add(request, pk):
    application = _application(pk)
    fees = _fees(application)
    outstanding = None if fees["due"] is None else fees["balance"]
    form = PaymentForm(request.POST, prefix="pay", outstanding=outstanding)
    done = submit(
        request,
        form,
        lambda data: actions.record_payment(application=application, by=request.user, **data),
        success=lambda payment: f"Payment of ${payment.amount} recorded.",
        then=reverse("permits:application-detail", args=[pk]) + "#fees",
    )
    return done or _render_with(request, application, payment_form=form)


@role_required(Role.CLERK)
@require_POST
def application_issue(request, pk):
    """Issue the permit. Sent twice, it issues one permit and shows it."""
    application = _application(pk)
    form = IssueForm(request.POST, prefix="issue")
    if not form.is_valid():
        return _render_with(request, application, issue_form=form)
    try:
        permit = actions.issue_permit(
            application=application, by=request.user, conditions=form.cleaned_data["conditions"]
        )
    except ActionRefused as refusal:
        # One box says why, beside the button: not a message above the page as well.
        return _render_with(
            request,
            application,
            status=409,
            issue_form=form,
            refused=refusal.reasons or [refusal.message],
        )
    messages.success(
        request, f"Permit {permit.number} issued, valid to {long_date(permit.expires_on)}."
    )
    return redirect("permits:permit-detail", pk=permit.pk)


@role_required(Role.CLERK)
@require_POST
def application_legacy(request, pk):
    """Enter a draft as a permit of the town's paper register (§20-20(8)): provisional until
    the Board accepts it."""
    application = _application(pk)
    form = RegisterPermitForm(request.POST, request.FILES, prefix="legacy")
    done = submit(
        request,
        form,
        lambda data: actions.enter_register_permit(
            application=application, by=request.user, **data
        ),
        success=lambda permit: (
            f"Paper permit {permit.register_number} entered as {permit.number}, provisional "
            "until the Board accepts it"
            + (
                f"; {len(permit.register_findings)} rule"
                f"{'s' if len(permit.register_findings) != 1 else ''} not met, shown on it."
                if permit.register_findings
                else "."
            )
        ),
        then=reverse("permits:application-detail", args=[pk]),
    )
    return done or _render_with(request, application, legacy_form=form)


@staff_required
@require_GET
def applicant_detail(request, pk):
    applicant = get_object_or_404(Applicant, pk=pk)
    return render(
        request,
        "permits/applicant_detail.html",
        {
            "applicant": applicant,
            "applications": applicant.applications.select_related("lot").order_by("-id")[:100],
            "permits": applicant.permits.select_related("lot").order_by("-year", "-sequence")[:100],
        },
    )
