from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from permits.amendments.models import Amendment
from stoneham_boh.lib.admin import ReadOnlyAdmin


@admin.register(Amendment)
class AmendmentAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    """Read only: the Board's amendments are recorded on their own page, with their checks."""

    list_display = ("rule", "figure", "value", "effective_on", "published_on", "voided_on")
    search_fields = ("rule", "figure", "citation")
