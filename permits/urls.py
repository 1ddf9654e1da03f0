"""Every address of the permits app: the public pages at the site root, the staff desk under
``permits/``. One namespace, ``permits:``."""

from django.urls import include, path

from permits.online import review as online_review
from permits.online import views as online
from permits.portal import views as portal
from permits.precheck import views as precheck
from permits.register_import import views as register_import
from permits.register_import.unmatched import register_unmatched
from permits.regulations import views as regulations
from permits.verification import views as verification
from permits.views import (
    abutters,
    applicant,
    application,
    audit,
    construction,
    corrections,
    documents,
    intake,
    issue,
    letters,
    lists,
    payments,
    permit,
    register,
    renewal_season,
    renewals,
    site_plan,
    treasury,
    voiding,
)

app_name = "permits"

public_patterns: list = [
    path("verify/<str:token>/", verification.permit_verify, name="permit-verify"),
    path("verify-a-permit/", verification.verify_lookup, name="verify-lookup"),
    path("pre-check/", precheck.pre_check, name="pre-check"),
    path("regulations/", regulations.regulation_index, name="regulations"),
    path(
        "regulations/keeping-of-animals-2002.pdf",
        regulations.regulation_pdf,
        name="regulation-pdf",
    ),
    path("regulations/<slug:slug>/", regulations.regulation_detail, name="regulation-detail"),
    # The applicant's own pages.
    path("invitation/<str:token>/", portal.accept_invitation, name="accept-invitation"),
    path("my/", portal.my_applications, name="my-applications"),
    path("my/applications/<int:pk>/", portal.my_application, name="my-application"),
    path("my/permits/<int:pk>/pdf/", portal.my_permit_pdf, name="my-permit-pdf"),
    path("my/permits/<int:pk>/renewal/", portal.my_renewal, name="my-renewal"),
    # Applying online (permits.online).
    path("pre-check/apply/", online.apply_with_answers, name="apply-with-answers"),
    path("apply/", online.apply, name="apply"),
    path("my/apply/", online.apply_start, name="apply-start"),
    path("my/applications/<int:pk>/edit/", online.my_application_edit, name="my-application-edit"),
    path(
        "my/applications/<int:pk>/compliance/",
        online.my_application_compliance,
        name="my-application-compliance",
    ),
    path(
        "my/applications/<int:pk>/documents/",
        online.my_document_upload,
        name="my-document-upload",
    ),
    path(
        "my/applications/<int:pk>/supplements/",
        portal.my_supplement,
        name="my-supplement",
    ),
    path(
        "my/applications/<int:pk>/withdraw/",
        online.my_application_withdraw,
        name="my-application-withdraw",
    ),
]

staff_patterns: list = [
    path("", lists.permit_list, name="permit-list"),
    path("<int:pk>/", permit.permit_detail, name="permit-detail"),
    path("<int:pk>/history/", permit.permit_history_card, name="permit-history"),
    path("<int:pk>/pdf/", permit.permit_pdf, name="permit-pdf"),
    path("<int:pk>/void/", voiding.permit_void, name="permit-void"),
    path("<int:pk>/renew/", renewals.renewal_start, name="renewal-start"),
    path("renewals/", lists.renewal_list, name="renewal-list"),
    path("renewals/together/", renewal_season.renew_together, name="renewal-together"),
    path(
        "renewals/together/<int:pk>/",
        renewal_season.renewal_batch_detail,
        name="renewal-batch",
    ),
    path(
        "renewals/together/<int:pk>/permits.pdf",
        renewal_season.renewal_batch_pdf,
        name="renewal-batch-pdf",
    ),
    path("renewals/letters.pdf", renewal_season.renewal_letters, name="renewal-letters"),
    path("register/checked/", audit.register_checked, name="register-checked"),
    path("register/import/", register_import.register_import, name="register-import"),
    path("register/import/run/", register_import.register_import_run, name="register-import-run"),
    path("register/unmatched/", register_unmatched, name="register-unmatched"),
    path("applications/", lists.application_list, name="application-list"),
    path("applications/new/", intake.application_new, name="application-new"),
    path("applications/search/", intake.intake_search, name="intake-search"),
    path("applications/<int:pk>/", application.application_detail, name="application-detail"),
    path(
        "applications/<int:pk>/history/",
        application.application_history_card,
        name="application-history",
    ),
    path("applications/<int:pk>/edit/", intake.application_edit, name="application-edit"),
    path(
        "applications/<int:pk>/online-review/",
        online_review.online_review,
        name="online-review",
    ),
    path(
        "applications/<int:pk>/compliance/",
        intake.application_compliance,
        name="application-compliance",
    ),
    path("applications/<int:pk>/documents/", documents.document_upload, name="document-upload"),
    path("applications/<int:pk>/letters/new/", letters.letter_write, name="letter-write"),
    path(
        "applications/<int:pk>/letters/<int:letter_pk>.pdf",
        letters.letter_print,
        name="letter-print",
    ),
    path(
        "applications/<int:pk>/documents/paper/",
        documents.document_paper,
        name="document-paper",
    ),
    path("applications/<int:pk>/payments/", payments.payment_add, name="payment-add"),
    path("payments/", treasury.payments_of_the_day, name="payments-day"),
    path(
        "applications/<int:pk>/payments/<int:payment_pk>/correct/",
        payments.payment_correct,
        name="payment-correct",
    ),
    path("applications/<int:pk>/issue/", issue.application_issue, name="application-issue"),
    path(
        "applications/<int:pk>/unreceive/",
        corrections.application_unreceive,
        name="application-unreceive",
    ),
    path(
        "applications/<int:pk>/construction/inspector/",
        construction.building_inspector_approval,
        name="construction-inspector",
    ),
    path("applications/<int:pk>/legacy/", register.application_legacy, name="application-legacy"),
    # The certified abutter list and the site plan of an application (the parcels and the
    # drawing's geometry are facilities').
    path("applications/<int:pk>/abutters/", abutters.abutter_import, name="abutter-import"),
    path("applications/<int:pk>/abutters/add/", abutters.abutter_add, name="abutter-add"),
    path(
        "applications/<int:pk>/abutters/certify/", abutters.abutter_certify, name="abutter-certify"
    ),
    path("applications/<int:pk>/abutters/draft/", abutters.abutter_draft, name="abutter-draft"),
    path(
        "applications/<int:pk>/abutters/draft.csv",
        abutters.abutter_draft_download,
        {"fmt": "csv"},
        name="abutter-draft-csv",
    ),
    path(
        "applications/<int:pk>/abutters/draft.xlsx",
        abutters.abutter_draft_download,
        {"fmt": "xlsx"},
        name="abutter-draft-xlsx",
    ),
    path(
        "applications/<int:pk>/abutters/draft.pdf",
        abutters.abutter_draft_pdf,
        name="abutter-draft-pdf",
    ),
    path("abutters/<int:pk>/void/", abutters.abutter_void, name="abutter-void"),
    path("applications/<int:pk>/plan/", site_plan.site_plan, name="site-plan"),
    path(
        "applications/<int:pk>/plan/figure/",
        site_plan.site_plan_figure,
        name="site-plan-figure",
    ),
    path(
        "applications/<int:pk>/plan/measure/", site_plan.site_plan_measure, name="site-plan-measure"
    ),
    path("documents/<int:pk>/", documents.document_download, name="document-download"),
    path("documents/<int:pk>/void/", documents.document_void, name="document-void"),
    path("documents/<int:pk>/accept/", documents.document_accept, name="document-accept"),
    path("applicants/", lists.applicant_list, name="applicant-list"),
    path("applicants/<int:pk>/", applicant.applicant_detail, name="applicant-detail"),
    path("applicants/<int:pk>/invite/", portal.invite_applicant, name="invite-applicant"),
    path("account-links/<int:pk>/", portal.account_link_decide, name="account-link-decide"),
    path("details-changes/<int:pk>/", portal.details_change_decide, name="details-change-decide"),
]

urlpatterns = [*public_patterns, path("permits/", include(staff_patterns))]
