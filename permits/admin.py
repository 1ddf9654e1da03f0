from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from permits.models import (
    Applicant,
    Application,
    Document,
    FeeSchedule,
    Payment,
    Permit,
    PermitAnimal,
    PermitNumberCounter,
    SetbackEnlargement,
)
from stoneham_boh.lib.admin import ReadOnlyAdmin, ReadOnlyInline


@admin.register(Applicant)
class ApplicantAdmin(SimpleHistoryAdmin):
    list_display = ("name", "kind", "mailing_city", "phone", "email")
    list_filter = ("kind", "mailing_city")
    search_fields = ("name", "contact_person", "email", "mailing_street")
    raw_id_fields = ("user",)


@admin.register(Application)
class ApplicationAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("id", "applicant", "lot", "kind", "status", "received_on")
    list_filter = ("kind", "channel", "status", "construction", "manure_method")
    search_fields = ("applicant__name", "lot__street_address", "lot__parcel_id")
    date_hierarchy = "received_on"
    raw_id_fields = ("applicant", "lot", "renews", "created_by")


@admin.register(Document)
class DocumentAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("original_name", "kind", "application", "uploaded_at", "voided")
    list_filter = ("kind", "voided")
    search_fields = ("original_name", "application__applicant__name")
    raw_id_fields = ("application", "uploaded_by")


@admin.register(FeeSchedule)
class FeeScheduleAdmin(SimpleHistoryAdmin):
    list_display = ("name", "effective_from", "new_application_fee", "renewal_fee")


@admin.register(Payment)
class PaymentAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("application", "amount", "method", "received_on", "voided")
    list_filter = ("method", "voided")
    search_fields = ("reference", "application__applicant__name")
    raw_id_fields = ("application", "received_by")


class PermitAnimalInline(ReadOnlyInline):
    model = PermitAnimal
    extra = 0


@admin.register(Permit)
class PermitAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("number", "holder", "lot", "status", "issued_on", "expires_on")
    list_filter = ("status", "year", "grandfathered")
    search_fields = ("number", "holder__name", "lot__street_address", "lot__parcel_id")
    raw_id_fields = ("application", "holder", "lot", "issued_by")
    readonly_fields = ("verify_token",)
    inlines = [PermitAnimalInline]


@admin.register(PermitAnimal)
class PermitAnimalAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("permit", "species", "count", "mature_count")
    list_filter = ("species",)
    search_fields = ("permit__number", "permit__holder__name")
    raw_id_fields = ("permit",)


@admin.register(PermitNumberCounter)
class PermitNumberCounterAdmin(ReadOnlyAdmin):
    list_display = ("year", "last_sequence")


@admin.register(SetbackEnlargement)
class SetbackEnlargementAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("application", "rule", "minimum_ft")
    list_filter = ("rule",)
    raw_id_fields = ("application",)


from permits.online import admin as online_admin  # noqa: E402, F401 - registers its models
from permits.portal import admin as portal_admin  # noqa: E402, F401 - registers its models
