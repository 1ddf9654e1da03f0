"""The clerk's pages of public records requests: the list with each due date, a new request,
one request with its package (redactions in place), the package as PDF and zip, the response."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from inspections.models import Complaint
from records import actions, complainants, passages
from records.clocks import records_response_deadline
from records.forms import (
    PassageForm,
    RecordsRequestForm,
    RedactionForm,
    ResponseForm,
    WrittenResponseForm,
)
from records.models import (
    ComplainantRelease,
    Exemption,
    RecordsRequest,
    Redaction,
    WrittenResponse,
)
from records.package import assemble, package_pdf, package_zip
from records.printing import response_pdf
from records.readings import open_requests
from records.response import compose, due_day
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import act, attempt
from stoneham_boh.lib.pdf import pdf_response


@role_required(Role.CLERK)
@require_GET
def request_list(request):
    return render(
        request,
        "records/request_list.html",
        {
            "open": open_requests(),
            "answered": RecordsRequest.objects.filter(responded_on__isnull=False)[:50],
            "today": timezone.localdate(),
        },
    )


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def request_new(request):
    form = RecordsRequestForm(request.POST or None)
    if request.method == "POST":
        made = attempt(
            request,
            form,
            lambda data: actions.log_request(by=request.user, **data),
            lambda r: (
                f"Request #{r.pk} logged; the response is due "
                f"{long_date(records_response_deadline(r.received_on).when)}."
            ),
        )
        if made:
            return redirect("records:request-detail", pk=made.pk)
    return render(
        request, "records/request_new.html", {"form": form}, status=400 if form.errors else 200
    )


def _detail(request, records_request, status=200, **forms):
    package = assemble(records_request) if records_request.permit_id else None
    places = passages.places_in(package) if package else []
    releases = {
        r.complaint_id: r
        for r in ComplainantRelease.objects.filter(request=records_request, withdrawn=False)
    }
    return render(
        request,
        "records/request_detail.html",
        {
            "records_request": records_request,
            "clock": records_response_deadline(records_request.received_on),
            "package": package,
            "redactions": Redaction.objects.filter(request=records_request).select_related(
                "exemption", "recorded_by"
            ),
            "exemptions": Exemption.objects.filter(in_use=True),
            "response_form": forms.get("response_form") or ResponseForm(),
            "written_form": forms.get("written_form")
            or WrittenResponseForm(instance=_written(records_request)),
            "written": _written(records_request),
            "letter": _letter(records_request),
            "due": due_day(records_request),
            "redaction_error": forms.get("redaction_error", ""),
            "passage_form": forms.get("passage_form") or PassageForm(places=places),
            "passage_places": places,
            "complainant_citation": complainants.CITATION,
            # Each complaint: withheld by default (releasable), by a redaction, or released.
            "complaint_rows": [
                (
                    complaint,
                    withheld,
                    target,
                    releases.get(complaint.pk),
                    withheld is not None and withheld.citation == complainants.CITATION,
                )
                for complaint, withheld, target in (package.complaints if package else [])
            ],
            "today": timezone.localdate(),
        },
        status=status,
    )


@role_required(Role.CLERK)
@require_GET
def request_detail(request, pk):
    return _detail(request, get_object_or_404(RecordsRequest, pk=pk))


@role_required(Role.CLERK)
@require_POST
def request_redact(request, pk):
    records_request = get_object_or_404(RecordsRequest, pk=pk)
    form = RedactionForm(request.POST)
    if not form.is_valid():
        return _detail(request, records_request, 400, redaction_error="Choose the exemption.")
    try:
        actions.redact(request=records_request, by=request.user, **form.cleaned_data)
    except ActionRefused as refusal:
        return _detail(request, records_request, 400, redaction_error=str(refusal))
    messages.success(request, "Withheld from the package, with its exemption named.")
    return redirect("records:request-detail", pk=pk)


@role_required(Role.CLERK)
@require_POST
def request_redact_passage(request, pk):
    """Withhold words of a record's text; each refusal at its field, nothing typed lost."""
    records_request = get_object_or_404(RecordsRequest, pk=pk)
    package = assemble(records_request) if records_request.permit_id else None
    form = PassageForm(request.POST, places=passages.places_in(package) if package else ())
    if form.is_valid():
        try:
            actions.redact_passage(request=records_request, by=request.user, **form.cleaned_data)
        except ActionRefused as refusal:
            for name, reasons in getattr(refusal, "at_fields", {None: refusal.reasons}).items():
                for reason in reasons:
                    form.add_error(name if name in form.fields else None, reason)
        else:
            messages.success(request, "The words are withheld, with their exemption named.")
            return redirect("records:request-detail", pk=pk)
    return _detail(request, records_request, 400, passage_form=form)


@role_required(Role.CLERK)
@require_POST
def redaction_withdraw(request, pk):
    redaction = get_object_or_404(Redaction, pk=pk)
    act(
        request,
        lambda: actions.withdraw_redaction(redaction=redaction, by=request.user),
        "The redaction is withdrawn; its record is kept.",
    )
    return redirect("records:request-detail", pk=redaction.request_id)


@role_required(Role.CLERK)
@require_POST
def complainant_release(request, pk, complaint_pk):
    """Release a complainant's identity (withheld by default) to this request."""
    records_request = get_object_or_404(RecordsRequest, pk=pk)
    complaint = get_object_or_404(Complaint, pk=complaint_pk)
    try:
        actions.release_complainant(
            request=records_request,
            complaint=complaint,
            reason=request.POST.get("reason", "")[:300],
            by=request.user,
        )
    except ActionRefused as refusal:
        return _detail(request, records_request, 400, redaction_error=str(refusal))
    messages.success(request, "The complainant's identity is released to this request.")
    return redirect("records:request-detail", pk=pk)


@role_required(Role.CLERK)
@require_POST
def complainant_withhold_again(request, pk):
    release = get_object_or_404(ComplainantRelease, pk=pk)
    act(
        request,
        lambda: actions.withhold_complainant_again(release=release, by=request.user),
        "The complainant's identity is withheld again.",
    )
    return redirect("records:request-detail", pk=release.request_id)


@role_required(Role.CLERK)
@require_POST
def request_respond(request, pk):
    records_request = get_object_or_404(RecordsRequest, pk=pk)
    form = ResponseForm(request.POST)
    done = attempt(
        request,
        form,
        lambda data: actions.record_response(request=records_request, by=request.user, **data),
        "The response is recorded.",
    )
    if done:
        return redirect("records:request-detail", pk=pk)
    return _detail(request, records_request, 400, response_form=form)


def _package(pk):
    records_request = get_object_or_404(RecordsRequest.objects.select_related("permit"), pk=pk)
    if records_request.permit_id is None:
        raise Http404("The request names no permit.")
    return records_request, assemble(records_request)


@role_required(Role.CLERK)
@require_GET
def package_as_pdf(request, pk):
    records_request, package = _package(pk)
    name = f"records-request-{records_request.pk}-permit-{package.permit.number}.pdf"
    return pdf_response(package_pdf(package, request), name, download=True)


@role_required(Role.CLERK)
@require_GET
def package_as_zip(request, pk):
    records_request, package = _package(pk)
    response = HttpResponse(package_zip(package, request), content_type="application/zip")
    name = f"records-request-{records_request.pk}-permit-{package.permit.number}.zip"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response


def _written(records_request) -> WrittenResponse | None:
    return WrittenResponse.objects.filter(request=records_request).first()


def _letter(records_request):
    written = _written(records_request)
    if written is None:
        return None
    return compose(written, written.signed_on or timezone.localdate())


@role_required(Role.CLERK)
@require_POST
def written_response_draft(request, pk):
    records_request = get_object_or_404(RecordsRequest, pk=pk)
    form = WrittenResponseForm(request.POST, instance=_written(records_request))
    if form.is_valid():
        data = {name: form.cleaned_data[name] for name in form.Meta.fields}
        try:
            actions.draft_response(request=records_request, by=request.user, **data)
        except ActionRefused as refusal:
            at_fields = getattr(refusal, "by_field", {})
            for field, reason in at_fields.items():
                form.add_error(field, reason)
            if not at_fields:
                form.add_error(None, str(refusal))
        else:
            messages.success(request, "The draft of the written response is saved.")
            return redirect(reverse("records:request-detail", args=[pk]) + "#written-heading")
    return _detail(request, records_request, 400, written_form=form)


@role_required(Role.CLERK)
@require_GET
def written_response_pdf(request, pk):
    written = get_object_or_404(WrittenResponse.objects.select_related("request"), request=pk)
    state = "signed" if written.signed else "draft"
    return pdf_response(
        response_pdf(written, request), f"records-request-{pk}-response-{state}.pdf"
    )


@role_required(Role.CLERK)
@require_POST
def written_response_sign(request, pk):
    records_request = get_object_or_404(RecordsRequest, pk=pk)
    act(
        request,
        lambda: actions.sign_response(request=records_request, by=request.user),
        "The written response is signed and sent; the request is answered.",
    )
    return redirect("records:request-detail", pk=pk)
