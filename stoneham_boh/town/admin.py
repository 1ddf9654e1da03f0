from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from stoneham_boh.town.models import NewspaperHolidayIssue, TownClosure


@admin.register(NewspaperHolidayIssue)
class NewspaperHolidayIssueAdmin(SimpleHistoryAdmin):
    """Reference data: the paper's holiday schedule, as it announces it (the legal notice's
    issue is counted on it, hearings.clocks.newspaper_notice_deadline)."""

    list_display = ("usual_on", "prints_on", "note")
    search_fields = ("note",)


@admin.register(TownClosure)
class TownClosureAdmin(SimpleHistoryAdmin):
    """Reference data: the administrator adds the days the Town's offices close."""

    list_display = ("date", "reason")
    search_fields = ("reason",)
    date_hierarchy = "date"
