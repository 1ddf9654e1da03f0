from django.urls import path

from facilities.views.moved import moved_to
from inspections.views import (
    census,
    complaints,
    documents,
    field_reports,
    inspections,
    lot_search,
    orders,
    phone,
)

app_name = "inspections"

urlpatterns = [
    path("", inspections.agenda, name="agenda"),
    path("all/", inspections.inspection_list, name="inspection-list"),
    path("new/", inspections.inspection_new, name="inspection-new"),
    path("<int:pk>/", inspections.inspection_detail, name="inspection-detail"),
    path("<int:pk>/history/", inspections.inspection_history_card, name="inspection-history"),
    path("<int:pk>/record/", inspections.inspection_record, name="inspection-record"),
    path("<int:pk>/cancel/", inspections.inspection_cancel, name="inspection-cancel"),
    path("<int:pk>/report.pdf", documents.inspection_report, name="inspection-report"),
    path("lots/<int:pk>/", inspections.lot_history, name="lot-history"),
    path("lots/<int:pk>/summary/", inspections.lot_summary, name="lot-summary"),
    path("lots/search/", lot_search.lot_search, name="lot-search"),
    # Merging two lots is the lot's business now (facilities): the old address redirects.
    path("lots/<int:pk>/merge/", moved_to("facilities:lot-merge"), name="moved-lot-merge"),
    path("photos/<int:pk>/", documents.photo, name="photo"),
    path("photos/<int:pk>/thumbnail.jpg", documents.photo_thumbnail, name="photo-thumbnail"),
    path("field-reports/<int:pk>/", field_reports.field_report_detail, name="field-report"),
    path(
        "field-reports/<int:pk>/carry/",
        field_reports.field_report_resolve,
        {"step": "carry"},
        name="field-report-carry",
    ),
    path(
        "field-reports/<int:pk>/keep/",
        field_reports.field_report_resolve,
        {"step": "keep"},
        name="field-report-keep",
    ),
    path(
        "field-reports/photos/<int:pk>/",
        field_reports.field_report_photo,
        name="field-report-photo",
    ),
    path(
        "field-reports/photos/<int:pk>/thumbnail.jpg",
        field_reports.field_report_photo_thumbnail,
        name="field-report-photo-thumbnail",
    ),
    path("complaints/", complaints.complaint_list, name="complaint-list"),
    path("complaints/new/", complaints.complaint_new, name="complaint-new"),
    path("complaints/<int:pk>/", complaints.complaint_detail, name="complaint-detail"),
    path("complaints/<int:pk>/inspect/", complaints.complaint_schedule, name="complaint-schedule"),
    path("complaints/<int:pk>/close/", complaints.complaint_close, name="complaint-close"),
    path("orders/", orders.order_dashboard, name="order-dashboard"),
    path("findings/<int:finding_pk>/order/", orders.order_new, name="order-new"),
    path("orders/<int:pk>/", orders.order_detail, name="order-detail"),
    path("orders/<int:pk>/letter.pdf", documents.order_letter, name="order-letter"),
    path("orders/<int:pk>/abate/", orders.order_step, {"step": "abate"}, name="order-abate"),
    path("orders/<int:pk>/extend/", orders.order_step, {"step": "extend"}, name="order-extend"),
    path(
        "orders/<int:pk>/unabated/", orders.order_step, {"step": "unabated"}, name="order-unabated"
    ),
    path(
        "orders/<int:pk>/withdraw/", orders.order_step, {"step": "withdraw"}, name="order-withdraw"
    ),
    path("census/", census.census, name="census"),
    path("census.csv", census.census_download, {"fmt": "csv"}, name="census-csv"),
    path("census.xlsx", census.census_download, {"fmt": "xlsx"}, name="census-xlsx"),
    path("service-worker.js", phone.service_worker, name="service-worker"),
    path("manifest.webmanifest", phone.manifest, name="manifest"),
]
