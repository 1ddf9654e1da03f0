"""The e-mail telling an applicant their hearing's date (sent through permits' e-mail service)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db.models import Q
from django.utils import timezone

from hearings import motions
from hearings.models import BoardMember, DocketItem, Vote
from hearings.ruleset_in_force import ruleset_on
from permits.portal.models import Notification
from permits.portal.notifications import (
    absolute_url,
    address_of,
    has_account,
    send,
    send_after_commit,
)


def notify_hearing_scheduled(docket_item) -> None:
    """Hook for the scheduling action: tell the applicant the date once it is committed.

    Each docket item is told once; an item continued to a later meeting is a new docket item,
    so the applicant hears of the new date too.
    """
    send_after_commit(send_hearing_scheduled, docket_item.pk)


def relief_sought(docket_item) -> list[dict]:
    """The rules a variance request asks the Board to vary, with citations and titles."""
    ruleset = ruleset_on(docket_item.meeting.date)
    return [
        {"citation": ruleset.rules[rule].citation, "title": ruleset.rules[rule].title}
        for rule in docket_item.relief_sought or []
        if rule in ruleset.rules
    ]


def send_hearing_scheduled(docket_item_pk: int) -> Notification | None:
    item = DocketItem.objects.select_related(
        "meeting", "application__applicant__user", "application__lot"
    ).get(pk=docket_item_pk)
    application = item.application
    applicant = application.applicant
    return send(
        Notification.Kind.HEARING_SCHEDULED,
        key=f"hearing_scheduled:{item.pk}",
        to=address_of(applicant),
        applicant=applicant,
        application=application,
        context={
            "item": item,
            "meeting": item.meeting,
            "application": application,
            "applicant": applicant,
            "relief": relief_sought(item),
            "notice_by": item.meeting.last_notice_day,
            "portal_link": absolute_url("permits:my-application", application.pk)
            if has_account(applicant)
            else "",
        },
    )


# --- The Board's own e-mails: changes to its roll, and each member's recorded vote ------------


def _board_addresses(user_pks) -> list[str]:
    today = timezone.localdate()
    current = BoardMember.objects.filter(Q(term_end__isnull=True) | Q(term_end__gte=today))
    users = get_user_model().objects.filter(
        Q(pk__in=current.values("user")) | Q(pk__in=list(user_pks))
    )
    return sorted({u.email.strip() for u in users if u.email.strip()})


def notify_board_roll_changed(record_pk: int, subject: str, body: str, *user_pks) -> None:
    """Tell every member in office or appointed, and the users `user_pks`, of a change to the
    Board's roll once it is committed (never from the demo loader)."""
    send_after_commit(send_board_roll_changed, record_pk, subject, body, user_pks)


def send_board_roll_changed(_record_pk: int, subject: str, body: str, user_pks) -> int:
    addresses = _board_addresses(user_pks)
    if not addresses:
        return 0
    return send_mail(
        f"Board of Health roll: {subject}",
        body + f"\n\nThe roll: {absolute_url('hearings:board-members')}\n",
        None,
        addresses,
    )


def notify_votes_recorded(subject) -> None:
    """Tell each member the vote recorded in their name on `subject` (any motion of the Board:
    hearings.motions), and how to dispute it."""
    send_after_commit(send_votes_recorded, motions.field_of(subject), subject.pk)


def send_votes_recorded(field: str, subject_pk: int) -> int:
    votes = list(Vote.objects.filter(**{f"{field}_id": subject_pk}).select_related("member"))
    if not votes:
        return 0
    subject = votes[0].subject
    what = motions.describe(subject)
    recorder = votes[0].history.earliest().history_user
    by = f"{recorder.get_full_name() or recorder}" if recorder else "The Board's chair"
    link = absolute_url("hearings:my-votes")
    sent = 0
    for vote in votes:
        address = vote.member.email.strip()
        if not address:
            continue
        sent += send_mail(
            f"Your vote was recorded: {what[:120]}",
            f"{by} recorded the Board's roll call on {what}, with your vote: "
            f"{vote.get_vote_display()}.\n\n"
            f"If this is not how you voted, dispute it from your own log-in: {link}\n",
            None,
            [address],
        )
    return sent
