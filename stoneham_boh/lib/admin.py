"""Admin shapes shared by the apps."""

from django.contrib import admin


class ReadOnlyAdmin(admin.ModelAdmin):
    """Records that change only through their actions (their app's actions)."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
