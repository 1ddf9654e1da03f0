from django.urls import path

from permits.views import application, intake, lists, permit

app_name = "permits"

urlpatterns: list = [
    path("", lists.permit_list, name="permit-list"),
    path("<int:pk>/", permit.permit_detail, name="permit-detail"),
    path("<int:pk>/pdf/", permit.permit_pdf, name="permit-pdf"),
    path("<int:pk>/void/", permit.permit_void, name="permit-void"),
    path("<int:pk>/renew/", permit.renewal_start, name="renewal-start"),
    path("renewals/", lists.renewal_list, name="renewal-list"),
    path("applications/", lists.application_list, name="application-list"),
    path("applications/new/", intake.application_new, name="application-new"),
    path("applications/search/", intake.intake_search, name="intake-search"),
    path("applications/<int:pk>/", application.application_detail, name="application-detail"),
    path("applications/<int:pk>/edit/", intake.application_edit, name="application-edit"),
    path(
        "applications/<int:pk>/compliance/",
        intake.application_compliance,
        name="application-compliance",
    ),
    path("applications/<int:pk>/documents/", application.document_upload, name="document-upload"),
    path("applications/<int:pk>/payments/", application.payment_add, name="payment-add"),
    path("applications/<int:pk>/issue/", application.application_issue, name="application-issue"),
    path("documents/<int:pk>/", application.document_download, name="document-download"),
    path("documents/<int:pk>/void/", application.document_void, name="document-void"),
    path("applicants/", lists.applicant_list, name="applicant-list"),
    path("applicants/<int:pk>/", application.applicant_detail, name="applicant-detail"),
]
