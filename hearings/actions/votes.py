"""A member's own vote on a decision, disputed by that member."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import refuse_if
from hearings.models import Vote
from stoneham_boh.lib.history import save_as


@transaction.atomic
def dispute_vote(*, vote: Vote, statement: str, by) -> Vote:
    """A member says the vote recorded in their name is not how they voted: the dispute is kept
    on the decision for the Board to correct at its next meeting."""
    vote = Vote.objects.select_for_update().get(pk=vote.pk)
    reasons = []
    if by.pk != vote.member_id:
        reasons.append("Only the member whose vote it is can dispute it.")
    if vote.disputed_at is not None:
        reasons.append("This vote is already disputed.")
    if not statement.strip():
        reasons.append("Say how you voted, or what is wrong with the record.")
    refuse_if(reasons, "The vote cannot be disputed.")
    vote.disputed_at = timezone.now()
    vote.dispute = statement.strip()[:2000]
    return save_as(vote, by)
