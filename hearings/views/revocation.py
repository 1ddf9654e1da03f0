"""Revocation proceedings (§20-20(5)-(6)): the clerk brings a permit's violations before the
Board, the holder is noticed, the Board decides on the docket (views.decisions)."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from hearings import actions
from hearings.forms import HolderNoticeForm, RevocationForm
from hearings.models import RevocationProceeding
from hearings.printing import holder_notice_pdf
from permits.models import Permit
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.pdf import pdf_response
from stoneham_boh.lib.record_ids import record_id

# --- Revocation proceedings (§20-20(5)-(6)) ---------------------------------------------------


def _initial_citations(query) -> dict:
    initial = {}
    for key in ("findings", "orders"):
        initial[key] = [pk for pk in map(record_id, query.getlist(key)) if pk is not None]
    return initial


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def revocation_open(request, permit_pk):
    permit = get_object_or_404(Permit.objects.select_related("holder", "lot"), pk=permit_pk)
    if request.method == "POST":
        form = RevocationForm(request.POST, permit=permit)
    else:
        form = RevocationForm(permit=permit, initial=_initial_citations(request.GET))
    proceeding = request.method == "POST" and attempt(
        request,
        form,
        lambda data: actions.open_revocation(permit=permit, by=request.user, **data),
        lambda p: (
            f"The revocation of permit {permit.number} is on the docket of "
            f"{long_date(p.docket_item.meeting.date)}. Mail the holder the notice of the hearing."
        ),
    )
    if proceeding:
        return redirect("hearings:revocation-detail", pk=proceeding.pk)
    return render(
        request,
        "hearings/revocation_open.html",
        {"permit": permit, "form": form},
        status=400 if form.errors else 200,
    )


def _proceeding(pk):
    return get_object_or_404(
        RevocationProceeding.objects.select_related(
            "permit__holder", "permit__lot", "docket_item__meeting", "docket_item__decision"
        ).prefetch_related("findings__inspection", "orders"),
        pk=pk,
    )


def _proceeding_page(request, proceeding, status=200, notice_form=None):
    item = proceeding.docket_item
    return render(
        request,
        "hearings/revocation_detail.html",
        {
            "proceeding": proceeding,
            "permit": proceeding.permit,
            "item": item,
            "decision": getattr(item, "decision", None),
            "notice_form": notice_form or HolderNoticeForm(),
            "is_clerk": has_role(request.user, [Role.CLERK]),
            "revocation_notice_days": settings.REVOCATION_NOTICE_DAYS,
        },
        status=status,
    )


@staff_required
@require_GET
def revocation_detail(request, pk):
    return _proceeding_page(request, _proceeding(pk))


@role_required(Role.CLERK)
@require_POST
def revocation_notice(request, pk):
    proceeding = _proceeding(pk)
    form = HolderNoticeForm(request.POST)
    recorded = attempt(
        request,
        form,
        lambda data: actions.record_holder_notice(proceeding=proceeding, by=request.user, **data),
        "The notice of the hearing to the holder is recorded.",
    )
    if recorded:
        return redirect("hearings:revocation-detail", pk=proceeding.pk)
    return _proceeding_page(request, proceeding, status=400, notice_form=form)


@role_required(Role.CLERK)
@require_GET
def revocation_notice_pdf(request, pk):
    proceeding = _proceeding(pk)
    return pdf_response(holder_notice_pdf(proceeding), f"revocation-hearing-{proceeding.pk}.pdf")
