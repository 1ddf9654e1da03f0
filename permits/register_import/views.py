"""The administrator's page for loading the register: upload, the dry run's report by row,
then Import (which enters exactly the files that were checked)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role

from . import staging
from .columns import COLUMNS
from .documents import Documents, DocumentsError
from .forms import RegisterUploadForm
from .loading import ImportReport, import_register
from .sheet import PAGE_MAX_ROWS


def _page(request, *, form, report: ImportReport | None = None, token: str = "", status=200):
    return render(
        request,
        "permits/register_import.html",
        {"form": form, "report": report, "token": token, "columns": COLUMNS},
        status=status,
    )


def _documents(name: str, content: bytes | None) -> Documents:
    return Documents.from_zip_bytes(content, label=name) if content else Documents.none()


@role_required(Role.ADMIN)
@require_http_methods(["GET", "POST"])
def register_import(request):
    """GET: the upload form and the columns it reads. POST: the dry run, reported by row."""
    if request.method == "GET":
        return _page(request, form=RegisterUploadForm())
    form = RegisterUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, form=form, status=400)
    register, zipped = form.cleaned_data["register"], form.cleaned_data.get("documents")
    register_bytes = register.read()
    zip_bytes = zipped.read() if zipped else None
    try:
        documents = _documents(zipped.name if zipped else "", zip_bytes)
    except DocumentsError as error:
        form.add_error("documents", str(error))
        return _page(request, form=form, status=400)
    report = import_register(
        content=register_bytes,
        name=register.name,
        documents=documents,
        by=request.user,
        max_rows=PAGE_MAX_ROWS,
    )
    if report.file_errors:
        # The file itself cannot be read as a register (too large, no header, not a sheet):
        # said at its field, as any refusal of an upload is.
        for message in report.file_errors:
            form.add_error("register", message)
        return _page(request, form=form, status=400)
    token = ""
    if report.ok:
        token = staging.stage(
            user_id=request.user.pk,
            register_name=register.name,
            register=register_bytes,
            documents_name=zipped.name if zipped else "",
            documents=zip_bytes,
        )
    return _page(request, form=RegisterUploadForm(), report=report, token=token)


@role_required(Role.ADMIN)
@require_POST
def register_import_run(request):
    """Import what the dry run checked, all or nothing."""
    staged = staging.staged(request.POST.get("token", ""), request.user.pk)
    if staged is None:
        messages.error(
            request, "That dry run is no longer kept: choose the files again and check them."
        )
        return redirect("permits:register-import")
    report = import_register(
        content=staged.register,
        name=staged.register_name,
        documents=_documents(staged.documents_name, staged.documents),
        by=request.user,
        dry_run=False,
        max_rows=PAGE_MAX_ROWS,
    )
    if not report.imported:
        # The records changed since the dry run (a number entered meanwhile): say what now fails.
        return _page(request, form=RegisterUploadForm(), report=report, status=409)
    staging.forget(staged.token)
    messages.success(
        request,
        f"{len(report.rows)} permits of the register entered from {report.file_name}, "
        f"provisional until the Board accepts them; {len(report.with_findings)} do not meet "
        "every rule (listed on each entry). Put them before the Board here."
        + (
            f" {len(report.unmatched)} are not on the parcel map: match them to their parcels "
            "(Register entries to match to the parcel map) before the meeting."
            if report.unmatched
            else ""
        ),
    )
    return redirect("hearings:register-acceptance")
