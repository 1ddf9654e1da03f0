"""Which records make up the history of a meeting and of a docket item (see
stoneham_boh.lib.history), and how each is named."""

from __future__ import annotations

from hearings.models import (
    AbutterNotice,
    Decision,
    DecisionCorrection,
    DocketItem,
    LegalNotice,
    Meeting,
    Variance,
    Vote,
)
from stoneham_boh.lib.history import Entry, Source, combined_history, history_of


def meeting_history(meeting) -> list[Entry]:
    return combined_history(
        [
            Source(history_of(Meeting).filter(id=meeting.pk), lambda r: "the meeting"),
            Source(
                history_of(LegalNotice).filter(meeting_id=meeting.pk), lambda r: "the legal notice"
            ),
            Source(
                history_of(DocketItem).filter(meeting_id=meeting.pk),
                lambda r: f"the docket item of application #{r.application_id}",
                counted=("docket item", "docket items"),
            ),
        ]
    )


def docket_item_history(item) -> list[Entry]:
    return combined_history(
        [
            Source(history_of(DocketItem).filter(id=item.pk), lambda r: "the docket item"),
            Source(
                history_of(Decision).filter(docket_item_id=item.pk),
                lambda r: "the decision",
                verbs={"+": "Recorded"},
            ),
            Source(
                history_of(Vote).filter(decision__docket_item_id=item.pk).select_related("member"),
                lambda r: f"the vote of {r.member.get_full_name() or r.member.get_username()}",
                counted=("vote", "votes"),
                tally=lambda r: r.get_vote_display().lower(),
            ),
            Source(
                history_of(DecisionCorrection).filter(decision__docket_item_id=item.pk),
                lambda r: (
                    f"a correction of the decision's {DecisionCorrection.LABELS[r.field]} "
                    f"(a clerical error, not a new vote): {r.reason}"
                ),
                verbs={"+": "Recorded"},
            ),
            Source(
                history_of(Variance).filter(decision__docket_item_id=item.pk),
                lambda r: f"the variance of {', '.join(r.rules or [])}",
            ),
            Source(
                history_of(AbutterNotice).filter(docket_item_id=item.pk).select_related("abutter"),
                lambda r: f"notice to {r.abutter.owner_names}",
                counted=("notice to an abutter", "notices to abutters"),
            ),
        ]
    )
