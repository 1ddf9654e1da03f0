"""The records office: public records requests (c.66 §10) and retention. Namespace records:."""

from django.urls import path

from records.views import public, requests, retention

app_name = "records"

urlpatterns = [
    path("requests/", requests.request_list, name="request-list"),
    path("requests/new/", requests.request_new, name="request-new"),
    path("requests/<int:pk>/", requests.request_detail, name="request-detail"),
    path("requests/<int:pk>/redact/", requests.request_redact, name="request-redact"),
    path(
        "requests/<int:pk>/redact-passage/",
        requests.request_redact_passage,
        name="request-redact-passage",
    ),
    path("requests/<int:pk>/respond/", requests.request_respond, name="request-respond"),
    path("requests/<int:pk>/package.pdf", requests.package_as_pdf, name="package-pdf"),
    path(
        "requests/<int:pk>/response/",
        requests.written_response_draft,
        name="written-response-draft",
    ),
    path(
        "requests/<int:pk>/response.pdf", requests.written_response_pdf, name="written-response-pdf"
    ),
    path(
        "requests/<int:pk>/response/sign/",
        requests.written_response_sign,
        name="written-response-sign",
    ),
    path("ask/", public.ask, name="ask"),
    path("ask/sent/", public.ask_sent, name="ask-sent"),
    path("requests/<int:pk>/package.zip", requests.package_as_zip, name="package-zip"),
    path("redactions/<int:pk>/withdraw/", requests.redaction_withdraw, name="redaction-withdraw"),
    path(
        "requests/<int:pk>/complainants/<int:complaint_pk>/release/",
        requests.complainant_release,
        name="complainant-release",
    ),
    path(
        "complainant-releases/<int:pk>/withhold/",
        requests.complainant_withhold_again,
        name="complainant-withhold-again",
    ),
    path("retention/", retention.schedule, name="retention"),
    path("retention/log/", retention.destruction_log, name="destruction-log"),
    path("retention/holds/<int:pk>/release/", retention.hold_release, name="hold-release"),
    path("retention/<str:kind>/", retention.series_detail, name="retention-series"),
    path("retention/<str:kind>/period/", retention.series_period, name="retention-period"),
    path("retention/<str:kind>/hold/", retention.hold_place, name="hold-place"),
    path(
        "retention/<str:kind>/<int:record_id>/destroy/",
        retention.record_destroy,
        name="record-destroy",
    ),
]
