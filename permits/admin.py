from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from permits.models import (
    Applicant,
    Application,
    AuditRun,
    ClerkLetter,
    Document,
    FeeSchedule,
    Payment,
    Permit,
    PermitAnimal,
    PermitNumberCounter,
    ReceiptUndone,
    RenewalBatch,
    RenewalBatchEntry,
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


@admin.register(AuditRun)
class AuditRunAdmin(ReadOnlyAdmin):
    list_display = ("ran_at", "source", "ran_by", "judged_on", "permits_checked")
    list_filter = ("source",)
    search_fields = ("ran_by__username",)
    date_hierarchy = "ran_at"
    raw_id_fields = ("ran_by",)


@admin.register(ClerkLetter)
class ClerkLetterAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("subject", "application", "written_by", "written_at")
    search_fields = ("subject", "body", "application__applicant__name")
    date_hierarchy = "written_at"
    raw_id_fields = ("application", "written_by")


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


from permits.amendments import admin as amendments_admin  # noqa: E402, F401 - registers its model
from permits.online import admin as online_admin  # noqa: E402, F401 - registers its models
from permits.portal import admin as portal_admin  # noqa: E402, F401 - registers its models


# The clerk's corrections and the renewals made together: each made by its action, with its
# reason and history, so read-only here.
@admin.register(ReceiptUndone)
class ReceiptUndoneAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("application", "received_on", "returned_to", "corrected_by", "corrected_at")
    search_fields = ("application__applicant__name", "application__lot__street_address", "reason")
    raw_id_fields = ("application",)


class RenewalBatchEntryInline(ReadOnlyInline):
    model = RenewalBatchEntry
    fields = ("renews", "permit", "payment", "refusal")
    raw_id_fields = ("renews", "permit", "payment")


@admin.register(RenewalBatch)
class RenewalBatchAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("renewed_on", "run_by", "run_at")
    search_fields = ("run_by__username", "entries__renews__number")
    inlines = [RenewalBatchEntryInline]


@admin.register(RenewalBatchEntry)
class RenewalBatchEntryAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ("batch", "renews", "permit", "payment")
    search_fields = ("renews__number", "renews__application__applicant__name", "refusal")
    raw_id_fields = ("batch", "renews", "permit", "payment")
