"""The certified abutter list of an application: entered by hand or imported from a CSV."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from facilities import abutter_csv, actions, regulation
from facilities.abutter_map_check import compare_with_map
from facilities.forms import (
    AbutterConfirmForm,
    AbutterForm,
    AbutterImportForm,
    CertifyForm,
    StrikeAbutterForm,
)
from facilities.models import Abutter, AbutterList
from facilities.parcels.drafting import compare
from permits.models import Application
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.csv_export import spreadsheet_download
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import act, submit
from stoneham_boh.lib.pdf import pdf_response, render_pdf


def _application(pk):
    """The application an abutter list belongs to."""
    return get_object_or_404(Application.objects.select_related("applicant", "lot"), pk=pk)


def _abutter_page(request, application, status=200, **extra):
    abutter_list = AbutterList.objects.filter(application=application).first()
    draft = application.abutter_drafts.prefetch_related("entries").first()
    differences = compare(draft, abutter_list) if draft and abutter_list else None
    abutters = abutter_list.abutters.order_by("voided", "owner_names") if abutter_list else []
    context = {
        "application": application,
        "abutter_list": abutter_list,
        "abutters": abutters,
        "draft": draft,
        "reach_ft": draft.reach_ft if draft else regulation.abutter_reach_ft(),
        "differences": differences,
        "add_form": AbutterForm(prefix="abutter"),
        # A name is struck only on a ground the Assessor's records support, before the letters.
        "strike_grounds": Abutter.STRIKE_GROUND_CHOICES,
        "import_form": AbutterImportForm(prefix="import"),
        "certify_form": CertifyForm(
            prefix="certify",
            initial={"certified_on": abutter_list.certified_on if abutter_list else None},
        ),
        **extra,
    }
    return render(request, "permits/abutter_import.html", context, status=status)


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def abutter_import(request, pk):
    """The certified abutter list: preview an Assessor's CSV, then confirm to import it."""
    application = _application(pk)
    if request.method == "GET":
        return _abutter_page(request, application)
    if "confirm" in request.POST:
        return _confirm_import(request, application)
    form = AbutterImportForm(request.POST, request.FILES, prefix="import")
    if not form.is_valid():
        return _abutter_page(request, application, status=400, import_form=form)
    upload = form.cleaned_data["file"]
    text, parsed = abutter_csv.read_upload(upload.read(), upload.name or "")
    for index, comparison in compare_with_map(parsed.values()).items():
        parsed.rows[index].map_check = comparison
    confirm = AbutterConfirmForm(
        initial={
            "csv_text": text,
            "source_name": (upload.name or "")[:200],
            "certified_on": form.cleaned_data["certified_on"],
        }
    )
    return _abutter_page(
        request,
        application,
        status=200 if parsed.importable else 400,
        import_form=form,
        preview=parsed,
        confirm_form=confirm,
    )


def _confirm_import(request, application):
    confirm = AbutterConfirmForm(request.POST)
    if not confirm.is_valid():
        messages.error(request, "The preview expired or was changed; upload the file again.")
        return _abutter_page(request, application, status=400)
    parsed = abutter_csv.parse(confirm.cleaned_data["csv_text"])
    if not parsed.importable:
        return _abutter_page(request, application, status=400, preview=parsed)
    try:
        actions.import_abutters(
            application=application,
            rows=parsed.values(),
            certified_on=confirm.cleaned_data["certified_on"],
            source_name=confirm.cleaned_data["source_name"],
            by=request.user,
        )
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return _abutter_page(request, application, status=409)
    messages.success(request, f"{len(parsed.rows)} abutters imported from the certified list.")
    return redirect("permits:abutter-import", pk=application.pk)


@role_required(Role.CLERK)
@require_POST
def abutter_add(request, pk):
    application = _application(pk)
    form = AbutterForm(request.POST, prefix="abutter")
    done = submit(
        request,
        form,
        lambda data: actions.add_abutter(application=application, by=request.user, **data),
        success=lambda abutter: f"{abutter.owner_names} added.",
        then=reverse("permits:abutter-import", args=[pk]),
    )
    return done or _abutter_page(request, application, status=400, add_form=form)


@role_required(Role.CLERK)
@require_POST
def abutter_certify(request, pk):
    application = _application(pk)
    form = CertifyForm(request.POST, prefix="certify")
    done = submit(
        request,
        form,
        lambda data: actions.certify_abutter_list(
            application=application, certified_on=data["certified_on"], by=request.user
        ),
        success="Certification date recorded.",
        then=reverse("permits:abutter-import", args=[pk]),
    )
    return done or _abutter_page(request, application, status=400, certify_form=form)


@role_required(Role.CLERK)
@require_POST
def abutter_void(request, pk):
    abutter = get_object_or_404(Abutter.objects.select_related("abutter_list__application"), pk=pk)
    application = abutter.abutter_list.application
    form = StrikeAbutterForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
    else:
        act(
            request,
            lambda: actions.void_abutter(
                abutter=abutter,
                ground=form.cleaned_data["ground"],
                reason=form.cleaned_data["reason"],
                by=request.user,
            ),
            f"{abutter.owner_names} struck from the list.",
        )
    return redirect("permits:abutter-import", pk=application.pk)


@role_required(Role.CLERK)
@require_POST
def abutter_draft(request, pk):
    """Draft the abutter list from the parcel map (§20-14), for the Assessor to certify."""
    application = _application(pk)
    act(
        request,
        lambda: actions.draft_abutter_list(application=application, by=request.user),
        lambda draft: (
            f"{draft.entries.count()} abutters drafted from the FY{draft.fiscal_year} map."
        ),
    )
    return redirect("permits:abutter-import", pk=application.pk)


DRAFT_COLUMNS = (
    ("Why an abutter (§20-14)", lambda e: e.get_reason_display()),
    ("Parcel id", lambda e: e.map_par_id),
    ("Site address", lambda e: e.site_address),
    ("Owner", lambda e: e.owner_name),
    ("Mailing street", lambda e: e.owner_street),
    ("City", lambda e: e.owner_city),
    ("State", lambda e: e.owner_state),
    ("ZIP", lambda e: e.owner_zip),
)


def _draft_of(request, application):
    draft = application.abutter_drafts.prefetch_related("entries").first()
    if draft is None:
        messages.error(request, "Draft the list from the parcel map first.")
    return draft


def _draft_stem(application) -> str:
    return f"abutters-draft-application-{application.pk}"


@role_required(Role.CLERK)
@require_GET
def abutter_draft_download(request, pk, fmt: str):
    """The drafted list as a spreadsheet (CSV or .xlsx), for the Assessor to check and
    certify, so that an accented name reads as written in Excel."""
    application = _application(pk)
    draft = _draft_of(request, application)
    if draft is None:
        return redirect("permits:abutter-import", pk=application.pk)
    return spreadsheet_download(
        [title for title, _ in DRAFT_COLUMNS],
        ([value(entry) or "" for _, value in DRAFT_COLUMNS] for entry in draft.entries.all()),
        _draft_stem(application),
        fmt,
    )


@role_required(Role.CLERK)
@require_GET
def abutter_draft_pdf(request, pk):
    """The drafted list printed, with a place for the Assessor's certification."""
    application = _application(pk)
    draft = _draft_of(request, application)
    if draft is None:
        return redirect("permits:abutter-import", pk=application.pk)
    content = render_pdf(
        "pdf/abutter_draft.html",
        {"application": application, "draft": draft, "entries": list(draft.entries.all())},
        request=request,
    )
    return pdf_response(content, f"{_draft_stem(application)}.pdf")
