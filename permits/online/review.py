"""The clerk's review of an application sent online: mark it received, or ask for what is
missing. One page, two forms, each posting to its own action; a refused or invalid form is
shown again on the page with everything typed."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from permits.eligibility import fee_due
from permits.facts_from_records import evaluate_application
from permits.models import Application
from permits.online import actions, eligibility
from permits.online.forms import DiscardDraftForm, InformationRequestForm, ReceiveOnLotForm
from permits.online.sections import labels
from permits.panel import panel
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import attempt


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def online_review(request, pk: int):
    application = get_object_or_404(
        Application.objects.with_facts().filter(channel=Application.Channel.ONLINE), pk=pk
    )
    matching = {
        "matches": eligibility.lots_matching(application),
        "proposal": application.lot_proposal,
    }
    receive = ReceiveOnLotForm(prefix="receive", **matching)
    ask = InformationRequestForm(prefix="ask")
    discard = DiscardDraftForm(prefix="discard")
    if request.method == "POST" and "receive" in request.POST:
        receive = ReceiveOnLotForm(request.POST, prefix="receive", **matching)
        done = attempt(
            request,
            receive,
            lambda data: actions.receive_online_application(
                application=application,
                by=request.user,
                received_on=data["received_on"],
                lot=data["lot"],
                new_lot=data["lot"] is None,
            ),
            lambda received: (
                f"{application} marked received, on the lot {received.lot}. "
                "The applicant was told by e-mail."
            ),
        )
        if done is not None:
            return redirect("permits:application-detail", pk=pk)
    elif request.method == "POST" and "discard" in request.POST:
        discard = DiscardDraftForm(request.POST, prefix="discard")
        done = attempt(
            request,
            discard,
            lambda data: actions.discard_online_draft(
                application=application, by=request.user, reason=data["reason"]
            ),
            f"{application} is discarded: withdrawn, kept on file. The applicant was told.",
        )
        if done is not None:
            return redirect("permits:online-review", pk=pk)
    elif request.method == "POST":
        ask = InformationRequestForm(request.POST, prefix="ask")
        done = attempt(
            request,
            ask,
            lambda data: actions.request_information(
                application=application,
                by=request.user,
                sections=data["sections"],
                message=data["message"],
            ),
            "The request was sent to the applicant by e-mail.",
        )
        if done is not None:
            return redirect("permits:online-review", pk=pk)
    return render(
        request,
        "permits/online/review.html",
        {
            "application": application,
            "receive": receive,
            "ask": ask,
            "discard": discard,
            "abandoned": eligibility.is_abandoned(application),
            "proposal": application.proposed_lot(),
            "requests": [
                (request_, labels(request_.sections))
                for request_ in application.information_requests.select_related("asked_by")
            ],
            "documents": application.documents.filter(voided=False).order_by("kind"),
            "missing": eligibility.submission_refusals(application),
            "panel": panel(evaluate_application(application), application=application),
            "fee": fee_due(application),
            "reviewable": application.status == Application.Status.SUBMITTED,
        },
    )
