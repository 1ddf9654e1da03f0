from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from permits.portal.models import (
    AccountLink,
    DetailsChange,
    Invitation,
    Notification,
    RenewalRequest,
)
from stoneham_boh.lib.admin import ReadOnlyAdmin


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("applicant", "email", "created_at", "expires_at", "accepted_at")
    list_filter = ("accepted_at", "superseded_at")
    search_fields = ("applicant__name", "email", "user__username")
    exclude = ("token_digest",)


@admin.register(RenewalRequest)
class RenewalRequestAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("permit", "submitted_at", "unchanged", "status")
    list_filter = ("status", "unchanged")
    search_fields = ("permit__number", "permit__holder__name", "changes")


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    list_display = ("kind", "recipient", "subject", "sent_at")
    list_filter = ("kind",)
    search_fields = ("recipient", "subject", "key")
    date_hierarchy = "sent_at"


@admin.register(AccountLink)
class AccountLinkAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("email", "applicant", "status", "created_at", "decided_by")
    list_filter = ("status",)
    search_fields = ("email", "name_given", "applicant__name")


@admin.register(DetailsChange)
class DetailsChangeAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("applicant", "status", "requested_at", "decided_by")
    list_filter = ("status",)
    search_fields = ("applicant__name",)
