from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from inspections.models import (
    ChecklistFinding,
    Complaint,
    FieldReport,
    FieldReportPhoto,
    Inspection,
    Order,
    Photo,
)
from stoneham_boh.lib.admin import ReadOnlyAdmin, ReadOnlyInline


@admin.register(Complaint)
class ComplaintAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("received_on", "lot", "nature", "status", "complainant_name")
    list_filter = ("nature", "status")
    search_fields = ("complainant_name", "lot__street_address", "description")
    raw_id_fields = ("lot", "received_by")


class ChecklistFindingInline(ReadOnlyInline):
    model = ChecklistFinding
    extra = 0


@admin.register(Inspection)
class InspectionAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("scheduled_for", "lot", "kind", "status", "agent")
    list_filter = ("kind", "status")
    search_fields = ("lot__street_address", "lot__parcel_id")
    date_hierarchy = "scheduled_for"
    raw_id_fields = ("lot", "permit", "application", "complaint", "follows_order", "agent")
    inlines = [ChecklistFindingInline]


@admin.register(ChecklistFinding)
class ChecklistFindingAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("inspection", "citation", "result")
    list_filter = ("result",)
    search_fields = ("citation", "question", "note")
    raw_id_fields = ("inspection",)


@admin.register(Photo)
class PhotoAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("original_name", "finding", "taken_at")
    raw_id_fields = ("finding", "uploaded_by")


@admin.register(Order)
class OrderAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("lot", "citation", "deadline", "status")
    list_filter = ("status",)
    search_fields = ("lot__street_address", "requirement", "citation")
    raw_id_fields = ("inspection", "finding", "lot", "issued_by")


@admin.register(FieldReport)
class FieldReportAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("received_at", "inspection", "agent", "status")
    list_filter = ("status",)
    search_fields = ("inspection__lot__street_address", "refusal", "summary")
    raw_id_fields = ("inspection", "agent", "carried_into")


@admin.register(FieldReportPhoto)
class FieldReportPhotoAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("original_name", "report", "item_id")
    raw_id_fields = ("report",)
