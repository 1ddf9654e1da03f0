"""Admin shapes shared by the apps.

Workflow records (applications, permits, hearings, inspections, ...) change only through their
app's actions, which check the workflow and keep the history: the admin shows them, read-only.
Reference data an administrator maintains (fee schedules, lots, applicants, users) stays editable.
"""

from django.contrib import admin


class _NoChanges:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(_NoChanges, admin.ModelAdmin):
    """A workflow record: listed, searched and shown with its history; changed by actions only."""


class ReadOnlyInline(_NoChanges, admin.TabularInline):
    """A workflow record's parts, shown on its page."""

    extra = 0
