"""Which records make up the history of a meeting and of a docket item."""

from __future__ import annotations

from stoneham_boh.history import Entry, combined_history


def meeting_history(meeting) -> list[Entry]:
    from hearings.models import DocketItem, LegalNotice, Meeting

    return combined_history(
        [
            (Meeting.history.filter(id=meeting.pk), lambda r: "Meeting"),
            (LegalNotice.history.filter(meeting_id=meeting.pk), lambda r: "Legal notice"),
            (
                DocketItem.history.filter(meeting_id=meeting.pk),
                lambda r: f"Docket item: application #{r.application_id}",
            ),
        ]
    )


def docket_item_history(item) -> list[Entry]:
    from hearings.models import AbutterNotice, Decision, DocketItem, Variance, Vote

    return combined_history(
        [
            (DocketItem.history.filter(id=item.pk), lambda r: "Docket item"),
            (
                AbutterNotice.history.filter(docket_item_id=item.pk).select_related("abutter"),
                lambda r: f"Notice to {r.abutter.owner_names}",
            ),
            (Decision.history.filter(docket_item_id=item.pk), lambda r: "Decision"),
            (Vote.history.filter(decision__docket_item_id=item.pk), lambda r: "Vote"),
            (
                Variance.history.filter(decision__docket_item_id=item.pk),
                lambda r: f"Variance of {', '.join(r.rules or [])}",
            ),
        ]
    )
