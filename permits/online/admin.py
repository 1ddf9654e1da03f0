from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from permits.online.models import InformationRequest
from stoneham_boh.lib.admin import ReadOnlyAdmin


@admin.register(InformationRequest)
class InformationRequestAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("application", "asked_at", "asked_by", "answered_at")
    list_filter = ("answered_at",)
    search_fields = ("application__applicant__name", "message")
