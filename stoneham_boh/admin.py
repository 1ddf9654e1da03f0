from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from simple_history.admin import SimpleHistoryAdmin

from stoneham_boh.models import Invitation, Notification, RenewalRequest, User

admin.site.site_header = "Stoneham Board of Health: administration"
admin.site.site_title = "Board of Health administration"


@admin.register(User)
class UserAdmin(BaseUserAdmin, SimpleHistoryAdmin):
    fieldsets = (*BaseUserAdmin.fieldsets, ("Board of Health", {"fields": ("title",)}))
    list_filter = ("groups", "is_superuser", "is_active")


class ReadOnlyAdmin(admin.ModelAdmin):
    """Records that change only through their actions (stoneham_boh.actions, notifications)."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


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
