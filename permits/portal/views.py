"""The applicant's own pages, the invitation link, and the clerk's "invite" button.

Applicant pages look records up only through `permits.portal.pages`, which starts from the
logged-in user: another applicant's record is a 404, whatever number is typed in the address.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import SetPasswordForm
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from permits.models import Applicant, Document
from permits.online import actions as online_actions
from permits.online import eligibility as online_eligibility
from permits.online.forms import SupplementForm
from permits.portal import actions, invitations
from permits.portal import eligibility as portal_eligibility
from permits.portal import pages as portal
from permits.portal.forms import (
    AccountLinkDecisionForm,
    DetailsChangeDecisionForm,
    RenewalRequestForm,
)
from permits.portal.models import AccountLink, DetailsChange, RenewalRequest
from permits.printing import render_permit_pdf
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import attempt, submit
from stoneham_boh.lib.pdf import pdf_response

# --- the applicant's pages -------------------------------------------------------------------


@role_required(Role.APPLICANT)
@require_GET
def my_applications(request):
    today = timezone.localdate()
    applicant = getattr(request.user, "applicant", None)
    applications = portal.own_applications(request.user).prefetch_related("docket_items__meeting")
    permits = list(portal.portal_permits(request.user).order_by("-year", "-sequence"))
    for permit in permits:
        permit.renewal_state = portal.renewal_state(permit, today)
    return render(
        request,
        "permits/portal/my_applications.html",
        {
            "applicant": applicant,
            "details_change": (
                DetailsChange.objects.pending().filter(applicant=applicant).first()
                if applicant
                else None
            ),
            "applications": applications.order_by("-received_on", "-id"),
            "permits": permits,
            "today": today,
        },
    )


def _own_application(request, pk: int):
    return get_object_or_404(
        portal.with_facts(portal.own_applications(request.user))
        .select_related("permit", "abutter_list")
        .prefetch_related("documents", "information_requests"),
        pk=pk,
    )


def _application_page(request, application, refused=None, status=200):
    """The application's progress page; `refused`: the supplement form shown again with why."""
    today = timezone.localdate()
    return render(
        request,
        "permits/portal/my_application.html",
        {
            "application": application,
            "timeline": portal.timeline(application, today),
            "needed": portal.still_needed(application, today),
            "sent": portal.documents_sent(application),
            "supplements": supplement_forms(application, refused),
            "upload_limit_mb": settings.UPLOAD_MAX_BYTES // (1024 * 1024),
            "hearings": [
                item
                for item in application.docket_items.all()
                if item.status in ("scheduled", "decided", "continued")
            ],
            "permit": getattr(application, "permit", None),
            "open_request": online_eligibility.open_request(application),
            "today": today,
        },
        status=status,
    )


@role_required(Role.APPLICANT)
@require_GET
def my_application(request, pk: int):
    return _application_page(request, _own_application(request, pk))


@role_required(Role.APPLICANT)
@require_POST
def my_supplement(request, pk: int):
    """The applicant sends a document still needed after receipt; the clerk accepts it."""
    application = _own_application(request, pk)
    kind = request.POST.get("kind", "")
    if kind not in online_eligibility.supplement_kinds(application):
        messages.error(request, "This document cannot be sent now: the office has it already.")
        return redirect("permits:my-application", pk=pk)
    form = SupplementForm(
        request.POST, request.FILES, prefix=kind, label=dict(Document.Kind.choices)[kind]
    )
    sent = submit(
        request,
        form,
        lambda data: online_actions.send_supplement(
            application=application, by=request.user, kind=kind, upload=data["file"]
        ),
        success=lambda document: (
            f"{document.get_kind_display()} sent. The clerk checks it and accepts it; this page "
            "says when."
        ),
        then=reverse("permits:my-application", args=[pk]) + "#needed-heading",
        field="file",
    )
    if sent:
        return sent
    messages.error(request, "The file was not sent: see the reason at the field.")
    return _application_page(request, application, refused=(kind, form))


@role_required(Role.APPLICANT)
@require_GET
def my_permit_pdf(request, pk: int):
    permit = get_object_or_404(portal.own_permits(request.user), pk=pk)
    return pdf_response(
        render_permit_pdf(permit, request), f"permit-{permit.number}.pdf", download=True
    )


@role_required(Role.APPLICANT)
@require_http_methods(["GET", "POST"])
def my_renewal(request, pk: int):
    permit = get_object_or_404(portal.own_permits(request.user).prefetch_related("animals"), pk=pk)
    today = timezone.localdate()
    form = RenewalRequestForm(request.POST or None)
    sent = request.method == "POST" and submit(
        request,
        form,
        lambda data: actions.request_renewal(
            permit=permit,
            by=request.user,
            unchanged=data["unchanged"] == "yes",
            changes=data["changes"],
        ),
        success=f"Your request to renew permit {permit.number} was sent. The clerk will prepare "
        "the renewal and tell you the fee.",
        then="permits:my-applications",
    )
    if sent:
        return sent
    return render(
        request,
        "permits/portal/my_renewal.html",
        {
            "permit": permit,
            "form": form,
            "refusals": portal_eligibility.renewal_request_refusals(permit, request.user, today),
            "window": RenewalRequest.window_for(permit),
        },
    )


def supplement_forms(application, refused=None) -> list[dict]:
    """For each §20-20(1) document the applicant may send now: its kind, label, form, and the
    file sent already and waiting for the clerk, if any (a new one replaces it);
    `refused`: (kind, bound form) to show again with its reason."""
    labels = dict(Document.Kind.choices)
    waiting = {d.kind: d for d in application.documents.all() if d.awaiting_acceptance}
    rows = []
    for kind in online_eligibility.supplement_kinds(application):
        if refused and refused[0] == kind:
            form = refused[1]
        else:
            form = SupplementForm(prefix=kind, label=labels[kind])
        rows.append(
            {"kind": kind, "label": labels[kind], "form": form, "waiting": waiting.get(kind)}
        )
    return rows


# --- the invitation link ---------------------------------------------------------------------


@sensitive_post_parameters("new_password1", "new_password2")
@never_cache
@require_http_methods(["GET", "POST"])
def accept_invitation(request, token: str):
    """Public: the link itself is the credential. A used, expired or replaced link says so."""
    invitation = invitations.find(token)
    if invitation is None:
        return render(
            request,
            "permits/portal/invitation_invalid.html",
            {"problem": "This invitation link is not valid. Check that the whole link was copied."},
            status=404,
        )
    problem = invitations.why_unusable(invitation, timezone.now())
    if problem:
        return render(
            request, "permits/portal/invitation_invalid.html", {"problem": problem}, status=410
        )
    form = SetPasswordForm(invitation.user, request.POST or None)
    user = request.method == "POST" and attempt(
        request,
        form,
        lambda data: actions.accept_invitation(
            invitation=invitation, password=data["new_password1"]
        ),
        "Your password is set. Welcome to your pages.",
    )
    if user:
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("permits:my-applications")
    return render(
        request,
        "permits/portal/accept_invitation.html",
        {"invitation": invitation, "form": form},
    )


# --- the clerk's button ----------------------------------------------------------------------


@role_required(Role.CLERK)
@require_POST
def invite_applicant(request, pk: int):
    applicant = get_object_or_404(Applicant, pk=pk)
    try:
        invitation = actions.invite_applicant(applicant=applicant, by=request.user)
    except ActionRefused as error:
        messages.error(request, str(error))  # the message and every reason
    else:
        messages.success(
            request,
            f"Invitation sent to {invitation.email}. The link works once, for 7 days "
            f"(user name {invitation.user.username}).",
        )
    return redirect("permits:applicant-detail", pk=applicant.pk)


@role_required(Role.CLERK)
@require_POST
def account_link_decide(request, pk: int):
    """The clerk confirms (or declines) that a signed-up account is the applicant's on file."""
    link = get_object_or_404(AccountLink.objects.select_related("applicant"), pk=pk)
    form = AccountLinkDecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose whether the account is the applicant's.")
        return redirect("home")
    try:
        if form.cleaned_data["decision"] == "link":
            actions.confirm_account_link(link=link, by=request.user)
            messages.success(request, f"{link.email} is now {link.applicant}'s account.")
        else:
            actions.decline_account_link(link=link, by=request.user)
            messages.success(
                request, f"{link.email} was not linked to {link.applicant}: it has its own record."
            )
    except ActionRefused as error:
        messages.error(request, str(error))
    return redirect("home")


@role_required(Role.CLERK)
@require_POST
def details_change_decide(request, pk: int):
    """The clerk accepts (or declines) a resident's change of their own details."""
    change = get_object_or_404(DetailsChange.objects.select_related("applicant"), pk=pk)
    form = DetailsChangeDecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose whether to accept the change.")
        return redirect("home")
    try:
        if form.cleaned_data["decision"] == "accept":
            actions.accept_details_change(change=change, by=request.user)
            messages.success(request, f"{change.applicant}'s record now has the new details.")
        else:
            actions.decline_details_change(change=change, by=request.user)
            messages.success(request, f"The change of {change.applicant}'s details was declined.")
    except ActionRefused as error:
        messages.error(request, str(error))
    return redirect("home")
