from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from simple_history.admin import SimpleHistoryAdmin

from stoneham_boh import actions as account_actions
from stoneham_boh.errors import ActionRefused
from stoneham_boh.models import Invitation, Notification, RenewalRequest, User
from stoneham_boh.security import address_of

admin.site.site_header = "Stoneham Board of Health: administration"
admin.site.site_title = "Board of Health administration"


@admin.register(User)
class UserAdmin(BaseUserAdmin, SimpleHistoryAdmin):
    fieldsets = (*BaseUserAdmin.fieldsets, ("Board of Health", {"fields": ("title",)}))
    list_filter = ("groups", "is_superuser", "is_active")
    actions = ["reset_two_factor"]

    @admin.action(description="Reset two-factor authentication (the next log-in sets it up again)")
    def reset_two_factor(self, request, queryset):
        done = 0
        for user in queryset:
            try:
                account_actions.reset_two_factor(
                    user=user, by=request.user, address=address_of(request)
                )
            except ActionRefused as refusal:
                self.message_user(request, str(refusal), messages.ERROR)
                return
            done += 1
        self.message_user(
            request,
            f"Two-factor authentication reset for {done} user{'s' if done != 1 else ''}: "
            "the app and recovery codes no longer work, and the next log-in sets it up again.",
            messages.SUCCESS,
        )


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
