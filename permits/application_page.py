"""The application page, composed: the application with everything its page reads, and the
page's context gathered from a reading of each app (the rules' panel, the fees, the hearings
and variances of hearings.application_hearings, the plan drawn by facilities.siteplan), so that
its templates format and never compute. Every view of the page's forms renders it again
through `render_with` with the form that failed.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from facilities.siteplan.drawing import plan_svg
from hearings.application_hearings import application_hearing
from permits import eligibility
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
from permits.models import DOCUMENT_FIELDS, Application
from permits.panel import panel
from permits.renewals import renewal_summary
from stoneham_boh.lib.readings import one_moment


def load_application(pk):
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


def fees_of(application) -> dict:
    statement = eligibility.fee_statement(application)
    due = statement.total
    paid = eligibility.amount_paid(application)
    return {
        "due": due,
        "statement": statement,
        "paid": paid,
        "balance": None if due is None else max(due - paid, 0),
    }


def correction_form(payment, data=None, outstanding=None):
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


def application_context(application, **forms) -> dict:
    with one_moment():  # the rules' facts and the renewal's summary read the lot's inspections
        return _application_context(application, **forms)


def _application_context(application, **forms) -> dict:
    today = timezone.localdate()
    result = evaluate_application(application, as_of=today)
    fees = fees_of(application)
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
        # Its hearings, variances and the Board's approvals (the hearing card).
        "hearing": application_hearing(application),
        # The plan drawn to scale (inline SVG), when one is drawn.
        "plan_drawing": plan_svg(application, width="100%"),
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
                else correction_form(payment),
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


def render_with(request, application, status=400, **forms):
    return render(
        request,
        "permits/application_detail.html",
        application_context(application, **forms),
        status=status,
    )
