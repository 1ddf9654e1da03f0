from django.contrib import admin
from django.db import models
from simple_history.admin import SimpleHistoryAdmin

from hearings.models import (
    AbutterNotice,
    BoardApproval,
    BoardMember,
    BoardSeats,
    Decision,
    DecisionCorrection,
    DocketItem,
    ExecutiveSession,
    LegalNotice,
    LegalNoticeProof,
    Meeting,
    MeetingAttendance,
    MeetingPosting,
    Minutes,
    MinutesRelease,
    NoticeCharge,
    RevocationProceeding,
    SetbackEnlargement,
    Variance,
    Vote,
    VoteSettlement,
)
from stoneham_boh.lib.admin import ReadOnlyAdmin, ReadOnlyInline


class DocketItemInline(ReadOnlyInline):
    model = DocketItem
    fk_name = "meeting"
    extra = 0
    raw_id_fields = ("application", "continued_from")


@admin.register(Meeting)
class MeetingAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("date", "time", "place", "cancelled")
    list_filter = ("cancelled",)
    date_hierarchy = "date"
    inlines = [DocketItemInline]


@admin.register(DocketItem)
class DocketItemAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("application", "meeting", "kind", "status")
    list_filter = ("kind", "status")
    search_fields = ("application__applicant__name", "application__lot__street_address")
    raw_id_fields = ("application", "meeting", "continued_from")


@admin.register(LegalNotice)
class LegalNoticeAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("meeting", "newspaper", "published_on")
    # Its two web addresses read as the staff's form reads them (OnlinePostingForm), and as
    # Django 6 will by default: an address typed without a scheme is https.
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}


@admin.register(LegalNoticeProof)
class LegalNoticeProofAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("legal_notice", "kind", "original_name", "voided")
    search_fields = ("original_name",)


@admin.register(AbutterNotice)
class AbutterNoticeAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("abutter", "docket_item", "article_number", "mailed_on", "receipt_returned_on")
    search_fields = ("article_number", "abutter__owner_names")
    raw_id_fields = ("docket_item", "abutter")


class VoteInline(ReadOnlyInline):
    model = Vote
    extra = 0


@admin.register(Decision)
class DecisionAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("docket_item", "result", "decided_on")
    list_filter = ("result",)
    raw_id_fields = ("docket_item", "recorded_by")
    inlines = [VoteInline]


@admin.register(Vote)
class VoteAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("decision", "member", "vote")
    list_filter = ("vote",)
    search_fields = ("member__username", "member__last_name")
    raw_id_fields = ("decision", "member")


@admin.register(Variance)
class VarianceAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("application", "rules", "granted", "granted_on", "expires_on")
    list_filter = ("granted",)
    search_fields = ("application__applicant__name", "application__lot__street_address")
    raw_id_fields = ("application", "decision")


# Terms begin and end on the Board members page (with history); approvals come only from a
# recorded vote, proceedings only from the clerk's and the Board's actions.
@admin.register(BoardMember)
class BoardMemberAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("name", "user", "chair", "appointed_on", "term_start", "term_end")
    search_fields = ("name", "user__username", "user__last_name")
    raw_id_fields = ("user",)


@admin.register(BoardSeats)
class BoardSeatsAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("seats", "effective_on", "authority")


@admin.register(MeetingAttendance)
class MeetingAttendanceAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("meeting", "member", "mode", "remote_reason")
    list_filter = ("mode",)
    search_fields = ("member__name",)
    raw_id_fields = ("meeting", "member")


@admin.register(BoardApproval)
class BoardApprovalAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("application", "subject", "granted_on", "vote_count")
    list_filter = ("subject",)
    search_fields = ("application__applicant__name", "application__lot__street_address")
    raw_id_fields = ("application", "decision")


@admin.register(RevocationProceeding)
class RevocationProceedingAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("permit", "opened_on", "holder_notified_on")
    search_fields = ("permit__number", "permit__application__applicant__name")
    raw_id_fields = ("permit", "docket_item", "findings", "orders")


@admin.register(MeetingPosting)
class MeetingPostingAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("meeting", "posted_at", "reason")
    search_fields = ("text", "reason")
    raw_id_fields = ("meeting",)


@admin.register(Minutes)
class MinutesAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("meeting", "drafted_on", "approved_on")
    search_fields = ("discussion", "approved_text")
    raw_id_fields = ("meeting", "approved_at")


@admin.register(MinutesRelease)
class MinutesReleaseAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("minutes", "requested_by", "requested_on", "released_on")
    search_fields = ("requested_by",)
    raw_id_fields = ("minutes",)


@admin.register(NoticeCharge)
class NoticeChargeAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("docket_item", "newspaper_charge")
    search_fields = ("docket_item__application__applicant__name",)
    raw_id_fields = ("docket_item",)


@admin.register(SetbackEnlargement)
class SetbackEnlargementAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("application", "rule", "minimum_ft")
    list_filter = ("rule",)
    raw_id_fields = ("application",)


@admin.register(DecisionCorrection)
class DecisionCorrectionAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    """A clerical error in a decision corrected, with the reason: never a new vote, made by
    its action, so read-only."""

    list_display = ("decision", "field", "corrected_by", "corrected_at")
    search_fields = ("decision__docket_item__application__applicant__name", "reason")
    raw_id_fields = ("decision",)


@admin.register(VoteSettlement)
class VoteSettlementAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("disputed", "meeting", "outcome")
    search_fields = ("reasons",)


@admin.register(ExecutiveSession)
class ExecutiveSessionAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("meeting", "purpose", "reconvenes", "released_on")
    search_fields = ("statement",)
