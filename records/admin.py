from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from records.models import (
    ComplainantRelease,
    Destruction,
    Exemption,
    LegalHold,
    RecordSeries,
    RecordsRequest,
    Redaction,
    WrittenResponse,
)
from stoneham_boh.lib.admin import ReadOnlyAdmin


@admin.register(Exemption)
class ExemptionAdmin(SimpleHistoryAdmin):
    """The exemptions are the administrator's list, in counsel's wording."""

    list_display = ("citation", "name", "in_use")
    list_filter = ("in_use",)
    search_fields = ("citation", "name")


# The records of the office change through their pages' actions (checked, with history).
@admin.register(RecordsRequest)
class RecordsRequestAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("requester", "received_on", "responded_on")
    search_fields = ("requester", "description")


@admin.register(Redaction)
class RedactionAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("request", "target", "exemption", "withdrawn")
    search_fields = ("target",)


@admin.register(RecordSeries)
class RecordSeriesAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("name", "trigger", "period_years", "permanent")
    search_fields = ("name",)


@admin.register(LegalHold)
class LegalHoldAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("series", "record_id", "placed_on", "released_on")
    search_fields = ("reason",)


@admin.register(Destruction)
class DestructionAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("record_label", "series", "destroyed_on", "confirmed_by")
    search_fields = ("record_label",)


@admin.register(WrittenResponse)
class WrittenResponseAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("request", "signed_on", "signed_by")
    search_fields = ("request__requester", "letter")


@admin.register(ComplainantRelease)
class ComplainantReleaseAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("request", "complaint", "withdrawn")
    search_fields = ("reason",)
