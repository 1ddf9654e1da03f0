from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from facilities.models import Abutter, AbutterList, AnimalKept, Lot, Structure
from stoneham_boh.lib.admin import ReadOnlyAdmin, ReadOnlyInline


@admin.register(Lot)
class LotAdmin(SimpleHistoryAdmin):
    list_display = ("parcel_id", "street_address", "area_acres", "zoning_district", "flood_prone")
    list_filter = ("zoning_district", "flood_prone", "stagnant_water")
    search_fields = ("parcel_id", "street_address")


@admin.register(Structure)
class StructureAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("label", "kind", "application", "area_sqft", "distance_property_line_ft")
    list_filter = ("kind",)
    search_fields = ("label", "application__lot__street_address", "application__applicant__name")
    raw_id_fields = ("application",)


@admin.register(AnimalKept)
class AnimalKeptAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("species", "count", "mature_count", "application")
    list_filter = ("species", "wild")
    search_fields = ("application__applicant__name", "application__lot__street_address")
    raw_id_fields = ("application",)


class AbutterInline(ReadOnlyInline):
    model = Abutter
    extra = 0


@admin.register(AbutterList)
class AbutterListAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("application", "certified_on", "certified_by")
    list_filter = ("certified_on",)
    search_fields = ("application__applicant__name", "application__lot__street_address")
    raw_id_fields = ("application",)
    inlines = [AbutterInline]


@admin.register(Abutter)
class AbutterAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("owner_names", "mailing_street", "mailing_city", "parcel_id", "voided")
    list_filter = ("mailing_city", "voided")
    search_fields = ("owner_names", "mailing_street", "parcel_id")
    raw_id_fields = ("abutter_list",)
