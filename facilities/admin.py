from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from facilities.models import (
    Abutter,
    AbutterList,
    AnimalKept,
    Lot,
    ParcelIdCorrection,
    Structure,
)
from facilities.parcels.models import AbutterDraft, DraftAbutter, Footprint, Parcel, ParcelImport
from facilities.siteplan.models import SitePlan
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


# The parcel layer changes only by `import_parcels` (which keeps each owner's history), drafts
# and plans only through the application's pages: the admin lists and searches them.
class DraftAbutterInline(ReadOnlyInline):
    model = DraftAbutter
    fields = ("reason", "map_par_id", "site_address", "owner_name")


@admin.register(Parcel)
class ParcelAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("loc_id", "map_par_id", "site_address", "owner_name", "poly_type")
    list_filter = ("poly_type", "fiscal_year")
    search_fields = ("loc_id", "map_par_id", "site_address", "owner_name", "owner_city")
    exclude = ("geometry_wkt",)


@admin.register(Footprint)
class FootprintAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "parcel")
    search_fields = ("source_id", "parcel__site_address", "parcel__loc_id")
    raw_id_fields = ("parcel",)
    exclude = ("geometry_wkt",)


@admin.register(ParcelImport)
class ParcelImportAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = (
        "source_name",
        "fiscal_year",
        "parcels_added",
        "parcels_updated",
        "owners_changed",
        "imported_at",
        "imported_by",
    )
    list_filter = ("fiscal_year",)
    search_fields = ("source_name",)


@admin.register(AbutterDraft)
class AbutterDraftAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("application", "fiscal_year", "reach_ft", "drafted_at")
    search_fields = ("application__applicant__name", "application__lot__street_address")
    raw_id_fields = ("application", "parcel")
    inlines = [DraftAbutterInline]


@admin.register(DraftAbutter)
class DraftAbutterAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("owner_name", "site_address", "reason", "draft")
    list_filter = ("reason",)
    search_fields = ("owner_name", "site_address", "map_par_id")
    raw_id_fields = ("draft", "parcel")


@admin.register(SitePlan)
class SitePlanAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("application", "updated_at")
    search_fields = ("application__applicant__name", "application__lot__street_address")
    raw_id_fields = ("application",)


@admin.register(ParcelIdCorrection)
class ParcelIdCorrectionAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    """A parcel id the clerk corrected, with the reason: made by its action, so read-only."""

    list_display = ("lot", "old_parcel_id", "new_parcel_id", "corrected_by", "corrected_at")
    search_fields = ("lot__street_address", "old_parcel_id", "new_parcel_id", "reason")
    raw_id_fields = ("lot",)
