"""Staff pages of what the Board decides beyond public hearings: its members, revocation
proceedings, the Board's approvals, rescinding a variance. Thin: a form, one action, a redirect.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from hearings import actions
from hearings.forms import (
    ApprovalRequestForm,
    BoardMemberForm,
    EndTermForm,
    HolderNoticeForm,
    RescissionForm,
    RevocationForm,
)
from hearings.models import BoardMember, RevocationProceeding, Variance
from hearings.printing import holder_notice_pdf
from hearings.views import STAFF, _pdf, _submitted
from permits.models import Application, Permit
from stoneham_boh.access import role_required
from stoneham_boh.roles import Role, has_role

# --- The Board's members -----------------------------------------------------------------------


def _members_page(request, status=200, form=None):
    today = timezone.localdate()
    members = list(BoardMember.objects.select_related("user").order_by("-term_start", "name"))
    in_office = [m for m in members if m.in_office_on(today)]
    return render(
        request,
        "hearings/board_members.html",
        {
            "members": members,
            "in_office": in_office,
            "quorum": len(in_office) // 2 + 1,
            "is_clerk": has_role(request.user, [Role.CLERK]),
            "form": form or BoardMemberForm(),
            "end_form": EndTermForm(initial={"term_end": today}),
            "today": today,
        },
        status=status,
    )


@role_required(*STAFF)
@require_GET
def board_members(request):
    return _members_page(request)


@role_required(Role.CLERK)
@require_POST
def board_member_add(request):
    form = BoardMemberForm(request.POST)
    member = _submitted(
        request,
        form,
        lambda data: actions.record_board_member(by=request.user, **data),
        lambda member: f"{member.name} is recorded as a member of the Board.",
    )
    if member:
        return redirect("hearings:board-members")
    return _members_page(request, status=400, form=form)


@role_required(Role.CLERK)
@require_POST
def board_member_end(request, pk):
    member = get_object_or_404(BoardMember, pk=pk)
    form = EndTermForm(request.POST)
    ended = _submitted(
        request,
        form,
        lambda data: actions.end_board_term(member=member, by=request.user, **data),
        f"{member.name}'s term is ended.",
    )
    if ended:
        return redirect("hearings:board-members")
    return _members_page(request, status=400)


# --- Revocation proceedings (§20-20(5)-(6)) ---------------------------------------------------


def _initial_citations(query) -> dict:
    initial = {}
    for key in ("findings", "orders"):
        initial[key] = [int(v) for v in query.getlist(key) if v.isdigit()]
    return initial


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def revocation_open(request, permit_pk):
    permit = get_object_or_404(Permit.objects.select_related("holder", "lot"), pk=permit_pk)
    if request.method == "POST":
        form = RevocationForm(request.POST, permit=permit)
    else:
        form = RevocationForm(permit=permit, initial=_initial_citations(request.GET))
    proceeding = request.method == "POST" and _submitted(
        request,
        form,
        lambda data: actions.open_revocation(permit=permit, by=request.user, **data),
        lambda p: (
            f"The revocation of permit {permit.number} is on the docket of "
            f"{p.docket_item.meeting.date:%B %-d, %Y}. Mail the holder the notice of the hearing."
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
        },
        status=status,
    )


@role_required(*STAFF)
@require_GET
def revocation_detail(request, pk):
    return _proceeding_page(request, _proceeding(pk))


@role_required(Role.CLERK)
@require_POST
def revocation_notice(request, pk):
    proceeding = _proceeding(pk)
    form = HolderNoticeForm(request.POST)
    recorded = _submitted(
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
    return _pdf(holder_notice_pdf(proceeding), f"revocation-hearing-{proceeding.pk}.pdf")


# --- The Board's approvals, and rescinding a variance -----------------------------------------


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def approval_request(request, application_pk):
    application = get_object_or_404(
        Application.objects.select_related("applicant", "lot"), pk=application_pk
    )
    form = ApprovalRequestForm(request.POST or None)
    item = request.method == "POST" and _submitted(
        request,
        form,
        lambda data: actions.request_board_approval(
            application=application, by=request.user, **data
        ),
        lambda item: f"On the docket of {item.meeting.date:%B %-d, %Y} for the Board's vote.",
    )
    if item:
        return redirect("hearings:meeting-detail", pk=item.meeting_id)
    return render(
        request,
        "hearings/approval_request.html",
        {"application": application, "form": form},
        status=400 if form.errors else 200,
    )


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def rescission_open(request, variance_pk):
    variance = get_object_or_404(
        Variance.objects.select_related("application__applicant", "application__lot"),
        pk=variance_pk,
    )
    form = RescissionForm(request.POST or None)
    item = request.method == "POST" and _submitted(
        request,
        form,
        lambda data: actions.open_variance_rescission(variance=variance, by=request.user, **data),
        lambda item: f"The rescission is on the docket of {item.meeting.date:%B %-d, %Y}.",
    )
    if item:
        return redirect("hearings:meeting-detail", pk=item.meeting_id)
    return render(
        request,
        "hearings/rescission_open.html",
        {"variance": variance, "form": form},
        status=400 if form.errors else 200,
    )
