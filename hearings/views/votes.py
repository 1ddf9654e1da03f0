"""A member's own votes and their dispute; the disputed votes the Board has to settle, and its
vote settling each (issue 33 finding 14).

Every member and the clerk see the list; the chair (or the member presiding) records the
Board's settlement and its roll call, through the one mechanism (hearings.actions.votes).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from hearings import actions, motions
from hearings.forms import VoteDisputeForm
from hearings.forms.votes import SettlementForm
from hearings.models import Vote
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role, roles_of
from stoneham_boh.lib.form_actions import attempt


def _disputes_page(request, status=200, failed=None, form=None):
    disputed = Vote.objects.filter(disputed_at__isnull=False).select_related("member")
    rows = []
    for vote in disputed.order_by("disputed_at", "id"):
        settlement = motions.settlement_of(vote)
        subject = vote.subject
        rows.append(
            {
                "vote": vote,
                "motion": motions.describe(subject),
                "settlement": settlement,
                "could_change": vote in motions.in_doubt(subject),
                "form": form if failed == vote.pk else SettlementForm(vote=vote),
            }
        )
    rows.sort(key=lambda row: row["settlement"] is not None)
    # The Board's members record its settlement; the clerk reads the list.
    can_settle = Role.BOARD.value in roles_of(request.user)
    return render(
        request,
        "hearings/disputes.html",
        {"rows": rows, "failed": failed, "can_settle": can_settle},
        status=status,
    )


@role_required(Role.BOARD, Role.CLERK)
@require_GET
def disputes(request):
    return _disputes_page(request)


@role_required(Role.BOARD)
@require_POST
def dispute_settle(request, pk):
    vote = get_object_or_404(Vote, pk=pk, disputed_at__isnull=False)
    form = SettlementForm(request.POST, vote=vote)
    settled = attempt(
        request,
        form,
        lambda data: actions.settle_dispute(vote=vote, by=request.user, **data),
        "The Board's settlement is recorded; each member is e-mailed their vote on it.",
    )
    if settled:
        return redirect("hearings:disputes")
    return _disputes_page(request, status=400, failed=vote.pk, form=form)


def _my_votes_page(request, status=200, failed=None, form=None):
    """Every vote recorded in the member's name, whatever the motion (hearings.motions)."""
    votes = Vote.objects.filter(member=request.user).select_related("member").order_by("-id")[:50]
    rows = [
        {
            "vote": vote,
            "motion": motions.describe(vote.subject),
            "settlement": motions.settlement_of(vote),
        }
        for vote in votes
    ]
    return render(
        request,
        "hearings/my_votes.html",
        {"rows": rows, "failed": failed, "form": form or VoteDisputeForm()},
        status=status,
    )


@role_required(Role.BOARD)
@require_GET
def my_votes(request):
    return _my_votes_page(request)


@role_required(Role.BOARD)
@require_POST
def vote_dispute(request, pk):
    vote = get_object_or_404(Vote, pk=pk, member=request.user)
    form = VoteDisputeForm(request.POST)
    disputed = attempt(
        request,
        form,
        lambda data: actions.dispute_vote(vote=vote, by=request.user, **data),
        "Your dispute is recorded; the Board settles it at a later meeting.",
    )
    if disputed:
        return redirect("hearings:my-votes")
    return _my_votes_page(request, status=400, failed=vote.pk, form=form)
