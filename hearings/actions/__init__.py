"""Changes of state of hearings: meetings, the docket, notices, decisions and variances.

Every action is atomic, names who acted (`by`), re-checks what it depends on, and raises
`ActionRefused` with every reason when it cannot proceed. `today` defaults to the local date;
the demo loader and tests pass it to act on other days.

Each noun has its own module, and that module is the action's home: read it there, and import
from it in new code (`from hearings.actions.decisions import Ruling`). This package re-exports
every public name, so that `from hearings import actions` and `actions.record_decision(...)`
keep working: the views, the demo and the tests call the actions that way, as the branches
written before the split do. Helpers several nouns share are in `_common.py`.
"""

from __future__ import annotations

from hearings.actions.approvals import request_board_approval
from hearings.actions.attendance import record_attendance
from hearings.actions.board_roll import appoint_board_member, end_board_term, set_board_seats
from hearings.actions.decisions import (
    RESULTS,
    Ruling,
    VarianceGranted,
    keeps_its_notice,
    record_decision,
)
from hearings.actions.docket import schedule_hearing, update_docket_item, withdraw_docket_item
from hearings.actions.executive_sessions import (
    enter_executive_session,
    record_executive_minutes,
    release_executive_minutes,
)
from hearings.actions.legal_notice import (
    draft_legal_notice,
    edit_legal_notice,
    record_newspaper_charge,
    record_publication,
    send_legal_notice,
)
from hearings.actions.mailing import (
    mark_receipt_returned,
    record_letters_printed,
    record_mailing,
    record_mailing_list,
)
from hearings.actions.meetings import record_meeting_posting, schedule_meeting
from hearings.actions.minutes import (
    approve_minutes,
    draft_minutes,
    edit_minutes,
    release_draft_minutes,
)
from hearings.actions.register_acceptance import docket_register_entries, register_approvals_needed
from hearings.actions.rescission import open_variance_rescission
from hearings.actions.revocation import open_revocation, record_holder_notice
from hearings.actions.votes import dispute_vote, settle_dispute
from hearings.actions.written_decisions import record_decision_mailing, record_decision_receipt

__all__ = [
    "RESULTS",
    "Ruling",
    "VarianceGranted",
    "appoint_board_member",
    "approve_minutes",
    "dispute_vote",
    "docket_register_entries",
    "draft_legal_notice",
    "draft_minutes",
    "edit_legal_notice",
    "edit_minutes",
    "end_board_term",
    "enter_executive_session",
    "keeps_its_notice",
    "record_executive_minutes",
    "release_executive_minutes",
    "mark_receipt_returned",
    "open_revocation",
    "open_variance_rescission",
    "record_attendance",
    "record_decision",
    "record_decision_mailing",
    "record_decision_receipt",
    "record_holder_notice",
    "record_mailing",
    "record_letters_printed",
    "record_mailing_list",
    "record_meeting_posting",
    "record_newspaper_charge",
    "record_publication",
    "register_approvals_needed",
    "release_draft_minutes",
    "request_board_approval",
    "schedule_hearing",
    "schedule_meeting",
    "send_legal_notice",
    "set_board_seats",
    "settle_dispute",
    "update_docket_item",
    "withdraw_docket_item",
]
