from django.urls import path

from facilities.views import abutters, lots, site_plan

app_name = "facilities"

urlpatterns: list = [
    path("lots/", lots.lot_list, name="lot-list"),
    path("lots/<int:pk>/", lots.lot_detail, name="lot-detail"),
    path("lots/<int:pk>/unmapped/", lots.lot_unmapped_reason, name="lot-unmapped-reason"),
    path("applications/<int:pk>/abutters/", abutters.abutter_import, name="abutter-import"),
    path("applications/<int:pk>/abutters/add/", abutters.abutter_add, name="abutter-add"),
    path(
        "applications/<int:pk>/abutters/certify/", abutters.abutter_certify, name="abutter-certify"
    ),
    path("abutters/<int:pk>/void/", abutters.abutter_void, name="abutter-void"),
    path("applications/<int:pk>/plan/", site_plan.site_plan, name="site-plan"),
    path(
        "applications/<int:pk>/plan/measure/", site_plan.site_plan_measure, name="site-plan-measure"
    ),
    path("applications/<int:pk>/abutters/draft/", abutters.abutter_draft, name="abutter-draft"),
]
