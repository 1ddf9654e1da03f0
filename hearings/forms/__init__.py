"""Forms of the hearings pages. They check single fields; the actions check the workflow.

Each noun has its own module, mirroring hearings/actions/ and hearings/views/: read a form there,
and import from it in new code (`from hearings.forms.minutes import MinutesForm`). This package
re-exports every name, so that `from hearings.forms import X` keeps working. What several forms
share (the time widget, the notice's date, the members in office) is in `_common.py`.
"""

from __future__ import annotations

from hearings.forms._common import (
    CONFIRM,
    CONFIRM_AFTER_DAYS,
    NOTICE_HELP,
    ApplicationChoiceField,
    MeetingChoiceField,
    NoticeDateForm,
    TimeInput,
    board_members,
    relief_field,
    upcoming_meetings,
)
from hearings.forms.approvals import ApprovalRequestForm
from hearings.forms.attendance import AttendanceForm
from hearings.forms.board_roll import AppointmentForm, BoardSeatsForm, EndTermForm
from hearings.forms.decision_corrections import DecisionCorrectionForm
from hearings.forms.decisions import ENLARGEABLE, DecisionForm
from hearings.forms.docket import DocketItemForm, ScheduleHearingForm
from hearings.forms.executive_sessions import (
    EnterExecutiveSessionForm,
    ExecutiveMinutesForm,
    ReleaseExecutiveMinutesForm,
)
from hearings.forms.legal_notice import (
    LegalNoticeForm,
    NewspaperChargeForm,
    PublicationForm,
    SentForm,
)
from hearings.forms.mailing import MailingForm, MailingListForm, ReceiptForm
from hearings.forms.meetings import MeetingForm, MeetingPostingForm
from hearings.forms.minutes import MinutesApprovalForm, MinutesForm, MinutesReleaseForm
from hearings.forms.notice_postings import NoticeProofForm, OnlinePostingForm
from hearings.forms.register_acceptance import RegisterAcceptanceForm, RegisterEntryChoiceField
from hearings.forms.rescission import RescissionForm
from hearings.forms.revocation import (
    FindingChoiceField,
    HolderNoticeForm,
    OrderChoiceField,
    RevocationForm,
)
from hearings.forms.votes import (
    VOTE_CHOICES,
    SettlementForm,
    VoteDisputeForm,
    add_roll_call,
    pop_roll_call,
)
from hearings.forms.written_decisions import DecisionMailingForm, DecisionReceiptForm

__all__ = [
    "ApplicationChoiceField",
    "AppointmentForm",
    "ApprovalRequestForm",
    "AttendanceForm",
    "BoardSeatsForm",
    "CONFIRM",
    "CONFIRM_AFTER_DAYS",
    "DecisionCorrectionForm",
    "DecisionForm",
    "DecisionMailingForm",
    "DecisionReceiptForm",
    "DocketItemForm",
    "ENLARGEABLE",
    "EndTermForm",
    "EnterExecutiveSessionForm",
    "ExecutiveMinutesForm",
    "FindingChoiceField",
    "HolderNoticeForm",
    "LegalNoticeForm",
    "MailingForm",
    "MailingListForm",
    "MeetingChoiceField",
    "MeetingForm",
    "MeetingPostingForm",
    "MinutesApprovalForm",
    "MinutesForm",
    "MinutesReleaseForm",
    "NOTICE_HELP",
    "NewspaperChargeForm",
    "NoticeDateForm",
    "NoticeProofForm",
    "OnlinePostingForm",
    "OrderChoiceField",
    "PublicationForm",
    "ReceiptForm",
    "RegisterAcceptanceForm",
    "RegisterEntryChoiceField",
    "ReleaseExecutiveMinutesForm",
    "RescissionForm",
    "RevocationForm",
    "ScheduleHearingForm",
    "SentForm",
    "SettlementForm",
    "TimeInput",
    "VOTE_CHOICES",
    "VoteDisputeForm",
    "add_roll_call",
    "board_members",
    "pop_roll_call",
    "relief_field",
    "upcoming_meetings",
]
