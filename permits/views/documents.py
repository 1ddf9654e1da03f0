"""An application's documents: received from the clerk, a paper original on file, downloaded,
voided, a supplement the applicant sent accepted (§20-20(1))."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from permits import actions
from permits.application_page import load_application, render_with
from permits.forms import DocumentForm
from permits.models import Document
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import act, submit
from stoneham_boh.lib.forms import ReasonForm
from stoneham_boh.lib.uploads import attachment_response


@role_required(Role.CLERK)
@require_POST
def document_upload(request, pk):
    application = load_application(pk)
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
    return received or render_with(request, application, document_form=form)


@role_required(Role.CLERK)
@require_POST
def document_paper(request, pk):
    """The clerk records that the paper original of a §20-20(1) document is on file."""
    application = load_application(pk)
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
