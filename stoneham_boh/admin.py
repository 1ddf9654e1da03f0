from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from simple_history.admin import SimpleHistoryAdmin

from stoneham_boh import actions as account_actions
from stoneham_boh.accounts.security import address_of
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.models import User

admin.site.site_header = "Board of Health: administration"
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
