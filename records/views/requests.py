"""The clerk's pages of public records requests: the list with each due date, a new request,
one request with its package (redactions in place), the package as PDF and zip, the response."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from hearings.clocks import records_response_deadline
from records import actions
from records.forms import RecordsRequestForm, RedactionForm, ResponseForm
from records.models import Exemption, RecordsRequest, Redaction
from records.package import assemble, package_pdf, package_zip
from records.readings import open_requests
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import attempt
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
                f"{records_response_deadline(r.received_on).when:%B %-d, %Y}."
            ),
        )
        if made:
            return redirect("records:request-detail", pk=made.pk)
    return render(
        request, "records/request_new.html", {"form": form}, status=400 if form.errors else 200
    )


def _detail(request, records_request, status=200, **forms):
    package = assemble(records_request) if records_request.permit_id else None
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
            "redaction_error": forms.get("redaction_error", ""),
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
def redaction_withdraw(request, pk):
    redaction = get_object_or_404(Redaction, pk=pk)
    try:
        actions.withdraw_redaction(redaction=redaction, by=request.user)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, "The redaction is withdrawn; its record is kept.")
    return redirect("records:request-detail", pk=redaction.request_id)


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
        from django.http import Http404

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
